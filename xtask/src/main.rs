//! `cargo xtask <task>`: build tasks of the NVFP4 GEMV workspace.
//!
//! ```text
//! cargo xtask build-ptx [--target sm_90a|sm_100a|sm_90a-emulated-sm100] [--out-dir DIR] [--allow-local-memory] [--verbose]
//! cargo xtask bundle [--out DIR]
//! ```
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use xtask::ptx::{self, ALL_TARGETS, BuildOptions, Target};
use xtask::{ptxas, workspace_root};

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
#                      sanitize-cases, with plain launches and with --pdl; a subset with
#                      NVFP4_SANITIZE_TOOLS="memcheck racecheck" and NVFP4_SANITIZE_LAUNCHES=pdl
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
    all_tools="memcheck racecheck synccheck initcheck"; all_launches="plain pdl"
    tools="${NVFP4_SANITIZE_TOOLS:-$all_tools}"; launches="${NVFP4_SANITIZE_LAUNCHES:-$all_launches}"
    for tool in $tools; do case " $all_tools " in *" $tool "*) ;;
      *) echo "unknown compute-sanitizer tool '$tool' in NVFP4_SANITIZE_TOOLS ($all_tools)"; exit 2 ;; esac; done
    for launch in $launches; do case " $all_launches " in *" $launch "*) ;;
      *) echo "unknown launch '$launch' in NVFP4_SANITIZE_LAUNCHES ($all_launches)"; exit 2 ;; esac; done
    for launch in $launches; do
      flag=""; if [ "$launch" = pdl ]; then flag="--pdl"; fi
      for tool in $tools; do
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

/// Writes `text` to `path` and, on Unix, makes it executable (mode 755).
fn write_script(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

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
    write_script(&out.join("run.sh"), RUN_SH)?;
    println!(
        "bundle written to {} ({} binaries, {} test binaries, {} benches)",
        out.display(),
        bins.len(),
        tests.len(),
        benches.len()
    );
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::{RUN_SH, write_script};
    use std::path::Path;
    use std::process::Command;

    fn script(path: &Path, text: &str) {
        write_script(path, text).unwrap();
    }

    /// Runs the bundle's `run.sh sanitize` with a stand-in `compute-sanitizer` and CLI that
    /// only print their arguments; returns (exit code, stdout).
    fn run_sanitize(tag: &str, env: &[(&str, &str)]) -> (i32, String) {
        let dir = std::env::temp_dir().join(format!("xtask-run-sh-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        std::fs::create_dir_all(dir.join("path")).unwrap();
        script(&dir.join("run.sh"), RUN_SH);
        script(&dir.join("bin/nvfp4-gemv"), "#!/bin/sh\necho \"cli $*\"\n");
        script(
            &dir.join("path/compute-sanitizer"),
            "#!/bin/sh\necho \"sanitizer $2\"; shift 4; exec \"$@\"\n",
        );
        let path = format!("{}:{}", dir.join("path").display(), std::env::var("PATH").unwrap_or_default());
        let mut cmd = Command::new("bash");
        cmd.arg(dir.join("run.sh")).args(["sanitize", "--seed", "7"]).env("PATH", path);
        cmd.env("OUT", dir.join("out"));
        cmd.env_remove("NVFP4_SANITIZE_TOOLS").env_remove("NVFP4_SANITIZE_LAUNCHES");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("bash runs");
        let _ = std::fs::remove_dir_all(&dir);
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn lines_starting(out: &str, prefix: &str) -> Vec<String> {
        out.lines().filter(|l| l.starts_with(prefix)).map(str::to_owned).collect()
    }

    #[test]
    fn run_sh_sanitize_runs_all_four_tools_with_both_launches_by_default() {
        let (code, out) = run_sanitize("default", &[]);
        assert_eq!(code, 0, "{out}");
        let tools = ["memcheck", "racecheck", "synccheck", "initcheck"];
        let expected: Vec<String> =
            tools.iter().chain(tools.iter()).map(|t| format!("sanitizer {t}")).collect();
        assert_eq!(lines_starting(&out, "sanitizer "), expected, "{out}");
        let cli = lines_starting(&out, "cli ");
        assert_eq!(cli.len(), 8, "{out}");
        assert!(cli[..4].iter().all(|l| l == "cli sanitize-cases --seed 7"), "{out}");
        assert!(cli[4..].iter().all(|l| l == "cli --pdl sanitize-cases --seed 7"), "{out}");
    }

    #[test]
    fn run_sh_sanitize_takes_a_subset_of_tools_and_launches() {
        let env = [("NVFP4_SANITIZE_TOOLS", "racecheck memcheck"), ("NVFP4_SANITIZE_LAUNCHES", "pdl")];
        let (code, out) = run_sanitize("subset", &env);
        assert_eq!(code, 0, "{out}");
        assert_eq!(
            lines_starting(&out, "sanitizer "),
            ["sanitizer racecheck", "sanitizer memcheck"],
            "{out}"
        );
        assert_eq!(lines_starting(&out, "cli "), ["cli --pdl sanitize-cases --seed 7"; 2], "{out}");
    }

    #[test]
    fn run_sh_sanitize_rejects_an_unknown_tool_or_launch_before_running_anything() {
        for (tag, env) in [
            ("tool", ("NVFP4_SANITIZE_TOOLS", "memcheck leakcheck")),
            ("launch", ("NVFP4_SANITIZE_LAUNCHES", "graph")),
        ] {
            let (code, out) = run_sanitize(tag, &[env]);
            assert_eq!(code, 2, "{out}");
            assert!(out.contains("unknown"), "{out}");
            assert!(lines_starting(&out, "sanitizer ").is_empty(), "{out}");
        }
    }
}
