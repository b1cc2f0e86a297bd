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
///
/// Not used by the kernel today: it was the sm_90a decode of the first version (f16x2 FMAs;
/// ~4 integer instructions per f16x2, see BENCHMARKS.md, v1), kept as a tested building block.
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

/// Four `cvt.rn.f16x2.e2m1x2` in software, but for a factor: byte `i` of `w` (two e2m1, low
/// nibble first) becomes word `i`, its low nibble's f16 in the low half and its high nibble's
/// in the high half, as the PTX ISA (8.6) defines the instruction, each value times `2^-14`
/// (the bits of [`e2m1_to_f16_bits_scaled`]). An f16x2 multiply by `2^14` makes it the
/// instruction's result exactly (a power of two, no overflow; `−0` stays `−0`).
///
/// The `nvfp4_emulate_e2m1_cvt` build runs the sm_100a arithmetic on sm_90a with this (and
/// the multiply) in place of the instruction (`crate::ptx::cvt`), so that an H100/H200 runs
/// everything of the B200 build but the instruction itself.
#[inline(always)]
pub const fn e2m1x8_to_f16x2_cvt_order_scaled(w: u32) -> [u32; 4] {
    const fn pair(byte: u32) -> u32 {
        ((byte & 0x7) << 9) | ((byte & 0x8) << 12) | ((byte & 0x70) << 21) | ((byte & 0x80) << 24)
    }
    [pair(w & 0xFF), pair((w >> 8) & 0xFF), pair((w >> 16) & 0xFF), pair(w >> 24)]
}

/// `2^14` in both halves of an f16x2: the factor [`e2m1x8_to_f16x2_cvt_order_scaled`] leaves out.
pub const F16X2_2_POW_14: u32 = 0x7400_7400;

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
///
/// The sm_90a FP8 route's producer uses it for `b`, interleaved into element order (the A
/// fragment's order) by [`e2m1x8_to_e4m3x8_in_order_prmt`]; its consumers decode prepacked
/// words of `a` instead ([`fp8_decode_prepacked`]: four operations instead of these seven).
/// sm_90 has no native FP8 `mma.sync` (ptxas expands it into conversions and f16 `HMMA`;
/// BENCHMARKS.md, v2), only `wgmma`.
#[inline(always)]
pub const fn e2m1x8_to_e4m3x8_scaled(w: u32) -> (u32, u32) {
    const SIGN: u32 = 0x8080_8080;
    const MAG: u32 = 0x1C1C_1C1C;
    let even = ((w << 4) & SIGN) | ((w << 2) & MAG);
    let odd = (w & SIGN) | ((w >> 2) & MAG);
    (even, odd)
}

/// The byte mask of the e4m3 fields the FP8 route's decode fills: sign (bit 7), the low two
/// exponent bits and the top mantissa bit (bits 4..2), in each byte; see
/// [`fp8_decode_prepacked`].
pub const FP8_ROUTE_MASK: u32 = 0x9C9C_9C9C;

/// The FP8 route's decode of one *prepacked* word ([`fp8_prepack`]) into two words of four
/// e4m3 each, every value `2^-6` times its e2m1 element: `w & M` and `((w << 2) ^ (w >> 2)) & M`
/// with `M` = [`FP8_ROUTE_MASK`]. Four instructions for eight elements on sm_90a (a `LOP3`,
/// an `IMAD.SHL`, a `SHF` and one three-input `LOP3`), against seven for the `prmt` lookups
/// of [`e2m1x8_to_s8x2_pos_neg`]; the e4m3 words feed `wgmma…e4m3` (the only native FP8 MMA
/// on sm_90a).
///
/// The sm_90a kernel's 32-row tiles use it (`kernel::gemv::compute_fp8`, with the second word
/// in one three-input `LOP3`); measured in microbenchmarks v160–v162 and in the kernel
/// (BENCHMARKS.md, "Twenty-second session"). Both functions are linear over GF(2), which is
/// how [`fp8_prepack`] inverts this one.
#[inline(always)]
pub const fn fp8_decode_prepacked(w: u32) -> (u32, u32) {
    (w & FP8_ROUTE_MASK, ((w << 2) ^ (w >> 2)) & FP8_ROUTE_MASK)
}

/// Eight e2m1 (nibble `i` of `w` is element `i`) as two words of four e4m3 in element order:
/// byte `j` of the first is element `j`, byte `j` of the second element `4 + j`, each
/// [`e2m1_to_e4m3_scaled`] (`2^-6` times the value). The placement of the `mma`/`wgmma` A
/// fragment that the sm_90a consumers already use (the `prmt` decode's `p[0]`, `p[1]`).
pub const fn e2m1x8_to_e4m3x8_in_order(w: u32) -> (u32, u32) {
    let mut out = [0u32; 2];
    let mut i = 0;
    while i < 8 {
        let byte = e2m1_to_e4m3_scaled(((w >> (4 * i)) & 0xF) as u8) as u32;
        out[i / 4] |= byte << (8 * (i % 4));
        i += 1;
    }
    (out[0], out[1])
}

/// [`e2m1x8_to_e4m3x8_in_order`] in nine instructions, for the sm_90a FP8 route's producer,
/// which converts every word of `b` of every stage while the `ready` barrier waits on it:
/// [`e2m1x8_to_e4m3x8_scaled`]'s even and odd words, interleaved bytewise by
/// two `prmt` (selectors `0x5140`: even 0, odd 0, even 1, odd 1; `0x7362`: bytes 2 and 3).
/// The element loop it replaces compiled to ~40 instructions per word on sm_90a.
#[inline(always)]
pub fn e2m1x8_to_e4m3x8_in_order_prmt(w: u32) -> (u32, u32) {
    let (even, odd) = e2m1x8_to_e4m3x8_scaled(w);
    (prmt(even, odd, 0x5140), prmt(even, odd, 0x7362))
}

/// The 16 bits of `x` at the positions of [`FP8_ROUTE_MASK`], packed into bits `0..16`.
const fn gather_mask_bits(x: u32) -> u32 {
    let (mut out, mut j, mut p) = (0u32, 0, 0);
    while p < 32 {
        if FP8_ROUTE_MASK >> p & 1 != 0 {
            out |= (x >> p & 1) << j;
            j += 1;
        }
        p += 1;
    }
    out
}

/// [`fp8_decode_prepacked`]'s two words as one 32-bit vector (first word's mask bits low).
const fn decode_packed(w: u32) -> u32 {
    let (x0, x1) = fp8_decode_prepacked(w);
    gather_mask_bits(x0) | gather_mask_bits(x1) << 16
}

/// Column `i` of the prepacking map: the prepacked word of the standard word `1 << i`.
/// Gauss–Jordan elimination over GF(2) of [`decode_packed`] (rows: `decode | input << 32`),
/// then each standard bit's target e4m3 bits taken through the inverse. Panics (at compile
/// time) if the decode were not invertible.
const PREPACK_COLUMNS: [u32; 32] = {
    // rows[i] = decode_packed(1 << i) in the low half, 1 << i in the high half.
    let mut rows = [0u64; 32];
    let mut i = 0;
    while i < 32 {
        rows[i] = decode_packed(1 << i) as u64 | (1u64 << (32 + i));
        i += 1;
    }
    // Reduce the low halves to the identity: afterwards row j maps to output bit j.
    let mut col = 0;
    while col < 32 {
        let mut r = col;
        while r < 32 && rows[r] >> col & 1 == 0 {
            r += 1;
        }
        assert!(r < 32, "the FP8 route's decode is invertible");
        let t = rows[r];
        rows[r] = rows[col];
        rows[col] = t;
        let mut k = 0;
        while k < 32 {
            if k != col && rows[k] >> col & 1 != 0 {
                rows[k] ^= rows[col];
            }
            k += 1;
        }
        col += 1;
    }
    // inverse[j]: the prepacked word whose decode is packed output bit j alone.
    let mut cols = [0u32; 32];
    let mut i = 0;
    while i < 32 {
        let (x0, x1) = e2m1x8_to_e4m3x8_in_order(1 << i);
        let target = gather_mask_bits(x0) | gather_mask_bits(x1) << 16;
        let mut w = 0u32;
        let mut j = 0;
        while j < 32 {
            if target >> j & 1 != 0 {
                w ^= (rows[j] >> 32) as u32;
            }
            j += 1;
        }
        cols[i] = w;
        i += 1;
    }
    cols
};

/// [`PREPACK_COLUMNS`] as four 256-entry tables, one per byte of the standard word.
const PREPACK_TABLES: [[u32; 256]; 4] = {
    let mut t = [[0u32; 256]; 4];
    let mut b = 0;
    while b < 4 {
        let mut v = 0;
        while v < 256 {
            let mut w = 0u32;
            let mut bit = 0;
            while bit < 8 {
                if v >> bit & 1 != 0 {
                    w ^= PREPACK_COLUMNS[8 * b + bit];
                }
                bit += 1;
            }
            t[b][v] = w;
            v += 1;
        }
        b += 1;
    }
    t
};

/// The FP8 route's weight layout: the word that [`fp8_decode_prepacked`] turns into
/// [`e2m1x8_to_e4m3x8_in_order`]`(w)`. A permutation of the 32 bits mixed by XOR (linear over
/// GF(2) and invertible), word by word, so tensor maps, strides and scales stay as they are:
/// the host applies it to `a` once, at upload, for the entry points that run the FP8 route
/// (`host::gpu::Gpu::prepacks_a`).
#[inline]
pub const fn fp8_prepack(w: u32) -> u32 {
    PREPACK_TABLES[0][(w & 0xFF) as usize]
        ^ PREPACK_TABLES[1][(w >> 8 & 0xFF) as usize]
        ^ PREPACK_TABLES[2][(w >> 16 & 0xFF) as usize]
        ^ PREPACK_TABLES[3][(w >> 24) as usize]
}

/// [`fp8_prepack`] over a buffer of FP4 bytes, in place: each 4-byte little-endian word
/// (elements `8i..8i+8`, low nibble first) becomes its prepacked word. The length must be a
/// multiple of 4 (a row of `a` is `k/2` bytes with `k` a multiple of 64).
pub fn fp8_prepack_in_place(bytes: &mut [u8]) {
    debug_assert!(bytes.len().is_multiple_of(4));
    for w in bytes.chunks_exact_mut(4) {
        let v = fp8_prepack(u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
        w.copy_from_slice(&v.to_le_bytes());
    }
}

/// PTX `prmt.b32 d, a, b, c` in its default mode, for the CPU: byte `i` of the result is byte
/// `c[4i+2 .. 4i]` of the 8-byte value `{b, a}` (a = bytes 0..4), or, when bit `4i + 3` of
/// `c` is set, that byte's sign bit replicated (`0x00` or `0xFF`). On the GPU
/// `crate::ptx::int::prmt` (nvptx64 only) is the instruction itself.
pub const fn prmt_emulated(a: u32, b: u32, c: u32) -> u32 {
    let src = (a as u64) | ((b as u64) << 32);
    let mut d = 0u32;
    let mut i = 0;
    while i < 4 {
        let sel = (c >> (4 * i)) & 0xF;
        let byte = (src >> (8 * (sel & 7))) as u8;
        let out = if sel & 8 != 0 { if byte & 0x80 != 0 { 0xFF } else { 0x00 } } else { byte };
        d |= (out as u32) << (8 * i);
        i += 1;
    }
    d
}

/// `prmt` on the GPU, its emulation on the CPU: the decode below is the same code on both.
#[inline(always)]
fn prmt(a: u32, b: u32, c: u32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        crate::ptx::int::prmt(a, b, c)
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        prmt_emulated(a, b, c)
    }
}

/// Twice the e2m1 magnitudes `{0, 0.5, 1, 1.5, 2, 3, 4, 6}` as bytes, low word: codes 0..4.
pub const E2M1_X2_LUT_LO: u32 = u32::from_le_bytes([0, 1, 2, 3]);
/// Twice the e2m1 magnitudes, high word: codes 4..8.
pub const E2M1_X2_LUT_HI: u32 = u32::from_le_bytes([4, 6, 8, 12]);

/// The sm_90a integer decode: 8 e2m1 (nibble `i` of `w` is element `i`) as int8 of twice their
/// value, split by sign: `pos` holds `2|v|` where `v ≥ 0` and 0 elsewhere, `neg` holds `2|v|`
/// where `v < 0` (code 8, −0, gives 0 in both). Word 0 of each holds elements 0..4 (byte `i` =
/// element `i`), word 1 elements 4..8.
///
/// Seven instructions: each `prmt` looks four nibbles up in the 8-byte table at once, and its
/// sign-replicate mode (selector bit 3 = the e2m1 sign bit) turns the lookup of a negative
/// code into 0, because every table byte is below 0x80. Flipping the sign bits first
/// (`w ^ 0x8888_8888`) gives the negative half the same way. `v = pos − neg`, and int8
/// `mma` (`IMMA`, native on sm_80 and later) multiplies both halves exactly.
#[inline(always)]
pub fn e2m1x8_to_s8x2_pos_neg(w: u32) -> ([u32; 2], [u32; 2]) {
    let x = w ^ 0x8888_8888;
    let (lo, hi) = (E2M1_X2_LUT_LO, E2M1_X2_LUT_HI);
    let pos = [prmt(lo, hi, w), prmt(lo, hi, high_half(w))];
    let neg = [prmt(lo, hi, x), prmt(lo, hi, high_half(x))];
    (pos, neg)
}

/// `w >> 16`, on the GPU as `mul.hi.u32 w, 1 << 16` (`IMAD.HI`, the FMA pipe) so that the
/// decode's shifts do not compete with its `prmt`s for the integer ALU pipe.
#[inline(always)]
fn high_half(w: u32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        crate::ptx::int::mul_hi_u32(w, 1 << 16)
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        w >> 16
    }
}

/// 8 e2m1 (nibble `i` of `w` is element `i`) as signed int8 of twice their value: word 0
/// holds elements 0..4 (byte `i` = element `i`), word 1 elements 4..8. The positive and
/// negative parts of [`e2m1x8_to_s8x2_pos_neg`], subtracted bytewise ([`sub_s8x4`]). The
/// producer warp decodes `b` this way once per block.
#[inline(always)]
pub fn e2m1x8_to_s8x2(w: u32) -> [u32; 2] {
    let (p, n) = e2m1x8_to_s8x2_pos_neg(w);
    [sub_s8x4(p[0], n[0]), sub_s8x4(p[1], n[1])]
}

/// Bytewise `p − n` as int8, for `p` and `n` bytes in `0..=127` (no borrow crosses a byte:
/// each byte is computed as `(p + 128 − n)`, which stays in `1..=255`, then re-biased).
#[inline(always)]
pub const fn sub_s8x4(p: u32, n: u32) -> u32 {
    ((p | 0x8080_8080).wrapping_sub(n)) ^ 0x8080_8080
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
    fn cvt_model_decodes_every_byte_in_every_position() {
        let scale = f16::from_bits(F16X2_2_POW_14 as u16);
        assert_eq!(scale.to_f32(), 16384.0);
        assert_eq!(F16X2_2_POW_14 >> 16, F16X2_2_POW_14 & 0xFFFF);
        for byte in 0..=255u32 {
            for pos in 0..4 {
                let w = (byte << (8 * pos)) | (0x5A5A_5A5A & !(0xFF << (8 * pos)));
                let word = e2m1x8_to_f16x2_cvt_order_scaled(w)[pos];
                for (half_bits, nibble) in
                    [(word as u16, byte as u8), ((word >> 16) as u16, (byte >> 4) as u8)]
                {
                    // What `mul.rn.f16x2` by 2^14 gives (exact: a power of two, no overflow).
                    let got = f16::from_f32(f16::from_bits(half_bits).to_f32() * 16384.0);
                    let want = f16::from_f32(e2m1_to_f32(nibble));
                    assert_eq!(got.to_bits(), want.to_bits(), "w {w:#x} nibble {nibble:#x}");
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

    #[test]
    fn prmt_emulation_matches_the_ptx_definition() {
        let (a, b) = (0x8877_6655u32, 0x4433_2211u32);
        assert_eq!(prmt_emulated(a, b, 0x3210), a);
        assert_eq!(prmt_emulated(a, b, 0x7654), b);
        assert_eq!(prmt_emulated(a, b, 0x0000), 0x5555_5555);
        // Selectors F, 0, B, C: b3 = 0x44 replicated (0x00), a0 = 0x55, a3 = 0x88 replicated
        // (0xFF), b0 = 0x11 replicated (0x00).
        assert_eq!(prmt_emulated(a, b, 0xCB0F), 0x00FF_5500);
    }

    #[test]
    fn s8_decode_all_bytes_in_every_position() {
        for byte in 0..=255u32 {
            for pos in 0..4 {
                let w = (byte << (8 * pos)) | (0x3C96_A50F & !(0xFF << (8 * pos)));
                let (p, n) = e2m1x8_to_s8x2_pos_neg(w);
                for e in 0..8 {
                    let code = ((w >> (4 * e)) & 0xF) as u8;
                    let want = 2.0 * e2m1_to_f32(code);
                    let (word, shift) = (e / 4, 8 * (e % 4));
                    let pb = (p[word] >> shift) as u8 as f32;
                    let nb = (n[word] >> shift) as u8 as f32;
                    assert_eq!(pb - nb, want, "w {w:#x} element {e}");
                    assert!(pb == 0.0 || nb == 0.0);
                    let s = sub_s8x4(p[word], n[word]);
                    assert_eq!((s >> shift) as u8 as i8 as f32, want);
                    assert_eq!((e2m1x8_to_s8x2(w)[word] >> shift) as u8 as i8 as f32, want);
                }
            }
        }
    }

    #[test]
    fn e2m1x8_to_e4m3x8_in_order_prmt_equals_the_element_loop() {
        // Every byte in every position over three backgrounds, then pseudo-random words.
        for background in [0u32, 0xFFFF_FFFF, 0x3C96_A50F] {
            for byte in 0..=255u32 {
                for pos in 0..4 {
                    let w = (background & !(0xFF << (8 * pos))) | byte << (8 * pos);
                    assert_eq!(
                        e2m1x8_to_e4m3x8_in_order_prmt(w),
                        e2m1x8_to_e4m3x8_in_order(w),
                        "w {w:#010x}"
                    );
                }
            }
        }
        let mut x = 0x9E37_79B9u32;
        for _ in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            assert_eq!(e2m1x8_to_e4m3x8_in_order_prmt(x), e2m1x8_to_e4m3x8_in_order(x), "w {x:#010x}");
        }
    }

    #[test]
    fn fp8_route_decodes_prepacked_words_exactly() {
        // Every byte in every position over three backgrounds, then pseudo-random words.
        let check = |w: u32| {
            let (x0, x1) = fp8_decode_prepacked(fp8_prepack(w));
            assert_eq!((x0, x1), e2m1x8_to_e4m3x8_in_order(w), "w {w:#010x}");
            for e in 0..8 {
                let byte = ([x0, x1][e / 4] >> (8 * (e % 4))) as u8;
                let v = e4m3_to_f32(byte) * 2f32.powi(E4M3_SCALED_LOG2);
                assert_eq!(v.to_bits(), e2m1_to_f32((w >> (4 * e)) as u8 & 0xF).to_bits(), "w {w:#x} e {e}");
            }
        };
        for background in [0u32, 0xFFFF_FFFF, 0x3C96_A50F] {
            for byte in 0..=255u32 {
                for pos in 0..4 {
                    check((byte << (8 * pos)) | (background & !(0xFF << (8 * pos))));
                }
            }
        }
        let mut x = 0x9E37_79B9u32;
        for _ in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            check(x);
        }
    }

    #[test]
    fn fp8_prepack_in_place_works_on_little_endian_words() {
        // Bytes 0..4 of a row are elements 0..8, low nibble first: one little-endian word.
        let mut bytes = [0x10, 0x32, 0x54, 0x76, 0xFE, 0xDC, 0xBA, 0x98];
        fp8_prepack_in_place(&mut bytes);
        assert_eq!(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]), fp8_prepack(0x7654_3210));
        assert_eq!(u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]), fp8_prepack(0x98BA_DCFE));
    }

    #[test]
    fn fp8_prepack_is_a_bijection() {
        // Linear over GF(2): a bijection iff its 32 columns are independent.
        let mut basis = [0u32; 32];
        for i in 0..32 {
            let mut v = fp8_prepack(1 << i);
            for (b, slot) in basis.iter_mut().enumerate().rev() {
                if v >> b & 1 == 0 {
                    continue;
                }
                if *slot == 0 {
                    *slot = v;
                    v = 0;
                    break;
                }
                v ^= *slot;
            }
            assert_eq!(v, 0, "column {i} independent");
        }
        assert!(basis.iter().all(|&b| b != 0));
        // And linear: the prepacked XOR is the XOR of the prepacked words.
        assert_eq!(
            fp8_prepack(0x1234_5678 ^ 0x0F0F_F0F0),
            fp8_prepack(0x1234_5678) ^ fp8_prepack(0x0F0F_F0F0)
        );
        assert_eq!(fp8_prepack(0), 0);
        // The value the CUDA C++ port of check v163 printed (notes/check-2026-12-04-v163-…).
        assert_eq!(fp8_prepack(0x7654_3210), 0x0F68_0540);
    }
}
