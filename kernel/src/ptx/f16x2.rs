//! Packed half-precision arithmetic on two f16 lanes held in a `u32` (low half = lane 0).
use core::arch::asm;

/// `fma.rn.f16x2 d, a, b, c;` — PTX ISA 4.2, sm_53. Per lane `a·b + c`, one rounding.
#[inline(always)]
pub fn fma(a: u32, b: u32, c: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("fma.rn.f16x2 {d}, {a}, {b}, {c};", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b,
             c = in(reg32) c, options(pure, nomem, nostack));
    }
    d
}

/// `mul.rn.f16x2 d, a, b;` — PTX ISA 4.2, sm_53.
#[inline(always)]
pub fn mul(a: u32, b: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("mul.rn.f16x2 {d}, {a}, {b};", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b,
             options(pure, nomem, nostack));
    }
    d
}

/// `add.rn.f16x2 d, a, b;` — PTX ISA 4.2, sm_53.
#[inline(always)]
pub fn add(a: u32, b: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("add.rn.f16x2 {d}, {a}, {b};", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b,
             options(pure, nomem, nostack));
    }
    d
}

/// `fma.rn.f32 d, a, b, c;` — PTX ISA 4.0, sm_20. (Not packed; here because `f32::mul_add`
/// needs `std`.)
#[inline(always)]
pub fn fma_f32(a: f32, b: f32, c: f32) -> f32 {
    let d: f32;
    unsafe {
        asm!("fma.rn.f32 {d}, {a}, {b}, {c};", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b,
             c = in(reg32) c, options(pure, nomem, nostack));
    }
    d
}
