//! `nvfp4_gemv_direct`: the GEMV with direct loads of `a` ([`Pipeline::Direct`]).
//!
//! Measured on the H200 (BENCHMARKS.md): a TMA pipeline of `bm × bk` boxes, without any
//! arithmetic, reads `a` in 1.09–1.14× the time of the read-only kernel on large shapes, and
//! warps whose 16-byte loads cover 16 rows × 64 bytes (the `mma` fragment layout) in 1.04–1.19×;
//! warps whose loads cover whole 128-byte lines of a row read at the read-only kernel's speed. This kernel keeps the arithmetic of
//! [`crate::gemv`] (the same [`compute`] module, tensor-core fragments and epilogue) and
//! replaces the pipeline:
//!
//! * Block: 16 rows of batch entry `blockIdx.y`, a K range (its split's share, at most
//!   [`crate::layout::DIRECT_MAX_K`]), `W` warps and no producer.
//! * Prologue: all threads prepare the block's `b` and `sfb` once into shared memory, in the
//!   layout of the TMA kernel's prepared slices ([`PREP_PASS_BYTES`] per [`BK`]).
//! * Steps of [`DIRECT_STEP_K`]: warp `w` takes steps `w, w + W, …`. Lane `4g + t` loads the
//!   32 bytes at K `256j + 64t` (chunks `2t`, `2t + 1` of the step) of rows `g` and `g + 8`
//!   (four 16-byte `ld.global.nc`) and their 4 scale bytes each; the four lanes of a row
//!   group read one whole 128-byte line. Loads run [`DIRECT_PREFETCH`] steps ahead of the
//!   arithmetic, in registers.
//! * Per chunk the lane runs [`compute::block_sums`] exactly as a TMA consumer lane does for
//!   its chunk; the cross-lane and cross-warp sums and the epilogue are shared code.
use crate::gemv::{
    Epilogue, SplitSmem, SplitWork, compute, f16x2_to_f32, gemv_entry_abi, sfb_prepared, store_block_rows,
    store_warp_partials,
};
use crate::layout::{
    BK, CLUSTER_SPLITS_MAX, DIRECT_PREFETCH, DIRECT_STEP_K, MAX_BM, MMA_ROWS, PREP_PASS_BYTES,
    PREP_SFB_OFFSET, PREP_ZERO_OFFSET, Pipeline, ROW_GROUPS, SF_VEC, TileConfig,
};
use crate::ptx::{cvt, f16x2, memory, misc};
use crate::smem::Carver;

/// What one lane loads for one step: 32 bytes of rows `g` and `g + 8` and their scale words.
#[derive(Clone, Copy)]
struct Step {
    /// Row `g`'s chunks `2t` and `2t + 1`, then row `g + 8`'s (16 bytes each).
    a: [[u32; 4]; 4],
    /// The 4 scale bytes of rows `g` and `g + 8` (chunk `2t`'s two in the low half).
    sf: [u32; 2],
}

const ZERO: Step = Step { a: [[0; 4]; 4], sf: [0; 2] };

/// The direct GEMV. Grid `(ceil(m / 16), l, splits)`, `32 · W` threads,
/// `DIRECT_TILE.launch_smem_bytes(per_split)` bytes of dynamic shared memory.
///
/// # Safety
/// `a`, `b`, `sfa`, `sfb` hold a problem of shape `(m, k, l)` in the layout of
/// [`crate::layout`] (`k` a positive multiple of [`crate::layout::K_MULTIPLE`]); `c` and
/// `epilogue.c_in` (if not null) hold `l · m` 16-bit values; the split covers at most
/// [`crate::layout::DIRECT_MAX_K`] of K; `work` as for [`crate::gemv`].
#[inline(always)]
unsafe fn gemv_direct<const W: u32>(
    [a, b, sfa, sfb]: [*const u8; 4],
    c: *mut u16,
    m: u32,
    k: u32,
    work: SplitWork,
    epilogue: Epilogue,
    pdl: bool,
) {
    const BM: u32 = MMA_ROWS;
    const { TileConfig { bm: BM, stages: DIRECT_PREFETCH, bk: BK, warps: W, pipeline: Pipeline::Direct }.check() };
    let tile = TileConfig { bm: BM, stages: DIRECT_PREFETCH, bk: BK, warps: W, pipeline: Pipeline::Direct };
    let tid = misc::thread_idx_x();
    // Programmatic dependent launch (no-ops otherwise): let the next kernel start, and wait
    // for the previous one before reading anything (`b` may be its output).
    if pdl {
        if tid == 0 {
            misc::launch_dependents();
        }
        misc::wait_prerequisites();
    }
    let (warp, lane) = (tid / 32, tid % 32);
    let (g, t) = (lane / 4, lane % 4);
    let row0 = misc::block_idx_x() * BM;
    let l = misc::block_idx_y();

    // This split's slices of BK: `s0 .. s0 + slices` (`per` allocated, as the host sized it).
    // `max(1)`: a grid's z extent is at least 1 anyway; this spares a division-by-zero panic
    // path.
    let (split, splits) = (misc::block_idx_z(), misc::grid_dim_z().max(1));
    let all = k.div_ceil(BK);
    let per = all.div_ceil(splits);
    let s0 = (split * per).min(all);
    let slices = per.min(all - s0);
    let (k0, k_end) = (s0 * BK, ((s0 + slices) * BK).min(k));
    // An empty split (a fixed split count can leave the last one without slices) has no steps.
    let steps = k_end.saturating_sub(k0).div_ceil(DIRECT_STEP_K);

    let mut carve = Carver::dynamic();
    let prep = carve.take::<u8>(per * PREP_PASS_BYTES, 128);
    let partials = carve.take::<f32>(W * BM, 16);
    let last_flag = carve.take::<u32>(1, 4).at(0);
    let cluster_sums = carve.take::<f32>(CLUSTER_SPLITS_MAX * BM, 16);
    // The host sizes the launch with `launch_smem_bytes(per)`: the same offsets.
    debug_assert!(partials.offset() - prep.offset() == tile.direct_reduce_offset(per));
    debug_assert!(cluster_sums.offset() - prep.offset() == tile.direct_cluster_sums_offset(per));
    let split_smem = SplitSmem { last_flag, cluster_sums };

    // Rows past `m` read row `m − 1` (their sums are never stored).
    let (kb, ks) = (k as usize / 2, (k / SF_VEC) as usize);
    let row = |r: u32| l as usize * m as usize + (row0 + r).min(m - 1) as usize;
    let (a_g, a_g8) = (a.wrapping_add(row(g) * kb), a.wrapping_add(row(g + 8) * kb));
    let (sf_g, sf_g8) = (sfa.wrapping_add(row(g) * ks), sfa.wrapping_add(row(g + 8) * ks));

    // Step `i` of this warp is step `j = warp + W·i` of the block; this lane's K there is
    // `k0 + 256j + 64t`, whole or past the end (k is a multiple of 64).
    let load = |i: u32| -> Step {
        let j = warp + W * i;
        let kk = k0 + DIRECT_STEP_K * j + 64 * t;
        if j >= steps || kk >= k_end {
            return ZERO;
        }
        let (ab, sf) = ((kk / 2) as usize, (kk / SF_VEC) as usize);
        // Streamed: no L1 allocation, 256-byte L2 fetches (1–3% faster than plain `.nc`
        // loads on the H200, BENCHMARKS.md).
        let v = |p: *const u8| unsafe { memory::ld_global_nc_stream_v4(p.cast()) };
        unsafe {
            Step {
                a: [v(a_g.add(ab)), v(a_g.add(ab + 16)), v(a_g8.add(ab)), v(a_g8.add(ab + 16))],
                sf: [
                    memory::ld_global_nc_u32(sf_g.add(sf).cast()),
                    memory::ld_global_nc_u32(sf_g8.add(sf).cast()),
                ],
            }
        }
    };
    // The first steps' loads go out before the prologue, which they overlap. Three named
    // buffers, not an array indexed in a loop, so that they stay in registers.
    const _: () = assert!(DIRECT_PREFETCH == 3, "the loop below holds three steps");
    let (mut next0, mut next1, mut next2) = (load(0), load(1), load(2));

    // Prologue: the block's `b` (K/8 words per batch entry) and `sfb`, prepared per slice;
    // zeros past `k`.
    let (b_words, sfb_row) =
        (b.cast::<u32>().wrapping_add(l as usize * (k / 8) as usize), sfb.wrapping_add(l as usize * ks));
    let slice = |p: u32| prep.at(p * PREP_PASS_BYTES);
    let mut i = tid;
    while i < slices * (BK / 8) {
        let (p, word) = (i / (BK / 8), i % (BK / 8));
        let at = (s0 + p) * (BK / 8) + word;
        let w = if at < k / 8 { unsafe { memory::ld_global_nc_u32(b_words.add(at as usize)) } } else { 0 };
        unsafe { compute::prepare_b_value(w, slice(p), word) };
        i += 32 * W;
    }
    let mut i = tid;
    while i < slices * (BK / SF_VEC) {
        let (p, j) = (i / (BK / SF_VEC), i % (BK / SF_VEC));
        let at = ((s0 + p) * (BK / SF_VEC) + j) as usize;
        let v = if at < ks {
            sfb_prepared(unsafe { memory::ld_global_nc_u8(sfb_row.add(at)) }, compute::PRODUCT_SCALE)
        } else {
            0.0
        };
        unsafe { memory::st_shared_f32(slice(p) + PREP_SFB_OFFSET + 4 * j, v) };
        i += 32 * W;
    }
    let mut p = tid;
    while p < slices {
        unsafe { memory::st_shared_v4(slice(p) + PREP_ZERO_OFFSET, [0; 4]) };
        p += 32 * W;
    }
    misc::sync_threads();

    // Chunk `h` (0, 1) of this lane in step j is chunk `8j + 2t + h` of the block's range:
    // slice `j / 2`, chunk `8(j % 2) + 2t + h` there.
    let mut acc = [0f32; (MAX_BM / ROW_GROUPS) as usize];
    let consume = |i: u32, s: &Step, acc: &mut [f32; (MAX_BM / ROW_GROUPS) as usize]| unsafe {
        let j = warp + W * i;
        let at = slice(j / 2);
        let mut h = 0;
        while h < 2 {
            let q = 8 * (j % 2) + 2 * t + h as u32;
            let bf = compute::load_b(at, compute::b_lane(g, t, q, 0));
            let [sfb0, sfb1] = memory::ld_shared_v2(at + PREP_SFB_OFFSET + 8 * q).map(f32::from_bits);
            let d = compute::block_sums(s.a[h], s.a[2 + h], &bf);
            let (x0, x1) = f16x2_to_f32(cvt::e4m3x2_to_f16x2((s.sf[0] >> (16 * h)) as u16));
            let (y0, y1) = f16x2_to_f32(cvt::e4m3x2_to_f16x2((s.sf[1] >> (16 * h)) as u16));
            acc[0] = f16x2::fma_f32(d[0], x0 * sfb0, acc[0]);
            acc[0] = f16x2::fma_f32(d[1], x1 * sfb1, acc[0]);
            acc[1] = f16x2::fma_f32(d[2], y0 * sfb0, acc[1]);
            acc[1] = f16x2::fma_f32(d[3], y1 * sfb1, acc[1]);
            h += 1;
        }
    };
    let mine = if warp < steps { (steps - warp).div_ceil(W) } else { 0 };
    let mut i = 0;
    while i < mine {
        consume(i, &next0, &mut acc);
        next0 = load(i + 3);
        if i + 1 < mine {
            consume(i + 1, &next1, &mut acc);
        }
        next1 = load(i + 4);
        if i + 2 < mine {
            consume(i + 2, &next2, &mut acc);
        }
        next2 = load(i + 5);
        i += 3;
    }
    unsafe { store_warp_partials::<BM>(&acc, warp, g, t, partials) };
    misc::sync_threads();
    unsafe { store_block_rows::<BM, W, false>(partials, split_smem, c, m, row0, work, epilogue) }
}

gemv_entry_abi!(
    /// The direct GEMV ([`crate::layout::DIRECT_TILE`]), with the parameters of every GEMV entry
    /// point (`maps` unused).
    nvfp4_gemv_direct,
    |x| gemv_direct::<{ crate::layout::DIRECT_TILE.warps }>(
        [x.a, x.b, x.sfa, x.sfb],
        x.c,
        x.m,
        x.k,
        x.work,
        x.epilogue,
        x.pdl != crate::gemv::Pdl::Off,
    )
);
