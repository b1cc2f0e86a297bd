//! Seeded input generators.
use crate::gemv::GemvInputs;
use crate::rng::Rng;
use kernel::formats::e4m3_to_f32;
use kernel::layout::Shape;

/// How inputs are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distribution {
    /// The contest's: bytes of `a` and `b` uniform in `0..4` (codes 0..3 in the low nibble,
    /// 0 in the high one), scales uniform in `{0, 1, 2}` (e4m3 `0x00`, `0x38`, `0x40`).
    Contest,
    /// Every byte of `a` and `b` uniform in `0..=255` (all 16 e2m1 codes, both signs), scales
    /// drawn from the finite e4m3 codes of either sign whose magnitude lies in
    /// `[s/64, s]`, with `s` chosen so that even `k·36·s²` (every product at its largest)
    /// stays below 60000: no input can overflow fp16.
    FullRange,
}

impl std::str::FromStr for Distribution {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "contest" => Ok(Distribution::Contest),
            "full" | "full-range" => Ok(Distribution::FullRange),
            _ => Err(format!("unknown distribution {s:?} (contest, full)")),
        }
    }
}

impl std::fmt::Display for Distribution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Distribution::Contest => "contest",
            Distribution::FullRange => "full",
        })
    }
}

/// The e4m3 codes the full-range distribution draws scales from for reduction length `k`.
pub fn full_range_scale_codes(k: u32) -> Vec<u8> {
    let s = (60000.0 / (36.0 * k as f64)).sqrt();
    (0..=255u8)
        .filter(|&c| {
            let v = e4m3_to_f32(c).abs() as f64;
            v.is_finite() && v <= s && v >= s / 64.0
        })
        .collect()
}

/// Draws the inputs of `shape` from `dist` with `seed`.
pub fn generate(shape: Shape, dist: Distribution, seed: u64) -> GemvInputs {
    let mut rng = Rng::new(seed);
    let mut a = vec![0u8; shape.a_bytes()];
    let mut b = vec![0u8; shape.b_bytes()];
    let mut sfa = vec![0u8; shape.sfa_bytes()];
    let mut sfb = vec![0u8; shape.sfb_bytes()];
    match dist {
        Distribution::Contest => {
            const SCALES: [u8; 3] = [0x00, 0x38, 0x40];
            rng.fill(&mut a, |r| r.below(4) as u8);
            rng.fill(&mut b, |r| r.below(4) as u8);
            rng.fill(&mut sfa, |r| SCALES[r.below(3) as usize]);
            rng.fill(&mut sfb, |r| SCALES[r.below(3) as usize]);
        }
        Distribution::FullRange => {
            let codes = full_range_scale_codes(shape.k);
            let n = codes.len() as u64;
            rng.fill(&mut a, |r| r.next_u64() as u8);
            rng.fill(&mut b, |r| r.next_u64() as u8);
            rng.fill(&mut sfa, |r| codes[r.below(n) as usize]);
            rng.fill(&mut sfb, |r| codes[r.below(n) as usize]);
        }
    }
    GemvInputs { shape, a, b, sfa, sfb }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_seeded_and_sized() {
        let s = Shape::new(16, 512, 2);
        let x = generate(s, Distribution::FullRange, 7);
        assert_eq!(x, generate(s, Distribution::FullRange, 7));
        assert_ne!(x, generate(s, Distribution::FullRange, 8));
        assert_eq!(x.check().map_err(|e| e.to_string()), Ok(()));
    }

    #[test]
    fn contest_distribution_values() {
        let x = generate(Shape::new(64, 1024, 1), Distribution::Contest, 1);
        assert!(x.a.iter().chain(&x.b).all(|&v| v < 4));
        assert!(x.sfa.iter().chain(&x.sfb).all(|v| [0x00, 0x38, 0x40].contains(v)));
        assert!(x.a.iter().any(|&v| v != 0), "never all zeros");
    }

    #[test]
    fn full_range_scales_keep_fp16_in_range() {
        for k in [256, 4096, 16384, 32768] {
            let codes = full_range_scale_codes(k);
            assert!(codes.len() >= 20, "k {k}: {} codes", codes.len());
            let max = codes.iter().map(|&c| e4m3_to_f32(c).abs()).fold(0.0, f32::max) as f64;
            assert!(k as f64 * 36.0 * max * max < 60000.0);
            assert!(codes.iter().any(|&c| c & 0x80 != 0), "both signs");
        }
    }
}
