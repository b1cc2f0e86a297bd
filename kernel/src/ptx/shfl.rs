//! Warp shuffles.

unsafe extern "C" {
    #[link_name = "llvm.nvvm.shfl.sync.bfly.f32"]
    fn shfl_sync_bfly_f32(member_mask: u32, a: f32, lane_mask: u32, clamp: u32) -> f32;
}

/// `shfl.sync.bfly.b32 d, a, lane_mask, 0x1f, member_mask;` — PTX ISA 6.0, sm_30.
/// Returns `a` of lane `laneid ^ lane_mask`.
///
/// Emitted through LLVM's `llvm.nvvm.shfl.sync.bfly.f32`, not `asm!`, for the reason
/// [`misc::sync_threads`](super::misc::sync_threads) gives: LLVM treats the intrinsic as
/// *convergent*, whereas it tail-duplicated an `asm!` shuffle into both arms of the branch
/// that follows it (`if t == 0 { store }`). ptxas cannot prove the lanes converged there and
/// wraps each such copy in a `WARPSYNC.COLLECTIVE` loop, which cost the GEMV's block epilogue
/// 0.5–1 µs (BENCHMARKS.md, runs v74, v75). `host`'s unit test
/// `warp_shuffles_are_not_duplicated` counts the shuffles of each entry in the PTX.
///
/// # Safety
/// Every lane named in `member_mask` executes this same instruction.
#[inline(always)]
pub unsafe fn bfly_f32(a: f32, lane_mask: u32, member_mask: u32) -> f32 {
    unsafe { shfl_sync_bfly_f32(member_mask, a, lane_mask, 0x1f) }
}
