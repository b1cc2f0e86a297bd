//! The stream-K schedule of the stream-K twins (`kernel_name::STREAM_K_TWINS`): the `units`
//! = row tiles × K tiles of a launch, numbered row tile by row tile (unit `n` is K tile
//! `n % tiles` of row tile `n / tiles`, row tiles with the band fastest, then the batch
//! entry: the tiled layout's order, so unit `n`'s `a` and `sfa` lie at `n · a_tile_bytes`),
//! are cut into `grid` contiguous ranges whose lengths differ by at most one
//! ([`stream_k_first_unit`]). A one-wave grid of whole row tiles leaves SMs with fewer blocks
//! than others (H100, run v192: `bm32_k1024_s4_w8_tiled` at K = 16384 read at 88.2% of the
//! ceiling with 224 blocks on 264 slots, 93.2% with 264); with the ranges every slot streams
//! the same number of K tiles. A row tile cut between blocks ("segments") has its sums added
//! through the split-K workspace, slot `z` holding the sums of its `z`-th block: its first
//! block (the "owner") streams the row tile's first K tiles last, at the end of its range;
//! the others stream theirs first, at the start of theirs (or are wholly inside it), and
//! store their row sums, each word on its own, into slots `1..`; the owner waits for each
//! word to differ from [`STREAM_K_EMPTY`], adds them to its own in K order (the result does
//! not depend on timing) and writes [`STREAM_K_EMPTY`] back for the next launch. No fence,
//! ticket or barrier on the way. Shared by the kernel and the host (which sizes the
//! workspace with [`stream_k_max_segments`] and fills it with [`STREAM_K_EMPTY`]).

/// The bits of an empty slot of the stream-K workspace: a NaN with a payload that fp32
/// arithmetic does not produce (its NaN results are canonical, `0x7FFF_FFFF`); a sum with
/// these bits is stored as the canonical NaN, so an owner never waits forever.
pub const STREAM_K_EMPTY: u32 = 0x7FA5_A5A5;

/// The first unit of block `b` of `grid`: `⌊b · units / grid⌋ + ⌊s · min(b, grid − b) / 2⌋`
/// (block `grid` gives `units`), with `s` the `skew` clamped by [`stream_k_skew_clamped`]. With
/// no skew the ranges differ in length by at most one; with a skew the first half of the
/// blocks take about `s / 2` units more each and the second half `s / 2` fewer, so that the
/// second half leaves early and the next launch's blocks (programmatic dependent launch) take
/// their slots while the first half still streams ([`STREAM_K_SKEW_MAX`]).
pub const fn stream_k_first_unit(b: u32, grid: u32, units: u32, skew: u32) -> u32 {
    let g = if grid == 0 { 1 } else { grid as u64 };
    let b = if b as u64 > g { g } else { b as u64 };
    let s = stream_k_skew_clamped(grid, units, skew) as u64;
    let half = if b < g - b { b } else { g - b };
    (b * units as u64 / g + s * half / 2) as u32
}

/// The largest skew [`stream_k_first_unit`] applies for `grid` blocks and `units` units:
/// `skew`, but at most `2 · (⌊units / grid⌋ − 1)`, so that every range holds at least one
/// unit when `grid ≤ units` (an empty range inside a cut row tile's blocks would leave its
/// slot empty, and the owner waiting for it, forever).
pub const fn stream_k_skew_clamped(grid: u32, units: u32, skew: u32) -> u32 {
    let even = units / if grid == 0 { 1 } else { grid };
    let most = if even > 1 { 2 * (even - 1) } else { 0 };
    if skew < most { skew } else { most }
}

/// How long the owner of a cut row tile waits for one slot before it gives up with `trap`
/// (a launch failure the host reports at its next synchronisation) instead of waiting
/// forever: ten seconds of `%globaltimer`, far beyond any launch of this GEMV (a slot is
/// filled within the launch's own run time, microseconds to about a millisecond), unless the
/// grid is not wholly resident (its other blocks wait for a slot the owner holds) or the GPU
/// is suspended for that long.
pub const STREAM_K_WAIT_LIMIT_NS: u64 = 10_000_000_000;

/// The largest skew the launch flags carry (`launch_flags::STREAM_K_SKEW_SHIFT`).
pub const STREAM_K_SKEW_MAX: u32 = 0xFF;

/// The block whose range holds unit `n < units`: the largest `b` with
/// `stream_k_first_unit(b) ≤ n`. Without a skew (the default) that is
/// `⌊((n + 1) · grid − 1) / units⌋`, one division; with one, a binary search of at most
/// ⌈log2 grid⌉ steps, each a [`stream_k_first_unit`] (a division). The kernel calls this
/// twice per cut row tile, on the consumer warps' path ([`stream_k_segments`]), so an
/// unskewed schedule keeps the single division: with the search for every schedule (the
/// thirty-fifth to forty-first sessions) the unskewed twin was 2–10% slower on an H100 (run
/// v251, BENCHMARKS.md "Forty-second session").
pub const fn stream_k_block_of(n: u32, grid: u32, units: u32, skew: u32) -> u32 {
    if stream_k_skew_clamped(grid, units, skew) == 0 {
        let g = if grid == 0 { 1 } else { grid as u64 };
        let u = if units == 0 { 1 } else { units as u64 };
        return (((n as u64 + 1) * g - 1) / u) as u32;
    }
    let (mut lo, mut hi) = (0, if grid == 0 { 1 } else { grid });
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if stream_k_first_unit(mid, grid, units, skew) <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The blocks that share row tile `rt` of `tiles` K tiles: `(first, count)`.
pub const fn stream_k_segments(rt: u32, tiles: u32, grid: u32, units: u32, skew: u32) -> (u32, u32) {
    let first = stream_k_block_of(rt * tiles, grid, units, skew);
    let last = stream_k_block_of(rt * tiles + tiles - 1, grid, units, skew);
    (first, last - first + 1)
}

/// The most blocks any of the `units / tiles` row tiles is cut between: the split-K
/// workspace holds this many slots of `l · m` sums (1: no row tile is cut).
pub const fn stream_k_max_segments(tiles: u32, grid: u32, units: u32, skew: u32) -> u32 {
    let mut most = 1;
    let mut rt = 0;
    while tiles > 0 && rt < units / tiles {
        let (_, n) = stream_k_segments(rt, tiles, grid, units, skew);
        if n > most {
            most = n;
        }
        rt += 1;
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges cover every unit once, differ by at most one (with a skew: the first half
    /// `s / 2` longer, the second `s / 2` shorter, within one), and each unit's block is the
    /// one whose range holds it; the segments of each row tile are its blocks.
    #[test]
    fn ranges_partition_the_units() {
        for (tiles, row_tiles, grid) in [
            (16, 224, 264),
            (7, 128, 264),
            (2, 224, 264),
            (16, 264, 264),
            (3, 5, 5),
            (1, 9, 4),
            (7, 1024, 264),
            (1, 8, 8),
            (5, 8, 40),
            (3, 258, 264),
        ] {
            let units = tiles * row_tiles;
            for skew in [0, 1, 2, 4, 7, 8, 255] {
                let s = stream_k_skew_clamped(grid, units, skew);
                assert!(s <= skew && s <= 2 * (units / grid).max(1) - 2);
                let mut next = 0;
                for b in 0..grid {
                    let (u0, u1) = (
                        stream_k_first_unit(b, grid, units, skew),
                        stream_k_first_unit(b + 1, grid, units, skew),
                    );
                    assert_eq!(u0, next);
                    assert!(u1 > u0, "an empty range: grid {grid}, units {units}, skew {skew}, block {b}");
                    let even = units / grid;
                    let (lo, hi) = if 2 * (b + 1) <= grid {
                        (even + s / 2, even + s.div_ceil(2) + 1)
                    } else if 2 * b >= grid {
                        (even - s.div_ceil(2), even - s / 2 + 1)
                    } else {
                        (even, even + 1)
                    };
                    assert!(
                        lo <= u1 - u0 && u1 - u0 <= hi,
                        "grid {grid}, units {units}, skew {skew}, block {b}"
                    );
                    for n in u0..u1 {
                        assert_eq!(stream_k_block_of(n, grid, units, skew), b, "unit {n}");
                    }
                    next = u1;
                }
                assert_eq!(next, units);
                let mut most = 1;
                for rt in 0..row_tiles {
                    let (first, count) = stream_k_segments(rt, tiles, grid, units, skew);
                    assert_eq!(first, stream_k_block_of(rt * tiles, grid, units, skew));
                    assert_eq!(
                        first + count - 1,
                        stream_k_block_of(rt * tiles + tiles - 1, grid, units, skew)
                    );
                    most = most.max(count);
                }
                assert_eq!(stream_k_max_segments(tiles, grid, units, skew), most);
            }
        }
        // (7168, 16384, 1) in 32-row tiles on 264 slots: 13 or 14 K tiles per block, a row tile
        // of 16 cut between at most three blocks.
        assert_eq!(stream_k_max_segments(16, 264, 16 * 224, 0), 3);
        // Whole row tiles per block: nothing is cut.
        assert_eq!(stream_k_max_segments(16, 224, 16 * 224, 0), 1);
        // (4096, 7168, 8), skew 4: 29 or 30 units in the first half, 25 or 26 in the second.
        let (units, grid) = (7 * 1024, 264);
        assert_eq!(stream_k_first_unit(1, grid, units, 4), 29);
        assert_eq!(
            stream_k_first_unit(grid, grid, units, 4) - stream_k_first_unit(grid - 1, grid, units, 4),
            26
        );
    }
}
