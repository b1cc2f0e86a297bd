//! `cvt`: conversions from packed narrow floats to f16x2, and f16 to f32.
use core::arch::asm;

/// Four `cvt.rn.f16x2.e2m1x2 d, byte;` — PTX ISA 8.6, **sm_100a** (also sm_101a, sm_120a);
/// sm_90a has no such instruction. Byte `i` of `w` (two e2m1, low nibble first) becomes word
/// `i` of the result: its low half is the low nibble's value, its high half the high nibble's.
/// Exact: every e2m1 value is an f16.
#[cfg(target_feature = "sm_100a")]
#[inline(always)]
pub fn e2m1x2_to_f16x2_x4(w: u32) -> [u32; 4] {
    let (d0, d1, d2, d3): (u32, u32, u32, u32);
    unsafe {
        asm!(
            "{{ .reg .b8 b0, b1, b2, b3; mov.b32 {{b0, b1, b2, b3}}, {w}; cvt.rn.f16x2.e2m1x2 {d0}, b0; cvt.rn.f16x2.e2m1x2 {d1}, b1; cvt.rn.f16x2.e2m1x2 {d2}, b2; cvt.rn.f16x2.e2m1x2 {d3}, b3; }}",
            w = in(reg32) w, d0 = out(reg32) d0, d1 = out(reg32) d1, d2 = out(reg32) d2, d3 = out(reg32) d3,
            options(pure, nomem, nostack)
        );
    }
    [d0, d1, d2, d3]
}

/// The same four conversions in software, for the sm_90a build with
/// `--cfg nvfp4_emulate_e2m1_cvt`, which runs the sm_100a arithmetic on an H100/H200
/// (`cargo xtask build-ptx --target sm_90a-emulated-sm100`): the bits moved into place
/// ([`crate::formats::e2m1x8_to_f16x2_cvt_order_scaled`], values times `2^-14`), then one
/// `mul.rn.f16x2` by `2^14` per word. Not a PTX instruction: several integer instructions per
/// byte.
#[cfg(all(nvfp4_emulate_e2m1_cvt, not(target_feature = "sm_100a")))]
#[inline(always)]
pub fn e2m1x2_to_f16x2_x4(w: u32) -> [u32; 4] {
    use crate::formats::{F16X2_2_POW_14, e2m1x8_to_f16x2_cvt_order_scaled};
    use crate::ptx::f16x2::mul;
    let s = e2m1x8_to_f16x2_cvt_order_scaled(w);
    [
        mul(s[0], F16X2_2_POW_14),
        mul(s[1], F16X2_2_POW_14),
        mul(s[2], F16X2_2_POW_14),
        mul(s[3], F16X2_2_POW_14),
    ]
}

/// `cvt.rn.f16x2.e4m3x2 d, a;` — PTX ISA 7.8, sm_89. The low byte of `a` becomes the low half
/// of the result. Exact: every e4m3 value is an f16.
#[inline(always)]
pub fn e4m3x2_to_f16x2(a: u16) -> u32 {
    let d: u32;
    unsafe {
        asm!("cvt.rn.f16x2.e4m3x2 {d}, {a};", d = out(reg32) d, a = in(reg16) a,
             options(pure, nomem, nostack));
    }
    d
}

/// `cvt.f32.f16 d, a;` — PTX ISA 1.0 (f16 operands: 4.2), sm_53. Exact.
#[inline(always)]
pub fn f16_to_f32(a: u16) -> f32 {
    let d: f32;
    unsafe {
        asm!("cvt.f32.f16 {d}, {a};", d = out(reg32) d, a = in(reg16) a, options(pure, nomem, nostack));
    }
    d
}

/// `cvt.rn.f16.f32 d, a;` — PTX ISA 1.0 (f16: 4.2), sm_53. Round to nearest even.
#[inline(always)]
pub fn f32_to_f16(a: f32) -> u16 {
    let d: u16;
    unsafe {
        asm!("cvt.rn.f16.f32 {d}, {a};", d = out(reg16) d, a = in(reg32) a, options(pure, nomem, nostack));
    }
    d
}

/// `cvt.rn.bf16.f32 d, a;` — PTX ISA 7.0, sm_80. Round to nearest even.
#[inline(always)]
pub fn f32_to_bf16(a: f32) -> u16 {
    let d: u16;
    unsafe {
        asm!("cvt.rn.bf16.f32 {d}, {a};", d = out(reg16) d, a = in(reg32) a, options(pure, nomem, nostack));
    }
    d
}
