//! A CPU quantizer from f32 to NVFP4, following NVIDIA's two-level recipe, so users can feed
//! their own weights and activations:
//!
//! 1. a per-tensor fp32 scale `g = amax / (6 · 448)` (6 is the largest e2m1, 448 the largest
//!    e4m3), so that every block scale fits e4m3;
//! 2. per 16 consecutive elements of a row, an e4m3 block scale `s = e4m3(amax_block / 6 / g)`
//!    (round to nearest even, saturating at 448);
//! 3. each element `e2m1(x / (s · g))`, round to nearest, ties to even, saturating at ±6.
//!
//! `x ≈ e2m1 · s · g`. For a GEMV of two quantized tensors pass `alpha = g_a · g_b` in the
//! [`crate::gemv::Epilogue`].
use crate::error::Error;
use crate::gemv::{Epilogue, GemvInputs};
use kernel::formats::{E2M1_VALUES, e4m3_to_f32};
use kernel::layout::{SF_VEC, Shape};

/// A row-major `rows × cols` tensor in NVFP4: packed e2m1 (two per byte, low nibble = even
/// column), one e4m3 scale per 16 columns, and the per-tensor fp32 scale.
#[derive(Clone, Debug, PartialEq)]
pub struct Nvfp4Tensor {
    /// Rows.
    pub rows: usize,
    /// Columns (a multiple of 16).
    pub cols: usize,
    /// `rows · cols / 2` bytes.
    pub data: Vec<u8>,
    /// `rows · cols / 16` e4m3 block scales.
    pub scales: Vec<u8>,
    /// The per-tensor scale `g`.
    pub global_scale: f32,
}

/// The positive finite e4m3 codes `0x00..=0x7E` in increasing value order.
fn e4m3_positive() -> [(f32, u8); 127] {
    std::array::from_fn(|c| (e4m3_to_f32(c as u8), c as u8))
}

/// `v ≥ 0` to e4m3, round to nearest, ties to even (the code with mantissa bit 0 clear),
/// saturating at 448.
pub fn f32_to_e4m3_rne(v: f32) -> u8 {
    let table = e4m3_positive();
    let i = table.partition_point(|&(x, _)| x < v);
    if i == 0 {
        return 0;
    }
    if i >= table.len() {
        return 0x7E;
    }
    let (lo, hi) = (table[i - 1], table[i]);
    let (dl, dh) = (v - lo.0, hi.0 - v);
    if dl < dh || (dl == dh && lo.1 & 1 == 0) { lo.1 } else { hi.1 }
}

/// `x` to an e2m1 code, round to nearest, ties to even, saturating at ±6.
pub fn f32_to_e2m1_rne(x: f32) -> u8 {
    let sign = if x.is_sign_negative() { 8 } else { 0 };
    let a = x.abs();
    let mut best = 0u8;
    for c in 1..8u8 {
        let (d_best, d_c) = ((a - E2M1_VALUES[best as usize]).abs(), (a - E2M1_VALUES[c as usize]).abs());
        if d_c < d_best || (d_c == d_best && c & 1 == 0) {
            best = c;
        }
    }
    best | sign
}

/// Quantizes a row-major `rows × cols` f32 tensor.
pub fn quantize(x: &[f32], rows: usize, cols: usize) -> Result<Nvfp4Tensor, Error> {
    if x.len() != rows * cols {
        return Err(Error::BufferLength { arg: "x", expected: rows * cols, got: x.len() });
    }
    if !cols.is_multiple_of(SF_VEC as usize) {
        return Err(Error::BufferLength {
            arg: "cols (a multiple of 16)",
            expected: cols.next_multiple_of(16),
            got: cols,
        });
    }
    if let Some(v) = x.iter().find(|v| !v.is_finite()) {
        return Err(Error::NotFinite { arg: "x", value: *v });
    }
    let amax = x.iter().fold(0f32, |m, v| m.max(v.abs()));
    let global_scale = if amax > 0.0 { amax / (6.0 * 448.0) } else { 1.0 };
    let mut data = vec![0u8; x.len() / 2];
    let mut scales = vec![0u8; x.len() / SF_VEC as usize];
    for (b, block) in x.chunks(SF_VEC as usize).enumerate() {
        let bmax = block.iter().fold(0f32, |m, v| m.max(v.abs()));
        let code = f32_to_e4m3_rne(bmax / 6.0 / global_scale);
        scales[b] = code;
        let s = e4m3_to_f32(code) * global_scale;
        for (j, v) in block.iter().enumerate() {
            let q = if s > 0.0 { f32_to_e2m1_rne(v / s) } else { 0 };
            let idx = b * SF_VEC as usize + j;
            data[idx / 2] |= q << (4 * (idx % 2));
        }
    }
    Ok(Nvfp4Tensor { rows, cols, data, scales, global_scale })
}

/// The GEMV of a quantized `m × k` matrix and a quantized `1 × k` vector: its inputs, and the
/// epilogue whose `alpha` is the product of the two per-tensor scales.
pub fn gemv_inputs(a: &Nvfp4Tensor, b: &Nvfp4Tensor) -> Result<(GemvInputs, Epilogue), Error> {
    if b.rows != 1 || b.cols != a.cols {
        return Err(Error::BufferLength { arg: "b (1 × a.cols)", expected: a.cols, got: b.rows * b.cols });
    }
    let x = GemvInputs {
        shape: Shape::new(a.rows as u32, a.cols as u32, 1),
        a: a.data.clone(),
        b: b.data.clone(),
        sfa: a.scales.clone(),
        sfb: b.scales.clone(),
    };
    x.check()?;
    Ok((x, Epilogue { alpha: a.global_scale * b.global_scale, ..Epilogue::default() }))
}

impl Nvfp4Tensor {
    /// Back to f32: `e2m1 · s · g`.
    pub fn dequantize(&self) -> Vec<f32> {
        (0..self.rows * self.cols)
            .map(|i| {
                let q = self.data[i / 2] >> (4 * (i % 2));
                E2M1_VALUES[(q & 0xF) as usize]
                    * e4m3_to_f32(self.scales[i / SF_VEC as usize])
                    * self.global_scale
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::gemv_reference_with;
    use crate::rng::Rng;

    /// Roughly normal samples (sum of uniforms), with a few large outliers.
    fn data(n: usize, seed: u64) -> Vec<f32> {
        let mut r = Rng::new(seed);
        (0..n)
            .map(|i| {
                let u: f32 = (0..4).map(|_| r.below(1 << 20) as f32 / (1 << 20) as f32).sum::<f32>() - 2.0;
                if i % 97 == 0 { u * 20.0 } else { u }
            })
            .collect()
    }

    #[test]
    fn rounding_is_nearest_even() {
        assert_eq!(f32_to_e2m1_rne(0.25), 0); // tie: 0 (even) over 0.5
        assert_eq!(f32_to_e2m1_rne(0.75), 2); // tie: 1.0 over 0.5
        assert_eq!(f32_to_e2m1_rne(2.5), 4); // tie: 2 over 3
        assert_eq!(f32_to_e2m1_rne(5.0), 6); // tie: 4 over 6
        assert_eq!(f32_to_e2m1_rne(100.0), 7); // saturates at 6
        assert_eq!(f32_to_e2m1_rne(-1.4), 8 | 3);
        assert_eq!(f32_to_e4m3_rne(1.0), 0x38);
        assert_eq!(f32_to_e4m3_rne(1e9), 0x7E);
        assert_eq!(f32_to_e4m3_rne(0.0), 0);
        // Every code is its own nearest value.
        for c in 0..=0x7Eu8 {
            assert_eq!(f32_to_e4m3_rne(e4m3_to_f32(c)), c, "{c:#x}");
        }
    }

    #[test]
    fn representable_values_round_trip_exactly() {
        // Block j holds every e2m1 value times s_j · g; block 0's s is 448, so g comes out as
        // chosen and every block scale and element is exact.
        let g = 0.125f32;
        let s = [448.0f32, 1.0, 0.5, 2.0];
        let x: Vec<f32> = (0..64).map(|i| E2M1_VALUES[i % 16] * s[i / 16] * g).collect();
        let t = quantize(&x, 2, 32).unwrap();
        let y = t.dequantize();
        for (a, b) in x.iter().zip(&y) {
            assert!((a - b).abs() <= 1e-6 * a.abs().max(1.0), "{a} vs {b}");
        }
    }

    #[test]
    fn round_trip_error_is_within_half_a_step() {
        let (rows, cols) = (64, 512);
        let x = data(rows * cols, 3);
        let t = quantize(&x, rows, cols).unwrap();
        let y = t.dequantize();
        for (b, (xb, yb)) in x.chunks(16).zip(y.chunks(16)).enumerate() {
            let s = e4m3_to_f32(t.scales[b]) * t.global_scale;
            let bmax = xb.iter().fold(0f32, |m, v| m.max(v.abs()));
            // Half the largest e2m1 gap (2, between 4 and 6) times the block scale, plus the
            // block scale's own rounding (e4m3, relative 2^-4) at the block maximum.
            let bound = s * 1.0 + bmax * 0.0625 + 1e-6;
            for (a, q) in xb.iter().zip(yb) {
                assert!((a - q).abs() <= bound, "block {b}: {a} -> {q} (bound {bound})");
            }
        }
        let err: f64 = x.iter().zip(&y).map(|(a, b)| ((a - b) as f64).powi(2)).sum::<f64>().sqrt();
        let norm: f64 = x.iter().map(|a| (*a as f64).powi(2)).sum::<f64>().sqrt();
        assert!(err / norm < 0.15, "relative round-trip error {}", err / norm);
    }

    #[test]
    fn quantized_gemv_tracks_the_f32_gemv() {
        let (m, k) = (64usize, 1024usize);
        let a = data(m * k, 5);
        let b = data(k, 6);
        let (qa, qb) = (quantize(&a, m, k).unwrap(), quantize(&b, 1, k).unwrap());
        let (x, e) = gemv_inputs(&qa, &qb).unwrap();
        let r = gemv_reference_with(&x, &e);
        // The same product from the dequantized tensors, in f64: must agree closely.
        let (da, db) = (qa.dequantize(), qb.dequantize());
        for row in 0..m {
            let want: f64 = (0..k).map(|j| da[row * k + j] as f64 * db[j] as f64).sum();
            assert!((r[row].exact - want).abs() <= 1e-4 * r[row].abs_sum.max(1e-3), "row {row}");
        }
        // And against the unquantized f32 GEMV: 4-bit noise, a few percent in norm.
        let (mut err, mut norm) = (0f64, 0f64);
        for row in 0..m {
            let f: f64 = (0..k).map(|j| a[row * k + j] as f64 * b[j] as f64).sum();
            err += (r[row].exact - f).powi(2);
            norm += f * f;
        }
        assert!((err / norm).sqrt() < 0.25, "relative error vs f32 {}", (err / norm).sqrt());
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(matches!(quantize(&[1.0; 10], 1, 16), Err(Error::BufferLength { arg: "x", .. })));
        assert!(matches!(quantize(&[1.0; 24], 1, 24), Err(Error::BufferLength { .. })));
        let mut x = vec![1.0; 16];
        x[3] = f32::NAN;
        assert!(matches!(quantize(&x, 1, 16), Err(Error::NotFinite { arg: "x", .. })));
        let (qa, qb) = (quantize(&[1.0; 512], 2, 256).unwrap(), quantize(&[1.0; 512], 2, 256).unwrap());
        assert!(matches!(gemv_inputs(&qa, &qb), Err(Error::BufferLength { .. })));
        let z = quantize(&[0.0; 32], 2, 16).unwrap();
        assert!(z.dequantize().iter().all(|v| *v == 0.0));
    }
}
