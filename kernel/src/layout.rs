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
/// Largest `bm` a build may use (the kernel keeps `bm / 8` fp32 accumulators per thread).
pub const MAX_BM: u32 = 32;

/// Bytes per slice of the producer's *prepared* copy of `b` and `sfb` in a stage (the
/// producer warp decodes `b` once per block, so that no consumer lane decodes it):
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

const _: () = {
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
    /// Bytes TMA delivers per stage (the `expect_tx` count): full boxes, out-of-bounds
    /// elements included (TMA fills them with zeros and counts them). The scales count only
    /// when they come by TMA.
    pub const fn tx_bytes(&self, scales_by_tma: bool) -> u32 {
        let scales = if scales_by_tma { self.sfa_bytes() + self.sf_row_bytes() } else { 0 };
        self.a_bytes() + self.ab_row_bytes() + scales
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
    /// Offset of the prepared `b` and `sfb` ([`PREP_PASS_BYTES`] per pass) within a stage.
    pub const fn prep_offset(&self) -> u32 {
        self.sfb_offset() + round_up(self.sf_row_bytes(), SMEM_ALIGN)
    }
    /// Bytes of one stage.
    pub const fn stage_bytes(&self) -> u32 {
        self.prep_offset() + self.slices() * PREP_PASS_BYTES
    }
    /// Offset of the `3·stages` mbarriers (`full[0..stages]`, `empty[0..stages]`,
    /// `ready[0..stages]`).
    pub const fn barrier_offset(&self) -> u32 {
        self.stages * self.stage_bytes()
    }
    /// Offset of the cross-warp reduction buffer (`warps × bm` fp32), 16-byte aligned as the
    /// kernel carves it (`3·stages` barriers of 8 bytes end on an 8-byte boundary only when
    /// `stages` is odd).
    pub const fn reduce_offset(&self) -> u32 {
        round_up(self.barrier_offset() + 3 * self.stages * 8, 16)
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
pub const VARIANTS: [(&str, TileConfig); 11] = [
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
///   * K = 2048: `rt ≥ 8` the small tiles with two producers, `4 ≤ rt < 8` with one,
///     `1 ≤ rt < 4` 32 rows, 1024-K stages and 8 consumer warps, fewer 16 rows of 8 consumer
///     warps and two producers;
///   * K from 4096: the small tiles with two producers from `rt = 8` below K = 16384 and from
///     `rt = 4` below K = 8192 (the host's one-wave correction applies, as for plain
///     launches); `2 < rt < 3` above K = 4096: 16 rows of 8 consumer warps and six 1024-K
///     stages (the grid fits in one wave of three blocks per SM; from `rt = 3` it does not
///     and is 17–42% slower);
///   * `1.5 ≤ rt ≤ 2`: 32 rows of 8 consumer warps, three quarters to one block per SM,
///     unsplit (runs v110, v112, seventeenth session: (4096, 7168, 1) 6.61 µs against 7.75
///     with 16 rows and two producers, (4224, 14336, 1) 11.47 against 15.02 with six
///     stages; below `rt = 1.5` it lost at K = 14336: (2304, 14336, 1) 11.13 against 10.05);
///   * otherwise, below K = 16384: 16 rows of 8 consumer warps and two producers;
///   * otherwise, from K = 16384: `1 ≤ rt < 4` 32 rows of 8 consumer warps, fewer 32 rows of
///     4 consumer warps and two producers.
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
    let rt = s.m.div_ceil(MMA_ROWS) as u64 * s.l as u64;
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
            if short_k {
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

    /// The flags' prefetch field for `n` stages before the wait (`n` above 14 means all).
    pub const fn pdl_prefetch(n: u32) -> u32 {
        if n > 14 { 0 } else { (n + 1) << PDL_PREFETCH_SHIFT }
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
    pub const CLUSTER_TWINS: [(&str, &str); 3] = [
        (GEMV, "nvfp4_gemv_cluster"),
        ("nvfp4_gemv_bm16_k1024_s4_w8_p2", "nvfp4_gemv_bm16_k1024_s4_w8_p2_cluster"),
        ("nvfp4_gemv_bm32_k1024_s4_p2", "nvfp4_gemv_bm32_k1024_s4_p2_cluster"),
    ];

    /// The cluster twin of entry point `name`, if it has one.
    pub fn cluster_twin(name: &str) -> Option<&'static str> {
        CLUSTER_TWINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }
}

/// The TMA copy kernel's box: [`COPY_BOX_COLS`] bytes × [`COPY_BOX_ROWS`] rows per block.
pub const COPY_BOX_COLS: u32 = 128;
/// Rows of the copy kernel's box.
pub const COPY_BOX_ROWS: u32 = 32;
/// Dynamic shared memory of the copy kernel: the box and its mbarrier.
pub const COPY_SMEM_BYTES: u32 = COPY_BOX_ROWS * COPY_BOX_COLS + 128;

/// Blocks per SM a K split aims for at most (see [`Shape::splits`]): a split grid whose blocks
/// fill every SM twice beats one that fills it once (H200, run v112, bm16_k1024_s4_w8_p2 on
/// (1024, 28672, 1): 10.31 µs in two splits, 9.29 in four; a target of 8 (run v7) made shapes
/// slower once the blocks no longer fit one wave).
pub const SPLIT_BLOCKS_PER_SM: u32 = 2;

/// The most K splits whose partial sums meet through distributed shared memory: the splits
/// of one row tile are launched as one thread block cluster (grid z, cluster `(1, 1,
/// splits)`), every block stores its row sums into the shared memory of the cluster's first
/// block, and after one cluster barrier that block adds them (`gemv::store_block_rows`), with
/// no round trip through L2. 8 is the portable cluster size (every sm_90 and sm_100 GPU
/// schedules it). Launches with more splits, or with clusters turned off on the host, take
/// the global path: sums in a workspace, an atomic ticket per row tile, the last block adds.
pub const CLUSTER_SPLITS_MAX: u32 = 8;

/// A split grid of at most one block per SM is launched in clusters even where some SMs must
/// then take two of its blocks (the clusters fit two but not one block per SM), when each
/// split covers at most this much K: the reduction saved outweighs the doubled SMs for short
/// splits, not for long ones (H200, run v120, load-balancing policy: (640, 14336, 1) in three
/// splits −9.3%, (256, 20480, 1) in seven −14.9%, (512, 14336, 1) in four −4.4%, but
/// (512, 28672, 1) in four, 7168 of K each, +4.9%; run v127, the 10 shape and launch-mode
/// pairs it changed, against the rule without it: all faster, by 1.4–17.7%).
pub const CLUSTER_SHARED_SM_MAX_K: u32 = 5120;

/// Whether a launch with `splits` K splits reduces them in a cluster (see
/// [`CLUSTER_SPLITS_MAX`]).
pub const fn cluster_reduces(splits: u32) -> bool {
    splits >= 2 && splits <= CLUSTER_SPLITS_MAX
}

/// The automatic K split leaves K below this unsplit: a split has a fixed cost (the partial
/// sums go through L2 to the row tile's last block; (1024, 4096, 1) took 1.00 µs longer in two
/// splits than unsplit) and below it saves less (H200, run v112:
/// (1024, 7168, 1) 5.52 µs unsplit, 6.22 in three; (1024, 10240, 1) 6.68 against 6.70 in four).
pub const SPLIT_MIN_K: u32 = 10240;

/// With the splits' sums meeting in a thread block cluster ([`CLUSTER_SPLITS_MAX`]) the
/// automatic K split starts from this K instead of [`SPLIT_MIN_K`] (H200, run v121, forced
/// splits with cluster sums against none: (512, 8192, 1) 5.78 µs unsplit, 4.67 in three;
/// (512, 6144, 1) 5.06 against 4.52 in two; (1024, 8192, 1) 5.95 against 5.37 in two; under
/// PDL 4.59 → 3.63, 3.87 → 3.10, 4.73 → 4.17). Below it the floor of [`MIN_SPLIT_K`] per
/// split leaves at most one split anyway.
pub const SPLIT_MIN_K_CLUSTER: u32 = 6144;
const _: () = assert!(SPLIT_MIN_K_CLUSTER >= MIN_SPLIT_K && SPLIT_MIN_K >= MIN_SPLIT_K);

/// How much of the GPU a small grid's clustered K split may fill, as `1 / share` of the SMs
/// ([`Shape::splits_clustered`]): a grid of `blocks` blocks gets at least `min(`
/// [`CLUSTER_SPLITS_MAX`]`, K tiles, SMs / (share · blocks))` splits, down to one K tile per
/// split, from K = [`SMALL_GRID_SPLIT_MIN_K`] and where that at least halves a block's K
/// tiles. Such a grid's blocks are too few for the SMs they leave idle to matter, and a
/// clustered split costs one cluster barrier. With plain launches the split may fill every
/// SM, under PDL half of them: the kernel it follows still holds SMs as it starts (H200, run
/// v129, every split count forced: (256, 8192, 1) plain 4.38 µs in the general rule's three
/// splits, 3.76 in eight; (128, 8192, 1) 4.29 in three, 3.47 in eight; under PDL
/// (256, 4096, 1) 2.90 unsplit, 2.46 in four, but (512, 4096, 1) 2.75 in two, 3.06 in four,
/// and (1024, 4096, 1) 3.00 unsplit, 3.35 in two).
pub const fn small_grid_sm_share(launch: Launch) -> u32 {
    match launch {
        Launch::Plain => 1,
        Launch::Pdl => 2,
    }
}

/// From this K a small grid under PDL may fill every SM with its clustered split, as with plain
/// launches ([`small_grid_sm_share`]), as long as each split keeps [`MIN_SPLIT_K_LONG`] of K
/// (H200, run v141, one split per 2048 of K against the share of half the SMs:
/// (256, 10240, 1) 3.42 µs in four splits, 3.28 in five; (384, 8192, 1) 3.48 in three, 3.29
/// in four; (320, 10240, 1) 3.60 in four, 3.35 in five; but counts for more blocks than SMs
/// lost up to 3.2%: (384, 12288, 1) 3.71 in four, 3.83 in six; run v136: (256, 8192, 1) 2.98
/// in four, 3.12 in eight splits of 1024).
pub const SMALL_GRID_PDL_FULL_SHARE_MIN_K: u32 = 8192;
const _: () = assert!(SMALL_GRID_PDL_FULL_SHARE_MIN_K >= SMALL_GRID_SPLIT_MIN_K);

/// Below this K a small grid is not split for its smallness ([`small_grid_sm_share`]): two
/// splits of one 1024-K tile each lost under PDL (H200, run v130: (128, 2048, 1) 2.19 µs
/// unsplit, 2.32 in two; (256, 2048, 1) 2.23 against 2.33), three won ((128, 3072, 1) 2.54
/// against 2.43; (192, 3072, 1) 2.57 against 2.42).
pub const SMALL_GRID_SPLIT_MIN_K: u32 = 3072;

/// A grid of more than half a block per SM is split (in two) only from this K (H200, runs
/// v110–v112: (2048, 7168, 1) 6.02 µs unsplit against 7.17 in two, (2048, 20480, 1) 11.04
/// against 11.10, (2048, 28672, 1) 14.09 against 13.37).
pub const SPLIT_MIN_K_HALF_FULL: u32 = 20480;

/// With the splits' sums in clusters, a grid of more than half a block per SM is split from
/// this K instead of [`SPLIT_MIN_K_HALF_FULL`], into the counts of
/// [`Shape::half_full_split_order`] (H200, run v133, plain launches, every split count forced:
/// (1152, 12288, 1) 7.42 µs unsplit, 6.45 in three; (1152, 16384, 1) 8.95 against 7.63;
/// (2048, 16384, 1) 9.40 against 8.91 in two; but (1536, 8192, 1) 6.07 against 6.37 and
/// (2048, 8192, 1) 6.31 against 6.55 in two). Under PDL from the twentieth session too (run
/// v137: (1152, 12288, 1) 6.24 µs unsplit, 5.08 in three; (1536, 12288, 1) 6.39 against 6.12
/// in two).
pub const SPLIT_MIN_K_HALF_FULL_CLUSTER: u32 = 12288;
const _: () = assert!(SPLIT_MIN_K_HALF_FULL_CLUSTER >= SPLIT_MIN_K_CLUSTER);

/// From this K, below [`SPLIT_MIN_K_HALF_FULL_CLUSTER`], a grid of more than half a block per
/// SM is split in clusters too, but only into counts that leave at most two blocks per SM and
/// fewer K tiles on the busiest SM than no split ([`Shape::half_full_split_order`]; H200, run
/// v137, K = 8192: (1152, 8192, 1) 5.91 µs unsplit, 5.65 in three, under PDL 4.69 against 4.45;
/// (1280, 8192, 1) 5.98 against 5.76; while (1536, 8192, 1), whose counts give the busiest SM
/// as many tiles, was 6.10 unsplit and 6.26–6.92 split).
pub const HALF_FULL_STRICT_MIN_K: u32 = 8192;
const _: () = assert!(HALF_FULL_STRICT_MIN_K <= SPLIT_MIN_K_HALF_FULL_CLUSTER);

/// Under PDL a grid of more than half a block per SM split in clusters keeps at most this many
/// eighths of a block per SM ([`Shape::half_full_split_order`]): the kernel it follows and the
/// one after it still need room (H200, run v137, K = 12288: (2048, 12288, 1), 1.94 blocks per
/// SM in two splits, 6.91 µs against 6.62 unsplit; (1280, 12288, 1), 1.82 in three, 5.37
/// against 5.97 in two; (1792, 12288, 1), 1.70 in two, 6.43 against 6.48 unsplit).
pub const PDL_HALF_FULL_MAX_EIGHTHS_PER_SM: u32 = 15;

/// Under PDL, where the clustered K split asks for more splits than this but fewer than
/// [`CLUSTER_SPLITS_MAX`] and their clusters do not fit, the host launches this many in
/// clusters where those fit, rather than the global path's count (H200, runs v136, v137:
/// (1280, 16384, 1) 7.81 µs in six splits through the workspace, 6.78 in four in clusters;
/// (1408, 16384, 1) 8.07 against 7.05; (1536, 20480, 1) 8.88 in five, 8.41; (1152, 20480, 1)
/// 8.31 in seven, 7.71). Eight stay on the global path ((1024, 16384, 1) 5.96 µs in eight,
/// 6.10 in four). With plain launches the host searches downwards instead.
pub const PDL_FALLBACK_SPLITS: u32 = 4;
const _: () = assert!(PDL_FALLBACK_SPLITS >= 2 && PDL_FALLBACK_SPLITS < CLUSTER_SPLITS_MAX);

/// Where the clustered K split asks for seven splits and eight-block clusters of the grid
/// take at most the SMs' share for the launch mode ([`small_grid_sm_share`]), it launches
/// eight, the last without K tiles: clusters of eight were faster than clusters of seven with
/// the same tiles in every such case measured (H200, runs v136, v137: (128, 20480, 1) 4.51 µs
/// in seven, 4.36 in eight; under PDL 4.42 against 4.21; (64, 14336, 1) under PDL 2.93
/// against 2.75; no loss with one tile per split, (128, 7168, 1) 3.62 against 3.62), but not
/// where the grid takes more ((512, 20480, 1) under PDL, 16 clusters, 5.22 against 5.37).
pub const CLUSTER_PAD_FROM: u32 = 7;
const _: () = assert!(CLUSTER_PAD_FROM < CLUSTER_SPLITS_MAX);

/// The automatic K split gives each split at least this much of K below [`SPLIT_LONG_K`]
/// (H200, run v116: splits of 2048 lost there, (256, 12288, 1) under PDL 4.24 µs in four
/// splits, 4.52 in six; run v112: (512, 14336, 1) 6.19 µs in four, 6.28 in five).
pub const MIN_SPLIT_K: u32 = 2560;

/// With plain launches and the splits' sums in clusters, the automatic K split keeps
/// [`MIN_SPLIT_K_LONG`] of K per split from this K instead of [`SPLIT_LONG_K`] (H200, run
/// v142, against the previous commit: 12 of the 16 launches it changes faster, by 1.4–11.8%,
/// e.g. (512, 14336, 1) 5.83 µs in four splits, 5.14 in seven; (640, 14336, 1) 6.26 in three,
/// 5.74 in five; four slower by 0.5–1.8%, (448, 12288, 1) 4.82 in four, 4.91 in six). Below
/// it no gain ((1024, 6144, 1) 4.89 µs in two, 4.94 in three). Under PDL it lost where the
/// splits took more blocks than SMs ((384, 12288, 1) 3.71 µs in four, 3.83 in six, run v141).
pub const CLUSTER_SHORT_FLOOR_MIN_K: u32 = 8192;
const _: () = assert!(CLUSTER_SHORT_FLOOR_MIN_K >= MIN_SPLIT_K_LONG);

/// From this K the automatic K split keeps [`MIN_SPLIT_K_LONG`] of K per split instead of
/// [`MIN_SPLIT_K`].
pub const SPLIT_LONG_K: u32 = 16384;

/// K per split at least, from [`SPLIT_LONG_K`] (H200, run v116: against 2560, faster on 9 of
/// the 10 shape and launch-mode pairs measured there, by 3.5–20.5%, e.g. (128, 16384, 1) under
/// PDL 5.62 µs in six splits, 4.47 in eight; 1.3% slower on (16, 28672, 1) plain; below K =
/// 16384 slower on all 6, by 1.0–6.4%). It was the floor for every K before the seventeenth
/// session.
pub const MIN_SPLIT_K_LONG: u32 = 2048;

/// Splits of `tiles` K tiles asked for `s` (at least 1) that get tiles: each split takes
/// `ceil(tiles / s)`, so fewer than `s` may be needed.
const fn splits_with_tiles(tiles: u64, s: u64) -> u64 {
    tiles.div_ceil(tiles.div_ceil(s))
}

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
    /// Grid of the GEMV launch for a tile configuration: `(ceil(m / bm), l, 1)`.
    pub const fn grid(&self, tile: &TileConfig) -> (u32, u32, u32) {
        (self.m.div_ceil(tile.bm), self.l, 1)
    }
    /// K splits for a launch (grid `z`), from H200 measurements (BENCHMARKS.md, "Seventeenth
    /// session"): none when the grid has a block for every SM, when K is below
    /// [`SPLIT_MIN_K`], or when it has more than half a block per SM and K is below
    /// [`SPLIT_MIN_K_HALF_FULL`]; otherwise enough splits to give every SM
    /// [`SPLIT_BLOCKS_PER_SM`] blocks, else one, keeping [`MIN_SPLIT_K`] (from
    /// [`SPLIT_LONG_K`], [`MIN_SPLIT_K_LONG`]) of K per split (else
    /// as many splits as that allows); never more than there are K tiles, and no split left
    /// without a tile.
    pub const fn splits(&self, tile: &TileConfig, sm_count: u32) -> u32 {
        self.splits_from(tile, sm_count, SPLIT_MIN_K, SPLIT_MIN_K_HALF_FULL, None)
    }
    /// K splits for a launch whose splits add their sums in thread block clusters (see
    /// [`CLUSTER_SPLITS_MAX`]; the host checks that the clusters fit). As [`Shape::splits`],
    /// but, a split costing less:
    ///
    /// * from K = [`SPLIT_MIN_K_CLUSTER`];
    /// * grids of more than half a block per SM from [`SPLIT_MIN_K_HALF_FULL_CLUSTER`] (some
    ///   from [`HALF_FULL_STRICT_MIN_K`]), into the first count of
    ///   [`Shape::half_full_split_order`] (twentieth session);
    /// * splits for two blocks per SM wherever K allows that many, even where the K tiles do
    ///   not divide evenly into them, and where it does not allow that many, all that it
    ///   allows if they divide the tiles evenly (run v135);
    /// * never more than a cluster holds (where that asks for more, the most that fit in one:
    ///   run v129, (128, 20480, 1) 5.43 µs in ten splits through the global workspace, 4.36 in
    ///   clusters of eight or fewer);
    /// * for a small grid, at least as many as keep its split within its share of the SMs for
    ///   the launch mode ([`small_grid_sm_share`]; under PDL from K =
    ///   [`SMALL_GRID_PDL_FULL_SHARE_MIN_K`] every SM, with 2048 of K per split);
    /// * with plain launches at least [`MIN_SPLIT_K_LONG`] of K per split from K =
    ///   [`CLUSTER_SHORT_FLOOR_MIN_K`] (else below [`SPLIT_LONG_K`] [`MIN_SPLIT_K`], as without
    ///   clusters);
    /// * seven splits become eight, one without tiles, where the grid's clusters of eight
    ///   stay within that share ([`CLUSTER_PAD_FROM`], twentieth session).
    pub const fn splits_clustered(&self, tile: &TileConfig, sm_count: u32, launch: Launch) -> u32 {
        if let Some(order) = self.half_full_split_order(tile, sm_count, launch) {
            return if order[0] == 0 { 1 } else { order[0] };
        }
        let tiles = self.k.div_ceil(tile.bk) as u64;
        let most = CLUSTER_SPLITS_MAX as u64;
        let s = self.splits_from(
            tile,
            sm_count,
            SPLIT_MIN_K_CLUSTER,
            SPLIT_MIN_K_HALF_FULL_CLUSTER,
            Some(launch),
        ) as u64;
        let s = if s > most { splits_with_tiles(tiles, most) } else { s };
        let (gx, gy, _) = self.grid(tile);
        let share = small_grid_sm_share(launch) as u64;
        let blocks = gx as u64 * gy as u64;
        let small = if self.k < SMALL_GRID_SPLIT_MIN_K { 1 } else { sm_count as u64 / (share * blocks) };
        // Under PDL from SMALL_GRID_PDL_FULL_SHARE_MIN_K: up to every SM, keeping
        // MIN_SPLIT_K_LONG of K per split.
        let small = if share > 1 && self.k >= SMALL_GRID_PDL_FULL_SHARE_MIN_K {
            let per_k = (self.k as u64).div_ceil(MIN_SPLIT_K_LONG as u64);
            let full = sm_count as u64 / blocks;
            let full = if full < per_k { full } else { per_k };
            if full > small { full } else { small }
        } else {
            small
        };
        let small = if small > most { most } else { small };
        let small = if small > tiles { tiles } else { small };
        // Only where the split at least halves a block's tiles: two splits of three tiles lost
        // (run v131, (384, 3072, 1) under PDL 2.58 µs unsplit, 2.66 in two).
        let small = if small >= 2 && 2 * tiles.div_ceil(small) <= tiles {
            splits_with_tiles(tiles, small)
        } else {
            1
        };
        // `s` is at least 1 and at most the tiles (splits_from), and so is `n`.
        let n = if small > s { small } else { s };
        if n == CLUSTER_PAD_FROM as u64 && gx as u64 * gy as u64 * most * share <= sm_count as u64 {
            most as u32
        } else {
            n as u32
        }
    }
    /// For a grid of more than half a block per SM and fewer blocks than SMs (`blocks`), from
    /// K = [`SPLIT_MIN_K_HALF_FULL_CLUSTER`] (below it from [`HALF_FULL_STRICT_MIN_K`], with its
    /// conditions): the counts of 2, 3 and 4 clustered K splits it may take, best first, 0 for
    /// none (`None` for other grids). Each leaves at least the
    /// [`Shape::splits`] floor of K per split ([`MIN_SPLIT_K`], from [`SPLIT_LONG_K`]
    /// [`MIN_SPLIT_K_LONG`]); under PDL, at most [`PDL_HALF_FULL_MAX_EIGHTHS_PER_SM`] eighths of
    /// a block per SM; none of them: unsplit. Best is the count whose busiest SM covers the
    /// fewest K tiles, `ceil(blocks · splits / SMs) · ceil(tiles / splits)`, the fewer splits
    /// on ties: a block's arithmetic bounds it, so the SMs that hold one block more than
    /// others set the time (H200, run v137, plain, K = 12288 and 16384: 1408 and 1536 rows of
    /// 16-row blocks, 88 and 96 blocks, 4.6–6.7% faster in four splits, 2.67 and 2.91 blocks
    /// per SM, than in the two of two blocks per SM; 1664–2048 rows, where four give some SMs
    /// four blocks, within 0.2% in two). The host takes the next count where the clusters of
    /// one do not fit ([`Shape::splits_clustered`] returns the first).
    pub const fn half_full_split_order(
        &self,
        tile: &TileConfig,
        sm_count: u32,
        launch: Launch,
    ) -> Option<[u32; 3]> {
        let (gx, gy, _) = self.grid(tile);
        let blocks = gx as u64 * gy as u64;
        let sms = sm_count as u64;
        if blocks >= sms || 2 * blocks <= sms || self.k < HALF_FULL_STRICT_MIN_K {
            return None;
        }
        // Below SPLIT_MIN_K_HALF_FULL_CLUSTER only counts that leave at most two blocks per SM
        // and put fewer tiles on the busiest SM than no split does.
        let strict = self.k < SPLIT_MIN_K_HALF_FULL_CLUSTER;
        let tiles = self.k.div_ceil(tile.bk) as u64;
        let floor = if self.k >= SPLIT_LONG_K { MIN_SPLIT_K_LONG } else { MIN_SPLIT_K };
        let most = self.k as u64 / floor as u64;
        let mut order = [0u32; 3];
        let mut cost = [u64::MAX; 3];
        let mut s = 2u64;
        while s <= 4 {
            let pdl_fits = match launch {
                Launch::Plain => true,
                Launch::Pdl => 8 * blocks * s <= PDL_HALF_FULL_MAX_EIGHTHS_PER_SM as u64 * sms,
            };
            let c = (blocks * s).div_ceil(sms) * tiles.div_ceil(s);
            let strict_fits = !strict || (blocks * s <= 2 * sms && c < tiles);
            if s <= most && s <= tiles && pdl_fits && strict_fits {
                // Insert after every count that costs as little (the fewer splits first).
                let mut i = 0;
                while i < 3 && cost[i] <= c {
                    i += 1;
                }
                let mut j = 2;
                while j > i {
                    cost[j] = cost[j - 1];
                    order[j] = order[j - 1];
                    j -= 1;
                }
                if i < 3 {
                    cost[i] = c;
                    order[i] = s as u32;
                }
            }
            s += 1;
        }
        Some(order)
    }
    /// [`Shape::splits`] with K below `min_k` left unsplit, grids of more than half a block
    /// per SM below `half_full_min_k`; `clustered`: the count for cluster sums, with this
    /// launch mode.
    const fn splits_from(
        &self,
        tile: &TileConfig,
        sm_count: u32,
        min_k: u32,
        half_full_min_k: u32,
        clustered: Option<Launch>,
    ) -> u32 {
        let (gx, gy, _) = self.grid(tile);
        let blocks = gx as u64 * gy as u64;
        let sms = sm_count as u64;
        let k = self.k as u64;
        let tiles = self.k.div_ceil(tile.bk) as u64;
        let s = if blocks >= sms || k < min_k as u64 || (2 * blocks > sms && k < half_full_min_k as u64) {
            1
        } else {
            let (twice, once) = (SPLIT_BLOCKS_PER_SM as u64 * sms / blocks, sms / blocks);
            // With cluster sums and plain launches the shorter floor from K =
            // CLUSTER_SHORT_FLOOR_MIN_K.
            let short_floor =
                matches!(clustered, Some(Launch::Plain)) && k >= CLUSTER_SHORT_FLOOR_MIN_K as u64;
            let floor = if short_floor || k >= SPLIT_LONG_K as u64 { MIN_SPLIT_K_LONG } else { MIN_SPLIT_K };
            let clustered = clustered.is_some();
            let most = k / floor as u64;
            let most = if most < tiles { most } else { tiles };
            // Twice only where the K tiles divide into that many splits: fewer would leave
            // some SMs one block and others two (run v112: (512, 28672, 1) 7.50 µs in four
            // splits, 8.31 in six). With cluster sums, twice even where uneven, else all that
            // K allows where even (run v133, under PDL: (640, 16384, 1) 5.36 µs in the six of
            // `once`, 4.75 in eight; (768, 16384, 1) 5.63 in four, 5.11 in eight;
            // (1536, 16384, 1) 8.27 in two, 7.26 in four; run v135 checked it), else as
            // without (run v129: (1024, 8192, 1) 5.39 µs in `once`'s two, 5.61 in three).
            if clustered && twice <= most {
                twice
            } else if clustered && tiles.is_multiple_of(most) {
                most
            } else if twice <= most && splits_with_tiles(tiles, twice) == twice {
                twice
            } else if once <= most {
                once
            } else {
                most
            }
        };
        // Here 1 ≤ s ≤ tiles: `most` is at most the tiles and at least 1 (K ≥ min_k ≥
        // MIN_SPLIT_K, asserted below),
        // `once` at least 1 (blocks < sms).
        let need = tile.min_splits(self.k) as u64;
        let s = if s < need { need } else { s };
        splits_with_tiles(tiles, s) as u32
    }
    /// The splits that get K tiles when `asked` (at least 1) are asked for: each takes
    /// `ceil(tiles / asked)` tiles of `tile.bk`, so fewer than `asked` may be needed.
    pub const fn splits_with_tiles(&self, tile: &TileConfig, asked: u32) -> u32 {
        splits_with_tiles(self.k.div_ceil(tile.bk) as u64, asked as u64) as u32
    }
    /// K tiles (of `tile.bk`) each block of a launch with `splits` splits covers (the last
    /// split may get fewer): the kernel's `per_split`.
    pub const fn tiles_per_split(&self, tile: &TileConfig, splits: u32) -> u32 {
        self.k.div_ceil(tile.bk).div_ceil(splits)
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
mod tests {
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
            assert_eq!(t.stage_bytes(), t.prep_offset() + t.slices() * PREP_PASS_BYTES);
            assert_eq!(t.passes() * t.pass_k(), t.bk);
            assert!([1, 2, 4].contains(&t.ab_elem_bytes()));
            assert_eq!(t.barrier_offset() % 8, 0);
            assert_eq!(t.reduce_offset() % 16, 0);
            assert!(t.reduce_offset() >= t.barrier_offset() + 3 * t.stages * 8);
            assert_eq!(t.cluster_sums_offset() % 16, 0);
            assert!(t.cluster_sums_offset() >= t.reduce_offset() + t.warps * t.bm * 4 + 4);
            assert_eq!(t.smem_bytes(), t.cluster_sums_offset() + CLUSTER_SPLITS_MAX * t.bm * 4);
            assert_eq!(t.rows_per_thread() * ROW_GROUPS, t.bm);
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
            assert!(name == kernel_name::GEMV || VARIANTS.iter().any(|(n, _)| *n == name), "{name}");
            assert_eq!(twin, std::format!("{name}_cluster"));
            assert_eq!(kernel_name::cluster_twin(name), Some(twin));
        }
        assert_eq!(kernel_name::cluster_twin("nvfp4_gemv_bm16_k512_s4"), None);
        assert_eq!(kernel_name::cluster_twin(kernel_name::GEMV_DIRECT), None);
    }

    #[test]
    fn clustered_splits_start_at_a_shorter_k() {
        let w8 = variant_tile("nvfp4_gemv_bm16_k1024_s4_w8_p2");
        let (plain, pdl) = (Launch::Plain, Launch::Pdl);
        for launch in [plain, pdl] {
            assert_eq!(Shape::new(512, 8192, 1).splits(&w8, 132), 1);
            // Run v121 (forced splits, cluster sums): 5.95 µs unsplit, 5.37 in two; 5.62 against
            // 5.28 in two; with plain launches 2048 of K per split, four (run v136: 5.19 µs).
            let at_8192 = if launch == plain { 4 } else { 2 };
            assert_eq!(Shape::new(1024, 8192, 1).splits_clustered(&w8, 132, launch), at_8192);
            assert_eq!(Shape::new(1024, 7168, 1).splits_clustered(&w8, 132, launch), 2);
            // Below SPLIT_MIN_K_CLUSTER, and grids of more than half a block per SM: unsplit
            // unless small (run v121: (1024, 4096, 1) under PDL 3.08 µs unsplit, 3.40 in two;
            // (2048, 7168, 1) 6.11 against 6.53).
            assert_eq!(Shape::new(2048, 7168, 1).splits_clustered(&w8, 132, launch), 1);
            assert_eq!(Shape::new(2048, 10240, 1).splits_clustered(&w8, 132, launch), 1);
            // Small grids, down to one tile per split (run v129), from K = 3072 (run v130).
            assert_eq!(Shape::new(128, 4096, 1).splits_clustered(&w8, 132, launch), 4);
            assert_eq!(Shape::new(128, 8192, 1).splits_clustered(&w8, 132, launch), 8);
            assert_eq!(Shape::new(128, 6144, 1).splits_clustered(&w8, 132, launch), 6);
            assert_eq!(Shape::new(128, 12288, 1).splits_clustered(&w8, 132, launch), 6);
            assert_eq!(Shape::new(128, 3072, 1).splits_clustered(&w8, 132, launch), 3);
            assert_eq!(Shape::new(128, 2048, 1).splits_clustered(&w8, 132, launch), 1);
            assert_eq!(Shape::new(128, 1024, 1).splits_clustered(&w8, 132, launch), 1);
            // More splits than a cluster holds: the most that fit in one, no split empty; but
            // seven become eight where the grid's clusters of eight take at most its share of
            // the SMs (CLUSTER_PAD_FROM).
            assert_eq!(Shape::new(128, 20480, 1).splits(&w8, 132), 10);
            assert_eq!(Shape::new(128, 20480, 1).splits_clustered(&w8, 132, launch), 8);
            assert_eq!(Shape::new(16, 28672, 1).splits_clustered(&w8, 132, launch), 8);
            assert_eq!(Shape::new(16, 32768, 1).splits_clustered(&w8, 132, launch), 8);
            assert_eq!(Shape::new(64, 14336, 1).splits_clustered(&w8, 132, launch), 8);
            assert_eq!(Shape::new(64, 7168, 1).splits_clustered(&w8, 132, launch), 8);
        }
        // 16 clusters of eight: all the SMs with plain launches, more than half under PDL.
        let p2 = variant_tile("nvfp4_gemv_bm32_k1024_s4_p2");
        assert_eq!(Shape::new(256, 20480, 1).splits_clustered(&w8, 132, plain), 8);
        assert_eq!(Shape::new(256, 20480, 1).splits_clustered(&w8, 132, pdl), 7);
        assert_eq!(Shape::new(256, 20480, 1).splits_clustered(&p2, 132, pdl), 8);
        assert_eq!(Shape::new(512, 20480, 1).splits_clustered(&p2, 132, pdl), 7);
        assert_eq!(Shape::new(512, 20480, 1).splits_clustered(&w8, 132, plain), 7);
        // Plain launches: within every SM; PDL: within half of them. (512, 8192, 1) and
        // (512, 6144, 1): run v121, PDL 4.59 µs unsplit, 3.63 in three, and 3.87 against 3.10
        // in two; run v129, plain 4.61 in three, 4.57 in four, and 4.48 in two, 4.16 in three.
        assert_eq!(Shape::new(512, 8192, 1).splits_clustered(&w8, 132, plain), 4);
        // From K = 8192 a small grid under PDL may fill every SM with 2048 of K per split
        // (SMALL_GRID_PDL_FULL_SHARE_MIN_K, runs v141, v142), and with plain launches clustered
        // splits keep 2048 of K (CLUSTER_SHORT_FLOOR_MIN_K, run v142).
        assert_eq!(Shape::new(512, 8192, 1).splits_clustered(&w8, 132, pdl), 4);
        assert_eq!(Shape::new(256, 10240, 1).splits_clustered(&w8, 132, pdl), 5);
        assert_eq!(Shape::new(256, 14336, 1).splits_clustered(&w8, 132, pdl), 7);
        assert_eq!(Shape::new(384, 12288, 1).splits_clustered(&w8, 132, pdl), 4);
        assert_eq!(Shape::new(512, 12288, 1).splits_clustered(&w8, 132, plain), 6);
        assert_eq!(Shape::new(512, 14336, 1).splits_clustered(&w8, 132, plain), 7);
        assert_eq!(Shape::new(512, 6144, 1).splits_clustered(&w8, 132, pdl), 2);
        assert_eq!(Shape::new(512, 6144, 1).splits_clustered(&w8, 132, plain), 3);
        assert_eq!(Shape::new(256, 4096, 1).splits_clustered(&w8, 132, plain), 4);
        assert_eq!(Shape::new(256, 4096, 1).splits_clustered(&w8, 132, pdl), 4);
        assert_eq!(Shape::new(256, 8192, 1).splits_clustered(&w8, 132, plain), 8);
        assert_eq!(Shape::new(256, 8192, 1).splits_clustered(&w8, 132, pdl), 4);
        // Eight asked of six tiles: six splits; four asked: two tiles each, three splits.
        assert_eq!(Shape::new(256, 6144, 1).splits_clustered(&w8, 132, plain), 6);
        assert_eq!(Shape::new(256, 6144, 1).splits_clustered(&w8, 132, pdl), 3);
        assert_eq!(Shape::new(512, 4096, 1).splits_clustered(&w8, 132, plain), 4);
        assert_eq!(Shape::new(512, 4096, 1).splits_clustered(&w8, 132, pdl), 2);
        assert_eq!(Shape::new(1024, 4096, 1).splits_clustered(&w8, 132, plain), 2);
        assert_eq!(Shape::new(1024, 4096, 1).splits_clustered(&w8, 132, pdl), 1);
        // Grids of more than half a block per SM: from K = 12288 (run v133, plain; run v137,
        // PDL), the counts whose busiest SM covers the fewest tiles first; under PDL at most
        // 15/8 blocks per SM.
        assert_eq!(Shape::new(1152, 12288, 1).splits_clustered(&w8, 132, plain), 3);
        assert_eq!(Shape::new(1152, 12288, 1).splits_clustered(&w8, 132, pdl), 3);
        assert_eq!(Shape::new(1152, 12288, 1).half_full_split_order(&w8, 132, pdl), Some([3, 2, 0]));
        assert_eq!(Shape::new(1152, 7168, 1).half_full_split_order(&w8, 132, plain), None);
        // From K = 8192 only counts with at most two blocks per SM and fewer tiles on the
        // busiest SM (HALF_FULL_STRICT_MIN_K): 72 blocks in three; 88 in three (which do not
        // fit in clusters on the H200: unsplit there); 96 none.
        assert_eq!(Shape::new(1152, 8192, 1).half_full_split_order(&w8, 132, plain), Some([3, 0, 0]));
        assert_eq!(Shape::new(1152, 8192, 1).splits_clustered(&w8, 132, pdl), 3);
        assert_eq!(Shape::new(1408, 8192, 1).half_full_split_order(&w8, 132, plain), Some([3, 0, 0]));
        assert_eq!(Shape::new(1408, 8192, 1).half_full_split_order(&w8, 132, pdl), Some([0, 0, 0]));
        assert_eq!(Shape::new(1536, 8192, 1).splits_clustered(&w8, 132, plain), 1);
        assert_eq!(Shape::new(1536, 10240, 1).splits_clustered(&w8, 132, plain), 1);
        assert_eq!(Shape::new(1280, 10240, 1).splits_clustered(&w8, 132, plain), 3);
        assert_eq!(Shape::new(1024, 12288, 1).half_full_split_order(&w8, 132, plain), None);
        assert_eq!(Shape::new(2112, 12288, 1).half_full_split_order(&w8, 132, plain), None);
        // 88 blocks: three splits put two blocks on every SM, four on most three, two on
        // some two (12 tiles: 2·4 < 3·3 < 2·6); three do not fit in clusters, so four.
        assert_eq!(Shape::new(1408, 12288, 1).half_full_split_order(&w8, 132, plain), Some([3, 4, 2]));
        assert_eq!(Shape::new(1408, 12288, 1).half_full_split_order(&w8, 132, pdl), Some([2, 0, 0]));
        assert_eq!(Shape::new(1536, 12288, 1).half_full_split_order(&w8, 132, plain), Some([4, 2, 3]));
        assert_eq!(Shape::new(1536, 16384, 1).splits_clustered(&w8, 132, plain), 4);
        assert_eq!(Shape::new(1536, 20480, 1).splits_clustered(&w8, 132, plain), 4);
        assert_eq!(Shape::new(1536, 12288, 1).splits_clustered(&w8, 132, pdl), 2);
        assert_eq!(Shape::new(1664, 16384, 1).half_full_split_order(&w8, 132, plain), Some([2, 4, 3]));
        assert_eq!(Shape::new(2048, 16384, 1).splits_clustered(&w8, 132, plain), 2);
        assert_eq!(Shape::new(2048, 28672, 1).splits_clustered(&w8, 132, plain), 2);
        assert_eq!(Shape::new(2048, 12288, 1).half_full_split_order(&w8, 132, pdl), Some([0, 0, 0]));
        assert_eq!(Shape::new(2048, 16384, 1).splits_clustered(&w8, 132, pdl), 1);
        assert_eq!(Shape::new(2048, 8192, 1).splits_clustered(&w8, 132, plain), 1);
        assert_eq!(Shape::new(2048, 20480, 1).splits_clustered(&w8, 132, pdl), 1);
        assert_eq!(Shape::new(640, 16384, 1).splits_with_tiles(&w8, 5), 4);
        // Two splits of three tiles do not halve a block's: unsplit (run v131).
        assert_eq!(Shape::new(384, 3072, 1).splits_clustered(&w8, 132, pdl), 1);
        assert_eq!(Shape::new(192, 3072, 1).splits_clustered(&w8, 132, pdl), 3);
        // Twice the SMs even where the tiles do not divide into that many splits, and all the
        // K allows where that divides them (run v135): 40 blocks of 20 K tiles, five of four
        // (six asked), not three; 24 blocks of 16 tiles, eight, not four.
        assert_eq!(Shape::new(640, 20480, 1).splits(&w8, 132), 3);
        assert_eq!(Shape::new(640, 20480, 1).splits_clustered(&w8, 132, plain), 5);
        assert_eq!(Shape::new(384, 16384, 1).splits(&w8, 132), 4);
        assert_eq!(Shape::new(384, 16384, 1).splits_clustered(&w8, 132, plain), 8);
        // Where twice exceeds what K allows and that does not divide the tiles: as before
        // (run v129: (1024, 8192, 1) 5.39 µs in two, 5.61 in three; with 2048 of K per split
        // K now allows four there, run v142: 5.41 µs in two, 5.21 in four).
        assert_eq!(Shape::new(1024, 7168, 1).splits_clustered(&w8, 132, plain), 2);
        assert_eq!(Shape::new(1024, 6144, 1).splits_clustered(&w8, 132, plain), 2);
        assert_eq!(Shape::new(1024, 8192, 1).splits_clustered(&w8, 132, plain), 4);
        assert_eq!(Shape::new(640, 14336, 1).splits_clustered(&w8, 132, plain), 5);
        for launch in [plain, pdl] {
            for m in [16, 64, 128, 256, 384, 512, 640, 1024, 1536, 2048, 4096] {
                for k in (1024..=32768).step_by(1024) {
                    for l in [1, 3] {
                        let s = Shape::new(m, k, l);
                        let clustered = s.splits_clustered(&w8, 132, launch);
                        let tiles = k.div_ceil(w8.bk);
                        // Eight splits where seven have tiles (CLUSTER_PAD_FROM): one may be empty.
                        let padded = clustered == CLUSTER_SPLITS_MAX
                            && s.splits_with_tiles(&w8, clustered) == CLUSTER_PAD_FROM;
                        assert!((1..=CLUSTER_SPLITS_MAX).contains(&clustered), "{s:?}");
                        assert!(clustered <= tiles || padded, "{s:?}: {clustered} splits");
                        assert!(
                            padded || (clustered - 1) * tiles.div_ceil(clustered) < tiles,
                            "{s:?}: split empty"
                        );
                        if let Some(order) = s.half_full_split_order(&w8, 132, launch) {
                            let blocks = m.div_ceil(w8.bm) * l;
                            assert!(2 * blocks > 132 && blocks < 132 && k >= HALF_FULL_STRICT_MIN_K);
                            assert_eq!(clustered, order[0].max(1), "{s:?}");
                            for n in order.into_iter().filter(|&n| n != 0) {
                                assert!((2..=4).contains(&n) && n <= tiles, "{s:?}: {order:?}");
                                if launch == pdl {
                                    assert!(8 * blocks * n <= 15 * 132, "{s:?}: {order:?}");
                                }
                                if k < SPLIT_MIN_K_HALF_FULL_CLUSTER {
                                    assert!(blocks * n <= 2 * 132, "{s:?}: {order:?}");
                                }
                            }
                        }
                        if m * l >= 132 * w8.bm {
                            assert_eq!(clustered, 1, "{s:?}: a block for every SM");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn splits_fill_the_gpu_and_never_leave_a_split_empty() {
        let t = SM90_TILE;
        // 448 blocks on 132 SMs: enough, no split.
        assert_eq!(Shape::new(7168, 16384, 1).splits(&t, 132), 1);
        assert_eq!(Shape::new(4096, 7168, 8).splits(&t, 132), 1);
        // 64 blocks, but K below SPLIT_MIN_K: no split (run v112: 5.52 µs against 6.22 in three).
        assert_eq!(Shape::new(1024, 7168, 1).splits(&t, 132), 1);
        assert_eq!(Shape::new(1024, 2048, 1).splits(&t, 132), 1);
        assert_eq!(Shape::new(1024, 4096, 1).splits(&t, 132), 1);
        // 64 blocks from K = 10240: four splits, two blocks per SM (run v112).
        assert_eq!(Shape::new(1024, 14336, 1).splits(&t, 132), 4);
        assert_eq!(Shape::new(1024, 28672, 1).splits(&t, 132), 4);
        // 32 blocks: eight would leave 1792 of K per split, four 3584 (run v112: 6.19 µs in
        // four, 6.28 in five, 8.05 unsplit).
        assert_eq!(Shape::new(512, 14336, 1).splits(&t, 132), 4);
        // 28 tiles of 1024 do not divide into eight: four, one block per SM (run v112: 7.50
        // µs, 8.31 in six).
        let w8 = variant_tile("nvfp4_gemv_bm16_k1024_s4_w8_p2");
        assert_eq!(Shape::new(512, 28672, 1).splits(&w8, 132), 4);
        assert_eq!(Shape::new(1024, 28672, 1).splits(&w8, 132), 4);
        // K per split: 2560 below K = 16384, 2048 from there (run v116).
        assert_eq!(Shape::new(256, 12288, 1).splits(&w8, 132), 4);
        let p2 = variant_tile("nvfp4_gemv_bm32_k1024_s4_p2");
        assert_eq!(Shape::new(1024, 16384, 1).splits(&p2, 132), 8);
        assert_eq!(Shape::new(128, 16384, 1).splits(&p2, 132), 8);
        // 48 blocks: five (run v112: 6.90 µs, 7.44 in three).
        assert_eq!(Shape::new(768, 14336, 1).splits(&t, 132), 5);
        // Tiny grids: one split per MIN_SPLIT_K of K.
        assert_eq!(Shape::new(16, 28672, 1).splits(&t, 132), 14);
        // 128 blocks, more than half a block per SM: two splits only from K = 20480
        // (runs v111, v112).
        assert_eq!(Shape::new(2048, 7168, 1).splits(&t, 132), 1);
        assert_eq!(Shape::new(2048, 14336, 1).splits(&t, 132), 1);
        assert_eq!(Shape::new(2048, 28672, 1).splits(&t, 132), 2);
        assert_eq!(Shape::new(256, 28672, 8).splits(&t, 132), 2);
        // One tile: nothing to split.
        assert_eq!(Shape::new(16, 256, 1).splits(&t, 132), 1);
        for s in [Shape::new(1, 32768, 1), Shape::new(100, 4096, 3), Shape::new(28672, 28672, 8)] {
            let n = s.splits(&t, 148);
            let tiles = s.k.div_ceil(t.bk);
            let per = tiles.div_ceil(n);
            assert!(n >= 1 && (n - 1) * per < tiles, "{s:?}: split {n} is empty");
        }
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
    fn variant_tile(name: &str) -> TileConfig {
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
    fn pdl_launches_get_their_own_measured_choice() {
        assert_picks(
            Launch::Pdl,
            &[
                // The benchmark shapes (runs v81, v82: the fastest, or within 0.8%;
                // (4096, 7168, 1) from the seventeenth session: 32 rows unsplit, run v110).
                ((7168, 16384, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((4096, 7168, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((7168, 2048, 1), "nvfp4_gemv_bm32_k1024_s4_w8"),
                ((4096, 7168, 8), "nvfp4_gemv_bm16_k512_s4_p2"),
                ((7168, 2048, 4), "nvfp4_gemv_bm16_k512_s4_p2"),
                // Where the plain launches' pick lost most under PDL (42.8%, 23.5%, 15.0%,
                // 9.2%; now 5.3% on the first and the fastest on the others).
                ((1024, 14336, 8), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((1024, 7168, 8), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((14336, 28672, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((1024, 28672, 1), "nvfp4_gemv_bm32_k1024_s4_p2"),
                // The bands moved in the thirteenth session (runs v81-v86, checked on run v90).
                ((5120, 12288, 1), "nvfp4_gemv_bm16_k1024_s6_w8"),
                ((4608, 16384, 1), "nvfp4_gemv_bm16_k1024_s6_w8"),
                ((9216, 6144, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                // 1024 blocks: `Gpu::kernel_for` takes the one-producer twin (one wave).
                ((16384, 4096, 1), "nvfp4_gemv_bm16_k512_s4_p2"),
                // Outside them: K = 4096, 3 row tiles per SM and more, K = 8192 from 4.
                ((2048, 4096, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
                ((10240, 8192, 1), "nvfp4_gemv_bm16_k1024_s4_w8_p2"),
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
