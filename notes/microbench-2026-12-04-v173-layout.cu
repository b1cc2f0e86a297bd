// v173 microbenchmark (2026-12-04, twenty-third session): does the GEMV's bare pipeline lose its ~15% to the
// read-only kernel because of *where* its bytes lie? The a + sfa of (7168,16384,1) (58.7 + 7.3 MB) streamed into
// shared memory by 224 blocks of 32 rows (8 consumer warps that wait on each stage and release it, one producer
// thread, 4 stages of one K tile of 1024: 16 KiB of a + 2 KiB of sfa), nothing computed, in CUDA graphs:
//   rowmajor  : the GEMV's layout, two TMA tensor copies per stage (a box 32 rows x 512 B, sfa box 32 x 64 B)
//   band      : the same bytes stored tile by tile, each block's tiles one after the other (18 KiB per stage
//               contiguous): one cp.async.bulk (no tensor map) per stage
//   band2     : as band, a and sfa in two arrays: two cp.async.bulk per stage (16 KiB + 2 KiB)
//   ktile     : tile by tile, K tile major: at any moment the blocks read one contiguous 4 MB window
// against the project's read-only kernel's pattern (16-byte ld.global.nc, 8 blocks of 256 threads per SM, four
// loads in flight per thread) on the same 66 MB. Eight rotating 66 MB sets (L2 is 60 MB).
// Build: nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o layout microbench-2026-12-04-v173-layout.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int M = 7168, ROW_A = 8192, ROW_SF = 1024, BM = 32, KT = 16, STAGES = 4, SETS = 8, LAUNCHES = 32;
constexpr int BANDS = M / BM, STAGE_A = BM * 512, STAGE_SF = BM * 64, STAGE = STAGE_A + STAGE_SF;
constexpr size_t A_BYTES = (size_t)M * ROW_A, SET_BYTES = A_BYTES + (size_t)M * ROW_SF;
constexpr int SMEM = 100 * 1024;  // two blocks per SM, as the GEMV's bm32_k1024_s4_w8 (registers)

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

enum Layout { ROWMAJOR = 0, BAND = 1, BAND2 = 2, KTILE = 3 };

// 8 consumer warps (threads 0..255) and a producer warp (lane 0 of warp 8).
template <int L>
__global__ void __launch_bounds__(288) pipe(const __grid_constant__ CUtensorMap amap, const __grid_constant__ CUtensorMap smap,
                                            const uint8_t *base, uint32_t *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
  const uint32_t sb = (uint32_t)__cvta_generic_to_shared(smem);
  const uint32_t fb = (uint32_t)__cvta_generic_to_shared(full), eb = (uint32_t)__cvta_generic_to_shared(empty);
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) { init(fb + 8 * s, 1); init(eb + 8 * s, 256); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  const int band = blockIdx.x;
  uint32_t acc = 0;
  if (threadIdx.x == 256) {
    auto issue = [&](int kt) {
      const int s = kt % STAGES;
      const uint32_t bar = fb + 8 * s, dst = sb + s * STAGE;
      expect(bar, STAGE);
      if (L == ROWMAJOR) {
        tma_2d(dst, &amap, bar, kt * 256, band * BM);  // 2-byte elements: 512 B
        tma_2d(dst + STAGE_A, &smap, bar, kt * 64, band * BM);
      } else if (L == BAND) {
        bulk(dst, base + ((size_t)band * KT + kt) * STAGE, STAGE, bar);
      } else if (L == BAND2) {
        bulk(dst, base + ((size_t)band * KT + kt) * STAGE_A, STAGE_A, bar);
        bulk(dst + STAGE_A, base + A_BYTES + ((size_t)band * KT + kt) * STAGE_SF, STAGE_SF, bar);
      } else {
        bulk(dst, base + ((size_t)kt * BANDS + band) * STAGE, STAGE, bar);
      }
    };
    for (int kt = 0; kt < STAGES; ++kt) issue(kt);
    for (int kt = STAGES; kt < KT; ++kt) {
      const int prev = kt - STAGES;
      wait(eb + 8 * (prev % STAGES), (prev / STAGES) & 1);
      issue(kt);
    }
  } else if (threadIdx.x < 256) {
    for (int kt = 0; kt < KT; ++kt) {
      const int s = kt % STAGES;
      wait(fb + 8 * s, (kt / STAGES) & 1);
      acc ^= smem[s * STAGE + threadIdx.x * 64 + kt];
      arrive(eb + 8 * s);
    }
  }
  if (acc == 0x9E3779B9u) sink[blockIdx.x] = acc;
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
  auto pipe_us = [&](auto kern) {
    CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM));
    return graph_us(st, [&](int i) {
      kern<<<BANDS, 288, SMEM, st>>>(am[i % SETS], sm[i % SETS], buf + (i % SETS) * SET_BYTES, sink);
    });
  };
  printf("%zu bytes per launch, %d sets, graphs of %d launches, median of 15 replays\n", SET_BYTES, SETS, LAUNCHES);
  for (int round = 0; round < 2; ++round) {
    double r = read();
    double v[4] = {pipe_us(pipe<ROWMAJOR>), pipe_us(pipe<BAND>), pipe_us(pipe<BAND2>), pipe_us(pipe<KTILE>)};
    const char *names[4] = {"rowmajor (2 TMA tensor copies per stage)", "band (1 bulk copy of 18 KiB per stage)",
                            "band2 (2 bulk copies per stage)", "ktile (1 bulk copy, K-tile-major order)"};
    printf("round %d: read kernel %.2f us (%.0f GB/s)\n", round, r, SET_BYTES / r / 1e3);
    for (int i = 0; i < 4; ++i)
      printf("round %d: %-44s %.2f us (%.0f GB/s) %.3fx read\n", round, names[i], v[i], SET_BYTES / v[i] / 1e3, v[i] / r);
  }
  CK(cudaDeviceSynchronize());
  printf("status %s\n", cudaGetErrorString(cudaGetLastError()));
}
