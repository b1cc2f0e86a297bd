//! `cp.async` (non-bulk): per-thread asynchronous copies of 4, 8 or 16 bytes from global to
//! shared memory, whose completion an mbarrier can track. The GEMV uses it for the scale
//! factors when their rows (`K/16` bytes) are not a multiple of 16 bytes, which TMA needs.
use core::arch::asm;

/// `cp.async.ca.shared.global [dst], [src], 4, src_size;` — PTX ISA 7.0, sm_80. Copies the
/// first `src_size` (0 or 4) bytes from `src` and fills the rest of the 4 with zeros.
///
/// # Safety
/// `dst` is a 4-byte-aligned shared address; `src` a 4-byte-aligned global address readable
/// for `src_size` bytes.
#[inline(always)]
pub unsafe fn copy_4_zfill(dst: u32, src: *const u8, src_size: u32) {
    unsafe {
        asm!("cp.async.ca.shared.global [{d}], [{s}], 4, {n};", d = in(reg32) dst, s = in(reg64) src,
             n = in(reg32) src_size, options(nostack));
    }
}

/// `cp.async.mbarrier.arrive.noinc.shared.b64 [bar];` — PTX ISA 7.0, sm_80. An arrive-on
/// `bar` that fires when all of this thread's earlier `cp.async` copies have completed;
/// `.noinc`: it does not raise the pending count, so `bar`'s expected count includes it.
///
/// # Safety
/// `bar` is an initialised mbarrier in shared memory.
#[inline(always)]
pub unsafe fn mbarrier_arrive_noinc(bar: u32) {
    unsafe { asm!("cp.async.mbarrier.arrive.noinc.shared.b64 [{b}];", b = in(reg32) bar, options(nostack)) }
}
