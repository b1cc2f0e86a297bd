//! Warp-level matrix multiply-accumulate on the tensor cores.
use core::arch::asm;

/// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 d, a, b, c;` — PTX ISA 7.0, sm_80
/// (`IMMA.16832`, native on the tensor cores of sm_80 and later).
///
/// `D (16×8, s32) = A (16×32, s8, row-major) · B (32×8, s8, column-major) + C`, exact (no
/// saturation needed for these operands). With `g = lane / 4` and `t = lane % 4`, lane
/// `(g, t)` holds
/// * `a[0]`: A row `g`, k `4t..4t+4` (four int8); `a[1]`: row `g + 8`, same k; `a[2]`, `a[3]`:
///   as `a[0]`, `a[1]` at k `16 + 4t..`;
/// * `b[0]`: B column `g`, k `4t..4t+4`; `b[1]`: k `16 + 4t..`;
/// * `c`/`d`: rows `g`, `g`, `g + 8`, `g + 8`, columns `2t`, `2t + 1`, `2t`, `2t + 1`.
///
/// (The FP8 form, `.f32.e4m3.e4m3.f32`, is not native on sm_90: ptxas expands it into e4m3 →
/// f16 conversions and `HMMA`; BENCHMARKS.md, v2.)
///
/// # Safety
/// `.aligned`: every lane of the warp executes this same instruction, convergently.
#[inline(always)]
pub unsafe fn m16n8k32_s8_s32(a: [u32; 4], b: [u32; 2], c: [i32; 4]) -> [i32; 4] {
    let (d0, d1, d2, d3): (i32, i32, i32, i32);
    unsafe {
        asm!(
            "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {{{d0}, {d1}, {d2}, {d3}}}, {{{a0}, {a1}, {a2}, {a3}}}, {{{b0}, {b1}}}, {{{c0}, {c1}, {c2}, {c3}}};",
            d0 = out(reg32) d0, d1 = out(reg32) d1, d2 = out(reg32) d2, d3 = out(reg32) d3,
            a0 = in(reg32) a[0], a1 = in(reg32) a[1], a2 = in(reg32) a[2], a3 = in(reg32) a[3],
            b0 = in(reg32) b[0], b1 = in(reg32) b[1],
            c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3],
            options(pure, nomem, nostack)
        );
    }
    [d0, d1, d2, d3]
}
