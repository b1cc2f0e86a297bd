//! `nvfp4_gemv`: the block-scaled FP4 GEMV.
//!
//! One source for both targets. The pipeline (tensor maps, stages, mbarriers, TMA issue,
//! waits, the per-thread chunk loop, the reduction and the store) is shared line for line;
//! only [`decode`] differs: sm_100a decodes FP4 with `cvt.rn.f16x2.e2m1x2`, sm_90a with the
//! integer decode of [`crate::formats::e2m1x8_to_f16x2_scaled`].
//!
//! # Arithmetic
//! Per thread, per K tile, per row: the 32-element chunk is two 16-element scale blocks.
//! Each block is a chain of 8 `fma.rn.f16x2` (two lanes of 8 products each; the products of
//! two e2m1 values are exact in f16), the two lanes of both blocks are added with one
//! `add.rn.f16x2`, and each block sum is multiplied by its scale product `sfa·sfb` and
//! accumulated in fp32 (`fma.rn.f32`). At the end the 16 threads of a row add their fp32
//! partials with butterfly shuffles and one thread rounds to fp16 and stores.
use crate::layout::{
    AB_BOX_BYTES, BK, ROW_GROUPS, SF_BOX_BYTES, THREADS, THREADS_PER_ROW, TensorMap, TileConfig,
    map,
};
use crate::ptx::{cvt, f16x2, mbarrier, memory, misc, shfl, tma};
use crate::smem::Carver;

/// The tile configuration of this build.
#[cfg(target_feature = "sm_100a")]
pub const TILE: TileConfig = crate::layout::SM100_TILE;
/// The tile configuration of this build.
#[cfg(not(target_feature = "sm_100a"))]
pub const TILE: TileConfig = crate::layout::SM90_TILE;

const STAGES: u32 = TILE.stages;
const ROWS: usize = TILE.rows_per_thread() as usize;

/// FP4 → f16x2 decoding, the one part that differs between targets.
#[cfg(target_feature = "sm_100a")]
mod decode {
    use crate::ptx::cvt;
    /// Factor by which `a(w)·b(w)` under-scales the true product.
    pub const PRODUCT_SCALE: f32 = 1.0;
    /// Decodes 8 e2m1 of `a` (exact).
    #[inline(always)]
    pub fn a(w: u32) -> [u32; 4] {
        cvt::e2m1x2_to_f16x2_x4(w)
    }
    /// Decodes 8 e2m1 of `b` (exact).
    #[inline(always)]
    pub fn b(w: u32) -> [u32; 4] {
        cvt::e2m1x2_to_f16x2_x4(w)
    }
}

/// FP4 → f16x2 decoding, the one part that differs between targets.
#[cfg(not(target_feature = "sm_100a"))]
mod decode {
    use crate::formats::{E2M1_SCALED_LOG2, e2m1x8_to_f16x2_scaled};
    use crate::ptx::f16x2;
    /// Factor by which `a(w)·b(w)` under-scales the true product: `a` stays scaled by 2^-14.
    pub const PRODUCT_SCALE: f32 = (1u32 << E2M1_SCALED_LOG2) as f32;
    /// `2^14` in both f16 lanes.
    const TWO_POW_14_X2: u32 = 0x7400_7400;
    /// Decodes 8 e2m1 of `a`, scaled by 2^-14 (shifts and masks only).
    #[inline(always)]
    pub fn a(w: u32) -> [u32; 4] {
        e2m1x8_to_f16x2_scaled(w)
    }
    /// Decodes 8 e2m1 of `b` exactly (once per tile, shared by all rows of a thread).
    #[inline(always)]
    pub fn b(w: u32) -> [u32; 4] {
        e2m1x8_to_f16x2_scaled(w).map(|h| f16x2::mul(h, TWO_POW_14_X2))
    }
}

/// Decodes the 32 elements of a 16-byte chunk into 16 f16x2 words; words `0..8` hold scale
/// block 0 (bytes 0..8), words `8..16` block 1.
#[inline(always)]
fn decode_chunk(w: [u32; 4], f: impl Fn(u32) -> [u32; 4]) -> [u32; 16] {
    let mut out = [0u32; 16];
    let mut i = 0;
    while i < 4 {
        let d = f(w[i]);
        out[4 * i] = d[0];
        out[4 * i + 1] = d[1];
        out[4 * i + 2] = d[2];
        out[4 * i + 3] = d[3];
        i += 1;
    }
    out
}

/// The two scale-block sums of one chunk, `{block0, block1}` as f16x2.
#[inline(always)]
fn chunk_block_sums(a: &[u32; 16], b: &[u32; 16]) -> u32 {
    let (mut s0, mut s1) = (0u32, 0u32);
    let mut j = 0;
    while j < 8 {
        s0 = f16x2::fma(a[j], b[j], s0);
        s1 = f16x2::fma(a[8 + j], b[8 + j], s1);
        j += 1;
    }
    // {s0.lo, s1.lo} + {s0.hi, s1.hi}
    f16x2::add((s0 & 0xFFFF) | (s1 << 16), (s0 >> 16) | (s1 & 0xFFFF_0000))
}

/// f16x2 → (low, high) as f32.
#[inline(always)]
fn f16x2_to_f32(h: u32) -> (f32, f32) {
    (cvt::f16_to_f32(h as u16), cvt::f16_to_f32((h >> 16) as u16))
}

/// The GEMV. Grid `(ceil(m / TILE.bm), l)`, [`THREADS`] threads, `TILE.smem_bytes()` of
/// dynamic shared memory.
///
/// # Safety
/// `maps` points to [`map::COUNT`] tensor maps encoded by the host as [`map`] describes for
/// this `m`, `k`; `c` holds `l · m` fp16; `k` is a positive multiple of
/// [`crate::layout::K_MULTIPLE`].
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn nvfp4_gemv(maps: *const TensorMap, c: *mut u16, m: u32, k: u32) {
    let tid = misc::thread_idx_x();
    let row0 = misc::block_idx_x() * TILE.bm;
    let l = misc::block_idx_y();

    let mut carve = Carver::dynamic();
    let stages = carve.take::<u8>(STAGES * TILE.stage_bytes(), 128);
    let bars = carve.take::<u64>(2 * STAGES, 8);
    let stage = |s: u32| stages.at(s * TILE.stage_bytes());
    let full = |s: u32| bars.at(s);
    let empty = |s: u32| bars.at(STAGES + s);

    let map_a = unsafe { maps.add(map::A) }.cast::<u8>();
    let map_sfa = unsafe { maps.add(map::SFA) }.cast::<u8>();
    let map_b = unsafe { maps.add(map::B) }.cast::<u8>();
    let map_sfb = unsafe { maps.add(map::SFB) }.cast::<u8>();

    // Thread 0 fills stage `s` with K tile `t`.
    let issue = |s: u32, t: u32| unsafe {
        let (dst, bar) = (stage(s), full(s));
        let k0 = (t * BK) as i32;
        mbarrier::arrive_expect_tx(bar, TILE.tx_bytes());
        tma::load_3d(dst, map_a, bar, k0 / 2, row0 as i32, l as i32);
        tma::load_3d(
            dst + TILE.sfa_offset(),
            map_sfa,
            bar,
            k0 / 16,
            row0 as i32,
            l as i32,
        );
        tma::load_2d(dst + TILE.b_offset(), map_b, bar, k0 / 2, l as i32);
        tma::load_2d(dst + TILE.sfb_offset(), map_sfb, bar, k0 / 16, l as i32);
    };

    let tiles = k.div_ceil(BK);
    if tid == 0 {
        unsafe {
            for s in 0..STAGES {
                mbarrier::init(full(s), 1);
                mbarrier::init(empty(s), THREADS);
            }
            mbarrier::fence_init();
            for t in 0..STAGES.min(tiles) {
                issue(t, t);
            }
        }
    }
    misc::sync_threads();

    let q = tid % THREADS_PER_ROW; // which 32-element chunk of the tile
    let g = tid / THREADS_PER_ROW; // which row group
    let mut acc = [0f32; ROWS];

    for t in 0..tiles {
        let s = t % STAGES;
        let parity = (t / STAGES) & 1;
        let base = stage(s);
        unsafe {
            mbarrier::wait_parity(full(s), parity);

            let b = decode_chunk(
                memory::ld_shared_v4(base + TILE.b_offset() + 16 * q),
                decode::b,
            );
            let sfb = cvt::e4m3x2_to_f16x2(memory::ld_shared_u16(base + TILE.sfb_offset() + 2 * q));
            let (sfb0, sfb1) = f16x2_to_f32(sfb);
            let (sfb0, sfb1) = (sfb0 * decode::PRODUCT_SCALE, sfb1 * decode::PRODUCT_SCALE);

            let mut i = 0;
            while i < ROWS {
                let row = g + ROW_GROUPS * i as u32;
                let a_addr = base + row * AB_BOX_BYTES + 16 * q;
                let sfa_addr = base + TILE.sfa_offset() + row * SF_BOX_BYTES + 2 * q;
                let a = decode_chunk(memory::ld_shared_v4(a_addr), decode::a);
                let (s0, s1) = f16x2_to_f32(chunk_block_sums(&a, &b));
                let (sfa0, sfa1) =
                    f16x2_to_f32(cvt::e4m3x2_to_f16x2(memory::ld_shared_u16(sfa_addr)));
                acc[i] = f16x2::fma_f32(s0, sfa0 * sfb0, acc[i]);
                acc[i] = f16x2::fma_f32(s1, sfa1 * sfb1, acc[i]);
                i += 1;
            }

            mbarrier::arrive(empty(s));
            if tid == 0 && t + STAGES < tiles {
                mbarrier::wait_parity(empty(s), parity);
                issue(s, t + STAGES);
            }
        }
    }

    let mut i = 0;
    while i < ROWS {
        let mut v = acc[i];
        let mut lanes = THREADS_PER_ROW / 2;
        while lanes > 0 {
            v += unsafe { shfl::bfly_f32(v, lanes, 0xFFFF_FFFF) };
            lanes /= 2;
        }
        let row = row0 + g + ROW_GROUPS * i as u32;
        if q == 0 && row < m {
            unsafe {
                memory::st_global_cs_u16(
                    c.add(l as usize * m as usize + row as usize),
                    cvt::f32_to_f16(v),
                )
            };
        }
        i += 1;
    }
}
