//! `nvfp4-gemv`: runs the Rust NVFP4 GEMV on the GPU and checks it against the CPU reference.
use host::a_layout::ALayout;
use host::bench::{BenchConfig, BenchRow, Prepared, bench_shape, csv, json, table, time_read_for};
use host::error::Error;
use host::gemv::POISON;
use host::gpu::{Gpu, SplitK};
use host::inputs::{Distribution, generate};
use host::reference::{compare, gemv_reference};
use host::rng::Rng;
use host::svg;
use kernel::layout::Shape;
use nvfp4_tests::{BENCH_SHAPES, TEST_SHAPES, parse_shape, sweep_shapes};
use std::process::ExitCode;

const USAGE: &str = "usage: nvfp4-gemv [--device N] [--build B] [--pdl] [COMMAND]

commands:
  (none)                 the main job: the benchmark shapes on the GPU, each checked against the
                         CPU reference on fresh inputs; prints shape, time, GB/s, max error, pass/fail
  bench [OPTIONS]        timing table with % of the bandwidth ceiling measured in the same run
      --shapes S         bench (default) | sweep | all | a list like 7168,16384,1;4096,7168,8
      --replays N        timed graph replays per shape (default 30)
      --sets N           rotate each shape's inputs over at least N buffer sets (default: enough
                         that they exceed twice the L2)
      --variant V        GEMV entry point(s): a name, a comma list, all, or auto (default: auto,
                         the per-shape choice of kernel::layout::choose_variant)
      --splits N|auto|off split K across N blocks per row tile (default auto: only grids
                         with fewer blocks than SMs are split, Shape::splits_clustered's
                         count where the splits add their sums in clusters, else Shape::splits)
      --csv FILE --json FILE --svg FILE   also write the table as CSV, JSON, an SVG bar chart
  check M,K,L [--dist contest|full] [--seed N] [--variant V]
                         one problem: GPU vs CPU reference, element by element
  fuzz [--cases N] [--seed S] [--variant V]
                         differential test: N seeded random problems (shapes, layouts, epilogues,
                         K splits) against the CPU reference; ends with a line N passed, F failed;
                         --variant runs every case on one entry point (default: auto)
  sanitize-cases         the small cases the compute-sanitizer run uses (both distributions)
  plot CSV SVG           draws the SVG bar chart from a saved bench CSV
  info                   the device, driver and PTX build in use

options before the command:
  --device N             the CUDA device (default 0)
  --build B              the PTX build: sm_90a, sm_100a, or sm_90a-emulated-sm100, the sm_100a
                         arithmetic with its FP4 cvt done in software, to test the B200 code on an
                         H100/H200 (default: the build for the device)
  --pdl                  programmatic dependent launch: each GEMV (and, in bench, the read-only
                         kernel) may start while the kernel before it finishes (DESIGN.md)
  --pdl-trigger T        with --pdl, when a GEMV lets the next kernel start: auto (default),
                         start, loads (its last tile requested) or exit (its last block done)
  --pdl-prefetch N|all|auto
                         with --pdl, the stages of `a` a GEMV block requests before waiting for
                         the kernel before it (default auto: 2, but never all of a block's K,
                         except both for the two-stage eight-warp tiles at 1.5 to 2 blocks per SM)
  --stream-k-skew N      the stream-K twins' schedule: the first half of the blocks take N/2 more
                         (row tile, K tile) units each, the second half N/2 fewer (default 0:
                         equal ranges; at most 255)
  --a-layout rows|tiled|auto|both
                         how uploads store a and sfa: rows (two tensor maps) or tiled (one bulk
                         copy per stage, where K is a multiple of 256: the entry point's tiled
                         twin, name ending in _tiled); auto (default): tiled for plain launches
                         of the sm_90a build's per-shape choice, rows with --variant and with
                         --pdl (but for bm32_k1024_s4_w8 from K = 14336); both (bench only)
                         times each shape rows and tiled
  --cluster-splits on|off
                         K splits of a row tile (up to 8) add their sums in a thread block
                         cluster through distributed shared memory (default on), or through a
                         global workspace (off; the split column shows 'c' for clusters)";

/// A failure of the CLI: message and exit code.
struct Fail(String, u8);

impl From<Error> for Fail {
    fn from(e: Error) -> Self {
        let code = if e.is_no_gpu() { 2 } else { 1 };
        Fail(format!("error: {e}"), code)
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    match run(&mut args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg, code)) => {
            eprintln!("{msg}");
            ExitCode::from(code)
        }
    }
}

fn take_opt(args: &mut Vec<String>, name: &str) -> Result<Option<String>, Fail> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) if i + 1 < args.len() => {
            let v = args.remove(i + 1);
            args.remove(i);
            Ok(Some(v))
        }
        Some(_) => Err(Fail(format!("{name} needs a value\n{USAGE}"), 64)),
    }
}

fn parse<T: std::str::FromStr>(v: Option<String>, name: &str, default: T) -> Result<T, Fail>
where
    T::Err: std::fmt::Display,
{
    match v {
        None => Ok(default),
        Some(s) => s.parse().map_err(|e| Fail(format!("bad {name} {s:?}: {e}"), 64)),
    }
}

fn write_file(path: &str, text: &str) -> Result<(), Fail> {
    std::fs::write(path, text).map_err(|e| Fail(format!("error: cannot write {path}: {e}"), 1))
}

fn run(args: &mut Vec<String>) -> Result<(), Fail> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return Ok(());
    }
    let device: usize = parse(take_opt(args, "--device")?, "--device", 0)?;
    let pdl_trigger: host::pdl::PdlTrigger =
        parse(take_opt(args, "--pdl-trigger")?, "--pdl-trigger", host::pdl::PdlTrigger::Auto)?;
    let pdl_prefetch: Option<u32> = match take_opt(args, "--pdl-prefetch")?.as_deref() {
        None | Some("auto") => None,
        Some("all") => Some(u32::MAX),
        Some(n) => Some(parse(Some(n.to_string()), "--pdl-prefetch", 0u32)?),
    };
    let stream_k_skew: u32 = parse(take_opt(args, "--stream-k-skew")?, "--stream-k-skew", 0)?;
    if stream_k_skew > kernel::layout::STREAM_K_SKEW_MAX {
        return Err(Fail(
            format!("--stream-k-skew takes at most {}\n{USAGE}", kernel::layout::STREAM_K_SKEW_MAX),
            64,
        ));
    }
    let a_layouts: Vec<ALayout> = match take_opt(args, "--a-layout")?.as_deref() {
        None => vec![ALayout::Auto],
        Some("both") => vec![ALayout::Rows, ALayout::Tiled],
        Some(v) => vec![v.parse().map_err(|e| Fail(format!("--a-layout: {e}\n{USAGE}"), 64))?],
    };
    let cluster_splits = match take_opt(args, "--cluster-splits")?.as_deref() {
        None | Some("on") => true,
        Some("off") => false,
        Some(other) => {
            return Err(Fail(format!("--cluster-splits takes on or off, not {other:?}\n{USAGE}"), 64));
        }
    };
    let build = match take_opt(args, "--build")? {
        Some(name) => Some(host::ptx::by_name(&name).map_err(|e| Fail(format!("error: {e}\n{USAGE}"), 64))?),
        None => None,
    };
    let pdl = match args.iter().position(|a| a == "--pdl") {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    };
    let command = if args.is_empty() { String::new() } else { args.remove(0) };
    match command.as_str() {
        "plot" => {
            let [csv_path, svg_path] = &args[..] else {
                return Err(Fail(format!("plot takes CSV and SVG paths\n{USAGE}"), 64));
            };
            let text =
                std::fs::read_to_string(csv_path).map_err(|e| Fail(format!("error: {csv_path}: {e}"), 1))?;
            let bars = svg::bars_from_csv(&text).map_err(|e| Fail(format!("error: {csv_path}: {e}"), 1))?;
            return write_file(
                svg_path,
                &svg::bar_chart("NVFP4 GEMV, % of the read-bandwidth ceiling", &bars),
            );
        }
        "" | "bench" | "check" | "fuzz" | "sanitize-cases" | "info" => {}
        other => return Err(Fail(format!("unknown command {other:?}\n{USAGE}"), 64)),
    }
    // Arguments are checked before the GPU is opened, so usage errors are reported as such
    // (exit 64) on any machine.
    let open = || -> Result<Gpu, Fail> {
        let mut gpu = match build {
            Some(b) => Gpu::with_build(device, b)?,
            None => Gpu::new(device)?,
        };
        if pdl {
            gpu.enable_pdl()?;
        }
        gpu.pdl_trigger = pdl_trigger;
        gpu.pdl_prefetch_stages = pdl_prefetch;
        gpu.stream_k_skew = stream_k_skew;
        gpu.cluster_splits = cluster_splits;
        gpu.a_layout = a_layouts[0];
        println!(
            "device {}: {} (compute capability {}.{}, {} SMs, {} MB L2), driver {}, PTX build {}",
            device,
            gpu.info.name,
            gpu.info.compute_capability.0,
            gpu.info.compute_capability.1,
            gpu.info.sm_count,
            gpu.info.l2_bytes >> 20,
            gpu.info.driver,
            gpu.build.name
        );
        if stream_k_skew != 0 {
            println!("stream-K schedule skew: {stream_k_skew} (--stream-k-skew)");
        }
        if !cluster_splits {
            println!("K splits add their sums through global memory (--cluster-splits off)");
        }
        if a_layouts != [ALayout::Auto] {
            println!("a and sfa stored: {a_layouts:?} (--a-layout)");
        }
        if pdl {
            println!("launches: programmatic dependent launch (--pdl)");
            if pdl_trigger != host::pdl::PdlTrigger::Auto {
                println!("PDL trigger of the GEMV: {pdl_trigger:?} (--pdl-trigger)");
            }
            if let Some(n) = pdl_prefetch {
                println!(
                    "stages of `a` requested before the wait: {} (--pdl-prefetch)",
                    if kernel::layout::launch_flags::pdl_prefetch(n) == 0 {
                        "all".to_string()
                    } else {
                        n.to_string()
                    }
                );
            }
        }
        Ok(gpu)
    };
    let no_args = |args: &[String]| match args.first() {
        Some(a) => Err(Fail(format!("unexpected argument {a:?}\n{USAGE}"), 64)),
        None => Ok(()),
    };
    match command.as_str() {
        "" => no_args(args).and_then(|_| main_job(&open()?)),
        "bench" => bench(args, &a_layouts, open),
        _ if a_layouts.len() > 1 => Err(Fail(format!("--a-layout both is for bench only\n{USAGE}"), 64)),
        "check" => check(args, open),
        "fuzz" => fuzz(args, open),
        "sanitize-cases" => no_args(args).and_then(|_| sanitize_cases(&mut open()?)),
        _ => no_args(args).and_then(|_| open().map(|_| ())),
    }
}

fn main_job(gpu: &Gpu) -> Result<(), Fail> {
    let cfg = BenchConfig::default();
    let ceiling = gpu.measure_ceiling(&cfg)?;
    println!("read-bandwidth ceiling (Rust read-only kernel, 2 GiB): {ceiling:.0} GB/s");
    let mut rows = Vec::new();
    for s in BENCH_SHAPES {
        let read = time_read_for(gpu, s, &cfg)?;
        rows.push(bench_shape(gpu, &Prepared::new(s)?, read, ceiling, &cfg)?);
    }
    println!("{:<20} {:>10} {:>9} {:>10} {:>6}", "shape (m,k,l)", "time µs", "GB/s", "max err", "check");
    for r in &rows {
        println!(
            "{:<20} {:>10.2} {:>9.0} {:>10.2e} {:>6}",
            format!("({},{},{})", r.shape.m, r.shape.k, r.shape.l),
            r.gemv.median_us,
            r.gbps(),
            r.check.max_abs_err,
            if r.passed() { "pass" } else { "FAIL" }
        );
    }
    finish(&rows)
}

fn finish(rows: &[BenchRow]) -> Result<(), Fail> {
    let failed: Vec<String> =
        rows.iter().filter(|r| !r.passed()).map(|r| format!("{:?}: {}", r.shape, r.check)).collect();
    if failed.is_empty() { Ok(()) } else { Err(Fail(format!("FAILED:\n{}", failed.join("\n")), 1)) }
}

fn bench(
    args: &mut Vec<String>,
    a_layouts: &[ALayout],
    open: impl FnOnce() -> Result<Gpu, Fail>,
) -> Result<(), Fail> {
    let shapes_arg = take_opt(args, "--shapes")?.unwrap_or_else(|| "bench".into());
    let variant_arg = take_opt(args, "--variant")?;
    let replays: usize = parse(take_opt(args, "--replays")?, "--replays", 30)?;
    let min_sets: usize = parse(take_opt(args, "--sets")?, "--sets", 0)?;
    let split_k = match take_opt(args, "--splits")?.as_deref() {
        None | Some("auto") => SplitK::Auto,
        Some("off") => SplitK::Off,
        Some(n) => SplitK::Fixed(parse(Some(n.to_string()), "--splits", 1u32)?),
    };
    let (csv_path, json_path, svg_path) =
        (take_opt(args, "--csv")?, take_opt(args, "--json")?, take_opt(args, "--svg")?);
    if let Some(extra) = args.first() {
        return Err(Fail(format!("unknown bench option {extra:?}\n{USAGE}"), 64));
    }
    // Sweep shapes up to 512 MiB of inputs (inputs and the CPU reference of each are made on
    // the host and must stay quick).
    let shapes: Vec<Shape> = match shapes_arg.as_str() {
        "bench" => BENCH_SHAPES.to_vec(),
        "sweep" => sweep_shapes(512 << 20),
        "all" => BENCH_SHAPES.iter().copied().chain(sweep_shapes(512 << 20)).collect(),
        list => list
            .split(';')
            .map(|s| parse_shape(s).ok_or_else(|| Fail(format!("bad shape {s:?} (want M,K,L)"), 64)))
            .collect::<Result<_, _>>()?,
    };
    let cfg = BenchConfig { replays: replays.max(3), min_sets, ..BenchConfig::default() };
    let mut gpu = open()?;
    let gpu = &mut gpu;
    gpu.split_k = split_k;
    let variants: Vec<String> = match variant_arg {
        None => vec!["auto".to_string()],
        Some(v) if v == "all" => gpu.variant_names().into_iter().map(String::from).collect(),
        Some(v) => v.split(',').map(String::from).collect(),
    };
    let ceiling = gpu.measure_ceiling(&cfg)?;
    println!("read-bandwidth ceiling (Rust read-only kernel, 2 GiB): {ceiling:.0} GB/s");
    let mut rows = Vec::new();
    for s in shapes {
        let prepared = Prepared::new(s)?;
        let read = time_read_for(gpu, s, &cfg)?;
        for v in &variants {
            for &layout in a_layouts {
                gpu.use_variant(v)?;
                gpu.a_layout = layout;
                let row = bench_shape(gpu, &prepared, read, ceiling, &cfg)?;
                eprintln!("  {v} {layout:?} {:?}: {:.2} µs", s, row.gemv.median_us);
                rows.push(row);
            }
        }
    }
    print!("{}", table(&rows));
    if let Some(p) = csv_path {
        write_file(&p, &csv(&rows, gpu))?;
    }
    if let Some(p) = json_path {
        write_file(&p, &json(&rows, gpu))?;
    }
    if let Some(p) = svg_path {
        let bars: Vec<svg::Bar> = rows
            .iter()
            .map(|r| svg::Bar {
                label: format!("({},{},{})", r.shape.m, r.shape.k, r.shape.l),
                pct: r.pct_of_ceiling(),
            })
            .collect();
        let title =
            format!("NVFP4 GEMV on {} ({}), % of the read-bandwidth ceiling", gpu.info.name, gpu.build.name);
        write_file(&p, &svg::bar_chart(&title, &bars))?;
    }
    finish(&rows)
}

fn check_one(gpu: &Gpu, shape: Shape, dist: Distribution, seed: u64) -> Result<bool, Fail> {
    let x = generate(shape, dist, seed);
    let c = gpu.gemv(&x)?;
    let cmp = compare(&c, &gemv_reference(&x), shape.k, POISON);
    let ok = cmp.passed(dist == Distribution::Contest);
    println!("{:?} {dist} seed {seed}: {} — {cmp}", shape, if ok { "pass" } else { "FAIL" });
    Ok(ok)
}

fn check(args: &mut Vec<String>, open: impl FnOnce() -> Result<Gpu, Fail>) -> Result<(), Fail> {
    let dist: Distribution = parse(take_opt(args, "--dist")?, "--dist", Distribution::Contest)?;
    let seed: u64 = parse(take_opt(args, "--seed")?, "--seed", Rng::fresh_seed())?;
    let variant = take_opt(args, "--variant")?;
    let [shape] = &args[..] else {
        return Err(Fail(format!("check takes one shape M,K,L\n{USAGE}"), 64));
    };
    let shape = parse_shape(shape).ok_or_else(|| Fail(format!("bad shape {shape:?} (want M,K,L)"), 64))?;
    shape.can_implement().map_err(|e| Fail(format!("error: invalid shape {shape:?}: {e}"), 1))?;
    let mut gpu = open()?;
    if let Some(v) = &variant {
        gpu.use_variant(v)?;
    }
    if check_one(&gpu, shape, dist, seed)? { Ok(()) } else { Err(Fail("FAILED".into(), 1)) }
}

fn fuzz(args: &mut Vec<String>, open: impl FnOnce() -> Result<Gpu, Fail>) -> Result<(), Fail> {
    let cases: u64 = parse(take_opt(args, "--cases")?, "--cases", 500)?;
    let seed: u64 = parse(take_opt(args, "--seed")?, "--seed", Rng::fresh_seed())?;
    let variant = take_opt(args, "--variant")?;
    if let Some(extra) = args.first() {
        return Err(Fail(format!("unknown fuzz option {extra:?}\n{USAGE}"), 64));
    }
    let mut gpu = open()?;
    if let Some(v) = &variant {
        gpu.use_variant(v)?;
    }
    println!("fuzz: {cases} cases from seed {seed}");
    let start = std::time::Instant::now();
    let mut failed = Vec::new();
    for i in 0..cases {
        let case = host::fuzz::draw(seed.wrapping_add(i));
        let cmp = host::fuzz::run(&mut gpu, &case)?;
        if !cmp.passed(false) {
            println!("FAIL {case:?}: {cmp}");
            failed.push(case.seed);
        }
    }
    println!("fuzz took {:.1} s", start.elapsed().as_secs_f64());
    println!("{} passed, {} failed", cases as usize - failed.len(), failed.len());
    if failed.is_empty() { Ok(()) } else { Err(Fail(format!("failing case seeds: {failed:?}"), 1)) }
}

fn sanitize_cases(gpu: &mut Gpu) -> Result<(), Fail> {
    let mut ok = true;
    // Row-major `a` first (the default layout would tile plain launches), the tiled layout
    // below, then the caller's setting again.
    let layout = gpu.a_layout;
    gpu.a_layout = ALayout::Rows;
    // Scales by TMA and by cp.async (k = 1088), row tails, batches; then a K split, then two
    // producer warps, then the direct kernel.
    let shapes = [
        TEST_SHAPES[0],
        TEST_SHAPES[6],
        Shape::new(1, 512, 1),
        Shape::new(37, 1280, 3),
        Shape::new(37, 1088, 2),
    ];
    for (i, s) in shapes.into_iter().enumerate() {
        for dist in [Distribution::Contest, Distribution::FullRange] {
            ok &= check_one(gpu, s, dist, 1000 + i as u64)?;
        }
    }
    gpu.split_k = SplitK::Fixed(3);
    ok &= check_one(gpu, Shape::new(300, 4160, 2), Distribution::FullRange, 2000)?;
    gpu.split_k = SplitK::default();
    // The automatic split: seven splits in a cluster of eight, one without tiles
    // (kernel::layout::CLUSTER_PAD_FROM), and five in a cluster of eight, three without
    // (kernel::layout::CLUSTER_PAD_SMALL_FROM).
    ok &= check_one(gpu, Shape::new(64, 14336, 1), Distribution::FullRange, 2100)?;
    ok &= check_one(gpu, Shape::new(64, 10240, 1), Distribution::FullRange, 2101)?;
    // Two producer warps (one issues, one prepares): scales by cp.async, then a K split.
    gpu.use_variant("nvfp4_gemv_bm16_k512_s4_p2")?;
    ok &= check_one(gpu, Shape::new(37, 1088, 2), Distribution::FullRange, 2500)?;
    gpu.split_k = SplitK::Fixed(3);
    ok &= check_one(gpu, Shape::new(300, 4160, 2), Distribution::FullRange, 2501)?;
    gpu.split_k = SplitK::default();
    // 32 rows, 8 consumer warps (chosen for long rows): 9 K tiles of 1024, so two whole rounds
    // of the 4 stages and a partial one.
    gpu.use_variant("nvfp4_gemv_bm32_k1024_s4_w8")?;
    ok &= check_one(gpu, Shape::new(45, 9216, 1), Distribution::FullRange, 2600)?;
    // The same with two producer warps (one issues, one prepares the FP8 route's B tiles).
    gpu.use_variant("nvfp4_gemv_bm32_k1024_s4_w8_p2")?;
    ok &= check_one(gpu, Shape::new(45, 9216, 1), Distribution::FullRange, 2601)?;
    // The two-stage 32-row tiles (kernel::layout::pdl_two_stage_choice): eight consumer warps
    // over five K tiles (two rounds of the two stages and a partial one, scales by cp.async),
    // then four consumer warps on the tiled layout, a row tail and batches.
    gpu.use_variant(kernel::layout::TWO_STAGE_W8)?;
    ok &= check_one(gpu, Shape::new(45, 4160, 1), Distribution::FullRange, 2700)?;
    // The direct kernel: a row tail, a K tail (1088 = 4·256 + 64), batches, and a K past its
    // per-block limit (forced splits, the last one partial).
    gpu.use_variant(kernel::layout::kernel_name::GEMV_DIRECT)?;
    ok &= check_one(gpu, Shape::new(37, 1088, 2), Distribution::FullRange, 3000)?;
    ok &= check_one(gpu, Shape::new(20, 16448, 1), Distribution::FullRange, 3001)?;
    gpu.use_variant("auto")?;
    // The tiled layout (host::a_layout): the automatic choice's tiled twins on a row tail
    // with batches, a clustered split, and the FP8 route's eight-warp tiles over two rounds
    // of stages.
    gpu.a_layout = ALayout::Tiled;
    ok &= check_one(gpu, Shape::new(37, 1280, 3), Distribution::FullRange, 4000)?;
    ok &= check_one(gpu, Shape::new(64, 14336, 1), Distribution::FullRange, 4001)?;
    gpu.use_variant("nvfp4_gemv_bm32_k1024_s4_w8_tiled")?;
    ok &= check_one(gpu, Shape::new(45, 9216, 1), Distribution::FullRange, 4002)?;
    gpu.use_variant("nvfp4_gemv_bm32_k1024_s2_tiled")?;
    ok &= check_one(gpu, Shape::new(37, 2048, 3), Distribution::FullRange, 4020)?;
    // A persistent twin: more row tiles (1028) than the GPU holds blocks, so blocks stream
    // two, across batch entries, with a ragged last band and a partial last K tile.
    gpu.use_variant(kernel::layout::kernel_name::PERSIST_TWINS[0].1)?;
    ok &= check_one(gpu, Shape::new(4100, 1280, 4), Distribution::FullRange, 4003)?;
    // A stream-K twin: every row tile cut between five one-unit blocks (40 units), then
    // ranges of two or three units across row tiles and batch entries (774 units), some row
    // tiles whole in one block, others cut.
    gpu.use_variant(kernel::layout::kernel_name::STREAM_K_TWINS[0].1)?;
    ok &= check_one(gpu, Shape::new(100, 5120, 2), Distribution::FullRange, 4004)?;
    ok &= check_one(gpu, Shape::new(4100, 1280, 3), Distribution::FullRange, 4005)?;
    // The same with a skewed schedule (the first half of the blocks one unit more, the second
    // half one fewer).
    let skew = gpu.stream_k_skew;
    gpu.stream_k_skew = 2;
    ok &= check_one(gpu, Shape::new(4100, 1280, 3), Distribution::FullRange, 4006)?;
    gpu.stream_k_skew = skew;
    gpu.use_variant("auto")?;
    gpu.a_layout = layout;
    let data: Vec<u8> = (0..100 * 208).map(|i| (i * 7 + 3) as u8).collect();
    let copy = gpu.tma_copy(100, 208, &data)?;
    ok &= copy == data;
    println!("tma_copy_2d 100x208: {}", if copy == data { "pass" } else { "FAIL" });
    if ok { Ok(()) } else { Err(Fail("FAILED".into(), 1)) }
}
