//! Thin wrappers of single PTX instructions, in the style of `core::arch::nvptx`.
//!
//! Each function emits one instruction (or one instruction per element of a small fixed
//! array, where PTX has no wider form) and says which PTX ISA version and which target it
//! needs. Most go through `asm!`; the warp- and block-collective ones (`bar.sync`,
//! `shfl.sync`, `mma.sync`) go through LLVM's NVVM intrinsics instead, because LLVM treats
//! those as *convergent* (never moved into or duplicated across divergent branches), and an
//! `asm!` block it does not (runs v74, v75 in BENCHMARKS.md: a duplicated shuffle cost 4–6%).
//! Shared-memory operands are 32-bit addresses in the `.shared::cta` window; get one with
//! [`memory::shared_addr`].
//!
//! | module | instructions |
//! | --- | --- |
//! | [`mbarrier`] | `mbarrier.init`, `.arrive`, `.arrive.expect_tx`, `.try_wait.parity`, `fence.mbarrier_init` |
//! | [`tma`] | `cp.async.bulk.tensor.{2d,3d}` global → shared, `cp.async.bulk` global → shared, `prefetch.tensormap` |
//! | [`cluster`] | `%cluster_nctarank`, `%cluster_ctarank`, `%cluster_nctaid.z`, `mapa.shared::cluster`, `st.shared::cluster`, `barrier.cluster.{arrive,wait}` |
//! | [`cp_async`] | `cp.async.ca.shared.global` (4 bytes, zero fill), `cp.async.mbarrier.arrive.noinc` |
//! | [`cvt`] | `cvt.rn.f16x2.e2m1x2`, `cvt.rn.f16x2.e4m3x2`, `cvt.f32.f16` |
//! | [`f16x2`] | `fma.rn.f16x2`, `mul.rn.f16x2`, `add.rn.f16x2` |
//! | [`mma`] | `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32` |
//! | [`wgmma`] | `wgmma.fence`, `.commit_group`, `.wait_group`, `wgmma.mma_async.m64n32k32.f32.e4m3.e4m3` (sm_90a) |
//! | [`int`] | `prmt.b32`, `mul.hi.u32`, `lop3.b32` |
//! | [`shfl`] | `shfl.sync.bfly.b32` |
//! | [`memory`] | `cvta.to.shared`, `ld`/`st.shared` (`.v4`, `.v2`, 32/16/8 bits), `ld`/`st.global` forms, `atom.add`, `fence`, `fence.proxy.async`, `prefetch.global.L2` |
//! | [`misc`] | `bar.sync`, `trap`, `griddepcontrol.{launch_dependents,wait}`, special registers (`%globaltimer` too) |

pub mod cluster;
pub mod cp_async;
pub mod cvt;
pub mod f16x2;
pub mod int;
pub mod mbarrier;
pub mod memory;
pub mod misc;
pub mod mma;
pub mod shfl;
pub mod tma;
pub mod wgmma;
