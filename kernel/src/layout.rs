//! Problem layout, tile shapes and the launch contract shared by kernel and host.
//!
//! # Memory layout of one problem (batch `L`, `M` rows, reduction length `K`)
//!
//! | tensor | element | shape (outer → inner) | bytes |
//! | --- | --- | --- | --- |
//! | `a`   | FP4 e2m1, two per byte, low nibble = even k | `[L][M][K/2]`  | `L·M·K/2` |
//! | `b`   | FP4 e2m1, two per byte, low nibble = even k | `[L][K/2]`     | `L·K/2` |
//! | `sfa` | FP8 e4m3, one per 16 k of a row             | `[L][M][K/16]` | `L·M·K/16` |
//! | `sfb` | FP8 e4m3, one per 16 k                      | `[L][K/16]`    | `L·K/16` |
//! | `c`   | IEEE fp16 (or bf16, on request)              | `[L][M]`       | `2·L·M` |
//!
//! ```text
//! c[l][m] = fp16( alpha · Σ_k a[l][m][k] · b[l][k] · sfa[l][m][k/16] · sfb[l][k/16]
//!                 + beta · c_in[l][m] )
//! ```
//!
//! with `alpha = 1` and no `c_in` term by default. `K` is a multiple of [`K_MULTIPLE`]; `M`
//! and `L` are any positive numbers.
//!
//! # Tiling
//!
//! A thread block ([`TileConfig::threads`]: [`TileConfig::warps`] consumer warps and one
//! producer warp) owns [`TileConfig::bm`] rows of one batch entry and walks K (all of it, or
//! its split's share: grid `z`, [`Shape::splits`]) in stages of [`TileConfig::bk`] elements.
//! The consumers cover a stage in passes of `128 · warps` K: within a pass, lane `4g + t` of
//! consumer warp `w` owns the 32-element chunk `4w + t` (16 bytes of `a`) of rows
//! `g, g + 8, …` ([`TileConfig::rows_per_thread`] of them). The `a`, `sfa`, `b`, `sfb` tiles
//! of a stage arrive by TMA into one of [`TileConfig::stages`] shared-memory stages; the
//! producer prepares `b` in slices of [`BK`].

mod split;
pub use split::*;
mod stream_k;
pub use stream_k::*;

/// Threads of the copy kernel's block.
pub const THREADS: u32 = 128;
/// K elements of one slice: one TMA box row of `a` at one byte per element, and the unit in
/// which the producer prepares `b` ([`PREP_PASS_BYTES`] per slice). A stage holds `bk / BK`.
pub const BK: u32 = 512;
/// K elements one consumer warp covers per pass: 4 chunks.
pub const WARP_K: u32 = 128;
/// Largest K per stage: a TMA box row holds at most 256 elements of at most 4 bytes here.
pub const MAX_STAGE_K: u32 = 2048;
/// K elements one thread reduces per tile and row: 16 bytes of `a`, two scale blocks.
pub const CHUNK: u32 = 32;
/// FP4 elements per scale factor.
pub const SF_VEC: u32 = 16;
/// Chunks per warp per tile: lane `4g + t` owns chunk `4w + t` of the tile.
pub const CHUNKS_PER_WARP: u32 = 4;
/// Row groups: lane `4g + t` owns rows `g, g + 8, g + 16, …` of the block.
pub const ROW_GROUPS: u32 = 8;
/// Rows per tensor-core tile (`mma.m16n8k32`): rows `g` and `g + 8` of a thread.
pub const MMA_ROWS: u32 = 16;
/// `K` must be a multiple of this: the scale rows (`K/16` bytes) are then whole 4-byte words,
/// which the producer copies with `cp.async` when TMA cannot take them (see
/// [`SCALE_TMA_K_MULTIPLE`]).
pub const K_MULTIPLE: u32 = 64;
/// When `K` is a multiple of this, the scale rows are a multiple of 16 bytes and arrive by TMA
/// (tensor maps [`map::SFA`], [`map::SFB`]); otherwise by 4-byte `cp.async` from the
/// producer warp's 32 lanes, completing on the same `full` mbarrier.
pub const SCALE_TMA_K_MULTIPLE: u32 = 256;
/// Bytes of `a` (and `b`) per row in one slice.
pub const AB_PASS_BYTES: u32 = BK / 2;
/// Bytes of `sfa` (and `sfb`) per row in one slice.
pub const SF_PASS_BYTES: u32 = BK / SF_VEC;
/// Elements in one TMA box row of `a` and `b` (the TMA limit).
pub const AB_BOX_ELEMS: u32 = 256;
/// Alignment of every TMA destination inside a stage.
pub const SMEM_ALIGN: u32 = 128;
/// mbarriers per stage of the TMA pipelines: `full` (the stage's `a` and `sfa` have landed),
/// `empty` (the consumers are done with it), `ready` (its `b` and `sfb` are prepared) and
/// `b_full` (its raw `b` and `sfb` have landed: they come from the L2, long before `a`, so
/// the producer prepares a stage without waiting for its `a`).
pub const BARRIERS_PER_STAGE: u32 = 4;
/// Largest `bm` a build may use (the kernel keeps `bm / 8` fp32 accumulators per thread).
pub const MAX_BM: u32 = 32;

/// Bytes per slice of the producer's *prepared* copy of `b` and `sfb` in a stage (the
/// producer warp decodes `b` once per block, so that no consumer lane decodes it), and of the
/// direct kernel's; the FP8-route entry points use [`FP8_PREP_PASS_BYTES`]:
///
/// | offset | bytes | what |
/// | --- | --- | --- |
/// | 0 | 1024 | `b`, decoded for the target's arithmetic: sm_100a 32 f16 per chunk (64 bytes per chunk, chunk `q` at `64q`); sm_90a twice the value as int8 (8 bytes per 8-element word, chunk `q` at `32q`, 512 bytes used) |
/// | [`PREP_SFB_OFFSET`] | 128 | `sfb` as f32, one per scale block, times the target's product scale |
/// | [`PREP_ZERO_OFFSET`] | 16 | zeros (written once at the start): the B operand of lanes whose `mma` column takes nothing from this word |
pub const PREP_PASS_BYTES: u32 = 1280;
/// Offset of the f32 `sfb` in a prepared pass.
pub const PREP_SFB_OFFSET: u32 = 1024;
/// Offset of the 16 zero bytes in a prepared pass.
pub const PREP_ZERO_OFFSET: u32 = PREP_SFB_OFFSET + 4 * SF_PASS_BYTES;

/// Bytes per slice of the prepared `b` and `sfb` of the TMA entry points that run the FP8
/// route on sm_90a ([`TileConfig::fp8_route`]; the others use [`PREP_PASS_BYTES`]):
///
/// | offset | bytes | what |
/// | --- | --- | --- |
/// | 0 | 4096 | `b`: on sm_90a four B tiles of the FP8 route ([`FP8_B_TILE_BYTES`] each, see `kernel::gemv::compute_fp8`); on sm_100a the usual 32 f16 per chunk (1024 bytes used) |
/// | [`FP8_PREP_SFB_OFFSET`] | 128 | `sfb` as f32, one per scale block, times the arithmetic's product scale |
pub const FP8_PREP_PASS_BYTES: u32 = 4224;
/// Offset of the f32 `sfb` in a prepared slice of an FP8-route entry point.
pub const FP8_PREP_SFB_OFFSET: u32 = 4096;
/// Bytes of one B tile of the sm_90a FP8 route: the `wgmma.m64n32k32` B operand of one word
/// position (32 K × 32 columns of e4m3, K-major core matrices of 8 columns × 16 bytes, 128
/// bytes apart along K and 256 along the columns). Four per slice, one per word of a chunk.
pub const FP8_B_TILE_BYTES: u32 = 1024;

const _: () = {
    assert!(4 * FP8_B_TILE_BYTES <= FP8_PREP_SFB_OFFSET && 2 * BK <= FP8_PREP_SFB_OFFSET);
    assert!(FP8_PREP_SFB_OFFSET + 4 * SF_PASS_BYTES <= FP8_PREP_PASS_BYTES);
    assert!(FP8_PREP_PASS_BYTES.is_multiple_of(SMEM_ALIGN));
    assert!(CHUNKS_PER_WARP * CHUNK == WARP_K, "a warp's chunks tile its K");
    assert!(ROW_GROUPS * CHUNKS_PER_WARP == 32, "a warp is 8 row groups × 4 chunks");
    assert!(AB_PASS_BYTES == AB_BOX_ELEMS, "one pass is one box of one-byte elements");
    assert!(SF_PASS_BYTES.is_multiple_of(16), "TMA box rows are multiples of 16 bytes");
    assert!(CHUNK == 2 * SF_VEC, "a chunk holds exactly two scale blocks");
    assert!(K_MULTIPLE.is_multiple_of(BK) || BK.is_multiple_of(K_MULTIPLE));
    assert!(2 * BK <= PREP_SFB_OFFSET, "a pass of b as f16 fits before the scales");
    assert!(SF_PASS_BYTES == 32 && AB_PASS_BYTES == 4 * 64, "the producer: one scale and two words per lane");
    assert!(PREP_ZERO_OFFSET + 16 <= PREP_PASS_BYTES && PREP_PASS_BYTES.is_multiple_of(SMEM_ALIGN));
};

/// Index of each tensor map in the array the GEMV kernel receives.
pub mod map {
    /// `a`: 3-D `{K/2/e, M, L}` elements of `e = bk/512` bytes, box `{256, bm, 1}`.
    pub const A: usize = 0;
    /// `sfa`: 3-D `{K/16, M, L}` bytes, box `{bk/16, bm, 1}`.
    pub const SFA: usize = 1;
    /// `b`: 2-D `{K/2/e, L}` elements of `e` bytes, box `{256, 1}`.
    pub const B: usize = 2;
    /// `sfb`: 2-D `{K/16, L}` bytes, box `{bk/16, 1}`.
    pub const SFB: usize = 3;
    /// Number of maps.
    pub const COUNT: usize = 4;
}

/// The bytes of one `CUtensorMap` (opaque, 128 bytes, 64-byte aligned). The host encodes it
/// with `cuTensorMapEncodeTiled` and copies an array of them to global memory; the kernel
/// receives a pointer (tensor maps in global memory: rustc cannot pass a 64-byte-aligned
/// struct by value to a `ptx-kernel`, so `__grid_constant__` maps are not available).
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorMap(pub [u64; 16]);

/// How a GEMV entry point brings `a` and its scales from global memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pipeline {
    /// TMA tiles of `bm` rows × `bk` K into shared-memory stages, mbarriers, one producer warp
    /// that both issues the copies and prepares each stage's `b` (`kernel::gemv`).
    Tma,
    /// As [`Pipeline::Tma`] with two producer warps: one only issues the copies (refilling a
    /// stage as soon as its consumers release it), the other only prepares `b`. Faster on
    /// long rows, slower when each block has few K tiles (BENCHMARKS.md, run v17).
    TmaSplit,
    /// Every consumer lane loads its own 32 bytes of two rows with 16-byte `ld.global.nc`,
    /// [`DIRECT_PREFETCH`] steps ahead in registers; `b` is prepared once per block in shared
    /// memory (`kernel::direct`). `bm` is 16, `bk` the [`BK`] slice, `stages` the prefetch
    /// depth, and there is no producer warp.
    Direct,
}

/// K elements one warp of the direct kernel covers per step: 4 lanes × 64 (two chunks each,
/// 32 contiguous bytes of a row per lane, 128 bytes per row per warp).
pub const DIRECT_STEP_K: u32 = 256;
/// Steps each lane of the direct kernel keeps loaded ahead of its arithmetic.
pub const DIRECT_PREFETCH: u32 = 3;
/// Largest K one block of the direct kernel covers: its prepared `b` lives in shared memory
/// ([`PREP_PASS_BYTES`] per [`BK`]); longer K is split across blocks
/// ([`TileConfig::min_splits`]).
pub const DIRECT_MAX_K: u32 = 16384;

/// Tile shape and pipeline depth of one build of the GEMV kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileConfig {
    /// Rows per block.
    pub bm: u32,
    /// Shared-memory stages in the TMA pipeline.
    pub stages: u32,
    /// K elements per stage (a multiple of [`BK`] and of `128 · warps`, at most
    /// [`MAX_STAGE_K`]): wider stages read longer runs of each row of `a` per TMA request.
    pub bk: u32,
    /// Consumer warps (4 or 8): more warps per block cover a wider pass of K.
    pub warps: u32,
    /// How `a` arrives.
    pub pipeline: Pipeline,
}

impl TileConfig {
    /// Rows each thread accumulates.
    pub const fn rows_per_thread(&self) -> u32 {
        self.bm / ROW_GROUPS
    }
    /// Bytes of one row of `a` (and of `b`) in a stage.
    pub const fn ab_row_bytes(&self) -> u32 {
        self.bk / 2
    }
    /// Bytes of one row of `sfa` (and of `sfb`) in a stage.
    pub const fn sf_row_bytes(&self) -> u32 {
        self.bk / SF_VEC
    }
    /// Element size of the `a`/`b` tensor maps: a box row is 256 elements of this many bytes.
    pub const fn ab_elem_bytes(&self) -> u32 {
        self.ab_row_bytes() / AB_BOX_ELEMS
    }
    /// Slices of [`BK`] per stage (the producer prepares `b` slice by slice).
    pub const fn slices(&self) -> u32 {
        self.bk / BK
    }
    /// K elements the consumers cover in one pass: `128 · warps`.
    pub const fn pass_k(&self) -> u32 {
        WARP_K * self.warps
    }
    /// Consumer passes per stage.
    pub const fn passes(&self) -> u32 {
        self.bk / self.pass_k()
    }
    /// Consumer threads per block.
    pub const fn consumer_threads(&self) -> u32 {
        32 * self.warps
    }
    /// Producer warps per block: none for the direct kernel, one (issue and prepare) or two
    /// (one each) for TMA.
    pub const fn producer_warps(&self) -> u32 {
        match self.pipeline {
            Pipeline::Tma => 1,
            Pipeline::TmaSplit => 2,
            Pipeline::Direct => 0,
        }
    }
    /// Threads per block: the consumer warps and the producer warps.
    pub const fn threads(&self) -> u32 {
        32 * (self.warps + self.producer_warps())
    }
    /// Fewest K splits a shape with this `k` needs: the direct kernel covers at most
    /// [`DIRECT_MAX_K`] per block.
    pub const fn min_splits(&self, k: u32) -> u32 {
        match self.pipeline {
            Pipeline::Tma | Pipeline::TmaSplit => 1,
            Pipeline::Direct => k.div_ceil(DIRECT_MAX_K),
        }
    }
    /// Direct kernel: offset of the cross-warp reduction buffer after the prepared `b` of
    /// `slices` slices of [`BK`] (one [`PREP_PASS_BYTES`] each, from offset 0).
    pub const fn direct_reduce_offset(&self, slices: u32) -> u32 {
        round_up(slices * PREP_PASS_BYTES, 16)
    }
    /// Direct kernel: offset of the cluster's split sums, after the reduction buffer and the
    /// flag word, 16-byte aligned.
    pub const fn direct_cluster_sums_offset(&self, slices: u32) -> u32 {
        round_up(self.direct_reduce_offset(slices) + self.warps * self.bm * 4 + 4, 16)
    }
    /// Dynamic shared memory of a launch whose blocks cover `slices` slices of [`BK`] each
    /// (the K tiles per split): the TMA kernel's is fixed by the tiles; the direct kernel's
    /// grows with `slices` (its prepared `b`).
    pub const fn launch_smem_bytes(&self, slices: u32) -> u32 {
        match self.pipeline {
            Pipeline::Tma | Pipeline::TmaSplit => self.smem_bytes(),
            Pipeline::Direct => self.direct_cluster_sums_offset(slices) + self.cluster_sums_bytes(),
        }
    }
    /// The most dynamic shared memory any launch of this configuration takes.
    pub const fn max_smem_bytes(&self) -> u32 {
        self.launch_smem_bytes(DIRECT_MAX_K / BK)
    }
    /// Bytes of the `a` tile of one stage.
    pub const fn a_bytes(&self) -> u32 {
        self.bm * self.ab_row_bytes()
    }
    /// Bytes of the `sfa` tile of one stage.
    pub const fn sfa_bytes(&self) -> u32 {
        self.bm * self.sf_row_bytes()
    }
    /// Bytes TMA delivers per stage on its `full` barrier (the `expect_tx` count): the `a`
    /// box, and the `sfa` box when the scales come by TMA. Full boxes, out-of-bounds elements
    /// included (TMA fills them with zeros and counts them).
    pub const fn a_tx_bytes(&self, scales_by_tma: bool) -> u32 {
        self.a_bytes() + if scales_by_tma { self.sfa_bytes() } else { 0 }
    }
    /// Bytes TMA delivers per stage on its `b_full` barrier: the `b` box, and the `sfb` box
    /// when the scales come by TMA.
    pub const fn b_tx_bytes(&self, scales_by_tma: bool) -> u32 {
        self.ab_row_bytes() + if scales_by_tma { self.sf_row_bytes() } else { 0 }
    }
    /// Bytes of one tile of `a` and `sfa` in the tiled layout ([`TileConfig::a_tile_offset`]):
    /// the stage's `a` followed by its `sfa`, one bulk copy.
    pub const fn a_tile_bytes(&self) -> u32 {
        self.a_bytes() + self.sfa_bytes()
    }
    /// Offset of K tile `kt` of row band `band` (rows `bm·band ..`) of batch entry `l` in the
    /// tiled layout of `a` and `sfa` for `m` rows and `k` columns: tiles of
    /// [`TileConfig::a_tile_bytes`], `kt` fastest, then `band`, then `l`. Each tile holds the
    /// bytes a stage holds at offset 0 ([`TileConfig::sfa_offset`] is
    /// [`TileConfig::a_bytes`]): `bm` rows of `bk/2` bytes of `a` (row-major, low nibble =
    /// even k), then `bm` rows of `bk/16` bytes of `sfa`, zeros past `m` and `k` (where a
    /// tensor map's box would read zeros).
    pub const fn a_tile_offset(&self, m: u32, k: u32, l: u32, band: u32, kt: u32) -> u64 {
        let (bands, tiles) = (m.div_ceil(self.bm) as u64, k.div_ceil(self.bk) as u64);
        ((l as u64 * bands + band as u64) * tiles + kt as u64) * self.a_tile_bytes() as u64
    }
    /// Offset of `sfa` within a stage.
    pub const fn sfa_offset(&self) -> u32 {
        round_up(self.a_bytes(), SMEM_ALIGN)
    }
    /// Offset of `b` within a stage.
    pub const fn b_offset(&self) -> u32 {
        self.sfa_offset() + round_up(self.sfa_bytes(), SMEM_ALIGN)
    }
    /// Offset of `sfb` within a stage.
    pub const fn sfb_offset(&self) -> u32 {
        self.b_offset() + round_up(self.ab_row_bytes(), SMEM_ALIGN)
    }
    /// Whether this entry point runs the FP8 route on sm_90a (`kernel::gemv::compute_fp8`:
    /// `a` prepacked, `wgmma` on e4m3): the 32-row TMA tiles. Measured on the H200 (runs
    /// v167, v171): `bm32_k1024_s4_w8`, which the rules pick, 8% faster on (7168,16384,1) and
    /// within +0.6% elsewhere; the four-warp 32-row tiles faster on long K, up to 9% slower on
    /// K = 2048; the five-stage ones much slower (one block per SM with the B tiles; no rule
    /// picks them); the 16-row tiles, whose many blocks per SM the route's registers and B
    /// tiles do not fit, mostly slower, so they keep `prmt` and `IMMA`. The prepared slices
    /// hold the B tiles ([`FP8_PREP_PASS_BYTES`]); the sm_100a build keeps that layout and its
    /// own arithmetic.
    pub const fn fp8_route(&self) -> bool {
        self.bm == 32 && !matches!(self.pipeline, Pipeline::Direct)
    }
    /// Bytes of one prepared slice: [`FP8_PREP_PASS_BYTES`] with the FP8 route, else
    /// [`PREP_PASS_BYTES`].
    pub const fn prep_pass_bytes(&self) -> u32 {
        if self.fp8_route() { FP8_PREP_PASS_BYTES } else { PREP_PASS_BYTES }
    }
    /// Offset of the f32 `sfb` in a prepared slice.
    pub const fn prep_sfb_offset(&self) -> u32 {
        if self.fp8_route() { FP8_PREP_SFB_OFFSET } else { PREP_SFB_OFFSET }
    }
    /// Offset of the prepared `b` and `sfb` ([`TileConfig::prep_pass_bytes`] per slice) within
    /// a stage.
    pub const fn prep_offset(&self) -> u32 {
        self.sfb_offset() + round_up(self.sf_row_bytes(), SMEM_ALIGN)
    }
    /// Bytes of one stage.
    pub const fn stage_bytes(&self) -> u32 {
        self.prep_offset() + self.slices() * self.prep_pass_bytes()
    }
    /// Offset of the [`BARRIERS_PER_STAGE`]`·stages` mbarriers (`full[0..stages]`,
    /// `empty[0..stages]`, `ready[0..stages]`, `b_full[0..stages]`).
    pub const fn barrier_offset(&self) -> u32 {
        self.stages * self.stage_bytes()
    }
    /// Offset of the cross-warp reduction buffer (`warps × bm` fp32), 16-byte aligned as the
    /// kernel carves it.
    pub const fn reduce_offset(&self) -> u32 {
        round_up(self.barrier_offset() + BARRIERS_PER_STAGE * self.stages * 8, 16)
    }
    /// Offset of the cluster's split sums (`CLUSTER_SPLITS_MAX × bm` fp32, see
    /// [`CLUSTER_SPLITS_MAX`]), after the reduction buffer and the flag word, 16-byte aligned.
    pub const fn cluster_sums_offset(&self) -> u32 {
        round_up(self.reduce_offset() + self.warps * self.bm * 4 + 4, 16)
    }
    /// Dynamic shared memory the kernel must be launched with (stages, barriers, the
    /// cross-warp partial sums, one flag word and the cluster's split sums).
    pub const fn smem_bytes(&self) -> u32 {
        self.cluster_sums_offset() + self.cluster_sums_bytes()
    }
    /// Bytes of the cluster's split sums: [`CLUSTER_SPLITS_MAX`] fp32 per row.
    pub const fn cluster_sums_bytes(&self) -> u32 {
        CLUSTER_SPLITS_MAX * self.bm * 4
    }
    /// Checks the constraints of this configuration; used in `const` assertions.
    pub const fn check(&self) {
        if let Pipeline::Direct = self.pipeline {
            assert!(self.bm == MMA_ROWS, "the direct kernel: one tensor-core tile of rows per block");
            assert!(self.bk == BK, "the direct kernel's K unit is the prepared slice");
            assert!(self.stages == DIRECT_PREFETCH, "the direct kernel's prefetch depth");
            assert!(self.warps == 4 || self.warps == 8, "4 or 8 warps");
            assert!(BK.is_multiple_of(DIRECT_STEP_K) && DIRECT_MAX_K.is_multiple_of(BK));
            assert!(self.max_smem_bytes() <= 227 * 1024, "fits the per-block shared memory limit");
            return;
        }
        assert!(self.bm.is_multiple_of(ROW_GROUPS), "bm is a multiple of the row groups");
        assert!(self.bm <= 256, "bm is a TMA box dimension");
        assert!(self.stages >= 2, "at least double buffering");
        assert!(self.stages <= 8, "the consumer loop is written out per stage (at most 8)");
        assert!(self.bk.is_multiple_of(BK) && self.bk <= MAX_STAGE_K, "bk is 512, 1024 or 2048");
        assert!(self.warps == 4 || self.warps == 8, "4 or 8 consumer warps");
        assert!(self.bk.is_multiple_of(self.pass_k()), "a stage is whole passes");
        assert!(self.passes() <= 8, "the consumer loop is written out per pass (at most 8)");
        assert!(self.bm <= MAX_BM, "the accumulators per thread");
        assert!(self.smem_bytes() <= 227 * 1024, "fits the per-block shared memory limit");
    }
}

const fn round_up(x: u32, to: u32) -> u32 {
    x.div_ceil(to) * to
}

/// The sm_90a (H100/H200: 132 SMs, ~4.8 TB/s) build. See BENCHMARKS.md for how it was chosen.
pub const SM90_TILE: TileConfig =
    TileConfig { bm: 16, stages: 4, bk: 512, warps: 4, pipeline: Pipeline::Tma };

/// Extra builds of the GEMV with other tile shapes, compiled into the same PTX under their
/// own entry names, so one benchmark run can compare them (`nvfp4-gemv bench --variant`).
pub const VARIANTS: [(&str, TileConfig); 14] = [
    ("nvfp4_gemv_bm16_k512_s4", TileConfig { bm: 16, stages: 4, bk: 512, warps: 4, pipeline: Pipeline::Tma }),
    ("nvfp4_gemv_bm16_k512_s8", TileConfig { bm: 16, stages: 8, bk: 512, warps: 4, pipeline: Pipeline::Tma }),
    (
        "nvfp4_gemv_bm32_k1024_s4",
        TileConfig { bm: 32, stages: 4, bk: 1024, warps: 4, pipeline: Pipeline::Tma },
    ),
    (
        "nvfp4_gemv_bm32_k1024_s5",
        TileConfig { bm: 32, stages: 5, bk: 1024, warps: 4, pipeline: Pipeline::Tma },
    ),
    (
        "nvfp4_gemv_bm16_k1024_s4_w8",
        TileConfig { bm: 16, stages: 4, bk: 1024, warps: 8, pipeline: Pipeline::Tma },
    ),
    (
        "nvfp4_gemv_bm16_k1024_s6_w8",
        TileConfig { bm: 16, stages: 6, bk: 1024, warps: 8, pipeline: Pipeline::Tma },
    ),
    (
        "nvfp4_gemv_bm32_k1024_s4_w8",
        TileConfig { bm: 32, stages: 4, bk: 1024, warps: 8, pipeline: Pipeline::Tma },
    ),
    (
        "nvfp4_gemv_bm32_k1024_s5_w8",
        TileConfig { bm: 32, stages: 5, bk: 1024, warps: 8, pipeline: Pipeline::Tma },
    ),
    (
        "nvfp4_gemv_bm16_k512_s4_p2",
        TileConfig { bm: 16, stages: 4, bk: 512, warps: 4, pipeline: Pipeline::TmaSplit },
    ),
    (
        "nvfp4_gemv_bm32_k1024_s4_p2",
        TileConfig { bm: 32, stages: 4, bk: 1024, warps: 4, pipeline: Pipeline::TmaSplit },
    ),
    (
        "nvfp4_gemv_bm16_k1024_s4_w8_p2",
        TileConfig { bm: 16, stages: 4, bk: 1024, warps: 8, pipeline: Pipeline::TmaSplit },
    ),
    (
        "nvfp4_gemv_bm32_k1024_s4_w8_p2",
        TileConfig { bm: 32, stages: 4, bk: 1024, warps: 8, pipeline: Pipeline::TmaSplit },
    ),
    (
        "nvfp4_gemv_bm32_k1024_s2",
        TileConfig { bm: 32, stages: 2, bk: 1024, warps: 4, pipeline: Pipeline::Tma },
    ),
    (
        "nvfp4_gemv_bm32_k1024_s2_w8",
        TileConfig { bm: 32, stages: 2, bk: 1024, warps: 8, pipeline: Pipeline::Tma },
    ),
];
/// The direct kernel (`nvfp4_gemv_direct`, [`Pipeline::Direct`]): 16 rows and 4 warps per
/// block, loads [`DIRECT_PREFETCH`] steps ahead per lane.
pub const DIRECT_TILE: TileConfig =
    TileConfig { bm: 16, stages: DIRECT_PREFETCH, bk: BK, warps: 4, pipeline: Pipeline::Direct };

/// The sm_100a (B200: 148 SMs, ~8 TB/s) build: same structure, deeper pipeline to cover the
/// larger bandwidth-latency product. Never run: no B200 was available.
pub const SM100_TILE: TileConfig =
    TileConfig { bm: 16, stages: 6, bk: 512, warps: 4, pipeline: Pipeline::Tma };

const _: () = {
    SM90_TILE.check();
    SM100_TILE.check();
    DIRECT_TILE.check();
    let mut i = 0;
    while i < VARIANTS.len() {
        VARIANTS[i].1.check();
        i += 1;
    }
};

/// How the host launches the GEMV, which changes which entry point is fastest (see
/// [`choose_variant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Launch {
    /// Plain launches: a kernel starts once the one before it on the stream has finished.
    Plain,
    /// Programmatic dependent launch ([`launch_flags::PDL`]): the next kernel's blocks start
    /// while this one's finish, and request their weights before they wait for it.
    Pdl,
}

/// The sm_90a entry point for a shape and launch mode, from H200 measurements in
/// BENCHMARKS.md ("Twelfth session": every entry point, plain and with PDL, on 66 shapes: the
/// benchmark shapes and the sweep (runs v81, v82), 13 others (v83), 14 layers of real models
/// (v85) and 10 shapes in the bands the plain rule moved (v86)). By row tiles of 16 per SM
/// (`rt`):
///
/// * **Plain launches:**
///   * K = 2048 (4 K tiles of 512 per block): the small default tiles, one producer warp;
///   * `rt ≥ 4`: the small tiles with two producer warps ([`Pipeline::TmaSplit`]); the host
///     (`Gpu::kernel_for`) takes the one-producer twin where only the twin runs the grid in one
///     wave (on the H200 above 6 and up to 8 row tiles per SM, e.g. (14336, 7168, 1));
///   * `3 ≤ rt < 4` from K = 16384: 32 rows, 1024-K stages and 8 consumer warps (fewer, larger
///     blocks are unevenly spread over the SMs below that);
///   * `2 ≤ rt < 4` below K = 16384: the small tiles with two producers;
///   * otherwise: 16 rows of 8 consumer warps, two producers.
///
///   On the 66 shapes (as chosen, with the correction), 0.5% slower than the fastest TMA
///   entry point on average, at most 5.7%. The run-v23 rule it replaces (`rt` from 4 to 8 with
///   one producer, 32 rows from `rt = 2` at long K): 2.9% on average, at most 18.1%; on the 10
///   shapes of run v86, measured after the change to check it, 0.0% against 10.4%.
/// * **PDL:** the next grid's blocks start in the SM slots this one leaves free and request
///   their weights before they wait for it; the fastest entry point differs from the plain
///   launches' on 18 of the 30 shapes of runs v81/v82.
///   * one or two K tiles of 1024 per block (K = 1024, or from 1280 to 2048), from `rt = 3`
///     to 8 or 13: the two-stage 32-row tiles ([`pdl_two_stage_choice`], thirty-ninth session,
///     H100 runs v228–v237);
///   * K = 2048 otherwise: `rt ≥ 8` the small tiles with two producers, `4 ≤ rt < 8` with one,
///     `1 ≤ rt < 4` 32 rows, 1024-K stages and 8 consumer warps, fewer 16 rows of 8 consumer
///     warps and two producers;
///   * K from 4096: the small tiles with two producers from `rt = 8` below K = 16384 and from
///     `rt = 4` below K = 8192 (the host's one-wave correction applies, as for plain
///     launches); `2 < rt < 3` above K = 4096: 16 rows of 8 consumer warps and six 1024-K
///     stages (the grid fits in one wave of three blocks per SM; from `rt = 3` it does not
///     and is 17–42% slower);
///   * `3 ≤ rt < 4.5` and `6 ≤ rt < 8` from K = 4096, where the small tiles above do not take
///     it: 32 rows of 8 consumer warps (thirty-second session, 3 to 8; before, 16 rows of 8
///     consumer warps and two producers). `4.5 ≤ rt < 6` went back to 16 rows of 8 consumer
///     warps and two producers in the thirty-fourth session: there the 32-row tiles run 1.1
///     to 1.5 waves, and on the H200 (run v208) they were 6–9% slower on all five shapes of
///     the band measured, e.g. (10240, 10240, 1) 19.49 → 21.26 µs, (6144, 8192, 2) 16.79 →
///     17.84, (1536, 24576, 8) 43.33 → 47.16, (3072, 20480, 4) 36.50 → 39.74, (10240, 8192, 1)
///     16.08 → 17.22 (the H100 had said the opposite, runs v205, v206). Above `rt = 4` with K
///     from 7168 and the default layout `Gpu::upload` takes the stream-K twin instead
///     (`pdl_stream_k_choice`), faster than either there. The 32 rows, on the H200 (run
///     v198, with the thirtieth session's kernel "N"), were faster than that pick on four of the five shapes of the band measured, the fifth even:
///     (1024, 7168, 8) 10.12 → 9.34 µs, (1024, 14336, 8) 18.32 → 16.75, (14336, 16384, 1)
///     34.71 → 34.15, (14336, 28672, 1) 57.56 → 56.85, (14336, 14336, 1) 30.86 → 30.89. On an
///     H100 80GB HBM3 with this kernel, the new choice against the old pick in one run (v206),
///     14 shapes, nine of them held out (first measured in run v205): −7.6…+0.3%, e.g.
///     (10240, 10240, 1) 26.94 → 24.89, (1536, 24576, 8) 63.72 → 59.27, (6144, 8192, 2)
///     21.72 → 21.77 (each in the layout the host's `ALayout::Auto` gives it). The small
///     tiles' band next to it (below K = 8192 from `rt = 4`) stays theirs: there 32 rows were
///     8–10% slower on the H100 ((12288, 6144, 1), (16384, 4096, 1); run v205), though 5–6%
///     faster on both cards at (14336, 7168, 1);
///   * `1.5 ≤ rt ≤ 2`: 32 rows of 8 consumer warps, three quarters to one block per SM,
///     unsplit (runs v110, v112, seventeenth session: (4096, 7168, 1) 6.61 µs against 7.75
///     with 16 rows and two producers, (4224, 14336, 1) 11.47 against 15.02 with six
///     stages; below `rt = 1.5` it lost at K = 14336: (2304, 14336, 1) 11.13 against 10.05);
///   * otherwise, below K = 16384: 16 rows of 8 consumer warps and two producers;
///   * otherwise, from K = 16384: from `rt = 8` 16 rows of 8 consumer warps and two producers,
///     `1 ≤ rt < 8` 32 rows of 8 consumer warps, fewer 32 rows of 4 consumer warps and two
///     producers.
///
///   On the 66 shapes of runs v81–v86, 1.1% slower than the fastest TMA entry point on
///   average, at most 8.8%; on 16 shapes in the moved bands measured after (run v90), 1.8%
///   and at most 6.4%. The run-v84 rule it replaces: 2.8% / 19.7% and 10.2% / 31.9%. Run v90
///   also showed that the six-stage tiles do *not* pay below one row tile per SM (up to 25.6%
///   slower there, where K splits run), so that band kept its entry points.
///
/// The direct kernel ([`kernel_name::GEMV_DIRECT`]), 7.8% faster than any TMA entry point on
/// (1024, 2048, 1) with plain launches, is never chosen.
pub const fn choose_variant(s: Shape, sm_count: u32, launch: Launch) -> &'static str {
    let rt = s.mma_row_tiles();
    let sms = sm_count as u64;
    let (short_k, long_k) = (s.k < 4096, s.k >= 16384);
    match launch {
        Launch::Plain => {
            if short_k {
                "nvfp4_gemv_bm16_k512_s4"
            } else if rt >= 4 * sms {
                // From 4 row tiles per SM the two-producer small tiles; `Gpu::kernel_for` takes
                // their one-producer twin where only the twin runs the grid in one wave.
                "nvfp4_gemv_bm16_k512_s4_p2"
            } else if rt >= 3 * sms && long_k {
                "nvfp4_gemv_bm32_k1024_s4_w8"
            } else if rt >= 2 * sms && !long_k {
                "nvfp4_gemv_bm16_k512_s4_p2"
            } else {
                "nvfp4_gemv_bm16_k1024_s4_w8_p2"
            }
        }
        Launch::Pdl => {
            if let Some(name) = pdl_two_stage_choice(s, sm_count) {
                name
            } else if short_k {
                if rt >= 8 * sms {
                    "nvfp4_gemv_bm16_k512_s4_p2"
                } else if rt >= 4 * sms {
                    "nvfp4_gemv_bm16_k512_s4"
                } else if rt >= sms {
                    "nvfp4_gemv_bm32_k1024_s4_w8"
                } else {
                    "nvfp4_gemv_bm16_k1024_s4_w8_p2"
                }
            } else if (rt >= 8 * sms && !long_k) || (rt >= 4 * sms && s.k < 8192) {
                // From 6 row tiles per SM `Gpu::kernel_for` takes the one-producer twin where
                // only the twin runs the grid in one wave, as for plain launches.
                "nvfp4_gemv_bm16_k512_s4_p2"
            } else if rt >= 3 * sms && rt < 8 * sms && !(2 * rt >= 9 * sms && rt < 6 * sms) {
                // 32 rows of 8 consumer warps from 3 up to 8 row tiles per SM (thirty-second
                // session: runs v198, v201, v205, v206), but for 4.5 to 6, where they run
                // 1.1 to 1.5 waves (thirty-fourth session, H200 run v208). Above 4 with K from
                // 7168, `Gpu::upload` takes the stream-K twin (`pdl_stream_k_choice`).
                "nvfp4_gemv_bm32_k1024_s4_w8"
            } else if rt >= 4 * sms {
                "nvfp4_gemv_bm16_k1024_s4_w8_p2"
            } else if s.k > 4096 && rt > 2 * sms && rt < 3 * sms {
                "nvfp4_gemv_bm16_k1024_s6_w8"
            } else if 2 * rt >= 3 * sms && rt <= 2 * sms {
                // 32-row blocks, three quarters to one per SM, unsplit (runs v110, v112).
                "nvfp4_gemv_bm32_k1024_s4_w8"
            } else if !long_k {
                "nvfp4_gemv_bm16_k1024_s4_w8_p2"
            } else if rt >= sms {
                "nvfp4_gemv_bm32_k1024_s4_w8"
            } else {
                "nvfp4_gemv_bm32_k1024_s4_p2"
            }
        }
    }
}

/// PDL launches of short-K grids of 13 to 16 row tiles (of 16 rows) per SM, where
/// [`choose_variant`] picks `bm16_k512_s4_p2`: the persistent twin of `bm16_k512_s4`
/// (`kernel_name::PERSIST_TWINS`; `a` and `sfa` tiled), whose blocks stream about two row tiles
/// each through one pipeline. From [`PDL_PERSIST_MIN_ROW_TILES_PER_SM`] to below this many row
/// tiles per SM; K below 4096 as [`choose_variant`]'s short-K band.
///
/// Fitted on an H100 80GB HBM3 (run v190, twenty-sixth session; BENCHMARKS.md): against the
/// row-major `bm16_k512_s4_p2` the rule replaced, (7168,2048,4) 15.15 → 12.07 µs,
/// (28672,2048,1) 15.25 → 12.27, (7168,3072,4) 22.19 → 17.96, (4096,2048,8) 15.83 → 13.79,
/// (4096,3072,8) 22.72 → 21.96; at 31 and more row tiles per SM ±1.5%, and plain launches
/// gained nothing. On the H200 (run v191, held-out shapes) the twin gained 6–13% at 13.6–15.5
/// row tiles per SM and lost 3–15% at 9.7–11.6, hence the lower bound.
pub const PDL_PERSIST_MAX_ROW_TILES_PER_SM: u64 = 16;

/// The lower bound of [`PDL_PERSIST_MAX_ROW_TILES_PER_SM`]'s band.
pub const PDL_PERSIST_MIN_ROW_TILES_PER_SM: u64 = 13;

/// The persistent entry point a PDL launch of `s` takes instead of `chosen`
/// ([`choose_variant`]'s pick, after the host's one-wave correction), if any: see
/// [`PDL_PERSIST_MAX_ROW_TILES_PER_SM`]. Needs the scales by TMA (the tiled layout).
pub const fn pdl_persistent_choice(s: Shape, sm_count: u32, chosen: &str) -> Option<&'static str> {
    let (rt, sms) = (s.mma_row_tiles(), sm_count as u64);
    let band = rt >= PDL_PERSIST_MIN_ROW_TILES_PER_SM * sms && rt < PDL_PERSIST_MAX_ROW_TILES_PER_SM * sms;
    let fits = s.k < 4096 && s.scales_by_tma() && band;
    if fits && str_eq(chosen, "nvfp4_gemv_bm16_k512_s4_p2") {
        Some(kernel_name::PERSIST_TWINS[0].1)
    } else {
        None
    }
}

/// Launch bounds of one entry point, as CUDA C++'s `__launch_bounds__(threads,
/// min_blocks_per_sm)`: rustc's nvptx64 backend has no attribute for them, so the PTX builder
/// (`xtask::ptx`) writes them into the entry's PTX as the performance-tuning directives
/// `.maxntid threads, 1, 1` and `.minnctapersm min_blocks_per_sm` (PTX ISA 1.3 and 2.0, every
/// target). `ptxas` then keeps the entry within the registers that many blocks of that many
/// threads leave it (65536 per SM; 48 per thread for eight blocks of 160).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchBounds {
    /// The entry point's name.
    pub entry: &'static str,
    /// Most threads per block (`.maxntid`); the host launches exactly [`TileConfig::threads`].
    pub threads: u32,
    /// Fewest blocks per SM the registers must allow (`.minnctapersm`).
    pub min_blocks_per_sm: u32,
}

/// PDL launches of more than 4 and fewer than 16 row tiles (of 16 rows) per SM with K from
/// [`PDL_STREAM_K_MIN_K`]: the stream-K twin of `bm32_k1024_s4_w8`
/// (`kernel_name::STREAM_K_TWINS`; `a` and `sfa` tiled), whose grid of two blocks per SM
/// streams equal ranges of (row tile, K tile) units (`stream_k_first_unit`), instead of
/// [`choose_variant`]'s pick. There the 32-row tiles would run more than one wave and up to
/// four, and the last wave's idle slots cost more than the fix-up of the row tiles cut
/// between blocks; at one wave or less the tiled grid is already even and the twin loses.
///
/// Measured on the H200 (thirty-fourth session, BENCHMARKS.md; `--pdl`, µs):
/// * against the pick of the rule before it (runs v208, v210, one to three rounds):
///   (4096,7168,8) 35.77 → 33.01, (4096,7168,4) 18.54 → 17.73, (14336,7168,1) 18.47 → 15.76,
///   (14336,16384,1) 33.64 → 32.52, (4096,14336,8) 66.89 → 62.75, (28672,28672,1)
///   110.76 → 106.56, (4096,28672,8) 125.96 → 122.25 (the tiled twin 121.33);
/// * held out, the rule before against this one (run v211, two rounds): seven shapes from 6.1
///   to 15.5 row tiles per SM 3.7–22% faster, e.g. (12800,7168,1) 18.52 → 14.45,
///   (32768,7168,1) 36.05 → 33.04, (4096,16384,6) 57.27 → 54.26;
/// * at 4.2 to 6 (runs v211, v212, against the rule's pick): 6–30% faster, e.g.
///   (9216,16384,1) 30.91 → 22.02 (two waves of 32-row tiles, the second 9% full),
///   (10240,10240,1) 19.57 → 16.24, (12288,7168,1) 14.83 → 13.89;
/// * at one wave or less it loses: (7168,16384,1) 17.60 → 18.15, (8448,16384,1) (exactly one
///   wave) 18.98 → 19.38, (1024,16384,8) 18.58 → 19.86, (4096,7168,1) 6.15 → 7.24.
///
/// At K = 2048 the persistent twin's band (`pdl_persistent_choice`) is within 1% of it. On an
/// H100 80GB HBM3 (run v209) it was even with the tiled twin and 7% faster than the pick on
/// (4096,7168,8). Plain launches keep their picks: there it won on three shapes of four waves
/// and lost on two of two (run v210).
pub const fn pdl_stream_k_choice(s: Shape, sm_count: u32) -> Option<&'static str> {
    let (rt, sms) = (s.mma_row_tiles(), sm_count as u64);
    let band =
        rt > PDL_STREAM_K_ONE_WAVE_ROW_TILES_PER_SM * sms && rt < PDL_STREAM_K_MAX_ROW_TILES_PER_SM * sms;
    if band && s.k >= PDL_STREAM_K_MIN_K && s.scales_by_tma() {
        Some(kernel_name::STREAM_K_TWINS[0].1)
    } else {
        None
    }
}

/// [`pdl_stream_k_choice`]'s band starts above this many row tiles of 16 per SM: one wave of
/// the 32-row tiles at two blocks per SM (measured: a loss at 4.0, a gain from 4.2).
pub const PDL_STREAM_K_ONE_WAVE_ROW_TILES_PER_SM: u64 = 4;

/// The upper bound (exclusive) of [`pdl_stream_k_choice`]'s band, in row tiles of 16 per SM:
/// four waves of the 32-row tiles; the most measured was 15.5.
pub const PDL_STREAM_K_MAX_ROW_TILES_PER_SM: u64 = 16;

/// The shortest K for [`pdl_stream_k_choice`] (the shortest measured; at K = 4096 the band
/// runs the small tiles, 8–10% faster than 32 rows on an H100, run v205).
pub const PDL_STREAM_K_MIN_K: u32 = 7168;

/// The entry points with launch bounds. `bm32_k1024_s4_w8_stream`: without them the driver's
/// JIT compiler gave the stream-K twin (its range and fix-up on top of the tiled twin's
/// arithmetic) registers for one block of 288 threads per SM on the H200 (run v195, though the
/// wheel's `ptxas` said 102 of the 112 that two blocks leave); with them it holds 96, no
/// spill, two blocks per SM like its tiled twin (runs v196, v208).
/// `bm32_k1024_s2_w8_tiled`: three blocks per SM, as its row-major entry point (68 registers)
/// fits without bounds (the wheel's `ptxas`: 72, no spill; the same bound on the row-major
/// entry point spilled 4 bytes, so it has none).
pub const LAUNCH_BOUNDS: [LaunchBounds; 2] = [
    LaunchBounds {
        entry: kernel_name::STREAM_K_TWINS[0].1,
        threads: VARIANTS[6].1.threads(),
        min_blocks_per_sm: 2,
    },
    LaunchBounds { entry: TWO_STAGE_W8_TILED, threads: VARIANTS[13].1.threads(), min_blocks_per_sm: 3 },
];

const _: () = {
    // STREAM_K_TWINS[0] is the stream-K twin of VARIANTS[6]'s tiles (checked in `crate::gemv`).
    assert!(str_eq(VARIANTS[6].0, "nvfp4_gemv_bm32_k1024_s4_w8"));
    let mut i = 0;
    while i < LAUNCH_BOUNDS.len() {
        let b = LAUNCH_BOUNDS[i];
        assert!(b.threads.is_multiple_of(32) && b.threads <= 1024 && b.min_blocks_per_sm >= 1);
        // Sixteen registers per thread at the least (65536 per SM).
        assert!(b.threads * b.min_blocks_per_sm <= 4096);
        i += 1;
    }
};

/// Same bytes (a `const` string comparison; also the entry-point name checks of
/// `crate::gemv`).
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Bits of the GEMV entry points' `flags` parameter.
pub mod launch_flags {
    /// `c` (and `c_in`) are bf16 rather than fp16.
    pub const BF16_OUTPUT: u32 = 1;
    /// The launch uses programmatic dependent launch: the kernel requests its first stages
    /// of `a`/`sfa`, then waits for the kernel before it (`griddepcontrol.wait`) before
    /// anything else, and lets the next kernel start once all its blocks have begun (or, with
    /// [`PDL_TRIGGER_AFTER_LOADS`], have requested their last tile).
    pub const PDL: u32 = 2;
    /// With [`PDL`]: a block lets the next kernel start once its producer has requested its
    /// last tile, not as it begins. The host's rule sets it for most grids the GPU holds twice
    /// at once (this launch and a next one of the same size; [`super::pdl_trigger_flags`]).
    pub const PDL_TRIGGER_AFTER_LOADS: u32 = 4;
    /// With [`PDL`]: no block lets the next kernel start early; it starts when this grid's
    /// last block exits (the implicit trigger), so the two grids never share the GPU, and only
    /// the launch itself overlaps. Takes precedence over [`PDL_TRIGGER_AFTER_LOADS`]. The
    /// host's rule sets it for grids of about two blocks per SM that the GPU holds twice, with
    /// long K ([`super::pdl_trigger_flags`]).
    pub const PDL_TRIGGER_AT_EXIT: u32 = 8;
    /// With [`PDL`]: bits 4..8 of the flags hold `1 + n`, where `n` is the number of stages
    /// of `a` (and `sfa`) a block requests before `griddepcontrol.wait` (at most the stages
    /// it has); 0 means all its stages, the behaviour before the fourteenth session. See
    /// [`super::PDL_PREFETCH_STAGES`].
    pub const PDL_PREFETCH_SHIFT: u32 = 4;
    /// The mask of the field at [`PDL_PREFETCH_SHIFT`] (after shifting).
    pub const PDL_PREFETCH_MASK: u32 = 0xF;
    /// The stream-K twins (`kernel_name::STREAM_K_TWINS`): bits 8..16 hold the skew of their
    /// schedule (`super::stream_k_first_unit`; at most `super::STREAM_K_SKEW_MAX`).
    pub const STREAM_K_SKEW_SHIFT: u32 = 8;
    /// The mask of the field at [`STREAM_K_SKEW_SHIFT`] (after shifting).
    pub const STREAM_K_SKEW_MASK: u32 = super::STREAM_K_SKEW_MAX;
    /// The persistent and stream-K twins (`kernel_name::PERSIST_TWINS`,
    /// `kernel_name::STREAM_K_TWINS`): bits 16..32 hold the batch size `l` (their grid has no
    /// `y` extent).
    pub const PERSIST_BATCHES_SHIFT: u32 = 16;

    /// The flags' prefetch field for `n` stages before the wait (`n` above 14 means all).
    pub const fn pdl_prefetch(n: u32) -> u32 {
        if n > 14 { 0 } else { (n + 1) << PDL_PREFETCH_SHIFT }
    }
    /// The flags' skew field (the skew clamped to [`STREAM_K_SKEW_MASK`]).
    pub const fn stream_k_skew(skew: u32) -> u32 {
        (if skew > STREAM_K_SKEW_MASK { STREAM_K_SKEW_MASK } else { skew }) << STREAM_K_SKEW_SHIFT
    }
    /// The skew of a stream-K twin's schedule, from `flags`.
    pub const fn stream_k_skew_of(flags: u32) -> u32 {
        (flags >> STREAM_K_SKEW_SHIFT) & STREAM_K_SKEW_MASK
    }
    /// The stages requested before the wait, from `flags` (`u32::MAX`: all of them; the
    /// kernel clamps to its pipeline's depth).
    pub const fn pdl_prefetch_stages(flags: u32) -> u32 {
        match (flags >> PDL_PREFETCH_SHIFT) & PDL_PREFETCH_MASK {
            0 => u32::MAX,
            f => f - 1,
        }
    }
}

/// At most this many stages of `a` a GEMV launched with programmatic dependent launch requests
/// before it waits for the kernel before it (see [`pdl_prefetch_stages_for`], the host's
/// default, `host::gpu::Gpu::pdl_prefetch_stages`). Requesting all of them, as before the
/// fourteenth session, lets the next grid's prefetch compete for bandwidth with the grid it
/// waits for: on the H200, two stages were the fastest choice or within 7.5% of it on 25
/// shapes (mean 1.2%), against 7.2% / 22.6% for all stages, 2.0% / 7.3% for one and 3.1% /
/// 9.7% for three (run v100, BENCHMARKS.md, fourteenth session); e.g. (4096,7168,1) 8.90 →
/// 7.96 µs, (7168,2048,4) 13.72 → 12.58 µs.
pub const PDL_PREFETCH_STAGES: u32 = 2;
const _: () = assert!(PDL_PREFETCH_STAGES >= 1 && PDL_PREFETCH_STAGES <= 14, "fits the flags' field");

/// The stages of `a` a PDL launch requests before its wait by default, for blocks of `tiles`
/// K tiles each ([`Shape::tiles_per_split`]): [`PDL_PREFETCH_STAGES`], but never all of a
/// block's tiles unless it has only one. Where two stages were all of K, one was faster in run
/// v100 ((7168,2048,1) 4.60 → 4.34 µs, (2048,4096,1) split in two 5.55 → 5.16 µs,
/// (1024,2048,1) 2.35 → 2.34 µs; fifteenth session, BENCHMARKS.md): the whole prefetch then
/// competes with the kernel waited for and nothing is left to request once it ends.
pub const fn pdl_prefetch_stages_for(tiles: u32) -> u32 {
    let below_all = if tiles > 1 { tiles - 1 } else { 1 };
    if below_all < PDL_PREFETCH_STAGES { below_all } else { PDL_PREFETCH_STAGES }
}

/// The two-stage 32-row tiles of 8 consumer warps (`VARIANTS[13]`): 56 KiB of shared
/// memory (four blocks per SM of 228 KiB) and, in the sm_90a build, 68 registers (three
/// blocks of 288 threads fit up to 72 in 65536): three blocks per SM where the four-stage
/// ones (110 KiB, 82 registers) fit two.
pub const TWO_STAGE_W8: &str = VARIANTS[13].0;
/// [`TWO_STAGE_W8`]'s tiled twin (`kernel_name::TILED_TWINS[14]`).
pub const TWO_STAGE_W8_TILED: &str = kernel_name::TILED_TWINS[14].1;
/// The two-stage 32-row tiles of 4 consumer warps (`VARIANTS[12]`): four blocks per SM
/// (56 KiB; 80 registers of 160 threads in the sm_90a build).
pub const TWO_STAGE_W4: &str = VARIANTS[12].0;
const _: () = {
    assert!(VARIANTS[13].1.stages == 2 && VARIANTS[13].1.warps == 8 && VARIANTS[13].1.bm == 32);
    assert!(VARIANTS[12].1.stages == 2 && VARIANTS[12].1.warps == 4 && VARIANTS[12].1.bm == 32);
    assert!(str_eq(kernel_name::TILED_TWINS[14].0, TWO_STAGE_W8), "the twin of the eight-warp tiles");
};
/// The largest K of [`pdl_two_stage_choice`]'s band: two K tiles of 1024 per block, all of
/// which the two stages hold.
pub const PDL_TWO_STAGE_MAX_K: u32 = 2048;
/// The smallest K of [`pdl_two_stage_choice`]'s band with two K tiles per block (the smallest
/// measured; below it the second K tile is mostly empty). Of one K tile per block the band
/// has K = 1024 only (the only one measured).
pub const PDL_TWO_STAGE_MIN_K: u32 = 1280;
/// The smallest K with two K tiles per block at which [`pdl_two_stage_choice`] takes
/// [`TWO_STAGE_W4`]: at 1280 and 1536 the previous pick (`bm16_k512_s4`, three K tiles of
/// 512) was as fast or faster (run v232: (12288,1280,1) 5.50 against 5.94 µs, (12288,1536,1)
/// 5.43 against 5.77; run v235: (18432,1536,1) 8.12 against 8.28), at 1792 slower
/// ((12288,1792,1) 6.67 against 5.83).
pub const PDL_TWO_STAGE_W4_MIN_K: u32 = 1792;
/// [`TWO_STAGE_W4`]'s upper bound (exclusive) in row tiles of 16 per SM with two K tiles per
/// block, where the persistent twin's band starts ([`PDL_PERSIST_MIN_ROW_TILES_PER_SM`]):
/// measured faster up to 12.6 ((12288,2048,2) 11.83 → 10.60 µs, (24576,1792,1) 11.50 →
/// 10.72, run v235; (26624,2048,1) 13.42 → 11.85, (13312,2048,2) 13.36 → 11.83, run v237),
/// slower at 13.6, where the persistent twin runs ((28672,2048,1) 11.91 against 12.59).
pub const PDL_TWO_STAGE_W4_MAX_ROW_TILES_PER_SM: u64 = PDL_PERSIST_MIN_ROW_TILES_PER_SM;

/// PDL launches of grids of at most two 1024-K tiles per block (K = 1024, or K from
/// [`PDL_TWO_STAGE_MIN_K`] to [`PDL_TWO_STAGE_MAX_K`]) of more than 3 row tiles of 16 per SM
/// (`rt`): the two-stage 32-row tiles, three ([`TWO_STAGE_W8`]) or four ([`TWO_STAGE_W4`])
/// blocks per SM where the four-stage ones fit two, so that the next grid's blocks can be
/// resident and request their `a` while this grid's finish, and grids of up to 3 or 4 blocks
/// of 32 rows per SM run in one wave:
///
/// * `3 < rt ≤ 4` (1.5 to 2 blocks per SM): [`TWO_STAGE_W8`] (eight consumer warps), with
///   both stages requested before the wait where there are two ([`pdl_prefetch_stages_auto`]);
/// * two K tiles, `4 < rt ≤ 5.5`: [`TWO_STAGE_W8`];
/// * two K tiles from K = [`PDL_TWO_STAGE_W4_MIN_K`], `5.5 < rt` <
///   [`PDL_TWO_STAGE_W4_MAX_ROW_TILES_PER_SM`]; one K tile, `4 < rt < 8`: [`TWO_STAGE_W4`]
///   (four consumer warps), in the tiled layout (`host::a_layout::ALayout::Auto`).
///
/// Fitted on an H100 80GB HBM3 (runs v228–v230, v234, v235, thirty-ninth session,
/// BENCHMARKS.md; no H200 was lent): against the previous pick ([`choose_variant`]'s
/// `bm32_k1024_s4_w8` up to `rt = 4`, the small tiles above), two rounds in opposite orders,
/// e.g. (7168,2048,1) 4.24 → 3.91 µs, (9216,2048,1) 6.92 → 4.59, (14336,2048,1) 7.16 → 6.18,
/// (6144,2048,2) 6.61 → 5.69, (10240,1536,1) 5.21 → 4.66, (20480,2048,1) 9.98 → 8.76,
/// (9728,1024,1) 4.31 → 3.31, (8192,1024,1) 3.36 → 3.07. At and below `rt = 3` the two-stage
/// tiles were within ±3% of the previous pick (but (4096,1024,1) −5%); longer K (three or
/// more tiles per block) they lost (two stages cannot hold a block's K: (7168,3072,1) 5.56 →
/// 6.20, (4096,4096,1) 4.64 → 5.99), as did plain launches (at best even), and one K tile
/// from `rt = 8.7` ((18432,1024,1) 6.51 against 6.95). The rule up to `rt = 8`, with main's
/// CLI against this rule's in one run (v231, v232, A B B A), on 20 shapes, 16 of them first
/// measured there: −35.2…−3.5%, e.g. (4608,2048,2) 6.95 → 4.60 µs, (9216,1792,1) 6.94 →
/// 4.51, (7168,2048,1) 4.28 → 3.93.
pub const fn pdl_two_stage_choice(s: Shape, sm_count: u32) -> Option<&'static str> {
    let (rt, sms) = (s.mma_row_tiles(), sm_count as u64);
    let one_tile = s.k == BK * 2;
    let two_tiles = s.k >= PDL_TWO_STAGE_MIN_K && s.k <= PDL_TWO_STAGE_MAX_K;
    if !(one_tile || two_tiles) || rt <= 3 * sms {
        None
    } else if rt <= 4 * sms || (two_tiles && 2 * rt <= 11 * sms) {
        Some(TWO_STAGE_W8)
    } else if (one_tile && rt < 8 * sms)
        || (s.k >= PDL_TWO_STAGE_W4_MIN_K && rt < PDL_TWO_STAGE_W4_MAX_ROW_TILES_PER_SM * sms)
    {
        Some(TWO_STAGE_W4)
    } else {
        None
    }
}
const _: () = {
    assert!(PDL_TWO_STAGE_MIN_K > BK * 2 && PDL_TWO_STAGE_MAX_K == BK * 4, "two 1024-K tiles per block");
    assert!(
        PDL_TWO_STAGE_W4_MAX_ROW_TILES_PER_SM <= PDL_PERSIST_MIN_ROW_TILES_PER_SM,
        "below the persistent band"
    );
};

/// The stages of `a` a PDL launch of `entry` (row-major or tiled) on `s`, `tiles` K tiles per
/// block, requests before its wait by default (the host's `--pdl-prefetch auto`):
/// [`pdl_prefetch_stages_for`]`(tiles)`, but both stages for [`TWO_STAGE_W8`] on a grid of
/// more than 1.5 and at most 2 blocks per SM (`3 < rt ≤ 4`) of two tiles each. There, on an
/// H100 (runs v229, v230), requesting both was faster: (7168,2048,1) 4.46 → 3.91 µs,
/// (8192,2048,1) 4.51 → 4.25, (6656,2048,1) 4.58 → 3.91, (7168,1536,1) 3.93 → 3.86; from
/// 2.25 blocks per SM it was slower ((9216,2048,1) 4.59 → 4.94, (10240,2048,1) 5.00 → 5.60),
/// as below 1.5 ((5120,2048,1) 3.45 → 3.84).
pub const fn pdl_prefetch_stages_auto(entry: &str, s: Shape, sm_count: u32, tiles: u32) -> u32 {
    let (rt, sms) = (s.mma_row_tiles(), sm_count as u64);
    let two_stage_w8 = str_eq(entry, TWO_STAGE_W8) || str_eq(entry, TWO_STAGE_W8_TILED);
    if two_stage_w8 && tiles == 2 && rt > 3 * sms && rt <= 4 * sms {
        2
    } else {
        pdl_prefetch_stages_for(tiles)
    }
}

/// Fewest K tiles per block for which [`pdl_trigger_flags`] lets a GEMV grid of about two
/// blocks per SM hand over only at its exit.
pub const PDL_EXIT_MIN_TILES: u32 = 7;

/// The trigger flags of a PDL launch under the host's automatic rule, for a grid of `blocks`
/// blocks of `tiles` K tiles each, K split `splits` ways, of which the GPU holds
/// `blocks_per_sm` per SM on `sm_count` SMs: [`launch_flags::PDL`] plus
///
/// * for a grid the GPU holds twice at once, of more than 1.5 blocks per SM, K not split and
///   at least [`PDL_EXIT_MIN_TILES`] tiles per block: [`launch_flags::PDL_TRIGGER_AT_EXIT`] (fifteenth
///   session). Such a grid runs about two blocks on every SM; blocks of the next grid started
///   early land on the SMs with free slots first, and that grid ends up unevenly spread. On
///   the H200 (runs v104, v105), e.g. (4096,14336,1) 13.54 → 11.83 µs, (4096,7168,1) 7.95 →
///   7.68 µs, (2048,14336,2) 13.60 → 11.83 µs, each faster than plain launches, which the
///   trigger after the loads was up to 14% slower than. Not at 1.45 blocks per SM ((3072,7168,1) 6.90 →
///   7.44 µs), nor at up to 5 tiles per block ((4096,5120,1) 5.26 → 6.62 µs), nor with K split
///   ((2048,14336,1), two splits of 7 tiles, 256 blocks: 8.47 → 9.22 µs, run v104);
/// * for other grids the GPU holds twice, and for every grid with K split:
///   [`launch_flags::PDL_TRIGGER_AFTER_LOADS`] (sixth session, runs v37 and v38): the next
///   grid starts once this one's loads are requested. A split grid the GPU does not hold twice
///   took this too from the sixteenth session: on the H200 (run v108) e.g. (1024,28672,1),
///   five splits, 10.50 → 10.07 µs, (1536,28672,1) 14.81 → 14.09 µs, against starting the
///   next grid at once;
/// * otherwise nothing: the next grid starts as this one's blocks begin, and its blocks fill
///   this one's tail.
pub const fn pdl_trigger_flags(
    blocks: u64,
    tiles: u32,
    splits: u32,
    blocks_per_sm: u32,
    sm_count: u32,
) -> u32 {
    let sms = sm_count as u64;
    let fits_twice = 2 * blocks <= blocks_per_sm as u64 * sms;
    if fits_twice && 2 * blocks > 3 * sms && splits == 1 && tiles >= PDL_EXIT_MIN_TILES {
        launch_flags::PDL | launch_flags::PDL_TRIGGER_AT_EXIT
    } else if fits_twice || splits > 1 {
        launch_flags::PDL | launch_flags::PDL_TRIGGER_AFTER_LOADS
    } else {
        launch_flags::PDL
    }
}

/// Kernel entry names, as they appear in the PTX.
pub mod kernel_name {
    /// The GEMV kernel.
    pub const GEMV: &str = "nvfp4_gemv";
    /// The TMA 2-D copy that proves the pipeline.
    pub const TMA_COPY: &str = "tma_copy_2d";
    /// The read-only bandwidth kernel.
    pub const READ_CEILING: &str = "read_ceiling";
    /// The GEMV with direct (non-TMA) loads of `a`.
    pub const GEMV_DIRECT: &str = "nvfp4_gemv_direct";

    /// GEMV entry points and their twins for launches in thread block clusters, whose K
    /// splits add their sums through distributed shared memory (see
    /// [`super::CLUSTER_SPLITS_MAX`]): this build's default (the only one the sm_100a build
    /// uses) and the entry points the H200 rules pick for split grids. Separate entry
    /// points, so that the others carry no cluster code: with the cluster path compiled into
    /// every entry, unsplit launches were 1.3–2.1% slower on the H200 (runs v123–v125).
    /// The tiled twins' own twins ([`TILED_TWINS`]) follow the first three.
    pub const CLUSTER_TWINS: [(&str, &str); 6] = [
        (GEMV, "nvfp4_gemv_cluster"),
        ("nvfp4_gemv_bm16_k1024_s4_w8_p2", "nvfp4_gemv_bm16_k1024_s4_w8_p2_cluster"),
        ("nvfp4_gemv_bm32_k1024_s4_p2", "nvfp4_gemv_bm32_k1024_s4_p2_cluster"),
        ("nvfp4_gemv_tiled", "nvfp4_gemv_tiled_cluster"),
        ("nvfp4_gemv_bm16_k1024_s4_w8_p2_tiled", "nvfp4_gemv_bm16_k1024_s4_w8_p2_tiled_cluster"),
        ("nvfp4_gemv_bm32_k1024_s4_p2_tiled", "nvfp4_gemv_bm32_k1024_s4_p2_tiled_cluster"),
    ];

    /// The cluster twin of entry point `name`, if it has one.
    pub fn cluster_twin(name: &str) -> Option<&'static str> {
        CLUSTER_TWINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// GEMV entry points and their twins that read `a` and `sfa` in the tiled layout
    /// ([`super::TileConfig::a_tile_offset`]) from their `a` parameter, one `cp.async.bulk`
    /// per stage, with no tensor maps for them: this build's default, then every
    /// [`super::VARIANTS`] entry in order. They need the scales by TMA
    /// ([`super::Shape::scales_by_tma`]).
    pub const TILED_TWINS: [(&str, &str); 15] = [
        (GEMV, "nvfp4_gemv_tiled"),
        ("nvfp4_gemv_bm16_k512_s4", "nvfp4_gemv_bm16_k512_s4_tiled"),
        ("nvfp4_gemv_bm16_k512_s8", "nvfp4_gemv_bm16_k512_s8_tiled"),
        ("nvfp4_gemv_bm32_k1024_s4", "nvfp4_gemv_bm32_k1024_s4_tiled"),
        ("nvfp4_gemv_bm32_k1024_s5", "nvfp4_gemv_bm32_k1024_s5_tiled"),
        ("nvfp4_gemv_bm16_k1024_s4_w8", "nvfp4_gemv_bm16_k1024_s4_w8_tiled"),
        ("nvfp4_gemv_bm16_k1024_s6_w8", "nvfp4_gemv_bm16_k1024_s6_w8_tiled"),
        ("nvfp4_gemv_bm32_k1024_s4_w8", "nvfp4_gemv_bm32_k1024_s4_w8_tiled"),
        ("nvfp4_gemv_bm32_k1024_s5_w8", "nvfp4_gemv_bm32_k1024_s5_w8_tiled"),
        ("nvfp4_gemv_bm16_k512_s4_p2", "nvfp4_gemv_bm16_k512_s4_p2_tiled"),
        ("nvfp4_gemv_bm32_k1024_s4_p2", "nvfp4_gemv_bm32_k1024_s4_p2_tiled"),
        ("nvfp4_gemv_bm16_k1024_s4_w8_p2", "nvfp4_gemv_bm16_k1024_s4_w8_p2_tiled"),
        ("nvfp4_gemv_bm32_k1024_s4_w8_p2", "nvfp4_gemv_bm32_k1024_s4_w8_p2_tiled"),
        ("nvfp4_gemv_bm32_k1024_s2", "nvfp4_gemv_bm32_k1024_s2_tiled"),
        ("nvfp4_gemv_bm32_k1024_s2_w8", "nvfp4_gemv_bm32_k1024_s2_w8_tiled"),
    ];

    /// Tiled twins ([`TILED_TWINS`]) and their persistent twins: a grid of at most as many
    /// blocks as the GPU holds at once, each streaming row tiles `blockIdx.x + j·gridDim.x`
    /// back to back through one pipeline; launched with grid `(G, 1, 1)`, no K split, the
    /// batch size in the flags ([`super::launch_flags::PERSIST_BATCHES_SHIFT`]).
    pub const PERSIST_TWINS: [(&str, &str); 3] = [
        ("nvfp4_gemv_bm16_k512_s4_tiled", "nvfp4_gemv_bm16_k512_s4_persist"),
        ("nvfp4_gemv_bm16_k512_s4_p2_tiled", "nvfp4_gemv_bm16_k512_s4_p2_persist"),
        ("nvfp4_gemv_bm16_k1024_s4_w8_p2_tiled", "nvfp4_gemv_bm16_k1024_s4_w8_p2_persist"),
    ];

    /// Tiled twins ([`TILED_TWINS`]) and their stream-K twins ([`super::stream_k_first_unit`]):
    /// a grid of at most as many blocks as the GPU holds at once, block `b` streaming the
    /// contiguous range of (row tile, K tile) units that the schedule gives it through one
    /// pipeline, row tiles cut between blocks added through the split-K workspace; launched
    /// with grid `(G, 1, 1)`, no K split, the batch size in the flags
    /// ([`super::launch_flags::PERSIST_BATCHES_SHIFT`]).
    pub const STREAM_K_TWINS: [(&str, &str); 1] =
        [("nvfp4_gemv_bm32_k1024_s4_w8_tiled", "nvfp4_gemv_bm32_k1024_s4_w8_stream")];

    /// The stream-K twin of the tiled entry point `name`, if it has one.
    pub fn stream_k_twin(name: &str) -> Option<&'static str> {
        STREAM_K_TWINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// The persistent twin of the tiled entry point `name`, if it has one.
    pub fn persist_twin(name: &str) -> Option<&'static str> {
        PERSIST_TWINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// The tiled twin of entry point `name`, if it has one.
    pub fn tiled_twin(name: &str) -> Option<&'static str> {
        TILED_TWINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }
}

/// The TMA copy kernel's box: [`COPY_BOX_COLS`] bytes × [`COPY_BOX_ROWS`] rows per block.
pub const COPY_BOX_COLS: u32 = 128;
/// Rows of the copy kernel's box.
pub const COPY_BOX_ROWS: u32 = 32;
/// Dynamic shared memory of the copy kernel: the box and its mbarrier.
pub const COPY_SMEM_BYTES: u32 = COPY_BOX_ROWS * COPY_BOX_COLS + 128;

/// Problem shape: `l` batch entries of an `m × k` matrix times a `k` vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Rows of `a`, elements of `c` per batch entry.
    pub m: u32,
    /// Reduction length.
    pub k: u32,
    /// Batch entries.
    pub l: u32,
}

/// Why a shape cannot be run by this kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// `m`, `k` or `l` is zero.
    Empty,
    /// `k` is not a multiple of [`K_MULTIPLE`].
    KNotMultiple {
        /// The offending `k`.
        k: u32,
        /// The multiple required.
        multiple: u32,
    },
    /// A dimension exceeds what the tensor maps and grid can address.
    TooLarge {
        /// Which dimension.
        dim: &'static str,
        /// Its value.
        value: u64,
        /// The limit.
        max: u64,
    },
}

impl core::fmt::Display for ShapeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ShapeError::Empty => write!(f, "m, k and l must all be at least 1"),
            ShapeError::KNotMultiple { k, multiple } => write!(
                f,
                "k = {k} is not a multiple of {multiple} (each scale row, k/16 bytes, must be \
                 whole 4-byte words)"
            ),
            ShapeError::TooLarge { dim, value, max } => {
                write!(f, "{dim} = {value} exceeds the supported maximum {max}")
            }
        }
    }
}

impl Shape {
    /// A new shape (not yet checked: see [`Shape::can_implement`]).
    pub const fn new(m: u32, k: u32, l: u32) -> Self {
        Shape { m, k, l }
    }
    /// Bytes of `a`.
    pub const fn a_bytes(&self) -> usize {
        self.l as usize * self.m as usize * (self.k as usize / 2)
    }
    /// Bytes of `b`.
    pub const fn b_bytes(&self) -> usize {
        self.l as usize * (self.k as usize / 2)
    }
    /// Bytes of `sfa`.
    pub const fn sfa_bytes(&self) -> usize {
        self.l as usize * self.m as usize * (self.k as usize / SF_VEC as usize)
    }
    /// Bytes of `sfb`.
    pub const fn sfb_bytes(&self) -> usize {
        self.l as usize * (self.k as usize / SF_VEC as usize)
    }
    /// Row tiles of [`MMA_ROWS`] rows over all batch entries (`rt`): what the per-shape rules
    /// ([`choose_variant`] and the bands beside it) count per SM.
    pub const fn mma_row_tiles(&self) -> u64 {
        self.m.div_ceil(MMA_ROWS) as u64 * self.l as u64
    }
    /// Elements of `c`.
    pub const fn c_len(&self) -> usize {
        self.l as usize * self.m as usize
    }
    /// Bytes a GEMV must move at least: every input read once, `c` written once.
    pub const fn min_bytes(&self) -> usize {
        self.a_bytes() + self.b_bytes() + self.sfa_bytes() + self.sfb_bytes() + 2 * self.c_len()
    }
    /// Whether the scale rows can be TMA boxes (`k` a multiple of [`SCALE_TMA_K_MULTIPLE`]).
    pub const fn scales_by_tma(&self) -> bool {
        self.k.is_multiple_of(SCALE_TMA_K_MULTIPLE)
    }
    /// Bytes of `a` and `sfa` in the tiled layout for `tile` ([`TileConfig::a_tile_offset`]).
    pub const fn a_tiled_bytes(&self, tile: &TileConfig) -> usize {
        tile.a_tile_offset(self.m, self.k, self.l, 0, 0) as usize
    }
    /// Grid of the GEMV launch for a tile configuration: `(ceil(m / bm), l, 1)`.
    pub const fn grid(&self, tile: &TileConfig) -> (u32, u32, u32) {
        (self.m.div_ceil(tile.bm), self.l, 1)
    }
    /// CUTLASS-style check, run before every launch.
    pub const fn can_implement(&self) -> Result<(), ShapeError> {
        if self.m == 0 || self.k == 0 || self.l == 0 {
            return Err(ShapeError::Empty);
        }
        if !self.k.is_multiple_of(K_MULTIPLE) {
            return Err(ShapeError::KNotMultiple { k: self.k, multiple: K_MULTIPLE });
        }
        // Tensor-map dimensions are below 2^32 and grid.y (l) below 65536.
        if self.l > 65535 {
            return Err(ShapeError::TooLarge { dim: "l", value: self.l as u64, max: 65535 });
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn pdl_prefetch_default_leaves_a_stage_for_after_the_wait() {
        assert_eq!(pdl_prefetch_stages_for(0), 1);
        assert_eq!(pdl_prefetch_stages_for(1), 1);
        assert_eq!(pdl_prefetch_stages_for(2), 1);
        for tiles in 3..64 {
            assert_eq!(pdl_prefetch_stages_for(tiles), PDL_PREFETCH_STAGES.min(tiles - 1), "{tiles}");
        }
        // (7168,2048,1) on the 32-row, 1024-K tile: two K tiles, one before the wait.
        let tile = variant_tile("nvfp4_gemv_bm32_k1024_s4_w8");
        assert_eq!(pdl_prefetch_stages_for(Shape::new(7168, 2048, 1).tiles_per_split(&tile, 1)), 1);
        assert_eq!(pdl_prefetch_stages_for(Shape::new(7168, 16384, 1).tiles_per_split(&tile, 1)), 2);
    }

    #[test]
    fn pdl_trigger_rule_on_the_measured_grids() {
        use launch_flags::{PDL, PDL_TRIGGER_AFTER_LOADS as LOADS, PDL_TRIGGER_AT_EXIT as EXIT};
        // Runs v104/v105 on the H200 (132 SMs): 16-row, 1024-K tiles, four blocks per SM.
        let f = |m: u32, k: u32, l: u32| pdl_trigger_flags((m / 16 * l) as u64, k / 1024, 1, 4, 132);
        for (m, k, l) in
            [(4096, 7168, 1), (4096, 14336, 1), (2048, 14336, 2), (3584, 14336, 1), (1024, 14336, 4)]
        {
            assert_eq!(f(m, k, l), PDL | EXIT, "({m},{k},{l})");
        }
        for (m, k, l) in [(3072, 7168, 1), (4096, 5120, 1), (4096, 4096, 1)] {
            assert_eq!(f(m, k, l), PDL | LOADS, "({m},{k},{l})");
        }
        // (2048,14336,1): K split in two, 256 blocks of 7 tiles.
        assert_eq!(pdl_trigger_flags(256, 7, 2, 4, 132), PDL | LOADS);
        // (7168,16384,1) on the 32-row tiles, two blocks per SM: not held twice.
        assert_eq!(pdl_trigger_flags(224, 16, 1, 2, 132), PDL);
        // Run v108: K split, not held twice. (1024,28672,1): 32 row tiles of 32 rows, five
        // splits of 6 tiles (the last 4), two blocks per SM; (1536,28672,1): three splits.
        assert_eq!(pdl_trigger_flags(160, 6, 5, 2, 132), PDL | LOADS);
        assert_eq!(pdl_trigger_flags(144, 10, 3, 2, 132), PDL | LOADS);
    }

    #[test]
    fn pdl_prefetch_field_round_trips() {
        use launch_flags::{PDL, PDL_TRIGGER_AFTER_LOADS, pdl_prefetch, pdl_prefetch_stages};
        // No field: all stages, as before the field existed.
        assert_eq!(pdl_prefetch_stages(PDL | PDL_TRIGGER_AFTER_LOADS).min(4), 4);
        for n in 0..=14 {
            let f = PDL | pdl_prefetch(n);
            assert_eq!(f & (PDL_TRIGGER_AFTER_LOADS | launch_flags::BF16_OUTPUT), 0);
            assert_eq!(pdl_prefetch_stages(f).min(6), n.min(6), "{n}");
        }
        assert_eq!(pdl_prefetch(15), 0);
        assert_eq!(pdl_prefetch_stages(pdl_prefetch(u32::MAX)).min(5), 5);
    }

    #[test]
    fn stage_offsets_are_aligned_and_disjoint() {
        for t in [SM90_TILE, SM100_TILE].into_iter().chain(VARIANTS.map(|v| v.1)) {
            assert_eq!(t.sfa_offset() % SMEM_ALIGN, 0);
            assert_eq!(t.b_offset() % SMEM_ALIGN, 0);
            assert_eq!(t.sfb_offset() % SMEM_ALIGN, 0);
            assert!(t.sfa_offset() >= t.a_bytes());
            assert!(t.b_offset() >= t.sfa_offset() + t.sfa_bytes());
            assert!(t.sfb_offset() >= t.b_offset() + t.ab_row_bytes());
            assert_eq!(t.prep_offset() % SMEM_ALIGN, 0);
            assert!(t.prep_offset() >= t.sfb_offset() + t.sf_row_bytes());
            assert_eq!(t.stage_bytes(), t.prep_offset() + t.slices() * t.prep_pass_bytes());
            assert_eq!(t.fp8_route(), t.bm == 32);
            assert_eq!(t.passes() * t.pass_k(), t.bk);
            assert!([1, 2, 4].contains(&t.ab_elem_bytes()));
            assert_eq!(t.barrier_offset() % 8, 0);
            assert_eq!(t.reduce_offset() % 16, 0);
            assert!(t.reduce_offset() >= t.barrier_offset() + BARRIERS_PER_STAGE * t.stages * 8);
            // `full` counts one tiled-layout tile (`a` and `sfa`, one bulk copy) when the scales
            // come by TMA; `b_full` the `b` and `sfb` boxes; both the boxes' whole bytes.
            assert_eq!(t.a_tx_bytes(true), t.a_tile_bytes());
            assert_eq!(t.a_tx_bytes(false), t.a_bytes());
            assert_eq!(t.b_tx_bytes(true), t.ab_row_bytes() + t.sf_row_bytes());
            assert_eq!(t.b_tx_bytes(false), t.ab_row_bytes());
            assert_eq!(t.cluster_sums_offset() % 16, 0);
            assert!(t.cluster_sums_offset() >= t.reduce_offset() + t.warps * t.bm * 4 + 4);
            assert_eq!(t.smem_bytes(), t.cluster_sums_offset() + CLUSTER_SPLITS_MAX * t.bm * 4);
            assert_eq!(t.rows_per_thread() * ROW_GROUPS, t.bm);
        }
    }

    #[test]
    fn persistent_twins_and_their_pdl_rule() {
        for (tiled, twin) in kernel_name::PERSIST_TWINS {
            assert!(kernel_name::TILED_TWINS.iter().any(|r| r.1 == tiled), "{tiled} is a tiled twin");
            assert_eq!(twin, tiled.replace("_tiled", "_persist"));
            assert_eq!(kernel_name::persist_twin(tiled), Some(twin));
        }
        let p2 = "nvfp4_gemv_bm16_k512_s4_p2";
        let want = Some("nvfp4_gemv_bm16_k512_s4_persist");
        // (7168, 2048, 4): 1792 row tiles, 13.6 per SM on 132 SMs.
        let s = Shape::new(7168, 2048, 4);
        assert_eq!(choose_variant(s, 132, Launch::Pdl), p2);
        assert_eq!(pdl_persistent_choice(s, 132, p2), want);
        assert_eq!(pdl_persistent_choice(Shape::new(4096, 3072, 8), 132, p2), want);
        // Only instead of the two-producer 16-row tiles.
        assert_eq!(pdl_persistent_choice(s, 132, "nvfp4_gemv_bm16_k512_s4"), None);
        // From 16 row tiles per SM, from K = 4096, and without the scales by TMA: no.
        assert_eq!(pdl_persistent_choice(Shape::new(16896, 2048, 2), 132, p2), None);
        assert_eq!(pdl_persistent_choice(Shape::new(16880, 2048, 2), 132, p2), want);
        // Below 13 row tiles per SM: no (1715 of 16 rows: 12.99 per SM; 1716: 13.0).
        assert_eq!(pdl_persistent_choice(Shape::new(12288, 2048, 2), 132, p2), None);
        assert_eq!(pdl_persistent_choice(Shape::new(27440, 2048, 1), 132, p2), None);
        assert_eq!(pdl_persistent_choice(Shape::new(27456, 2048, 1), 132, p2), want);
        assert_eq!(pdl_persistent_choice(Shape::new(7168, 4096, 4), 132, p2), None);
        assert_eq!(pdl_persistent_choice(Shape::new(7168, 2112, 4), 132, p2), None);
    }

    #[test]
    fn stream_k_twin_and_its_pdl_rule() {
        for (tiled, twin) in kernel_name::STREAM_K_TWINS {
            assert!(kernel_name::TILED_TWINS.iter().any(|r| r.1 == tiled), "{tiled} is a tiled twin");
            assert_eq!(twin, tiled.replace("_tiled", "_stream"));
            assert_eq!(kernel_name::stream_k_twin(tiled), Some(twin));
        }
        let want = Some(kernel_name::STREAM_K_TWINS[0].1);
        // The measured wins, on 132 SMs: 4.2 to 15.5 row tiles of 16 per SM, K from 7168.
        for (m, k, l) in [
            (8960, 16384, 1),
            (9216, 16384, 1),
            (4608, 14336, 2),
            (9856, 16384, 1),
            (10240, 7168, 1),
            (2560, 7168, 4),
            (10240, 10240, 1),
            (2560, 16384, 4),
            (11264, 12288, 1),
            (12288, 7168, 1),
            (6144, 7168, 2),
            (6144, 8192, 2),
            (12800, 7168, 1),
            (14336, 7168, 1),
            (14336, 16384, 1),
            (3584, 8192, 4),
            (4096, 7168, 4),
            (2048, 7168, 8),
            (16384, 8192, 1),
            (10240, 10240, 2),
            (4096, 16384, 6),
            (28672, 8192, 1),
            (28672, 28672, 1),
            (4096, 7168, 8),
            (4096, 14336, 8),
            (4096, 28672, 8),
            (32768, 7168, 1),
        ] {
            assert_eq!(pdl_stream_k_choice(Shape::new(m, k, l), 132), want, "({m},{k},{l})");
        }
        // The measured losses: one wave or less of the 32-row tiles.
        for (m, k, l) in [(7168, 16384, 1), (8448, 16384, 1), (1024, 16384, 8), (4096, 7168, 1)] {
            assert_eq!(pdl_stream_k_choice(Shape::new(m, k, l), 132), None, "({m},{k},{l})");
        }
        // The band's edges: 528 row tiles of 16 (4 per SM) out, 529 in; 2111 in, 2112 out.
        assert_eq!(pdl_stream_k_choice(Shape::new(8448, 7168, 1), 132), None);
        assert_eq!(pdl_stream_k_choice(Shape::new(8464, 7168, 1), 132), want);
        assert_eq!(pdl_stream_k_choice(Shape::new(33776, 7168, 1), 132), want);
        assert_eq!(pdl_stream_k_choice(Shape::new(33792, 7168, 1), 132), None);
        // Short K (the persistent twin's band at K = 2048), K = 4096, and K without the scales
        // by TMA (not a multiple of 256): no.
        assert_eq!(pdl_stream_k_choice(Shape::new(7168, 2048, 4), 132), None);
        assert_eq!(pdl_stream_k_choice(Shape::new(16384, 4096, 1), 132), None);
        assert_eq!(pdl_stream_k_choice(Shape::new(4096, 7232, 8), 132), None);
        // The band scales with the SMs.
        assert_eq!(pdl_stream_k_choice(Shape::new(4096, 7168, 8), 148), want);
        assert_eq!(pdl_stream_k_choice(Shape::new(4096, 7168, 8), 511), want);
        assert_eq!(pdl_stream_k_choice(Shape::new(4096, 7168, 8), 512), None);
    }

    #[test]
    fn launch_bounds_name_twins_with_their_block_size() {
        for b in LAUNCH_BOUNDS {
            let twin = kernel_name::STREAM_K_TWINS.iter().chain(kernel_name::TILED_TWINS.iter());
            let of = twin.clone().find(|t| t.1 == b.entry).expect("a stream-K or tiled twin").0;
            // The twin's tiles are its row-major entry point's: `…_tiled` → `…` in VARIANTS.
            let rows = of.trim_end_matches("_tiled");
            let tile = VARIANTS.iter().find(|v| v.0 == rows).expect("a variant").1;
            assert_eq!(b.threads, tile.threads(), "{}: the host launches exactly this many", b.entry);
            // Registers per thread the bound leaves (allocated per warp in units of 256).
            let per_thread = 65536 / (b.threads * b.min_blocks_per_sm) / 8 * 8;
            assert!(per_thread >= 40, "{}: {per_thread} registers", b.entry);
        }
    }

    #[test]
    fn can_implement_rules() {
        assert_eq!(Shape::new(128, 256, 1).can_implement(), Ok(()));
        assert_eq!(Shape::new(0, 256, 1).can_implement(), Err(ShapeError::Empty));
        assert_eq!(Shape::new(1, 0, 1).can_implement(), Err(ShapeError::Empty));
        assert_eq!(Shape::new(1, 256, 0).can_implement(), Err(ShapeError::Empty));
        assert_eq!(
            Shape::new(128, 96, 1).can_implement(),
            Err(ShapeError::KNotMultiple { k: 96, multiple: 64 })
        );
        assert!(matches!(
            Shape::new(1, 256, 70000).can_implement(),
            Err(ShapeError::TooLarge { dim: "l", .. })
        ));
        // Row tails are handled in the kernel: any m works.
        assert_eq!(Shape::new(1, 256, 1).can_implement(), Ok(()));
        assert_eq!(Shape::new(1000, 7168, 3).can_implement(), Ok(()));
    }

    #[test]
    fn byte_counts() {
        let s = Shape::new(7168, 16384, 1);
        assert_eq!(s.a_bytes(), 7168 * 8192);
        assert_eq!(s.sfa_bytes(), 7168 * 1024);
        assert_eq!(s.min_bytes(), 7168 * 8192 + 8192 + 7168 * 1024 + 1024 + 2 * 7168);
        assert_eq!(s.grid(&SM90_TILE), (448, 1, 1));
    }

    #[test]
    fn cluster_twins_name_existing_entry_points() {
        for (name, twin) in kernel_name::CLUSTER_TWINS {
            let rows = name.strip_suffix("_tiled").unwrap_or(name);
            assert!(rows == kernel_name::GEMV || VARIANTS.iter().any(|(n, _)| *n == rows), "{name}");
            if rows != name {
                assert_eq!(kernel_name::tiled_twin(rows), Some(name));
            }
            assert_eq!(twin, std::format!("{name}_cluster"));
            assert_eq!(kernel_name::cluster_twin(name), Some(twin));
        }
        assert_eq!(kernel_name::cluster_twin("nvfp4_gemv_bm16_k512_s4"), None);
        assert_eq!(kernel_name::cluster_twin(kernel_name::GEMV_DIRECT), None);
    }

    #[test]
    fn tiled_twins_cover_every_tma_entry_point() {
        let rows: std::vec::Vec<&str> = kernel_name::TILED_TWINS.iter().map(|r| r.0).collect();
        let mut expected = std::vec![kernel_name::GEMV];
        expected.extend(VARIANTS.iter().map(|v| v.0));
        assert_eq!(rows, expected);
        for (name, twin) in kernel_name::TILED_TWINS {
            assert_eq!(twin, std::format!("{name}_tiled"));
            assert_eq!(kernel_name::tiled_twin(name), Some(twin));
        }
        assert_eq!(kernel_name::tiled_twin(kernel_name::GEMV_DIRECT), None);
        assert_eq!(kernel_name::tiled_twin("nvfp4_gemv_cluster"), None);
    }

    #[test]
    fn direct_kernel_limits_and_shared_memory() {
        let d = DIRECT_TILE;
        assert_eq!(d.threads(), 128);
        assert_eq!(SM90_TILE.threads(), 160);
        // Its blocks cover at most DIRECT_MAX_K: splits follow, whatever the grid.
        assert_eq!(d.min_splits(16384), 1);
        assert_eq!(d.min_splits(16448), 2);
        assert_eq!(SM90_TILE.min_splits(1 << 20), 1);
        for s in [Shape::new(7168, 16384, 1), Shape::new(40, 33024, 2), Shape::new(28672, 28672, 8)] {
            let n = s.splits(&d, 132);
            assert!(n >= d.min_splits(s.k), "{s:?}");
            assert!(s.tiles_per_split(&d, n) * BK <= DIRECT_MAX_K, "{s:?}: {n} splits");
        }
        // Prepared b (1280 bytes per slice), then W·16 fp32 partial sums and a flag word.
        // Prepared b, 4 warps' partial sums of 16 rows, the flag word (to 16 bytes), the
        // cluster's split sums.
        assert_eq!(d.launch_smem_bytes(1), 1280 + 4 * 16 * 4 + 16 + CLUSTER_SPLITS_MAX * 16 * 4);
        assert_eq!(d.max_smem_bytes(), 32 * 1280 + 4 * 16 * 4 + 16 + CLUSTER_SPLITS_MAX * 16 * 4);
        assert_eq!(SM90_TILE.launch_smem_bytes(7), SM90_TILE.smem_bytes());
    }

    /// The tiles of the entry point `name` (which must be in [`VARIANTS`]).
    pub(crate) fn variant_tile(name: &str) -> TileConfig {
        VARIANTS.iter().find(|v| v.0 == name).map(|v| v.1).unwrap_or_else(|| panic!("no variant {name}"))
    }

    /// `choose_variant` on 132 SMs picks `want` for each `(m, k, l)`.
    fn assert_picks(launch: Launch, cases: &[((u32, u32, u32), &str)]) {
        for &((m, k, l), want) in cases {
            assert_eq!(choose_variant(Shape::new(m, k, l), 132, launch), want, "{launch:?} ({m},{k},{l})");
        }
    }

    #[test]
    fn the_benchmark_shapes_get_the_measured_choice() {
        assert_picks(
            Launch::Plain,
            &[
                ((7168, 16384, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((4096, 7168, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((7168, 2048, 1), "nvfp4_gemv_bm16_k512_s4"),
                ((4096, 7168, 8), "nvfp4_gemv_bm16_k512_s4_p2"),
                ((7168, 2048, 4), "nvfp4_gemv_bm16_k512_s4"),
                // The sweep's other regimes (run v23).
                // 896 blocks: `Gpu::kernel_for` takes the one-producer twin on the H200 (8 blocks
                // per SM against 6: one wave against two).
                ((14336, 7168, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                // 320 and 640 row tiles (runs v83, v85).
                ((5120, 27648, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((10240, 8192, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                ((1024, 7168, 8), "nvfp4_gemv_bm16_k512_s4_p2"),
                ((1024, 28672, 8), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((1024, 14336, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
            ],
        );
        let p2 = VARIANTS.iter().find(|v| v.0 == "nvfp4_gemv_bm16_k512_s4_p2").map(|v| v.1);
        assert_eq!(p2.map(|t| (t.producer_warps(), t.threads())), Some((2, 192)));
    }

    #[test]
    fn pdl_two_stage_band_and_its_prefetch() {
        // Runs v230, v235, v237 (H100, 132 SMs): the band's edges (396, 528, 726, 1056 and 1716
        // row tiles of 16) and shapes measured in it.
        let pick = |m, k, l| pdl_two_stage_choice(Shape::new(m, k, l), 132);
        let none = [(6336, 2048, 1), (27456, 2048, 1), (6336, 1024, 1), (7168, 1216, 1), (7168, 2112, 1)];
        let more = [(7168, 3072, 1), (12288, 1280, 1), (12288, 1536, 1), (16896, 1024, 1), (7168, 960, 1)];
        for (m, k, l) in none.into_iter().chain(more).chain([(28672, 2048, 1), (18432, 1536, 1)]) {
            assert_eq!(pick(m, k, l), None, "({m},{k},{l})");
        }
        let w8 = [(6352, 2048, 1), (7168, 2048, 1), (11616, 2048, 1), (7168, 1536, 1), (10240, 1280, 1)];
        for (m, k, l) in w8.into_iter().chain([(6352, 1024, 1), (8448, 1024, 1)]) {
            assert_eq!(pick(m, k, l), Some(TWO_STAGE_W8), "({m},{k},{l})");
        }
        let w4 = [(11632, 2048, 1), (12288, 1792, 1), (16880, 2048, 1), (6144, 2048, 2), (3584, 2048, 4)];
        let w4_more =
            [(27440, 2048, 1), (13312, 2048, 2), (24576, 1792, 1), (8464, 1024, 1), (16880, 1024, 1)];
        for (m, k, l) in w4.into_iter().chain(w4_more) {
            assert_eq!(pick(m, k, l), Some(TWO_STAGE_W4), "({m},{k},{l})");
        }
        // `choose_variant` takes the band's pick under PDL only.
        assert_eq!(choose_variant(Shape::new(9216, 2048, 1), 132, Launch::Pdl), TWO_STAGE_W8);
        assert_eq!(choose_variant(Shape::new(9216, 2048, 1), 132, Launch::Plain), "nvfp4_gemv_bm16_k512_s4");
        // Both stages before the wait from 1.5 to 2 blocks per SM, on either layout.
        let tiles = |s: Shape| s.tiles_per_split(&variant_tile(TWO_STAGE_W8), 1);
        for (m, want) in [(6336, 1), (6352, 2), (7168, 2), (8448, 2), (8464, 1), (9216, 1)] {
            let s = Shape::new(m, 2048, 1);
            assert_eq!(tiles(s), 2);
            for entry in [TWO_STAGE_W8, "nvfp4_gemv_bm32_k1024_s2_w8_tiled"] {
                assert_eq!(pdl_prefetch_stages_auto(entry, s, 132, tiles(s)), want, "{entry} ({m},2048,1)");
            }
            let other = pdl_prefetch_stages_auto("nvfp4_gemv_bm32_k1024_s4_w8", s, 132, tiles(s));
            assert_eq!(other, pdl_prefetch_stages_for(tiles(s)));
        }
        assert_eq!(kernel_name::tiled_twin(TWO_STAGE_W8), Some("nvfp4_gemv_bm32_k1024_s2_w8_tiled"));
        // Four blocks per SM by shared memory (228 KiB, 1 KiB reserved per block; the four-stage
        // tiles two); the eight-warp tiles' registers allow three (checked on the GPU).
        for name in [TWO_STAGE_W8, TWO_STAGE_W4] {
            let t = variant_tile(name);
            assert_eq!((t.bm, t.stages, t.bk), (32, 2, 1024));
            assert_eq!(228 * 1024 / (t.smem_bytes() + 1024), 4, "{name}");
        }
        assert_eq!(228 * 1024 / (variant_tile("nvfp4_gemv_bm32_k1024_s4_w8").smem_bytes() + 1024), 2);
    }

    #[test]
    fn pdl_launches_get_their_own_measured_choice() {
        assert_picks(
            Launch::Pdl,
            &[
                // The benchmark shapes (runs v81, v82: the fastest, or within 0.8%;
                // (4096, 7168, 1) from the seventeenth session: 32 rows unsplit, run v110).
                ((7168, 16384, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((4096, 7168, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                // (7168, 2048, 1): the two-stage tiles from the thirty-ninth session (H100 run
                // v229; `pdl_two_stage_choice`), `bm32_k1024_s4_w8` before.
                ((7168, 2048, 1), TWO_STAGE_W8),
                ((4096, 7168, 8), "nvfp4_gemv_bm16_k512_s4_p2"),
                ((7168, 2048, 4), "nvfp4_gemv_bm16_k512_s4_p2"),
                // 3 to 8 row tiles per SM from K = 4096, where the small tiles do not take
                // them: 32 rows of 8 consumer warps (thirty-second session, runs v198, v201,
                // v205; these three had 16 rows of 8 consumer warps and two producers).
                ((1024, 14336, 8), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((1024, 7168, 8), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((14336, 28672, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((8192, 5120, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                // But 4.5 to 6 (594 to 791 row tiles of 16 on 132 SMs): 16 rows again
                // (thirty-fourth session, H200 run v208).
                ((10240, 8192, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((10240, 10240, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((6144, 8192, 2), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((1536, 24576, 8), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((3072, 20480, 4), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((9504, 16384, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((9488, 16384, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((12656, 16384, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((12672, 16384, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                // Its edges: from 8 row tiles per SM (1056 of 16 rows on 132 SMs) 16 rows
                // again, with two producers (small tiles below K = 16384).
                ((16896, 16384, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((16864, 16384, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((16896, 8192, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                ((16864, 8192, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((28672, 28672, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((12288, 6144, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                ((1024, 28672, 1), "nvfp4_gemv_bm32_k1024_s4_p2"),
                // The bands moved in the thirteenth session (runs v81-v86, checked on run v90).
                ((5120, 12288, 1), "nvfp4_gemv_bm16_k1024_s6_w8"),
                ((4608, 16384, 1), "nvfp4_gemv_bm16_k1024_s6_w8"),
                ((9216, 6144, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                // 1024 blocks: `Gpu::kernel_for` takes the one-producer twin (one wave).
                ((16384, 4096, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                // Outside them: K = 4096 below 1.5 row tiles per SM.
                ((2048, 4096, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((4096, 28672, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                // 1.5 to 2 row tiles per SM: 32 rows of 8 consumer warps (runs v109, v110,
                // v112), also at exactly 2 (132 blocks), not the six-stage tiles; below 1.5
                // 16 rows (run v112: (2304, 14336, 1) 10.05 µs against 11.13).
                ((4096, 14336, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((4224, 14336, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((3072, 7168, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((3200, 7168, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((2304, 14336, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((4352, 14336, 1), "nvfp4_gemv_bm16_k1024_s6_w8"),
            ],
        );
    }

    #[test]
    fn chosen_variants_exist() {
        for s in [
            Shape::new(7168, 16384, 1),
            Shape::new(4096, 7168, 1),
            Shape::new(7168, 2048, 1),
            Shape::new(1, 64, 1),
        ] {
            for launch in [Launch::Plain, Launch::Pdl] {
                let name = choose_variant(s, 132, launch);
                assert!(VARIANTS.iter().any(|v| v.0 == name), "{name}");
            }
        }
    }
}
