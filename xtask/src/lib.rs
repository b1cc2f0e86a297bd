//! Build tasks of the workspace. The library part ([`ptx`]) is the one copy of the PTX
//! builder: `cargo xtask build-ptx` and `host`'s build script both call it.
pub mod ptx;
pub mod ptxas;
