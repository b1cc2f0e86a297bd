//! `cargo xtask <task>`: build tasks of the NVFP4 GEMV workspace.
//!
//! ```text
//! cargo xtask build-ptx [--target sm_90a|sm_100a|sm_90a-emulated-sm100] [--out-dir DIR] [--allow-local-memory] [--verbose]
//! cargo xtask bundle [--out DIR]
//! ```
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use xtask::ptx::{self, ALL_TARGETS, BuildOptions, Target};
use xtask::ptxas;

const USAGE: &str = "usage:
  cargo xtask build-ptx [--target sm_90a|sm_100a|sm_90a-emulated-sm100] [--out-dir DIR] [--allow-local-memory] [--verbose]
      Builds kernel/ into one self-contained PTX per target (default: all three, into
      target/ptx/; sm_90a-emulated-sm100 is a test build: the sm_100a arithmetic for sm_90a,
      `cvt.rn.f16x2.e2m1x2` done in software, so that an H100/H200 can run it; its stack
      frames, if any, are reported, not an error),
      then, where ptxas is found, assembles each and prints registers, shared memory, stack
      and spills per kernel. Fails on a build error, a ptxas error, or (unless
      --allow-local-memory) any stack frame or spill.
  cargo xtask bundle [--out DIR]
      Builds the release CLI, the test binaries and the benchmark binary, and copies them with
      a run script into DIR (default target/bundle), for a GPU machine without Rust:
      `DIR/run.sh [test|cli|bench|sanitize|all]`.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build-ptx") => build_ptx(&args[1..]),
        Some("bundle") => bundle(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown or missing task\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

/// Takes the value following `flag`.
fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    *i += 1;
    args.get(*i).map(String::as_str).ok_or_else(|| format!("{flag} needs a value"))
}

fn build_ptx(args: &[String]) -> Result<(), String> {
    let mut opts = BuildOptions::for_workspace(&workspace_root());
    let mut targets: Vec<Target> = ALL_TARGETS.to_vec();
    let mut allow_local = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--target" => {
                let name = value(args, &mut i, "--target")?;
                let t = Target::by_name(name).ok_or_else(|| {
                    format!("unknown target {name}; supported: {}", ALL_TARGETS.map(|t| t.name).join(", "))
                })?;
                targets = vec![t];
            }
            "--out-dir" => opts.out_dir = PathBuf::from(value(args, &mut i, "--out-dir")?),
            "--verbose" | "-v" => opts.verbose = true,
            "--allow-local-memory" => allow_local = true,
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
        i += 1;
    }
    let ptxas = ptxas::find();
    let mut local_memory = Vec::new();
    for t in &targets {
        eprintln!("building kernel for {} (PTX ISA feature {})", t.name, t.ptx_feature);
        let path = ptx::build(*t, &opts).map_err(|e| e.to_string())?;
        println!("{}: {}", t.name, path.display());
        let Some(ptxas) = &ptxas else { continue };
        let cubin = path.with_extension("cubin");
        let reports = ptxas::assemble(ptxas, &path, t.sm, &cubin).map_err(|e| e.to_string())?;
        println!("  ptxas ({}) -> {}", ptxas.display(), cubin.display());
        println!("  {}", ptxas::REPORT_HEADER);
        for r in &reports {
            println!("  {r}");
            if r.uses_local_memory() && !t.test_only {
                local_memory.push(format!("{} on {}", r.name, r.arch));
            }
        }
    }
    if ptxas.is_none() {
        println!(
            "ptxas not found (set PTXAS, put it on PATH, or `pip install nvidia-cuda-nvcc`): \
             PTX built but not assembled"
        );
    }
    if !local_memory.is_empty() && !allow_local {
        return Err(format!("stack frame or spills in: {}", local_memory.join(", ")));
    }
    Ok(())
}

/// Runs cargo with `args` plus `--message-format=json` and returns the executables it built.
fn cargo_executables(root: &Path, args: &[&str]) -> Result<Vec<PathBuf>, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root)
        .args(args)
        .arg("--message-format=json-render-diagnostics")
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo {} failed", args.join(" ")));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut exes = Vec::new();
    for line in text.lines() {
        // With `test`, keep only test harnesses (cargo also lists the bin targets it built):
        // artifacts whose `"profile"` object says `"test":true`.
        let profile = line.split("\"profile\":{").nth(1).and_then(|p| p.split('}').next()).unwrap_or("");
        if args.contains(&"test") && !profile.contains("\"test\":true") {
            continue;
        }
        // With `bench`, keep only the bench targets.
        if args.contains(&"bench") && !line.contains("\"kind\":[\"bench\"]") {
            continue;
        }
        if let Some(rest) = line.split("\"executable\":\"").nth(1)
            && let Some(path) = rest.split('"').next()
        {
            exes.push(PathBuf::from(path));
        }
    }
    Ok(exes)
}

const RUN_SH: &str = r#"#!/usr/bin/env bash
# Runs the bundled GPU tests, CLI and benchmarks on a machine with an NVIDIA driver and no Rust.
#   ./run.sh test      all test binaries, GPU required (NVFP4_REQUIRE_GPU=1)
#   ./run.sh cli       the CLI's main job (benchmark shapes, checked against the CPU reference)
#   ./run.sh bench     the CLI's bench subcommand (CSV and JSON written to $OUT or ./results)
#   ./run.sh sanitize  compute-sanitizer memcheck, racecheck, synccheck, initcheck on the CLI's
#                      sanitize-cases, with plain launches and with --pdl
#   ./run.sh criterion the criterion benchmark (what `cargo bench -p host` runs)
#   ./run.sh all       test, then cli, then bench
set -u
here="$(cd "$(dirname "$0")" && pwd)"
export NVFP4_REQUIRE_GPU=1
export NVFP4_CLI="$here/bin/nvfp4-gemv"
results="${OUT:-$here/results}"
mkdir -p "$results"
status=0
run_tests() {
  for t in "$here"/tests/*; do
    echo "=== $(basename "$t")"
    timeout "${NVFP4_TEST_TIMEOUT:-300}" "$t" --test-threads=1 "$@" || { echo "FAILED (or timed out): $(basename "$t")"; status=1; }
  done
}
case "${1:-all}" in
  test) shift; run_tests "$@" ;;
  cli) shift; "$NVFP4_CLI" "$@" || status=1 ;;
  bench) shift; "$NVFP4_CLI" bench --csv "$results/bench.csv" --json "$results/bench.json" "$@" || status=1 ;;
  sanitize)
    shift
    for launch in plain pdl; do
      flag=""; if [ "$launch" = pdl ]; then flag="--pdl"; fi
      for tool in memcheck racecheck synccheck initcheck; do
        echo "=== compute-sanitizer --tool $tool ($launch launches)"
        timeout "${NVFP4_TEST_TIMEOUT:-300}" compute-sanitizer --tool "$tool" --error-exitcode 3 "$NVFP4_CLI" $flag sanitize-cases "$@" || { echo "FAILED: $tool ($launch launches)"; status=1; }
      done
    done ;;
  criterion) shift; for b in "$here"/benches/*; do "$b" --bench "$@" || status=1; done ;;
  all) run_tests; "$NVFP4_CLI" || status=1
       "$NVFP4_CLI" bench --csv "$results/bench.csv" --json "$results/bench.json" || status=1 ;;
  *) echo "unknown mode $1"; exit 2 ;;
esac
exit $status
"#;

fn bundle(args: &[String]) -> Result<(), String> {
    let root = workspace_root();
    let mut out = root.join("target").join("bundle");
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--out" => out = PathBuf::from(value(args, &mut i, "--out")?),
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
        i += 1;
    }
    let bins = cargo_executables(&root, &["build", "--release", "-p", "host", "--bins"])?;
    let tests =
        cargo_executables(&root, &["test", "--release", "--workspace", "--exclude", "xtask", "--no-run"])?;
    let benches = cargo_executables(&root, &["bench", "-p", "host", "--no-run"])?;
    let _ = std::fs::remove_dir_all(&out);
    for d in ["bin", "tests", "benches"] {
        std::fs::create_dir_all(out.join(d)).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let copy = |src: &Path, dir: &str, name: &str| -> Result<(), String> {
        let dst = out.join(dir).join(name);
        std::fs::copy(src, &dst)
            .map(|_| ())
            .map_err(|e| format!("copy {} -> {}: {e}", src.display(), dst.display()))
    };
    for b in &bins {
        let name = b.file_name().and_then(|n| n.to_str()).unwrap_or("bin");
        copy(b, "bin", name)?;
    }
    for t in &tests {
        let name = t.file_name().and_then(|n| n.to_str()).unwrap_or("test");
        // Drop cargo's hash suffix: host-0123abcd -> host
        let short = name.rsplit_once('-').map_or(name, |(a, _)| a);
        copy(t, "tests", short)?;
    }
    for b in &benches {
        let name = b.file_name().and_then(|n| n.to_str()).unwrap_or("bench");
        copy(b, "benches", name.rsplit_once('-').map_or(name, |(a, _)| a))?;
    }
    let script = out.join("run.sh");
    std::fs::write(&script, RUN_SH).map_err(|e| format!("{}: {e}", script.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| e.to_string())?;
    }
    println!(
        "bundle written to {} ({} binaries, {} test binaries, {} benches)",
        out.display(),
        bins.len(),
        tests.len(),
        benches.len()
    );
    Ok(())
}
