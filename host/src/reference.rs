//! The CPU reference and the comparison of GPU results with it.
//!
//! # Reference
//! Decoders built on [`half`]: e2m1 through [`e2m1_to_f16`], e4m3 through [`e4m3_to_f16`]
//! (every value of both formats is an f16). The sum is exact: each term is an integer
//! multiple of `2^-20` (e2m1 values are multiples of 1/2, e4m3 of `2^-9`), so
//! `Σ (2a)(2b)(512·sfa)(512·sfb)` is accumulated in `i64` (it cannot overflow: at most
//! `2^15` terms below `2^43`), and the result is rounded once, to fp16.
//!
//! # Error bound of the kernel (derived from its accumulation scheme)
//! With `u_h = 2^-11` (fp16) and `u_s = 2^-24` (fp32), and `γ_n(u) = n·u / (1 − n·u)`:
//! 1. each 16-element scale block is two lanes of 8 f16 FMAs (the products of two e2m1 are
//!    exact in f16, so the first FMA is exact) plus one f16 add of the lanes: at most 8
//!    roundings on any path, error `≤ γ_8(u_h) · Σ_block |a·b|`;
//! 2. the block sum times the fp32 scale product (exact: e4m3 has 4 significant bits) is
//!    added to an fp32 accumulator by FMA, `K/16` times per row, then 4 shuffle additions:
//!    `≤ γ_{K/16+5}(u_s) · Σ |scaled block sums|`;
//! 3. the final conversion to fp16 adds `u_h · |c|`, or `2^-25` below the normal range.
//!
//! 4. the epilogue `alpha·v (+ beta·c_in)` adds two fp32 roundings, `2·u_s·(|alpha·Σ| +
//!    |beta·c_in| + |alpha|·S)`.
//!
//! So, with `S = |alpha|·Σ_k |a·b·sfa·sfb|` (the sum of absolute terms),
//! `|c − exact| ≤ (γ_8(u_h) + γ_{K/16+5}(u_s)·(1 + γ_8(u_h)))·S·(1 + u_h) + 2u_s(|alpha·Σ| +
//! |beta·c_in| + S) + u_h·|exact| + 2^-25`,
//! and the norm-wise bound follows by taking 2-norms over the elements:
//! `‖c − exact‖ / ‖exact‖ ≤ ‖bound‖ / ‖exact‖`. Every element is checked against its bound.
//! Where terms cancel, `S ≫ |exact|` and the relative error can exceed `u_h`; where they do
//! not (contest inputs are all non-negative) the bound is `≈ 8.5·u_h` relative, under the
//! contest's `rtol = atol = 1e-3`, which is checked too.
use crate::gemv::GemvInputs;
use half::f16;
use kernel::formats::{E2M1_VALUES, e4m3_to_f32};

/// e2m1 (low nibble) → f16, exact.
pub fn e2m1_to_f16(code: u8) -> f16 {
    f16::from_f32(E2M1_VALUES[(code & 0xF) as usize])
}

/// e4m3 → f16, exact (NaN for `0x7F`/`0xFF`).
pub fn e4m3_to_f16(code: u8) -> f16 {
    f16::from_f32(e4m3_to_f32(code))
}

/// `512·e4m3` as an integer, or `None` for NaN.
fn e4m3_times_512(code: u8) -> Option<i64> {
    let v = e4m3_to_f16(code).to_f64();
    if v.is_nan() { None } else { Some((v * 512.0) as i64) }
}

/// One output element of the reference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RefValue {
    /// The exact result `alpha·Σ + beta·c_in` (NaN if a NaN scale takes part).
    pub exact: f64,
    /// The exact result rounded once to fp16.
    pub rounded: f16,
    /// `|alpha|·Σ |term|`, for the error bound.
    pub abs_sum: f64,
    /// `|alpha·Σ| + |beta·c_in|`: the size of the epilogue's fp32 operations, for the bound.
    pub epilogue_mag: f64,
}

/// The reference with an epilogue: `alpha·Σ + beta·c_in`, rounded once.
pub fn gemv_reference_with(x: &GemvInputs, e: &crate::gemv::Epilogue) -> Vec<RefValue> {
    let mut out = gemv_reference(x);
    for (i, r) in out.iter_mut().enumerate() {
        let sum = r.exact;
        let b = e.c_in.as_ref().map_or(0.0, |c| e.beta as f64 * c[i].to_f64());
        r.exact = e.alpha as f64 * sum + b;
        r.rounded = f16::from_f64(r.exact);
        r.abs_sum *= (e.alpha as f64).abs();
        r.epilogue_mag = (e.alpha as f64 * sum).abs() + b.abs();
    }
    out
}

/// The reference for all `l·m` outputs, in `c`'s order (rows spread over the CPU's cores).
pub fn gemv_reference(x: &GemvInputs) -> Vec<RefValue> {
    let s = x.shape;
    let rows = s.c_len();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(rows.max(1));
    let per = rows.div_ceil(threads);
    let mut out = vec![RefValue { exact: 0.0, rounded: f16::ZERO, abs_sum: 0.0, epilogue_mag: 0.0 }; rows];
    std::thread::scope(|scope| {
        for (i, chunk) in out.chunks_mut(per).enumerate() {
            scope.spawn(move || {
                for (j, r) in chunk.iter_mut().enumerate() {
                    *r = reference_row(x, i * per + j);
                }
            });
        }
    });
    out
}

/// The reference for output `idx = l·m + row`.
fn reference_row(x: &GemvInputs, idx: usize) -> RefValue {
    let s = x.shape;
    let (m, k) = (s.m as usize, s.k as usize);
    let (kb, ks) = (k / 2, k / 16);
    let (l, row) = (idx / m, idx % m);
    let b = &x.b[l * kb..][..kb];
    let sfb = &x.sfb[l * ks..][..ks];
    let a = &x.a[(l * m + row) * kb..][..kb];
    let sfa = &x.sfa[(l * m + row) * ks..][..ks];
    let (mut sum, mut abs, mut nan) = (0i64, 0i64, false);
    for blk in 0..ks {
        let (mut dot, mut adot) = (0i64, 0i64);
        for byte in 8 * blk..8 * blk + 8 {
            for shift in [0, 4] {
                let p = E2M1_X2[((a[byte] >> shift) & 0xF) as usize]
                    * E2M1_X2[((b[byte] >> shift) & 0xF) as usize];
                dot += p;
                adot += p.abs();
            }
        }
        match (e4m3_times_512(sfa[blk]), e4m3_times_512(sfb[blk])) {
            (Some(sa), Some(sb)) => {
                sum += dot * sa * sb;
                abs += adot * (sa * sb).abs();
            }
            _ => nan = true,
        }
    }
    let scale = 2f64.powi(-20);
    let exact = if nan { f64::NAN } else { sum as f64 * scale };
    RefValue { exact, rounded: f16::from_f64(exact), abs_sum: abs as f64 * scale, epilogue_mag: exact.abs() }
}

/// `2·e2m1` for the 16 codes, as integers.
const E2M1_X2: [i64; 16] = [0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12];

/// `γ_n(u) = n·u / (1 − n·u)`.
fn gamma(n: f64, u: f64) -> f64 {
    n * u / (1.0 - n * u)
}

/// The per-element error bound of the kernel with fp16 output (see the module docs).
pub fn error_bound(r: &RefValue, k: u32) -> f64 {
    error_bound_for::<f16>(r, k)
}

/// The per-element error bound for output type `T`: the arithmetic's part is the same, the
/// final rounding is half an ulp of `T` (relative `T::UNIT_ROUNDOFF`, absolute `T::HALF_MIN`
/// below its normal range).
pub fn error_bound_for<T: OutputElem>(r: &RefValue, k: u32) -> f64 {
    let (uh, us) = (2f64.powi(-11), 2f64.powi(-24));
    let g8 = gamma(8.0, uh);
    let gs = gamma(k as f64 / 16.0 + 5.0, us);
    // The epilogue: `alpha·v` and the FMA with `beta·c_in`, one fp32 rounding each.
    (g8 + gs * (1.0 + g8)) * r.abs_sum * (1.0 + uh)
        + 2.0 * us * (r.epilogue_mag + r.abs_sum)
        + T::UNIT_ROUNDOFF * r.exact.abs()
        + T::HALF_MIN
}

/// An element type of `c`: fp16 (the default) or bf16.
pub trait OutputElem: Copy {
    /// Unit roundoff: `2^-11` for fp16, `2^-8` for bf16.
    const UNIT_ROUNDOFF: f64;
    /// Half the smallest positive subnormal: the absolute rounding error near zero.
    const HALF_MIN: f64;
    /// The value.
    fn value(self) -> f64;
    /// The bit pattern.
    fn bits(self) -> u16;
}

impl OutputElem for f16 {
    const UNIT_ROUNDOFF: f64 = 1.0 / 2048.0;
    const HALF_MIN: f64 = 1.0 / 33_554_432.0; // 2^-25
    fn value(self) -> f64 {
        self.to_f64()
    }
    fn bits(self) -> u16 {
        self.to_bits()
    }
}

impl OutputElem for half::bf16 {
    const UNIT_ROUNDOFF: f64 = 1.0 / 256.0;
    const HALF_MIN: f64 = 0.0; // 2^-134: below every bound term here
    fn value(self) -> f64 {
        self.to_f64()
    }
    fn bits(self) -> u16 {
        self.to_bits()
    }
}

/// The contest's tolerance test: `|c − ref| ≤ atol + rtol·|ref|` with `rtol = atol = 1e-3`.
pub fn within_contest_tolerance<T: OutputElem>(c: T, r: &RefValue) -> bool {
    (c.value() - r.exact).abs() <= 1e-3 + 1e-3 * r.exact.abs()
}

/// The outcome of comparing a GPU result with the reference.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    /// Elements compared.
    pub len: usize,
    /// Elements still holding the poison pattern (never written).
    pub unwritten: usize,
    /// Elements outside the derived bound (or NaN where the reference is not).
    pub over_bound: usize,
    /// Elements outside the contest tolerance.
    pub over_contest: usize,
    /// Largest `|c − exact|`.
    pub max_abs_err: f64,
    /// `‖c − exact‖₂ / ‖exact‖₂`.
    pub rel_norm_err: f64,
    /// `‖bound‖₂ / ‖exact‖₂`: the derived norm-wise bound.
    pub rel_norm_bound: f64,
    /// First failing element, for the message.
    pub first_failure: Option<(usize, f64, f64)>,
}

impl Comparison {
    /// True when every element is written and within the derived bound; with `contest`, also
    /// within the contest tolerance.
    pub fn passed(&self, contest: bool) -> bool {
        self.unwritten == 0 && self.over_bound == 0 && (!contest || self.over_contest == 0)
    }
}

impl std::fmt::Display for Comparison {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} elements: {} unwritten, {} over the derived bound, {} over contest tolerance; max |err| {:.3e}, \
             ‖err‖/‖ref‖ {:.3e} (bound {:.3e})",
            self.len,
            self.unwritten,
            self.over_bound,
            self.over_contest,
            self.max_abs_err,
            self.rel_norm_err,
            self.rel_norm_bound
        )?;
        if let Some((i, got, want)) = self.first_failure {
            write!(f, "; first failure at {i}: got {got}, want {want}")?;
        }
        Ok(())
    }
}

/// Compares `c` with the reference element by element. `poison` is the pattern `c` was
/// filled with before the launch.
pub fn compare<T: OutputElem>(c: &[T], reference: &[RefValue], k: u32, poison: u16) -> Comparison {
    let mut cmp = Comparison { len: c.len(), ..Default::default() };
    let (mut err2, mut ref2, mut bound2) = (0f64, 0f64, 0f64);
    for (i, (got, r)) in c.iter().zip(reference).enumerate() {
        let g = got.value();
        if got.bits() == poison {
            cmp.unwritten += 1;
            cmp.first_failure.get_or_insert((i, g, r.exact));
            continue;
        }
        if r.exact.is_nan() {
            if !g.is_nan() {
                cmp.over_bound += 1;
                cmp.first_failure.get_or_insert((i, g, r.exact));
            }
            continue;
        }
        let err = (g - r.exact).abs();
        let bound = error_bound_for::<T>(r, k);
        if err.is_nan() || err > bound {
            cmp.over_bound += 1;
            cmp.first_failure.get_or_insert((i, g, r.exact));
        }
        if !within_contest_tolerance(*got, r) {
            cmp.over_contest += 1;
        }
        cmp.max_abs_err = cmp.max_abs_err.max(if err.is_nan() { f64::INFINITY } else { err });
        err2 += err * err;
        ref2 += r.exact * r.exact;
        bound2 += bound * bound;
    }
    let norm = ref2.sqrt().max(f64::MIN_POSITIVE);
    cmp.rel_norm_err = err2.sqrt() / norm;
    cmp.rel_norm_bound = bound2.sqrt() / norm;
    cmp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::{Distribution, generate};
    use kernel::formats::{e2m1_to_f32, e4m3_to_f32};
    use kernel::layout::Shape;

    /// Inputs with everything zero but what `f` sets.
    fn zeros(m: u32, k: u32, l: u32) -> GemvInputs {
        let shape = Shape::new(m, k, l);
        GemvInputs {
            shape,
            a: vec![0; shape.a_bytes()],
            b: vec![0; shape.b_bytes()],
            sfa: vec![0x38; shape.sfa_bytes()],
            sfb: vec![0x38; shape.sfb_bytes()],
        }
    }

    #[test]
    fn half_decoders_match_the_format_tables() {
        for c in 0..16u8 {
            assert_eq!(e2m1_to_f16(c).to_f32().to_bits(), e2m1_to_f32(c).to_bits());
        }
        for c in 0..=255u8 {
            let (h, f) = (e4m3_to_f16(c).to_f32(), e4m3_to_f32(c));
            assert!(h.to_bits() == f.to_bits() || (h.is_nan() && f.is_nan()), "{c:#x}");
        }
    }

    #[test]
    fn integer_table_is_twice_the_half_decode() {
        for c in 0..16u8 {
            assert_eq!(E2M1_X2[c as usize] as f32, 2.0 * e2m1_to_f16(c).to_f32());
        }
    }

    #[test]
    fn hand_worked_single_term() {
        // a[0][0] = 6 (code 7), b[0] = -1.5 (code 0xB), sfa = 2 (0x40), sfb = 0.5 (0x30):
        // c = 6 · -1.5 · 2 · 0.5 = -9.
        let mut x = zeros(1, 256, 1);
        x.a[0] = 0x07;
        x.b[0] = 0x0B;
        x.sfa[0] = 0x40;
        x.sfb[0] = 0x30;
        let r = gemv_reference(&x);
        assert_eq!(r[0].exact, -9.0);
        assert_eq!(r[0].rounded.to_f32(), -9.0);
        assert_eq!(r[0].abs_sum, 9.0);
    }

    #[test]
    fn hand_worked_nibble_order_and_blocks() {
        // Row 1 of batch 1: odd k uses the high nibble; k = 16 is in scale block 1.
        let mut x = zeros(2, 256, 2);
        let (kb, ks) = (128, 16);
        let row = (2 + 1) * kb; // l = 1, m = 1
        x.a[row] = 0x20; // k=1: 1.0
        x.b[kb] = 0x40; // k=1 of batch 1: 2.0
        x.a[row + 8] = 0x05; // k=16: 3.0
        x.b[kb + 8] = 0x0A; // k=16: -1.0
        x.sfa[(2 + 1) * ks + 1] = 0x48; // block 1: 4.0
        let r = gemv_reference(&x);
        // 1·2·1·1 + 3·(−1)·4·1 = −10
        assert_eq!(r[3].exact, -10.0);
        assert_eq!(r[3].abs_sum, 14.0);
        assert_eq!((r[0].exact, r[1].exact, r[2].exact), (0.0, 0.0, 0.0));
    }

    #[test]
    fn nan_scale_gives_nan_and_subnormal_scales_are_exact() {
        let mut x = zeros(1, 256, 1);
        x.a[0] = 0x01; // 0.5
        x.b[0] = 0x01; // 0.5
        x.sfa[0] = 0x01; // 2^-9
        x.sfb[0] = 0x01; // 2^-9
        assert_eq!(gemv_reference(&x)[0].exact, 0.25 * 2f64.powi(-18));
        x.sfb[3] = 0x7F;
        assert!(gemv_reference(&x)[0].exact.is_nan());
    }

    #[test]
    fn reference_matches_f64_on_random_inputs() {
        for dist in [Distribution::Contest, Distribution::FullRange] {
            let x = generate(Shape::new(8, 512, 2), dist, 11);
            let r = gemv_reference(&x);
            for (i, rv) in r.iter().enumerate() {
                let (l, row) = (i / 8, i % 8);
                let mut want = 0f64;
                for k in 0..512usize {
                    let ab = x.a[(l * 8 + row) * 256 + k / 2] >> (4 * (k % 2));
                    let bb = x.b[l * 256 + k / 2] >> (4 * (k % 2));
                    want += e2m1_to_f32(ab) as f64
                        * e2m1_to_f32(bb) as f64
                        * e4m3_to_f32(x.sfa[(l * 8 + row) * 32 + k / 16]) as f64
                        * e4m3_to_f32(x.sfb[l * 32 + k / 16]) as f64;
                }
                assert!((rv.exact - want).abs() <= 1e-9 * want.abs().max(1e-6), "{dist} {i}");
            }
        }
    }

    #[test]
    fn epilogue_scales_and_adds() {
        let x = generate(Shape::new(4, 256, 2), Distribution::FullRange, 9);
        let plain = gemv_reference(&x);
        let c_in: Vec<f16> = (0..8).map(|i| f16::from_f32(i as f32 - 3.5)).collect();
        let e = crate::gemv::Epilogue { alpha: -0.75, beta: 2.0, c_in: Some(c_in.clone()) };
        let r = gemv_reference_with(&x, &e);
        for i in 0..8 {
            assert_eq!(r[i].exact, -0.75 * plain[i].exact + 2.0 * c_in[i].to_f64());
            assert_eq!(r[i].abs_sum, 0.75 * plain[i].abs_sum);
        }
        let r = gemv_reference_with(&x, &crate::gemv::Epilogue::default());
        assert_eq!(r, plain);
    }

    #[test]
    fn compare_flags_poison_nan_and_errors() {
        let x = generate(Shape::new(4, 256, 1), Distribution::Contest, 3);
        let r = gemv_reference(&x);
        let good: Vec<f16> = r.iter().map(|v| v.rounded).collect();
        assert!(compare(&good, &r, 256, 0x7E5A).passed(true));
        let mut bad = good.clone();
        bad[1] = f16::from_bits(0x7E5A);
        assert_eq!(compare(&bad, &r, 256, 0x7E5A).unwritten, 1);
        let mut bad = good.clone();
        bad[2] = f16::from_f64(r[2].exact + 1.0);
        let cmp = compare(&bad, &r, 256, 0x7E5A);
        assert!(!cmp.passed(false) && cmp.over_bound == 1);
        let mut bad = good;
        bad[0] = f16::NAN;
        assert!(!compare(&bad, &r, 256, 0x7E5A).passed(false));
    }
}
