//! Thread block clusters (sm_90 and later): the cluster's special registers, shared-memory
//! addresses of other blocks of the cluster (distributed shared memory), stores to them, and
//! the cluster-wide barrier.
//!
//! A launch without the cluster attribute runs each block as a cluster of one: rank 0 of 1.
use core::arch::asm;

unsafe extern "C" {
    #[link_name = "llvm.nvvm.barrier.cluster.arrive"]
    fn barrier_cluster_arrive();
    #[link_name = "llvm.nvvm.barrier.cluster.arrive.relaxed"]
    fn barrier_cluster_arrive_relaxed();
    #[link_name = "llvm.nvvm.barrier.cluster.wait"]
    fn barrier_cluster_wait();
}

/// `mov.u32 d, %cluster_nctarank;` — PTX ISA 7.8, sm_90. Blocks in this block's cluster.
#[inline(always)]
pub fn nctarank() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %cluster_nctarank;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %cluster_ctarank;` — PTX ISA 7.8, sm_90. This block's rank in its cluster,
/// `0 .. nctarank()` (x fastest, then y, then z).
#[inline(always)]
pub fn ctarank() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %cluster_ctarank;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %cluster_nctaid.z;` — PTX ISA 7.8, sm_90. The cluster's extent in z, in
/// blocks.
#[inline(always)]
pub fn nctaid_z() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %cluster_nctaid.z;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mapa.shared::cluster.u32 d, addr, rank;` — PTX ISA 7.8, sm_90. The `.shared::cluster`
/// address of the variable at `.shared::cta` address `addr` in block `rank` of this cluster
/// (every block of a kernel carves its shared memory alike, so one offset names the same
/// variable in each).
#[inline(always)]
pub fn map_shared(addr: u32, rank: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("mapa.shared::cluster.u32 {d}, {a}, {r};", d = out(reg32) d, a = in(reg32) addr,
             r = in(reg32) rank, options(pure, nomem, nostack));
    }
    d
}

/// `st.shared::cluster.f32 [addr], v;` — PTX ISA 7.8, sm_90. A store to shared memory of
/// any block of the cluster (distributed shared memory).
///
/// # Safety
/// `addr` is a 4-byte-aligned `.shared::cluster` address from [`map_shared`], of a block
/// that has started (after a [`wait`] that follows every block's [`arrive_relaxed`] or
/// [`arrive`]) and has not exited, and no other thread accesses it concurrently.
#[inline(always)]
pub unsafe fn st_shared_f32(addr: u32, v: f32) {
    unsafe {
        asm!("st.shared::cluster.f32 [{p}], {v};", p = in(reg32) addr, v = in(reg32) v, options(nostack))
    }
}

/// `barrier.cluster.arrive;` — PTX ISA 7.8, sm_90 (release semantics by default, PTX ISA
/// 8.0): this thread's memory accesses before it are visible to every thread of the cluster
/// after its [`wait`] for this phase.
///
/// Emitted through LLVM's `llvm.nvvm.barrier.cluster.arrive` (convergent, as
/// [`super::misc::sync_threads`] explains).
///
/// # Safety
/// Every non-exited thread of the cluster arrives once per phase, and waits ([`wait`]) before
/// arriving again.
#[inline(always)]
pub unsafe fn arrive() {
    unsafe { barrier_cluster_arrive() }
}

/// `barrier.cluster.arrive.relaxed;` — PTX ISA 8.0, sm_90: as [`arrive`], without ordering
/// memory accesses (to mark that this block has started).
///
/// # Safety
/// As [`arrive`].
#[inline(always)]
pub unsafe fn arrive_relaxed() {
    unsafe { barrier_cluster_arrive_relaxed() }
}

/// `barrier.cluster.wait;` — PTX ISA 7.8, sm_90 (acquire semantics by default, PTX ISA 8.0):
/// waits until every non-exited thread of the cluster has arrived in the current phase.
///
/// # Safety
/// This thread has arrived ([`arrive`], [`arrive_relaxed`]) in the current phase.
#[inline(always)]
pub unsafe fn wait() {
    unsafe { barrier_cluster_wait() }
}
