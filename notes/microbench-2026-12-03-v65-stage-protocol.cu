// v65 microbenchmark (2026-12-03, tenth session): the v52 model of the GEMV's stage protocol (written in the ninth
// session, never run) in CUDA-graph launches, with `a`'s tensor map at L2 promotion none or 256 B. Question: the
// GEMV's bare pipeline with `a` alone and promotion none took 16.48 us for (7168,16384,1)'s 58.7 MB (run v54), the
// v64 microbenchmark's TMA stream of the same tiles 14.41 us (run v63). Does the stage protocol (8 consumer warps
// waiting and releasing, the sfa/b/sfb copies, the producer warp's prepare-and-ready, its one-warp refill order, the
// block's epilogue) cost the difference?
// Build: nvcc -O3 -arch=sm_90a -o v65 microbench-2026-12-03-v65-stage-protocol.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>

constexpr int M = 7168, KB = 8192, STAGES = 4, BOX_BYTES = 16384, SETS = 4;

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

// As tma_gemvlike<true, true>, with the GEMV's `ready` step: the whole producer warp waits for each stage, decodes its
// 512 bytes of b-like data (two words per lane, four prmt each) into a prepared region, and arrives on `ready`
// (count 32); the consumers wait on `full` and then `ready`, as the GEMV's do.
// ONE_WARP_ORDER: the GEMV's one-producer order (prepare tile i, then refill the stage of tile i - 1 once released);
// otherwise refill tile i's stage right after preparing it, once released. EPI: the GEMV's block epilogue (each
// consumer thread stores partial row sums to shared memory, a block barrier, 32 threads add 8 partials and store).
template <bool ONE_WARP_ORDER, bool EPI>
__global__ void tma_gemvlike_prepare(const __grid_constant__ CUtensorMap map, const __grid_constant__ CUtensorMap smap,
                                     const __grid_constant__ CUtensorMap bmap, const __grid_constant__ CUtensorMap fmap,
                                     uint32_t *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES], ready[STAGES];
  constexpr int EXTRA_BYTES = 32 * 64 + 512 + 64;
  constexpr int STAGE = BOX_BYTES + 4096 + 1024;  // + the prepared b (1 KiB)
  uint32_t sbase = (uint32_t)__cvta_generic_to_shared(smem);
  uint32_t fb = (uint32_t)__cvta_generic_to_shared(full), eb = (uint32_t)__cvta_generic_to_shared(empty);
  uint32_t rb = (uint32_t)__cvta_generic_to_shared(ready);
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(fb + 8 * s));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(eb + 8 * s), "r"(256));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(rb + 8 * s), "r"(32));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  int row0 = blockIdx.x * 32, total = KB / 512;
  uint32_t acc = 0;
  if (warp == 0) {
    auto issue = [&](int i) {
      int s = i % STAGES;
      uint32_t bar = fb + 8 * s, st = sbase + s * STAGE;
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(BOX_BYTES + EXTRA_BYTES) : "memory");
      tma_2d(st, &map, bar, i * 256, row0);
      tma_2d(st + BOX_BYTES, &smap, bar, i * 64, row0);
      tma_2d(st + BOX_BYTES + 2048, &bmap, bar, i * 64 % 128, M);
      tma_2d(st + BOX_BYTES + 2048 + 512, &fmap, bar, i * 8, M + 1);
    };
    if (lane == 0) for (int i = 0; i < STAGES; ++i) issue(i);
    for (int i = 0; i < total; ++i) {
      int s = i % STAGES;
      uint32_t st = sbase + s * STAGE;
      while (!try_wait(fb + 8 * s, (i / STAGES) & 1)) {}
      // Prepare: two words of the stage's b-like data per lane, each into two words of bytes.
      for (int h = 0; h < 2; ++h) {
        uint32_t w, lo, hi;
        asm volatile("ld.shared.u32 %0, [%1];" : "=r"(w) : "r"(st + BOX_BYTES + 2048 + 4 * (lane + 32 * h)));
        asm("prmt.b32 %0, %1, %2, %3;" : "=r"(lo) : "r"(0x03020100u), "r"(0x0c080604u), "r"(w));
        asm("prmt.b32 %0, %1, %2, %3;" : "=r"(hi) : "r"(0x03020100u), "r"(0x0c080604u), "r"(w >> 16));
        asm volatile("st.shared.v2.u32 [%0], {%1, %2};" :: "r"(st + BOX_BYTES + 4096 + 8 * (lane + 32 * h)), "r"(lo), "r"(hi) : "memory");
      }
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(rb + 8 * s) : "memory");
      if (ONE_WARP_ORDER) {
        int p = i - 1, ps = (i + STAGES - 1) % STAGES;
        if (lane == 0 && i >= 1 && p + STAGES < total) {
          while (!try_wait(eb + 8 * ps, (p / STAGES) & 1)) {}
          issue(p + STAGES);
        }
      } else if (lane == 0 && i + STAGES < total) {
        while (!try_wait(eb + 8 * s, (i / STAGES) & 1)) {}
        issue(i + STAGES);
      }
    }
  } else {
    for (int i = 0; i < total; ++i) {
      int s = i % STAGES;
      while (!try_wait(fb + 8 * s, (i / STAGES) & 1)) {}
      while (!try_wait(rb + 8 * s, (i / STAGES) & 1)) {}
      acc ^= smem[s * STAGE + BOX_BYTES + 4096 + threadIdx.x];
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(eb + 8 * s) : "memory");
    }
  }
  if (EPI) {
    // Partials after the stages (as the GEMV's reduce region): 8 warps x 32 rows of f32.
    float *part = (float *)(smem + STAGES * STAGE);
    if (warp >= 1) part[(warp - 1) * 32 + lane] = (float)(acc & 7);
    __syncthreads();
    if (threadIdx.x < 32) {
      float v = 0.f;
      for (int w = 0; w < 8; ++w) v += part[w * 32 + threadIdx.x];
      ((float *)sink)[blockIdx.x * 32 + threadIdx.x] = v;
    }
  } else if (acc == 0x12345u) sink[blockIdx.x] = acc;
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
  uint32_t *sink; cudaMalloc(&sink, 1 << 20);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int L = 40;
  double ldg = time_graph_us([&](int i, cudaStream_t st) { ldg_stream<<<sms * 8, 256, 0, st>>>((const uint4 *)(buf + (i % SETS) * bytes), bytes / 16, sink); }, L);
  printf("plain 16-byte loads (8 blocks of 256 threads per SM), graphs: %.2f us, %.0f GB/s\n", ldg, bytes / ldg / 1e3);
  uint8_t *sc; cudaMalloc(&sc, (size_t)(M + 2) * (KB / 8) * SETS); cudaMemset(sc, 0x33, (size_t)(M + 2) * (KB / 8) * SETS);
  for (int promo = 0; promo < 2; ++promo) {
    CUtensorMapL2promotion ap = promo ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B : CU_TENSOR_MAP_L2_PROMOTION_NONE;
    const char *pn = promo ? "a promotion 256B" : "a promotion none";
    std::vector<CUtensorMap> am(SETS), sm(SETS), bm(SETS), fm(SETS), a1(SETS);
    for (int s = 0; s < SETS; ++s) {
      cuuint64_t dims[2] = {(cuuint64_t)(KB / 2), (cuuint64_t)M}; cuuint64_t strides[1] = {(cuuint64_t)KB};
      cuuint32_t box[2] = {256, 32}; cuuint32_t es[2] = {1, 1};
      CUresult r0 = cuTensorMapEncodeTiled(&am[s], CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, buf + s * bytes, dims, strides, box, es,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, ap, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      cuuint64_t d2[2] = {(cuuint64_t)(KB / 8), (cuuint64_t)(M + 2)}; cuuint64_t st2[1] = {(cuuint64_t)(KB / 8)};
      cuuint32_t b2[2] = {64, 32};
      CUresult r = cuTensorMapEncodeTiled(&sm[s], CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, sc + s * (size_t)(M + 2) * (KB / 8), d2, st2, b2, es,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      cuuint64_t d3[2] = {(cuuint64_t)(KB / 64), (cuuint64_t)(M + 2)}; cuuint64_t st3[1] = {(cuuint64_t)(KB / 8)};
      cuuint32_t b3[2] = {64, 1}, b4[2] = {8, 1};
      CUresult r1 = cuTensorMapEncodeTiled(&bm[s], CU_TENSOR_MAP_DATA_TYPE_UINT64, 2, sc + s * (size_t)(M + 2) * (KB / 8), d3, st3, b3, es,
                                 CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      CUresult r2 = cuTensorMapEncodeTiled(&fm[s], CU_TENSOR_MAP_DATA_TYPE_UINT64, 2, sc + s * (size_t)(M + 2) * (KB / 8), d3, st3, b4, es,
                                 CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      // tma_stream's own map (1-byte... as v51: 2-byte elements, 256 x 32 box)
      CUresult r3 = cuTensorMapEncodeTiled(&a1[s], CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, buf + s * bytes, dims, strides, box, es,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, ap, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      if (r0 || r || r1 || r2 || r3) { printf("encode failed %d %d %d %d %d\n", (int)r0, (int)r, (int)r1, (int)r2, (int)r3); return 1; }
    }
    cudaFuncSetAttribute(tma_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, STAGES * BOX_BYTES);
    double t0 = time_graph_us([&](int i, cudaStream_t st) {
      tma_stream<<<M / 32, 32, STAGES * BOX_BYTES, st>>>(a1[i % SETS], 32, 32, 256, 2, sink); }, L);
    printf("%s | %-66s %.2f us, %.3fx the plain loads\n", pn, "one thread per block streams a (v64's kernel)", t0, t0 / ldg);
    auto run = [&](auto kern, int threads, int smem, const char *name) {
      cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
      double us = time_graph_us([&](int i, cudaStream_t st) {
        kern<<<M / 32, threads, smem, st>>>(am[i % SETS], sm[i % SETS], bm[i % SETS], fm[i % SETS], sink); }, L);
      printf("%s | %-66s %.2f us, %.3fx the plain loads\n", pn, name, us, us / ldg);
    };
    const int S1 = STAGES * BOX_BYTES, S2 = STAGES * (BOX_BYTES + 4096), S3 = STAGES * (BOX_BYTES + 4096 + 1024);
    run(tma_gemvlike<false, false>, 32, S1, "GEMV-like: a box only, producer alone");
    run(tma_gemvlike<false, false>, 32, S3 + 1024, "GEMV-like: a box only, producer alone, the GEMV's shared memory");
    run(tma_gemvlike<true, false>, 32, S2, "GEMV-like: + sfa, b, sfb copies");
    run(tma_gemvlike<false, true>, 288, S1, "GEMV-like: a box + 8 consumer warps waiting and releasing");
    run(tma_gemvlike<true, true>, 288, S2, "GEMV-like: copies + consumers");
    run(tma_gemvlike_prepare<false, false>, 288, S3, "GEMV-like: copies + consumers + prepare/ready (refill at once)");
    run(tma_gemvlike_prepare<true, false>, 288, S3, "... refill in the GEMV's one-producer order");
    run(tma_gemvlike_prepare<true, true>, 288, S3 + 1024, "... one-producer order + the block epilogue");
    run(tma_gemvlike_prepare<false, true>, 288, S3 + 1024, "... refill at once + the block epilogue");
  }
  cudaError_t e = cudaDeviceSynchronize(); printf("status %s\n", cudaGetErrorString(e));
}
