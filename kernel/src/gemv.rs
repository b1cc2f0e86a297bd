//! `nvfp4_gemv`: the block-scaled FP4 GEMV.
//!
//! One source for both targets. The pipeline — tensor maps, shared-memory stages, `full` and
//! `empty` mbarriers, the TMA issue, the waits, the thread-to-data mapping, the scale
//! epilogue, the reductions and the store — is shared line for line; only [`compute`], which
//! turns one thread's 32-element chunks of two rows into four scale-block sums, differs:
//!
//! * **sm_90a**: e2m1 → int8 (twice the value, split by sign) with `prmt` table lookups
//!   ([`crate::formats::e2m1x8_to_s8x2_pos_neg`]), then sixteen `mma.sync.m16n8k32.s8`
//!   (`IMMA`, four per word: `a⁺b⁺ + a⁻b⁻ − a⁺b⁻ − a⁻b⁺`) per 16 rows × 128 K, exact in int32. The B operand is `b` masked so that
//!   column `n` of the 16×8 result holds the sum of scale block `n` (see [`compute`]).
//!   (Measured and replaced: f16x2 FMAs on an integer decode, and `mma…e4m3`, which sm_90
//!   does not run natively: ptxas expands it into e4m3 → f16 conversions and `HMMA`. See
//!   BENCHMARKS.md.)
//! * **sm_100a**: `cvt.rn.f16x2.e2m1x2`, chains of 8 `fma.rn.f16x2` per scale block, one
//!   `add.rn.f16x2` of the lanes (the seed's CUDA design).
//!
//! # Work of a thread
//! Block: `bm` rows of batch entry `blockIdx.y`, all of K, in stages of `bk` (passes of [`crate::layout::BK`]). Lane
//! `4g + t` of warp `w` owns chunk `q = 4w + t` (32 elements) of every pass, for rows
//! `g + 8i`. Per tile it reads its 16 bytes of `b` and 2 bytes of `sfb` once, then for each
//! pair of rows `(g + 16j, g + 16j + 8)` 2 × 16 bytes of `a` and 2 × 2 bytes of `sfa`, gets
//! four block sums, multiplies each by its fp32 scale product `sfa·sfb` and adds it to a
//! per-row fp32 accumulator. At the end the four lanes of a row group add their partials
//! with butterfly shuffles, the four warps theirs through shared memory, and one thread per
//! row rounds to fp16 and stores.
use crate::layout::{
    AB_PASS_BYTES, CHUNKS_PER_WARP, MAX_BM, MMA_ROWS, ROW_GROUPS, SF_PASS_BYTES, THREADS, TensorMap,
    TileConfig, WARPS, map,
};
use crate::ptx::{cvt, f16x2, mbarrier, memory, misc, shfl, tma};
use crate::smem::Carver;

/// The tile configuration of the default entry point of this build.
#[cfg(target_feature = "sm_100a")]
pub const TILE: TileConfig = crate::layout::SM100_TILE;
/// The tile configuration of the default entry point of this build.
#[cfg(not(target_feature = "sm_100a"))]
pub const TILE: TileConfig = crate::layout::SM90_TILE;

/// Chunk arithmetic, the one part that differs between targets: from a thread's chunk of
/// `b` (prepared once per tile) and its chunks of rows `r` and `r + 8`, the four scale-block
/// sums `[r block 0, r block 1, r+8 block 0, r+8 block 1]`, each times `1 / PRODUCT_SCALE`.
#[cfg(not(target_feature = "sm_100a"))]
pub mod compute {
    use crate::formats::e2m1x8_to_s8x2_pos_neg;
    use crate::ptx::mma;

    /// The block sums come out as `Σ (2a)(2b)`: four times the true value.
    pub const PRODUCT_SCALE: f32 = 0.25;

    /// B operands of the `mma` of a chunk: for call `c`, word `c` of the chunk (elements
    /// `8c..8c+8`, scale block `c / 2`) as the int8 parts `pos`/`neg` of `2b`, taken only in
    /// the lanes whose B column `g` is that block's column `2t + c/2`, zero elsewhere (the
    /// word is zeroed before decoding: code 0 decodes to 0 in both parts). So column `n` of
    /// the 16×8 result collects scale block `n` of the warp's 128 K, and lane `(g, t)` ends
    /// up with the two blocks of its own chunk.
    pub struct BFrag {
        pos: [[u32; 2]; 4],
        neg: [[u32; 2]; 4],
    }

    /// Prepares the B operands of lane `(g, t)` from its 16 bytes of `b`.
    #[inline(always)]
    pub fn b_frag(w: [u32; 4], g: u32, t: u32) -> BFrag {
        let mut f = BFrag { pos: [[0; 2]; 4], neg: [[0; 2]; 4] };
        let mut c = 0;
        while c < 4 {
            let word = if g == 2 * t + c as u32 / 2 { w[c] } else { 0 };
            (f.pos[c], f.neg[c]) = e2m1x8_to_s8x2_pos_neg(word);
            c += 1;
        }
        f
    }

    /// Sixteen `mma.sync.m16n8k32.s8` (`IMMA`): per word `c` of the chunks of rows `r`
    /// (`a_r`) and `r + 8` (`a_r8`), `a·b = a⁺b⁺ + a⁻b⁻ − (a⁺b⁻ + a⁻b⁺)` with all four parts
    /// non-negative int8, in four independent int32 chains. Exact: `|Σ| ≤ 16·144` per block.
    ///
    /// # Safety
    /// All 32 lanes of the warp call this together (the `mma` is `.aligned`).
    #[inline(always)]
    pub unsafe fn block_sums(a_r: [u32; 4], a_r8: [u32; 4], b: &BFrag) -> [f32; 4] {
        // Four chains of four: `same`/`diff` for the even and the odd words.
        let (mut same, mut diff) = ([[0i32; 4]; 2], [[0i32; 4]; 2]);
        let mut c = 0;
        while c < 4 {
            let (p0, n0) = e2m1x8_to_s8x2_pos_neg(a_r[c]);
            let (p1, n1) = e2m1x8_to_s8x2_pos_neg(a_r8[c]);
            let (ap, an) = ([p0[0], p1[0], p0[1], p1[1]], [n0[0], n1[0], n0[1], n1[1]]);
            let h = c % 2;
            unsafe {
                same[h] = mma::m16n8k32_s8_s32(ap, b.pos[c], same[h]);
                diff[h] = mma::m16n8k32_s8_s32(ap, b.neg[c], diff[h]);
                same[h] = mma::m16n8k32_s8_s32(an, b.neg[c], same[h]);
                diff[h] = mma::m16n8k32_s8_s32(an, b.pos[c], diff[h]);
            }
            c += 1;
        }
        let d = |j: usize| (same[0][j] + same[1][j] - diff[0][j] - diff[1][j]) as f32;
        [d(0), d(1), d(2), d(3)]
    }
}

/// Chunk arithmetic, the one part that differs between targets (see the sm_90a version).
#[cfg(target_feature = "sm_100a")]
pub mod compute {
    use crate::ptx::{cvt, f16x2};

    /// The block sums are exact values (the cvt decode is exact).
    pub const PRODUCT_SCALE: f32 = 1.0;

    /// The 32 elements of the thread's `b` chunk as 16 f16x2.
    pub struct BFrag([u32; 16]);

    /// Decodes 16 bytes (32 e2m1) into 16 f16x2 with `cvt.rn.f16x2.e2m1x2`; words `0..8` are
    /// scale block 0.
    #[inline(always)]
    fn decode(w: [u32; 4]) -> [u32; 16] {
        let mut out = [0u32; 16];
        let mut i = 0;
        while i < 4 {
            let d = cvt::e2m1x2_to_f16x2_x4(w[i]);
            out[4 * i] = d[0];
            out[4 * i + 1] = d[1];
            out[4 * i + 2] = d[2];
            out[4 * i + 3] = d[3];
            i += 1;
        }
        out
    }

    /// Prepares lane `(g, t)`'s `b` chunk.
    #[inline(always)]
    pub fn b_frag(w: [u32; 4], _g: u32, _t: u32) -> BFrag {
        BFrag(decode(w))
    }

    /// The two block sums of one row's chunk as f32: per block two lanes of 8 f16x2 FMAs
    /// (products of e2m1 pairs are exact in f16), then one f16x2 add of the lanes.
    #[inline(always)]
    fn row(a: [u32; 4], b: &BFrag) -> (f32, f32) {
        let a = decode(a);
        let (mut s0, mut s1) = (0u32, 0u32);
        let mut j = 0;
        while j < 8 {
            s0 = f16x2::fma(a[j], b.0[j], s0);
            s1 = f16x2::fma(a[8 + j], b.0[8 + j], s1);
            j += 1;
        }
        // {s0.lo, s1.lo} + {s0.hi, s1.hi} = {block 0, block 1}
        let s = f16x2::add((s0 & 0xFFFF) | (s1 << 16), (s0 >> 16) | (s1 & 0xFFFF_0000));
        (cvt::f16_to_f32(s as u16), cvt::f16_to_f32((s >> 16) as u16))
    }

    /// Block sums of rows `r` and `r + 8`.
    ///
    /// # Safety
    /// None beyond the sm_90a version's contract (kept for one signature).
    #[inline(always)]
    pub unsafe fn block_sums(a_r: [u32; 4], a_r8: [u32; 4], b: &BFrag) -> [f32; 4] {
        let (x0, x1) = row(a_r, b);
        let (y0, y1) = row(a_r8, b);
        [x0, x1, y0, y1]
    }
}

/// The epilogue `c = alpha·Σ + beta·c_in` (the `beta` term only when `c_in` is not null;
/// `c_in` is fp16 in `c`'s layout and may be `c` itself).
#[derive(Clone, Copy)]
struct Epilogue {
    alpha: f32,
    beta: f32,
    c_in: *const u16,
}

/// f16x2 → (low, high) as f32.
#[inline(always)]
fn f16x2_to_f32(h: u32) -> (f32, f32) {
    (cvt::f16_to_f32(h as u16), cvt::f16_to_f32((h >> 16) as u16))
}

/// The GEMV for one tile configuration. Grid `(ceil(m / BM), l)`, [`crate::layout::GEMV_THREADS`] threads,
/// `TileConfig { bm: BM, stages: STAGES }.smem_bytes()` of dynamic shared memory.
///
/// The result is `c = fp16(alpha·Σ + beta·c_in)`, with the `beta` term only when `c_in` is
/// not null (NVFP4's per-tensor scales go into `alpha`).
///
/// `grid.z` splits K (see `Shape::splits`); with more than one split, `split_sums` holds
/// `grid.z · l · m` fp32 and `tickets` `l · grid.x` zeroed `u32` (the kernel leaves them
/// zeroed again).
///
/// # Safety
/// `maps` points to [`map::COUNT`] tensor maps encoded by the host as [`map`] describes for
/// this `m`, `k` and `BM`; `c` holds `l · m` fp16; `k` is a positive multiple of
/// [`crate::layout::K_MULTIPLE`]; `split_sums` and `tickets` as above.
#[inline(always)]
unsafe fn gemv<const BM: u32, const STAGES: u32, const BKS: u32>(
    maps: *const TensorMap,
    c: *mut u16,
    m: u32,
    k: u32,
    split_sums: *mut f32,
    tickets: *mut u32,
    epilogue: Epilogue,
) {
    const { TileConfig { bm: BM, stages: STAGES, bk: BKS }.check() };
    let tile = TileConfig { bm: BM, stages: STAGES, bk: BKS };
    let rows = (BM / ROW_GROUPS) as usize; // accumulators per thread
    let tid = misc::thread_idx_x();
    let (warp, lane) = (tid / 32, tid % 32);
    let (g, t) = (lane / CHUNKS_PER_WARP, lane % CHUNKS_PER_WARP);
    let q = CHUNKS_PER_WARP * warp + t; // this thread's chunk of every K tile
    let row0 = misc::block_idx_x() * BM;
    let l = misc::block_idx_y();

    let mut carve = Carver::dynamic();
    let stages = carve.take::<u8>(STAGES * tile.stage_bytes(), 128);
    let bars = carve.take::<u64>(2 * STAGES, 8);
    let partials = carve.take::<f32>(WARPS * BM, 16);
    let last_flag = carve.take::<u32>(1, 4).at(0);
    let stage = |s: u32| stages.at(s * tile.stage_bytes());
    let full = |s: u32| bars.at(s);
    let empty = |s: u32| bars.at(STAGES + s);

    let map_a = unsafe { maps.add(map::A) }.cast::<u8>();
    let map_sfa = unsafe { maps.add(map::SFA) }.cast::<u8>();
    let map_b = unsafe { maps.add(map::B) }.cast::<u8>();
    let map_sfb = unsafe { maps.add(map::SFB) }.cast::<u8>();

    // This block's share of K: split `z` of `grid.z` takes tiles `kt0 .. kt0 + tiles`.
    let (split, splits) = (misc::block_idx_z(), misc::grid_dim_z());
    let all_tiles = k.div_ceil(BKS);
    let per_split = all_tiles.div_ceil(splits);
    let kt0 = (split * per_split).min(all_tiles);
    let tiles = per_split.min(all_tiles - kt0);

    // The producer fills stage `s` with K tile `kt0 + kt`.
    let issue = |s: u32, kt: u32| unsafe {
        let (dst, bar) = (stage(s), full(s));
        let k0 = ((kt0 + kt) * BKS) as i32;
        let ab = k0 / 2 / tile.ab_elem_bytes() as i32; // in tensor-map elements
        mbarrier::arrive_expect_tx(bar, tile.tx_bytes());
        tma::load_3d(dst, map_a, bar, ab, row0 as i32, l as i32);
        tma::load_3d(dst + tile.sfa_offset(), map_sfa, bar, k0 / 16, row0 as i32, l as i32);
        tma::load_2d(dst + tile.b_offset(), map_b, bar, ab, l as i32);
        tma::load_2d(dst + tile.sfb_offset(), map_sfb, bar, k0 / 16, l as i32);
    };

    if tid == 0 {
        unsafe {
            for s in 0..STAGES {
                mbarrier::init(full(s), 1);
                mbarrier::init(empty(s), THREADS);
            }
            mbarrier::fence_init();
        }
    }
    misc::sync_threads();

    if warp == WARPS {
        // The producer warp: lane 0 keeps every stage full. Use `u` of stage `s` (tile
        // `kt = u·STAGES + s`) waits until the consumers released use `u − 1`.
        if lane == 0 {
            for kt in 0..tiles {
                let s = kt % STAGES;
                if kt >= STAGES {
                    unsafe { mbarrier::wait_parity(empty(s), (kt / STAGES - 1) & 1) };
                }
                issue(s, kt);
            }
        }
    } else {
        let mut acc = [0f32; (MAX_BM / ROW_GROUPS) as usize];
        // The arithmetic of one K tile in stage `s` (no waiting or releasing).
        // The arithmetic of pass `p` of the K tile in stage `s` (no waiting or releasing).
        let consume = |s: u32, p: u32, acc: &mut [f32; (MAX_BM / ROW_GROUPS) as usize]| unsafe {
            let base = stage(s);
            let (ab, sf) = (AB_PASS_BYTES * p + 16 * q, SF_PASS_BYTES * p + 2 * q);
            let b = compute::b_frag(memory::ld_shared_v4(base + tile.b_offset() + ab), g, t);
            let (sfb0, sfb1) =
                f16x2_to_f32(cvt::e4m3x2_to_f16x2(memory::ld_shared_u16(base + tile.sfb_offset() + sf)));
            let (sfb0, sfb1) = (sfb0 * compute::PRODUCT_SCALE, sfb1 * compute::PRODUCT_SCALE);
            let mut i = 0;
            while i < rows {
                // Rows r and r + 8 of the block: one tensor-core tile.
                let r = g + MMA_ROWS * (i as u32 / 2);
                let a_at = |row: u32| base + row * tile.ab_row_bytes() + ab;
                let sfa_at = |row: u32| base + tile.sfa_offset() + row * tile.sf_row_bytes() + sf;
                let d =
                    compute::block_sums(memory::ld_shared_v4(a_at(r)), memory::ld_shared_v4(a_at(r + 8)), &b);
                let (x0, x1) = f16x2_to_f32(cvt::e4m3x2_to_f16x2(memory::ld_shared_u16(sfa_at(r))));
                let (y0, y1) = f16x2_to_f32(cvt::e4m3x2_to_f16x2(memory::ld_shared_u16(sfa_at(r + 8))));
                acc[i] = f16x2::fma_f32(d[0], x0 * sfb0, acc[i]);
                acc[i] = f16x2::fma_f32(d[1], x1 * sfb1, acc[i]);
                acc[i + 1] = f16x2::fma_f32(d[2], y0 * sfb0, acc[i + 1]);
                acc[i + 1] = f16x2::fma_f32(d[3], y1 * sfb1, acc[i + 1]);
                i += 2;
            }
        };
        let wait = |kt: u32| unsafe { mbarrier::wait_parity(full(kt % STAGES), (kt / STAGES) & 1) };
        let release = |kt: u32| unsafe {
            mbarrier::arrive(empty(kt % STAGES));
        };
        for kt in 0..tiles {
            wait(kt);
            for p in 0..tile.passes() {
                consume(kt % STAGES, p, &mut acc);
            }
            release(kt);
        }

        // Lanes t = 0..4 of a row group hold the same rows: butterfly over lane bits 0 and 1.
        // Accumulator i is row g + 8·(i % 2) + 16·(i / 2) = g + 8i of the block.
        let mut i = 0;
        while i < rows {
            let mut v = acc[i];
            v += unsafe { shfl::bfly_f32(v, 1, 0xFFFF_FFFF) };
            v += unsafe { shfl::bfly_f32(v, 2, 0xFFFF_FFFF) };
            if t == 0 {
                unsafe { memory::st_shared_f32(partials.at(warp * BM + g + ROW_GROUPS * i as u32), v) };
            }
            i += 1;
        }
    }
    misc::sync_threads();
    let row = row0 + tid;
    // c = alpha·Σ (+ beta·c_in), rounded once to fp16.
    let out = |v: f32| unsafe {
        let idx = l as usize * m as usize + row as usize;
        let mut r = epilogue.alpha * v;
        if !epilogue.c_in.is_null() {
            r = f16x2::fma_f32(
                epilogue.beta,
                cvt::f16_to_f32(memory::ld_global_u16(epilogue.c_in.add(idx))),
                r,
            );
        }
        memory::st_global_cs_u16(c.add(idx), cvt::f32_to_f16(r))
    };
    let mut v = 0f32;
    if tid < BM {
        for w in 0..WARPS {
            v += unsafe { memory::ld_shared_f32(partials.at(w * BM + tid)) };
        }
    }
    if splits == 1 {
        if tid < BM && row < m {
            out(v);
        }
        return;
    }
    // Split K: every split stores its row sums; the last block of the row tile to arrive
    // (an atomic ticket per row tile) adds them in split order, so the result does not
    // depend on arrival order, and resets the ticket for the next launch.
    let slot = |z: u32| unsafe {
        split_sums.add((z as usize * misc::grid_dim_y() as usize + l as usize) * m as usize + row as usize)
    };
    if tid < BM && row < m {
        unsafe { memory::st_global_f32(slot(split), v) };
    }
    memory::fence_acq_rel_gpu();
    misc::sync_threads();
    let ticket = unsafe { tickets.add((l * misc::grid_dim_x() + misc::block_idx_x()) as usize) };
    if tid == 0 {
        let last = unsafe { memory::atom_add_global_u32(ticket, 1) } == splits - 1;
        unsafe { memory::st_shared_u32(last_flag, last as u32) };
    }
    misc::sync_threads();
    if unsafe { memory::ld_shared_u32(last_flag) } != 0 {
        memory::fence_acq_rel_gpu();
        if tid < BM && row < m {
            let mut sum = 0f32;
            for z in 0..splits {
                sum += unsafe { memory::ld_global_cg_f32(slot(z)) };
            }
            out(sum);
        }
        if tid == 0 {
            unsafe { memory::st_global_u32(ticket, 0) };
        }
    }
}

/// Declares a `ptx-kernel` entry point running [`gemv`] with a tile configuration.
macro_rules! gemv_entry {
    ($(#[$doc:meta])* $name:ident, $tile:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// As [`gemv`].
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(
            maps: *const TensorMap,
            c: *mut u16,
            m: u32,
            k: u32,
            split_sums: *mut f32,
            tickets: *mut u32,
            alpha: f32,
            beta: f32,
            c_in: *const u16,
        ) {
            const T: TileConfig = $tile;
            let epilogue = Epilogue { alpha, beta, c_in };
            unsafe { gemv::<{ T.bm }, { T.stages }, { T.bk }>(maps, c, m, k, split_sums, tickets, epilogue) }
        }
    };
}

gemv_entry!(
    /// The GEMV with this build's tile configuration [`TILE`].
    nvfp4_gemv,
    TILE
);
gemv_entry!(
    /// Tuning variant, `layout::VARIANTS[0]`.
    nvfp4_gemv_bm16_k512_s4,
    crate::layout::VARIANTS[0].1
);
gemv_entry!(
    /// Tuning variant, `layout::VARIANTS[1]`.
    nvfp4_gemv_bm16_k1024_s4,
    crate::layout::VARIANTS[1].1
);
gemv_entry!(
    /// Tuning variant, `layout::VARIANTS[2]`.
    nvfp4_gemv_bm16_k2048_s3,
    crate::layout::VARIANTS[2].1
);
gemv_entry!(
    /// Tuning variant, `layout::VARIANTS[3]`.
    nvfp4_gemv_bm32_k512_s6,
    crate::layout::VARIANTS[3].1
);
gemv_entry!(
    /// Tuning variant, `layout::VARIANTS[4]`.
    nvfp4_gemv_bm32_k1024_s4,
    crate::layout::VARIANTS[4].1
);
