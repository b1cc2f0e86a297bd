//! GPU tests. Each runs when a CUDA device of compute capability 9.0 or 10.0 is present;
//! otherwise it prints `SKIPPED …` and returns, unless `NVFP4_REQUIRE_GPU=1`, which makes a
//! missing GPU a failure. Inputs are fresh each run (the seed is printed), `c` is poisoned
//! before every launch.
use host::a_layout::ALayout;
use host::gemv::{Epilogue, GemvInputs, POISON, POISON_BF16};
use host::gpu::{Gpu, SplitK, fallback_splits};
use host::gputest::{gpu_for_test, gpu_with_build_for_test};
use host::inputs::{Distribution, generate};
use host::quantize::{gemv_inputs, quantize};
use host::reference::{compare, gemv_reference, gemv_reference_with};
use host::rng::Rng;
use kernel::layout::{Launch, Shape, choose_variant};
use nvfp4_tests::TEST_SHAPES;

fn check_shapes(gpu: &Gpu, shapes: &[Shape], dist: Distribution) {
    let seed = Rng::fresh_seed();
    let mut failures = Vec::new();
    for (i, &s) in shapes.iter().enumerate() {
        let x = generate(s, dist, seed.wrapping_add(i as u64));
        let c = gpu.gemv(&x).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        let cmp = compare(&c, &gemv_reference(&x), s.k, POISON);
        let ok = cmp.passed(dist == Distribution::Contest);
        println!(
            "{s:?} {dist} seed {}: {} {cmp}",
            seed.wrapping_add(i as u64),
            if ok { "pass" } else { "FAIL" }
        );
        if !ok {
            failures.push(format!("{s:?}: {cmp}"));
        }
    }
    assert!(failures.is_empty(), "{dist}: {}", failures.join("\n"));
}

/// Row tails, single rows and batches.
const TAIL_SHAPES: [Shape; 4] =
    [Shape::new(1, 256, 1), Shape::new(7, 512, 3), Shape::new(37, 1280, 2), Shape::new(1000, 2304, 5)];

/// K/16 not a multiple of 16: scale rows by cp.async, K tails inside a stage.
const K64_SHAPES: [Shape; 5] = [
    Shape::new(1, 64, 1),
    Shape::new(37, 320, 2),
    Shape::new(300, 1088, 3),
    Shape::new(1000, 4160, 1),
    Shape::new(129, 7232, 2),
];

/// Every GEMV entry point of the build on three shapes (5184 = 81·64: the scales come by
/// cp.async, the last stage is partial for every bk).
fn every_entry_point(gpu: &mut Gpu) {
    let shapes = [Shape::new(100, 5120, 2), Shape::new(512, 2048, 1), Shape::new(77, 5184, 2)];
    for v in gpu.variant_names() {
        gpu.use_variant(v).expect("listed variant");
        println!("{v}");
        check_shapes(gpu, &shapes, Distribution::FullRange);
    }
}

/// The tiled twin of every entry point that has one (`host::a_layout`), against its row-major
/// self on the same inputs: `c` equal to the bit (a stage holds the same bytes either way) and
/// within the reference's bound. K a multiple of 256 (the scales by TMA), row tails, batches,
/// a partial last K tile for every bk; then K splits through global memory and in clusters.
fn tiled_twins_match_rows(gpu: &mut Gpu) {
    let seed = Rng::fresh_seed();
    let shapes = [Shape::new(100, 5120, 2), Shape::new(37, 1280, 3), Shape::new(512, 2304, 1)];
    let xs: Vec<GemvInputs> = shapes
        .iter()
        .enumerate()
        .map(|(i, &s)| generate(s, Distribution::FullRange, seed.wrapping_add(i as u64)))
        .collect();
    let run = |gpu: &Gpu, x: &GemvInputs, want_tiled: bool| -> Vec<u16> {
        let mut d = gpu.upload(x).unwrap_or_else(|e| panic!("{:?}: {e}", x.shape));
        assert_eq!(d.kernel_name().ends_with("_tiled"), want_tiled, "{}", d.kernel_name());
        gpu.fill_c(&mut d, POISON).expect("poison");
        gpu.launch_gemv(&mut d).unwrap_or_else(|e| panic!("{:?}: {e}", x.shape));
        let c = gpu.download_c(&d).unwrap_or_else(|e| panic!("{:?}: {e}", x.shape));
        let cmp = compare(&c, &gemv_reference(x), x.shape.k, POISON);
        assert!(cmp.passed(false), "{:?}: {cmp}", x.shape);
        c.iter().map(|h| h.to_bits()).collect()
    };
    let check_all = |gpu: &mut Gpu, what: &str| {
        for (x, i) in xs.iter().zip(0u64..) {
            gpu.a_layout = ALayout::Rows;
            let rows = run(gpu, x, false);
            gpu.a_layout = ALayout::Tiled;
            let tiled = run(gpu, x, true);
            println!(
                "{what} {:?} seed {}: rows and tiled pass, equal: {}",
                x.shape,
                seed.wrapping_add(i),
                rows == tiled
            );
            assert!(
                rows == tiled,
                "{what} {:?}: the tiled twin's c differs from the row-major entry's",
                x.shape
            );
        }
    };
    for v in gpu.variant_names() {
        if kernel::layout::kernel_name::tiled_twin(v).is_none() {
            continue;
        }
        gpu.use_variant(v).expect("listed variant");
        check_all(gpu, v);
    }
    gpu.use_variant("auto").expect("auto");
    for (split, cluster) in [(SplitK::Fixed(3), false), (SplitK::Fixed(4), true), (SplitK::Auto, true)] {
        gpu.split_k = split;
        gpu.cluster_splits = cluster;
        check_all(gpu, &format!("auto, {split:?}, clusters {cluster}"));
    }
    // A clustered automatic split (seven splits in a cluster of eight on the H200).
    gpu.split_k = SplitK::Auto;
    gpu.a_layout = ALayout::Tiled;
    let x = generate(Shape::new(64, 14336, 1), Distribution::Contest, seed);
    let d = gpu.upload(&x).expect("upload");
    println!("(64, 14336, 1): {} in {} splits, clusters {}", d.kernel_name(), d.splits(), d.cluster_reduce());
    check_shapes(gpu, &[Shape::new(64, 14336, 1), Shape::new(7168, 2048, 4)], Distribution::Contest);
    gpu.a_layout = ALayout::Rows;
}

#[test]
fn gemv_tiled_layout_matches_row_major() {
    let Some(mut gpu) = gpu_for_test("gemv_tiled_layout_matches_row_major") else { return };
    tiled_twins_match_rows(&mut gpu);
}

/// Fresh `FullRange` inputs for `shapes` (seed `seed + i` for shape `i`) and an epilogue with
/// `alpha`, `beta` and a random `c_in` (from `seed`) sized for `shapes[with_c_in]`.
fn inputs_and_epilogue(shapes: &[Shape], seed: u64, with_c_in: usize) -> (Vec<GemvInputs>, Epilogue) {
    let xs = shapes
        .iter()
        .enumerate()
        .map(|(i, &s)| generate(s, Distribution::FullRange, seed.wrapping_add(i as u64)))
        .collect();
    let mut rng = Rng::new(seed);
    let c_in: Vec<half::f16> = (0..shapes[with_c_in].c_len())
        .map(|_| half::f16::from_f32(rng.below(2001) as f32 / 100.0 - 10.0))
        .collect();
    (xs, Epilogue { alpha: -1.5, beta: 0.5, c_in: Some(c_in) })
}

/// Every persistent twin (`kernel::layout::kernel_name::PERSIST_TWINS`) against its tiled
/// twin on the same inputs: `c` equal to the bit (the same stages, the same sums in the same
/// order) and within the reference's bound. Shapes with more row tiles than the GPU holds
/// blocks (so each block streams several, across batch entries), a ragged last band and a
/// partial last K tile; then with `alpha`, `beta` and `c_in`, and with PDL launches.
#[test]
fn gemv_persistent_twins_match_tiled() {
    let Some(mut gpu) = gpu_for_test("gemv_persistent_twins_match_tiled") else { return };
    let seed = Rng::fresh_seed();
    let shapes = [Shape::new(2048, 3072, 8), Shape::new(4100, 1280, 3), Shape::new(37, 1280, 3)];
    let (xs, e) = inputs_and_epilogue(&shapes, seed, 1);
    let run = |gpu: &Gpu, x: &GemvInputs, e: &Epilogue| -> Vec<u16> {
        let c = gpu.gemv_with(x, e).unwrap_or_else(|err| panic!("{:?}: {err}", x.shape));
        let cmp = compare(&c, &gemv_reference_with(x, e), x.shape.k, POISON);
        assert!(cmp.passed(false), "{:?}: {cmp}", x.shape);
        c.iter().map(|h| h.to_bits()).collect()
    };
    for pdl in [false, true] {
        if pdl {
            gpu.enable_pdl().expect("PDL");
        }
        for &(tiled, persist) in kernel::layout::kernel_name::PERSIST_TWINS.iter() {
            for (i, x) in xs.iter().enumerate() {
                let epilogues =
                    if i == 1 { vec![Epilogue::default(), e.clone()] } else { vec![Epilogue::default()] };
                for e in &epilogues {
                    gpu.use_variant(tiled).expect("tiled twin");
                    let want = run(&gpu, x, e);
                    gpu.use_variant(persist).expect("persistent twin");
                    let d = gpu.upload(x).expect("upload");
                    assert_eq!(d.kernel_name(), persist);
                    let got = run(&gpu, x, e);
                    println!(
                        "{persist} pdl {pdl} {:?} beta {} seed {}: pass, equal to {tiled}: {}",
                        x.shape,
                        e.beta,
                        seed.wrapping_add(i as u64),
                        got == want
                    );
                    assert!(got == want, "{persist} {:?}: c differs from the tiled twin's", x.shape);
                }
            }
        }
    }
}

/// Every stream-K twin (`kernel::layout::kernel_name::STREAM_K_TWINS`) against the CPU
/// reference, on shapes whose row tiles are cut between two to five blocks, with whole row
/// tiles inside a block's range, ragged last bands, partial last K tiles and ranges that cross
/// batch entries; the first shape with `alpha`, `beta` and `c_in`; plain and PDL launches.
/// The cut row tiles' sums are added in K order, so a second launch gives the same bits.
#[test]
fn gemv_stream_k_twins_match_reference() {
    let Some(mut gpu) = gpu_for_test("gemv_stream_k_twins_match_reference") else { return };
    let seed = Rng::fresh_seed();
    let shapes = [
        Shape::new(100, 5120, 2),
        Shape::new(37, 1280, 3),
        Shape::new(4100, 1280, 3),
        Shape::new(2048, 3072, 8),
        Shape::new(4096, 7168, 1),
        Shape::new(7168, 16384, 1),
    ];
    let (xs, e) = inputs_and_epilogue(&shapes, seed, 0);
    // Equal ranges, a skewed schedule, and a skew past the largest one the ranges allow
    // (clamped).
    for (pdl, skew) in
        [(false, 0), (false, 6), (true, 0), (true, 3), (true, kernel::layout::STREAM_K_SKEW_MAX)]
    {
        if pdl {
            gpu.enable_pdl().expect("PDL");
        }
        gpu.stream_k_skew = skew;
        for &(_, twin) in kernel::layout::kernel_name::STREAM_K_TWINS.iter() {
            gpu.use_variant(twin).expect("stream-K twin");
            for (i, x) in xs.iter().enumerate() {
                let epilogues =
                    if i == 0 { vec![Epilogue::default(), e.clone()] } else { vec![Epilogue::default()] };
                for e in &epilogues {
                    let mut d = gpu.upload(x).unwrap_or_else(|err| panic!("{:?}: {err}", x.shape));
                    gpu.set_epilogue(&mut d, e).expect("epilogue");
                    assert_eq!(d.kernel_name(), twin);
                    let mut bits = Vec::new();
                    for _ in 0..2 {
                        gpu.fill_c(&mut d, POISON).expect("poison");
                        gpu.launch_gemv(&mut d).unwrap_or_else(|err| panic!("{:?}: {err}", x.shape));
                        let c = gpu.download_c(&d).unwrap_or_else(|err| panic!("{:?}: {err}", x.shape));
                        let cmp = compare(&c, &gemv_reference_with(x, e), x.shape.k, POISON);
                        println!(
                            "{twin} pdl {pdl} skew {skew} {:?} beta {} seed {}: {} {cmp}",
                            x.shape,
                            e.beta,
                            seed.wrapping_add(i as u64),
                            if cmp.passed(false) { "pass" } else { "FAIL" }
                        );
                        assert!(cmp.passed(false), "{twin} pdl {pdl} skew {skew} {:?}: {cmp}", x.shape);
                        bits.push(c.iter().map(|h| h.to_bits()).collect::<Vec<u16>>());
                    }
                    assert!(bits[0] == bits[1], "{twin} skew {skew} {:?}: two launches differ", x.shape);
                }
            }
        }
    }
}

#[test]
fn gemv_tiled_layout_needs_k_multiple_of_256() {
    let Some(mut gpu) = gpu_for_test("gemv_tiled_layout_needs_k_multiple_of_256") else { return };
    // Asked for by layout: shapes whose scales come by cp.async keep the row-major entry point.
    gpu.a_layout = ALayout::Tiled;
    let x = generate(Shape::new(37, 1088, 2), Distribution::FullRange, Rng::fresh_seed());
    let d = gpu.upload(&x).expect("upload");
    assert!(!d.kernel_name().ends_with("_tiled"), "{}", d.kernel_name());
    check_shapes(&gpu, &K64_SHAPES, Distribution::FullRange);
    // Asked for by name: a clear error before the GPU runs anything.
    let tiled = gpu.tiled_variant_names()[1];
    gpu.use_variant(tiled).expect("tiled twins are loaded");
    match gpu.upload(&x) {
        Err(host::Error::Unsupported { what }) => assert!(what.contains("256"), "{what}"),
        other => panic!("expected Unsupported, got {:?}", other.map(|d| d.kernel_name())),
    }
}

/// The default layout (`ALayout::Auto`): plain launches of the sm_90a build's automatic choice
/// upload tiled where K allows (and compute right); K not a multiple of 256, a named entry
/// point and PDL launches row-major, but for PDL uploads of the eight-warp 32-row tiles with
/// long K, of short-K grids that take a persistent twin and of grids that take the stream-K
/// twin.
#[test]
fn gemv_default_layout_by_launch_mode() {
    let Some(mut gpu) = gpu_for_test("gemv_default_layout_by_launch_mode") else { return };
    assert_eq!(gpu.a_layout, ALayout::Auto);
    let chosen = gpu.build.per_shape_choice;
    let (s, ragged_k) = (Shape::new(4096, 7168, 1), Shape::new(37, 1088, 2));
    // What an upload would launch (no inputs built or copied to see it).
    let is_tiled = |gpu: &Gpu, s: Shape| gpu.upload_kernel(s).expect("upload kernel").tiled;
    assert_eq!(is_tiled(&gpu, s), chosen, "plain, {} build", gpu.build.name);
    assert!(!is_tiled(&gpu, ragged_k), "K = 1088 keeps the row-major layout");
    check_shapes(&gpu, &[s, ragged_k, Shape::new(7168, 2048, 4)], Distribution::FullRange);
    let named = gpu.variant_names()[0];
    gpu.use_variant(named).expect("listed variant");
    assert!(!is_tiled(&gpu, s), "{named}, named, keeps the row-major layout");
    gpu.use_variant("auto").expect("auto");
    gpu.enable_pdl().expect("PDL");
    assert!(!is_tiled(&gpu, s), "PDL launches keep the row-major layout");
    let long = Shape::new(7168, 16384, 1);
    let k = gpu.upload_kernel(long).expect("upload kernel");
    let want = chosen && k.name.starts_with(host::a_layout::PDL_TILED_ENTRY);
    assert_eq!(k.tiled, want, "PDL, {long:?}: {}", k.name);
    // Short K, 13 to 16 row tiles per SM: the persistent twin (kernel::layout::pdl_persistent_choice).
    let short = Shape::new(7168, 2048, 4);
    let k = gpu.upload_kernel(short).expect("upload kernel");
    let want = kernel::layout::pdl_persistent_choice(short, gpu.info.sm_count, "nvfp4_gemv_bm16_k512_s4_p2")
        .filter(|_| {
            chosen && choose_variant(short, gpu.info.sm_count, Launch::Pdl) == "nvfp4_gemv_bm16_k512_s4_p2"
        });
    assert_eq!(k.persist, want.is_some(), "PDL, {short:?}: {}", k.name);
    if let Some(name) = want {
        assert_eq!(k.name, name);
        assert!(k.tiled);
    }
    // 4 to 16 row tiles per SM from K = 7168: the stream-K twin (kernel::layout::pdl_stream_k_choice).
    let band = Shape::new(4096, 7168, 4);
    let k = gpu.upload_kernel(band).expect("upload kernel");
    let want = kernel::layout::pdl_stream_k_choice(band, gpu.info.sm_count).filter(|_| chosen);
    assert_eq!(k.stream_k, want.is_some(), "PDL, {band:?}: {}", k.name);
    if let Some(name) = want {
        assert_eq!(k.name, name);
        assert!(k.tiled);
    }
    check_shapes(&gpu, &[s, long, short, band], Distribution::FullRange);
    // Asked for rows, the rules stay out.
    gpu.a_layout = ALayout::Rows;
    assert!(!gpu.upload_kernel(short).expect("upload kernel").persist, "rows: no persistent twin");
    assert!(!gpu.upload_kernel(band).expect("upload kernel").stream_k, "rows: no stream-K twin");
}

#[test]
fn tma_copy_2d_round_trips() {
    let Some(gpu) = gpu_for_test("tma_copy_2d_round_trips") else {
        return;
    };
    let mut rng = Rng::new(Rng::fresh_seed());
    // Edge boxes in both dimensions (TMA zero-fills them; the kernel must not write them).
    for (rows, cols) in [(32, 128), (100, 208), (1000, 4096), (1, 16), (33, 144)] {
        let mut data = vec![0u8; rows as usize * cols as usize];
        rng.fill(&mut data, |r| r.next_u64() as u8);
        let got = gpu.tma_copy(rows, cols, &data).unwrap_or_else(|e| panic!("{rows}x{cols}: {e}"));
        assert!(got == data, "{rows}x{cols}: copy differs");
        println!("tma_copy_2d {rows}x{cols}: pass");
    }
}

#[test]
fn gemv_contest_shapes_contest_inputs() {
    let Some(gpu) = gpu_for_test("gemv_contest_shapes_contest_inputs") else {
        return;
    };
    check_shapes(&gpu, &TEST_SHAPES, Distribution::Contest);
}

#[test]
fn gemv_contest_shapes_full_range_inputs() {
    let Some(gpu) = gpu_for_test("gemv_contest_shapes_full_range_inputs") else {
        return;
    };
    check_shapes(&gpu, &TEST_SHAPES, Distribution::FullRange);
}

#[test]
fn gemv_benchmark_shapes() {
    let Some(gpu) = gpu_for_test("gemv_benchmark_shapes") else {
        return;
    };
    check_shapes(&gpu, &nvfp4_tests::BENCH_SHAPES, Distribution::Contest);
    check_shapes(&gpu, &nvfp4_tests::BENCH_SHAPES[..3], Distribution::FullRange);
}

#[test]
fn gemv_row_tails_and_batches() {
    let Some(gpu) = gpu_for_test("gemv_row_tails_and_batches") else {
        return;
    };
    check_shapes(&gpu, &TAIL_SHAPES, Distribution::FullRange);
    check_shapes(&gpu, &TAIL_SHAPES, Distribution::Contest);
}

#[test]
fn gemv_k_multiple_of_64() {
    let Some(mut gpu) = gpu_for_test("gemv_k_multiple_of_64") else { return };
    let shapes = K64_SHAPES;
    check_shapes(&gpu, &shapes, Distribution::FullRange);
    check_shapes(&gpu, &shapes, Distribution::Contest);
    gpu.split_k = SplitK::Fixed(3);
    check_shapes(&gpu, &shapes[2..], Distribution::FullRange);
    // Both scale layouts.
    let s = Shape::new(200, 1344, 2);
    let x = generate(s, Distribution::FullRange, Rng::fresh_seed());
    let (sfa, sfb) = x.blocked_scales();
    let y = GemvInputs::from_blocked_scales(s, x.a.clone(), x.b.clone(), &sfa, &sfb).expect("blocked inputs");
    gpu.split_k = SplitK::default();
    let cmp = compare(&gpu.gemv(&y).expect("GEMV"), &gemv_reference(&x), s.k, POISON);
    println!("{s:?} blocked scales: {cmp}");
    assert!(cmp.passed(false), "{s:?}: {cmp}");
}

#[test]
fn gemv_bf16_output() {
    let Some(gpu) = gpu_for_test("gemv_bf16_output") else { return };
    let seed = Rng::fresh_seed();
    for (i, s) in
        [Shape::new(300, 2048, 2), Shape::new(4096, 7168, 1), Shape::new(33, 576, 3)].into_iter().enumerate()
    {
        let x = generate(s, Distribution::FullRange, seed ^ i as u64);
        for alpha in [1.0f32, -0.375] {
            let c = gpu.gemv_bf16(&x, alpha).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            let e = Epilogue { alpha, ..Epilogue::default() };
            let cmp = compare(&c, &gemv_reference_with(&x, &e), s.k, POISON_BF16);
            println!("{s:?} bf16 alpha {alpha} seed {seed}: {cmp}");
            assert!(cmp.passed(false), "{s:?}: {cmp}");
        }
    }
    let x = generate(Shape::new(16, 256, 1), Distribution::Contest, 1);
    let mut d = gpu.upload(&x).expect("upload");
    gpu.set_output_bf16(&mut d, true).expect("bf16");
    let with_c_in = Epilogue { c_in: Some(vec![half::f16::ZERO; 16]), ..Epilogue::default() };
    assert!(matches!(gpu.set_epilogue(&mut d, &with_c_in), Err(host::Error::Unsupported { .. })));
}

#[test]
fn gemv_epilogue_alpha_beta() {
    let Some(gpu) = gpu_for_test("gemv_epilogue_alpha_beta") else { return };
    let seed = Rng::fresh_seed();
    let mut rng = Rng::new(seed);
    for (i, s) in [Shape::new(300, 2048, 2), Shape::new(128, 7168, 1)].into_iter().enumerate() {
        let x = generate(s, Distribution::FullRange, seed ^ i as u64);
        let c_in: Vec<half::f16> =
            (0..s.c_len()).map(|_| half::f16::from_f32(rng.below(2001) as f32 / 100.0 - 10.0)).collect();
        for e in [
            Epilogue { alpha: 0.375, beta: 0.0, c_in: None },
            Epilogue { alpha: -1.5, beta: 0.5, c_in: Some(c_in.clone()) },
        ] {
            let c = gpu.gemv_with(&x, &e).unwrap_or_else(|err| panic!("{s:?}: {err}"));
            let cmp = compare(&c, &gemv_reference_with(&x, &e), s.k, POISON);
            println!("{s:?} alpha {} beta {} seed {seed}: {cmp}", e.alpha, e.beta);
            assert!(cmp.passed(false), "{s:?} {e:?}: {cmp}");
        }
    }
    let x = generate(Shape::new(16, 256, 1), Distribution::Contest, 1);
    let bad = Epilogue { alpha: f32::NAN, ..Epilogue::default() };
    assert!(matches!(gpu.gemv_with(&x, &bad), Err(host::Error::NotFinite { arg: "alpha", .. })));
    let short = Epilogue { c_in: Some(vec![half::f16::ZERO; 3]), ..Epilogue::default() };
    assert!(matches!(gpu.gemv_with(&x, &short), Err(host::Error::BufferLength { arg: "c_in", .. })));
}

#[test]
fn gemv_of_quantized_f32_data() {
    let Some(gpu) = gpu_for_test("gemv_of_quantized_f32_data") else { return };
    let (m, k) = (1000usize, 4096usize);
    let mut rng = Rng::new(Rng::fresh_seed());
    let mut normalish = |n: usize| -> Vec<f32> {
        (0..n)
            .map(|_| (0..4).map(|_| rng.below(1 << 20) as f32 / (1 << 20) as f32).sum::<f32>() - 2.0)
            .collect()
    };
    let (a, b) = (normalish(m * k), normalish(k));
    let (qa, qb) = (quantize(&a, m, k).unwrap(), quantize(&b, 1, k).unwrap());
    let (x, e) = gemv_inputs(&qa, &qb).unwrap();
    let c = gpu.gemv_with(&x, &e).expect("GEMV");
    let cmp = compare(&c, &gemv_reference_with(&x, &e), k as u32, POISON);
    assert!(cmp.passed(false), "{cmp}");
    let (mut err, mut norm) = (0f64, 0f64);
    for (row, got) in c.iter().enumerate() {
        let f: f64 = (0..k).map(|j| a[row * k + j] as f64 * b[j] as f64).sum();
        err += (got.to_f64() - f).powi(2);
        norm += f * f;
    }
    println!("quantized GEMV: {cmp}; vs the f32 GEMV of the unquantized data: {:.3e}", (err / norm).sqrt());
    assert!((err / norm).sqrt() < 0.25);
}

#[test]
fn gemv_blocked_scale_layout() {
    let Some(gpu) = gpu_for_test("gemv_blocked_scale_layout") else { return };
    let seed = Rng::fresh_seed();
    for (i, s) in [Shape::new(200, 1280, 3), Shape::new(4096, 7168, 1)].into_iter().enumerate() {
        let x = generate(s, Distribution::FullRange, seed ^ i as u64);
        let (sfa, sfb) = x.blocked_scales();
        let y =
            GemvInputs::from_blocked_scales(s, x.a.clone(), x.b.clone(), &sfa, &sfb).expect("blocked inputs");
        let cmp = compare(&gpu.gemv(&y).expect("GEMV"), &gemv_reference(&x), s.k, POISON);
        println!("{s:?} blocked scales seed {seed}: {cmp}");
        assert!(cmp.passed(false), "{s:?}: {cmp}");
    }
}

/// 16 differential cases (`host::fuzz`) from a fresh seed.
fn differential_subset(gpu: &mut Gpu) {
    let seed = Rng::fresh_seed();
    let mut failed = Vec::new();
    for i in 0..16 {
        let case = host::fuzz::draw(seed.wrapping_add(i));
        let cmp = host::fuzz::run(gpu, &case).unwrap_or_else(|e| panic!("{case:?}: {e}"));
        if !cmp.passed(false) {
            failed.push(format!("{:?} seed {}: {cmp}", case.shape, case.seed));
        }
    }
    println!("differential subset from seed {seed}: {} of 16 failed", failed.len());
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn gemv_differential_fast_subset() {
    let Some(mut gpu) = gpu_for_test("gemv_differential_fast_subset") else { return };
    differential_subset(&mut gpu);
}

#[test]
fn gemv_split_k() {
    let Some(mut gpu) = gpu_for_test("gemv_split_k") else { return };
    // 2560 = 5 tiles of 512: four splits of 2 tiles leave the last one empty. K = 12288 is
    // past `SPLIT_MIN_K`, so the automatic split splits (100, 12288, 1) too.
    let shapes = [
        Shape::new(37, 4096, 2),
        Shape::new(256, 7168, 1),
        Shape::new(1000, 2304, 3),
        Shape::new(50, 2560, 2),
        Shape::new(100, 12288, 1),
    ];
    let long = Shape::new(100, 12288, 1);
    assert!(gpu.splits_for(long, &gpu.kernel_for(long).tile) > 1, "auto splits {long:?}");
    // Split sums through distributed shared memory (clusters of up to CLUSTER_SPLITS_MAX,
    // 12 splits go through global memory anyway), then through global memory only.
    for cluster in [true, false] {
        gpu.cluster_splits = cluster;
        for split in [
            SplitK::Fixed(2),
            SplitK::Fixed(3),
            SplitK::Fixed(4),
            SplitK::Fixed(8),
            SplitK::Fixed(12),
            SplitK::Auto,
        ] {
            gpu.split_k = split;
            println!("cluster_splits {cluster}, {split:?}");
            check_shapes(&gpu, &shapes, Distribution::FullRange);
            check_shapes(&gpu, &shapes, Distribution::Contest);
        }
    }
}

#[test]
fn gemv_automatic_cluster_plans() {
    let Some(mut gpu) = gpu_for_test("gemv_automatic_cluster_plans") else { return };
    // Seven splits padded to a cluster of eight with one split without tiles
    // (kernel::layout::CLUSTER_PAD_FROM), five with three (CLUSTER_PAD_SMALL_FROM); grids of
    // more than half a block per SM whose counts come from Shape::half_full_split_order (on
    // the H200 (1408, 12288, 1)'s first, three, does not fit in clusters and the host takes
    // the next); and (1152, 20480, 1), whose seven splits do not fit in clusters on the H200
    // (host::gpu::fallback_splits: under PDL five); (768, 11264, 1), four uneven splits where
    // K allows fewer than two blocks per SM (Shape::splits_clustered). Plain launches, then PDL.
    let shapes = [
        Shape::new(64, 14336, 1),
        Shape::new(64, 10240, 1),
        Shape::new(128, 20480, 1),
        Shape::new(1408, 12288, 1),
        Shape::new(1536, 16384, 1),
        Shape::new(1152, 12288, 1),
        Shape::new(1152, 20480, 1),
        Shape::new(768, 11264, 1),
    ];
    for pdl in [false, true] {
        if pdl {
            gpu.enable_pdl().expect("loading the PTX for programmatic dependent launch");
        }
        for &s in &shapes {
            let k = gpu.kernel_for(s).clone();
            let (splits, cluster) = gpu.split_plan(s, &k).expect("split plan");
            let rule = s.splits_clustered(&k.tile, gpu.info.sm_count, gpu.launch_mode());
            println!("{s:?} pdl {pdl}: {} {splits} splits, cluster {cluster} (rule {rule})", k.name);
            let fallbacks = fallback_splits(s, &k.tile, gpu.info.sm_count, gpu.launch_mode(), rule);
            if cluster {
                let listed = fallbacks.contains(&splits) || splits == gpu.splits_for(s, &k.tile);
                assert!(splits == rule || listed, "{s:?}: {splits} splits, neither the rule's nor listed");
            }
            let h200 = gpu.info.sm_count == 132 && gpu.build.name == "sm_90a";
            if h200 && pdl && s == Shape::new(1152, 20480, 1) {
                assert_eq!((splits, cluster), (5, true), "{s:?}: the first fallback count that fits");
            }
            let padded = rule == 8 && (5..=7).contains(&s.splits_with_tiles(&k.tile, 8));
            if padded {
                assert_eq!((splits, cluster), (8, true), "{s:?}: five to seven splits padded to eight");
            }
            if h200 && s.m <= 128 {
                assert!(padded, "{s:?}: on the H200 the rule pads these splits to eight");
            }
        }
        check_shapes(&gpu, &shapes, Distribution::FullRange);
    }
}

#[test]
fn gemv_cluster_and_global_split_sums_agree_bit_for_bit() {
    let Some(mut gpu) = gpu_for_test("gemv_cluster_and_global_split_sums_agree_bit_for_bit") else { return };
    // Both paths add the splits' sums in split order, so `c` is the same to the bit. An entry
    // point with a cluster twin (`kernel::layout::kernel_name::CLUSTER_TWINS`).
    gpu.use_variant("nvfp4_gemv_bm16_k1024_s4_w8_p2").expect("listed variant");
    let seed = Rng::fresh_seed();
    for (s, splits) in
        [(Shape::new(100, 12288, 1), 4), (Shape::new(37, 8192, 2), 8), (Shape::new(300, 20480, 1), 2)]
    {
        let x = generate(s, Distribution::FullRange, seed);
        gpu.split_k = SplitK::Fixed(splits);
        let mut runs = Vec::new();
        for cluster in [true, false] {
            gpu.cluster_splits = cluster;
            let d = gpu.upload(&x).expect("upload");
            assert_eq!(d.splits(), splits, "{s:?}");
            assert_eq!(d.cluster_reduce(), cluster, "{s:?} with {splits} splits");
            let c = gpu.gemv(&x).expect("GEMV");
            let cmp = compare(&c, &gemv_reference(&x), s.k, POISON);
            println!("{s:?}, {splits} splits, cluster {cluster}, seed {seed}: {cmp}");
            assert!(cmp.passed(false), "{s:?} cluster {cluster}: {cmp}");
            runs.push(c.iter().map(|h| h.to_bits()).collect::<Vec<u16>>());
        }
        assert!(runs[0] == runs[1], "{s:?}: cluster and global split sums differ");
    }
}

#[test]
fn gemv_every_variant() {
    let Some(mut gpu) = gpu_for_test("gemv_every_variant") else { return };
    every_entry_point(&mut gpu);
}

#[test]
fn gemv_direct_kernel() {
    let Some(mut gpu) = gpu_for_test("gemv_direct_kernel") else { return };
    gpu.use_variant(kernel::layout::kernel_name::GEMV_DIRECT).expect("the direct kernel is loaded");
    // K past DIRECT_MAX_K (forced splits, one of them partial), K % 256 = 64 and 192 (partial
    // steps), row tails, batches, a single row.
    let shapes = [
        Shape::new(40, 16448, 1),
        Shape::new(300, 33024, 2),
        Shape::new(7, 64, 3),
        Shape::new(129, 1088, 1),
        Shape::new(1, 4032, 1),
        Shape::new(2000, 7168, 2),
    ];
    for split in [SplitK::Off, SplitK::Auto, SplitK::Fixed(3), SplitK::Fixed(4)] {
        gpu.split_k = split;
        println!("{split:?}");
        check_shapes(&gpu, &shapes, Distribution::FullRange);
        check_shapes(&gpu, &[Shape::new(50, 2560, 2)], Distribution::FullRange);
        check_shapes(&gpu, &shapes[..2], Distribution::Contest);
    }
}

#[test]
fn gemv_rejects_bad_input_before_the_gpu() {
    let Some(gpu) = gpu_for_test("gemv_rejects_bad_input_before_the_gpu") else {
        return;
    };
    let mut x = generate(Shape::new(128, 512, 1), Distribution::Contest, 1);
    x.sfa.pop();
    let e = gpu.gemv(&x).unwrap_err();
    assert!(matches!(e, host::Error::BufferLength { arg: "sfa", .. }), "{e}");
    let x = generate(Shape::new(128, 512, 1), Distribution::Contest, 1);
    let mut y = x.clone();
    y.shape.k = 480; // a multiple of 32, not of 64
    assert!(matches!(gpu.gemv(&y).unwrap_err(), host::Error::Shape(_)));
}

#[test]
fn gemv_programmatic_dependent_launch() {
    let Some(mut gpu) = gpu_for_test("gemv_programmatic_dependent_launch") else { return };
    gpu.enable_pdl().expect("loading the PTX for programmatic dependent launch");
    // Every entry point (K = 5184: scales by cp.async, waited for like b), and K splits.
    let shapes = [Shape::new(100, 5120, 2), Shape::new(77, 5184, 2), Shape::new(1000, 2304, 3)];
    for v in gpu.variant_names() {
        gpu.use_variant(v).expect("listed variant");
        println!("{v}");
        check_shapes(&gpu, &shapes, Distribution::FullRange);
    }
    gpu.auto_tiles = true;
    // With PDL enabled the per-shape choice is the PDL rule's (it differs from the plain
    // launches' pick on this shape).
    if gpu.build.per_shape_choice {
        let s = Shape::new(7168, 2048, 4);
        let pdl_pick = choose_variant(s, gpu.info.sm_count, Launch::Pdl);
        assert_ne!(pdl_pick, choose_variant(s, gpu.info.sm_count, Launch::Plain));
        assert_eq!(gpu.kernel_for(s).name, pdl_pick);
        // The one-wave correction applies under PDL too: (16384, 4096, 1) has 1024 blocks of 16
        // rows, which the one-producer twin (8 per SM on the H200) runs in one wave and the
        // two-producer pick (6 per SM) in two.
        let s = Shape::new(16384, 4096, 1);
        let pdl_pick = choose_variant(s, gpu.info.sm_count, Launch::Pdl);
        let twin = pdl_pick.strip_suffix("_p2").unwrap_or(pdl_pick);
        let got = gpu.kernel_for(s).name;
        assert!(got == pdl_pick || got == twin, "{got}");
        if gpu.info.sm_count == 132 {
            assert_eq!((pdl_pick, got), ("nvfp4_gemv_bm16_k512_s4_p2", "nvfp4_gemv_bm16_k512_s4"));
        }
    }
    gpu.split_k = SplitK::Fixed(3);
    check_shapes(&gpu, &[Shape::new(37, 4096, 2), Shape::new(256, 7168, 1)], Distribution::Contest);
    // Back to back without synchronising: four problems, then one problem (split K, so the
    // tickets are reused) twice; each launch may start while the one before it finishes.
    // Grids the GPU holds twice at once let the next kernel start after their loads (e.g.
    // (7168, 2048, 1), 448 blocks), larger ones as their blocks begin (e.g. (7168, 2048, 4),
    // 1792 blocks).
    gpu.split_k = SplitK::Auto;
    let seed = Rng::fresh_seed();
    let xs: Vec<GemvInputs> = [
        Shape::new(7168, 2048, 1),
        Shape::new(64, 16384, 1),
        Shape::new(4096, 7168, 2),
        Shape::new(7168, 2048, 4),
    ]
    .iter()
    .enumerate()
    .map(|(i, &s)| generate(s, Distribution::Contest, seed.wrapping_add(i as u64)))
    .collect();
    let mut ds: Vec<_> = xs.iter().map(|x| gpu.upload(x).expect("upload")).collect();
    for d in ds.iter_mut() {
        gpu.fill_c(d, POISON).expect("poison");
    }
    for round in 0..2 {
        for d in ds.iter_mut() {
            gpu.launch_gemv(d).expect("launch");
        }
        gpu.launch_gemv(&mut ds[1]).expect("launch");
        for (x, d) in xs.iter().zip(&ds) {
            let c = gpu.download_c(d).expect("download");
            let cmp = compare(&c, &gemv_reference(x), x.shape.k, POISON);
            println!("back to back, round {round}, {:?} seed {seed}: {cmp}", x.shape);
            assert!(cmp.passed(true), "{:?}: {cmp}", x.shape);
        }
    }
    // How many stages of `a` go out before the wait (the default: two, never all of a block's
    // tiles), and each trigger. (7168,2048,1): two K tiles, one of them before the wait.
    use host::pdl::PdlTrigger;
    let shapes = [
        Shape::new(4096, 7168, 1),
        Shape::new(37, 4096, 2),
        Shape::new(1000, 2304, 3),
        Shape::new(7168, 2048, 1),
    ];
    for (stages, trigger) in [
        (Some(0), PdlTrigger::Auto),
        (Some(1), PdlTrigger::AtStart),
        (Some(u32::MAX), PdlTrigger::AfterLoads),
        (Some(3), PdlTrigger::AtExit),
        (None, PdlTrigger::Auto),
    ] {
        gpu.pdl_prefetch_stages = stages;
        gpu.pdl_trigger = trigger;
        println!("prefetch {stages:?}, trigger {trigger:?}");
        check_shapes(&gpu, &shapes, Distribution::FullRange);
    }
    // The tiled layout's twins under PDL (their `a` copies go out before the wait too).
    (gpu.pdl_prefetch_stages, gpu.pdl_trigger) = (None, PdlTrigger::Auto);
    println!("tiled layout");
    tiled_twins_match_rows(&mut gpu);
}

// The B200 build's arithmetic on this GPU. `host::ptx::SM90A_EMULATED_SM100` is the sm_100a
// source (`b` prepared as f16, f16x2 FMAs per scale block, its tile, one entry point for
// every shape) compiled for sm_90a with `cvt.rn.f16x2.e2m1x2` done in software (tested on the
// CPU against every byte). These tests run it on an H100/H200; on a B200, whose own build
// every other test runs, they print `SKIPPED … not applicable`.

fn emulated_sm100(test: &str) -> Option<Gpu> {
    let gpu = gpu_with_build_for_test(test, host::ptx::SM90A_EMULATED_SM100)?;
    assert_eq!((gpu.build.name, gpu.gemv.tile), ("sm_90a-emulated-sm100", kernel::layout::SM100_TILE));
    println!("PTX build {}, default entry point {}", gpu.build.name, gpu.gemv.name);
    Some(gpu)
}

#[test]
fn emulated_sm100_contest_and_benchmark_shapes() {
    let Some(gpu) = emulated_sm100("emulated_sm100_contest_and_benchmark_shapes") else { return };
    // One entry point for every shape, as on the B200.
    assert_eq!(gpu.kernel_for(Shape::new(7168, 2048, 4)).name, gpu.gemv.name);
    check_shapes(&gpu, &TEST_SHAPES, Distribution::Contest);
    check_shapes(&gpu, &TEST_SHAPES, Distribution::FullRange);
    check_shapes(&gpu, &nvfp4_tests::BENCH_SHAPES, Distribution::Contest);
    check_shapes(&gpu, &nvfp4_tests::BENCH_SHAPES[..3], Distribution::FullRange);
}

#[test]
fn emulated_sm100_tails_scales_splits_and_epilogues() {
    let Some(mut gpu) = emulated_sm100("emulated_sm100_tails_scales_splits_and_epilogues") else { return };
    for dist in [Distribution::FullRange, Distribution::Contest] {
        check_shapes(&gpu, &TAIL_SHAPES, dist);
        check_shapes(&gpu, &K64_SHAPES, dist);
    }
    let split = [Shape::new(37, 4096, 2), Shape::new(256, 7168, 1), Shape::new(50, 2560, 2)];
    for s in [SplitK::Fixed(2), SplitK::Fixed(3), SplitK::Fixed(4), SplitK::Auto] {
        gpu.split_k = s;
        println!("{s:?}");
        check_shapes(&gpu, &split, Distribution::FullRange);
    }
    gpu.split_k = SplitK::Auto;
    let seed = Rng::fresh_seed();
    let s = Shape::new(300, 2048, 2);
    let x = generate(s, Distribution::FullRange, seed);
    let c = gpu.gemv_bf16(&x, -0.375).expect("bf16 GEMV");
    let e = Epilogue { alpha: -0.375, ..Epilogue::default() };
    let cmp = compare(&c, &gemv_reference_with(&x, &e), s.k, POISON_BF16);
    println!("{s:?} bf16 seed {seed}: {cmp}");
    assert!(cmp.passed(false), "bf16: {cmp}");
    let c_in: Vec<half::f16> =
        (0..s.c_len()).map(|i| half::f16::from_f32((i % 41) as f32 / 4.0 - 5.0)).collect();
    let e = Epilogue { alpha: -1.5, beta: 0.5, c_in: Some(c_in) };
    let cmp = compare(&gpu.gemv_with(&x, &e).expect("GEMV"), &gemv_reference_with(&x, &e), s.k, POISON);
    println!("{s:?} alpha -1.5 beta 0.5 seed {seed}: {cmp}");
    assert!(cmp.passed(false), "alpha/beta: {cmp}");
    let (sfa, sfb) = x.blocked_scales();
    let y = GemvInputs::from_blocked_scales(s, x.a.clone(), x.b.clone(), &sfa, &sfb).expect("blocked inputs");
    let cmp = compare(&gpu.gemv(&y).expect("GEMV"), &gemv_reference(&x), s.k, POISON);
    println!("{s:?} blocked scales seed {seed}: {cmp}");
    assert!(cmp.passed(false), "blocked scales: {cmp}");
}

#[test]
fn emulated_sm100_every_entry_point() {
    let Some(mut gpu) = emulated_sm100("emulated_sm100_every_entry_point") else { return };
    every_entry_point(&mut gpu);
    // The direct kernel past DIRECT_MAX_K (forced splits) and with partial steps.
    gpu.use_variant(kernel::layout::kernel_name::GEMV_DIRECT).expect("the direct kernel is loaded");
    for split in [SplitK::Auto, SplitK::Fixed(3)] {
        gpu.split_k = split;
        println!("direct, {split:?}");
        check_shapes(&gpu, &[Shape::new(40, 16448, 1), Shape::new(129, 1088, 1)], Distribution::FullRange);
    }
}

#[test]
fn emulated_sm100_differential_and_pdl() {
    let Some(mut gpu) = emulated_sm100("emulated_sm100_differential_and_pdl") else { return };
    differential_subset(&mut gpu);
    gpu.use_variant("auto").expect("auto");
    gpu.split_k = SplitK::Auto;
    println!("tiled layout");
    tiled_twins_match_rows(&mut gpu);
    gpu.split_k = SplitK::Auto;
    gpu.cluster_splits = true;
    gpu.enable_pdl().expect("loading the PTX for programmatic dependent launch");
    check_shapes(&gpu, &nvfp4_tests::BENCH_SHAPES[..3], Distribution::Contest);
    check_shapes(&gpu, &[Shape::new(64, 16384, 1), Shape::new(1000, 2304, 3)], Distribution::FullRange);
}
