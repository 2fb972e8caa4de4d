//===- blas_peers.cpp - GEMM peers: OpenBLAS, BLIS, oneDNN ----------------===//
//
// C = A * B, row-major f32, one thread, through each library's sgemm.
// OpenBLAS and BLIS both export cblas_sgemm: each is loaded with
// dlopen(RTLD_LOCAL | RTLD_DEEPBIND) so that their symbols do not clash
// (shared/notes/peers.md). oneDNN's dnnl_sgemm is linked when found at build
// time (REGTILE_HAVE_DNNL). A peer that is not installed is reported as
// missing and skipped.
//
// Each library gets its best kernel: bench_gemm's main selects the
// AVX-512 kernels on AVX-512 hosts (OPENBLAS_CORETYPE = SkylakeX,
// BLIS_ARCH_TYPE = skx, whatever the environment said). Debian's BLIS 0.9
// does not know AMD Zen 5 and falls back to generic C code (0.16 of peak),
// and a machine's environment may pin OpenBLAS to its AVX2 Haswell kernels
// (0.48 of peak on Zen 5). This file prints the kernel each library reports.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.h>
#endif

namespace {
// cblas_sgemm(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta,
//             c, ldc) with CblasRowMajor = 101, CblasNoTrans = 111.
using CblasSgemm = void (*)(int, int, int, int, int, int, float, const float *,
                            int, const float *, int, float, float *, int);

CblasSgemm loadCblas(const char *const *names, const char *threadsFn,
                     void (*report)(void *)) {
  for (const char *const *n = names; *n; ++n) {
    void *h = dlopen(*n, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!h)
      continue;
    if (threadsFn)
      if (auto set = reinterpret_cast<void (*)(int)>(dlsym(h, threadsFn)))
        set(regtile::bench::runThreads());
    report(h);
    if (auto f = reinterpret_cast<CblasSgemm>(dlsym(h, "cblas_sgemm")))
      return f;
  }
  return nullptr;
}

void reportOpenblas(void *h) {
  if (auto core =
          reinterpret_cast<char *(*)()>(dlsym(h, "openblas_get_corename")))
    std::fprintf(stderr, "OpenBLAS: %s kernels\n", core());
}

void reportBlis(void *h) {
  auto query = reinterpret_cast<int (*)()>(dlsym(h, "bli_arch_query_id"));
  auto name =
      reinterpret_cast<const char *(*)(int)>(dlsym(h, "bli_arch_string"));
  if (query && name)
    std::fprintf(stderr, "BLIS: %s kernels\n", name(query()));
}

CblasSgemm openblas() {
  static const char *names[] = {"libopenblas.so.0", "libopenblas.so", nullptr};
  static CblasSgemm f =
      loadCblas(names, "openblas_set_num_threads", reportOpenblas);
  return f;
}

CblasSgemm blis() {
  static const char *names[] = {"libblis.so.4", "libblis.so", nullptr};
  static CblasSgemm f =
      loadCblas(names, "bli_thread_set_num_threads", reportBlis);
  return f;
}

/// C = A * B, row-major, through `f`; false if the library is missing.
bool rowMajorSgemm(CblasSgemm f, const float *a, const float *b, float *c,
                   int m, int n, int k) {
  if (!f)
    return false;
  // CblasRowMajor = 101, CblasNoTrans = 111.
  f(101, 111, 111, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
  return true;
}
} // namespace

extern "C" {
/// Each returns false if the library is not available.
bool peer_openblas_sgemm(const float *a, const float *b, float *c, int m, int n,
                         int k) {
  return rowMajorSgemm(openblas(), a, b, c, m, n, k);
}

bool peer_blis_sgemm(const float *a, const float *b, float *c, int m, int n,
                     int k) {
  return rowMajorSgemm(blis(), a, b, c, m, n, k);
}

bool peer_dnnl_sgemm(const float *a, const float *b, float *c, int m, int n,
                     int k) {
#ifdef REGTILE_HAVE_DNNL
  return dnnl_sgemm('N', 'N', m, n, k, 1.0f, a, k, b, n, 0.0f, c, n) ==
         dnnl_success;
#else
  (void)a, (void)b, (void)c, (void)m, (void)n, (void)k;
  return false;
#endif
}
}
