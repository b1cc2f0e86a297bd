//! Address conversion and the explicit-state-space loads and stores the kernels need.
use core::arch::asm;

/// `cvta.to.shared.u64` + `cvt.u32.u64` — PTX ISA 2.0, sm_20: the 32-bit `.shared::cta`
/// address of a generic pointer into shared memory (CUDA's `__cvta_generic_to_shared`).
#[inline(always)]
pub fn shared_addr<T>(p: *const T) -> u32 {
    let a: u32;
    unsafe {
        // Address arithmetic only: nothing is read, but the pointer's provenance is used, so
        // no `nomem`.
        asm!("{{ .reg .b64 t; cvta.to.shared.u64 t, {p}; cvt.u32.u64 {a}, t; }}", a = out(reg32) a,
             p = in(reg64) p, options(pure, readonly, nostack));
    }
    a
}

/// `ld.shared.v4.b32 {d0, d1, d2, d3}, [addr];` — PTX ISA 2.0, sm_20. One 16-byte load.
///
/// # Safety
/// `addr` is a 16-byte-aligned shared address of initialised memory.
#[inline(always)]
pub unsafe fn ld_shared_v4(addr: u32) -> [u32; 4] {
    let (a, b, c, d): (u32, u32, u32, u32);
    unsafe {
        asm!("ld.shared.v4.b32 {{{a}, {b}, {c}, {d}}}, [{p}];", a = out(reg32) a, b = out(reg32) b,
             c = out(reg32) c, d = out(reg32) d, p = in(reg32) addr, options(readonly, nostack));
    }
    [a, b, c, d]
}

/// `ld.shared.v2.b32 {d0, d1}, [addr];` — PTX ISA 2.0, sm_20. One 8-byte load.
///
/// # Safety
/// `addr` is an 8-byte-aligned shared address of initialised memory.
#[inline(always)]
pub unsafe fn ld_shared_v2(addr: u32) -> [u32; 2] {
    let (a, b): (u32, u32);
    unsafe {
        asm!("ld.shared.v2.b32 {{{a}, {b}}}, [{p}];", a = out(reg32) a, b = out(reg32) b,
             p = in(reg32) addr, options(readonly, nostack));
    }
    [a, b]
}

/// `st.shared.v2.b32 [addr], {v0, v1};` — PTX ISA 2.0, sm_20. One 8-byte store.
///
/// # Safety
/// `addr` is an 8-byte-aligned shared address no other thread accesses concurrently.
#[inline(always)]
pub unsafe fn st_shared_v2(addr: u32, v: [u32; 2]) {
    unsafe {
        asm!("st.shared.v2.b32 [{p}], {{{a}, {b}}};", p = in(reg32) addr, a = in(reg32) v[0],
             b = in(reg32) v[1], options(nostack));
    }
}

/// `st.shared.v4.b32 [addr], {v0, v1, v2, v3};` — PTX ISA 2.0, sm_20. One 16-byte store.
///
/// # Safety
/// `addr` is a 16-byte-aligned shared address no other thread accesses concurrently.
#[inline(always)]
pub unsafe fn st_shared_v4(addr: u32, v: [u32; 4]) {
    unsafe {
        asm!("st.shared.v4.b32 [{p}], {{{a}, {b}, {c}, {d}}};", p = in(reg32) addr, a = in(reg32) v[0],
             b = in(reg32) v[1], c = in(reg32) v[2], d = in(reg32) v[3], options(nostack));
    }
}

/// `ld.shared.b16 d, [addr];` — PTX ISA 2.0, sm_20.
///
/// # Safety
/// `addr` is a 2-byte-aligned shared address of initialised memory.
#[inline(always)]
pub unsafe fn ld_shared_u16(addr: u32) -> u16 {
    let d: u16;
    unsafe {
        asm!("ld.shared.b16 {d}, [{p}];", d = out(reg16) d, p = in(reg32) addr, options(readonly, nostack));
    }
    d
}

/// `ld.shared.v4.b8`-free byte load: `ld.shared.u8` widened — PTX ISA 2.0, sm_20.
///
/// # Safety
/// `addr` is a shared address of initialised memory.
#[inline(always)]
pub unsafe fn ld_shared_u8(addr: u32) -> u8 {
    let d: u16;
    unsafe {
        asm!("ld.shared.u8 {d}, [{p}];", d = out(reg16) d, p = in(reg32) addr, options(readonly, nostack));
    }
    d as u8
}

/// `st.global.cs.b16 [p], v;` — PTX ISA 2.0, sm_20. A streaming store (evict-first): the
/// output is not read again by this kernel.
///
/// # Safety
/// `p` is a valid, 2-byte-aligned global address.
#[inline(always)]
pub unsafe fn st_global_cs_u16(p: *mut u16, v: u16) {
    unsafe { asm!("st.global.cs.b16 [{p}], {v};", p = in(reg64) p, v = in(reg16) v, options(nostack)) }
}

/// `st.global.u8 [p], v;` — PTX ISA 1.0, sm_10.
///
/// # Safety
/// `p` is a valid global address.
#[inline(always)]
pub unsafe fn st_global_u8(p: *mut u8, v: u8) {
    unsafe { asm!("st.global.u8 [{p}], {v};", p = in(reg64) p, v = in(reg16) v as u16, options(nostack)) }
}

/// `prefetch.global.L2 [p];` — PTX ISA 2.0, sm_20. Brings the line holding `p` into the L2
/// cache through the load path; a hint, nothing is returned or waited for.
///
/// # Safety
/// `p` is a global address.
#[inline(always)]
pub unsafe fn prefetch_global_l2(p: *const u8) {
    unsafe { asm!("prefetch.global.L2 [{p}];", p = in(reg64) p, options(nostack)) }
}

/// `ld.global.nc.v4.b32 {d0, d1, d2, d3}, [p];` — PTX ISA 2.0, sm_35. A 16-byte load through
/// the non-coherent (read-only) path.
///
/// # Safety
/// `p` is a valid, 16-byte-aligned global address not written during the kernel.
#[inline(always)]
pub unsafe fn ld_global_nc_v4(p: *const [u32; 4]) -> [u32; 4] {
    let (a, b, c, d): (u32, u32, u32, u32);
    unsafe {
        asm!("ld.global.nc.v4.b32 {{{a}, {b}, {c}, {d}}}, [{p}];", a = out(reg32) a, b = out(reg32) b,
             c = out(reg32) c, d = out(reg32) d, p = in(reg64) p, options(readonly, nostack));
    }
    [a, b, c, d]
}

/// `st.shared.f32 [addr], v;` — PTX ISA 1.0, sm_10.
///
/// # Safety
/// `addr` is a 4-byte-aligned shared address.
#[inline(always)]
pub unsafe fn st_shared_f32(addr: u32, v: f32) {
    unsafe { asm!("st.shared.f32 [{p}], {v};", p = in(reg32) addr, v = in(reg32) v, options(nostack)) }
}

/// `ld.shared.f32 d, [addr];` — PTX ISA 1.0, sm_10.
///
/// # Safety
/// `addr` is a 4-byte-aligned shared address of initialised memory.
#[inline(always)]
pub unsafe fn ld_shared_f32(addr: u32) -> f32 {
    let d: f32;
    unsafe {
        asm!("ld.shared.f32 {d}, [{p}];", d = out(reg32) d, p = in(reg32) addr, options(readonly, nostack))
    }
    d
}

/// `st.global.f32 [p], v;` — PTX ISA 1.0, sm_10.
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address.
#[inline(always)]
pub unsafe fn st_global_f32(p: *mut f32, v: f32) {
    unsafe { asm!("st.global.f32 [{p}], {v};", p = in(reg64) p, v = in(reg32) v, options(nostack)) }
}

/// `st.global.u32 [p], v;` — PTX ISA 1.0, sm_10.
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address.
#[inline(always)]
pub unsafe fn st_global_u32(p: *mut u32, v: u32) {
    unsafe { asm!("st.global.u32 [{p}], {v};", p = in(reg64) p, v = in(reg32) v, options(nostack)) }
}

/// `ld.global.cg.f32 d, [p];` — PTX ISA 2.0, sm_20. Cached in L2 only, so it sees what other
/// blocks wrote before a fence (L1 is not coherent).
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address.
#[inline(always)]
pub unsafe fn ld_global_cg_f32(p: *const f32) -> f32 {
    let d: f32;
    unsafe {
        asm!("ld.global.cg.f32 {d}, [{p}];", d = out(reg32) d, p = in(reg64) p, options(readonly, nostack))
    }
    d
}

/// `st.relaxed.gpu.global.u32 [p], v;` — PTX ISA 6.0, sm_70. A strong store at GPU scope:
/// a thread of another block polling `p` with [`ld_relaxed_gpu_u32`] sees the old value or
/// this one, never a torn or stale-forever one.
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address.
#[inline(always)]
pub unsafe fn st_relaxed_gpu_u32(p: *mut u32, v: u32) {
    unsafe {
        asm!("st.relaxed.gpu.global.u32 [{p}], {v};", p = in(reg64) p, v = in(reg32) v, options(nostack))
    }
}

/// `ld.relaxed.gpu.global.u32 d, [p];` — PTX ISA 6.0, sm_70. A strong load at GPU scope (not
/// cached in L1, not merged with other loads of `p`): the polling side of
/// [`st_relaxed_gpu_u32`].
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address.
#[inline(always)]
pub unsafe fn ld_relaxed_gpu_u32(p: *const u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("ld.relaxed.gpu.global.u32 {d}, [{p}];", d = out(reg32) d, p = in(reg64) p, options(nostack))
    }
    d
}

/// `atom.global.add.u32 d, [p], v;` — PTX ISA 1.1, sm_11. Returns the old value.
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address.
#[inline(always)]
pub unsafe fn atom_add_global_u32(p: *mut u32, v: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("atom.global.add.u32 {d}, [{p}], {v};", d = out(reg32) d, p = in(reg64) p, v = in(reg32) v,
             options(nostack));
    }
    d
}

/// `fence.proxy.async.shared::cta;` — PTX ISA 8.0, sm_90: makes this thread's earlier
/// generic-proxy writes to shared memory visible to later async-proxy reads (`wgmma`'s
/// descriptor operands), once a barrier orders the two.
#[inline(always)]
pub fn fence_proxy_async_shared() {
    unsafe { asm!("fence.proxy.async.shared::cta;", options(nostack)) }
}

/// `fence.acq_rel.gpu;` — PTX ISA 6.0, sm_70 (CUDA's `__threadfence`): orders this thread's
/// memory accesses before and after it, as seen by every thread of the GPU.
#[inline(always)]
pub fn fence_acq_rel_gpu() {
    unsafe { asm!("fence.acq_rel.gpu;", options(nostack)) }
}

/// `st.shared.u32 [addr], v;` — PTX ISA 1.0, sm_10.
///
/// # Safety
/// `addr` is a 4-byte-aligned shared address.
#[inline(always)]
pub unsafe fn st_shared_u32(addr: u32, v: u32) {
    unsafe { asm!("st.shared.u32 [{p}], {v};", p = in(reg32) addr, v = in(reg32) v, options(nostack)) }
}

/// `ld.shared.u32 d, [addr];` — PTX ISA 1.0, sm_10.
///
/// # Safety
/// `addr` is a 4-byte-aligned shared address of initialised memory.
#[inline(always)]
pub unsafe fn ld_shared_u32(addr: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("ld.shared.u32 {d}, [{p}];", d = out(reg32) d, p = in(reg32) addr, options(readonly, nostack))
    }
    d
}

/// `ld.global.u16 d, [p];` — PTX ISA 1.0, sm_10. (Not `.nc`: the epilogue may read the
/// element it is about to overwrite.)
///
/// # Safety
/// `p` is a valid, 2-byte-aligned global address.
#[inline(always)]
pub unsafe fn ld_global_u16(p: *const u16) -> u16 {
    let d: u16;
    unsafe {
        asm!("ld.global.u16 {d}, [{p}];", d = out(reg16) d, p = in(reg64) p, options(readonly, nostack))
    }
    d
}

/// `ld.global.nc.b32 d, [p];` — PTX ISA 2.0, sm_35. A 4-byte load through the non-coherent
/// (read-only) path.
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address not written during the kernel.
#[inline(always)]
pub unsafe fn ld_global_nc_u32(p: *const u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("ld.global.nc.b32 {d}, [{p}];", d = out(reg32) d, p = in(reg64) p, options(readonly, nostack))
    }
    d
}

/// `ld.global.nc.u8 d, [p];` — PTX ISA 2.0, sm_35. A 1-byte load through the non-coherent
/// (read-only) path, zero-extended.
///
/// # Safety
/// `p` is a valid global address not written during the kernel.
#[inline(always)]
pub unsafe fn ld_global_nc_u8(p: *const u8) -> u8 {
    let d: u16;
    unsafe {
        asm!("ld.global.nc.u8 {d}, [{p}];", d = out(reg16) d, p = in(reg64) p, options(readonly, nostack))
    }
    d as u8
}

/// `ld.global.nc.L1::no_allocate.L2::256B.v4.b32 {d0, d1, d2, d3}, [p];` — PTX ISA 7.4,
/// sm_80. A 16-byte load through the non-coherent path for streamed data: the line is not
/// allocated in L1, and the L2 fetches the whole 256-byte block around it from DRAM (its
/// other bytes are read soon by other lanes or warps).
///
/// # Safety
/// `p` is a valid, 16-byte-aligned global address not written during the kernel.
#[inline(always)]
pub unsafe fn ld_global_nc_stream_v4(p: *const [u32; 4]) -> [u32; 4] {
    let (a, b, c, d): (u32, u32, u32, u32);
    unsafe {
        asm!("ld.global.nc.L1::no_allocate.L2::256B.v4.b32 {{{a}, {b}, {c}, {d}}}, [{p}];", a = out(reg32) a,
             b = out(reg32) b, c = out(reg32) c, d = out(reg32) d, p = in(reg64) p, options(readonly, nostack));
    }
    [a, b, c, d]
}
