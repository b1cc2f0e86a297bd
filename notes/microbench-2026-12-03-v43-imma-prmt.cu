// v43 microbenchmark: IMMA.16832 (mma.sync m16n8k32 s8) and PRMT issue cost per SM sub-partition on the H200.
#include <cstdio>
#include <cstdint>
template <int MODE>
__global__ void k(uint32_t *out, int iters, uint32_t seed) {
  uint32_t a0 = seed ^ threadIdx.x, a1 = a0 * 3, a2 = a0 * 5, a3 = a0 * 7, b0 = a0 * 11, b1 = a0 * 13;
  int c[4][4] = {};
  uint32_t p = a0, q = a1, r = a2, s = a3;
  long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
    if (MODE != 1) {
#pragma unroll
      for (int j = 0; j < 4; ++j)
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+r"(c[j][0]), "+r"(c[j][1]), "+r"(c[j][2]), "+r"(c[j][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
    if (MODE != 0) {
      // 16 independent PRMT per iteration (4 chains of 4)
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        asm volatile("prmt.b32 %0, %0, %1, %2;" : "+r"(p) : "r"(0x0c080604u), "r"(q));
        asm volatile("prmt.b32 %0, %0, %1, %2;" : "+r"(q) : "r"(0x0c080604u), "r"(r));
        asm volatile("prmt.b32 %0, %0, %1, %2;" : "+r"(r) : "r"(0x0c080604u), "r"(s));
        asm volatile("prmt.b32 %0, %0, %1, %2;" : "+r"(s) : "r"(0x0c080604u), "r"(p));
      }
    }
  }
  long long t1 = clock64();
  uint32_t acc = p ^ q ^ r ^ s;
  for (int j = 0; j < 4; ++j) acc ^= c[j][0] ^ c[j][1] ^ c[j][2] ^ c[j][3];
  if (acc == 0x12345678u) out[1] = acc;
  if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = (uint32_t)(t1 - t0);
}
int main() {
  uint32_t *d; cudaMalloc(&d, 8);
  const int iters = 4096;
  const char *names[3] = {"imma only (4/iter)", "prmt only (16/iter)", "imma 4 + prmt 16 per iter"};
  for (int mode = 0; mode < 3; ++mode) {
    for (int warps = 4; warps <= 16; warps *= 2) {
      auto f = mode == 0 ? k<0> : mode == 1 ? k<1> : k<2>;
      f<<<132, warps * 32>>>(d, iters, 1);  // one block per SM: warps/4 warps per sub-partition
      cudaDeviceSynchronize();
      uint32_t cyc; cudaMemcpy(&cyc, d, 4, cudaMemcpyDeviceToHost);
      double per_smsp = (double)cyc / iters / (warps / 4);
      printf("%-28s warps/SM %2d: %.2f cycles per iteration per warp-slot on a sub-partition (cycles/iter %.1f)\n",
             names[mode], warps, per_smsp, (double)cyc / iters);
    }
  }
  cudaError_t e = cudaGetLastError(); printf("status %s\n", cudaGetErrorString(e));
}
