//! How `a` and `sfa` are stored on the GPU: row-major, read through two tensor maps, or tiled,
//! read as one `cp.async.bulk` per pipeline stage by the tiled twins of the GEMV entry points
//! (`kernel::layout::kernel_name::TILED_TWINS`); by default ([`ALayout::Auto`]) tiled for
//! plain launches of the sm_90a build's automatic choice and, under programmatic dependent
//! launch, only for the long-K eight-warp 32-row tiles (BENCHMARKS.md, runs v180–v188) and
//! the two-stage four-warp 32-row tiles (run v230).
//!
//! The tiled layout is an upload-time rewrite, like the FP8 route's prepacking: the caller
//! still passes `a` and `sfa` in the row-major layout `kernel::layout` documents, and the host
//! stores, for the entry point it will launch, each (row band of `bm` rows, K tile of `bk`
//! columns) of `a` followed by the same band and tile of `sfa` as one contiguous tile
//! ([`kernel::layout::TileConfig::a_tile_offset`]), with zeros past M and K where a tensor
//! map's box would have read zeros. A stage then receives the very bytes the two tensor copies
//! would have put there (a unit test checks this against a model of the copies), so the tiled
//! twins compute the same `c` to the bit.
use kernel::layout::{Shape, TileConfig};

/// The storage of `a` and `sfa` later uploads use ([`crate::gpu::Gpu::a_layout`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ALayout {
    /// Row-major `[L][M][K/2]` and `[L][M][K/16]`, read through tensor maps.
    Rows,
    /// Tiles of [`TileConfig::a_tile_bytes`] for the launched entry point's tiles, where the
    /// entry point has a tiled twin and K is a multiple of 256 (the scales come by TMA,
    /// [`Shape::scales_by_tma`]); other uploads stay [`ALayout::Rows`].
    Tiled,
    /// [`ALayout::Tiled`] for the automatically chosen entry point of the sm_90a build (the
    /// per-shape choice measured on the H200) with plain launches, and under programmatic
    /// dependent launch where that entry point is [`PDL_TILED_ENTRY`] and K at least
    /// [`PDL_TILED_MIN_K`], or [`kernel::layout::TWO_STAGE_W4`] (chosen under PDL only for
    /// one or two K tiles per block: on an H100 2.1–6.1% faster tiled from 6.3 row tiles of 16
    /// per SM, even at 5.8, e.g. (16384,2048,1) 7.50 → 7.04 µs, run v230, and at K = 1024 from 4.4, e.g.
    /// (10240,1024,1) 3.40 → 3.33, run v234); else [`ALayout::Rows`], as for an entry point
    /// named with
    /// [`crate::gpu::Gpu::use_variant`] and on the other builds ([`ALayout::tiles`]).
    #[default]
    Auto,
}

/// The entry point whose uploads [`ALayout::Auto`] tiles under programmatic dependent launch
/// (with K at least [`PDL_TILED_MIN_K`]).
pub const PDL_TILED_ENTRY: &str = "nvfp4_gemv_bm32_k1024_s4_w8";
/// The shortest K for which [`ALayout::Auto`] tiles [`PDL_TILED_ENTRY`]'s uploads under
/// programmatic dependent launch.
pub const PDL_TILED_MIN_K: u32 = 14336;

impl ALayout {
    /// Whether an upload stores `a` and `sfa` tiled (where its entry point and K allow):
    /// `pdl` is the launch mode, `chosen` whether the entry point (`entry`, the row-major
    /// name) is the per-shape choice fitted on the H200 (`crate::gpu::Gpu::auto_tiles` on a
    /// build with `crate::ptx::PtxBuild::per_shape_choice`), `k` the shape's K.
    ///
    /// Why [`ALayout::Auto`] decides so (2026-12-05): on the H200 plain launches of the five
    /// benchmark shapes were 0.2–2.6% faster tiled (run v180) and the plain sweep 1.08% on
    /// average (run v181: 19 of 27 shapes faster, −3.9% … +1.5%); on an H100 the held-out
    /// plain shapes 0.0–3.7% (run v187). Under PDL the H200 ran four of the five shapes
    /// 0.6–3.2% slower tiled, but (7168,16384,1) on [`PDL_TILED_ENTRY`] 2.5% faster (run
    /// v180); the H100's `--pdl` sweep (run v186) agrees for that entry point: 1.4–2.7% faster
    /// from K = 14336, 3.2% slower at K = 2048 (the cards disagree at K = 7168). The sm_100a
    /// build has never run (no B200), so it keeps the layout its code was first written for.
    pub fn tiles(self, pdl: bool, chosen: bool, entry: &str, k: u32) -> bool {
        match self {
            ALayout::Rows => false,
            ALayout::Tiled => true,
            ALayout::Auto => {
                chosen
                    && (!pdl
                        || (entry == PDL_TILED_ENTRY && k >= PDL_TILED_MIN_K)
                        || entry == kernel::layout::TWO_STAGE_W4)
            }
        }
    }
}

impl std::str::FromStr for ALayout {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "rows" => Ok(ALayout::Rows),
            "tiled" => Ok(ALayout::Tiled),
            "auto" => Ok(ALayout::Auto),
            other => Err(format!("a layout is rows, tiled or auto, not {other:?}")),
        }
    }
}

/// `a` (`[L][M][K/2]`) and `sfa` (`[L][M][K/16]`) of shape `s` rewritten in the tiled layout
/// for `tile` ([`TileConfig::a_tile_offset`]): [`Shape::a_tiled_bytes`] bytes.
///
/// # Panics
/// If `a` or `sfa` is shorter than `s` says (callers check the inputs first:
/// `crate::gemv::GemvInputs::check`).
pub fn tile_a(a: &[u8], sfa: &[u8], s: Shape, tile: &TileConfig) -> Vec<u8> {
    let (m, k, l) = (s.m as usize, s.k as usize, s.l as usize);
    let (bm, bk) = (tile.bm as usize, tile.bk as usize);
    let (row_a, row_sf) = (k / 2, k / 16); // bytes per row of a, sfa
    let (tile_a, tile_sf) = (bk / 2, bk / 16); // bytes per tile row of a, sfa
    let mut out = vec![0u8; s.a_tiled_bytes(tile)];
    for li in 0..l {
        for band in 0..m.div_ceil(bm) {
            for kt in 0..k.div_ceil(bk) {
                let at = tile.a_tile_offset(s.m, s.k, li as u32, band as u32, kt as u32) as usize;
                let (dst_a, dst_sf) = out[at..at + tile.a_tile_bytes() as usize].split_at_mut(bm * tile_a);
                for r in 0..bm.min(m - band * bm) {
                    let row = li * m + band * bm + r;
                    // Bytes of this row inside the tile (fewer in the last K tile).
                    let na = tile_a.min(row_a - kt * tile_a);
                    let src = row * row_a + kt * tile_a;
                    dst_a[r * tile_a..r * tile_a + na].copy_from_slice(&a[src..src + na]);
                    let nsf = tile_sf.min(row_sf - kt * tile_sf);
                    let src = row * row_sf + kt * tile_sf;
                    dst_sf[r * tile_sf..r * tile_sf + nsf].copy_from_slice(&sfa[src..src + nsf]);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use kernel::layout::{SM90_TILE, SM100_TILE, VARIANTS};

    #[test]
    fn auto_tiles_the_chosen_entry_point_plain_and_two_entry_points_under_pdl() {
        assert_eq!(ALayout::default(), ALayout::Auto);
        let other = "nvfp4_gemv_bm16_k512_s4_p2";
        assert!(kernel::layout::VARIANTS.iter().any(|v| v.0 == PDL_TILED_ENTRY));
        for (pdl, chosen) in [(false, false), (false, true), (true, false), (true, true)] {
            let two_stage = kernel::layout::TWO_STAGE_W4;
            for (entry, k) in [
                (other, 2048),
                (other, 16384),
                (PDL_TILED_ENTRY, 7168),
                (PDL_TILED_ENTRY, 14336),
                (two_stage, 2048),
                (kernel::layout::TWO_STAGE_W8, 2048),
            ] {
                assert!(!ALayout::Rows.tiles(pdl, chosen, entry, k));
                assert!(ALayout::Tiled.tiles(pdl, chosen, entry, k));
                let long_w8 = entry == PDL_TILED_ENTRY && k >= PDL_TILED_MIN_K;
                let tiled_under_pdl = long_w8 || entry == two_stage;
                assert_eq!(ALayout::Auto.tiles(pdl, chosen, entry, k), chosen && (!pdl || tiled_under_pdl));
            }
        }
    }

    /// What a stage holds at offset 0 after the row-major layout's two tensor copies for row
    /// band `band`, K tile `kt`, batch entry `l`: the `a` box (`bm` rows of `bk/2` bytes) at 0
    /// and the `sfa` box (`bm` rows of `bk/16` bytes) at `TileConfig::sfa_offset`, each byte
    /// outside the tensor read as zero (a model of `cp.async.bulk.tensor` with
    /// `CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE`).
    fn stage_from_tensor_maps(
        a: &[u8],
        sfa: &[u8],
        s: Shape,
        t: &TileConfig,
        l: usize,
        band: usize,
        kt: usize,
    ) -> Vec<u8> {
        let (m, k) = (s.m as usize, s.k as usize);
        let (bm, bk) = (t.bm as usize, t.bk as usize);
        let mut stage = vec![0u8; t.sfa_offset() as usize + bm * bk / 16];
        for r in 0..bm {
            let row = band * bm + r;
            for j in 0..bk / 2 {
                let col = kt * bk / 2 + j;
                if row < m && col < k / 2 {
                    stage[r * bk / 2 + j] = a[(l * m + row) * (k / 2) + col];
                }
            }
            for j in 0..bk / 16 {
                let col = kt * bk / 16 + j;
                if row < m && col < k / 16 {
                    stage[t.sfa_offset() as usize + r * bk / 16 + j] = sfa[(l * m + row) * (k / 16) + col];
                }
            }
        }
        stage
    }

    fn random(n: usize, rng: &mut Rng) -> Vec<u8> {
        (0..n).map(|_| rng.next_u64() as u8).collect()
    }

    #[test]
    fn tiles_hold_what_the_tensor_copies_would_put_in_a_stage() {
        let mut rng = Rng::new(Rng::fresh_seed());
        let tiles: Vec<TileConfig> =
            [SM90_TILE, SM100_TILE].into_iter().chain(VARIANTS.iter().map(|v| v.1)).collect();
        // Ragged shapes: M not a multiple of bm, K not a multiple of bk (K a multiple of 256,
        // as the tiled twins need), batches.
        let shapes = [
            Shape::new(1, 256, 1),
            Shape::new(37, 1280, 2),
            Shape::new(100, 2304, 3),
            Shape::new(64, 4096, 1),
        ];
        for t in &tiles {
            for s in shapes {
                let (a, sfa) = (random(s.a_bytes(), &mut rng), random(s.sfa_bytes(), &mut rng));
                let tiled = tile_a(&a, &sfa, s, t);
                assert_eq!(tiled.len(), s.a_tiled_bytes(t));
                for l in 0..s.l as usize {
                    for band in 0..s.m.div_ceil(t.bm) as usize {
                        for kt in 0..s.k.div_ceil(t.bk) as usize {
                            let at = t.a_tile_offset(s.m, s.k, l as u32, band as u32, kt as u32) as usize;
                            let want = stage_from_tensor_maps(&a, &sfa, s, t, l, band, kt);
                            assert_eq!(
                                &tiled[at..at + t.a_tile_bytes() as usize],
                                &want[..],
                                "{t:?} {s:?} l {l} band {band} kt {kt}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn tiles_follow_one_another_without_gaps() {
        let t = SM90_TILE;
        let s = Shape::new(100, 2304, 3);
        let (bands, tiles) = (s.m.div_ceil(t.bm), s.k.div_ceil(t.bk));
        let mut expected = 0u64;
        for l in 0..s.l {
            for band in 0..bands {
                for kt in 0..tiles {
                    assert_eq!(t.a_tile_offset(s.m, s.k, l, band, kt), expected);
                    expected += t.a_tile_bytes() as u64;
                }
            }
        }
        assert_eq!(s.a_tiled_bytes(&t) as u64, expected);
        assert!(t.a_tile_bytes().is_multiple_of(16));
    }

    #[test]
    fn layout_names_parse() {
        assert_eq!("rows".parse::<ALayout>(), Ok(ALayout::Rows));
        assert_eq!("tiled".parse::<ALayout>(), Ok(ALayout::Tiled));
        assert_eq!("auto".parse::<ALayout>(), Ok(ALayout::Auto));
        assert!("both".parse::<ALayout>().unwrap_err().contains("rows, tiled or auto"));
    }
}
