//===- bench_gemm.cpp - f32 GEMM (seed 002's register blocking) -----------===//
//
// C = A * B, row-major f32, single thread, at M=N=K 512, 1024, 2048 and at
// 1000x1100x900 (M x N x K), in one run:
//   regtile            examples/gemm scheduled by @regtile_matmul
//                      (strategies/), packing included;
//   upstream           examples/gemm/schedule.mlir's upstream-only schedule
//                      (tile, vectorize, hoist, outer-product lowering)
//                      (the scheduled kernels: bench/CMakeLists.txt);
//   oneDNN dnnl_sgemm, OpenBLAS and BLIS cblas_sgemm;
//   libxsmm            batch-reduce GEMM on 32x32 blocks including packing
//                      A, B and unpacking C, and the kernel alone on
//                      pre-packed blocks (a bound, not a like-for-like peer).
// Ratios are to the harness's peak-FMA loop. Inputs are multiples of 1/8 in
// [-4, 4], so every product and partial sum is exact in f32: every variant
// must match the reference bit for bit, whatever its summation order.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "MlirKernels.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

using M2 = StridedMemRefType<float, 2>;

extern "C" {
bool peer_openblas_sgemm(const float *, const float *, float *, int, int, int);
bool peer_blis_sgemm(const float *, const float *, float *, int, int, int);
bool peer_dnnl_sgemm(const float *, const float *, float *, int, int, int);
#ifdef REGTILE_HAVE_LIBXSMM
void peer_xsmm_init();
bool peer_xsmm_sgemm(const float *, const float *, float *, int, int, int,
                     bool);
#endif
}

namespace {
using namespace regtile::bench;
using MlirGemm = void (*)(M2 *, M2 *, M2 *);

M2 view(float *p, int64_t rows, int64_t cols) {
  return denseView<float, 2>(p, {rows, cols});
}

/// Reference: i-k-j loops (exact for these inputs in any order).
void referenceGemm(const float *a, const float *b, float *c, int m, int n,
                   int k) {
  std::memset(c, 0, sizeof(float) * size_t(m) * n);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p) {
      float x = a[size_t(i) * k + p];
      const float *brow = b + size_t(p) * n;
      float *crow = c + size_t(i) * n;
      for (int j = 0; j < n; ++j)
        crow[j] += x * brow[j];
    }
}

struct Shape {
  int m, n, k;
  /// Its name in bench/CMakeLists.txt.
  const char *name;
  float *a, *b, *ref;
  M2 ma, mb;
};

} // namespace

int main(int argc, char **argv) {
  // Every library on the run's threads (--threads), and the AVX-512
  // kernels of OpenBLAS and BLIS on AVX-512 hosts: BLIS falls back to
  // generic code on CPUs it does not know (Zen 5), and a machine's
  // environment may pin a weaker kernel (OPENBLAS_CORETYPE=Haswell was seen
  // set on a Zen 5 machine here).
  std::vector<std::pair<std::string, std::string>> peers;
  if (__builtin_cpu_supports("avx512f"))
    peers = {{"OPENBLAS_CORETYPE", "SkylakeX"}, {"BLIS_ARCH_TYPE", "skx"}};
  regtile::bench::prepareEnvironment(argc, argv, peers);
#ifdef REGTILE_HAVE_LIBXSMM
  peer_xsmm_init();
#endif
  static Shape shapes[] = {
      {512, 512, 512, "512"},
      {1024, 1024, 1024, "1024"},
      {2048, 2048, 2048, "2048"},
      {1000, 1100, 900, "1000x1100x900"},
  };
  std::vector<Kernel> kernels;
  for (Shape &s : shapes) {
    size_t na = size_t(s.m) * s.k, nb = size_t(s.k) * s.n,
           nc = size_t(s.m) * s.n;
    s.a = allocFloats(na);
    s.b = allocFloats(nb);
    s.ref = allocFloats(nc);
    fillFloats(s.a, na, 1);
    fillFloats(s.b, nb, 2);
    referenceGemm(s.a, s.b, s.ref, s.m, s.n, s.k);
    s.ma = view(s.a, s.m, s.k);
    s.mb = view(s.b, s.k, s.n);
    std::string workload = "sgemm " + std::to_string(s.m) + "x" +
                           std::to_string(s.n) + "x" + std::to_string(s.k);
    double flops = 2.0 * s.m * s.n * s.k;
    double bytes = 4.0 * (na + nb + nc);
    Shape *p = &s;
    // Each variant writes its own C, poisoned (NaN) first: a kernel must
    // write every element to pass its check.
    auto add = [&](const std::string &variant,
                   std::function<bool(Shape *, float *, M2 *)> call) {
      float *c = allocFloats(nc);
      std::memset(c, 0xff, sizeof(float) * nc);
      M2 *mc = new M2(view(c, p->m, p->n));
      if (!call(p, c, mc)) {
        std::fprintf(stderr, "bench_gemm: %s not available, skipped\n",
                     variant.c_str());
        return;
      }
      std::memset(c, 0xff, sizeof(float) * nc);
      auto check = [p, c, nc] {
        double err = maxRelativeError(c, p->ref, nc);
        return err == 0 ? std::string()
                        : "max relative error " + std::to_string(err);
      };
      kernels.push_back({workload, variant, flops, bytes,
                         [call, p, c, mc] { call(p, c, mc); }, check});
    };
    for (const MlirKernel *k : mlirKernels("matmul", s.name)) {
      auto fn = k->as<MlirGemm>();
      add(k->label, [fn](Shape *p, float *, M2 *mc) {
        fn(&p->ma, &p->mb, mc);
        return true;
      });
    }
    add("oneDNN dnnl_sgemm", [](Shape *p, float *c, M2 *) {
      return peer_dnnl_sgemm(p->a, p->b, c, p->m, p->n, p->k);
    });
    add("OpenBLAS cblas_sgemm", [](Shape *p, float *c, M2 *) {
      return peer_openblas_sgemm(p->a, p->b, c, p->m, p->n, p->k);
    });
    add("BLIS cblas_sgemm", [](Shape *p, float *c, M2 *) {
      return peer_blis_sgemm(p->a, p->b, c, p->m, p->n, p->k);
    });
#ifdef REGTILE_HAVE_LIBXSMM
    add("libxsmm brgemm incl. packing", [](Shape *p, float *c, M2 *) {
      return peer_xsmm_sgemm(p->a, p->b, c, p->m, p->n, p->k, true);
    });
#endif
  }
  Options options;
  options.jsonPath = "gemm.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
