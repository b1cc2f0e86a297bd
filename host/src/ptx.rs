//! The embedded PTX builds and the choice between them.
//!
//! `build.rs` compiles `kernel/` for each target; the PTX text is embedded here, so the
//! binaries need nothing but the NVIDIA driver (which JIT-compiles PTX at module load).
use crate::error::Error;
use kernel::layout::{SM90_TILE, SM100_TILE, TileConfig};

/// One build of the kernels.
#[derive(Clone, Copy, Debug)]
pub struct PtxBuild {
    /// The build's name: `sm_90a`, `sm_100a`, or the test build `sm_90a-emulated-sm100`.
    pub name: &'static str,
    /// The `.target` of its PTX: `sm_90a` or `sm_100a`.
    pub target: &'static str,
    /// The compute capability it loads on.
    pub compute_capability: (i32, i32),
    /// The PTX text.
    pub ptx: &'static str,
    /// The GEMV tile configuration compiled into it.
    pub tile: TileConfig,
    /// Whether [`crate::gpu::Gpu::kernel_for`] picks the entry point per shape
    /// (`kernel::layout::choose_variant`, fitted to H200 measurements of the sm_90a build; one
    /// `--pdl` band, moved in the thirty-second session, checked with this kernel on H100s only);
    /// otherwise every shape gets the build's default entry point.
    pub per_shape_choice: bool,
    /// Whether its 32-row TMA entry points (`kernel::layout::TileConfig::fp8_route`) run the
    /// FP8 route (`kernel::gemv::compute_fp8`), which reads `a` prepacked
    /// (`kernel::formats::fp8_prepack`, applied by [`crate::gpu::Gpu::upload`]); the other
    /// entry points read `a` as given.
    pub fp8_route: bool,
}

/// The sm_90a build (H100, H200).
pub const SM90A: PtxBuild = PtxBuild {
    name: "sm_90a",
    target: "sm_90a",
    compute_capability: (9, 0),
    ptx: include_str!(concat!(env!("OUT_DIR"), "/nvfp4_gemv.sm_90a.ptx")),
    tile: SM90_TILE,
    per_shape_choice: true,
    fp8_route: true,
};

/// The sm_100a build (B200, GB200). Never run by this project: no B200 was available.
pub const SM100A: PtxBuild = PtxBuild {
    name: "sm_100a",
    target: "sm_100a",
    compute_capability: (10, 0),
    ptx: include_str!(concat!(env!("OUT_DIR"), "/nvfp4_gemv.sm_100a.ptx")),
    tile: SM100_TILE,
    per_shape_choice: false,
    fp8_route: false,
};

/// A test build for H100/H200: the sm_100a build's source (its arithmetic, its default tile,
/// one entry point for every shape) compiled for sm_90a with `cvt.rn.f16x2.e2m1x2` done in
/// software (`kernel::formats::e2m1x8_to_f16x2_cvt_order_scaled` and an f16x2 multiply, tested
/// on the CPU against every byte). Running it on the H200 tests every line of the B200 build
/// except that instruction. Opened with [`crate::gpu::Gpu::with_build`] (CLI: `--build
/// sm_90a-emulated-sm100`); never chosen by [`for_device`], and its speed means nothing.
pub const SM90A_EMULATED_SM100: PtxBuild = PtxBuild {
    name: "sm_90a-emulated-sm100",
    target: "sm_90a",
    compute_capability: (9, 0),
    ptx: include_str!(concat!(env!("OUT_DIR"), "/nvfp4_gemv.sm_90a-emulated-sm100.ptx")),
    tile: SM100_TILE,
    per_shape_choice: false,
    fp8_route: false,
};

/// Every build, by name.
pub const BUILDS: [PtxBuild; 3] = [SM90A, SM100A, SM90A_EMULATED_SM100];

/// Looks a build up by its name.
pub fn by_name(name: &str) -> Result<PtxBuild, Error> {
    BUILDS.into_iter().find(|b| b.name == name).ok_or_else(|| Error::UnknownBuild {
        name: name.to_string(),
        known: BUILDS.map(|b| b.name).join(", "),
    })
}

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
    fn builds_by_name() {
        for b in BUILDS {
            assert_eq!(by_name(b.name).map(|x| x.name).ok(), Some(b.name));
        }
        let e = by_name("sm_80").unwrap_err();
        assert!(e.to_string().contains("sm_90a-emulated-sm100"), "{e}");
    }

    #[test]
    fn emulated_build_is_the_sm100a_source_for_sm_90a() {
        let (e, b) = (SM90A_EMULATED_SM100, SM100A);
        assert_eq!((e.target, e.compute_capability), ("sm_90a", (9, 0)));
        assert_eq!((e.tile, e.per_shape_choice), (b.tile, b.per_shape_choice));
        // The sm_100a arithmetic: f16x2 FMAs and no int8 `mma`; the decode in software.
        assert!(e.ptx.contains("fma.rn.f16x2") && !e.ptx.contains("mma.sync"));
        assert!(!e.ptx.contains("cvt.rn.f16x2.e2m1x2") && e.ptx.contains("mul.rn.f16x2"));
        // sm_90a: the prmt decode and int8 `mma` (16-row tiles), the FP8 route's `wgmma` on
        // e4m3 (32-row tiles), and no cvt-based f16 arithmetic.
        assert!(SM90A.ptx.contains("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"));
        assert!(SM90A.ptx.contains("wgmma.mma_async.sync.aligned.m64n32k32.f16.e4m3.e4m3"));
        const { assert!(SM90A.fp8_route) };
        assert!(!e.ptx.contains("wgmma") && !e.fp8_route && !b.fp8_route);
    }

    #[test]
    fn embedded_ptx_is_what_each_target_needs() {
        for b in BUILDS {
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
        for b in BUILDS {
            let entries = [(kernel_name::GEMV, b.tile), (kernel_name::GEMV_DIRECT, DIRECT_TILE)];
            for (name, tile) in entries.into_iter().chain(VARIANTS) {
                let Some(body) = entry_body(b.ptx, name) else { panic!("no entry {name} in {}", b.target) };
                let shuffles = body.matches("shfl.sync").count() as u32;
                assert_eq!(shuffles, 2 * tile.rows_per_thread(), "{name} in {}", b.target);
            }
        }
    }
}
