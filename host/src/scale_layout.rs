//! The 128×4 blocked layout of scale factors that cuBLAS and CUTLASS use (and GPU MODE's
//! contest ships as `sfa_permuted`, logical shape `[32, 4, rest_m, 4, rest_k, l]`).
//!
//! Scales are grouped in atoms of 128 rows × 4 scale columns (64 elements of K), 512 bytes
//! each. Inside an atom, row `r` and column `c` are at byte `(r % 32)·16 + (r / 32)·4 + c`.
//! Atoms are stored batch by batch, row tile by row tile, then along K:
//! `((l·rest_m + r / 128)·rest_k + c / 4)·512`, with `rest_m = ceil(rows / 128)` and
//! `rest_k = ceil(K/16 / 4)`; the padding is zero.
//!
//! The kernel reads row-major scales (TMA boxes of whole rows); blocked scales are converted
//! on the host by [`GemvInputs::from_blocked_scales`], one pass over the scales (1/8 of the
//! bytes of `a`).
use crate::error::Error;
use crate::gemv::GemvInputs;
use kernel::layout::{SF_VEC, Shape};

/// Bytes of one atom.
pub const ATOM_BYTES: usize = 512;

/// Bytes of a blocked scale tensor of `rows × (k/16)` per batch entry, `l` entries.
pub fn blocked_len(rows: usize, k: usize, l: usize) -> usize {
    l * rows.div_ceil(128) * (k / SF_VEC as usize).div_ceil(4) * ATOM_BYTES
}

/// Byte offset of scale `(l, row, col)` (`col` = k / 16) in the blocked layout.
pub fn blocked_offset(rows: usize, k: usize, l: usize, row: usize, col: usize) -> usize {
    let (rest_m, rest_k) = (rows.div_ceil(128), (k / SF_VEC as usize).div_ceil(4));
    let atom = (l * rest_m + row / 128) * rest_k + col / 4;
    let r = row % 128;
    atom * ATOM_BYTES + (r % 32) * 16 + (r / 32) * 4 + col % 4
}

/// Row-major `[l][rows][k/16]` scales to the blocked layout.
pub fn to_blocked(row_major: &[u8], rows: usize, k: usize, l: usize) -> Vec<u8> {
    let cols = k / SF_VEC as usize;
    let mut out = vec![0u8; blocked_len(rows, k, l)];
    for b in 0..l {
        for r in 0..rows {
            for c in 0..cols {
                out[blocked_offset(rows, k, b, r, c)] = row_major[(b * rows + r) * cols + c];
            }
        }
    }
    out
}

/// Blocked scales back to row-major `[l][rows][k/16]`.
pub fn from_blocked(
    arg: &'static str,
    blocked: &[u8],
    rows: usize,
    k: usize,
    l: usize,
) -> Result<Vec<u8>, Error> {
    let expected = blocked_len(rows, k, l);
    if blocked.len() != expected {
        return Err(Error::BufferLength { arg, expected, got: blocked.len() });
    }
    let cols = k / SF_VEC as usize;
    let mut out = vec![0u8; l * rows * cols];
    for b in 0..l {
        for r in 0..rows {
            for c in 0..cols {
                out[(b * rows + r) * cols + c] = blocked[blocked_offset(rows, k, b, r, c)];
            }
        }
    }
    Ok(out)
}

impl GemvInputs {
    /// Inputs whose `sfa` (`rows = m`) and `sfb` (`rows = 1`) come in the 128×4 blocked
    /// layout; they are converted to the row-major layout the kernel reads.
    pub fn from_blocked_scales(
        shape: Shape,
        a: Vec<u8>,
        b: Vec<u8>,
        sfa_blocked: &[u8],
        sfb_blocked: &[u8],
    ) -> Result<GemvInputs, Error> {
        shape.can_implement()?;
        let (m, k, l) = (shape.m as usize, shape.k as usize, shape.l as usize);
        let sfa = from_blocked("sfa", sfa_blocked, m, k, l)?;
        let sfb = from_blocked("sfb", sfb_blocked, 1, k, l)?;
        let x = GemvInputs { shape, a, b, sfa, sfb };
        x.check()?;
        Ok(x)
    }

    /// This input's scales in the blocked layout: `(sfa, sfb)`.
    pub fn blocked_scales(&self) -> (Vec<u8>, Vec<u8>) {
        let (m, k, l) = (self.shape.m as usize, self.shape.k as usize, self.shape.l as usize);
        (to_blocked(&self.sfa, m, k, l), to_blocked(&self.sfb, 1, k, l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::{Distribution, generate};
    use crate::reference::gemv_reference;

    #[test]
    fn atom_layout_matches_the_documented_formula() {
        // One atom: row r, col c at (r % 32)·16 + (r / 32)·4 + c; every byte used once.
        let mut seen = vec![false; 512];
        for r in 0..128 {
            for c in 0..4 {
                let o = blocked_offset(128, 64, 0, r, c);
                assert_eq!(o, (r % 32) * 16 + (r / 32) * 4 + c);
                assert!(!seen[o]);
                seen[o] = true;
            }
        }
        // Second row tile of batch 1, third column atom: rest_m = 2, rest_k = 3.
        assert_eq!(blocked_offset(200, 192, 1, 130, 9), ((2 + 1) * 3 + 2) * 512 + 2 * 16 + 1);
        assert_eq!(blocked_len(200, 192, 2), 2 * 2 * 3 * 512);
    }

    #[test]
    fn round_trip_and_reference_agree_in_both_layouts() {
        for s in [Shape::new(200, 768, 2), Shape::new(1, 256, 1), Shape::new(300, 1280, 3)] {
            let x = generate(s, Distribution::FullRange, 17);
            let (sfa_b, sfb_b) = x.blocked_scales();
            let y = GemvInputs::from_blocked_scales(s, x.a.clone(), x.b.clone(), &sfa_b, &sfb_b).unwrap();
            assert_eq!(x, y);
            assert_eq!(gemv_reference(&x), gemv_reference(&y));
        }
        let s = Shape::new(200, 768, 2);
        let x = generate(s, Distribution::Contest, 1);
        let (sfa_b, sfb_b) = x.blocked_scales();
        let e =
            GemvInputs::from_blocked_scales(s, x.a.clone(), x.b.clone(), &sfa_b[1..], &sfb_b).unwrap_err();
        assert!(matches!(e, Error::BufferLength { arg: "sfa", .. }), "{e}");
    }
}
