// Check v163 (2026-12-04, twenty-second session): correctness of the FP8 route's building blocks
// on the H200, before any kernel work: the prepacked weight word (kernel::formats::fp8_prepack,
// ported below), the four-instruction decode, the A fragment of
// wgmma.mma_async.m64nNk32.f32.e4m3.e4m3 from registers, the B tile in shared memory (K-major,
// no swizzle, core matrices 8 columns x 16 K bytes; LBO along K, SBO along N) written with
// generic stores and made visible to the async proxy with fence.proxy.async, and the D fragment.
//
// One warpgroup. N = 8G columns, G in {1, 2, 4}: warp w (0..3) of the warpgroup takes column
// group w % G and rows 16 (w / G) + {g, g + 8}; lane (g, t) takes chunk q = 4 (w % G) + t of K
// (32 elements: four prepacked words c = 0..3, elements 8c..8c+8). For word c, wgmma c's A is
// {x0(row g), x0(row g+8), x1(row g), x1(row g+8)} (x0: elements 0..3, x1: 4..7), and column
// 8 gg + n' of B tile c holds b of chunk 4 gg + t, word c, at K rows 4t..4t+4 (elements 0..3) and
// 16+4t..16+4t+4 (elements 4..7) when n' = 2t + c/2, zeros elsewhere. So D column 8 gg + 2t + h is
// scale block h of chunk 4 gg + t. Every block sum must equal the CPU's exactly
// (values are 2^-6 e2m1 in e4m3: the products and sums of 16 are exact in fp32).
// Build: nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o check microbench-2026-12-04-v163-fp8-layout-check.cu
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

static const uint32_t MASK = 0x9C9C9C9Cu;
static uint32_t e4m3_of(uint32_t n) { return ((n & 8) << 4) | ((n & 7) << 2); }
static void in_order(uint32_t w, uint32_t &x0, uint32_t &x1) {
    x0 = x1 = 0;
    for (int i = 0; i < 8; i++) { uint32_t b = e4m3_of((w >> (4 * i)) & 0xF); if (i < 4) x0 |= b << (8 * i); else x1 |= b << (8 * (i - 4)); }
}
static void decode_cpu(uint32_t w, uint32_t &x0, uint32_t &x1) { x0 = w & MASK; x1 = ((w << 2) ^ (w >> 2)) & MASK; }
static uint32_t gather(uint32_t x) { uint32_t o = 0; int j = 0; for (int p = 0; p < 32; p++) if ((MASK >> p) & 1) o |= ((x >> p) & 1) << j++; return o; }
static uint32_t cols[32];
static bool build_prepack() {
    uint64_t rows[32];
    for (int i = 0; i < 32; i++) { uint32_t x0, x1; decode_cpu(1u << i, x0, x1); rows[i] = (uint64_t)(gather(x0) | gather(x1) << 16) | (1ull << (32 + i)); }
    for (int c = 0; c < 32; c++) {
        int r = c; while (r < 32 && !((rows[r] >> c) & 1)) r++;
        if (r == 32) return false;
        uint64_t t = rows[r]; rows[r] = rows[c]; rows[c] = t;
        for (int k = 0; k < 32; k++) if (k != c && ((rows[k] >> c) & 1)) rows[k] ^= rows[c];
    }
    for (int i = 0; i < 32; i++) {
        uint32_t x0, x1; in_order(1u << i, x0, x1);
        uint32_t target = gather(x0) | gather(x1) << 16, w = 0;
        for (int j = 0; j < 32; j++) if ((target >> j) & 1) w ^= (uint32_t)(rows[j] >> 32);
        cols[i] = w;
    }
    return true;
}
static uint32_t prepack(uint32_t w) { uint32_t o = 0; for (int i = 0; i < 32; i++) if ((w >> i) & 1) o ^= cols[i]; return o; }
static float e2m1(uint32_t n) { const float v[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6}; return (n & 8 ? -1.f : 1.f) * v[n & 7]; }

__device__ __forceinline__ uint64_t desc_of(uint32_t addr, uint32_t lbo, uint32_t sbo) {
    return (uint64_t)((addr >> 4) & 0x3FFF) | (uint64_t)((lbo >> 4) & 0x3FFF) << 16 | (uint64_t)((sbo >> 4) & 0x3FFF) << 32;
}
template <int G> struct Acc { float d[4 * G]; };
template <int G> __device__ __forceinline__ void wg(Acc<G> &D, const uint32_t (&a)[4], uint64_t desc, int scale_d);
template <> __device__ __forceinline__ void wg<1>(Acc<1> &D, const uint32_t (&a)[4], uint64_t desc, int scale_d) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 {%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, p, 1, 1;\n}\n"
                 : "+f"(D.d[0]), "+f"(D.d[1]), "+f"(D.d[2]), "+f"(D.d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(scale_d));
}
template <> __device__ __forceinline__ void wg<2>(Acc<2> &D, const uint32_t (&a)[4], uint64_t desc, int scale_d) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %13, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, %12, p, 1, 1;\n}\n"
                 : "+f"(D.d[0]), "+f"(D.d[1]), "+f"(D.d[2]), "+f"(D.d[3]), "+f"(D.d[4]), "+f"(D.d[5]), "+f"(D.d[6]), "+f"(D.d[7])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(scale_d));
}
template <> __device__ __forceinline__ void wg<4>(Acc<4> &D, const uint32_t (&a)[4], uint64_t desc, int scale_d) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %21, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15}, {%16,%17,%18,%19}, %20, p, 1, 1;\n}\n"
                 : "+f"(D.d[0]), "+f"(D.d[1]), "+f"(D.d[2]), "+f"(D.d[3]), "+f"(D.d[4]), "+f"(D.d[5]), "+f"(D.d[6]), "+f"(D.d[7]),
                   "+f"(D.d[8]), "+f"(D.d[9]), "+f"(D.d[10]), "+f"(D.d[11]), "+f"(D.d[12]), "+f"(D.d[13]), "+f"(D.d[14]), "+f"(D.d[15])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc), "r"(scale_d));
}

// a: rows (64 / G) x K (32 * 4 G elements) of prepacked words, row-major (4 G words... 16 G words per row).
// b: K elements, standard nibbles (4 G chunks x 4 words). out: rows x (8 G blocks).
template <int G>
__global__ void check(const uint32_t *a, const uint32_t *b, float *out, uint32_t lbo, uint32_t sbo) {
    __shared__ __align__(1024) uint8_t btile[4 * 256 * G];
    const uint32_t tid = threadIdx.x, warp = tid / 32, lane = tid % 32, g = lane / 4, t = lane % 4;
    for (uint32_t i = tid; i < 4 * 256 * G; i += 128) btile[i] = 0;
    __syncthreads();
    // B tiles: thread i < 16 G writes chunk i / 4's word i % 4 (its e4m3 bytes, as two u32).
    if (tid < 16 * G) {
        const uint32_t q = tid / 4, c = tid % 4, gg = q / 4, tt = q % 4, n = 8 * gg + 2 * tt + c / 2;
        const uint32_t w = b[4 * q + c], M = 0x9C9C9C9Cu;
        uint32_t x[2] = {0, 0};
        for (int i = 0; i < 8; i++) { uint32_t nib = (w >> (4 * i)) & 0xF; uint32_t e = ((nib & 8) << 4) | ((nib & 7) << 2); x[i / 4] |= e << (8 * (i % 4)); }
        (void)M;
        for (int half = 0; half < 2; half++) {
            const uint32_t k = 16 * half + 4 * tt;  // first K row of the four bytes
            const uint32_t at = 256 * G * c + (n / 8) * sbo + (k / 16) * lbo + (n % 8) * 16 + (k % 16);
            *reinterpret_cast<uint32_t *>(&btile[at]) = x[half];
        }
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    const uint32_t grp = warp % G, rb = warp / G, q = 4 * grp + t;
    const uint32_t row = 16 * rb + g, words_per_row = 16 * G;
    uint32_t af[4][4];
    for (int c = 0; c < 4; c++) {
        const uint32_t wr = a[row * words_per_row + 4 * q + c], wr8 = a[(row + 8) * words_per_row + 4 * q + c];
        const uint32_t M = 0x9C9C9C9Cu;
        uint32_t x0 = wr & M, x1, y0 = wr8 & M, y1, l, r;
        l = wr << 2; r = wr >> 2; asm("lop3.b32 %0, %1, %2, %3, 0x28;" : "=r"(x1) : "r"(l), "r"(r), "r"(M));
        l = wr8 << 2; r = wr8 >> 2; asm("lop3.b32 %0, %1, %2, %3, 0x28;" : "=r"(y1) : "r"(l), "r"(r), "r"(M));
        af[c][0] = x0; af[c][1] = y0; af[c][2] = x1; af[c][3] = y1;
    }
    const uint32_t base = (uint32_t)__cvta_generic_to_shared(btile);
    Acc<G> D;
    for (int i = 0; i < 4 * G; i++) D.d[i] = 0;
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    for (int c = 0; c < 4; c++) wg<G>(D, af[c], desc_of(base + 256 * G * c, lbo, sbo), c > 0);
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    // This warp's column group: D[4 grp + j] = (row, col 8 grp + 2t), (row, +1), (row + 8, 2t), (row + 8, +1).
    const uint32_t blocks = 8 * G;
    out[row * blocks + 2 * q] = D.d[4 * grp + 0];
    out[row * blocks + 2 * q + 1] = D.d[4 * grp + 1];
    out[(row + 8) * blocks + 2 * q] = D.d[4 * grp + 2];
    out[(row + 8) * blocks + 2 * q + 1] = D.d[4 * grp + 3];
}

template <int G>
int run(uint32_t seed, uint32_t lbo, uint32_t sbo, bool quiet) {
    const int rows = 64 / G, K = 128 * G, wpr = K / 8, blocks = K / 16;
    uint32_t ha[64 * 64], hap[64 * 64], hb[64];
    uint32_t x = seed;
    auto rnd = [&]() { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x; };
    for (int i = 0; i < rows * wpr; i++) { ha[i] = rnd(); hap[i] = prepack(ha[i]); }
    for (int i = 0; i < wpr; i++) hb[i] = rnd();
    uint32_t *da, *db; float *dout;
    CK(cudaMalloc(&da, sizeof(uint32_t) * rows * wpr)); CK(cudaMalloc(&db, sizeof(uint32_t) * wpr));
    CK(cudaMalloc(&dout, sizeof(float) * rows * blocks));
    CK(cudaMemcpy(da, hap, sizeof(uint32_t) * rows * wpr, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb, sizeof(uint32_t) * wpr, cudaMemcpyHostToDevice));
    CK(cudaMemset(dout, 0xFF, sizeof(float) * rows * blocks));  // NaN poison
    check<G><<<1, 128>>>(da, db, dout, lbo, sbo);
    CK(cudaDeviceSynchronize());
    float hout[64 * 64];
    CK(cudaMemcpy(hout, dout, sizeof(float) * rows * blocks, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int r = 0; r < rows; r++)
        for (int blk = 0; blk < blocks; blk++) {
            double s = 0;
            for (int e = 0; e < 16; e++) {
                const int k = 16 * blk + e;
                s += (double)e2m1((ha[r * wpr + k / 8] >> (4 * (k % 8))) & 0xF) * e2m1((hb[k / 8] >> (4 * (k % 8))) & 0xF);
            }
            const float want = (float)(s / 4096.0), got = hout[r * blocks + blk];
            if (!(got == want)) { if (bad < 3 && !quiet) printf("  G %d row %d block %d: got %g want %g\n", G, r, blk, got, want); bad++; }
        }
    printf("N = %2d (LBO %3u, SBO %3u), seed %08x: %d of %d block sums wrong\n", 8 * G, lbo, sbo, seed, bad, rows * blocks);
    cudaFree(da); cudaFree(db); cudaFree(dout);
    return bad;
}

int main() {
    if (!build_prepack()) { printf("decode not invertible\n"); return 1; }
    int selfbad = 0;
    uint32_t x = 12345;
    for (int i = 0; i < 100000; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        uint32_t a0, a1, b0, b1; decode_cpu(prepack(x), a0, a1); in_order(x, b0, b1);
        selfbad += (a0 != b0 || a1 != b1);
    }
    printf("CPU self-check of prepack + decode: %d of 100000 wrong; prepack(0x76543210) = %08x\n", selfbad, prepack(0x76543210u));
    int total = 0;
    for (uint32_t seed : {0x9E3779B9u, 0x12345678u, 0xDEADBEEFu}) {
        total += run<1>(seed, 128, 256, false);
        total += run<2>(seed, 128, 256, false);
        total += run<4>(seed, 128, 256, false);
    }
    // The other reading of the descriptor's offsets, for the record.
    run<4>(0x9E3779B9u, 256, 128, true);
    printf("%s: %d wrong in the runs that count\n", total == 0 && selfbad == 0 ? "PASS" : "FAIL", total + selfbad);
    return total != 0 || selfbad != 0;
}
