//! `mbarrier`: shared-memory barriers that count arrivals and transaction bytes.
//!
//! An mbarrier is a 64-bit word in shared memory. Its phase completes when the expected
//! number of arrivals has happened *and* the transaction count (bytes announced with
//! `expect_tx`, credited by `cp.async.bulk` completions) is back to zero. Waiters test the
//! parity of the phase they wait for.
use core::arch::asm;

/// `mbarrier.init.shared::cta.b64 [bar], count;` — PTX ISA 7.0, sm_80.
///
/// # Safety
/// `bar` is the shared address of an 8-byte-aligned word that no thread uses concurrently.
#[inline(always)]
pub unsafe fn init(bar: u32, count: u32) {
    unsafe {
        asm!("mbarrier.init.shared::cta.b64 [{b}], {c};", b = in(reg32) bar, c = in(reg32) count,
             options(nostack));
    }
}

/// `fence.mbarrier_init.release.cluster;` — PTX ISA 8.0, sm_90. Makes initialised mbarriers
/// visible to the asynchronous proxy (the TMA unit) before the first copy names them.
#[inline(always)]
pub fn fence_init() {
    unsafe { asm!("fence.mbarrier_init.release.cluster;", options(nostack)) }
}

/// `mbarrier.arrive.shared::cta.b64 state, [bar];` — PTX ISA 7.0, sm_80. Returns the state
/// token (unused by this crate's waits, which use parity).
///
/// # Safety
/// `bar` is the shared address of an initialised mbarrier.
#[inline(always)]
pub unsafe fn arrive(bar: u32) -> u64 {
    let state: u64;
    unsafe {
        asm!("mbarrier.arrive.shared::cta.b64 {s}, [{b}];", s = out(reg64) state, b = in(reg32) bar,
             options(nostack));
    }
    state
}

/// `mbarrier.arrive.expect_tx.shared::cta.b64 state, [bar], tx;` — PTX ISA 8.0, sm_90.
/// Arrives once and raises the phase's transaction count by `tx` bytes.
///
/// # Safety
/// `bar` is the shared address of an initialised mbarrier.
#[inline(always)]
pub unsafe fn arrive_expect_tx(bar: u32, tx: u32) -> u64 {
    let state: u64;
    unsafe {
        asm!("mbarrier.arrive.expect_tx.shared::cta.b64 {s}, [{b}], {t};", s = out(reg64) state,
             b = in(reg32) bar, t = in(reg32) tx, options(nostack));
    }
    state
}

/// `mbarrier.try_wait.parity.shared::cta.b64 p, [bar], parity;` — PTX ISA 7.8, sm_90.
/// True once the phase with the given parity has completed (the hardware may suspend the
/// thread for a while before answering false).
///
/// # Safety
/// `bar` is the shared address of an initialised mbarrier.
#[inline(always)]
pub unsafe fn try_wait_parity(bar: u32, parity: u32) -> bool {
    let done: u32;
    unsafe {
        asm!(
            "{{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [{b}], {par}; selp.u32 {d}, 1, 0, p; }}",
            d = out(reg32) done, b = in(reg32) bar, par = in(reg32) parity, options(nostack)
        );
    }
    done != 0
}

/// Spins on [`try_wait_parity`] until the phase with `parity` has completed.
///
/// # Safety
/// As [`try_wait_parity`]; the phase must eventually complete or the block hangs.
#[inline(always)]
pub unsafe fn wait_parity(bar: u32, parity: u32) {
    while !unsafe { try_wait_parity(bar, parity) } {}
}
