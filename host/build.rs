//! Builds the PTX of `kernel/` for every target with the workspace's one PTX builder
//! (`xtask::ptx`, also behind `cargo xtask build-ptx`) and leaves it in `OUT_DIR`, where
//! `src/ptx.rs` embeds it. So `cargo test -p host` needs no earlier step.
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest.parent().expect("host lives in the workspace").to_path_buf();
    let mut opts = xtask::ptx::BuildOptions::for_workspace(&root);
    opts.out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    for t in xtask::ptx::ALL_TARGETS {
        if let Err(e) = xtask::ptx::build(t, &opts) {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
    for p in ["kernel/src", "kernel/Cargo.toml", "Cargo.toml", "rust-toolchain.toml", "xtask/src/ptx.rs"] {
        println!("cargo:rerun-if-changed={}", root.join(p).display());
    }
}
