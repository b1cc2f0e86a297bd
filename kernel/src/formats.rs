//! Bit-level decoders of the two element formats, shared by the kernel and the host.
//!
//! * **FP4 e2m1**: `s e1 e0 m`, exponent bias 1, no inf/NaN. Magnitudes
//!   `{0, 0.5, 1, 1.5, 2, 3, 4, 6}`; code 8 is −0.
//! * **FP8 e4m3** (OCP "fn" variant): `s eeee mmm`, exponent bias 7, subnormals, no inf,
//!   `0x7F`/`0xFF` are NaN, largest finite 448.
//!
//! The integer FP4 → f16x2 decode used on sm_90a (which lacks `cvt.rn.f16x2.e2m1x2`) lives here
//! so that it can be tested on the CPU against every byte value.

/// Values of the 16 e2m1 codes.
pub const E2M1_VALUES: [f32; 16] =
    [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0];

/// Decodes the low nibble of `code` as e2m1.
pub const fn e2m1_to_f32(code: u8) -> f32 {
    E2M1_VALUES[(code & 0xF) as usize]
}

/// Decodes an e4m3 byte (NaN for `0x7F` and `0xFF`).
pub fn e4m3_to_f32(code: u8) -> f32 {
    let sign = if code & 0x80 != 0 { -1.0f32 } else { 1.0 };
    let exp = ((code >> 3) & 0xF) as i32;
    let man = (code & 0x7) as f32;
    if exp == 0xF && code & 0x7 == 0x7 {
        return f32::NAN;
    }
    let mag = if exp == 0 { man / 8.0 * pow2(-6) } else { (1.0 + man / 8.0) * pow2(exp - 7) };
    sign * mag
}

/// `2^e` for small `e`, exactly (no `std` here).
const fn pow2(e: i32) -> f32 {
    f32::from_bits(((e + 127) as u32) << 23)
}

/// `log2` of the factor by which [`e2m1x8_to_f16x2_scaled`] under-scales its outputs.
pub const E2M1_SCALED_LOG2: i32 = 14;

/// The f16 bit pattern of e2m1 nibble `n` times `2^-14`: sign to bit 15 and the three
/// magnitude bits `e1 e0 m` to bits 11..9 (the low two exponent bits and the top mantissa bit).
///
/// Why it is exact: for `e = e1e0 ≥ 1` the f16 reads `2^(e−15)·(1 + m/2)`, and e2m1 is
/// `2^(e−1)·(1 + m/2)`; for `e = 0` the f16 is subnormal, `2^−14·(m/2)`, and e2m1 is `m/2`.
/// Either way the f16 is the e2m1 value times `2^−14`.
pub const fn e2m1_to_f16_bits_scaled(n: u8) -> u16 {
    let n = n as u16 & 0xF;
    ((n & 0x8) << 12) | ((n & 0x7) << 9)
}

/// The sm_90a decode of 8 e2m1 values (nibble `i` of `w` is element `i`) into four f16x2
/// words. Word `j` holds element `j` in its low half and element `j + 4` in its high half;
/// every value is scaled by `2^-14` (see [`e2m1_to_f16_bits_scaled`]).
///
/// Shifts and masks only (compiled to `shf`/`lop3`): the pairing `(j, j + 4)` is chosen so
/// that both halves of a word need the same shift. A dot product is indifferent to the order
/// of its terms as long as both operands use the same decode, and all 8 elements lie in the
/// same 16-element scale block.
#[inline(always)]
pub const fn e2m1x8_to_f16x2_scaled(w: u32) -> [u32; 4] {
    const MAG: u32 = 0x0E00_0E00;
    const SIGN: u32 = 0x8000_8000;
    [
        ((w << 9) & MAG) | ((w << 12) & SIGN),
        ((w << 5) & MAG) | ((w << 8) & SIGN),
        ((w << 1) & MAG) | ((w << 4) & SIGN),
        ((w >> 3) & MAG) | (w & SIGN),
    ]
}

/// Element index (0..8 within the word) that the low and high halves of f16x2 word `j` of
/// [`e2m1x8_to_f16x2_scaled`] hold.
pub const fn scaled_decode_elements(j: usize) -> (usize, usize) {
    (j, j + 4)
}

/// `log2` of the factor by which [`e2m1x8_to_e4m3x8_scaled`] under-scales its outputs.
pub const E4M3_SCALED_LOG2: i32 = 6;

/// The e4m3 byte of e2m1 nibble `n` times `2^-6`: sign to bit 7, magnitude bits `e1 e0 m` to
/// bits 4..2 (the low two exponent bits and the top mantissa bit).
///
/// Why it is exact: for `e = e1e0 ≥ 1` the e4m3 reads `2^(e−7)·(1 + m/2)`, e2m1 is
/// `2^(e−1)·(1 + m/2)`; for `e = 0` the e4m3 is subnormal, `2^−6·(m/2)`, e2m1 is `m/2`.
pub const fn e2m1_to_e4m3_scaled(n: u8) -> u8 {
    ((n & 0x8) << 4) | ((n & 0x7) << 2)
}

/// The sm_90a tensor-core decode of 8 e2m1 values (nibble `i` of `w` is element `i`) into two
/// words of four e4m3 each, every value scaled by `2^-6`: the first word holds the even
/// elements `0, 2, 4, 6` (the low nibbles, byte `j` → byte `j`), the second the odd ones.
/// Seven integer operations for eight elements; the products of two such values are exact
/// (4 significant bits each), and the `mma` accumulates them in fp32.
#[inline(always)]
pub const fn e2m1x8_to_e4m3x8_scaled(w: u32) -> (u32, u32) {
    const SIGN: u32 = 0x8080_8080;
    const MAG: u32 = 0x1C1C_1C1C;
    let even = ((w << 4) & SIGN) | ((w << 2) & MAG);
    let odd = (w & SIGN) | ((w >> 2) & MAG);
    (even, odd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::f16;

    /// The e2m1 table of the OCP MX spec, built from its definition, independent of
    /// `E2M1_VALUES`.
    fn e2m1_from_definition(code: u8) -> f32 {
        let s = if code & 8 != 0 { -1.0 } else { 1.0 };
        let e = ((code >> 1) & 3) as i32;
        let m = (code & 1) as f32;
        s * if e == 0 { m * 0.5 } else { 2f32.powi(e - 1) * (1.0 + m / 2.0) }
    }

    #[test]
    fn e2m1_all_codes() {
        for code in 0..16u8 {
            let v = e2m1_to_f32(code);
            assert_eq!(v.to_bits(), e2m1_from_definition(code).to_bits(), "code {code}");
        }
        assert!(e2m1_to_f32(8).is_sign_negative() && e2m1_to_f32(8) == 0.0);
        assert_eq!(e2m1_to_f32(7), 6.0);
        assert_eq!(e2m1_to_f32(15), -6.0);
    }

    #[test]
    fn e4m3_all_codes() {
        let mut finite = 0;
        for code in 0..=255u8 {
            let v = e4m3_to_f32(code);
            if code & 0x7F == 0x7F {
                assert!(v.is_nan(), "code {code:#x} is NaN");
                continue;
            }
            finite += 1;
            let s = if code & 0x80 != 0 { -1.0f64 } else { 1.0 };
            let e = ((code >> 3) & 0xF) as i32;
            let m = (code & 7) as f64;
            let want = s * if e == 0 { m / 8.0 * 2f64.powi(-6) } else { (1.0 + m / 8.0) * 2f64.powi(e - 7) };
            assert_eq!(v as f64, want, "code {code:#x}");
            // Every e4m3 value is exact in f16, which the kernel relies on.
            assert_eq!(f16::from_f32(v).to_f32(), v, "code {code:#x} exact in f16");
        }
        assert_eq!(finite, 254);
        assert_eq!(e4m3_to_f32(0x7E), 448.0);
        assert_eq!(e4m3_to_f32(0x01), 2f32.powi(-9), "smallest subnormal");
        assert_eq!(e4m3_to_f32(0x08), 2f32.powi(-6), "smallest normal");
        assert!(e4m3_to_f32(0x80) == 0.0 && e4m3_to_f32(0x80).is_sign_negative());
    }

    #[test]
    fn scaled_nibble_decode_is_exact() {
        for n in 0..16u8 {
            let h = f16::from_bits(e2m1_to_f16_bits_scaled(n));
            let v = h.to_f32() * 2f32.powi(E2M1_SCALED_LOG2);
            assert_eq!(v.to_bits(), e2m1_to_f32(n).to_bits(), "nibble {n}");
        }
    }

    #[test]
    fn word_decode_all_bytes_in_every_position() {
        for byte in 0..=255u32 {
            for pos in 0..4 {
                let w = byte << (8 * pos) | (0x5A5A_5A5A & !(0xFF << (8 * pos)));
                let out = e2m1x8_to_f16x2_scaled(w);
                for (j, word) in out.iter().enumerate() {
                    let (lo, hi) = scaled_decode_elements(j);
                    for (half_bits, elem) in [(*word as u16, lo), ((*word >> 16) as u16, hi)] {
                        let nib = ((w >> (4 * elem)) & 0xF) as u8;
                        assert_eq!(half_bits, e2m1_to_f16_bits_scaled(nib), "w {w:#x} j {j}");
                    }
                }
            }
        }
    }

    #[test]
    fn e4m3_nibble_decode_is_exact() {
        for n in 0..16u8 {
            let v = e4m3_to_f32(e2m1_to_e4m3_scaled(n)) * 2f32.powi(E4M3_SCALED_LOG2);
            assert_eq!(v.to_bits(), e2m1_to_f32(n).to_bits(), "nibble {n}");
        }
    }

    #[test]
    fn e4m3_word_decode_all_bytes_in_every_position() {
        for byte in 0..=255u32 {
            for pos in 0..4 {
                let w = (byte << (8 * pos)) | (0xA5C3_3CA5 & !(0xFF << (8 * pos)));
                let (even, odd) = e2m1x8_to_e4m3x8_scaled(w);
                for j in 0..4 {
                    let lo = ((w >> (8 * j)) & 0xF) as u8;
                    let hi = ((w >> (8 * j + 4)) & 0xF) as u8;
                    assert_eq!((even >> (8 * j)) as u8, e2m1_to_e4m3_scaled(lo), "w {w:#x} even {j}");
                    assert_eq!((odd >> (8 * j)) as u8, e2m1_to_e4m3_scaled(hi), "w {w:#x} odd {j}");
                }
            }
        }
    }
}
