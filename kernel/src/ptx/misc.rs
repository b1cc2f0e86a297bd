//! Block and warp barriers, trap, programmatic dependent launch (`griddepcontrol`) and special registers.
use core::arch::asm;

unsafe extern "C" {
    #[link_name = "llvm.nvvm.bar.warp.sync"]
    fn bar_warp_sync(mask: u32);
    #[link_name = "llvm.nvvm.barrier.cta.sync.aligned.count"]
    fn barrier_cta_sync_aligned_count(id: u32, count: u32);
}

/// `bar.sync 0;` — PTX ISA 1.0, sm_10 (CUDA's `__syncthreads`).
///
/// Emitted through `core::arch::nvptx::_syncthreads` (LLVM's `llvm.nvvm.barrier0`), not
/// `asm!`: LLVM treats the intrinsic as *convergent* and never duplicates it, whereas it may
/// tail-duplicate an `asm!` block into both arms of a branch. `bar.sync` is `.aligned`: all
/// threads of a warp must execute the same instruction, so a duplicated copy hangs the block
/// (seen on the H200 with the first version of `tma_copy_2d`).
#[inline(always)]
pub fn sync_threads() {
    unsafe { core::arch::nvptx::_syncthreads() }
}

/// `bar.warp.sync 0xffffffff;` — PTX ISA 6.0, sm_30 (CUDA's `__syncwarp()`): the 32 lanes of
/// the warp meet, and each lane's earlier shared-memory writes (e.g. an `mbarrier.init`) are
/// visible to the others afterwards.
///
/// Emitted through LLVM's `llvm.nvvm.bar.warp.sync` intrinsic, which LLVM treats as
/// convergent (as [`sync_threads`]).
#[inline(always)]
pub fn sync_warp() {
    unsafe { bar_warp_sync(0xFFFF_FFFF) }
}

/// `barrier.sync.aligned id, count;` (= `bar.sync id, count;`) — PTX ISA 2.0, sm_20: a named
/// barrier that the `count` threads (a multiple of 32, whole warps) taking part in it meet at;
/// barrier 0 is [`sync_threads`]'s. Emitted through LLVM's convergent intrinsic for the reason
/// [`sync_threads`] gives.
///
/// # Safety
/// `0 < id < 16`; exactly `count` threads, whole warps executing it together, use barrier
/// `id` each time, and no other barrier instruction with `id` runs concurrently.
#[inline(always)]
pub unsafe fn bar_sync_count(id: u32, count: u32) {
    unsafe { barrier_cta_sync_aligned_count(id, count) }
}

/// `griddepcontrol.launch_dependents;` — PTX ISA 7.8, sm_90. Programmatic dependent launch:
/// once every block of this grid has executed it (or exited), the grid launched after it on
/// the stream with the programmatic-serialization attribute may start. Without that
/// attribute it does nothing.
#[inline(always)]
pub fn launch_dependents() {
    unsafe { asm!("griddepcontrol.launch_dependents;", options(nostack)) }
}

/// `griddepcontrol.wait;` — PTX ISA 7.8, sm_90. Programmatic dependent launch: waits until
/// the grids this one depends on have completed and their memory operations are visible.
/// Without the launch attribute (plain stream order) it returns at once. Every access to data
/// an earlier kernel may write must come after it.
#[inline(always)]
pub fn wait_prerequisites() {
    unsafe { asm!("griddepcontrol.wait;", options(nostack)) }
}

/// `mov.u64 d, %globaltimer;` — PTX ISA 3.1, sm_30: a nanosecond timer shared by the GPU
/// (its resolution is coarser than a nanosecond on some GPUs). Each call reads it anew.
#[inline(always)]
pub fn global_timer_ns() -> u64 {
    let d: u64;
    unsafe { asm!("mov.u64 {d}, %globaltimer;", d = out(reg64) d, options(nomem, nostack)) }
    d
}

/// `trap;` — PTX ISA 1.0: aborts the kernel with a launch failure.
#[inline(always)]
pub fn trap() -> ! {
    unsafe { asm!("trap;", options(noreturn, nostack)) }
}

/// `mov.u32 d, %tid.x;`
#[inline(always)]
pub fn thread_idx_x() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %tid.x;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %ctaid.x;`
#[inline(always)]
pub fn block_idx_x() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %ctaid.x;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %ctaid.y;`
#[inline(always)]
pub fn block_idx_y() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %ctaid.y;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %nctaid.x;`
#[inline(always)]
pub fn grid_dim_x() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %nctaid.x;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %ctaid.z;`
#[inline(always)]
pub fn block_idx_z() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %ctaid.z;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %nctaid.z;`
#[inline(always)]
pub fn grid_dim_z() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %nctaid.z;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}

/// `mov.u32 d, %nctaid.y;`
#[inline(always)]
pub fn grid_dim_y() -> u32 {
    let d: u32;
    unsafe { asm!("mov.u32 {d}, %nctaid.y;", d = out(reg32) d, options(pure, nomem, nostack)) }
    d
}
