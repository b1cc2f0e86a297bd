//! Integer byte permutation and three-input logic.
use core::arch::asm;

/// `prmt.b32 d, a, b, c;` — PTX ISA 2.0, sm_20. Byte `i` of `d` is byte `c[4i+2..4i]` of the
/// 8 bytes `{b, a}` (`a` = bytes 0..4), or that byte's sign replicated when bit `4i + 3` of `c`
/// is set. [`crate::formats::prmt_emulated`] is the CPU model the decode is tested with.
#[inline(always)]
pub fn prmt(a: u32, b: u32, c: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("prmt.b32 {d}, {a}, {b}, {c};", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b,
             c = in(reg32) c, options(pure, nomem, nostack));
    }
    d
}

/// `mul.hi.u32 d, a, b;` — PTX ISA 1.0, sm_10: the high 32 bits of the 64-bit product.
/// With `b = 1 << n` this is `a >> (32 - n)` computed on the FMA pipe (`IMAD.HI`) rather
/// than the integer ALU pipe (`SHF`), which the sm_90a decode keeps busy.
#[inline(always)]
pub fn mul_hi_u32(a: u32, b: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("mul.hi.u32 {d}, {a}, {b};", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b,
             options(pure, nomem, nostack));
    }
    d
}

/// `lop3.b32 d, a, b, c, 0x28;` — PTX ISA 4.3, sm_50: `(a ^ b) & c` in one instruction
/// (ptxas does not always fuse a separate `xor` and `and`, microbenchmarks v160/v161).
#[inline(always)]
pub fn xor_and(a: u32, b: u32, c: u32) -> u32 {
    let d: u32;
    unsafe {
        asm!("lop3.b32 {d}, {a}, {b}, {c}, 0x28;", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b,
             c = in(reg32) c, options(pure, nomem, nostack));
    }
    d
}
