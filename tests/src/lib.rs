//! The problem shapes shared by the GPU tests, the CLI and the benchmarks, and (under
//! `tests/tests/`) end-to-end tests that drive the `nvfp4-gemv` CLI as a user would.
//!
//! Shapes are `(m, k, l)` from GPU MODE's nvfp4-gemv problem for the B200.
use kernel::layout::Shape;

/// The contest's correctness shapes.
pub const TEST_SHAPES: [Shape; 9] = [
    Shape::new(128, 256, 1),
    Shape::new(128, 1536, 1),
    Shape::new(128, 3072, 1),
    Shape::new(256, 7168, 1),
    Shape::new(2432, 4608, 2),
    Shape::new(384, 7168, 2),
    Shape::new(512, 512, 2),
    Shape::new(512, 4096, 2),
    Shape::new(512, 1536, 2),
];

/// The contest's benchmark shapes (the last two from an earlier round).
pub const BENCH_SHAPES: [Shape; 5] = [
    Shape::new(7168, 16384, 1),
    Shape::new(4096, 7168, 1),
    Shape::new(7168, 2048, 1),
    Shape::new(4096, 7168, 8),
    Shape::new(7168, 2048, 4),
];

/// The sweep of the benchmark issue: M from 1024 to 28672, K from 2048 to 28672, L in {1, 8}.
/// Shapes that would read more than `max_bytes` are left out.
pub fn sweep_shapes(max_bytes: usize) -> Vec<Shape> {
    const MS: [u32; 4] = [1024, 4096, 14336, 28672];
    const KS: [u32; 4] = [2048, 7168, 14336, 28672];
    let mut out = Vec::new();
    for l in [1, 8] {
        for m in MS {
            for k in KS {
                let s = Shape::new(m, k, l);
                if s.min_bytes() <= max_bytes {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// Parses `m,k,l` (or `MxKxL`).
pub fn parse_shape(s: &str) -> Option<Shape> {
    let parts: Vec<u32> = s.split([',', 'x']).map(|p| p.trim().parse().ok()).collect::<Option<_>>()?;
    match parts[..] {
        [m, k, l] => Some(Shape::new(m, k, l)),
        [m, k] => Some(Shape::new(m, k, 1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_listed_shapes_are_implementable() {
        for s in TEST_SHAPES.iter().chain(&BENCH_SHAPES).chain(&sweep_shapes(usize::MAX)) {
            assert_eq!(s.can_implement(), Ok(()), "{s:?}");
        }
    }

    #[test]
    fn sweep_covers_the_range() {
        let all = sweep_shapes(usize::MAX);
        assert_eq!(all.len(), 32);
        assert!(all.contains(&Shape::new(28672, 28672, 8)));
        assert!(sweep_shapes(1 << 20).is_empty());
    }

    #[test]
    fn parses_shapes() {
        assert_eq!(parse_shape("7168,16384,1"), Some(Shape::new(7168, 16384, 1)));
        assert_eq!(parse_shape("128x256"), Some(Shape::new(128, 256, 1)));
        assert_eq!(parse_shape("1,2,3,4"), None);
        assert_eq!(parse_shape("a,b"), None);
    }
}
