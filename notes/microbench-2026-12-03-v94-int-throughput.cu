// Microbenchmark v94 (2026-12-03, thirteenth session): issue cost of the sm_90a decode's
// instructions. Each thread runs 8 independent chains of one instruction kind (inline PTX that
// ptxas maps to one SASS instruction each; the SASS is checked with cuobjdump), 32 warps per SM;
// reported as SMSP cycles per warp instruction (1.98 GHz, 132 SMs, 4 schedulers per SM).
// Build: nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o int_bench microbench-2026-12-03-v94-int-throughput.cu
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

template <int OP>
__device__ __forceinline__ uint32_t op(uint32_t x, uint32_t y) {
    uint32_t d;
    if (OP == 0) asm volatile("prmt.b32 %0, %1, %2, %1;" : "=r"(d) : "r"(x), "r"(y));  // selector chained
    if (OP == 1) asm volatile("lop3.b32 %0, %1, %2, %1, 0x96;" : "=r"(d) : "r"(x), "r"(y));
    if (OP == 2) asm volatile("mul.hi.u32 %0, %1, %2;" : "=r"(d) : "r"(x), "r"(y));
    if (OP == 3) asm volatile("mad.lo.u32 %0, %1, %2, %1;" : "=r"(d) : "r"(x), "r"(y));
    if (OP == 4) asm volatile("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(d) : "r"(x), "r"(y));
    if (OP == 5) asm volatile("add.u32 %0, %1, %2;" : "=r"(d) : "r"(x), "r"(y));
    if (OP == 6) asm volatile("fma.rn.f32 %0, %1, %2, %1;" : "=r"(d) : "r"(x), "r"(y));
    return d;
}

template <int OP, int OP2>
__global__ void __launch_bounds__(256) bench(int iters, uint32_t *out, uint32_t seed) {
    uint32_t v[8];
    for (int i = 0; i < 8; i++) v[i] = seed * (threadIdx.x + 17 * i + 1);
    const uint32_t y = seed ^ 0x3F800001u;
    for (int it = 0; it < iters; it++) {
#pragma unroll
        for (int r = 0; r < 8; r++) {
#pragma unroll
            for (int i = 0; i < 8; i++) v[i] = (r & 1) && OP2 >= 0 ? op<OP2 < 0 ? 0 : OP2>(v[i], y) : op<OP>(v[i], y);
        }
    }
    uint32_t s = 0;
    for (int i = 0; i < 8; i++) s ^= v[i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

template <int OP, int OP2>
int run(const char *name, uint32_t *out) {
    const int blocks = 132 * 4, threads = 256, iters = 2000;
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    bench<OP, OP2><<<blocks, threads>>>(iters, out, 12345);
    CK(cudaDeviceSynchronize());
    float best = 1e30f;
    for (int r = 0; r < 5; r++) {
        CK(cudaEventRecord(e0));
        bench<OP, OP2><<<blocks, threads>>>(iters, out, 12345);
        CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
        float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); if (ms < best) best = ms;
    }
    const double warp_instr = (double)blocks * threads / 32 * iters * 64;
    const double smsp_cycles = best * 1e-3 * 1.98e9 * 132 * 4;
    printf("%-22s %8.3f ms  %5.2f SMSP cycles per warp instruction\n", name, best, smsp_cycles / warp_instr);
    return 0;
}

int main() {
    uint32_t *out; CK(cudaMalloc(&out, 132 * 4 * 256 * sizeof(uint32_t)));
    if (run<0, -1>("prmt", out)) return 1;
    if (run<1, -1>("lop3", out)) return 1;
    if (run<2, -1>("mul.hi (IMAD.HI)", out)) return 1;
    if (run<3, -1>("mad.lo (IMAD)", out)) return 1;
    if (run<4, -1>("shf", out)) return 1;
    if (run<5, -1>("add (IADD3)", out)) return 1;
    if (run<6, -1>("fma.f32 (FFMA)", out)) return 1;
    if (run<0, 2>("prmt + mul.hi", out)) return 1;
    if (run<0, 1>("prmt + lop3", out)) return 1;
    if (run<1, 2>("lop3 + mul.hi", out)) return 1;
    if (run<0, 6>("prmt + ffma", out)) return 1;
    return 0;
}
