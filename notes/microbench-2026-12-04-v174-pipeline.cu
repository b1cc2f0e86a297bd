// v174 microbenchmark (2026-12-04, twenty-third session; extends v173, microbench-2026-12-04-v173-layout.cu).
// v173 found the GEMV's bare stage protocol (a + sfa by TMA, 8 consumer warps waiting and releasing) as fast as the
// read-only kernel in graphs. Here the GEMV's other parts are added one at a time to find what costs its bare
// pipeline ~15%: the b/sfb copies, the producer's preparation of b (FP8 route: 8 KiB of B tiles per K tile of
// 1024) before a `ready` barrier, the one-producer-warp order (prepare tile kt, then refill tile kt-1's stage),
// the epilogue, the prologue's clear of the B tiles. (7168,16384,1): 224 blocks of 32 rows, 4 stages of one K
// tile of 1024, two blocks per SM (shared memory), eight rotating 66 MB sets, CUDA graphs of 32 launches.
// Build: nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o pipeline microbench-2026-12-04-v174-pipeline.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int M = 7168, ROW_A = 8192, ROW_SF = 1024, BM = 32, KT = 16, STAGES = 4, SETS = 8, LAUNCHES = 32;
constexpr int BANDS = M / BM, STAGE_A = BM * 512, STAGE_SF = BM * 64, STAGE = STAGE_A + STAGE_SF;
constexpr size_t A_BYTES = (size_t)M * ROW_A, SET_BYTES = A_BYTES + (size_t)M * ROW_SF;

#define CK(x) do { auto e_ = (x); if (e_ != 0) { printf("error %d at line %d\n", (int)e_, __LINE__); exit(1); } } while (0)

__device__ __forceinline__ void init(uint32_t bar, int n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(n));
}
__device__ __forceinline__ bool try_wait(uint32_t bar, uint32_t parity) {
  uint32_t ok;
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
  return ok;
}
__device__ __forceinline__ void wait(uint32_t bar, uint32_t parity) { while (!try_wait(bar, parity)) {} }
__device__ __forceinline__ void expect(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void arrive(uint32_t bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
__device__ __forceinline__ void tma_2d(uint32_t dst, const CUtensorMap *map, uint32_t bar, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               ::"r"(dst), "l"(map), "r"(bar), "r"(x), "r"(y) : "memory");
}
__device__ __forceinline__ void bulk(uint32_t dst, const void *src, uint32_t bytes, uint32_t bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               ::"r"(dst), "l"(src), "r"(bytes), "r"(bar) : "memory");
}

enum Layout { ROWMAJOR = 0, BAND = 1 };
// Features, added one by one toward the GEMV's bare pipeline (bit set):
constexpr int F_B = 1;      // b (512 B) and sfb (64 B) of the stage copied too (bulk, from a small L2-resident buffer)
constexpr int F_PREP = 2;   // a producer warp waits for each stage, converts its b into 4 KiB of B tiles (st.shared),
                            // fence.proxy.async, arrives on `ready` (32); the consumers wait on `ready` too
constexpr int F_ORDER = 4;  // the GEMV's one-producer-warp order: prepare tile kt, then refill tile kt-1's stage
                            // (STAGES - 1 tiles in flight); without it, warp 9 prepares and warp 8 refills
constexpr int F_EPI = 8;    // epilogue: partial sums through shared memory, __syncthreads, 32 fp16 stores
constexpr int F_CLEAR = 16; // prologue: the block zeroes its 4 x 8 KiB of B tiles before the first stage
constexpr int STAGE_B = 512 + 64, PREP_BYTES = 8192 + 256;
constexpr int STAGE_ALL = (STAGE + STAGE_B + PREP_BYTES + 127) / 128 * 128;  // 27,520 B; 4 stages: two blocks per SM

// 8 consumer warps (threads 0..255), producer warps 8 and 9.
template <int L, int F>
__global__ void __launch_bounds__(320) pipe(const __grid_constant__ CUtensorMap amap, const __grid_constant__ CUtensorMap smap,
                                            const uint8_t *base, const uint8_t *bsrc, uint32_t *sink, uint16_t *c) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES], ready[STAGES];
  __shared__ float partials[8 * BM];
  const uint32_t sb = (uint32_t)__cvta_generic_to_shared(smem);
  const uint32_t fb = (uint32_t)__cvta_generic_to_shared(full), eb = (uint32_t)__cvta_generic_to_shared(empty);
  const uint32_t rb = (uint32_t)__cvta_generic_to_shared(ready);
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) { init(fb + 8 * s, 1); init(eb + 8 * s, 256); init(rb + 8 * s, 32); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  if (F & F_CLEAR) {
    for (int s = 0; s < STAGES; ++s)
      for (int i = threadIdx.x; i < 8192 / 16; i += 320)
        *(uint4 *)(smem + s * STAGE_ALL + STAGE + STAGE_B + 16 * i) = make_uint4(0, 0, 0, 0);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  const int band = blockIdx.x;
  uint32_t acc = 0;
  auto issue = [&](int kt) {
    const int s = kt % STAGES;
    const uint32_t bar = fb + 8 * s, dst = sb + s * STAGE_ALL;
    expect(bar, STAGE + ((F & F_B) ? STAGE_B : 0));
    if (L == ROWMAJOR) {
      tma_2d(dst, &amap, bar, kt * 256, band * BM);  // 2-byte elements: 512 B
      tma_2d(dst + STAGE_A, &smap, bar, kt * 64, band * BM);
    } else {
      bulk(dst, base + ((size_t)band * KT + kt) * STAGE, STAGE, bar);
    }
    if (F & F_B) {
      bulk(dst + STAGE, bsrc + kt * 512, 512, bar);
      bulk(dst + STAGE + 512, bsrc + 8192 + kt * 64, 64, bar);
    }
  };
  auto prepare = [&](int kt) {  // all 32 lanes of one warp
    const int s = kt % STAGES;
    wait(fb + 8 * s, (kt / STAGES) & 1);
    const uint8_t *st = smem + s * STAGE_ALL;
    for (int i = lane; i < 128; i += 32) {
      uint32_t w = *(const uint32_t *)(st + STAGE + 4 * i);
      uint32_t x0 = w & 0x9C9C9C9Cu, x1 = ((w << 2) ^ (w >> 2)) & 0x9C9C9C9Cu;
      uint8_t *d = (uint8_t *)st + STAGE + STAGE_B + (i % 4) * 2048 + (i / 16) * 256 + 16 * (i % 8) + 4 * (i % 4);
      *(uint32_t *)d = x0;
      *(uint32_t *)(d + 128) = x1;
    }
    float v = (float)st[STAGE + 512 + lane] * 4096.f;
    *(float *)(st + STAGE + STAGE_B + 8192 + 4 * lane) = v;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    arrive(rb + 8 * s);
  };
  if ((F & F_PREP) && (F & F_ORDER)) {
    if (warp == 8) {
      if (lane == 0) for (int kt = 0; kt < STAGES; ++kt) issue(kt);
      for (int kt = 0; kt < KT; ++kt) {
        prepare(kt);
        if (kt >= 1 && kt - 1 + STAGES < KT) {
          const int prev = kt - 1;
          wait(eb + 8 * (prev % STAGES), (prev / STAGES) & 1);
          if (lane == 0) issue(prev + STAGES);
        }
      }
    }
  } else if (threadIdx.x == 256) {
    for (int kt = 0; kt < STAGES; ++kt) issue(kt);
    for (int kt = STAGES; kt < KT; ++kt) {
      const int prev = kt - STAGES;
      wait(eb + 8 * (prev % STAGES), (prev / STAGES) & 1);
      issue(kt);
    }
  } else if ((F & F_PREP) && warp == 9) {
    for (int kt = 0; kt < KT; ++kt) prepare(kt);
  }
  if (threadIdx.x < 256) {
    for (int kt = 0; kt < KT; ++kt) {
      const int s = kt % STAGES;
      wait(fb + 8 * s, (kt / STAGES) & 1);
      if (F & F_PREP) wait(rb + 8 * s, (kt / STAGES) & 1);
      acc ^= smem[s * STAGE_ALL + threadIdx.x * 64 + kt];
      arrive(eb + 8 * s);
    }
  }
  if (F & F_EPI) {
    if (threadIdx.x < 256 && lane < BM) partials[warp * BM + lane] = (float)(acc & 0xFF);
    __syncthreads();
    if (threadIdx.x < BM) {
      float s = 0;
      for (int w = 0; w < 8; ++w) s += partials[w * BM + threadIdx.x];
      c[band * BM + threadIdx.x] = __half_as_ushort(__float2half(s));
    }
  } else if (acc == 0x9E3779B9u) {
    sink[blockIdx.x] = acc;
  }
}

__global__ void read_kernel(const uint4 *src, size_t n16, uint32_t *sink) {
  size_t stride = (size_t)gridDim.x * blockDim.x, i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0;
  for (; i + 3 * stride < n16; i += 4 * stride) {
    uint4 a = __ldg(src + i), b = __ldg(src + i + stride), c = __ldg(src + i + 2 * stride), d = __ldg(src + i + 3 * stride);
    acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^ d.z ^ d.w;
  }
  for (; i < n16; i += stride) { uint4 a = __ldg(src + i); acc ^= a.x ^ a.y ^ a.z ^ a.w; }
  if (threadIdx.x == 0 || acc == 0x9E3779B9u) sink[blockIdx.x] = acc;
}

// Median over 15 replays (after 2 warm-up replays) of a graph of LAUNCHES launches, µs per launch.
template <class F> double graph_us(cudaStream_t st, F launch) {
  cudaGraph_t g; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < LAUNCHES; ++i) launch(i);
  CK(cudaStreamEndCapture(st, &g));
  CK(cudaGraphInstantiate(&ge, g, 0));
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  std::vector<float> t;
  for (int rep = 0; rep < 17; ++rep) {
    CK(cudaEventRecord(e0, st));
    CK(cudaGraphLaunch(ge, st));
    CK(cudaEventRecord(e1, st));
    CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
    if (rep >= 2) t.push_back(ms * 1000.f / LAUNCHES);
  }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  cudaGraphExecDestroy(ge); cudaGraphDestroy(g);
  return t[t.size() / 2];
}

__global__ void fill(uint32_t *p, size_t n, uint32_t seed) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    p[i] = (uint32_t)(i * 2654435761u) ^ seed;
}

int main() {
  uint8_t *buf; CK(cudaMalloc(&buf, SET_BYTES * SETS));
  fill<<<1024, 256>>>((uint32_t *)buf, SET_BYTES * SETS / 4, 0x1234567u);
  uint32_t *sink; CK(cudaMalloc(&sink, 1 << 20));
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  std::vector<CUtensorMap> am(SETS), sm(SETS);
  for (int s = 0; s < SETS; ++s) {
    uint8_t *a = buf + s * SET_BYTES;
    cuuint64_t d[2] = {ROW_A / 2, M}, str[1] = {ROW_A};
    cuuint32_t box[2] = {256, BM}, es[2] = {1, 1};
    CK(cuTensorMapEncodeTiled(&am[s], CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, a, d, str, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                              CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
    cuuint64_t d2[2] = {ROW_SF, M}, str2[1] = {ROW_SF};
    cuuint32_t box2[2] = {64, BM};
    CK(cuTensorMapEncodeTiled(&sm[s], CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, a + A_BYTES, d2, str2, box2, es,
                              CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                              CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  }
  CK(cudaDeviceSynchronize());
  auto read = [&]() {
    return graph_us(st, [&](int i) {
      read_kernel<<<sms * 8, 256, 0, st>>>((const uint4 *)(buf + (i % SETS) * SET_BYTES), SET_BYTES / 16, sink);
    });
  };
  uint8_t *bsrc; CK(cudaMalloc(&bsrc, 16384));
  fill<<<16, 256>>>((uint32_t *)bsrc, 4096, 0x777u);
  uint16_t *cout; CK(cudaMalloc(&cout, 2 * M));
  auto pipe_us = [&](auto kern) {
    const int smem = STAGES * STAGE_ALL;
    CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    return graph_us(st, [&](int i) {
      kern<<<BANDS, 320, smem, st>>>(am[i % SETS], sm[i % SETS], buf + (i % SETS) * SET_BYTES, bsrc, sink, cout);
    });
  };
  printf("%zu bytes per launch, %d sets, graphs of %d launches, median of 15 replays\n", SET_BYTES, SETS, LAUNCHES);
  for (int round = 0; round < 2; ++round) {
    double r = read();
    printf("round %d: read kernel %.2f us (%.0f GB/s)\n", round, r, SET_BYTES / r / 1e3);
#define RUN(L_, F_, NAME)                                                                                       \
    { double v = pipe_us(pipe<L_, F_>);                                                                     \
      printf("round %d: %-62s %.2f us (%.0f GB/s) %.3fx read\n", round, NAME, v, SET_BYTES / v / 1e3, v / r); }
    RUN(ROWMAJOR, 0, "rowmajor: a + sfa only (as v173)");
    RUN(ROWMAJOR, F_B, "rowmajor + b, sfb");
    RUN(ROWMAJOR, F_B | F_PREP, "rowmajor + b, sfb + prep (second warp)");
    RUN(ROWMAJOR, F_B | F_PREP | F_ORDER, "rowmajor + b, sfb + prep, one-warp GEMV order");
    RUN(ROWMAJOR, F_B | F_PREP | F_ORDER | F_EPI, "rowmajor + ... + epilogue");
    RUN(ROWMAJOR, F_B | F_PREP | F_ORDER | F_EPI | F_CLEAR, "rowmajor + ... + epilogue + B-tile clear (GEMV bare)");
    RUN(ROWMAJOR, F_B | F_PREP | F_EPI | F_CLEAR, "rowmajor, all but the one-warp order (second warp)");
    RUN(BAND, F_B | F_PREP | F_ORDER | F_EPI | F_CLEAR, "band layout, GEMV bare");
    RUN(BAND, F_B | F_PREP | F_EPI | F_CLEAR, "band layout, all but the one-warp order");
  }
  CK(cudaDeviceSynchronize());
  printf("status %s\n", cudaGetErrorString(cudaGetLastError()));
}
