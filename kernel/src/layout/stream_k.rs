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

/// The first unit of block `b` of `grid`: `⌊b · units / grid⌋` (block `grid` gives `units`).
pub const fn stream_k_first_unit(b: u32, grid: u32, units: u32) -> u32 {
    (b as u64 * units as u64 / if grid == 0 { 1 } else { grid as u64 }) as u32
}

/// The block whose range holds unit `n < units`: the largest `b` with
/// `stream_k_first_unit(b) ≤ n`, i.e. `⌊((n + 1) · grid − 1) / units⌋`.
pub const fn stream_k_block_of(n: u32, grid: u32, units: u32) -> u32 {
    (((n as u64 + 1) * grid as u64 - 1) / if units == 0 { 1 } else { units as u64 }) as u32
}

/// The blocks that share row tile `rt` of `tiles` K tiles: `(first, count)`.
pub const fn stream_k_segments(rt: u32, tiles: u32, grid: u32, units: u32) -> (u32, u32) {
    let first = stream_k_block_of(rt * tiles, grid, units);
    let last = stream_k_block_of(rt * tiles + tiles - 1, grid, units);
    (first, last - first + 1)
}

/// The most blocks any of the `units / tiles` row tiles is cut between: the split-K
/// workspace holds this many slots of `l · m` sums (1: no row tile is cut).
pub const fn stream_k_max_segments(tiles: u32, grid: u32, units: u32) -> u32 {
    let mut most = 1;
    let mut rt = 0;
    while tiles > 0 && rt < units / tiles {
        let (_, n) = stream_k_segments(rt, tiles, grid, units);
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

    /// The ranges cover every unit once, differ by at most one, and each unit's block is the
    /// one whose range holds it; the segments of each row tile are its blocks.
    #[test]
    fn ranges_partition_the_units() {
        for (tiles, row_tiles, grid) in
            [(16, 224, 264), (7, 128, 264), (2, 224, 264), (16, 264, 264), (3, 5, 5), (1, 9, 4)]
        {
            let units = tiles * row_tiles;
            let mut next = 0;
            for b in 0..grid {
                let (u0, u1) = (stream_k_first_unit(b, grid, units), stream_k_first_unit(b + 1, grid, units));
                assert_eq!(u0, next);
                assert!(u1 - u0 == units / grid || u1 - u0 == units / grid + 1);
                for n in u0..u1 {
                    assert_eq!(stream_k_block_of(n, grid, units), b, "unit {n}");
                }
                next = u1;
            }
            assert_eq!(next, units);
            let mut most = 1;
            for rt in 0..row_tiles {
                let (first, count) = stream_k_segments(rt, tiles, grid, units);
                assert_eq!(first, stream_k_block_of(rt * tiles, grid, units));
                assert_eq!(first + count - 1, stream_k_block_of(rt * tiles + tiles - 1, grid, units));
                most = most.max(count);
            }
            assert_eq!(stream_k_max_segments(tiles, grid, units), most);
        }
        // (7168, 16384, 1) in 32-row tiles on 264 slots: 13 or 14 K tiles per block, a row tile
        // of 16 cut between at most three blocks.
        assert_eq!(stream_k_max_segments(16, 264, 16 * 224), 3);
        // Whole row tiles per block: nothing is cut.
        assert_eq!(stream_k_max_segments(16, 224, 16 * 224), 1);
    }
}
