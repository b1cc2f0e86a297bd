//! End-to-end tests of the `nvfp4-gemv` CLI, run as a user would run it.
//!
//! The binary is `$NVFP4_CLI` when set (the GPU bundle sets it), otherwise it is built here
//! with `cargo build -p host --bin nvfp4-gemv` into `target/e2e` (a target directory of its
//! own: the `cargo test` that runs this holds the lock on the usual one).
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn cli() -> &'static Path {
    static CLI: OnceLock<PathBuf> = OnceLock::new();
    CLI.get_or_init(|| {
        if let Some(p) = std::env::var_os("NVFP4_CLI") {
            return PathBuf::from(p);
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is in the workspace");
        let target = root.join("target").join("e2e");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "-p", "host", "--bin", "nvfp4-gemv", "--target-dir"])
            .arg(&target)
            .current_dir(root)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the CLI failed");
        target.join("debug").join("nvfp4-gemv")
    })
}

fn run(args: &[&str]) -> Output {
    Command::new(cli()).args(args).output().expect("the CLI starts")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Whether this machine has a usable GPU, as the CLI itself judges it.
fn has_gpu() -> bool {
    run(&["info"]).status.success()
}

#[test]
fn help_lists_the_commands() {
    let o = run(&["--help"]);
    assert!(o.status.success());
    let t = text(&o);
    for word in ["bench", "check", "plot", "sanitize-cases", "--device"] {
        assert!(t.contains(word), "help mentions {word}: {t}");
    }
}

#[test]
fn bad_arguments_exit_64_with_a_message() {
    for args in [
        &["frobnicate"][..],
        &["check"],
        &["check", "1,2,3,4"],
        &["bench", "--replays"],
        &["plot", "x"],
        &["--build", "sm_80", "info"],
        &["--pdl-prefetch", "some", "info"],
        &["--pdl-trigger", "later", "info"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(64), "{args:?}: {}", text(&o));
        assert!(!text(&o).is_empty());
    }
}

#[test]
fn main_job_without_a_gpu_says_so_and_fails() {
    if has_gpu() {
        eprintln!("a GPU is present: the no-GPU path is not exercised here");
        return;
    }
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no NVIDIA driver") || text(&o).contains("no CUDA device"), "{}", text(&o));
}

#[test]
fn check_on_the_gpu_when_there_is_one() {
    if !has_gpu() {
        assert!(std::env::var("NVFP4_REQUIRE_GPU").as_deref() != Ok("1"), "NVFP4_REQUIRE_GPU=1 but no GPU");
        eprintln!("SKIPPED check_on_the_gpu_when_there_is_one: no GPU");
        return;
    }
    for dist in ["contest", "full"] {
        let o = run(&["check", "300,2048,2", "--dist", dist]);
        assert!(o.status.success(), "{}", text(&o));
        assert!(text(&o).contains("pass"), "{}", text(&o));
    }
    // The sm_100a arithmetic, emulated for sm_90a, where the device is an H100/H200.
    if text(&run(&["info"])).contains("compute capability 9.0") {
        let o = run(&["--build", "sm_90a-emulated-sm100", "check", "300,2048,2", "--dist", "full"]);
        assert!(o.status.success(), "{}", text(&o));
        assert!(
            text(&o).contains("PTX build sm_90a-emulated-sm100") && text(&o).contains("pass"),
            "{}",
            text(&o)
        );
    }
    // The bench path: the ceiling (2 GiB of rotating buffers), the read-only kernel at the
    // shape's bytes, the GEMV, the table.
    let o = run(&["bench", "--shapes", "1024,2048,1", "--replays", "3"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("pass") && text(&o).contains("% ceil"), "{}", text(&o));
}

#[test]
fn a_shape_the_kernel_cannot_run_is_refused_with_the_rule() {
    let o = run(&["check", "128,480,1"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("multiple of 64"), "{}", text(&o));
    let o = run(&["check", "0,256,1"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("at least 1"), "{}", text(&o));
}

#[test]
fn plot_draws_an_svg_from_a_bench_csv() {
    let dir = std::env::temp_dir().join(format!("nvfp4-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("bench.csv");
    std::fs::write(&csv, "device,kernel,m,k,l,pct_of_ceiling\nH200,nvfp4_gemv,7168,16384,1,55.1\n").unwrap();
    let svg = dir.join("chart.svg");
    let o = run(&["plot", csv.to_str().unwrap(), svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("<svg") && drawn.contains("(7168,16384,1)") && drawn.contains("55.1%"));
    let o = run(&["plot", dir.join("missing.csv").to_str().unwrap(), svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}
