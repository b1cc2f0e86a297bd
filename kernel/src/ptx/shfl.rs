//! Warp shuffles.
use core::arch::asm;

/// `shfl.sync.bfly.b32 d, a, lane_mask, 0x1f, member_mask;` — PTX ISA 6.0, sm_30.
/// Returns `a` of lane `laneid ^ lane_mask`.
///
/// # Safety
/// Every lane named in `member_mask` executes this same instruction.
#[inline(always)]
pub unsafe fn bfly_f32(a: f32, lane_mask: u32, member_mask: u32) -> f32 {
    let d: f32;
    unsafe {
        asm!("shfl.sync.bfly.b32 {d}, {a}, {l}, 0x1f, {m};", d = out(reg32) d, a = in(reg32) a,
             l = in(reg32) lane_mask, m = in(reg32) member_mask, options(nostack));
    }
    d
}
