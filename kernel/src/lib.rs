//! The NVFP4 block-scaled GEMV kernel, and everything the host shares with it.
//!
//! This crate is compiled twice:
//!
//! * for `nvptx64-nvidia-cuda` (by `cargo xtask build-ptx`, or `host`'s build script), where
//!   it is `no_std` and provides the kernels (`gemv`, `direct`, `copy`, `stream`) built on
//!   thin wrappers of single PTX instructions (`ptx`); once per target (`sm_90a`, `sm_100a`)
//!   and once more as a test build, the sm_100a arithmetic for sm_90a with
//!   `--cfg nvfp4_emulate_e2m1_cvt` (see `ptx::cvt`), which an H100/H200 can run;
//! * for the host target, where only the target-independent modules exist: problem layout and
//!   tile constants ([`layout`]) and the FP4/FP8 bit-level decoders ([`formats`]). Host code uses
//!   these, so kernel and host agree by construction, and they are unit-tested on the CPU.
#![no_std]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(
        abi_ptx,
        asm_experimental_arch,
        core_intrinsics,
        stdarch_nvptx,
        gpu_intrinsics,
        gpu_launch_sized_workgroup_mem,
        link_llvm_intrinsics,
        stmt_expr_attributes
    )
)]
#![cfg_attr(target_arch = "nvptx64", allow(internal_features))]

#[cfg(test)]
extern crate std;

pub mod formats;
pub mod layout;

#[cfg(target_arch = "nvptx64")]
pub mod copy;
#[cfg(target_arch = "nvptx64")]
pub mod direct;
#[cfg(target_arch = "nvptx64")]
pub mod gemv;
#[cfg(target_arch = "nvptx64")]
pub mod ptx;
#[cfg(target_arch = "nvptx64")]
pub mod smem;
#[cfg(target_arch = "nvptx64")]
pub mod stream;

/// A kernel that panics stops its thread block with `trap`; the host sees
/// `CUDA_ERROR_LAUNCH_FAILED`. The kernels are written so that no panic path survives
/// optimisation (no slice indexing, no unwrap); `cargo xtask build-ptx` would show
/// a `trap` in the PTX otherwise.
#[cfg(target_arch = "nvptx64")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    ptx::misc::trap()
}
