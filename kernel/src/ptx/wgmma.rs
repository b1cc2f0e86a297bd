//! Warpgroup matrix multiply-accumulate (`wgmma`, sm_90a only) and its shared-memory operand
//! descriptor.
//!
//! A *warpgroup* is four consecutive warps whose first warp index is a multiple of 4; every
//! instruction here is `.sync.aligned` over it: all 128 threads execute it convergently.
use core::arch::asm;

unsafe extern "C" {
    #[link_name = "llvm.nvvm.wgmma.fence.sync.aligned"]
    fn wgmma_fence();
    #[link_name = "llvm.nvvm.wgmma.commit_group.sync.aligned"]
    fn wgmma_commit_group();
    #[link_name = "llvm.nvvm.wgmma.wait_group.sync.aligned"]
    fn wgmma_wait_group(n: i64);
}

/// `wgmma.fence.sync.aligned;` — PTX ISA 8.0, sm_90a. Orders this warpgroup's earlier
/// register writes (the A fragments, the accumulators) before the `wgmma` that follow.
///
/// Through LLVM's convergent intrinsic (as [`super::mma`] does), not `asm!`.
///
/// # Safety
/// Every thread of the warpgroup executes it, convergently.
#[inline(always)]
pub unsafe fn fence() {
    unsafe { wgmma_fence() }
}

/// `wgmma.commit_group.sync.aligned;` — PTX ISA 8.0, sm_90a: the `wgmma` issued since the
/// last commit form one group.
///
/// # Safety
/// Every thread of the warpgroup executes it, convergently.
#[inline(always)]
pub unsafe fn commit_group() {
    unsafe { wgmma_commit_group() }
}

/// `wgmma.wait_group.sync.aligned 0;` — PTX ISA 8.0, sm_90a: waits until every committed
/// group has completed (its accumulators are written, its shared-memory reads done).
///
/// # Safety
/// Every thread of the warpgroup executes it, convergently.
#[inline(always)]
pub unsafe fn wait_all() {
    unsafe { wgmma_wait_group(0) }
}

/// Bytes between the core matrices of a B tile along K ([`m64n32k32_f16_e4m3`]).
pub const B_LBO: u32 = 128;
/// Bytes between the core matrices of a B tile along its columns.
pub const B_SBO: u32 = 256;

/// The shared-memory matrix descriptor [`m64n32k32_f16_e4m3`] builds from a 32-bit address,
/// for the CPU and the docs: a K-major operand without swizzling, core matrices of 8 rows (N)
/// × 16 bytes (K), rows 16 bytes apart, [`B_LBO`] bytes between core matrices along K and
/// [`B_SBO`] along N (PTX ISA 8.0, "Matrix Descriptor Format": start address, leading and
/// stride byte offsets, each `>> 4` in 14 bits; base offset 0; swizzle mode 0). Checked on
/// the H200 (check v163; the swapped reading of the two offsets fails there).
pub const fn kmajor_desc(addr: u32) -> u64 {
    ((addr >> 4) & 0x3FFF) as u64 | ((B_LBO >> 4) as u64) << 16 | ((B_SBO >> 4) as u64) << 32
}

/// `wgmma.mma_async.sync.aligned.m64n32k32.f16.e4m3.e4m3 d, a, b_desc, p, 1, 1;` — PTX ISA
/// 8.0, sm_90a (`QGMMA.64x32x32.F16.E4M3.E4M3`). `D (64×32, f16) = A (64×32 e4m3, registers)
/// · B (32×32 e4m3, 1 KiB of shared memory at `b_addr`, see [`kmajor_desc`]) + (accumulate ?
/// D : 0)`.
///
/// Warp `w` of the warpgroup supplies A rows `16w..16w+16` and receives D rows `16w..16w+16`;
/// with `g = lane / 4`, `t = lane % 4`, lane `(g, t)` holds
/// * `a[0]`: A row `g`, k `4t..4t+4` (four e4m3); `a[1]`: row `g + 8`; `a[2]`, `a[3]`: as
///   `a[0]`, `a[1]` at k `16 + 4t..` (the layout of `mma.m16n8k32`);
/// * `d[2i]`: row `g`, columns `8i + 2t` (low half) and `8i + 2t + 1` (high half); `d[2i + 1]`
///   the same for row `g + 8`.
///
/// The descriptor is built inside the block (three instructions) from the 32-bit address:
/// built in Rust, LLVM hoists every stage's descriptors out of the K loop and holds them in
/// registers (8 per stage). Asynchronous: `d` is valid only after [`commit_group`] and
/// [`wait_all`]; A's registers and B's bytes must not change before then. An `asm!` block (LLVM
/// has no intrinsic for it); its callers keep it out of divergent code (see `crate::gemv`).
///
/// # Safety
/// Every thread of the warpgroup executes it convergently, after [`fence`]; `b_addr` is
/// 16-byte aligned and holds 1 KiB of initialised shared memory that generic-proxy writes were
/// published to the async proxy (`fence.proxy.async`, [`super::memory::fence_proxy_async_shared`])
/// before a barrier.
#[inline(always)]
pub unsafe fn m64n32k32_f16_e4m3(a: [u32; 4], b_addr: u32, d: [u32; 8], accumulate: bool) -> [u32; 8] {
    let mut d = d;
    let [d0, d1, d2, d3, d4, d5, d6, d7] = &mut d;
    unsafe {
        asm!(
            "{{ .reg .pred p; .reg .b32 lo; .reg .b64 desc;",
            "setp.ne.b32 p, {acc}, 0;",
            "bfe.u32 lo, {addr}, 4, 14;",
            "cvt.u64.u32 desc, lo;",
            "or.b64 desc, desc, {fixed};",
            "wgmma.mma_async.sync.aligned.m64n32k32.f16.e4m3.e4m3 {{{d0}, {d1}, {d2}, {d3}, {d4}, {d5}, {d6}, {d7}}}, {{{a0}, {a1}, {a2}, {a3}}}, desc, p, 1, 1; }}",
            d0 = inout(reg32) *d0, d1 = inout(reg32) *d1, d2 = inout(reg32) *d2, d3 = inout(reg32) *d3,
            d4 = inout(reg32) *d4, d5 = inout(reg32) *d5, d6 = inout(reg32) *d6, d7 = inout(reg32) *d7,
            a0 = in(reg32) a[0], a1 = in(reg32) a[1], a2 = in(reg32) a[2], a3 = in(reg32) a[3],
            addr = in(reg32) b_addr, acc = in(reg32) accumulate as u32,
            fixed = const kmajor_desc(0),
            options(nostack),
        );
    }
    d
}
