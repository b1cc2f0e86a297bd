//! Differential testing on the GPU: seeded random problems against the CPU reference.
//!
//! Each case draws `M` in `1..=10000`, `K` a multiple of 64 up to 32768 (a quarter of them
//! multiples of 256, whose scales go by TMA; the others by `cp.async`), `L` in `1..=8`
//! (redrawn until `M·K·L ≤ 2^25`, so the CPU reference of a case stays quick), an input
//! distribution, the scale layout (row-major or 128×4 blocked), an epilogue (`alpha`, and
//! half the time `beta·c_in`), a K split and how split sums meet (a quarter of the cases
//! through global memory, the others in a cluster where the split count allows), how `a` and
//! `sfa` are stored (half the cases tiled, [`crate::a_layout`], which applies where K is a
//! multiple of 256), then checks
//! every element against the derived bound. `nvfp4-gemv fuzz --cases N` runs many; `tests/gpu.rs` runs a fast subset.
use crate::a_layout::ALayout;
use crate::error::Error;
use crate::gemv::{Epilogue, GemvInputs, POISON, POISON_BF16};
use crate::gpu::{Gpu, SplitK};
use crate::inputs::{Distribution, generate};
use crate::reference::{Comparison, compare, gemv_reference_with};
use crate::rng::Rng;
use half::f16;
use kernel::layout::{K_MULTIPLE, SCALE_TMA_K_MULTIPLE, Shape};

/// One drawn case.
#[derive(Clone, Debug)]
pub struct Case {
    /// Seed it was drawn from (reproduces it).
    pub seed: u64,
    /// Shape.
    pub shape: Shape,
    /// Input distribution.
    pub dist: Distribution,
    /// Scales passed in the 128×4 blocked layout.
    pub blocked: bool,
    /// Epilogue.
    pub epilogue: Epilogue,
    /// bf16 output (then no `c_in`).
    pub bf16: bool,
    /// K split.
    pub split: SplitK,
    /// Split sums through distributed shared memory where allowed ([`Gpu::cluster_splits`]).
    pub cluster: bool,
    /// How `a` and `sfa` are stored ([`Gpu::a_layout`]).
    pub a_layout: ALayout,
}

/// Draws case `seed`.
pub fn draw(seed: u64) -> Case {
    let mut r = Rng::new(seed);
    let shape = loop {
        let m = 1 + r.below(10000) as u32;
        let k = K_MULTIPLE * (1 + r.below((32768 / K_MULTIPLE) as u64) as u32);
        let k = if r.below(4) == 0 { k.next_multiple_of(SCALE_TMA_K_MULTIPLE) } else { k };
        let l = 1 + r.below(8) as u32;
        if (m as u64) * (k as u64) * (l as u64) <= 1 << 25 {
            break Shape::new(m, k, l);
        }
    };
    let dist = if r.below(2) == 0 { Distribution::Contest } else { Distribution::FullRange };
    let blocked = r.below(2) == 0;
    let alpha = [1.0f32, 0.5, -2.0, 0.03125][r.below(4) as usize];
    let bf16 = r.below(4) == 0;
    let c_in = (!bf16 && r.below(2) == 0).then(|| {
        (0..shape.c_len()).map(|_| f16::from_f32(r.below(4001) as f32 / 100.0 - 20.0)).collect::<Vec<_>>()
    });
    let beta = if c_in.is_some() { [1.0f32, -0.5, 3.0][r.below(3) as usize] } else { 0.0 };
    let split = [SplitK::Off, SplitK::Off, SplitK::Auto, SplitK::Fixed(2)][r.below(4) as usize];
    // Drawn last, so that the fields above stay what earlier sessions' seeds gave.
    let cluster = r.below(4) != 0;
    let a_layout = if r.below(2) == 0 { ALayout::Rows } else { ALayout::Tiled };
    Case {
        seed,
        shape,
        dist,
        blocked,
        epilogue: Epilogue { alpha, beta, c_in },
        bf16,
        split,
        cluster,
        a_layout,
    }
}

/// Runs one case on the GPU and compares it with the reference.
pub fn run(gpu: &mut Gpu, case: &Case) -> Result<Comparison, Error> {
    let x = generate(case.shape, case.dist, case.seed);
    let input = if case.blocked {
        let (sfa, sfb) = x.blocked_scales();
        GemvInputs::from_blocked_scales(case.shape, x.a.clone(), x.b.clone(), &sfa, &sfb)?
    } else {
        x.clone()
    };
    gpu.split_k = case.split;
    gpu.cluster_splits = case.cluster;
    gpu.a_layout = case.a_layout;
    let reference = gemv_reference_with(&x, &case.epilogue);
    if case.bf16 {
        let c = gpu.gemv_bf16(&input, case.epilogue.alpha)?;
        return Ok(compare(&c, &reference, case.shape.k, POISON_BF16));
    }
    let c = gpu.gemv_with(&input, &case.epilogue)?;
    Ok(compare(&c, &reference, case.shape.k, POISON))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_respect_the_ranges() {
        for seed in 0..300 {
            let c = draw(seed);
            let s = c.shape;
            assert!((1..=10000).contains(&s.m) && (1..=8).contains(&s.l));
            assert!(s.k.is_multiple_of(64) && s.k <= 32768 && s.can_implement().is_ok());
            assert!(!(c.bf16 && c.epilogue.c_in.is_some()));
            assert!(s.m as u64 * s.k as u64 * s.l as u64 <= 1 << 25);
            assert_eq!(
                c.epilogue.c_in.as_ref().map(|v| v.len()),
                c.epilogue.c_in.as_ref().map(|_| s.c_len())
            );
        }
        assert_eq!(format!("{:?}", draw(7)), format!("{:?}", draw(7)), "seeded");
    }
}
