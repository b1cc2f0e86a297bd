// v52 (written 2026-12-03, NOT RUN: no device time left): v51 plus a producer warp that prepares `b` before a
// `ready` barrier the consumers wait for (as the GEMV's), and CUDA-graph launches (as the project's bench).
// v51 microbenchmark: how fast TMA streams a 7168 x 8192-byte matrix (the a of (7168,16384,1)) into shared memory
// with boxes of different shapes (rows x bytes, 16 KiB each), against plain 16-byte loads of the same bytes.
// One warp per block; lane 0 keeps STAGES boxes in flight (mbarrier expect_tx / try_wait), nothing is computed.
// Build: nvcc -O3 -arch=sm_90a -o tma_v52 microbench-2026-12-03-v52-stage-protocol-not-run.cu -lcuda
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
      if (lane == 0 && i + STAGES < total) {
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
  if (acc == 0x12345u) sink[blockIdx.x] = acc;
}

// Median time per launch of `launches` launches captured in one CUDA graph (as the project's bench).
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
  for (int rep = 0; rep < 15; ++rep) {
    cudaEventRecord(e0, st); cudaGraphLaunch(ge, st); cudaEventRecord(e1, st); cudaEventSynchronize(e1);
    float ms; cudaEventElapsedTime(&ms, e0, e1); t.push_back(ms * 1000.f / launches);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class F> double time_us(F launch, int launches) {
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  std::vector<float> t;
  for (int rep = 0; rep < 15; ++rep) {
    cudaEventRecord(e0);
    for (int i = 0; i < launches; ++i) launch(i);
    cudaEventRecord(e1); cudaEventSynchronize(e1);
    float ms; cudaEventElapsedTime(&ms, e0, e1); t.push_back(ms * 1000.f / launches);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  size_t bytes = (size_t)M * KB;
  uint8_t *buf; cudaMalloc(&buf, bytes * SETS); cudaMemset(buf, 0x5A, bytes * SETS);
  uint32_t *sink; cudaMalloc(&sink, 1 << 20);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  double ldg = time_us([&](int i) { ldg_stream<<<sms * 8, 256>>>((const uint4 *)(buf + (i % SETS) * bytes), bytes / 16, sink); }, 40);
  printf("plain 16-byte loads (8 blocks of 256 threads per SM): %.2f us, %.0f GB/s\n", ldg, bytes / ldg / 1e3);
  struct Cfg { int box_rows, box_bytes, rows_per_block; };
  Cfg cfgs[] = {{32, 512, 32}, {16, 1024, 32}, {8, 2048, 32}, {64, 256, 64}, {32, 512, 64}, {16, 1024, 16}, {8, 2048, 8}};
  cudaFuncSetAttribute(tma_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, STAGES * BOX_BYTES);
  for (auto c : cfgs) {
    int elem = c.box_bytes / 256 >= 8 ? 8 : (c.box_bytes <= 256 ? 1 : c.box_bytes / 256);
    CUtensorMapDataType dt = elem == 1 ? CU_TENSOR_MAP_DATA_TYPE_UINT8 : elem == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16
                           : elem == 4 ? CU_TENSOR_MAP_DATA_TYPE_UINT32 : CU_TENSOR_MAP_DATA_TYPE_UINT64;
    int box_cols = c.box_bytes / elem;
    std::vector<CUtensorMap> maps(SETS);
    for (int s = 0; s < SETS; ++s) {
      cuuint64_t dims[2] = {(cuuint64_t)(KB / elem), (cuuint64_t)M};
      cuuint64_t strides[1] = {(cuuint64_t)KB};
      cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)c.box_rows};
      cuuint32_t es[2] = {1, 1};
      CUresult r = cuTensorMapEncodeTiled(&maps[s], dt, 2, buf + s * bytes, dims, strides, box, es,
                                          CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                                          CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      if (r != CUDA_SUCCESS) { printf("encode failed %d\n", (int)r); return 1; }
    }
    int blocks = M / c.rows_per_block;
    double us = time_us([&](int i) {
      tma_stream<<<blocks, 32, STAGES * BOX_BYTES>>>(maps[i % SETS], c.rows_per_block, c.box_rows, box_cols, elem, sink);
    }, 40);
    printf("TMA boxes %2d rows x %4d B, %3d rows per block (%4d blocks, %d stages of 16 KiB): %.2f us, %.0f GB/s, %.3fx the plain loads\n",
           c.box_rows, c.box_bytes, c.rows_per_block, blocks, STAGES, us, bytes / us / 1e3, us / ldg);
  }

  {
    // The scale-like tensor: M + 2 rows of KB/8 bytes (rows M and M+1 stand for b and sfb), 1-byte elements.
    uint8_t *sc; cudaMalloc(&sc, (size_t)(M + 2) * (KB / 8) * SETS); cudaMemset(sc, 0x33, (size_t)(M + 2) * (KB / 8) * SETS);
    std::vector<CUtensorMap> am(SETS), sm(SETS), bm(SETS), fm(SETS);
    for (int s = 0; s < SETS; ++s) {
      cuuint64_t dims[2] = {(cuuint64_t)(KB / 2), (cuuint64_t)M}; cuuint64_t strides[1] = {(cuuint64_t)KB};
      cuuint32_t box[2] = {256, 32}; cuuint32_t es[2] = {1, 1};
      cuTensorMapEncodeTiled(&am[s], CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, buf + s * bytes, dims, strides, box, es,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      cuuint64_t d2[2] = {(cuuint64_t)(KB / 8), (cuuint64_t)(M + 2)}; cuuint64_t st2[1] = {(cuuint64_t)(KB / 8)};
      cuuint32_t b2[2] = {64, 32};
      CUresult r = cuTensorMapEncodeTiled(&sm[s], CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, sc + s * (size_t)(M + 2) * (KB / 8), d2, st2, b2, es,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      if (r != CUDA_SUCCESS) { printf("encode failed %d\n", (int)r); return 1; }
      cuuint64_t d3[2] = {(cuuint64_t)(KB / 64), (cuuint64_t)(M + 2)}; cuuint64_t st3[1] = {(cuuint64_t)(KB / 8)};
      cuuint32_t b3[2] = {64, 1}, b4[2] = {8, 1};
      r = cuTensorMapEncodeTiled(&bm[s], CU_TENSOR_MAP_DATA_TYPE_UINT64, 2, sc + s * (size_t)(M + 2) * (KB / 8), d3, st3, b3, es,
                                 CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      CUresult r2 = cuTensorMapEncodeTiled(&fm[s], CU_TENSOR_MAP_DATA_TYPE_UINT64, 2, sc + s * (size_t)(M + 2) * (KB / 8), d3, st3, b4, es,
                                 CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      if (r != CUDA_SUCCESS || r2 != CUDA_SUCCESS) { printf("encode failed %d %d\n", (int)r, (int)r2); return 1; }
    }
    auto run = [&](auto kern, int threads, int stage, const char *name) {
      cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, STAGES * stage);
      double us = time_us([&](int i) { kern<<<M / 32, threads, STAGES * stage>>>(am[i % SETS], sm[i % SETS], bm[i % SETS], fm[i % SETS], sink); }, 40);
      printf("%-58s %.2f us, %.3fx the plain loads\n", name, us, us / ldg);
    };
    run(tma_gemvlike<false, false>, 32, BOX_BYTES, "GEMV-like stage: a box only, producer alone");
    run(tma_gemvlike<true, false>, 32, BOX_BYTES + 4096, "GEMV-like stage: + sfa, b, sfb copies (the box's bytes + 2.6 KiB)");
    run(tma_gemvlike<false, true>, 288, BOX_BYTES, "GEMV-like stage: + 8 consumer warps waiting and releasing");
    run(tma_gemvlike<true, true>, 288, BOX_BYTES + 4096, "GEMV-like stage: both");

    run(tma_gemvlike_prepare, 288, BOX_BYTES + 4096 + 1024, "GEMV-like stage: both + the producer warp's prepare and ready");
    {
      double g1 = time_graph_us([&](int i, cudaStream_t st) { ldg_stream<<<sms * 8, 256, 0, st>>>((const uint4 *)(buf + (i % SETS) * bytes), bytes / 16, sink); }, 40);
      double g2 = time_graph_us([&](int i, cudaStream_t st) {
        tma_gemvlike<true, true><<<M / 32, 288, STAGES * (BOX_BYTES + 4096), st>>>(am[i % SETS], sm[i % SETS], bm[i % SETS], fm[i % SETS], sink); }, 40);
      double g3 = time_graph_us([&](int i, cudaStream_t st) {
        tma_gemvlike_prepare<<<M / 32, 288, STAGES * (BOX_BYTES + 4096 + 1024), st>>>(am[i % SETS], sm[i % SETS], bm[i % SETS], fm[i % SETS], sink); }, 40);
      printf("graph launches: plain loads %.2f us; GEMV-like stage (both) %.2f us, %.3fx; with prepare %.2f us, %.3fx\n",
             g1, g2, g2 / g1, g3, g3 / g1);
    }
  }
  cudaError_t e = cudaDeviceSynchronize(); printf("status %s\n", cudaGetErrorString(e));
}
