//! The embedded PTX builds and the choice between them.
//!
//! `build.rs` compiles `kernel/` for each target; the PTX text is embedded here, so the
//! binaries need nothing but the NVIDIA driver (which JIT-compiles PTX at module load).
use crate::error::Error;
use kernel::layout::{SM90_TILE, SM100_TILE, TileConfig};

/// One build of the kernels.
#[derive(Clone, Copy, Debug)]
pub struct PtxBuild {
    /// `sm_90a` or `sm_100a`.
    pub target: &'static str,
    /// The PTX text.
    pub ptx: &'static str,
    /// The GEMV tile configuration compiled into it.
    pub tile: TileConfig,
}

/// The sm_90a build (H100, H200).
pub const SM90A: PtxBuild = PtxBuild {
    target: "sm_90a",
    ptx: include_str!(concat!(env!("OUT_DIR"), "/nvfp4_gemv.sm_90a.ptx")),
    tile: SM90_TILE,
};

/// The sm_100a build (B200, GB200). Never run by this project: no B200 was available.
pub const SM100A: PtxBuild = PtxBuild {
    target: "sm_100a",
    ptx: include_str!(concat!(env!("OUT_DIR"), "/nvfp4_gemv.sm_100a.ptx")),
    tile: SM100_TILE,
};

/// Picks the build for a device: 9.0 → sm_90a, 10.0 → sm_100a. The `a` targets' features
/// (TMA on both, `cvt…e2m1x2` on sm_100a) are not forward compatible, so nothing else is
/// accepted (10.3, 12.0, … are different chips).
pub fn for_device(name: &str, compute_capability: (i32, i32)) -> Result<PtxBuild, Error> {
    match compute_capability {
        (9, 0) => Ok(SM90A),
        (10, 0) => Ok(SM100A),
        _ => Err(Error::UnsupportedDevice { name: name.to_string(), compute_capability }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::layout::{DIRECT_TILE, VARIANTS, kernel_name};

    #[test]
    fn picks_by_compute_capability() {
        assert_eq!(for_device("H200", (9, 0)).map(|b| b.target).ok(), Some("sm_90a"));
        assert_eq!(for_device("B200", (10, 0)).map(|b| b.target).ok(), Some("sm_100a"));
        for cc in [(8, 0), (8, 9), (10, 3), (12, 0)] {
            let e = for_device("X", cc).unwrap_err();
            assert!(matches!(e, Error::UnsupportedDevice { .. }), "{cc:?}");
            assert!(e.to_string().contains("9.0") && e.to_string().contains("10.0"));
        }
    }

    #[test]
    fn embedded_ptx_is_what_each_target_needs() {
        for b in [SM90A, SM100A] {
            assert!(b.ptx.contains(&format!(".target {}", b.target)));
            assert!(!b.ptx.contains(".extern .func"));
            for k in ["nvfp4_gemv", "tma_copy_2d", "read_ceiling"] {
                assert!(b.ptx.contains(&format!(".entry {k}(")), "{k} in {}", b.target);
            }
        }
        assert!(SM100A.ptx.contains("cvt.rn.f16x2.e2m1x2"));
        assert!(!SM90A.ptx.contains("cvt.rn.f16x2.e2m1x2"));
    }

    /// The text of entry `name`'s body: from its `.entry name(` to the next `.entry`.
    fn entry_body<'a>(ptx: &'a str, name: &str) -> Option<&'a str> {
        let start = ptx.find(&format!(".entry {name}("))?;
        let rest = &ptx[start + 1..];
        Some(rest.find(".entry ").map_or(rest, |end| &rest[..end]))
    }

    /// Each GEMV entry's epilogue shuffles each of a thread's `rows_per_thread` sums twice
    /// (`shfl.sync.bfly` over lane bits 0 and 1), so its PTX has exactly `2 · rows_per_thread`
    /// shuffles. More means LLVM duplicated a shuffle into the arms of a branch: ptxas then
    /// runs it on its slow `WARPSYNC.COLLECTIVE` path (0.5–1 µs per launch on the H200, run
    /// v74), which is why `ptx::shfl` uses LLVM's convergent intrinsic and not `asm!`.
    #[test]
    fn warp_shuffles_are_not_duplicated() {
        for b in [SM90A, SM100A] {
            let entries = [(kernel_name::GEMV, b.tile), (kernel_name::GEMV_DIRECT, DIRECT_TILE)];
            for (name, tile) in entries.into_iter().chain(VARIANTS) {
                let Some(body) = entry_body(b.ptx, name) else { panic!("no entry {name} in {}", b.target) };
                let shuffles = body.matches("shfl.sync").count() as u32;
                assert_eq!(shuffles, 2 * tile.rows_per_thread(), "{name} in {}", b.target);
            }
        }
    }
}
