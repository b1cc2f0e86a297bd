// v64 microbenchmark (written 2026-12-03, ninth session; run in the tenth session, run v63: output in
// notes/h200-microbench-2026-12-03-v64-tma-map-location.txt).
// Question: the GEMV's copies of `a` alone (run v53, diag 120) take 1.10-1.18x the read-only kernel's time for
// the same bytes, while run v51's TMA boxes looked within 1.04-1.08x of plain loads (with stream launches,
// whose ~1.7 us per launch hid differences). What in the GEMV's TMA use costs the rest? Candidates: the tensor
// map in global memory (the Rust kernel cannot take a __grid_constant__ map: rustc panics on a 64-byte-aligned
// by-value parameter), the 3-D map, the 256-byte L2 promotion (none was 3.9% faster in run v54), graphs.
// Every variant here is launched as the bench launches: a CUDA graph of 40 launches rotating over 4 buffer sets
// of the 58.7 MB `a` of (7168,16384,1) (234 MB, ~4x the L2), median of 15 replays after one warm-up.
// Build and run on the device: nvcc -O3 -arch=sm_90a -o /tmp/v64 notes/microbench-2026-12-03-v64-tma-map-location.cu -lcuda && /tmp/v64
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int M = 7168, KB = 8192, STAGES = 4, SETS = 4, LAUNCHES = 40;
constexpr int BOX_ROWS = 32, BOX_BYTES = 512, TILE = BOX_ROWS * BOX_BYTES;  // the GEMV's bm32_k1024 tile of a

__device__ __forceinline__ bool try_wait(uint32_t bar, uint32_t parity) {
  uint32_t ok;
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
  return ok;
}
__device__ __forceinline__ void expect(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void tma2(uint32_t dst, const void *map, uint32_t bar, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               :: "r"(dst), "l"(map), "r"(bar), "r"(x), "r"(y) : "memory");
}
__device__ __forceinline__ void tma3(uint32_t dst, const void *map, uint32_t bar, int x, int y, int z) {
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];"
               :: "r"(dst), "l"(map), "r"(bar), "r"(x), "r"(y), "r"(z) : "memory");
}

// One block per 32 rows (224 blocks, as bm32_k1024_s4_w8), one thread keeping STAGES tiles in flight, K-major walk.
// MAP_IN: 0 = __grid_constant__ parameter, 1 = global memory (pointer, prefetch.tensormap first, as the Rust GEMV).
template <int MAP_IN, int DIMS>
__global__ void tma_stream(const __grid_constant__ CUtensorMap pmap, const CUtensorMap *gmap, uint32_t *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t bars[STAGES];
  if (threadIdx.x != 0) return;
  const void *map = MAP_IN == 0 ? (const void *)&pmap : (const void *)gmap;
  if (MAP_IN == 1) asm volatile("prefetch.tensormap [%0];" :: "l"(map) : "memory");
  uint32_t sbase = (uint32_t)__cvta_generic_to_shared(smem), bbase = (uint32_t)__cvta_generic_to_shared(bars);
  for (int s = 0; s < STAGES; ++s) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(bbase + 8 * s));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  const int row0 = blockIdx.x * BOX_ROWS, tiles = KB / BOX_BYTES;
  auto issue = [&](int i) {
    int s = i % STAGES;
    uint32_t bar = bbase + 8 * s;
    expect(bar, TILE);
    int x = i * (BOX_BYTES / 2);  // 2-byte elements, 256 per box row
    if (DIMS == 2) tma2(sbase + s * TILE, map, bar, x, row0);
    else tma3(sbase + s * TILE, map, bar, x, row0, 0);
  };
  for (int i = 0; i < STAGES; ++i) issue(i);
  uint32_t acc = 0;
  for (int i = 0; i < tiles; ++i) {
    int s = i % STAGES;
    while (!try_wait(bbase + 8 * s, (i / STAGES) & 1)) {}
    acc ^= smem[s * TILE + (i & 1023)];
    if (i + STAGES < tiles) issue(i + STAGES);
  }
  if (acc == 0x12345u) sink[blockIdx.x] = acc;
}

// The same tiles, but every one of 256 threads copies its 4 x 16 bytes of each tile with cp.async.cg and arrives
// (noinc) on the tile's barrier; all threads wait, then refill (no TMA, no tensor map).
__global__ void ldgsts_stream(const uint8_t *a, uint32_t *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  __shared__ __align__(8) uint64_t bars[STAGES];
  uint32_t sbase = (uint32_t)__cvta_generic_to_shared(smem), bbase = (uint32_t)__cvta_generic_to_shared(bars);
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bbase + 8 * s), "r"(blockDim.x));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  const int row0 = blockIdx.x * BOX_ROWS, tiles = KB / BOX_BYTES, per_row = BOX_BYTES / 16;
  auto issue = [&](int i) {
    int s = i % STAGES;
    for (int j = 0; j < TILE / 16 / (int)blockDim.x; ++j) {
      int c = threadIdx.x + j * blockDim.x, r = c / per_row, c16 = c % per_row;
      const uint8_t *src = a + (size_t)(row0 + r) * KB + (size_t)i * BOX_BYTES + 16 * c16;
      asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;" :: "r"(sbase + s * TILE + r * BOX_BYTES + 16 * c16), "l"(src) : "memory");
    }
    asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" :: "r"(bbase + 8 * s) : "memory");
  };
  for (int i = 0; i < STAGES; ++i) issue(i);
  uint32_t acc = 0;
  for (int i = 0; i < tiles; ++i) {
    int s = i % STAGES;
    while (!try_wait(bbase + 8 * s, (i / STAGES) & 1)) {}
    acc ^= smem[s * TILE + threadIdx.x];
    __syncthreads();  // every thread is done with stage s before any refills it
    if (i + STAGES < tiles) issue(i + STAGES);
  }
  if (acc == 0x12345u) sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The read-only kernel's pattern (as kernel/src/stream.rs): 8 blocks of 256 threads per SM, 4 loads in flight.
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

// Median per-launch time of a graph of LAUNCHES launches of launch(i, stream).
template <class F> double graph_us(F launch) {
  cudaStream_t st; cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
  cudaGraph_t g; cudaGraphExec_t ge;
  cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal);
  for (int i = 0; i < LAUNCHES; ++i) launch(i, st);
  cudaStreamEndCapture(st, &g);
  if (cudaGraphInstantiate(&ge, g, 0) != cudaSuccess) { printf("instantiate failed\n"); return -1; }
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaGraphLaunch(ge, st); cudaStreamSynchronize(st);
  std::vector<float> t;
  for (int rep = 0; rep < 15; ++rep) {
    cudaEventRecord(e0, st); cudaGraphLaunch(ge, st); cudaEventRecord(e1, st); cudaEventSynchronize(e1);
    float ms; cudaEventElapsedTime(&ms, e0, e1); t.push_back(ms * 1000.f / LAUNCHES);
  }
  std::sort(t.begin(), t.end());
  cudaGraphExecDestroy(ge); cudaGraphDestroy(g); cudaStreamDestroy(st);
  return t[t.size() / 2];
}

int main() {
  const size_t bytes = (size_t)M * KB;
  uint8_t *buf; cudaMalloc(&buf, bytes * SETS); cudaMemset(buf, 0x5A, bytes * SETS);
  uint32_t *sink; cudaMalloc(&sink, 1 << 22);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  double ldg = graph_us([&](int i, cudaStream_t st) {
    ldg_stream<<<sms * 8, 256, 0, st>>>((const uint4 *)(buf + (i % SETS) * bytes), bytes / 16, sink);
  });
  printf("plain 16-byte loads, graphs: %.2f us (%.0f GB/s)\n", ldg, bytes / ldg / 1e3);

  // Maps: 2-D (256 x 2-byte elements, M rows) and 3-D (the same with an L extent of 1), each with 256 B or no
  // L2 promotion; host copies and device copies in global memory.
  auto encode = [&](CUtensorMap *m, int dims, int set, CUtensorMapL2promotion promo) {
    cuuint64_t d[3] = {(cuuint64_t)(KB / 2), (cuuint64_t)M, 1};
    cuuint64_t s[2] = {(cuuint64_t)KB, (cuuint64_t)KB * M};
    cuuint32_t box[3] = {BOX_BYTES / 2, BOX_ROWS, 1}, es[3] = {1, 1, 1};
    CUresult r = cuTensorMapEncodeTiled(m, CU_TENSOR_MAP_DATA_TYPE_UINT16, dims, buf + set * bytes, d, s, box, es,
                                        CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, promo,
                                        CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) { printf("encode failed %d\n", (int)r); exit(1); }
  };
  const int smem = STAGES * TILE, blocks = M / BOX_ROWS;
  CUtensorMapL2promotion promos[2] = {CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_L2_PROMOTION_NONE};
  const char *promo_names[2] = {"256B", "none"};
  CUtensorMap *dmaps; cudaMalloc(&dmaps, sizeof(CUtensorMap) * SETS);
  for (int dims = 2; dims <= 3; ++dims) {
    for (int p = 0; p < 2; ++p) {
      std::vector<CUtensorMap> maps(SETS);
      for (int s = 0; s < SETS; ++s) encode(&maps[s], dims, s, promos[p]);
      cudaMemcpy(dmaps, maps.data(), sizeof(CUtensorMap) * SETS, cudaMemcpyHostToDevice);
      for (int where = 0; where < 2; ++where) {
        auto kern = dims == 2 ? (where == 0 ? tma_stream<0, 2> : tma_stream<1, 2>) : (where == 0 ? tma_stream<0, 3> : tma_stream<1, 3>);
        cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        double us = graph_us([&](int i, cudaStream_t st) { kern<<<blocks, 32, smem, st>>>(maps[i % SETS], dmaps + i % SETS, sink); });
        printf("TMA %dD map, promotion %s, map %-22s %.2f us, %.3fx the plain loads\n", dims, promo_names[p],
               where == 0 ? "as __grid_constant__:" : "in global memory:", us, us / ldg);
      }
    }
  }
  cudaFuncSetAttribute(ldgsts_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  double cp = graph_us([&](int i, cudaStream_t st) { ldgsts_stream<<<blocks, 256, smem, st>>>(buf + (i % SETS) * bytes, sink); });
  printf("cp.async by all 256 threads of a block, same tiles: %.2f us, %.3fx the plain loads\n", cp, cp / ldg);
  cudaError_t e = cudaDeviceSynchronize();
  printf("status %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
