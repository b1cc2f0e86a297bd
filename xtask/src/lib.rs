//! Build tasks of the workspace. The library part ([`ptx`]) is the one copy of the PTX
//! builder: `cargo xtask build-ptx` and `host`'s build script both call it.
pub mod ptx;
pub mod ptxas;

use std::path::{Path, PathBuf};

/// The workspace's root: the folder above `xtask/`.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}
