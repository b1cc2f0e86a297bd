// Microbenchmark v162 (2026-12-04, twenty-second session): v161 plus the kernel-shaped steps of
// the FP8 route with wide N: each warp keeps its own 8-column group of D through FFMAs with 0/1
// weights (no selects), two row pairs' wgmma issued before one wait (modes 14: N = 32, 15: N = 16).
// Microbenchmark v93 (2026-12-03, thirteenth session): does wgmma (asynchronous warpgroup MMA)
// make the sm_90a consumer arithmetic cheaper than mma.sync (IMMA)?
//
// Compute only, no global memory in the loop. Each warp repeats the GEMV consumer's
// `compute::block_sums` step: two 16-byte loads of `a` from shared memory (rows r and r + 8),
// the prmt decode into a+ / a- (xor, two mul.hi, four prmt per word), eight int8 MMAs in two
// chains (a+ and a-), the int-to-float step and four FFMAs into accumulators. Variants:
//   imma   : eight mma.sync.m16n8k32.s8 per step (what the kernel does);
//   wg     : eight wgmma.mma_async.m64n8k32.s32.s8.s8 per step (A from registers, B from shared
//            memory by descriptor), fence / commit / wait_group 0 within the step;
//   wgpipe : as wg, but the next step's loads and decode are issued before waiting for this
//            step's wgmma, so the tensor work overlaps them.
//   biased+imma: (added for v95) the a+ and a- lookups OR-ed into one biased u8 register
//            (12 + 2a), four mma.sync.u8.s8 per step instead of eight;
//   imma-only, wg-only: the MMAs on the loaded words, no decode; decode-only: the decode with its
//            outputs XOR-folded into the accumulators, no MMA.
// A warpgroup's wgmma covers 64 rows (16 per warp), the same 16 rows × 32 K per warp as one
// mma.sync, so the work per warp and step is the same in all three.
// Build: nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o wgmma_bench microbench-2026-12-03-v93-wgmma.cu
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

__device__ __forceinline__ uint32_t prmt(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t d; asm volatile("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); return d;
}
__device__ __forceinline__ uint32_t hi16(uint32_t w) {
    uint32_t d; asm("mul.hi.u32 %0, %1, 65536;" : "=r"(d) : "r"(w)); return d;
}
__device__ __forceinline__ void decode(uint32_t w, uint32_t (&p)[2], uint32_t (&n)[2]) {
    const uint32_t lo = 0x03020100u, hi = 0x0C080604u;
    uint32_t x = w ^ 0x88888888u;
    p[0] = prmt(lo, hi, w); p[1] = prmt(lo, hi, hi16(w));
    n[0] = prmt(lo, hi, x); n[1] = prmt(lo, hi, hi16(x));
}
__device__ __forceinline__ void imma(int (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
// Biased decode: 12 + 2a as u8 in one register per 4 elements (positive lookup | negative lookup).
__device__ __forceinline__ void decode_biased(uint32_t w, uint32_t (&v)[2]) {
    const uint32_t plo = 0x0F0E0D0Cu, phi = 0x18141210u, nlo = 0x090A0B0Cu, nhi = 0x00040608u;
    uint32_t x = w ^ 0x88888888u, wh = hi16(w), xh = hi16(x);
    v[0] = prmt(plo, phi, w) | prmt(nlo, nhi, x);
    v[1] = prmt(plo, phi, wh) | prmt(nlo, nhi, xh);
}
__device__ __forceinline__ void imma_u8(int (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
__device__ __forceinline__ void wg_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wg_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N> __device__ __forceinline__ void wg_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(N) : "memory"); }
__device__ __forceinline__ void wgmma(int (&d)[4], const uint32_t (&a)[4], uint64_t desc, int scale_d) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, p;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(scale_d));
}
// K-major, no swizzle: 8 rows (N) × 16 bytes per core matrix, two along K 128 bytes apart.
__device__ __forceinline__ uint64_t desc_of(uint32_t smem_addr) {
    uint64_t d = 0;
    d |= (uint64_t)((smem_addr >> 4) & 0x3FFF);
    d |= (uint64_t)((128 >> 4) & 0x3FFF) << 16;  // leading byte offset
    d |= (uint64_t)((256 >> 4) & 0x3FFF) << 32;  // stride byte offset
    return d;
}
__device__ __forceinline__ float to_f(int pos, int neg) {
    return __int_as_float(pos - neg + 0x4B400000) - 12582912.0f;
}


// FP8 route (v160): a prepacked word of 8 e2m1 codes decodes into two registers of four e4m3
// bytes (value x 2^-6) with four instructions: out0 = w & M, out1 = ((w << 2) ^ (w >> 2)) & M,
// M = 0x9C9C9C9C (e4m3 sign bit 7, exponent bits 4..3, mantissa bit 2).
__device__ __forceinline__ void decode_fp8(uint32_t w, uint32_t &o0, uint32_t &o1) {
    const uint32_t M = 0x9C9C9C9Cu;
    o0 = w & M;
    o1 = ((w << 2) ^ (w >> 2)) & M;
}
__device__ __forceinline__ void wgmma_fp8(float (&d)[4], const uint32_t (&a)[4], uint64_t desc, int scale_d) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 {%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(scale_d));
}

__device__ __forceinline__ void wgmma_fp8_n16(float (&d)[8], const uint32_t (&a)[4], uint64_t desc, int scale_d) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %13, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, %12, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(scale_d));
}
__device__ __forceinline__ void wgmma_fp8_n32(float (&d)[16], const uint32_t (&a)[4], uint64_t desc, int scale_d) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %21, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15}, {%16,%17,%18,%19}, %20, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
                   "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(scale_d));
}
// The decode with the AND of the XOR fused into one three-input LOP3 (0x28 = (a ^ b) & c).
__device__ __forceinline__ void decode_fp8_lop3(uint32_t w, uint32_t &o0, uint32_t &o1) {
    const uint32_t M = 0x9C9C9C9Cu;
    o0 = w & M;
    uint32_t l = w << 2, r = w >> 2;
    asm("lop3.b32 %0, %1, %2, %3, 0x28;" : "=r"(o1) : "r"(l), "r"(r), "r"(M));
}

__device__ __forceinline__ void load_a(const uint32_t *a_tile, int it, uint32_t warp, uint32_t lane,
                                       uint32_t (&wr)[4], uint32_t (&wr8)[4]) {
    const uint32_t off = ((it * 37 + warp * 64 + lane * 4) & 2047) & ~3u;
    uint4 ar = *reinterpret_cast<const uint4 *>(&a_tile[off]);
    uint4 ar8 = *reinterpret_cast<const uint4 *>(&a_tile[(off + 512) & 2047]);
    wr[0] = ar.x; wr[1] = ar.y; wr[2] = ar.z; wr[3] = ar.w;
    wr8[0] = ar8.x; wr8[1] = ar8.y; wr8[2] = ar8.z; wr8[3] = ar8.w;
}
// Decodes a step's words into A fragments.
__device__ __forceinline__ void decode_step(const uint32_t (&wr)[4], const uint32_t (&wr8)[4],
                                            uint32_t (&ap)[4][4], uint32_t (&an)[4][4]) {
#pragma unroll
    for (int c = 0; c < 4; c++) {
        uint32_t p0[2], n0[2], p1[2], n1[2];
        decode(wr[c], p0, n0); decode(wr8[c], p1, n1);
        ap[c][0] = p0[0]; ap[c][1] = p1[0]; ap[c][2] = p0[1]; ap[c][3] = p1[1];
        an[c][0] = n0[0]; an[c][1] = n1[0]; an[c][2] = n0[1]; an[c][3] = n1[1];
    }
}
// Issues a step's eight wgmma into (P, N) and commits them.
__device__ __forceinline__ void issue_wg(const uint32_t (&ap)[4][4], const uint32_t (&an)[4][4], uint32_t b_base,
                                         int (&P)[4], int (&N)[4]) {
    wg_fence();
#pragma unroll
    for (int c = 0; c < 4; c++) {
        const uint64_t d = desc_of(b_base + 256 * c);
        wgmma(P, ap[c], d, c > 0);
        wgmma(N, an[c], d, c > 0);
    }
    wg_commit();
}
__device__ __forceinline__ void consume(const int (&P)[4], const int (&N)[4], float (&acc)[4]) {
#pragma unroll
    for (int j = 0; j < 4; j++) acc[j] = fmaf(to_f(P[j], N[j]), 0.5f + j, acc[j]);
}


__device__ __forceinline__ void decode_step_fp8(const uint32_t (&wr)[4], const uint32_t (&wr8)[4], uint32_t (&af)[4][4]) {
#pragma unroll
    for (int c = 0; c < 4; c++) {
        uint32_t x0, x1, y0, y1;
        decode_fp8(wr[c], x0, x1); decode_fp8(wr8[c], y0, y1);
        af[c][0] = x0; af[c][1] = y0; af[c][2] = x1; af[c][3] = y1;
    }
}
__device__ __forceinline__ void issue_wg_fp8(const uint32_t (&af)[4][4], uint32_t b_base, float (&D)[4]) {
    wg_fence();
#pragma unroll
    for (int c = 0; c < 4; c++) wgmma_fp8(D, af[c], desc_of(b_base + 256 * c), c > 0);
    wg_commit();
}
__device__ __forceinline__ void consume_f(const float (&D)[4], float (&acc)[4]) {
#pragma unroll
    for (int j = 0; j < 4; j++) acc[j] = fmaf(D[j], 0.5f + j, acc[j]);
}

template <int MODE>
__global__ void __launch_bounds__(256) bench(int iters, float *out, const uint32_t *seed) {
    __shared__ __align__(1024) uint32_t a_tile[2048];  // 8 KiB of "a"
    __shared__ __align__(1024) uint8_t b_tile[4 * 1024];  // four 32×32 B tiles (32×8 use the first 256 bytes of each)
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) a_tile[i] = seed[i & 255] * 2654435761u + i;
    for (int i = threadIdx.x; i < 4096; i += blockDim.x) b_tile[i] = (uint8_t)(i * 7);
    __syncthreads();
    const uint32_t lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const uint32_t b_base = (uint32_t)__cvta_generic_to_shared(b_tile);
    uint32_t b0 = seed[lane], b1 = seed[lane + 32];
    float acc[4] = {0, 0, 0, 0};
    uint32_t wr[4], wr8[4];
    if (MODE == 0) {
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
            int p[4] = {0, 0, 0, 0}, n[4] = {0, 0, 0, 0};
#pragma unroll
            for (int c = 0; c < 4; c++) {
                uint32_t p0[2], n0[2], p1[2], n1[2];
                decode(wr[c], p0, n0); decode(wr8[c], p1, n1);
                const uint32_t ap[4] = {p0[0], p1[0], p0[1], p1[1]}, an[4] = {n0[0], n1[0], n0[1], n1[1]};
                imma(p, ap, b0, b1); imma(n, an, b1, b0);
            }
            consume(p, n, acc);
        }
    } else if (MODE == 1) {
        int P[4] = {}, N[4] = {};
        uint32_t ap[4][4], an[4][4];
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
            decode_step(wr, wr8, ap, an);
            issue_wg(ap, an, b_base, P, N);
            wg_wait<0>();
            consume(P, N, acc);
        }
    } else if (MODE == 2) {
        // The next step's loads and decode run while this step's wgmma are in flight.
        int P[4] = {}, N[4] = {};
        uint32_t apA[4][4], anA[4][4], apB[4][4], anB[4][4];
        load_a(a_tile, 0, warp, lane, wr, wr8);
        decode_step(wr, wr8, apA, anA);
        for (int it = 0; it + 1 < iters; it += 2) {
            issue_wg(apA, anA, b_base, P, N);
            load_a(a_tile, it + 1, warp, lane, wr, wr8);
            decode_step(wr, wr8, apB, anB);
            wg_wait<0>();
            consume(P, N, acc);
            issue_wg(apB, anB, b_base, P, N);
            load_a(a_tile, it + 2, warp, lane, wr, wr8);
            decode_step(wr, wr8, apA, anA);
            wg_wait<0>();
            consume(P, N, acc);
        }
    }
    if (MODE == 6) {
        // Biased decode (one register per 4 elements: a+ lookup | a- lookup), four u8 x s8 mma.sync.
        const int bias = (int)(seed[5] & 7);
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
            int p[4] = {0, 0, 0, 0};
#pragma unroll
            for (int c = 0; c < 4; c++) {
                uint32_t v0[2], v1[2];
                decode_biased(wr[c], v0); decode_biased(wr8[c], v1);
                const uint32_t a[4] = {v0[0], v1[0], v0[1], v1[1]};
                imma_u8(p, a, b0, b1);
            }
            const int n[4] = {bias, bias + 1, bias, bias + 1};
            consume(p, n, acc);
        }
    }
    if (MODE == 3) {
        // mma.sync alone: the loaded words used as A directly, no decode.
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
            int p[4] = {0, 0, 0, 0}, n[4] = {0, 0, 0, 0};
#pragma unroll
            for (int c = 0; c < 4; c++) {
                const uint32_t ap[4] = {wr[c], wr8[c], wr[c] + 1, wr8[c] + 1}, an[4] = {wr[c] ^ 5, wr8[c] ^ 5, wr[c] ^ 6, wr8[c] ^ 6};
                imma(p, ap, b0, b1); imma(n, an, b1, b0);
            }
            consume(p, n, acc);
        }
    } else if (MODE == 4) {
        // wgmma alone: the loaded words as A, no decode.
        int P[4] = {}, N[4] = {};
        uint32_t ap[4][4], an[4][4];
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
#pragma unroll
            for (int c = 0; c < 4; c++) {
                ap[c][0] = wr[c]; ap[c][1] = wr8[c]; ap[c][2] = wr[c] + 1; ap[c][3] = wr8[c] + 1;
                an[c][0] = wr[c] ^ 5; an[c][1] = wr8[c] ^ 5; an[c][2] = wr[c] ^ 6; an[c][3] = wr8[c] ^ 6;
            }
            issue_wg(ap, an, b_base, P, N);
            wg_wait<0>();
            consume(P, N, acc);
        }
    } else if (MODE == 5) {
        // The decode alone: its outputs folded into the accumulators instead of any MMA.
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
            int p[4] = {0, 0, 0, 0}, n[4] = {0, 0, 0, 0};
#pragma unroll
            for (int c = 0; c < 4; c++) {
                uint32_t p0[2], n0[2], p1[2], n1[2];
                decode(wr[c], p0, n0); decode(wr8[c], p1, n1);
                p[c] ^= p0[0] ^ p1[1]; n[c] ^= n0[0] ^ n1[1]; p[(c + 1) & 3] ^= p1[0]; n[(c + 1) & 3] ^= n0[1] ^ p0[1] ^ n1[0];
            }
            consume(p, n, acc);
        }
    }

    if (MODE == 7) {
        // FP8 route: 4-instruction decode per word, four e4m3 wgmma per step, pipelined as wgpipe.
        float D[4] = {};
        uint32_t afA[4][4], afB[4][4];
        load_a(a_tile, 0, warp, lane, wr, wr8);
        decode_step_fp8(wr, wr8, afA);
        for (int it = 0; it + 1 < iters; it += 2) {
            issue_wg_fp8(afA, b_base, D);
            load_a(a_tile, it + 1, warp, lane, wr, wr8);
            decode_step_fp8(wr, wr8, afB);
            wg_wait<0>();
            consume_f(D, acc);
            issue_wg_fp8(afB, b_base, D);
            load_a(a_tile, it + 2, warp, lane, wr, wr8);
            decode_step_fp8(wr, wr8, afA);
            wg_wait<0>();
            consume_f(D, acc);
        }
    } else if (MODE == 8) {
        // FP8 decode alone, outputs folded into integer accumulators.
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
            uint32_t f[4] = {0, 0, 0, 0};
#pragma unroll
            for (int c = 0; c < 4; c++) {
                uint32_t x0, x1, y0, y1;
                decode_fp8(wr[c], x0, x1); decode_fp8(wr8[c], y0, y1);
                f[c] ^= x0 ^ y1; f[(c + 1) & 3] ^= x1 ^ y0;
            }
            const int p[4] = {(int)f[0], (int)f[1], (int)f[2], (int)f[3]}, n[4] = {0, 0, 0, 0};
            consume(p, n, acc);
        }
    } else if (MODE == 9) {
        // FP8 wgmma alone (loaded words as A), pipelined like mode 7.
        float D[4] = {};
        uint32_t af[4][4];
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
#pragma unroll
            for (int c = 0; c < 4; c++) { af[c][0] = wr[c] & 0x9C9C9C9Cu; af[c][1] = wr8[c] & 0x9C9C9C9Cu; af[c][2] = wr[c] & 0x1C9C1C9Cu; af[c][3] = wr8[c] & 0x1C9C1C9Cu; }
            issue_wg_fp8(af, b_base, D);
            wg_wait<0>();
            consume_f(D, acc);
        }
    } else if (MODE == 10) {
        // FP8 route, not pipelined (wait right after the step's wgmma).
        float D[4] = {};
        uint32_t af[4][4];
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
            decode_step_fp8(wr, wr8, af);
            issue_wg_fp8(af, b_base, D);
            wg_wait<0>();
            consume_f(D, acc);
        }
    }

    if (MODE == 11 || MODE == 12 || MODE == 13) {
        // 11: fp8 decode (fused LOP3) + m64n8k32; 12: + m64n16k32; 13: + m64n32k32 (wasted columns).
        float D[16] = {};
        uint32_t af[4][4];
        for (int it = 0; it < iters; it++) {
            load_a(a_tile, it, warp, lane, wr, wr8);
#pragma unroll
            for (int c = 0; c < 4; c++) {
                uint32_t x0, x1, y0, y1;
                decode_fp8_lop3(wr[c], x0, x1); decode_fp8_lop3(wr8[c], y0, y1);
                af[c][0] = x0; af[c][1] = y0; af[c][2] = x1; af[c][3] = y1;
            }
            wg_fence();
#pragma unroll
            for (int c = 0; c < 4; c++) {
                if (MODE == 11) wgmma_fp8(*reinterpret_cast<float (*)[4]>(D), af[c], desc_of(b_base + 256 * c), c > 0);
                if (MODE == 12) wgmma_fp8_n16(*reinterpret_cast<float (*)[8]>(D), af[c], desc_of(b_base + 512 * c), c > 0);
                if (MODE == 13) wgmma_fp8_n32(D, af[c], desc_of(b_base + 1024 * c), c > 0);
            }
            wg_commit();
            wg_wait<0>();
            const int n = MODE == 11 ? 4 : MODE == 12 ? 8 : 16;
            // Use one column group's values, like a warp that keeps only its own columns.
            float v[4];
#pragma unroll
            for (int j = 0; j < 4; j++) v[j] = D[(j + 4 * (warp & 3)) % n];
            consume_f(v, acc);
        }
    }

    if (MODE == 14 || MODE == 15) {
        // Two row pairs (rows r, r + 8 and r + 16, r + 24): decode both, issue both pairs'
        // four wgmma, one wait; each warp keeps its column group with 0/1-weighted FFMAs.
        constexpr int NG = MODE == 14 ? 4 : 2;  // 8-column groups
        float D0[4 * NG] = {}, D1[4 * NG] = {};
        uint32_t af0[4][4], af1[4][4];
        float sel[NG];
#pragma unroll
        for (int i = 0; i < NG; i++) sel[i] = (int)(warp % NG) == i ? 1.0f : 0.0f;
        for (int it = 0; it < iters; it += 2) {
            load_a(a_tile, it, warp, lane, wr, wr8);
#pragma unroll
            for (int c = 0; c < 4; c++) {
                uint32_t x0, x1, y0, y1;
                decode_fp8_lop3(wr[c], x0, x1); decode_fp8_lop3(wr8[c], y0, y1);
                af0[c][0] = x0; af0[c][1] = y0; af0[c][2] = x1; af0[c][3] = y1;
            }
            load_a(a_tile, it + 1, warp, lane, wr, wr8);
#pragma unroll
            for (int c = 0; c < 4; c++) {
                uint32_t x0, x1, y0, y1;
                decode_fp8_lop3(wr[c], x0, x1); decode_fp8_lop3(wr8[c], y0, y1);
                af1[c][0] = x0; af1[c][1] = y0; af1[c][2] = x1; af1[c][3] = y1;
            }
            wg_fence();
#pragma unroll
            for (int c = 0; c < 4; c++) {
                if (MODE == 14) { wgmma_fp8_n32(*reinterpret_cast<float (*)[16]>(D0), af0[c], desc_of(b_base + 1024 * c), c > 0); }
                else { wgmma_fp8_n16(*reinterpret_cast<float (*)[8]>(D0), af0[c], desc_of(b_base + 512 * c), c > 0); }
            }
#pragma unroll
            for (int c = 0; c < 4; c++) {
                if (MODE == 14) { wgmma_fp8_n32(*reinterpret_cast<float (*)[16]>(D1), af1[c], desc_of(b_base + 1024 * c), c > 0); }
                else { wgmma_fp8_n16(*reinterpret_cast<float (*)[8]>(D1), af1[c], desc_of(b_base + 512 * c), c > 0); }
            }
            wg_commit();
            wg_wait<0>();
            float v0[4], v1[4];
#pragma unroll
            for (int j = 0; j < 4; j++) {
                v0[j] = D0[j] * sel[0]; v1[j] = D1[j] * sel[0];
#pragma unroll
                for (int i = 1; i < NG; i++) { v0[j] = fmaf(D0[4 * i + j], sel[i], v0[j]); v1[j] = fmaf(D1[4 * i + j], sel[i], v1[j]); }
            }
            consume_f(v0, acc);
            consume_f(v1, acc);
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc[0] + acc[1] + acc[2] + acc[3];
}

template <int MODE>
int run(const char *name, int blocks, int threads, int iters, float *out, const uint32_t *seed) {
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    bench<MODE><<<blocks, threads>>>(iters, out, seed);  // warm-up
    CK(cudaDeviceSynchronize());
    float best = 1e30f;
    for (int r = 0; r < 5; r++) {
        CK(cudaEventRecord(e0));
        bench<MODE><<<blocks, threads>>>(iters, out, seed);
        CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
        float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); if (ms < best) best = ms;
    }
    // Elements of `a` per step and warp: 16 rows × 128 K (four 32-K words per lane).
    const double elems = (double)blocks * (threads / 32) * iters * 16.0 * 128.0;
    const int sms = 132;
    printf("%-11s blocks %4d threads %3d (warps/SM %5.1f): %8.3f ms, %7.1f elements/ns, %6.1f elements per SM-cycle at 1.98 GHz\n",
           name, blocks, threads, (double)blocks * threads / 32 / sms, best, elems / (best * 1e6), elems / (best * 1e6) / sms / 1.98);
    return 0;
}

int main() {
    float *out; uint32_t *seed;
    CK(cudaMalloc(&out, 132 * 16 * 256 * sizeof(float)));
    CK(cudaMalloc(&seed, 256 * sizeof(uint32_t)));
    uint32_t h[256]; for (int i = 0; i < 256; i++) h[i] = 0x9E3779B9u * (i + 1);
    CK(cudaMemcpy(seed, h, sizeof h, cudaMemcpyHostToDevice));
    const int iters = 4000;
    for (int per_sm : {2, 4}) {
        for (int threads : {128, 256}) {
            const int blocks = 132 * per_sm;
            if (run<0>("imma", blocks, threads, iters, out, seed)) return 1;
            if (run<2>("wgpipe", blocks, threads, iters, out, seed)) return 1;
            if (run<5>("decode-only", blocks, threads, iters, out, seed)) return 1;
            if (run<3>("imma-only", blocks, threads, iters, out, seed)) return 1;
            if (run<7>("fp8+wgpipe", blocks, threads, iters, out, seed)) return 1;
            if (run<10>("fp8+wg", blocks, threads, iters, out, seed)) return 1;
            if (run<11>("fp8l+n8", blocks, threads, iters, out, seed)) return 1;
            if (run<12>("fp8l+n16", blocks, threads, iters, out, seed)) return 1;
            if (run<13>("fp8l+n32", blocks, threads, iters, out, seed)) return 1;
            if (run<14>("fp8l+n32pk", blocks, threads, iters, out, seed)) return 1;
            if (run<15>("fp8l+n16pk", blocks, threads, iters, out, seed)) return 1;
            if (run<8>("fp8-decode", blocks, threads, iters, out, seed)) return 1;
            if (run<9>("fp8-wg-only", blocks, threads, iters, out, seed)) return 1;
        }
    }
    return 0;
}
