//! Builds the `kernel` crate into one self-contained PTX file per GPU target.
//!
//! How: `cargo rustc -p kernel --target nvptx64-nvidia-cuda -Zbuild-std=core --crate-type cdylib
//! --profile ptx -- -C target-cpu=<sm> -C target-feature=+<ptxNN> --emit=asm -C linker=true`.
//!
//! * rust-std for nvptx64 is not shipped, so `core` is compiled from `rust-src`
//!   (`-Zbuild-std=core`).
//! * The `ptx` profile (workspace `Cargo.toml`) uses fat LTO and `panic = "abort"`, so the
//!   one module rustc writes with `--emit=asm` is the post-LTO module: the kernels with
//!   everything they use from `core` inlined or defined in it.
//! * rustc's own linker for this target (`llvm-bitcode-linker`) is not installable here;
//!   `-C linker=true` makes the final link step a no-op, and the PTX is taken from
//!   `deps/kernel.s`.
//! * The result is checked: it must declare the requested `.target`, contain no
//!   `.extern .func` (an unresolved call would fail at module load time, on the user's GPU)
//!   and no call into `core::panicking`.
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A GPU target the kernel is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The build's name, which names its PTX file: `sm_90a`, `sm_100a`,
    /// `sm_90a-emulated-sm100`.
    pub name: &'static str,
    /// The GPU architecture it is compiled for (`-C target-cpu`): `sm_90a`, `sm_100a`.
    pub sm: &'static str,
    /// The PTX ISA feature passed to LLVM (`ptx80` = PTX ISA 8.0).
    pub ptx_feature: &'static str,
    /// Compute capability this build is loaded for.
    pub compute_capability: (u32, u32),
    /// A `--cfg` passed to rustc, if any.
    pub cfg: Option<&'static str>,
    /// A build for tests only, never loaded for speed: `build-ptx` reports its stack frames
    /// and spills instead of failing on them.
    pub test_only: bool,
}

/// sm_90a (H100, H200): PTX ISA 8.4 (TMA and mbarrier tx counts need 8.0, `mma` on e4m3 8.4).
pub const SM90A: Target = Target {
    name: "sm_90a",
    sm: "sm_90a",
    ptx_feature: "ptx84",
    compute_capability: (9, 0),
    cfg: None,
    test_only: false,
};
/// sm_100a (B200): PTX ISA 8.6 (`cvt.rn.f16x2.e2m1x2`).
pub const SM100A: Target = Target {
    name: "sm_100a",
    sm: "sm_100a",
    ptx_feature: "ptx86",
    compute_capability: (10, 0),
    cfg: None,
    test_only: false,
};
/// A test build: the sm_100a arithmetic and tile for sm_90a, with `cvt.rn.f16x2.e2m1x2` done
/// in software (`--cfg nvfp4_emulate_e2m1_cvt`), so that an H100/H200 runs every line of the
/// B200 build but that one instruction. `host` loads it only when asked
/// (`host::ptx::SM90A_EMULATED_SM100`, the CLI's `--build`).
pub const SM90A_EMULATED_SM100: Target = Target {
    name: "sm_90a-emulated-sm100",
    sm: "sm_90a",
    ptx_feature: "ptx84",
    compute_capability: (9, 0),
    cfg: Some("nvfp4_emulate_e2m1_cvt"),
    test_only: true,
};
/// The builds for the GPUs the project supports.
pub const TARGETS: [Target; 2] = [SM90A, SM100A];
/// Every build, in the order `cargo xtask build-ptx` and `host`'s build script make them.
pub const ALL_TARGETS: [Target; 3] = [SM90A, SM100A, SM90A_EMULATED_SM100];

impl Target {
    /// Looks a build up by its name.
    pub fn by_name(name: &str) -> Option<Target> {
        ALL_TARGETS.into_iter().find(|t| t.name == name)
    }
    /// File name of this build's PTX: `nvfp4_gemv.<name>.ptx`.
    pub fn ptx_file_name(&self) -> String {
        format!("nvfp4_gemv.{}.ptx", self.name)
    }
}

/// What went wrong while building PTX.
#[derive(Debug)]
pub enum BuildError {
    /// `cargo` could not be started.
    Spawn(std::io::Error),
    /// `cargo rustc` failed; its stderr follows.
    Cargo { target: &'static str, stderr: String },
    /// The expected `.s` file is missing.
    NoOutput(PathBuf),
    /// The PTX failed a self-containment check.
    Check { target: &'static str, problem: String },
    /// Copying the result failed.
    Io(PathBuf, std::io::Error),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Spawn(e) => write!(f, "could not run cargo: {e}"),
            BuildError::Cargo { target, stderr } => {
                write!(f, "building the kernel for {target} failed:\n{stderr}")
            }
            BuildError::NoOutput(p) => write!(f, "rustc wrote no PTX at {}", p.display()),
            BuildError::Check { target, problem } => write!(f, "PTX for {target}: {problem}"),
            BuildError::Io(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for BuildError {}

/// Where to build and what to print.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The workspace root (holds `Cargo.toml` and `kernel/`).
    pub workspace: PathBuf,
    /// Cargo target directory for the nvptx64 builds (one subdirectory per target).
    pub build_dir: PathBuf,
    /// Where `nvfp4_gemv.<sm>.ptx` files are written.
    pub out_dir: PathBuf,
    /// Pass cargo's own output through.
    pub verbose: bool,
}

impl BuildOptions {
    /// The defaults for a workspace root: builds under `target/ptx-build`, PTX to `target/ptx`.
    pub fn for_workspace(workspace: &Path) -> Self {
        BuildOptions {
            workspace: workspace.to_path_buf(),
            build_dir: workspace.join("target").join("ptx-build"),
            out_dir: workspace.join("target").join("ptx"),
            verbose: false,
        }
    }
}

/// Environment variables a parent cargo (or build script) sets that must not leak into the
/// nested nvptx64 build.
const SCRUB_ENV: &[&str] = &[
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "CARGO_BUILD_TARGET",
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "CARGO_MAKEFLAGS",
    "MAKEFLAGS",
    "MFLAGS",
    "CARGO_PRIMARY_PACKAGE",
    "CARGO_PROFILE_RELEASE_LTO",
    "__CARGO_FIX_PLZ",
    "CLIPPY_ARGS",
    "CARGO_CFG_TARGET_FEATURE",
];

/// Builds the kernel for one target and writes `out_dir/nvfp4_gemv.<sm>.ptx`; returns its path.
pub fn build(target: Target, opts: &BuildOptions) -> Result<PathBuf, BuildError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target_dir = opts.build_dir.join(target.name);
    let mut cmd = Command::new(cargo);
    for v in SCRUB_ENV {
        cmd.env_remove(v);
    }
    cmd.current_dir(&opts.workspace)
        .args(["rustc", "-p", "kernel", "--lib", "--profile", "ptx"])
        .args(["--target", "nvptx64-nvidia-cuda", "-Zbuild-std=core", "--crate-type", "cdylib"])
        .arg("--manifest-path")
        .arg(opts.workspace.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir)
        .args(["--", "-C"])
        .arg(format!("target-cpu={}", target.sm))
        .arg("-C")
        .arg(format!("target-feature=+{}", target.ptx_feature))
        .args(["--emit=asm", "-C", "linker=true", "-A", "unused-features"]);
    if let Some(cfg) = target.cfg {
        cmd.args(["--cfg", cfg]);
    }
    if !opts.verbose {
        cmd.arg("--cap-lints=warn").env("CARGO_TERM_QUIET", "true");
    }
    let out = cmd.output().map_err(BuildError::Spawn)?;
    if opts.verbose {
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
    }
    if !out.status.success() {
        return Err(BuildError::Cargo {
            target: target.name,
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        });
    }
    let asm = target_dir.join("nvptx64-nvidia-cuda").join("ptx").join("deps").join("kernel.s");
    let text = std::fs::read_to_string(&asm).map_err(|_| BuildError::NoOutput(asm.clone()))?;
    check_self_contained(&text, target)?;
    let text = apply_launch_bounds(&text, &kernel::layout::LAUNCH_BOUNDS)
        .map_err(|problem| BuildError::Check { target: target.name, problem })?;
    std::fs::create_dir_all(&opts.out_dir).map_err(|e| BuildError::Io(opts.out_dir.clone(), e))?;
    let dst = opts.out_dir.join(target.ptx_file_name());
    std::fs::write(&dst, text).map_err(|e| BuildError::Io(dst.clone(), e))?;
    Ok(dst)
}

/// Writes each entry's launch bounds ([`kernel::layout::LaunchBounds`]) between its parameter
/// list and its body: `.maxntid threads, 1, 1` and `.minnctapersm blocks`, what `nvcc` emits for
/// `__launch_bounds__`. An entry that is missing, or already has bounds, is an error.
pub fn apply_launch_bounds(ptx: &str, bounds: &[kernel::layout::LaunchBounds]) -> Result<String, String> {
    let mut lines: Vec<String> = ptx.lines().map(str::to_owned).collect();
    for b in bounds {
        let head = format!(".entry {}(", b.entry);
        let start = lines
            .iter()
            .position(|l| l.contains(&head))
            .ok_or_else(|| format!("launch bounds for `{}`: no such entry point", b.entry))?;
        let close = (start..lines.len())
            .find(|&i| lines[i].trim() == ")")
            .ok_or_else(|| format!("launch bounds for `{}`: its parameter list does not end", b.entry))?;
        if lines.get(close + 1).is_some_and(|l| l.trim_start().starts_with(".maxntid")) {
            return Err(format!("`{}` already has launch bounds", b.entry));
        }
        lines.insert(close + 1, format!(".maxntid {}, 1, 1", b.threads));
        lines.insert(close + 2, format!(".minnctapersm {}", b.min_blocks_per_sm));
    }
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
}

/// The checks every PTX file passes: the right `.target`, no unresolved functions, no call
/// into `core::panicking` (a kernel that can panic stops its block with `trap`: every such
/// path, e.g. a division by a launch dimension, is written out of the kernels), and the FP4
/// decode the target is meant to use.
pub fn check_self_contained(ptx: &str, target: Target) -> Result<(), BuildError> {
    let fail = |problem: String| Err(BuildError::Check { target: target.name, problem });
    if !ptx.lines().any(|l| l.trim() == format!(".target {}", target.sm)) {
        return fail(format!("no `.target {}` line", target.sm));
    }
    if let Some(l) = ptx.lines().find(|l| l.contains(".extern .func")) {
        return fail(format!("unresolved external function: `{}`", l.trim()));
    }
    if let Some(l) = ptx.lines().find(|l| l.contains("call") && l.contains("panicking")) {
        return fail(format!("a panic path survived optimisation: `{}`", l.trim()));
    }
    let has_cvt = ptx.contains("cvt.rn.f16x2.e2m1x2");
    match (target.sm, has_cvt) {
        ("sm_100a", false) => fail("the sm_100a GEMV must use cvt.rn.f16x2.e2m1x2".into()),
        ("sm_90a", true) => fail("sm_90a has no cvt.rn.f16x2.e2m1x2".into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn launch_bounds_sit_between_parameters_and_body() {
        use kernel::layout::LaunchBounds;
        let ptx = ".visible .entry a(\n\t.param .u64 a_0\n)\n{\n\tret;\n}\n\
                   .visible .entry b(\n\t.param .u64 b_0\n)\n{\n\tret;\n}\n";
        let b = LaunchBounds { entry: "b", threads: 160, min_blocks_per_sm: 8 };
        let out = apply_launch_bounds(ptx, &[b]).unwrap();
        assert!(out.contains(".param .u64 b_0\n)\n.maxntid 160, 1, 1\n.minnctapersm 8\n{"), "{out}");
        assert_eq!(out.matches(".maxntid").count(), 1, "entry `a` untouched");
        assert!(apply_launch_bounds(&out, &[b]).unwrap_err().contains("already"));
        let missing = LaunchBounds { entry: "c", ..b };
        assert!(apply_launch_bounds(ptx, &[missing]).unwrap_err().contains("no such entry"));
        // `bb` is not `b`.
        let only_bb = ".visible .entry bb(\n)\n{\n}\n";
        assert!(apply_launch_bounds(only_bb, &[b]).is_err());
    }

    #[test]
    fn checks_reject_extern_and_wrong_target() {
        let ok = ".version 8.0\n.target sm_90a\n.visible .entry k() { ret; }";
        assert!(check_self_contained(ok, SM90A).is_ok());
        assert!(check_self_contained(ok, SM100A).is_err());
        let ext = format!("{ok}\n.extern .func foo();");
        assert!(check_self_contained(&ext, SM90A).is_err());
        let panics = format!(
            "{ok}\n\tcall.uni _RNvNtNtCs_4core9panicking11panic_const23panic_const_div_by_zero, (param0);"
        );
        assert!(check_self_contained(&panics, SM90A).is_err());
        let cvt = ".target sm_100a\n cvt.rn.f16x2.e2m1x2 %r1, b0;";
        assert!(check_self_contained(cvt, SM100A).is_ok());
        assert!(check_self_contained(".target sm_100a\n", SM100A).is_err());
    }

    #[test]
    fn targets_by_name() {
        assert_eq!(Target::by_name("sm_100a"), Some(SM100A));
        assert_eq!(Target::by_name("sm_90a-emulated-sm100"), Some(SM90A_EMULATED_SM100));
        assert_eq!(Target::by_name("sm_80"), None);
        assert_eq!(SM90A.ptx_file_name(), "nvfp4_gemv.sm_90a.ptx");
        assert_eq!(SM90A_EMULATED_SM100.ptx_file_name(), "nvfp4_gemv.sm_90a-emulated-sm100.ptx");
        // The emulated build is an sm_90a build: no `cvt…e2m1x2` in it.
        let cvt = ".target sm_90a\n cvt.rn.f16x2.e2m1x2 %r1, b0;";
        assert!(check_self_contained(cvt, SM90A_EMULATED_SM100).is_err());
        assert!(check_self_contained(".target sm_90a\n", SM90A_EMULATED_SM100).is_ok());
    }
}
