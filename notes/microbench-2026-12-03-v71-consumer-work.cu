// v71 microbenchmark (2026-12-03, tenth session): how much does consumer work per stage slow the TMA stream of
// the GEMV's stage protocol? The v65 model (a 32 x 512-byte box + the sfa/b/sfb copies per stage, 4 stages, 8
// consumer warps that wait for each stage and release it, 224 blocks as bm32_k1024_s4_w8 on (7168,16384,1)),
// with the consumers doing work between the wait and the release (or, EARLY, after releasing):
//   WORK: N iterations of a dependent integer chain per stage and warp (the ALUs of an SM are shared by its blocks,
//         as the GEMV's arithmetic is); "work only" runs the same consumers with no copies and no waits;
//   SPIN: a fixed number of clock cycles per stage (no shared resource), uniform or jittered (+-50%, per warp).
// If the stream with work took about max(work only, stream alone), the GEMV's 22 us against its parts (bare
// pipeline ~18.5 us, arithmetic alone ~16.6 us) would be the GEMV's own; if the model loses as much, a 4-stage
// pipeline whose consumers work at about the rate the data arrives loses it by itself.
// PLAIN LOADS: the read-only kernel's structure with the same work per byte, for comparison. (ldg_work runs the
// groups of four loads only, no tail: 3 groups of 17.3 MB = 52 of the 66 MB on 132 SMs; its ratios, not its
// absolute times, are what it shows.)
// DEPTH: 4, 6 or 10 stages with one block per SM (4224 rows), 2 or 5 with two (8448 rows).
// BALANCE repeats it for 8448, 6336 and 4224 rows (264, 198, 132 blocks: 2, 1.5, 1 per SM).
// Build: nvcc -O3 -arch=sm_90a -o v71 microbench-2026-12-03-v71-consumer-work.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>

constexpr int M = 8448, KB = 8192, STAGES = 4, BOX_BYTES = 16384, SETS = 4;

__device__ __forceinline__ void tma_2d(uint32_t dst, const CUtensorMap *map, uint32_t bar, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               :: "r"(dst), "l"(map), "r"(bar), "r"(x), "r"(y) : "memory");
}
__device__ __forceinline__ bool try_wait(uint32_t bar, uint32_t parity) {
  uint32_t ok;
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
  return ok;
}

// Block b streams rows [b*rows_per_block, +rows_per_block) x all KB bytes in boxes of box_rows x box_cols bytes.
__global__ void tma_stream(const __grid_constant__ CUtensorMap map, int rows_per_block, int box_rows, int box_cols_elems,
                           int elem_bytes, uint32_t *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t bars[STAGES];
  if (threadIdx.x != 0) return;
  uint32_t sbase = (uint32_t)__cvta_generic_to_shared(smem);
  uint32_t bbase = (uint32_t)__cvta_generic_to_shared(bars);
  for (int s = 0; s < STAGES; ++s)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(bbase + 8 * s));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  int row0 = blockIdx.x * rows_per_block;
  int kx = KB / elem_bytes / box_cols_elems;      // boxes along a row
  int total = (rows_per_block / box_rows) * kx;   // boxes of this block
  auto issue = [&](int i) {
    int s = i % STAGES;
    uint32_t bar = bbase + 8 * s;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(BOX_BYTES) : "memory");
    // K-major order within a row group: the same walk as the GEMV's K loop.
    int rg = i / kx, kk = i % kx;
    tma_2d(sbase + s * BOX_BYTES, &map, bar, kk * box_cols_elems, row0 + rg * box_rows);
  };
  for (int i = 0; i < STAGES && i < total; ++i) issue(i);
  uint32_t acc = 0;
  for (int i = 0; i < total; ++i) {
    int s = i % STAGES;
    while (!try_wait(bbase + 8 * s, (i / STAGES) & 1)) {}
    acc ^= smem[s * BOX_BYTES + (i & 1023)];
    if (i + STAGES < total) issue(i + STAGES);
  }
  if (acc == 0x12345u) sink[blockIdx.x] = acc;
}

__global__ void ldg_stream(const uint4 *src, size_t n16, uint32_t *sink) {
  size_t stride = (size_t)gridDim.x * blockDim.x, i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0;
  for (; i + 3 * stride < n16; i += 4 * stride) {
    uint4 a = __ldg(src + i), b = __ldg(src + i + stride), c = __ldg(src + i + 2 * stride), d = __ldg(src + i + 3 * stride);
    acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^ d.z ^ d.w;
  }
  for (; i < n16; i += stride) { uint4 a = __ldg(src + i); acc ^= a.x ^ a.y ^ a.z ^ a.w; }
  if (acc == 0x12345u) sink[blockIdx.x] = acc;
}


// The GEMV's stage protocol around the same a boxes (32 rows x 512 B): EXTRA adds the three small copies of a
// GEMV stage (sfa 32 rows x 64 B, b 512 B, sfb 32 B: here from a separate scale tensor), CONSUMERS adds 8 warps
// that wait on every stage and release it on an `empty` barrier the producer waits on before refilling.
template <bool EXTRA, bool CONSUMERS>
__global__ void tma_gemvlike(const __grid_constant__ CUtensorMap map, const __grid_constant__ CUtensorMap smap,
                             const __grid_constant__ CUtensorMap bmap, const __grid_constant__ CUtensorMap fmap,
                             uint32_t *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
  constexpr int EXTRA_BYTES = 32 * 64 + 512 + 64;  // sfa, b, sfb as one 2-D box each below
  constexpr int STAGE = BOX_BYTES + (EXTRA ? 4096 : 0);
  uint32_t sbase = (uint32_t)__cvta_generic_to_shared(smem);
  uint32_t fb = (uint32_t)__cvta_generic_to_shared(full), eb = (uint32_t)__cvta_generic_to_shared(empty);
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(fb + 8 * s));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(eb + 8 * s), "r"(256));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  int row0 = blockIdx.x * 32, total = KB / 512;
  uint32_t acc = 0;
  if (threadIdx.x == 0) {
    auto issue = [&](int i) {
      int s = i % STAGES;
      uint32_t bar = fb + 8 * s;
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(BOX_BYTES + (EXTRA ? EXTRA_BYTES : 0)) : "memory");
      tma_2d(sbase + s * STAGE, &map, bar, i * 256, row0);
      if (EXTRA) {
        // sfa-like: 32 rows x 64 B of the scale tensor (row length KB/8 bytes, 1-byte elements)
        tma_2d(sbase + s * STAGE + BOX_BYTES, &smap, bar, i * 64, row0);
        // b-like and sfb-like: 512 B and 64 B of rows M and M + 1 of the scale tensor (8-byte elements)
        tma_2d(sbase + s * STAGE + BOX_BYTES + 2048, &bmap, bar, i * 64 % 128, M);
        tma_2d(sbase + s * STAGE + BOX_BYTES + 2048 + 512, &fmap, bar, i * 8, M + 1);
      }
    };
    for (int i = 0; i < STAGES; ++i) issue(i);
    for (int i = 0; i < total; ++i) {
      int s = i % STAGES;
      while (!try_wait(fb + 8 * s, (i / STAGES) & 1)) {}
      acc ^= smem[s * STAGE + (i & 1023)];
      if (i + STAGES < total) {
        if (CONSUMERS) while (!try_wait(eb + 8 * s, (i / STAGES) & 1)) {}
        issue(i + STAGES);
      }
    }
  } else if (CONSUMERS && threadIdx.x >= 32) {
    for (int i = 0; i < total; ++i) {
      int s = i % STAGES;
      while (!try_wait(fb + 8 * s, (i / STAGES) & 1)) {}
      acc ^= smem[s * STAGE + threadIdx.x];
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(eb + 8 * s) : "memory");
    }
  }
  if (acc == 0x12345u) sink[blockIdx.x] = acc;
}


// MODE 0: WORK (n = iterations), 1: SPIN (n = cycles, uniform), 2: SPIN jittered. COPY false: no copies, no waits.
template <int MODE, bool COPY, bool EARLY = false, int ST = STAGES>
__global__ void consume_stream(const __grid_constant__ CUtensorMap map, const __grid_constant__ CUtensorMap smap,
                               const __grid_constant__ CUtensorMap bmap, const __grid_constant__ CUtensorMap fmap,
                               uint32_t *sink, int n) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t full[ST], empty[ST];
  constexpr int EXTRA_BYTES = 32 * 64 + 512 + 64;
  constexpr int STAGE = BOX_BYTES + 4096;
  uint32_t sbase = (uint32_t)__cvta_generic_to_shared(smem);
  uint32_t fb = (uint32_t)__cvta_generic_to_shared(full), eb = (uint32_t)__cvta_generic_to_shared(empty);
  if (threadIdx.x == 0) {
    for (int s = 0; s < ST; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(fb + 8 * s));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(eb + 8 * s), "r"(256));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  int row0 = blockIdx.x * 32, total = KB / 512;
  uint32_t acc = 0;
  if (threadIdx.x == 0) {
    if (COPY) {
      auto issue = [&](int i) {
        int s = i % ST;
        uint32_t bar = fb + 8 * s;
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(BOX_BYTES + EXTRA_BYTES) : "memory");
        tma_2d(sbase + s * STAGE, &map, bar, i * 256, row0);
        tma_2d(sbase + s * STAGE + BOX_BYTES, &smap, bar, i * 64, row0);
        tma_2d(sbase + s * STAGE + BOX_BYTES + 2048, &bmap, bar, i * 64 % 128, M);
        tma_2d(sbase + s * STAGE + BOX_BYTES + 2048 + 512, &fmap, bar, i * 8, M + 1);
      };
      for (int i = 0; i < ST; ++i) issue(i);
      for (int i = 0; i < total; ++i) {
        int s = i % ST;
        while (!try_wait(fb + 8 * s, (i / ST) & 1)) {}
        if (i + ST < total) {
          while (!try_wait(eb + 8 * s, (i / ST) & 1)) {}
          issue(i + ST);
        }
      }
    }
  } else if (threadIdx.x >= 32) {
    uint32_t x = threadIdx.x * 2654435761u + blockIdx.x * 40503u, rng = x | 1;
    for (int i = 0; i < total; ++i) {
      int s = i % ST;
      if (COPY) while (!try_wait(fb + 8 * s, (i / ST) & 1)) {}
      acc ^= smem[s * STAGE + threadIdx.x];
      if (EARLY && COPY) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(eb + 8 * s) : "memory");
      if (MODE == 0) {
        for (int j = 0; j < n; ++j) { x = x * 1664525u + acc; acc ^= x >> 7; }
      } else {
        int d = n;
        if (MODE == 2) { rng = rng * 1664525u + 1013904223u; d = n / 2 + (int)((rng >> 8) % (uint32_t)(n + 1)); }
        long long t0 = clock64();
        while (clock64() - t0 < d) {}
      }
      if (!EARLY && COPY) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(eb + 8 * s) : "memory");
    }
  }
  if (acc == 0x12345u) sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}


// The read-only kernel's structure (8 blocks of 256 threads per SM, four 16-byte loads per thread in flight) with
// n iterations of the same integer chain after each group of four loads; LOAD false: the same work, no loads.
template <bool LOAD>
__global__ void ldg_work(const uint4 *src, size_t n16, uint32_t *sink, int n) {
  size_t stride = (size_t)gridDim.x * blockDim.x, i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0, x = threadIdx.x * 2654435761u + blockIdx.x;
  for (; i + 3 * stride < n16; i += 4 * stride) {
    if (LOAD) {
      uint4 a = __ldg(src + i), b = __ldg(src + i + stride), c = __ldg(src + i + 2 * stride), d = __ldg(src + i + 3 * stride);
      acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^ d.z ^ d.w;
    } else {
      acc ^= (uint32_t)i;
    }
    for (int j = 0; j < n; ++j) { x = x * 1664525u + acc; acc ^= x >> 7; }
  }
  if (acc == 0x12345u) sink[blockIdx.x] = acc;
}

template <class F> double time_graph_us(F launch, int launches) {
  cudaStream_t st; cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
  cudaGraph_t g; cudaGraphExec_t ge;
  cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal);
  for (int i = 0; i < launches; ++i) launch(i, st);
  cudaStreamEndCapture(st, &g);
  cudaGraphInstantiate(&ge, g, 0);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaGraphLaunch(ge, st); cudaStreamSynchronize(st);
  std::vector<float> t;
  for (int rep = 0; rep < 21; ++rep) {
    cudaEventRecord(e0, st); cudaGraphLaunch(ge, st); cudaEventRecord(e1, st); cudaEventSynchronize(e1);
    float ms; cudaEventElapsedTime(&ms, e0, e1); t.push_back(ms * 1000.f / launches);
  }
  std::sort(t.begin(), t.end());
  cudaGraphExecDestroy(ge); cudaGraphDestroy(g); cudaStreamDestroy(st);
  return t[t.size() / 2];
}

int main() {
  size_t bytes = (size_t)M * KB;
  uint8_t *buf; cudaMalloc(&buf, bytes * SETS); cudaMemset(buf, 0x5A, bytes * SETS);
  uint32_t *sink; cudaMalloc(&sink, 1 << 22);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int L = 40;
  double ldg = time_graph_us([&](int i, cudaStream_t st) { ldg_stream<<<sms * 8, 256, 0, st>>>((const uint4 *)(buf + (i % SETS) * bytes), bytes / 16, sink); }, L);
  printf("plain 16-byte loads of %.1f MB, graphs: %.2f us\n", bytes / 1e6, ldg);
  uint8_t *sc; cudaMalloc(&sc, (size_t)(M + 2) * (KB / 8) * SETS); cudaMemset(sc, 0x33, (size_t)(M + 2) * (KB / 8) * SETS);
  std::vector<CUtensorMap> am(SETS), sm(SETS), bm(SETS), fm(SETS);
  for (int s = 0; s < SETS; ++s) {
    cuuint64_t dims[2] = {(cuuint64_t)(KB / 2), (cuuint64_t)M}; cuuint64_t strides[1] = {(cuuint64_t)KB};
    cuuint32_t box[2] = {256, 32}; cuuint32_t es[2] = {1, 1};
    CUresult r0 = cuTensorMapEncodeTiled(&am[s], CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, buf + s * bytes, dims, strides, box, es,
                           CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    cuuint64_t d2[2] = {(cuuint64_t)(KB / 8), (cuuint64_t)(M + 2)}; cuuint64_t st2[1] = {(cuuint64_t)(KB / 8)};
    cuuint32_t b2[2] = {64, 32};
    CUresult r = cuTensorMapEncodeTiled(&sm[s], CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, sc + s * (size_t)(M + 2) * (KB / 8), d2, st2, b2, es,
                           CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    cuuint64_t d3[2] = {(cuuint64_t)(KB / 64), (cuuint64_t)(M + 2)}; cuuint64_t st3[1] = {(cuuint64_t)(KB / 8)};
    cuuint32_t b3[2] = {64, 1}, b4[2] = {8, 1};
    CUresult r1 = cuTensorMapEncodeTiled(&bm[s], CU_TENSOR_MAP_DATA_TYPE_UINT64, 2, sc + s * (size_t)(M + 2) * (KB / 8), d3, st3, b3, es,
                               CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    CUresult r2 = cuTensorMapEncodeTiled(&fm[s], CU_TENSOR_MAP_DATA_TYPE_UINT64, 2, sc + s * (size_t)(M + 2) * (KB / 8), d3, st3, b4, es,
                               CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r0 || r || r1 || r2) { printf("encode failed\n"); return 1; }
  }
  const int SMEM = STAGES * (BOX_BYTES + 4096);
  int rows = 7168;
  int smem = SMEM;
  auto run = [&](auto kern, int n) {
    cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    return time_graph_us([&](int i, cudaStream_t st) {
      kern<<<rows / 32, 288, smem, st>>>(am[i % SETS], sm[i % SETS], bm[i % SETS], fm[i % SETS], sink, n); }, L);
  };
  printf("(7168 rows of 8192 bytes, 224 blocks of 32 rows: 92 SMs hold two blocks, 40 one)\n");
  printf("the stream alone (a + sfa + b + sfb, 66 MB): %.2f us\n", run(consume_stream<1, true>, 0));
  printf("WORK: iterations per stage and warp | work only us | stream with work us | ratio to max(work only, stream alone)\n");
  double alone = run(consume_stream<1, true>, 0);
  for (int n : {25, 50, 75, 100, 125, 150, 200}) {
    double w = run(consume_stream<0, false>, n), f = run(consume_stream<0, true>, n);
    printf("  %4d | %7.2f | %7.2f | %.3f\n", n, w, f, f / (w > alone ? w : alone));
  }
  printf("EARLY release (each warp releases the stage once it has read it, then works): work only | stream with work, early | ratio\n");
  for (int n : {50, 75, 100, 125}) {
    double w = run(consume_stream<0, false>, n), f = run(consume_stream<0, true, true>, n);
    printf("  %4d | %7.2f | %7.2f | %.3f\n", n, w, f, f / (w > alone ? w : alone));
  }
  printf("SPIN: cycles per stage | spin only us | stream with spin us (uniform) | (jittered +-50%%)\n");
  for (int n : {500, 1000, 1500, 2000, 2500}) {
    double w = run(consume_stream<1, false>, n), f = run(consume_stream<1, true>, n), j = run(consume_stream<2, true>, n);
    printf("  %5d | %7.2f | %7.2f | %7.2f\n", n, w, f, j);
  }
  printf("BALANCE: rows (blocks; blocks per SM) | stream alone us | work only us (n) | stream with work us | ratio\n");
  for (int r : {8448, 7168, 6336, 4224}) {
    rows = r;
    double a = run(consume_stream<1, true>, 0);
    for (int n : {75, 100}) {
      double w = run(consume_stream<0, false>, n), f = run(consume_stream<0, true>, n);
      printf("  %5d (%3d; %.2f) | %7.2f | %7.2f (%d) | %7.2f | %.3f\n", r, r / 32, r / 32.0 / sms, a, w, n, f, f / (w > a ? w : a));
    }
  }
  {
    size_t b66 = (size_t)7168 * KB * 9 / 8;  // the GEMV's 66 MB
    auto lw = [&](auto kern, int n) {
      return time_graph_us([&](int i, cudaStream_t st) {
        kern<<<sms * 8, 256, 0, st>>>((const uint4 *)(buf + (i % SETS) * bytes), b66 / 16, sink, n); }, L);
    };
    double a = lw(ldg_work<true>, 0);
    printf("PLAIN LOADS with work (66 MB): n | loads alone us | work only us | loads with work us | ratio\n");
    for (int n : {20, 40, 60, 80, 100, 120}) {
      double w = lw(ldg_work<false>, n), f = lw(ldg_work<true>, n);
      printf("  %3d | %7.2f | %7.2f | %7.2f | %.3f\n", n, a, w, f, f / (w > a ? w : a));
    }
  }
  printf("DEPTH: rows, stages (blocks per SM) | stream alone us | work only us (n) | stream with work us | ratio\n");
  auto depth = [&](auto alone_k, auto work_k, auto both_k, int r, int st) {
    rows = r; smem = st * (BOX_BYTES + 4096);
    double a = run(alone_k, 0);
    for (int n : {50, 75, 100}) {
      double w = run(work_k, n), f = run(both_k, n);
      printf("  %5d, %2d (%d) | %7.2f | %7.2f (%d) | %7.2f | %.3f\n", r, st, r / 32 > sms ? 2 : 1, a, w, n, f, f / (w > a ? w : a));
    }
  };
  depth(consume_stream<1, true, false, 4>, consume_stream<0, false, false, 4>, consume_stream<0, true, false, 4>, 4224, 4);
  depth(consume_stream<1, true, false, 6>, consume_stream<0, false, false, 6>, consume_stream<0, true, false, 6>, 4224, 6);
  depth(consume_stream<1, true, false, 10>, consume_stream<0, false, false, 10>, consume_stream<0, true, false, 10>, 4224, 10);
  depth(consume_stream<1, true, false, 5>, consume_stream<0, false, false, 5>, consume_stream<0, true, false, 5>, 8448, 5);
  depth(consume_stream<1, true, false, 2>, consume_stream<0, false, false, 2>, consume_stream<0, true, false, 2>, 8448, 2);
  cudaError_t e = cudaDeviceSynchronize(); printf("status %s\n", cudaGetErrorString(e));
}
