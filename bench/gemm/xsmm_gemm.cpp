//===- xsmm_gemm.cpp - libxsmm batch-reduce GEMM with packing (the peer) --===//
//
// What tpp-mlir does for a GEMM: pack A and B into 32x32 blocks, one
// libxsmm batch-reduce GEMM kernel per C block over the K blocks, unpack C.
// All three steps are timed (packing included), and as a separate variant
// the kernel alone on pre-packed blocks. libxsmm is column-major: row-major
// C = A * B is C^T = B^T * A^T for it, so its "A" is a block of B and its
// "B" a block of A. Sizes that do not divide 32 are padded with zeros.
// Each step is an OpenMP loop over blocks (static schedule) on the run's
// threads (OMP_NUM_THREADS): libxsmm generates kernels, the caller
// distributes them, as tpp-mlir does. Compiled by clang with -fopenmp
// (bench/CMakeLists.txt): LLVM's OpenMP runtime.
//
//===----------------------------------------------------------------------===//

#include <libxsmm.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {
constexpr int T = 32;

struct Plan {
  int m = 0, n = 0, k = 0, mb = 0, nb = 0, kb = 0;
  float *ap = nullptr, *bp = nullptr, *cp = nullptr;
  libxsmm_smmfunction_reducebatch_addr kernel = nullptr;
};

Plan &plan(int m, int n, int k) {
  static std::vector<Plan *> plans;
  for (Plan *p : plans)
    if (p->m == m && p->n == n && p->k == k)
      return *p;
  Plan *p = new Plan;
  p->m = m, p->n = n, p->k = k;
  p->mb = (m + T - 1) / T, p->nb = (n + T - 1) / T, p->kb = (k + T - 1) / T;
  auto alloc = [](size_t count) {
    return static_cast<float *>(std::aligned_alloc(64, count * sizeof(float)));
  };
  p->ap = alloc(size_t(p->mb) * p->kb * T * T);
  p->bp = alloc(size_t(p->nb) * p->kb * T * T);
  p->cp = alloc(size_t(p->mb) * p->nb * T * T);
  std::memset(p->ap, 0, size_t(p->mb) * p->kb * T * T * sizeof(float));
  std::memset(p->bp, 0, size_t(p->nb) * p->kb * T * T * sizeof(float));
  float alpha = 1, beta = 0;
  int flags = LIBXSMM_GEMM_FLAGS('N', 'N');
  p->kernel = libxsmm_smmdispatch_reducebatch_addr(
      T, T, T, nullptr, nullptr, nullptr, &alpha, &beta, &flags, nullptr);
  plans.push_back(p);
  return *p;
}

// Block (i, j) of a row-major R x C matrix into a dense T x T block.
void packBlocks(const float *src, float *dst, int rows, int cols, int rb,
                int cb, bool rowsOuter) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int i = 0; i < rb; ++i)
    for (int j = 0; j < cb; ++j) {
      float *blk =
          dst +
          (rowsOuter ? (size_t(i) * cb + j) : (size_t(j) * rb + i)) * T * T;
      int r0 = i * T, c0 = j * T;
      int rn = rows - r0 < T ? rows - r0 : T;
      int cn = cols - c0 < T ? cols - c0 : T;
      for (int r = 0; r < rn; ++r)
        std::memcpy(blk + r * T, src + size_t(r0 + r) * cols + c0,
                    cn * sizeof(float));
    }
}

void blockedGemm(Plan &p) {
#pragma omp parallel
  {
    unsigned long long count = p.kb;
    std::vector<const float *> aPtrs(p.kb), bPtrs(p.kb);
#pragma omp for collapse(2) schedule(static)
    for (int i = 0; i < p.mb; ++i)
      for (int j = 0; j < p.nb; ++j) {
        for (int kk = 0; kk < p.kb; ++kk) {
          // libxsmm's A (T x T col-major, ld T) is block (kk, j) of B, its
          // B block (i, kk) of A.
          aPtrs[kk] = p.bp + (size_t(j) * p.kb + kk) * T * T;
          bPtrs[kk] = p.ap + (size_t(i) * p.kb + kk) * T * T;
        }
        p.kernel(aPtrs.data(), bPtrs.data(),
                 p.cp + (size_t(i) * p.nb + j) * T * T, &count);
      }
  }
}

void unpackC(const Plan &p, float *c) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int i = 0; i < p.mb; ++i)
    for (int j = 0; j < p.nb; ++j) {
      const float *blk = p.cp + (size_t(i) * p.nb + j) * T * T;
      int r0 = i * T, c0 = j * T;
      int rn = p.m - r0 < T ? p.m - r0 : T;
      int cn = p.n - c0 < T ? p.n - c0 : T;
      for (int r = 0; r < rn; ++r)
        std::memcpy(c + size_t(r0 + r) * p.n + c0, blk + r * T,
                    cn * sizeof(float));
    }
}
} // namespace

extern "C" {
void peer_xsmm_init() { libxsmm_init(); }

/// C = A * B: pack A and B into 32x32 blocks, one batch-reduce kernel call
/// per C block, unpack C (`packing`), or the kernel calls alone on blocks
/// packed by an earlier call (`!packing`; C is left blocked). Returns false
/// if libxsmm cannot generate the kernel.
bool peer_xsmm_sgemm(const float *a, const float *b, float *c, int m, int n,
                     int k, bool packing) {
  Plan &p = plan(m, n, k);
  if (!p.kernel)
    return false;
  if (packing) {
    packBlocks(a, p.ap, m, k, p.mb, p.kb, /*rowsOuter=*/true);
    packBlocks(b, p.bp, k, n, p.kb, p.nb, /*rowsOuter=*/false);
  }
  blockedGemm(p);
  if (packing)
    unpackC(p, c);
  return true;
}
}
