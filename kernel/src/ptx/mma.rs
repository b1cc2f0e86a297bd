//! Warp-level matrix multiply-accumulate on the tensor cores.

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
/// Emitted through LLVM's `llvm.nvvm.mma.m16n8k32.row.col.s8`, not `asm!`: LLVM treats the
/// intrinsic as *convergent* and never moves or duplicates it across divergent control flow,
/// whereas an `asm!` block may be (see [`super::shfl::bfly_f32`], where that happened). The
/// switch left the sm_90a SASS byte for byte as it was (2026-12-03).
///
/// # Safety
/// `.aligned`: every lane of the warp executes this same instruction, convergently.
#[inline(always)]
pub unsafe fn m16n8k32_s8_s32(a: [u32; 4], b: [u32; 2], c: [i32; 4]) -> [i32; 4] {
    let d = unsafe { mma_m16n8k32_s8(a[0], a[1], a[2], a[3], b[0], b[1], c[0], c[1], c[2], c[3]) };
    [d.0, d.1, d.2, d.3]
}

/// The intrinsic's `{i32, i32, i32, i32}` result.
#[repr(C)]
struct I32x4(i32, i32, i32, i32);

unsafe extern "C" {
    #[link_name = "llvm.nvvm.mma.m16n8k32.row.col.s8"]
    fn mma_m16n8k32_s8(
        a0: u32,
        a1: u32,
        a2: u32,
        a3: u32,
        b0: u32,
        b1: u32,
        c0: i32,
        c1: i32,
        c2: i32,
        c3: i32,
    ) -> I32x4;
}
