//! `cp.async.bulk.tensor`: the Tensor Memory Accelerator copying a box of a tensor described
//! by a `CUtensorMap` from global into shared memory, completing on an mbarrier.
//!
//! The tensor map pointer is a generic address of the 128-byte map (here: in global memory,
//! written by the host before the launch). Coordinates are in elements, innermost first;
//! elements outside the tensor are filled with zeros and still counted as transferred bytes.
use core::arch::asm;

/// `cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
/// [dst], [map, {c0, c1}], [bar];` — PTX ISA 8.0, sm_90.
///
/// # Safety
/// `map` points to a valid 2-D tensor map; `dst` is a shared address aligned as the map
/// requires (16 bytes without swizzle) with room for one box; `bar` is an mbarrier whose
/// current phase expects these bytes.
#[inline(always)]
pub unsafe fn load_2d(dst: u32, map: *const u8, bar: u32, c0: i32, c1: i32) {
    unsafe {
        asm!(
            "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{m}, {{{c0}, {c1}}}], [{b}];",
            d = in(reg32) dst, m = in(reg64) map, b = in(reg32) bar, c0 = in(reg32) c0, c1 = in(reg32) c1,
            options(nostack)
        );
    }
}

/// `cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes
/// [dst], [map, {c0, c1, c2}], [bar];` — PTX ISA 8.0, sm_90.
///
/// # Safety
/// As [`load_2d`], for a 3-D tensor map.
#[inline(always)]
pub unsafe fn load_3d(dst: u32, map: *const u8, bar: u32, c0: i32, c1: i32, c2: i32) {
    unsafe {
        asm!(
            "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{m}, {{{c0}, {c1}, {c2}}}], [{b}];",
            d = in(reg32) dst, m = in(reg64) map, b = in(reg32) bar, c0 = in(reg32) c0, c1 = in(reg32) c1,
            c2 = in(reg32) c2, options(nostack)
        );
    }
}

/// `prefetch.tensormap [map];` — PTX ISA 8.0, sm_90. Brings a tensor map into the cache
/// ahead of its first use.
///
/// # Safety
/// `map` is the generic address of a tensor map.
#[inline(always)]
pub unsafe fn prefetch_map(map: *const u8) {
    unsafe { asm!("prefetch.tensormap [{m}];", m = in(reg64) map, options(nostack)) }
}

/// `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], size,
/// [bar];` — PTX ISA 8.0, sm_90. The bulk copy engine copies `size` contiguous bytes from
/// global to shared memory (no tensor map, no out-of-bounds fill) and completes them on `bar`.
///
/// # Safety
/// `src` is a 16-byte-aligned global address readable for `size` bytes; `dst` a 16-byte-
/// aligned shared address with room for them; `size` a multiple of 16; `bar` an mbarrier whose
/// current phase expects these bytes.
#[inline(always)]
pub unsafe fn load_bulk(dst: u32, src: *const u8, size: u32, bar: u32) {
    unsafe {
        asm!(
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{s}], {n}, [{b}];",
            d = in(reg32) dst, s = in(reg64) src, n = in(reg32) size, b = in(reg32) bar,
            options(nostack)
        );
    }
}
