//! `nvfp4_gemv`: the block-scaled FP4 GEMV.
//!
//! One source for both targets. The pipeline — tensor maps, shared-memory stages, the `full`,
//! `b_full`, `ready` and `empty` mbarriers, the TMA issue, the producer's preparation of `b`,
//! the waits, the thread-to-data mapping, the scale epilogue, the reductions and the store — is
//! shared line for line; only the arithmetic differs ([`compute`], and on sm_90a [`compute_fp8`] for
//! the 32-row tiles, chosen per entry point through [`Arith`]): how the producer prepares a
//! word of `b`, how a consumer lane loads its prepared `b`, and how it turns its 32-element
//! chunks of two rows into four scale-block sums:
//!
//! * **sm_90a, 32-row tiles** (`TileConfig::fp8_route`): the FP8 route ([`compute_fp8`]): `a`
//!   prepacked by the host, decoded to e4m3 with four instructions per 8 elements, and
//!   `wgmma.m64n32k32.f16.e4m3.e4m3` over a warpgroup.
//! * **sm_90a, 16-row tiles** and the direct kernel: `b` is prepared as signed int8 (twice
//!   the value); a consumer decodes `a` to int8 with `prmt` table lookups split by sign
//!   ([`crate::formats::e2m1x8_to_s8x2_pos_neg`]) and runs eight `mma.sync.m16n8k32.s8`
//!   (`IMMA`) per 16 rows × 128 K in two chains,
//!   `a⁺·b` and `a⁻·b`, exact in int32. The B operand is `b` masked so that column `n` of the
//!   16×8 result holds the sum of scale block `n` (see [`compute`]).
//!   (Measured and replaced: f16x2 FMAs on an integer decode; `mma…e4m3`, which sm_90 does not
//!   run natively; each lane decoding `b` itself. See BENCHMARKS.md.)
//! * **sm_100a** (every tile): `b` is prepared as f16 with `cvt.rn.f16x2.e2m1x2`; a consumer
//!   decodes `a` the same way and runs chains of 8 `fma.rn.f16x2` per scale block, one
//!   `add.rn.f16x2` of the lanes (the seed's CUDA design).
//!
//! # Work of a thread
//! Block: `bm` rows of batch entry `blockIdx.y`, all of K, in stages of `bk` (passes of
//! [`crate::layout::BK`]). A producer warp's lane 0 issues the TMA copies of a stage (`b` and
//! `sfb` on the stage's `b_full` barrier, `a` and `sfa` on `full`); once `b` and `sfb` land,
//! all 32 lanes of a producer warp decode them into the stage's *prepared* region
//! (`TileConfig::prep_pass_bytes` per slice) and arrive on `ready` (one producer warp does
//! both, or, with [`crate::layout::Pipeline::TmaSplit`], one warp issues and another
//! prepares). Consumer lane `4g + t` of warp `w` owns chunk `q = 4w + t` (32 elements) of every
//! pass, for rows `g + 8i`. Per pass it loads its prepared `b` (with the FP8 route: only its
//! address, which `wgmma` reads) and two f32 `sfb` once, then for each pair of rows
//! `(g + 16j, g + 16j + 8)` 2 × 16 bytes of `a` and 2 × 2 bytes of `sfa`, gets four block sums,
//! multiplies each by its fp32 scale product `sfa·sfb` and adds it to a per-row fp32
//! accumulator. At the end the four lanes of a row group add their partials with butterfly
//! shuffles, the four warps theirs through shared memory, and one thread per row applies the
//! epilogue, rounds to fp16 and stores.
use crate::layout::{
    self, AB_PASS_BYTES, BARRIERS_PER_STAGE, BK, CHUNKS_PER_WARP, CLUSTER_SPLITS_MAX, FP8_PREP_PASS_BYTES,
    FP8_PREP_SFB_OFFSET, MAX_BM, MAX_STAGE_K, MMA_ROWS, PREP_PASS_BYTES, PREP_SFB_OFFSET, PREP_ZERO_OFFSET,
    Pipeline, ROW_GROUPS, SCALE_TMA_K_MULTIPLE, SF_PASS_BYTES, TensorMap, TileConfig, WARP_K, map,
};
use crate::ptx::{cluster, cp_async, cvt, f16x2, mbarrier, memory, misc, shfl, tma};
use crate::smem::{Carver, SharedArray};

/// The tile configuration of the default entry point of this build.
#[cfg(any(target_feature = "sm_100a", nvfp4_emulate_e2m1_cvt))]
pub const TILE: TileConfig = crate::layout::SM100_TILE;
/// The tile configuration of the default entry point of this build.
#[cfg(not(any(target_feature = "sm_100a", nvfp4_emulate_e2m1_cvt)))]
pub const TILE: TileConfig = crate::layout::SM90_TILE;

/// The per-target arithmetic: the producer's preparation of one 8-element word of `b`, a
/// consumer lane's load of its prepared `b`, and from that and its chunks of rows `r` and
/// `r + 8` the four scale-block sums `[r block 0, r block 1, r+8 block 0, r+8 block 1]`,
/// each times `1 / PRODUCT_SCALE`.
#[cfg(not(any(target_feature = "sm_100a", nvfp4_emulate_e2m1_cvt)))]
pub mod compute {
    use crate::formats::{e2m1x8_to_s8x2, e2m1x8_to_s8x2_pos_neg};
    use crate::layout::PREP_ZERO_OFFSET;
    use crate::ptx::{memory, mma};

    /// The block sums come out as `Σ (2a)(2b)`: four times the true value.
    pub const PRODUCT_SCALE: f32 = 0.25;
    /// `1.5 · 2^23` as f32 bits: an int32 `x` with `|x| < 2^22` added to these bits is the
    /// f32 `1.5 · 2^23 + x`, exactly (an int-to-float conversion on the FMA pipe).
    const MAGIC_BITS: i32 = 0x4B40_0000;
    /// `1.5 · 2^23`.
    const MAGIC: f32 = 12_582_912.0;

    /// Nothing beyond the zero slot, which `gemv` and `direct` write themselves.
    ///
    /// # Safety
    /// None (kept for one signature with [`super::compute_fp8`]).
    #[inline(always)]
    pub unsafe fn clear_prepared(_slice: u32, _i: u32, _n: u32) {}

    /// Nothing to publish: the consumers read the prepared `b` with ordinary loads.
    #[inline(always)]
    pub fn publish_prepared() {}

    /// Producer: word `i` of a pass's raw `b`, `w` (elements `8i..8i+8`), becomes 8 signed
    /// int8 (twice the value) at `dst + 8i`. So chunk `q` is the 32 bytes at `dst + 32q`.
    ///
    /// # Safety
    /// `dst` is a prepared region, `i < 64`.
    #[inline(always)]
    pub unsafe fn prepare_b_value(w: u32, dst: u32, i: u32) {
        unsafe { memory::st_shared_v2(dst + 8 * i, e2m1x8_to_s8x2(w)) }
    }

    /// Where lane `(g, t)` (chunk `q`) loads its two B records in a prepared pass. Column `g`
    /// of the `mma` must collect scale block `h = g − 2t` of chunk `t` (if `0 ≤ h < 2`) and
    /// nothing else, so the lane loads record `h` (words `2h`, `2h + 1` of its chunk, 16 bytes
    /// at `32q + 16h`) for that `h` and the zero slot for the other one.
    #[derive(Clone, Copy)]
    pub struct BLane([u32; 2]);

    /// Lane `(g, t)`'s record offsets.
    #[inline(always)]
    pub fn b_lane(g: u32, t: u32, q: u32, slice: u32) -> BLane {
        let off = |h: u32| slice + if g == 2 * t + h { 32 * q + 16 * h } else { PREP_ZERO_OFFSET };
        BLane([off(0), off(1)])
    }

    /// A lane's B operands for one pass: record `c / 2`, word `c % 2` feeds `mma` call `c`.
    pub struct BFrag([[u32; 4]; 2]);

    /// Loads lane `l`'s B records from the prepared pass at `prep`.
    ///
    /// # Safety
    /// `prep` is a prepared pass whose `ready` barrier this thread has waited for.
    #[inline(always)]
    pub unsafe fn load_b(prep: u32, l: BLane) -> BFrag {
        unsafe { BFrag([memory::ld_shared_v4(prep + l.0[0]), memory::ld_shared_v4(prep + l.0[1])]) }
    }

    /// Eight `mma.sync.m16n8k32.s8` (`IMMA`): per word `c` of the chunks of rows `r` (`a_r`)
    /// and `r + 8` (`a_r8`), `a·b = a⁺·b − a⁻·b` with `a⁺`, `a⁻` the non-negative int8 parts
    /// of `2a` and `b` signed int8, in two int32 chains from zero. Exact: `|Σ| ≤ 16·144` per
    /// block. `a⁺ chain − a⁻ chain + MAGIC_BITS` (one three-input `IADD3`) read as f32 bits is
    /// `MAGIC + Σ`; one `FADD` leaves `Σ`. (Starting the `a⁺` chain at `MAGIC_BITS` instead
    /// costs a register move per accumulator and per call.)
    ///
    /// # Safety
    /// All 32 lanes of the warp call this together (the `mma` is `.aligned`).
    #[inline(always)]
    pub unsafe fn block_sums(a_r: [u32; 4], a_r8: [u32; 4], b: &BFrag) -> [f32; 4] {
        let (mut pos, mut neg) = ([0i32; 4], [0i32; 4]);
        let mut c = 0;
        while c < 4 {
            let (p0, n0) = e2m1x8_to_s8x2_pos_neg(a_r[c]);
            let (p1, n1) = e2m1x8_to_s8x2_pos_neg(a_r8[c]);
            let (ap, an) = ([p0[0], p1[0], p0[1], p1[1]], [n0[0], n1[0], n0[1], n1[1]]);
            let r = &b.0[c / 2];
            let bw = [r[2 * (c % 2)], r[2 * (c % 2) + 1]];
            unsafe {
                pos = mma::m16n8k32_s8_s32(ap, bw, pos);
                neg = mma::m16n8k32_s8_s32(an, bw, neg);
            }
            c += 1;
        }
        let d =
            |j: usize| f32::from_bits(pos[j].wrapping_sub(neg[j]).wrapping_add(MAGIC_BITS) as u32) - MAGIC;
        [d(0), d(1), d(2), d(3)]
    }
}

/// The sm_90a arithmetic of the TMA kernel: the FP8 route. The host stores `a` prepacked
/// ([`crate::formats::fp8_prepack`], word by word); a consumer lane decodes each word into two
/// words of four e4m3 with four instructions ([`crate::formats::fp8_decode_prepacked`]: an
/// AND, two shifts and one three-input `LOP3`) and the warpgroup runs
/// `wgmma.m64n32k32.f16.e4m3.e4m3` (`wgmma` is the only native FP8 MMA of sm_90a) on them.
/// Used by the 32-row TMA tiles (`TileConfig::fp8_route`); the 16-row tiles keep [`compute`]
/// (the FP8 route's registers and B tiles cost them blocks per SM: −4% to +63%, mostly
/// slower, run v167), and so does the direct kernel (its warps do not work on the same K in
/// step).
///
/// The consumer warps keep the mapping of [`compute`]: lane `(g, t)` of warp `w` owns chunk
/// `q = 4w + t` and rows `g + 8i`. One `wgmma` serves the four warps of a warpgroup, which own
/// different chunks, so B has one 8-column group per warp: for word `c` of the chunks (one
/// `wgmma`, [`FP8_B_TILE_BYTES`] of the prepared slice), column `8w' + n` (`w' = w % 4`) holds
/// warp `w'`'s `b` in column `n = 2t + c/2` at K rows `4t..4t+4` (elements 0..3 of word `c`
/// of chunk `4w' + t`) and `16 + 4t..` (elements 4..7), zeros elsewhere; the zeros are written
/// once at the start, the values by the producer for every stage. D column `8w' + 2t + h` is
/// then scale block `h` of the lane's chunk, for rows `g` and `g + 8` of the warp's A rows,
/// and each warp keeps its own group with 0/1 weights (f16x2 FMAs, no selects). The
/// accumulators are f16 (half the registers of f32: 82 instead of 100 in
/// `bm32_k1024_s4_w8`, which then fits two blocks per SM); the descriptor is built inside the
/// `wgmma`'s `asm!` block (built in Rust, LLVM kept every stage's in registers).
///
/// Measured on the H200: microbenchmark v162, 55.6 elements of `a` per SM-cycle against 37.1
/// for the `prmt` decode and `IMMA` ([`compute`]); the layouts checked exactly (check v163);
/// in the kernel (run v171, against the previous commit's binary, alternating),
/// (7168,16384,1) on `bm32_k1024_s4_w8` 21.15 → 19.48 µs plain, 18.76 → 17.99 with PDL.
#[cfg(not(any(target_feature = "sm_100a", nvfp4_emulate_e2m1_cvt)))]
pub mod compute_fp8 {
    use crate::formats::{FP8_ROUTE_MASK, e2m1x8_to_e4m3x8_in_order_prmt};
    use crate::layout::FP8_B_TILE_BYTES;
    use crate::ptx::{cvt, f16x2, int, memory, wgmma};
    use wgmma::{B_LBO as LBO, B_SBO as SBO};

    /// Both operands are e2m1 times `2^-6` in e4m3: the block sums are `2^-12` times the true
    /// value. They are multiples of `2^-14` (a product's smallest step), exact in the f16
    /// accumulators while `|Σ|` stays within `2048 · 2^-14`, i.e. a block's true `|Σ a·b|`
    /// within 512 of its largest possible 576; beyond that f16 rounds by at most one part in
    /// `2^11` (the sm_100a arithmetic's f16 FMAs have the same bound).
    pub const PRODUCT_SCALE: f32 = 4096.0;

    /// Thread `i` of `n` zeroes its share of the B tiles of the prepared slice at `slice`
    /// (before the first stage is prepared; the values' positions never change).
    ///
    /// # Safety
    /// `slice` is a prepared slice; every thread of the block takes part with its own `i`.
    #[inline(always)]
    pub unsafe fn clear_prepared(slice: u32, i: u32, n: u32) {
        let mut at = 16 * i;
        while at < 4 * FP8_B_TILE_BYTES {
            unsafe { memory::st_shared_v4(slice + at, [0; 4]) };
            at += 16 * n;
        }
    }

    /// After a thread's writes of prepared slices, before the barrier that hands them to the
    /// consumers: `wgmma` reads the B tiles through the async proxy.
    #[inline(always)]
    pub fn publish_prepared() {
        memory::fence_proxy_async_shared()
    }

    /// Producer: word `i` of a slice's raw `b`, `w` (elements `8i..8i+8`, word `c = i % 4` of
    /// chunk `i / 4`), becomes its two e4m3 words in B tile `c` (see the module).
    ///
    /// # Safety
    /// `dst` is a prepared slice, `i < 64`.
    #[inline(always)]
    pub unsafe fn prepare_b_value(w: u32, dst: u32, i: u32) {
        let (x0, x1) = e2m1x8_to_e4m3x8_in_order_prmt(w);
        let (q, c) = (i / 4, i % 4);
        let (warp, t) = (q / 4, q % 4);
        let at = dst + c * FP8_B_TILE_BYTES + warp * SBO + 16 * (2 * t + c / 2) + 4 * t;
        unsafe {
            memory::st_shared_u32(at, x0);
            memory::st_shared_u32(at + LBO, x1);
        }
    }

    /// A lane's B operand: its warpgroup's slice (offset in a prepared pass) and the 0/1
    /// weights that keep its warp's column group.
    #[derive(Clone, Copy)]
    pub struct BLane {
        slice: u32,
        keep: [u32; 4],
    }

    /// Lane `(g, t)`'s slice and weights (`q` is its chunk within the slice, so `q / 4` is
    /// its warp within the warpgroup).
    #[inline(always)]
    pub fn b_lane(_g: u32, _t: u32, q: u32, slice: u32) -> BLane {
        let w = q / 4;
        let one = |i: u32| if w == i { 0x3C00_3C00 } else { 0 }; // f16x2 1.0 or 0
        BLane { slice, keep: [one(0), one(1), one(2), one(3)] }
    }

    /// A pass's B operand for a lane: the shared address of its slice's four tiles, and the
    /// weights.
    pub struct BFrag {
        tiles: u32,
        keep: [u32; 4],
    }

    /// Lane `l`'s B operand in the prepared pass at `prep` (nothing is loaded: `wgmma` reads the
    /// tiles).
    ///
    /// # Safety
    /// `prep` is a prepared pass whose `ready` barrier this thread has waited for.
    #[inline(always)]
    pub unsafe fn load_b(prep: u32, l: BLane) -> BFrag {
        BFrag { tiles: prep + l.slice, keep: l.keep }
    }

    /// [`crate::formats::fp8_decode_prepacked`], with its second word in one `LOP3`.
    #[inline(always)]
    fn decode(w: u32) -> (u32, u32) {
        (w & FP8_ROUTE_MASK, int::xor_and(w << 2, w >> 2, FP8_ROUTE_MASK))
    }

    /// Four `wgmma.m64n32k32` over the warpgroup: per word `c` of the prepacked chunks of rows
    /// `r` (`a_r`) and `r + 8` (`a_r8`), A = `{r: elements 0..4, r + 8: 0..4, r: 4..8,
    /// r + 8: 4..8}` against B tile `c`, accumulated from zero; then this warp's column group.
    ///
    /// # Safety
    /// All 128 threads of the warpgroup call this together, convergently, with `b` from a
    /// prepared pass they have all waited for.
    #[inline(always)]
    pub unsafe fn block_sums(a_r: [u32; 4], a_r8: [u32; 4], b: &BFrag) -> [f32; 4] {
        let mut a = [[0u32; 4]; 4];
        let mut c = 0;
        while c < 4 {
            let ((x0, x1), (y0, y1)) = (decode(a_r[c]), decode(a_r8[c]));
            a[c] = [x0, y0, x1, y1];
            c += 1;
        }
        let mut d = [0u32; 8];
        unsafe {
            wgmma::fence();
            let mut c = 0;
            while c < 4 {
                d = wgmma::m64n32k32_f16_e4m3(a[c], b.tiles + c as u32 * FP8_B_TILE_BYTES, d, c > 0);
                c += 1;
            }
            wgmma::commit_group();
            wgmma::wait_all();
        }
        // This warp's group, rows r and r + 8 (f16x2 FMAs with 0/1 weights: exact).
        let k = &b.keep;
        let keep = |j: usize| {
            let v = f16x2::mul(d[j], k[0]);
            f16x2::fma(d[6 + j], k[3], f16x2::fma(d[4 + j], k[2], f16x2::fma(d[2 + j], k[1], v)))
        };
        let (r, r8) = (keep(0), keep(1));
        [
            cvt::f16_to_f32(r as u16),
            cvt::f16_to_f32((r >> 16) as u16),
            cvt::f16_to_f32(r8 as u16),
            cvt::f16_to_f32((r8 >> 16) as u16),
        ]
    }
}

/// The arithmetic of a TMA entry point, as [`gemv`] uses it: one implementation per module
/// ([`compute`], and [`compute_fp8`] on sm_90a), chosen per entry point by
/// [`TileConfig::fp8_route`] through [`Route`].
pub(crate) trait Arith {
    /// The block sums are the true value times `1 / PRODUCT_SCALE`.
    const PRODUCT_SCALE: f32;
    /// A lane's B operand location (computed once).
    type BLane: Copy;
    /// A lane's B operand for one pass.
    type BFrag;
    /// Thread `i` of `n` prepares the prepared slice at `slice` before the first stage.
    unsafe fn clear_prepared(slice: u32, i: u32, n: u32);
    /// After a thread's writes of prepared slices, before the barrier that hands them over.
    fn publish_prepared();
    /// Producer: word `i` of a slice's raw `b`.
    unsafe fn prepare_b_value(w: u32, dst: u32, i: u32);
    /// Lane `(g, t)`'s B operand location for its chunk `q` of the slice at offset `slice`.
    fn b_lane(g: u32, t: u32, q: u32, slice: u32) -> Self::BLane;
    /// A lane's B operand from the prepared pass at `prep`.
    unsafe fn load_b(prep: u32, l: Self::BLane) -> Self::BFrag;
    /// The four block sums of rows `r` and `r + 8` of the lane's chunk.
    unsafe fn block_sums(a_r: [u32; 4], a_r8: [u32; 4], b: &Self::BFrag) -> [f32; 4];
}

/// Selects an entry point's arithmetic: `Route<true>` is the FP8 route on sm_90a
/// ([`compute_fp8`]) and the target's usual arithmetic elsewhere; `Route<false>` is always
/// [`compute`].
pub(crate) struct Route<const FP8: bool>;

/// Implements [`Arith`] for a marker by forwarding to a module's functions.
macro_rules! arith_from_module {
    ($marker:ty, $m:ident) => {
        impl Arith for $marker {
            const PRODUCT_SCALE: f32 = $m::PRODUCT_SCALE;
            type BLane = $m::BLane;
            type BFrag = $m::BFrag;
            #[inline(always)]
            unsafe fn clear_prepared(slice: u32, i: u32, n: u32) {
                unsafe { $m::clear_prepared(slice, i, n) }
            }
            #[inline(always)]
            fn publish_prepared() {
                $m::publish_prepared()
            }
            #[inline(always)]
            unsafe fn prepare_b_value(w: u32, dst: u32, i: u32) {
                unsafe { $m::prepare_b_value(w, dst, i) }
            }
            #[inline(always)]
            fn b_lane(g: u32, t: u32, q: u32, slice: u32) -> Self::BLane {
                $m::b_lane(g, t, q, slice)
            }
            #[inline(always)]
            unsafe fn load_b(prep: u32, l: Self::BLane) -> Self::BFrag {
                unsafe { $m::load_b(prep, l) }
            }
            #[inline(always)]
            unsafe fn block_sums(a_r: [u32; 4], a_r8: [u32; 4], b: &Self::BFrag) -> [f32; 4] {
                unsafe { $m::block_sums(a_r, a_r8, b) }
            }
        }
    };
}
arith_from_module!(Route<false>, compute);
#[cfg(not(any(target_feature = "sm_100a", nvfp4_emulate_e2m1_cvt)))]
arith_from_module!(Route<true>, compute_fp8);
#[cfg(any(target_feature = "sm_100a", nvfp4_emulate_e2m1_cvt))]
arith_from_module!(Route<true>, compute);

/// The per-target arithmetic (see the sm_90a version). Also built for sm_90a with
/// `--cfg nvfp4_emulate_e2m1_cvt` (the `cvt` in software), so that the H200 runs it.
#[cfg(any(target_feature = "sm_100a", nvfp4_emulate_e2m1_cvt))]
pub mod compute {
    use crate::ptx::{cvt, f16x2, memory};

    /// The block sums are exact values (the cvt decode is exact).
    pub const PRODUCT_SCALE: f32 = 1.0;

    /// 16 bytes (32 e2m1) as 16 f16x2 with `cvt.rn.f16x2.e2m1x2`; words `0..8` are scale
    /// block 0.
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

    /// Nothing to clear: every byte a consumer reads is written for every stage.
    ///
    /// # Safety
    /// None (kept for one signature with the sm_90a version).
    #[inline(always)]
    pub unsafe fn clear_prepared(_slice: u32, _i: u32, _n: u32) {}

    /// Nothing to publish: the consumers read the prepared `b` with ordinary loads.
    #[inline(always)]
    pub fn publish_prepared() {}

    /// Producer: word `i` of a pass's raw `b`, `w` (elements `8i..8i+8`), becomes 4 f16x2 at
    /// `dst + 16i`. So chunk `q` is the 64 bytes at `dst + 64q`.
    ///
    /// # Safety
    /// `dst` is a prepared region, `i < 64`.
    #[inline(always)]
    pub unsafe fn prepare_b_value(w: u32, dst: u32, i: u32) {
        unsafe { memory::st_shared_v4(dst + 16 * i, cvt::e2m1x2_to_f16x2_x4(w)) }
    }

    /// Where lane `(g, t)` (chunk `q`) loads its prepared `b`: the 64 bytes of chunk `q`.
    #[derive(Clone, Copy)]
    pub struct BLane(u32);

    /// Lane `(g, t)`'s offset.
    #[inline(always)]
    pub fn b_lane(_g: u32, _t: u32, q: u32, slice: u32) -> BLane {
        BLane(slice + 64 * q)
    }

    /// The 32 elements of the lane's `b` chunk as 16 f16x2.
    pub struct BFrag([u32; 16]);

    /// Loads lane `l`'s prepared chunk from the prepared pass at `prep`.
    ///
    /// # Safety
    /// `prep` is a prepared pass whose `ready` barrier this thread has waited for.
    #[inline(always)]
    pub unsafe fn load_b(prep: u32, l: BLane) -> BFrag {
        let mut out = [0u32; 16];
        let mut j = 0;
        while j < 4 {
            let v = unsafe { memory::ld_shared_v4(prep + l.0 + 16 * j as u32) };
            out[4 * j..4 * j + 4].copy_from_slice(&v);
            j += 1;
        }
        BFrag(out)
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
/// `c_in` is in `c`'s layout and format and may be `c` itself), rounded once to fp16 or, with
/// `bf16`, to bf16.
#[derive(Clone, Copy)]
pub(crate) struct Epilogue {
    pub(crate) alpha: f32,
    pub(crate) beta: f32,
    pub(crate) c_in: *const u16,
    pub(crate) bf16: bool,
}

/// The split-K workspace: `split_sums` (fp32 per split and output) and per-row-tile `tickets`
/// (unused by the cluster entry points).
#[derive(Clone, Copy)]
pub(crate) struct SplitWork {
    pub(crate) split_sums: *mut f32,
    pub(crate) tickets: *mut u32,
}

/// Global addresses of `sfa` and `sfb`, for the `cp.async` path (see `SCALE_TMA_K_MULTIPLE`),
/// and of `b`, for its L2 prefetch in the two-stage tiles' first fill (`gemv`'s `fill_first`).
#[derive(Clone, Copy)]
struct Scales {
    sfa: *const u8,
    sfb: *const u8,
    b: *const u8,
}

/// Producer: word `i` (elements `8i..8i+8`) of a pass's raw `b` at `src`, prepared into the
/// pass's prepared region at `dst` by the entry point's arithmetic `A`.
///
/// # Safety
/// `src` and `dst` are a pass's raw `b` and prepared region, `i < 64`.
#[inline(always)]
unsafe fn prepare_b_word<A: Arith>(src: u32, dst: u32, i: u32) {
    unsafe { A::prepare_b_value(memory::ld_shared_u32(src + 4 * i), dst, i) }
}

/// What `issue` copies (bit set): `a`, `sfa` and the stage's byte count.
const A_PART: u32 = 1;
/// What `issue` copies (bit set): `b`, `sfb` and the `cp.async` scales.
const B_PART: u32 = 2;

/// A prepared `sfb` value: the e4m3 byte as f32 times the arithmetic's product scale
/// (`compute::PRODUCT_SCALE` or `compute_fp8::PRODUCT_SCALE`).
#[inline(always)]
pub(crate) fn sfb_prepared(byte: u8, product_scale: f32) -> f32 {
    cvt::f16_to_f32(cvt::e4m3x2_to_f16x2(byte as u16) as u16) * product_scale
}

/// f16x2 → (low, high) as f32.
#[inline(always)]
pub(crate) fn f16x2_to_f32(h: u32) -> (f32, f32) {
    (cvt::f16_to_f32(h as u16), cvt::f16_to_f32((h >> 16) as u16))
}

/// The GEMV for one tile configuration. Grid `(ceil(m / BM), l)`, `32 · (W + 1)` threads,
/// `TileConfig { bm: BM, stages: STAGES }.smem_bytes()` of dynamic shared memory.
///
/// The result is `c = fp16(alpha·Σ + beta·c_in)` (bf16 with `epilogue.bf16`), with the
/// `beta` term only when `c_in` is not null (NVFP4's per-tensor scales go into `alpha`).
///
/// `grid.z` splits K (see `Shape::splits`); with more than one split, `split_sums` holds
/// `grid.z · l · m` fp32 and `tickets` `l · grid.x` zeroed `u32` (the kernel leaves them
/// zeroed again).
///
/// `pdl` (`launch_flags::PDL`, set by the host when it launches with programmatic dependent
/// launch): the producer requests the first `pdl_prefetch` tiles of `a`/`sfa` (at most
/// `STAGES`; `launch_flags::PDL_PREFETCH_SHIFT`), then waits for the kernel before this one
/// (`griddepcontrol.wait`), then requests `b`/`sfb` and everything else; every later access
/// (`b`, `c_in`, `c`, the split-K workspace) follows that wait through the stage barriers.
/// The block lets the next kernel start (`griddepcontrol.launch_dependents`) as soon as it
/// begins (thread 0), with [`Pdl::TriggerAfterLoads`] once its producer has requested its
/// last tile (lane 0 of the issuing warp), with [`Pdl::TriggerAtExit`] never explicitly.
///
/// # Safety
/// `maps` points to [`map::COUNT`] tensor maps encoded by the host as [`map`] describes for
/// this `m`, `k` and `BM` (the scale maps only when `k` is a multiple of
/// [`SCALE_TMA_K_MULTIPLE`]); `c` (and `c_in`, if not null) holds `l · m` 16-bit values;
/// `k` is a positive multiple of [`crate::layout::K_MULTIPLE`]; `scales` are the global
/// addresses of `sfa` and `sfb` (4-byte aligned); `split_sums` and `tickets` as above.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // the entry point's parameters, grouped as far as they go
unsafe fn gemv<
    const BM: u32,
    const STAGES: u32,
    const BKS: u32,
    const W: u32,
    const PW: u32,
    const CLUSTER: bool,
    const FP8: bool,
    const TILED: bool,
    const PERSIST: bool,
    const STREAM: bool,
>(
    maps: *const TensorMap,
    c: *mut u16,
    m: u32,
    k: u32,
    work: SplitWork,
    epilogue: Epilogue,
    scales: Scales,
    a_tiles: *const u8,
    pdl: Pdl,
    pdl_prefetch: u32,
    batches: u32,
    skew: u32,
) where
    Route<FP8>: Arith,
{
    const { assert!(PW == 1 || PW == 2, "one or two producer warps") };
    const PIPELINE: [Pipeline; 2] = [Pipeline::Tma, Pipeline::TmaSplit];
    const { TileConfig { bm: BM, stages: STAGES, bk: BKS, warps: W, pipeline: PIPELINE[PW as usize - 1] }.check() };
    let tile = TileConfig { bm: BM, stages: STAGES, bk: BKS, warps: W, pipeline: PIPELINE[PW as usize - 1] };
    const {
        let t = TileConfig { bm: BM, stages: STAGES, bk: BKS, warps: W, pipeline: PIPELINE[PW as usize - 1] };
        assert!(FP8 == t.fp8_route(), "the arithmetic the tile's layout is for");
        assert!(t.prep_pass_bytes() == if FP8 { FP8_PREP_PASS_BYTES } else { PREP_PASS_BYTES });
        assert!(t.prep_sfb_offset() == if FP8 { FP8_PREP_SFB_OFFSET } else { PREP_SFB_OFFSET });
        assert!(t.sfa_offset() == t.a_bytes(), "a stage's `a` and `sfa` are one tile of the tiled layout");
        assert!(t.a_tile_bytes().is_multiple_of(16), "a bulk copy is whole 16-byte units");
        assert!(!PERSIST || TILED, "the persistent twins read the tiled layout");
        assert!(!STREAM || (TILED && !PERSIST && !CLUSTER), "the stream-K twins read the tiled layout");
        assert!(W <= CLUSTER_SPLITS_MAX, "a persistent block's second row-sum buffer is `cluster_sums`");
    };
    let rows = (BM / ROW_GROUPS) as usize; // accumulators per thread
    let tid = misc::thread_idx_x();
    let (warp, lane) = (tid / 32, tid % 32);
    let (g, t) = (lane / CHUNKS_PER_WARP, lane % CHUNKS_PER_WARP);
    let q = CHUNKS_PER_WARP * warp + t; // this thread's chunk of every K tile
    let row0 = misc::block_idx_x() * BM;
    let l = misc::block_idx_y();

    // The carve must end inside `tile.smem_bytes()`, the launch's size: the layout's offsets
    // round the same way (checked for every configuration below).
    let mut carve = Carver::dynamic();
    let stages = carve.take::<u8>(STAGES * tile.stage_bytes(), 128);
    let bars = carve.take::<u64>(BARRIERS_PER_STAGE * STAGES, 8);
    let partials = carve.take::<f32>(W * BM, 16);
    let last_flag = carve.take::<u32>(1, 4).at(0);
    let cluster_sums = carve.take::<f32>(CLUSTER_SPLITS_MAX * BM, 16);
    const {
        let t = TileConfig { bm: BM, stages: STAGES, bk: BKS, warps: W, pipeline: PIPELINE[PW as usize - 1] };
        let mut c = Carver::starting_at(0);
        assert!(c.take::<u8>(STAGES * t.stage_bytes(), 128).offset() == 0);
        assert!(c.take::<u64>(BARRIERS_PER_STAGE * STAGES, 8).offset() == t.barrier_offset());
        assert!(c.take::<f32>(W * BM, 16).offset() == t.reduce_offset());
        assert!(c.take::<u32>(1, 4).offset() + 4 <= t.cluster_sums_offset());
        assert!(c.take::<f32>(CLUSTER_SPLITS_MAX * BM, 16).offset() == t.cluster_sums_offset());
        assert!(t.cluster_sums_offset() + CLUSTER_SPLITS_MAX * BM * 4 == t.smem_bytes());
    };
    let split_smem = SplitSmem { last_flag, cluster_sums };
    cluster_block_started(CLUSTER);
    let stage = |s: u32| stages.at(s * tile.stage_bytes());
    let full = |s: u32| bars.at(s);
    let empty = |s: u32| bars.at(STAGES + s);
    let ready = |s: u32| bars.at(2 * STAGES + s);
    let b_full = |s: u32| bars.at(3 * STAGES + s);
    // Slice `p` of stage `s`: its raw `b`, raw `sfb` and prepared region.
    let raw_b = |s: u32, p: u32| stage(s) + tile.b_offset() + AB_PASS_BYTES * p;
    let raw_sfb = |s: u32, p: u32| stage(s) + tile.sfb_offset() + SF_PASS_BYTES * p;
    // The prepared slices' layout, as constants from the start (not folded later by LLVM:
    // the 16-row tiles' code is then the same as before the FP8 route existed).
    let (prep_pass, prep_sfb) = (
        if FP8 { FP8_PREP_PASS_BYTES } else { PREP_PASS_BYTES },
        if FP8 { FP8_PREP_SFB_OFFSET } else { PREP_SFB_OFFSET },
    );
    let prep = |s: u32, p: u32| stage(s) + tile.prep_offset() + prep_pass * p;

    let map_a = unsafe { maps.add(map::A) }.cast::<u8>();
    let map_sfa = unsafe { maps.add(map::SFA) }.cast::<u8>();
    let map_b = unsafe { maps.add(map::B) }.cast::<u8>();
    let map_sfb = unsafe { maps.add(map::SFB) }.cast::<u8>();

    // This block's share of K: split `z` of `grid.z` takes tiles `kt0 .. kt0 + tiles`.
    // `max(1)`: a grid's z extent is at least 1 anyway; this spares a division-by-zero panic
    // path.
    let (split, splits) = (misc::block_idx_z(), misc::grid_dim_z().max(1));
    let all_tiles = k.div_ceil(BKS);
    let per_split = all_tiles.div_ceil(splits);
    let kt0 = (split * per_split).min(all_tiles);
    let tiles = per_split.min(all_tiles - kt0);

    // A persistent twin (`PERSIST`, grid `(G, 1, 1)`, no K split): this block takes row tiles
    // `bx, bx + G, bx + 2G, …` of the `bands · batches` (`band` fastest, then the batch
    // entry), all of K each, and streams their K tiles back to back through one pipeline:
    // `total` tiles, global tile `n` being K tile `n % tiles` of its row tile `n / tiles`.
    // (`max(1)`: no division-by-zero panic path; the host never launches `m = 0` or `k = 0`.)
    let (bx, grid_x, bands) = if PERSIST || STREAM {
        (misc::block_idx_x(), misc::grid_dim_x().max(1), m.div_ceil(BM).max(1))
    } else {
        (0, 1, 1)
    };
    // A stream-K twin (`STREAM`, grid `(G, 1, 1)`, no K split): this block streams units
    // `u0 .. u0 + total` of the `units` (row tile, K tile) pairs, row tile by row tile
    // (`layout::stream_k_first_unit`); its global tile `n` is unit `u0 + n`.
    let units = bands * batches * tiles;
    let u0 = if STREAM { layout::stream_k_first_unit(bx, grid_x, units, skew) } else { 0 };
    let total = if PERSIST {
        let row_tiles = bands * batches;
        if bx < row_tiles { (row_tiles - bx).div_ceil(grid_x) * tiles } else { 0 }
    } else if STREAM {
        layout::stream_k_first_unit(bx + 1, grid_x, units, skew) - u0
    } else {
        tiles
    };
    let range = StreamRange { bx, grid: grid_x, units, skew, tiles, bands, batches, u0, u1: u0 + total };
    // Row tile `j` of this persistent block: its row band and batch entry.
    let row_tile = |j: u32| {
        let rt = bx + j * grid_x;
        (rt % bands, rt / bands)
    };

    // Scale rows of 16-byte multiples come by TMA; otherwise (k a multiple of 64 only) the
    // producer lanes copy them as 4-byte words with `cp.async`, zero-filling past `m` and `k`.
    let scales_by_tma = k.is_multiple_of(SCALE_TMA_K_MULTIPLE);
    if (PERSIST || STREAM) && !scales_by_tma {
        // The persistent and stream-K twins read the tiled layout, which needs the scales by TMA (the host
        // never launches them otherwise).
        misc::trap();
    }
    let sf_words = k / 64; // 4-byte words per scale row

    // With the tiled layout: this block's row band of `a` and `sfa`, K tile `kt` at
    // `kt · a_tile_bytes` in it (the offset computed here, where the tile's sizes are
    // constants).
    let a_tile_bytes = const {
        TileConfig { bm: BM, stages: STAGES, bk: BKS, warps: W, pipeline: PIPELINE[PW as usize - 1] }
            .a_tile_bytes()
    };
    let a_band = if TILED {
        a_tiles.wrapping_add(tile.a_tile_offset(m, k, l, misc::block_idx_x(), 0) as usize)
    } else {
        a_tiles
    };

    // The producer warp (all 32 lanes) fills stage `s` with K tile `kt0 + kt`: lane 0 the TMA
    // copies, every lane its share of the `cp.async` scale words (if any). `part` selects what
    // is issued: `A_PART` `a`/`sfa` and their byte count on `full` (weights: no earlier kernel
    // writes them), `B_PART` `b`/`sfb` and their byte count on `b_full`, and the `cp.async`
    // scales, which arrive on `full` (these may come from the kernel before this one: only
    // after `misc::wait_prerequisites`). `b` goes first: it is small and comes from the L2, so
    // the producer can prepare it while the stage's `a` is still on its way.
    let issue = |s: u32, kt: u32, part: u32| unsafe {
        let (dst, bar) = (stage(s), full(s));
        if STREAM {
            // Unit `n = u0 + kt`: K tile `kt_p` of row tile `rt`, whose `a` and `sfa` are tile
            // `n` of the tiled layout.
            let n = u0 + kt;
            let rt = n / tiles.max(1);
            let k0 = ((n - rt * tiles) * BKS) as i32;
            let ab = k0 / 2 / tile.ab_elem_bytes() as i32;
            let l_p = (rt / bands) as i32;
            if lane == 0 {
                if part & B_PART != 0 {
                    let b_bar = b_full(s);
                    mbarrier::arrive_expect_tx(b_bar, tile.b_tx_bytes(true));
                    tma::load_2d(dst + tile.b_offset(), map_b, b_bar, ab, l_p);
                    tma::load_2d(dst + tile.sfb_offset(), map_sfb, b_bar, k0 / 16, l_p);
                }
                if part & A_PART != 0 {
                    mbarrier::arrive_expect_tx(bar, tile.a_tx_bytes(true));
                    let src = a_tiles.wrapping_add(n as usize * a_tile_bytes as usize);
                    tma::load_bulk(dst, src, a_tile_bytes, bar);
                }
            }
            return;
        }
        if PERSIST {
            // A persistent block's global tile `kt`: K tile `kt_p` of row band `band_p`, batch
            // entry `l_p`; the scales come by TMA (tiled layout).
            // Row tile `rt = bx + jG` is tile `rt` of the layout (`band` fastest, then `l`):
            // its K tile `kt − j·tiles` is layout tile `rt·tiles + kt − j·tiles`.
            let j = kt / tiles.max(1);
            let kt_p = kt - j * tiles;
            let (_, l_p) = row_tile(j);
            let k0 = (kt_p * BKS) as i32;
            let ab = k0 / 2 / tile.ab_elem_bytes() as i32;
            if lane == 0 {
                if part & B_PART != 0 {
                    let b_bar = b_full(s);
                    mbarrier::arrive_expect_tx(b_bar, tile.b_tx_bytes(true));
                    tma::load_2d(dst + tile.b_offset(), map_b, b_bar, ab, l_p as i32);
                    tma::load_2d(dst + tile.sfb_offset(), map_sfb, b_bar, k0 / 16, l_p as i32);
                }
                if part & A_PART != 0 {
                    mbarrier::arrive_expect_tx(bar, tile.a_tx_bytes(true));
                    let at =
                        ((bx + j * (grid_x - 1)) as u64 * tiles as u64 + kt as u64) * a_tile_bytes as u64;
                    let src = a_tiles.wrapping_add(at as usize);
                    tma::load_bulk(dst, src, a_tile_bytes, bar);
                }
            }
            return;
        }
        let k0 = ((kt0 + kt) * BKS) as i32;
        let ab = k0 / 2 / tile.ab_elem_bytes() as i32; // in tensor-map elements
        if lane == 0 {
            if part & B_PART != 0 {
                let b_bar = b_full(s);
                mbarrier::arrive_expect_tx(b_bar, tile.b_tx_bytes(scales_by_tma));
                tma::load_2d(dst + tile.b_offset(), map_b, b_bar, ab, l as i32);
                if scales_by_tma {
                    tma::load_2d(dst + tile.sfb_offset(), map_sfb, b_bar, k0 / 16, l as i32);
                }
            }
            if part & A_PART != 0 {
                mbarrier::arrive_expect_tx(bar, tile.a_tx_bytes(scales_by_tma));
                if TILED {
                    // The stage's `a` and `sfa`, stored as one tile by the host.
                    let src = a_band.wrapping_add((kt0 + kt) as usize * a_tile_bytes as usize);
                    tma::load_bulk(dst, src, a_tile_bytes, bar);
                } else {
                    tma::load_3d(dst, map_a, bar, ab, row0 as i32, l as i32);
                    if scales_by_tma {
                        tma::load_3d(dst + tile.sfa_offset(), map_sfa, bar, k0 / 16, row0 as i32, l as i32);
                    }
                }
            }
        }
        if !scales_by_tma && part & B_PART != 0 {
            // Word j of a stage's scale row is scale word k0/64 + j of the tensor's row.
            let (row_words, w0) = (BKS / 64, k0 as u32 / 64);
            let mut i = lane;
            while i < (BM + 1) * row_words {
                let (r, j) = (i / row_words, i % row_words);
                let ok_k = w0 + j < sf_words;
                let (to, from, ok) = if r < BM {
                    let row = row0 + r;
                    let at = (l as usize * m as usize + row as usize) * sf_words as usize;
                    (
                        tile.sfa_offset() + r * tile.sf_row_bytes(),
                        scales.sfa.wrapping_add(4 * at),
                        ok_k && row < m,
                    )
                } else {
                    let at = l as usize * sf_words as usize;
                    (tile.sfb_offset(), scales.sfb.wrapping_add(4 * at), ok_k)
                };
                let src = if ok { from.wrapping_add(4 * (w0 + j) as usize) } else { scales.sfb };
                cp_async::copy_4_zfill(dst + to + 4 * j, src, if ok { 4 } else { 0 });
                i += 32;
            }
            cp_async::mbarrier_arrive_noinc(bar);
        }
    };

    // The first `STAGES` tiles. With programmatic dependent launch the weights' copies of the
    // first `pdl_prefetch` go out first (they compete for bandwidth with the kernel this one
    // waits for, so not all of them: `layout::PDL_PREFETCH_STAGES`), then the producer waits
    // for the kernel before this one, then requests the copies of `b` and the scales that may
    // depend on it, and the rest of the first tiles. Otherwise all at once.
    let fill_first = || {
        let first = total.min(STAGES);
        if pdl != Pdl::Off {
            let pre = pdl_prefetch.min(first);
            for kt in 0..pre {
                issue(kt, kt, A_PART);
            }
            if STAGES == 2 && pre == first && !STREAM && !PERSIST && pdl != Pdl::TriggerAfterLoads {
                // `b` and `sfb` of the first tiles into the L2 through the load path, a line
                // (128 bytes) per lane: `first · BKS / 2` bytes of `b`, `first · BKS / 16` of
                // `sfb`, from this block's K offset. Their TMA copies must wait for the kernel
                // before this one; the hint need not (the L2 is where every SM's writes land,
                // so the copies after the wait still read the newest bytes), and lets them hit
                // in the L2. Only in the two-stage tiles, and only where all of the first
                // tiles' `a` is already requested: there it bought 2–5% at 1.6 to 1.9 row
                // tiles per SM and cost nothing elsewhere (run v254, H100; BENCHMARKS.md
                // "Forty-third session"). In every tile it cost up to 7% on other grids (runs
                // v243, v246), and before part of `a` up to 1.2% (run v252).
                let k0 = kt0 * BKS;
                let kk = (first * BKS).min(k.saturating_sub(k0)); // within the row
                let b_lines = (kk / 2).div_ceil(128);
                let sfb_lines = (kk / 16).div_ceil(128);
                let b_row = scales.b.wrapping_add(l as usize * (k / 2) as usize + (k0 / 2) as usize);
                let sfb_row = scales.sfb.wrapping_add(l as usize * (k / 16) as usize + (k0 / 16) as usize);
                if lane < b_lines {
                    unsafe { memory::prefetch_global_l2(b_row.wrapping_add(128 * lane as usize)) };
                } else if lane - b_lines < sfb_lines {
                    unsafe {
                        memory::prefetch_global_l2(sfb_row.wrapping_add(128 * (lane - b_lines) as usize))
                    };
                }
            }
            misc::wait_prerequisites();
            for kt in 0..first {
                issue(kt, kt, if kt < pre { B_PART } else { A_PART | B_PART });
            }
        } else {
            for kt in 0..first {
                issue(kt, kt, A_PART | B_PART);
            }
        }
    };

    // With programmatic dependent launch, the next kernel on the stream may start its blocks
    // once all of this grid's blocks have begun ([`Pdl::TriggerAtStart`]) or have requested
    // their last tile ([`Pdl::TriggerAfterLoads`], below).
    if pdl == Pdl::TriggerAtStart && tid == 0 {
        misc::launch_dependents();
    }
    let trigger_after_last_issue = #[inline(always)]
    || {
        if pdl == Pdl::TriggerAfterLoads && lane == 0 {
            misc::launch_dependents();
        }
    };
    // Tiles with four consumer warps and one producer warp, and the four-warp FP8 tiles
    // (`early_issue`): the issuing producer warp sets up the barriers and requests the first
    // tiles before the block's first barrier, so that the copies are in flight while the other
    // threads clear the prepared slices (runs v175–v177 on the five shapes: the four-warp
    // 32-row tiles, whose 160 threads clear 32 KiB of B tiles, −0.7…−7.9%; `bm16_k512_s4`
    // −0.1…−2.3%). The other tiles keep the barrier first (with the early issue
    // `bm16_k512_s4_p2` was −1.8…+3.3% and the eight-warp tiles −0.7…+3.0%).
    let early_issue = W == 4 && (PW == 1 || FP8);
    // The tensor maps in use into the cache (the scale maps only when the scales come by TMA).
    // With the tiled layout `a` and `sfa` need none.
    let prefetch_maps = || {
        if TILED {
            if lane == map::B as u32 || (scales_by_tma && lane == map::SFB as u32) {
                unsafe { tma::prefetch_map(maps.add(lane as usize).cast::<u8>()) };
            }
        } else if lane == map::A as u32
            || lane == map::B as u32
            || (scales_by_tma && lane < map::COUNT as u32)
        {
            unsafe { tma::prefetch_map(maps.add(lane as usize).cast::<u8>()) };
        }
    };
    let init_barriers = || unsafe {
        for s in 0..STAGES {
            // Lane 0's `arrive.expect_tx`, plus the 32 `cp.async` arrivals if any.
            mbarrier::init(full(s), if scales_by_tma { 1 } else { 33 });
            mbarrier::init(empty(s), tile.consumer_threads());
            mbarrier::init(ready(s), 32);
            mbarrier::init(b_full(s), 1);
        }
        mbarrier::fence_init();
    };
    if early_issue {
        if warp == W {
            prefetch_maps();
            if lane == 0 {
                init_barriers();
            }
            // The other lanes' `cp.async` arrivals name the barriers too.
            misc::sync_warp();
            fill_first();
            if PW == 1 && total <= STAGES {
                trigger_after_last_issue();
            }
        }
    } else {
        if tid == 0 {
            init_barriers();
        }
        if warp == W {
            prefetch_maps();
        }
    }
    if FP8 {
        // The FP8 route's B tiles in every prepared slice: zeros where no `b` goes, published
        // for the async proxy before the barrier.
        for s in 0..STAGES {
            for p in 0..tile.slices() {
                unsafe { Route::<FP8>::clear_prepared(prep(s, p), tid, tile.threads()) };
            }
        }
        Route::<FP8>::publish_prepared();
    } else if tid < STAGES * tile.slices() {
        // The zero slot of every prepared slice (never overwritten afterwards).
        unsafe {
            memory::st_shared_v4(prep(tid / tile.slices(), tid % tile.slices()) + PREP_ZERO_OFFSET, [0; 4])
        };
    }
    misc::sync_threads();

    // Tile `kt` goes to stage `s = kt % STAGES`, use `u = kt / STAGES` of it. Preparing it:
    // once its `b` and `sfb` have landed (`b_full`; with the scales by `cp.async` also
    // `full`, on which those arrive), all 32 lanes of a producer warp decode them into the
    // stage's prepared region and arrive on `ready`. The stage's `a` may still be on its way.
    let prepare = |kt: u32| {
        let s = kt % STAGES;
        unsafe {
            mbarrier::wait_parity(b_full(s), (kt / STAGES) & 1);
            if !scales_by_tma {
                mbarrier::wait_parity(full(s), (kt / STAGES) & 1);
            }
        }
        if FP8 {
            // The FP8 route's tiles: every load of the stage first, then the conversions and
            // stores. (The loads and stores are `asm!` with memory effects and stay in program
            // order, so loading word by word would make each conversion wait for its own
            // load.) The other tiles keep the word-by-word order below: their code is left as
            // it was measured.
            let mut raw = [[0u32; 2]; (MAX_STAGE_K / BK) as usize];
            let mut sfb = [0u8; (MAX_STAGE_K / BK) as usize];
            for p in 0..tile.slices() {
                unsafe {
                    raw[p as usize] = [
                        memory::ld_shared_u32(raw_b(s, p) + 4 * lane),
                        memory::ld_shared_u32(raw_b(s, p) + 4 * (lane + 32)),
                    ];
                    sfb[p as usize] = memory::ld_shared_u8(raw_sfb(s, p) + lane);
                }
            }
            for p in 0..tile.slices() {
                unsafe {
                    Route::<FP8>::prepare_b_value(raw[p as usize][0], prep(s, p), lane);
                    Route::<FP8>::prepare_b_value(raw[p as usize][1], prep(s, p), lane + 32);
                    let v = sfb_prepared(sfb[p as usize], Route::<FP8>::PRODUCT_SCALE);
                    memory::st_shared_f32(prep(s, p) + prep_sfb + 4 * lane, v);
                }
            }
        } else {
            for p in 0..tile.slices() {
                unsafe {
                    prepare_b_word::<Route<FP8>>(raw_b(s, p), prep(s, p), lane);
                    prepare_b_word::<Route<FP8>>(raw_b(s, p), prep(s, p), lane + 32);
                    // sfb: one scale per lane (SF_PASS_BYTES == 32), as f32 times the
                    // target's product scale.
                    let v =
                        sfb_prepared(memory::ld_shared_u8(raw_sfb(s, p) + lane), Route::<FP8>::PRODUCT_SCALE);
                    memory::st_shared_f32(prep(s, p) + prep_sfb + 4 * lane, v);
                }
            }
        }
        Route::<FP8>::publish_prepared();
        unsafe { mbarrier::arrive(ready(s)) };
    };
    if PW == 2 && warp == W {
        // Two producer warps (`Pipeline::TmaSplit`), the first: refills each stage as soon as
        // the consumers release it (`empty`); `STAGES` tiles in flight. (The stage's `b` was
        // read by the preparing warp before `ready`, so before the consumers' release.)
        if !early_issue {
            fill_first();
        }
        for kt in STAGES..total {
            let prev = kt - STAGES;
            unsafe { mbarrier::wait_parity(empty(prev % STAGES), (prev / STAGES) & 1) };
            issue(kt % STAGES, kt, A_PART | B_PART);
        }
        trigger_after_last_issue();
    } else if PW == 2 && warp == W + 1 {
        // The second: prepares every tile in order.
        for kt in 0..total {
            prepare(kt);
        }
    } else if warp == W {
        // One producer warp (`Pipeline::Tma`): prepares tile `kt`, then refills the stage of
        // the previous tile once tile `kt`'s `a` has landed (`full`) and the consumers have
        // released the previous tile (`empty`); `STAGES − 1` tiles stay in flight. Preparing
        // waits only for the tile's `b` and `sfb` (`b_full`), which land long before its `a`,
        // so `ready` no longer follows `a` by a preparation. Refilling as soon as the stage
        // is released instead (`STAGES` in flight; run v198) made the 32-row eight-warp tiles
        // 1–3% slower on (7168,16384,1) on the H200 and up to 1.8% slower at K = 16384 on an
        // H100 (run v199), where it won 2% on two other shapes: BENCHMARKS.md, "Thirtieth
        // session".
        if !early_issue {
            fill_first();
            if total <= STAGES {
                trigger_after_last_issue();
            }
        }
        for kt in 0..total {
            prepare(kt);
            if kt >= 1 && kt - 1 + STAGES < total {
                unsafe { mbarrier::wait_parity(full(kt % STAGES), (kt / STAGES) & 1) };
                let prev = kt - 1;
                unsafe { mbarrier::wait_parity(empty(prev % STAGES), (prev / STAGES) & 1) };
                issue(prev % STAGES, prev + STAGES, A_PART | B_PART);
                if prev + STAGES + 1 == total {
                    trigger_after_last_issue();
                }
            }
        }
    } else {
        // Chunk q of a pass lies in slice q / 16 of it, as chunk q % 16 there.
        let b_lane = Route::<FP8>::b_lane(g, t, q % 16, (q / 16) * prep_pass);
        let sfb_at = (q / 16) * prep_pass + prep_sfb + 8 * (q % 16);
        let mut acc = [0f32; (MAX_BM / ROW_GROUPS) as usize];
        // The arithmetic of pass `p` of the K tile in stage `s` (no waiting or releasing).
        let consume = #[inline(always)]
        |s: u32, p: u32, acc: &mut [f32; (MAX_BM / ROW_GROUPS) as usize]| unsafe {
            let base = stage(s);
            let k0 = W * WARP_K * p; // the pass's first K element in the stage
            let (ab, sf) = (k0 / 2 + 16 * q, k0 / 16 + 2 * q);
            let slice = prep(s, k0 / BK);
            let b = Route::<FP8>::load_b(slice, b_lane);
            let [sfb0, sfb1] = memory::ld_shared_v2(slice + sfb_at).map(f32::from_bits);
            let mut i = 0;
            while i < rows {
                // Rows r and r + 8 of the block: one tensor-core tile.
                let r = g + MMA_ROWS * (i as u32 / 2);
                let a_at = |row: u32| base + row * tile.ab_row_bytes() + ab;
                let sfa_at = |row: u32| base + tile.sfa_offset() + row * tile.sf_row_bytes() + sf;
                let d = Route::<FP8>::block_sums(
                    memory::ld_shared_v4(a_at(r)),
                    memory::ld_shared_v4(a_at(r + 8)),
                    &b,
                );
                let (x0, x1) = f16x2_to_f32(cvt::e4m3x2_to_f16x2(memory::ld_shared_u16(sfa_at(r))));
                let (y0, y1) = f16x2_to_f32(cvt::e4m3x2_to_f16x2(memory::ld_shared_u16(sfa_at(r + 8))));
                acc[i] = f16x2::fma_f32(d[0], x0 * sfb0, acc[i]);
                acc[i] = f16x2::fma_f32(d[1], x1 * sfb1, acc[i]);
                acc[i + 1] = f16x2::fma_f32(d[2], y0 * sfb0, acc[i + 1]);
                acc[i + 1] = f16x2::fma_f32(d[3], y1 * sfb1, acc[i + 1]);
                i += 2;
            }
        };
        // `full`: the stage's `a` and `sfa` have landed; `ready`: its `b` and `sfb` are
        // prepared (usually long before, as they land first).
        let wait = |kt: u32| unsafe {
            mbarrier::wait_parity(full(kt % STAGES), (kt / STAGES) & 1);
            mbarrier::wait_parity(ready(kt % STAGES), (kt / STAGES) & 1);
        };
        let release = |kt: u32| unsafe {
            mbarrier::arrive(empty(kt % STAGES));
        };
        // Round `u` takes tiles `u·STAGES + s`, stage `s`, written out per stage and per pass
        // so that every stage's addresses are constants and the lane's offsets are computed
        // once, not once per tile: 147 → 112 SASS instructions per KiB of `a` in the sm_90a
        // `bm16_k512_s4` loop, 104 → 99 in `bm32_k1024_s4_p2` (BENCHMARKS.md, run v22). The
        // closures must be inlined: LLVM otherwise outlines the body into a `.func` in which
        // the accumulator indices are no longer constants (a bounds check, which
        // `cargo xtask build-ptx` rejects).
        // A persistent block, after the last K tile of its row tile `j`: the warps' row sums
        // into buffer `j % 2` (`partials`, `cluster_sums`), the consumer warps meet (named
        // barrier 1; the producer warps go on streaming), and thread `r < BM` adds row `r`'s
        // sums and stores it. Two buffers: a warp writes buffer `j % 2` again only after the
        // next row tile's barrier, which every reader of row tile `j` passes after reading.
        let (mut next_flush, mut j) = (tiles, 0u32);
        let flush = #[inline(always)]
        |acc: &mut [f32; (MAX_BM / ROW_GROUPS) as usize], j: u32| unsafe {
            let buf = if j.is_multiple_of(2) { partials } else { cluster_sums };
            store_warp_partials::<BM>(acc, warp, g, t, buf);
            *acc = [0f32; (MAX_BM / ROW_GROUPS) as usize];
            misc::bar_sync_count(1, tile.consumer_threads());
            let (band, lb) = row_tile(j);
            let row = band * BM + tid;
            if tid < BM && row < m {
                let mut v = 0f32;
                for w in 0..W {
                    v += memory::ld_shared_f32(buf.at(w * BM + tid));
                }
                store_out(epilogue, c, lb as usize * m as usize + row as usize, v);
            }
        };
        // One K tile `kt` in stage `s`: wait for it, add its passes into `acc`, release it.
        let step = #[inline(always)]
        |s: u32, kt: u32, acc: &mut [f32; (MAX_BM / ROW_GROUPS) as usize]| {
            wait(kt);
            unrolled(
                tile.passes(),
                #[inline(always)]
                |p| consume(s, p, acc),
            );
            release(kt);
        };
        // A stream-K block: its range, segment by segment (the units of one row tile), each
        // streamed as the loop below streams a block's tiles, then flushed once: the warps' row
        // sums into buffer `j % 2` as above; a row tile wholly in the range is stored, a cut one
        // goes through the split-K workspace (`stream_k_flush`). The flush sits outside the
        // stage copies of the loop (in each copy it cost the eight-warp 32-row tiles 48
        // registers, two blocks per SM).
        if STREAM {
            let mut lo = 0;
            while lo < total {
                let hi = total.min(lo + tiles - (u0 + lo) % tiles.max(1));
                for u in lo / STAGES..hi.div_ceil(STAGES) {
                    unrolled(
                        STAGES,
                        #[inline(always)]
                        |s| {
                            let kt = u * STAGES + s;
                            if kt >= lo && kt < hi {
                                step(s, kt, &mut acc);
                            }
                        },
                    );
                }
                let buf = if j.is_multiple_of(2) { partials } else { cluster_sums };
                unsafe {
                    store_warp_partials::<BM>(&acc, warp, g, t, buf);
                    stream_k_flush::<BM, W>(
                        buf,
                        c,
                        m,
                        u0 + hi - 1,
                        range,
                        work,
                        epilogue,
                        tile.consumer_threads(),
                    );
                }
                acc = [0f32; (MAX_BM / ROW_GROUPS) as usize];
                j += 1;
                lo = hi;
            }
        }
        for u in 0..if STREAM { 0 } else { total.div_ceil(STAGES) } {
            unrolled(
                STAGES,
                #[inline(always)]
                |s| {
                    let kt = u * STAGES + s;
                    if kt < total {
                        step(s, kt, &mut acc);
                        if PERSIST && kt + 1 == next_flush {
                            flush(&mut acc, j);
                            j += 1;
                            next_flush += tiles;
                        }
                    }
                },
            );
        }

        if !PERSIST && !STREAM {
            unsafe { store_warp_partials::<BM>(&acc, warp, g, t, partials) };
        }
    }
    if PERSIST || STREAM {
        return;
    }
    misc::sync_threads();
    unsafe { store_block_rows::<BM, W, CLUSTER>(partials, split_smem, c, m, row0, work, epilogue) }
}

/// One stream-K block's share of the schedule (`layout::stream_k_first_unit`): block `bx` of
/// `grid` streams units `u0 .. u1` of `units` (schedule skew `skew`), row tiles of `tiles` K tiles, `bands` row
/// bands per batch entry, `batches` entries.
#[derive(Clone, Copy)]
struct StreamRange {
    bx: u32,
    grid: u32,
    units: u32,
    skew: u32,
    tiles: u32,
    bands: u32,
    batches: u32,
    u0: u32,
    u1: u32,
}

/// The consumer warps of a stream-K block (`consumers` threads, named barrier 1; the producer
/// warps go on streaming), after [`store_warp_partials`] into `buf` for the segment of row
/// tile `rt = n / tiles` that ends at unit `n`: thread `r < BM` adds row `r`'s sums of the
/// `W` warps. A row tile wholly inside the block's range is stored at once. Of a cut one
/// (its blocks `first .. first + segs`, `layout::stream_k_segments`), a later block stores its
/// row sums into slot `z = bx − first` (at `split_sums[z · l · m + lb · m + row]`) and goes
/// on; the first block (whose range ends with the row tile's first K tiles) waits, row by
/// row, for slots `1 .. segs` to be filled (`layout::STREAM_K_EMPTY`), adds them to its own
/// in K order, empties them again and applies the epilogue. A slot still empty after
/// `layout::STREAM_K_WAIT_LIMIT_NS` ends the launch with `trap`.
///
/// # Safety
/// Every consumer thread calls it together, with `buf` written by [`store_warp_partials`]
/// since the previous call; `work.split_sums` holds `layout::stream_k_max_segments` slots of
/// `l · m` words, all [`layout::STREAM_K_EMPTY`] but those of this launch. Every block of
/// the grid must be able to run at once (the host's grid is at most the resident blocks).
#[inline(always)]
#[allow(clippy::too_many_arguments)] // the flush's inputs: the kernel's, and the schedule
unsafe fn stream_k_flush<const BM: u32, const W: u32>(
    buf: SharedArray<f32>,
    c: *mut u16,
    m: u32,
    n: u32,
    r: StreamRange,
    work: SplitWork,
    epilogue: Epilogue,
    consumers: u32,
) {
    let tid = misc::thread_idx_x();
    // SAFETY: every consumer thread calls this together (the caller's contract).
    unsafe { misc::bar_sync_count(1, consumers) };
    let rt = n / r.tiles.max(1);
    let (band, lb) = (rt % r.bands.max(1), rt / r.bands.max(1));
    let row = band * BM + tid;
    if tid >= BM || row >= m {
        return;
    }
    let mut v = 0f32;
    for w in 0..W {
        v += unsafe { memory::ld_shared_f32(buf.at(w * BM + tid)) };
    }
    let idx = lb as usize * m as usize + row as usize;
    let start = rt * r.tiles;
    if r.u0 <= start && start + r.tiles <= r.u1 {
        unsafe { store_out(epilogue, c, idx, v) };
        return;
    }
    let (first, segs) = layout::stream_k_segments(rt, r.tiles, r.grid, r.units, r.skew);
    let slot = |z: u32| {
        work.split_sums.cast::<u32>().wrapping_add(z as usize * r.batches as usize * m as usize + idx)
    };
    if r.u0 <= start {
        // The owner: the other blocks' sums, in K order.
        for z in 1..segs {
            let since = misc::global_timer_ns();
            let bits = loop {
                let bits = unsafe { memory::ld_relaxed_gpu_u32(slot(z)) };
                if bits != layout::STREAM_K_EMPTY {
                    break bits;
                }
                if misc::global_timer_ns().wrapping_sub(since) > layout::STREAM_K_WAIT_LIMIT_NS {
                    // A launch failure instead of a hang (`layout::STREAM_K_WAIT_LIMIT_NS`).
                    misc::trap();
                }
            };
            v += f32::from_bits(bits);
            unsafe { memory::st_relaxed_gpu_u32(slot(z), layout::STREAM_K_EMPTY) };
        }
        unsafe { store_out(epilogue, c, idx, v) };
    } else {
        let bits = v.to_bits();
        let bits = if bits == layout::STREAM_K_EMPTY { f32::NAN.to_bits() | 0x7F_FFFF } else { bits };
        unsafe { memory::st_relaxed_gpu_u32(slot(r.bx - first), bits) };
    }
}

/// `f(0)`, `f(1)`, …, `f(n − 1)` written out, for a count `n ≤ 8` known at compile time
/// (the copies past `n` fold away): a loop whose index must be a constant in each copy of the
/// body, which LLVM would keep rolled. Every caller's `n` is a tile constant (`stages`,
/// `passes()`) that [`TileConfig::check`] bounds by 8 at compile time: a larger `n` would
/// skip iterations.
#[inline(always)]
fn unrolled(n: u32, mut f: impl FnMut(u32)) {
    macro_rules! copies {
        ($($i:literal)*) => { $( if $i < n { f($i) } )* };
    }
    copies!(0 1 2 3 4 5 6 7);
}

/// Consumer warps, after their K loop: lanes `t = 0..4` of a row group hold partial sums of
/// the same rows (accumulator `i` is row `g + 8i` of the block); a butterfly over lane bits 0
/// and 1 adds them, and lane `t = 0` stores them to `partials[warp · BM + row]`.
///
/// # Safety
/// All 32 lanes of the warp call this together; `partials` holds `W · BM` f32.
#[inline(always)]
pub(crate) unsafe fn store_warp_partials<const BM: u32>(
    acc: &[f32; (MAX_BM / ROW_GROUPS) as usize],
    warp: u32,
    g: u32,
    t: u32,
    partials: SharedArray<f32>,
) {
    let mut i = 0;
    while i < (BM / ROW_GROUPS) as usize {
        let mut v = acc[i];
        v += unsafe { shfl::bfly_f32(v, 1, 0xFFFF_FFFF) };
        v += unsafe { shfl::bfly_f32(v, 2, 0xFFFF_FFFF) };
        if t == 0 {
            unsafe { memory::st_shared_f32(partials.at(warp * BM + g + ROW_GROUPS * i as u32), v) };
        }
        i += 1;
    }
}

/// `c[idx] = alpha·v (+ beta·c_in[idx])`, rounded once to fp16 (bf16 with `epilogue.bf16`).
///
/// # Safety
/// `idx` is within `c` (and `c_in`, if not null).
#[inline(always)]
pub(crate) unsafe fn store_out(epilogue: Epilogue, c: *mut u16, idx: usize, v: f32) {
    let mut r = epilogue.alpha * v;
    if !epilogue.c_in.is_null() {
        let bits = unsafe { memory::ld_global_u16(epilogue.c_in.add(idx)) };
        let x = if epilogue.bf16 { f32::from_bits((bits as u32) << 16) } else { cvt::f16_to_f32(bits) };
        r = f16x2::fma_f32(epilogue.beta, x, r);
    }
    let bits = if epilogue.bf16 { cvt::f32_to_bf16(r) } else { cvt::f32_to_f16(r) };
    unsafe { memory::st_global_cs_u16(c.add(idx), bits) }
}

/// The shared memory the K split's reduction uses besides the warps' partial sums: one flag
/// word (the global path: whether this block is its row tile's last) and the cluster's split
/// sums (the cluster path: [`CLUSTER_SPLITS_MAX`] fp32 per row, written by every block of the
/// cluster into its first block's copy).
#[derive(Clone, Copy)]
pub(crate) struct SplitSmem {
    pub(crate) last_flag: u32,
    pub(crate) cluster_sums: SharedArray<f32>,
}

/// Every thread, at the start of a GEMV block: in a cluster entry point (`cluster`: the
/// K-split reduction through distributed shared memory, [`store_block_rows`]), marks this
/// block as started (`barrier.cluster.arrive.relaxed`); the reduction's first
/// `barrier.cluster.wait` then guarantees that the block it writes to is running. Otherwise
/// nothing.
#[inline(always)]
pub(crate) fn cluster_block_started(cluster: bool) {
    if cluster {
        // SAFETY: every thread of every block of the cluster runs this once, first, and
        // waits in `store_block_rows` before its next arrival.
        unsafe { cluster::arrive_relaxed() };
    }
}

/// The whole block, after a barrier that follows [`store_warp_partials`]: thread `r < BM`
/// adds row `r`'s partial sums of the `W` warps and applies the epilogue; with a K split
/// (`grid.z > 1`) the splits' sums meet first: with `CLUSTER` (a cluster twin) in the
/// cluster's first block, else in `work` (see [`gemv`]).
///
/// # Safety
/// As [`gemv`] for `c`, `m`, `work` and `epilogue`; `partials` as written by
/// [`store_warp_partials`]; every thread of the block calls it, after
/// [`cluster_block_started`]; with `CLUSTER` the launch has clusters of `(1, 1, grid.z)`
/// blocks (else the kernel traps).
#[inline(always)]
pub(crate) unsafe fn store_block_rows<const BM: u32, const W: u32, const CLUSTER: bool>(
    partials: SharedArray<f32>,
    split_smem: SplitSmem,
    c: *mut u16,
    m: u32,
    row0: u32,
    work: SplitWork,
    epilogue: Epilogue,
) {
    const { assert!(BM <= MAX_BM) };
    let SplitWork { split_sums, tickets } = work;
    let SplitSmem { last_flag, cluster_sums } = split_smem;
    let tid = misc::thread_idx_x();
    let l = misc::block_idx_y();
    let split = misc::block_idx_z();
    let splits = misc::grid_dim_z();
    let row = row0 + tid;
    let out = |v: f32| unsafe { store_out(epilogue, c, l as usize * m as usize + row as usize, v) };
    let mut v = 0f32;
    if tid < BM {
        for w in 0..W {
            v += unsafe { memory::ld_shared_f32(partials.at(w * BM + tid)) };
        }
    }
    if CLUSTER {
        // Split K in a cluster: block z of the row tile's cluster (rank z) stores its row
        // sums into slot z of the first block's `cluster_sums`; after one cluster barrier
        // (release/acquire) the first block adds them in split order, as the global path
        // does, so both give the same bits.
        if cluster::nctarank() != splits || cluster::nctaid_z() != splits || splits > CLUSTER_SPLITS_MAX {
            misc::trap();
        }
        // SAFETY: every thread arrived in `cluster_block_started`; this wait ends that phase,
        // so every block of the cluster has started. The slots are this block's alone.
        unsafe {
            cluster::wait();
            if tid < BM {
                let slot = cluster_sums.at(cluster::ctarank() * BM + tid);
                cluster::st_shared_f32(cluster::map_shared(slot, 0), v);
            }
            cluster::arrive();
            cluster::wait();
        }
        if cluster::ctarank() == 0 && tid < BM && row < m {
            let mut sum = 0f32;
            for z in 0..splits {
                sum += unsafe { memory::ld_shared_f32(cluster_sums.at(z * BM + tid)) };
            }
            out(sum);
        }
        return;
    }
    if splits == 1 {
        if tid < BM && row < m {
            out(v);
        }
        return;
    }
    // Split K through global memory: every split stores its row sums; the last block of the
    // row tile to arrive (an atomic ticket per row tile) adds them in split order, so the
    // result does not depend on arrival order, and resets the ticket for the next launch.
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

/// The parameters of every GEMV entry point, gathered: one parameter list (see
/// [`gemv_entry_abi`]) for all of them, so that the host launches each the same way; each
/// kernel uses what it needs (the TMA kernels `maps` and the scales' addresses, the direct
/// kernel `a`, `b` and the scales' addresses).
#[derive(Clone, Copy)]
pub(crate) struct EntryArgs {
    pub(crate) maps: *const TensorMap,
    pub(crate) c: *mut u16,
    pub(crate) m: u32,
    pub(crate) k: u32,
    pub(crate) work: SplitWork,
    pub(crate) epilogue: Epilogue,
    pub(crate) sfa: *const u8,
    pub(crate) sfb: *const u8,
    pub(crate) a: *const u8,
    pub(crate) b: *const u8,
    /// Launched with programmatic dependent launch, and when the next kernel may start.
    pub(crate) pdl: Pdl,
    /// With PDL: the stages of `a` requested before `griddepcontrol.wait` (clamped to the
    /// pipeline's depth; `launch_flags::PDL_PREFETCH_SHIFT`).
    pub(crate) pdl_prefetch: u32,
    /// The persistent twins: the batch size `l` (`launch_flags::PERSIST_BATCHES_SHIFT`).
    pub(crate) batches: u32,
    /// The stream-K twins: the skew of the schedule (`launch_flags::STREAM_K_SKEW_SHIFT`).
    pub(crate) skew: u32,
}

/// Programmatic dependent launch (`launch_flags::PDL`): whether the launch uses it, and when
/// a block lets the next kernel start (`griddepcontrol.launch_dependents`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pdl {
    /// A plain launch.
    Off,
    /// At block start: the host's choice when the GPU cannot hold this grid and a next one of
    /// the same size at once, so that the next kernel's blocks start as this one's leave and
    /// fill its tail.
    TriggerAtStart,
    /// Once the producer has requested its last tile
    /// (`launch_flags::PDL_TRIGGER_AFTER_LOADS`): the host's choice when the GPU holds both
    /// grids at once, where a next kernel started at once would compete with this one for
    /// bandwidth during its whole run (BENCHMARKS.md, runs v37 and v38).
    TriggerAfterLoads,
    /// Never explicitly (`launch_flags::PDL_TRIGGER_AT_EXIT`): the next kernel starts when
    /// this grid's last block exits; only the launch overlaps.
    TriggerAtExit,
}

impl Pdl {
    /// From the entry point's `flags`.
    pub(crate) const fn from_flags(flags: u32) -> Self {
        use crate::layout::launch_flags::{PDL, PDL_TRIGGER_AFTER_LOADS, PDL_TRIGGER_AT_EXIT};
        match (flags & PDL != 0, flags & PDL_TRIGGER_AT_EXIT != 0, flags & PDL_TRIGGER_AFTER_LOADS != 0) {
            (false, _, _) => Pdl::Off,
            (true, true, _) => Pdl::TriggerAtExit,
            (true, false, false) => Pdl::TriggerAtStart,
            (true, false, true) => Pdl::TriggerAfterLoads,
        }
    }
}

/// Declares a `ptx-kernel` entry point with the GEMV's parameter list, `(maps, c, m, k,
/// split_sums, tickets, alpha, beta, c_in, flags, sfa, sfb, a, b)`, whose body runs with
/// them gathered as an [`EntryArgs`] named `$x`.
macro_rules! gemv_entry_abi {
    ($(#[$doc:meta])* $name:ident, |$x:ident| $body:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// As the kernel function it runs.
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $name(
            maps: *const $crate::layout::TensorMap,
            c: *mut u16,
            m: u32,
            k: u32,
            split_sums: *mut f32,
            tickets: *mut u32,
            alpha: f32,
            beta: f32,
            c_in: *const u16,
            flags: u32,
            sfa: *const u8,
            sfb: *const u8,
            a: *const u8,
            b: *const u8,
        ) {
            let $x = $crate::gemv::EntryArgs {
                maps,
                c,
                m,
                k,
                work: $crate::gemv::SplitWork { split_sums, tickets },
                epilogue: $crate::gemv::Epilogue {
                    alpha,
                    beta,
                    c_in,
                    bf16: flags & $crate::layout::launch_flags::BF16_OUTPUT != 0,
                },
                pdl: $crate::gemv::Pdl::from_flags(flags),
                pdl_prefetch: $crate::layout::launch_flags::pdl_prefetch_stages(flags),
                batches: flags >> $crate::layout::launch_flags::PERSIST_BATCHES_SHIFT,
                skew: $crate::layout::launch_flags::stream_k_skew_of(flags),
                sfa,
                sfb,
                a,
                b,
            };
            unsafe { $body }
        }
    };
}
pub(crate) use gemv_entry_abi;

/// Declares a `ptx-kernel` entry point running [`gemv`] with a tile configuration.
/// With `cluster`, the twin for launches in thread block clusters
/// (`layout::kernel_name::CLUSTER_TWINS`); with `tiled`, the twin that reads `a` and `sfa` in
/// the tiled layout (`layout::kernel_name::TILED_TWINS`) from its `a` parameter.
macro_rules! gemv_entry {
    ($(#[$doc:meta])* $name:ident, $tile:expr) => {
        gemv_entry!($(#[$doc])* $name, $tile, false, false);
    };
    ($(#[$doc:meta])* $name:ident, $tile:expr, $cluster:literal) => {
        gemv_entry!($(#[$doc])* $name, $tile, $cluster, false);
    };
    ($(#[$doc:meta])* $name:ident, $tile:expr, $cluster:literal, $tiled:literal) => {
        gemv_entry!($(#[$doc])* $name, $tile, $cluster, $tiled, false);
    };
    ($(#[$doc:meta])* $name:ident, $tile:expr, $cluster:literal, $tiled:literal, $persist:literal) => {
        gemv_entry!($(#[$doc])* $name, $tile, $cluster, $tiled, $persist, false);
    };
    ($(#[$doc:meta])* $name:ident, $tile:expr, $cluster:literal, $tiled:literal, $persist:literal, $stream:literal) => {
        gemv_entry_abi!($(#[$doc])* $name, |x| {
            const T: TileConfig = $tile;
            let scales = Scales { sfa: x.sfa, sfb: x.sfb, b: x.b };
            gemv::<{ T.bm }, { T.stages }, { T.bk }, { T.warps }, { T.producer_warps() }, $cluster, { T.fp8_route() }, $tiled, $persist, $stream>(
                x.maps, x.c, x.m, x.k, x.work, x.epilogue, scales, x.a, x.pdl, x.pdl_prefetch, x.batches, x.skew,
            )
        });
    };
}

gemv_entry!(
    /// The GEMV with this build's tile configuration [`TILE`].
    nvfp4_gemv,
    TILE
);

/// The cluster twins, named as `layout::kernel_name::CLUSTER_TWINS` names them (checked at
/// compile time).
macro_rules! gemv_cluster_twins {
    ($($i:literal => $name:ident, $tile:expr, $tiled:literal;)*) => {
        $(
            gemv_entry!(
                #[doc = concat!("The cluster twin `layout::kernel_name::CLUSTER_TWINS[", stringify!($i), "]`: K splits add their sums in a thread block cluster.")]
                $name,
                $tile,
                true,
                $tiled
            );
        )*
        const _: () = {
            $( assert!(same(crate::layout::kernel_name::CLUSTER_TWINS[$i].1, stringify!($name))); )*
            assert!(crate::layout::kernel_name::CLUSTER_TWINS.len() == [$($i),*].len(), "one twin per table row");
        };
    };
}

gemv_cluster_twins!(
    0 => nvfp4_gemv_cluster, TILE, false;
    1 => nvfp4_gemv_bm16_k1024_s4_w8_p2_cluster, crate::layout::VARIANTS[10].1, false;
    2 => nvfp4_gemv_bm32_k1024_s4_p2_cluster, crate::layout::VARIANTS[9].1, false;
    3 => nvfp4_gemv_tiled_cluster, TILE, true;
    4 => nvfp4_gemv_bm16_k1024_s4_w8_p2_tiled_cluster, crate::layout::VARIANTS[10].1, true;
    5 => nvfp4_gemv_bm32_k1024_s4_p2_tiled_cluster, crate::layout::VARIANTS[9].1, true;
);
const _: () = {
    use crate::layout::kernel_name::{CLUSTER_TWINS, TILED_TWINS};
    assert!(same(CLUSTER_TWINS[1].0, crate::layout::VARIANTS[10].0));
    assert!(same(CLUSTER_TWINS[2].0, crate::layout::VARIANTS[9].0));
    // The tiled cluster twins are those of the tiled twins of the same tiles.
    assert!(same(CLUSTER_TWINS[3].0, TILED_TWINS[0].1));
    assert!(same(CLUSTER_TWINS[4].0, TILED_TWINS[11].1));
    assert!(same(CLUSTER_TWINS[5].0, TILED_TWINS[10].1));
};
/// Same bytes (a `const` string comparison).
use crate::layout::str_eq as same;

/// One entry point per `layout::VARIANTS[i]`, named as the table names it (checked at compile
/// time: the host loads them by those names).
macro_rules! gemv_variants {
    ($($i:literal => $name:ident),* $(,)?) => {
        $(
            gemv_entry!(
                #[doc = concat!("Tuning variant `layout::VARIANTS[", stringify!($i), "]`.")]
                $name,
                crate::layout::VARIANTS[$i].1
            );
        )*
        const _: () = {
            $( assert!(same(crate::layout::VARIANTS[$i].0, stringify!($name))); )*
            assert!(crate::layout::VARIANTS.len() == [$($i),*].len(), "one entry point per variant");
        };
    };
}

gemv_variants!(
    0 => nvfp4_gemv_bm16_k512_s4,
    1 => nvfp4_gemv_bm16_k512_s8,
    2 => nvfp4_gemv_bm32_k1024_s4,
    3 => nvfp4_gemv_bm32_k1024_s5,
    4 => nvfp4_gemv_bm16_k1024_s4_w8,
    5 => nvfp4_gemv_bm16_k1024_s6_w8,
    6 => nvfp4_gemv_bm32_k1024_s4_w8,
    7 => nvfp4_gemv_bm32_k1024_s5_w8,
    8 => nvfp4_gemv_bm16_k512_s4_p2,
    9 => nvfp4_gemv_bm32_k1024_s4_p2,
    10 => nvfp4_gemv_bm16_k1024_s4_w8_p2,
    11 => nvfp4_gemv_bm32_k1024_s4_w8_p2,
    12 => nvfp4_gemv_bm32_k1024_s2,
    13 => nvfp4_gemv_bm32_k1024_s2_w8,
);

/// The tiled twins, named as `layout::kernel_name::TILED_TWINS` names them (checked at
/// compile time): the same code with `a` and `sfa` read as one `cp.async.bulk` per stage from
/// the tiled layout (`layout::TileConfig::a_tile_offset`) instead of two tensor copies.
/// Separate entry points (a `const` parameter of [`gemv`]), so that the others' code stays
/// as it was.
macro_rules! gemv_tiled_twins {
    ($($i:literal => $name:ident, $tile:expr;)*) => {
        $(
            gemv_entry!(
                #[doc = concat!("The tiled twin `layout::kernel_name::TILED_TWINS[", stringify!($i), "]`: `a` and `sfa` in the tiled layout.")]
                $name,
                $tile,
                false,
                true
            );
        )*
        const _: () = {
            $( assert!(same(crate::layout::kernel_name::TILED_TWINS[$i].1, stringify!($name))); )*
            assert!(same(crate::layout::kernel_name::TILED_TWINS[0].0, crate::layout::kernel_name::GEMV));
            let mut v = 0;
            while v < crate::layout::VARIANTS.len() {
                assert!(same(crate::layout::kernel_name::TILED_TWINS[v + 1].0, crate::layout::VARIANTS[v].0));
                v += 1;
            }
            assert!(crate::layout::kernel_name::TILED_TWINS.len() == [$($i),*].len(), "one twin per table row");
        };
    };
}

gemv_tiled_twins!(
    0 => nvfp4_gemv_tiled, TILE;
    1 => nvfp4_gemv_bm16_k512_s4_tiled, crate::layout::VARIANTS[0].1;
    2 => nvfp4_gemv_bm16_k512_s8_tiled, crate::layout::VARIANTS[1].1;
    3 => nvfp4_gemv_bm32_k1024_s4_tiled, crate::layout::VARIANTS[2].1;
    4 => nvfp4_gemv_bm32_k1024_s5_tiled, crate::layout::VARIANTS[3].1;
    5 => nvfp4_gemv_bm16_k1024_s4_w8_tiled, crate::layout::VARIANTS[4].1;
    6 => nvfp4_gemv_bm16_k1024_s6_w8_tiled, crate::layout::VARIANTS[5].1;
    7 => nvfp4_gemv_bm32_k1024_s4_w8_tiled, crate::layout::VARIANTS[6].1;
    8 => nvfp4_gemv_bm32_k1024_s5_w8_tiled, crate::layout::VARIANTS[7].1;
    9 => nvfp4_gemv_bm16_k512_s4_p2_tiled, crate::layout::VARIANTS[8].1;
    10 => nvfp4_gemv_bm32_k1024_s4_p2_tiled, crate::layout::VARIANTS[9].1;
    11 => nvfp4_gemv_bm16_k1024_s4_w8_p2_tiled, crate::layout::VARIANTS[10].1;
    12 => nvfp4_gemv_bm32_k1024_s4_w8_p2_tiled, crate::layout::VARIANTS[11].1;
    13 => nvfp4_gemv_bm32_k1024_s2_tiled, crate::layout::VARIANTS[12].1;
    14 => nvfp4_gemv_bm32_k1024_s2_w8_tiled, crate::layout::VARIANTS[13].1;
);

/// The persistent twins (`layout::kernel_name::PERSIST_TWINS`: each block streams several row
/// tiles through one pipeline, see [`gemv`]) and the stream-K twins
/// (`layout::kernel_name::STREAM_K_TWINS`: each block streams a contiguous range of (row tile,
/// K tile) units, `layout::stream_k_first_unit`, [`stream_k_flush`]), named as their table
/// names them (checked at compile time): the tiled twin's code with a grid of at most as many
/// blocks as the GPU holds.
macro_rules! gemv_streaming_twins {
    ($table:ident, $persist:literal, $stream:literal, $what:literal; $($i:literal => $name:ident, $tile:expr;)*) => {
        $(
            gemv_entry!(
                #[doc = concat!("The twin `layout::kernel_name::", stringify!($table), "[", stringify!($i), "]`: ", $what, " streamed back to back, `a` and `sfa` in the tiled layout.")]
                $name,
                $tile,
                false,
                true,
                $persist,
                $stream
            );
        )*
        const _: () = {
            $( assert!(same(crate::layout::kernel_name::$table[$i].1, stringify!($name))); )*
            assert!(crate::layout::kernel_name::$table.len() == [$($i),*].len(), "one twin per table row");
        };
    };
}

gemv_streaming_twins!(
    PERSIST_TWINS, true, false, "row tiles";
    0 => nvfp4_gemv_bm16_k512_s4_persist, crate::layout::VARIANTS[0].1;
    1 => nvfp4_gemv_bm16_k512_s4_p2_persist, crate::layout::VARIANTS[8].1;
    2 => nvfp4_gemv_bm16_k1024_s4_w8_p2_persist, crate::layout::VARIANTS[10].1;
);
const _: () = {
    use crate::layout::kernel_name::PERSIST_TWINS;
    use crate::layout::kernel_name::TILED_TWINS;
    // Each is the persistent twin of the tiled twin of the same tiles.
    assert!(same(PERSIST_TWINS[0].0, TILED_TWINS[1].1));
    assert!(same(PERSIST_TWINS[1].0, TILED_TWINS[9].1));
    assert!(same(PERSIST_TWINS[2].0, TILED_TWINS[11].1));
};

gemv_streaming_twins!(
    STREAM_K_TWINS, false, true, "equal ranges of (row tile, K tile) units";
    0 => nvfp4_gemv_bm32_k1024_s4_w8_stream, crate::layout::VARIANTS[6].1;
);
// The stream-K twin of the tiled twin of the same tiles.
const _: () = assert!(same(
    crate::layout::kernel_name::STREAM_K_TWINS[0].0,
    crate::layout::kernel_name::TILED_TWINS[7].1
));
