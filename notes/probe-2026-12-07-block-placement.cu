// Where the block dispatcher puts a one-wave grid's blocks (forty-fourth session, a probe for a
// grid of mixed 32- and 24-row tiles: it balances only if blocks b and b + SMs share an SM).
// Each block holds ~100 KB of dynamic shared memory and 288 threads, as
// `bm32_k1024_s4_w8_tiled` does, so two fit per SM; it records its %smid and start time, then
// spins 20 µs so that no block finishes before the grid is placed.
// nvcc -arch=sm_90a -o probe probe-2026-12-07-block-placement.cu && ./probe
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
__global__ void probe(unsigned* smid, unsigned long long* t0) {
  extern __shared__ char s[];
  unsigned long long now, start;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  if (threadIdx.x == 0) {
    unsigned id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    smid[blockIdx.x] = id;
    t0[blockIdx.x] = start;
    s[0] = (char)id;
  }
  do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now)); } while (now - start < 20000);
}
int main() {
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int smem = 100 * 1024;
  cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  int per_sm; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, probe, 288, smem);
  printf("SMs %d, blocks per SM %d\n", sms, per_sm);
  for (int blocks : {224, 2 * sms}) {
    unsigned* d; unsigned long long* dt; cudaMalloc(&d, 4 * blocks); cudaMalloc(&dt, 8 * blocks);
    for (int rep = 0; rep < 3; rep++) {
      probe<<<blocks, 288, smem>>>(d, dt);
      if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
      std::vector<unsigned> h(blocks); cudaMemcpy(h.data(), d, 4 * blocks, cudaMemcpyDeviceToHost);
      std::vector<int> first(1024, -1), count(1024, 0);
      int distinct_first = 0, pair_b_b_plus_sms = 0, second_on_other = 0;
      for (int b = 0; b < blocks; b++) { count[h[b]]++; if (first[h[b]] < 0) { first[h[b]] = b; if (b < sms) distinct_first++; } }
      for (int b = sms; b < blocks; b++) { if (h[b] == h[b - sms]) pair_b_b_plus_sms++; else second_on_other++; }
      int two = 0; for (int i = 0; i < 1024; i++) two += count[i] == 2;
      printf("grid %d rep %d: first %d blocks on %d distinct SMs; SMs with two blocks %d; block b+%d on b's SM: %d of %d\n",
             blocks, rep, sms, distinct_first, two, sms, pair_b_b_plus_sms, blocks - sms);
      if (rep == 0) { printf("smid of blocks 0..%d:", blocks - 1); for (int b = 0; b < blocks; b++) printf(" %u", h[b]); printf("\n"); }
    }
    cudaFree(d); cudaFree(dt);
  }
  return 0;
}
