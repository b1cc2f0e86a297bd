//! The automatic K split: how many blocks share a row tile's K (grid `z`), and the counts
//! whose partial sums meet in a thread block cluster through distributed shared memory
//! ([`CLUSTER_SPLITS_MAX`]) rather than a global workspace. The host (`Gpu::split_plan`)
//! takes [`Shape::splits_clustered`]'s count where its clusters fit the GPU, else
//! [`Shape::splits`]'s. Every rule and threshold here was fitted on the H200 and checked
//! against the previous rule's binary (BENCHMARKS.md, seventeenth to twentieth sessions);
//! the items are re-exported by [`crate::layout`].

use super::{Launch, Shape, TileConfig};

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
/// as many tiles, was 6.10 unsplit and 6.26–6.92 split). Below it such grids stay unsplit
/// (run v148, every count of 1–4 forced on 39 shapes of K = 3072–7168, both modes: unsplit
/// was the fastest or within 0.7% of it on all but four, (1088–1280, 6144, 1) with plain
/// launches and (1088, 6144, 1) under PDL, 2.2–3.2% slower than in three splits).
pub const HALF_FULL_STRICT_MIN_K: u32 = 8192;
const _: () = assert!(HALF_FULL_STRICT_MIN_K <= SPLIT_MIN_K_HALF_FULL_CLUSTER);

/// Under PDL a grid of more than half a block per SM split in clusters keeps at most this many
/// eighths of a block per SM ([`Shape::half_full_split_order`]): the kernel it follows and the
/// one after it still need room (H200, run v137, K = 12288: (2048, 12288, 1), 1.94 blocks per
/// SM in two splits, 6.91 µs against 6.62 unsplit; (1280, 12288, 1), 1.82 in three, 5.37
/// against 5.97 in two; (1792, 12288, 1), 1.70 in two, 6.43 against 6.48 unsplit).
pub const PDL_HALF_FULL_MAX_EIGHTHS_PER_SM: u32 = 15;

/// Under PDL, where the clustered K split asks for more splits than this but fewer than
/// [`CLUSTER_SPLITS_MAX`] and their clusters do not fit, the host tries the smaller counts
/// down to this one, largest first, in clusters, rather than the global path's count (H200,
/// runs v136, v137: (1280, 16384, 1) 7.81 µs in six splits through the workspace, 6.78 in
/// four in clusters; (1408, 16384, 1) 8.07 against 7.05; (1536, 20480, 1) 8.88 in five, 8.41;
/// (1152, 20480, 1) 8.31 in seven, 7.71 in four; run v149, the counts between: 7.32 in five;
/// (1152, 28672, 1) 9.76 in four, 9.15 in six). Eight stay on the global path
/// ((1024, 16384, 1) 5.96 µs in eight, 6.10 in four). With plain launches the host searches
/// down to two.
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

/// Where the clustered K split asks for this many splits or more but fewer than
/// [`CLUSTER_PAD_FROM`], and eight-block clusters of the grid take at most half the SMs'
/// share for the launch mode ([`small_grid_sm_share`]), it launches eight, the last two or
/// three without K tiles (as [`CLUSTER_PAD_FROM`], for grids of half the size: H200, run v144,
/// every count forced: (64, 10240, 1), four clusters, 3.95 µs in five splits, 3.86 in eight;
/// (128, 10240, 1) 4.00 against 3.90; (128, 12288, 1) 4.05 in six, 3.94; under PDL
/// (64, 10240, 1) 2.91 against 2.75; but where the grid takes more it lost, run v137:
/// (256, 10240, 1) plain, 16 clusters, +4.6%; (128, 10240, 1) under PDL 2.94 against 3.02).
/// Run v151, against the rule without it: all 45 launches it changed faster, plain by
/// 1.8–3.6%, under PDL by 2.7–6.0%.
pub const CLUSTER_PAD_SMALL_FROM: u32 = 5;
const _: () = assert!(CLUSTER_PAD_SMALL_FROM < CLUSTER_PAD_FROM);

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

impl Shape {
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
    ///   allows if they divide the tiles evenly (run v135) or leave each block at most two
    ///   thirds of the tiles of one block per SM (twenty-first session, runs v155–v157);
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
    ///   stay within that share ([`CLUSTER_PAD_FROM`], twentieth session), and five or six
    ///   where they stay within half of it ([`CLUSTER_PAD_SMALL_FROM`], twenty-first session).
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
        let sms = sm_count as u64;
        let small = if self.k < SMALL_GRID_SPLIT_MIN_K { 1 } else { sms / (share * blocks) };
        // Under PDL from SMALL_GRID_PDL_FULL_SHARE_MIN_K: up to every SM, keeping
        // MIN_SPLIT_K_LONG of K per split.
        let small = if matches!(launch, Launch::Pdl) && self.k >= SMALL_GRID_PDL_FULL_SHARE_MIN_K {
            let per_k = (self.k as u64).div_ceil(MIN_SPLIT_K_LONG as u64);
            let full = sms / blocks;
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
        // Five to seven splits become a cluster of eight where the grid's clusters of eight
        // take at most its SM share (seven) or half of it (five, six).
        let halves = if n == CLUSTER_PAD_FROM as u64 { 1 } else { 2 };
        let pad = n >= CLUSTER_PAD_SMALL_FROM as u64
            && n <= CLUSTER_PAD_FROM as u64
            && halves * blocks * most * share <= sms;
        if pad { most as u32 } else { n as u32 }
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
        // (cost, count) of 2, 3 and 4 splits, u64::MAX for a count that is not allowed.
        let mut c = [(u64::MAX, 2u64), (u64::MAX, 3), (u64::MAX, 4)];
        let mut i = 0;
        while i < 3 {
            let s = c[i].1;
            let pdl_fits = match launch {
                Launch::Plain => true,
                Launch::Pdl => 8 * blocks * s <= PDL_HALF_FULL_MAX_EIGHTHS_PER_SM as u64 * sms,
            };
            let cost = (blocks * s).div_ceil(sms) * tiles.div_ceil(s);
            let strict_fits = !strict || (blocks * s <= 2 * sms && cost < tiles);
            if s <= most && s <= tiles && pdl_fits && strict_fits {
                c[i].0 = cost;
            }
            i += 1;
        }
        // Sorted by cost, then count (three compare-and-swaps sort three).
        let mut pass = 0;
        while pass < 3 {
            let j = if pass == 1 { 1 } else { 0 };
            if c[j].0 > c[j + 1].0 || (c[j].0 == c[j + 1].0 && c[j].1 > c[j + 1].1) {
                let t = c[j];
                c[j] = c[j + 1];
                c[j + 1] = t;
            }
            pass += 1;
        }
        let mut order = [0u32; 3];
        let mut i = 0;
        while i < 3 {
            if c[i].0 != u64::MAX {
                order[i] = c[i].1 as u32;
            }
            i += 1;
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
            // What a cluster holds of `most` (Shape::splits_clustered caps it there).
            let in_cluster = if most < CLUSTER_SPLITS_MAX as u64 { most } else { CLUSTER_SPLITS_MAX as u64 };
            // Twice only where the K tiles divide into that many splits: fewer would leave
            // some SMs one block and others two (run v112: (512, 28672, 1) 7.50 µs in four
            // splits, 8.31 in six). With cluster sums, twice even where uneven, else all that
            // K allows where even (run v133, under PDL: (640, 16384, 1) 5.36 µs in the six of
            // `once`, 4.75 in eight; (768, 16384, 1) 5.63 in four, 5.11 in eight;
            // (1536, 16384, 1) 8.27 in two, 7.26 in four; run v135 checked it), or where
            // uneven if that leaves each block at most two thirds of `once`'s tiles (runs
            // v155–v157: under PDL (768, 11264, 1) 4.86 µs in the two of `once`, 4.27 in four;
            // (768, 21504, 1) 7.47 in five, 6.27 in seven; but plain (304, 25600, 1), five
            // tiles a block in five splits against four in seven, 5.73 against 6.08), else as
            // without (run v129: (1024, 8192, 1) 5.39 µs in `once`'s two, 5.61 in three).
            if clustered && twice <= most {
                twice
            } else if clustered
                && (tiles.is_multiple_of(most) || 3 * tiles.div_ceil(in_cluster) <= 2 * tiles.div_ceil(once))
            {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{SM90_TILE, tests::variant_tile};

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
            // Six splits; with plain launches eight clusters of eight take at most half the
            // SMs, so they become eight (CLUSTER_PAD_SMALL_FROM).
            let six = if launch == plain { 8 } else { 6 };
            assert_eq!(Shape::new(128, 6144, 1).splits_clustered(&w8, 132, launch), six);
            assert_eq!(Shape::new(128, 12288, 1).splits_clustered(&w8, 132, launch), six);
            assert_eq!(Shape::new(256, 12288, 1).splits_clustered(&w8, 132, launch), 6);
            // Five: four clusters of eight take at most half the SMs in both modes.
            assert_eq!(Shape::new(64, 10240, 1).splits_clustered(&w8, 132, launch), 8);
            assert_eq!(
                Shape::new(128, 10240, 1).splits_clustered(&w8, 132, launch),
                if launch == plain { 8 } else { 5 }
            );
            assert_eq!(Shape::new(256, 10240, 1).splits_clustered(&w8, 132, launch), 5);
            // K allows fewer splits than two blocks per SM and they do not divide the tiles:
            // all K allows where that leaves a block at most two thirds of `once`'s tiles
            // (runs v155–v157).
            // 48 blocks, 11 tiles: under PDL `once` is two splits of six tiles, K allows four
            // of three (with plain launches five asked, two blocks per SM: four of three).
            assert_eq!(Shape::new(768, 11264, 1).splits_clustered(&w8, 132, launch), 4);
            // 40 blocks, 11 tiles: `once` three splits of four, four of three: not enough.
            assert_eq!(Shape::new(640, 11264, 1).splits_clustered(&w8, 132, launch), 3);
            // 40 blocks, 13 tiles: five splits of three against three of five.
            assert_eq!(Shape::new(640, 13312, 1).splits_clustered(&w8, 132, launch), 5);
            // Plain, 19 blocks, 25 tiles: seven splits of four in a cluster against five of
            // five: not enough; 24 blocks, 21 tiles: seven of three against five of five.
            assert_eq!(Shape::new(304, 25600, 1).splits_clustered(&w8, 132, plain), 5);
            assert_eq!(Shape::new(384, 21504, 1).splits_clustered(&w8, 132, plain), 7);
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
                        // Eight splits where five to seven have tiles (CLUSTER_PAD_FROM,
                        // CLUSTER_PAD_SMALL_FROM): up to three may be empty.
                        let padded = clustered == CLUSTER_SPLITS_MAX
                            && (CLUSTER_PAD_SMALL_FROM..=CLUSTER_PAD_FROM)
                                .contains(&s.splits_with_tiles(&w8, clustered));
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
}
