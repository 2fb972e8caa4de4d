//===- bench_supervector.cpp - seed 003's super-vectorization examples ----===//
//
// vector_add_2d (2048 x 2048 f32, dynamic bounds as in the seed) and vecred
// (a sum of 1M f32, 4 MiB: beyond L2, within L3). Variants, in one run (the
// scheduled ones and their labels: bench/CMakeLists.txt):
//   regtile 1-D / 2-D   transform.regtile.super_vectorize (virtual sizes 256,
//                       resp. 32x256; vecred 128) + unroll_to_native_vectors;
//                       1-D also with mask_partial_vectors (no split into
//                       whole vectors + remainder; masked accesses), and
//                       with streaming (non-temporal) stores
//   upstream pass       -affine-super-vectorize with the seed's options,
//                       then the same lowering (regtile-lower-to-llvm)
//   clang -O3           plain C++ (and -ffast-math for the sum)
// The bounds: vector_add_2d moves 3 matrices (2 read, 1 written); its
// `bytes` is half of that traffic, so "x memcpy" compares it with a memcpy
// moving as many bytes (1.5 matrices read, 1.5 written). vecred reads 4 MiB:
// "x read loop" compares it with a plain vector read loop over as many bytes.
// Every variant is checked against an exact reference before timing.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "MlirKernels.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>
#include <cstring>
#include <string>

using M2f32 = StridedMemRefType<float, 2>;
using M1f32 = StridedMemRefType<float, 1>;

extern "C" {
void cxx_vector_add_2d_o3(const float *, const float *, float *, int64_t,
                          int64_t);
void cxx_vector_add_2d_fastmath(const float *, const float *, float *, int64_t,
                                int64_t);
float cxx_vecred_o3(const float *, int64_t);
float cxx_vecred_fastmath(const float *, int64_t);
}

namespace {
using namespace regtile::bench;

constexpr int64_t kRows = 2048, kCols = 2048, kLength = 1 << 20;

M2f32 view2(float *p) { return denseView<float, 2>(p, {kRows, kCols}); }
M1f32 view1(float *p, int64_t n) { return denseView<float, 1>(p, {n}); }

struct Add2d {
  std::size_t n = std::size_t(kRows) * kCols;
  float *a = allocFloats(n), *b = allocFloats(n), *c = allocFloats(n),
        *ref = allocFloats(n);
  M2f32 ma = view2(a), mb = view2(b), mc = view2(c);
  Add2d() {
    fillFloats(a, n, 1);
    fillFloats(b, n, 2);
    for (std::size_t i = 0; i < n; ++i) { // exact: multiples of 1/8
      float s5 = a[i] + b[i];
      ref[i] = (s5 + 2.0f) + (s5 + 1.0f);
    }
  }
  std::function<std::string()> check() {
    return [this] {
      for (std::size_t i = 0; i < n; ++i)
        if (c[i] != ref[i])
          return "element " + std::to_string(i) + ": " + std::to_string(c[i]) +
                 " != " + std::to_string(ref[i]);
      std::memset(c, 0x5a, n * sizeof(float));
      return std::string();
    };
  }
  void add(std::vector<Kernel> &ks, const MlirKernel &k) {
    auto f = k.as<void (*)(M2f32 *, M2f32 *, M2f32 *, int64_t, int64_t)>();
    ks.push_back({"vector_add_2d 2048x2048 (sizes 256 / 32x256)", k.label, 0,
                  1.5 * n * 4, [this, f] { f(&ma, &mb, &mc, kRows, kCols); },
                  check()});
  }
  void addCxx(std::vector<Kernel> &ks, const std::string &variant,
              void (*f)(const float *, const float *, float *, int64_t,
                        int64_t)) {
    ks.push_back({"vector_add_2d 2048x2048 (sizes 256 / 32x256)", variant, 0,
                  1.5 * n * 4, [this, f] { f(a, b, c, kRows, kCols); },
                  check()});
  }
};

struct Vecred {
  float *in = allocFloats(kLength), *out = allocFloats(16);
  float ref = 0;
  volatile float sink = 0;
  M1f32 mIn = view1(in, kLength), mOut = view1(out, 1);
  Vecred() {
    fillFloats(in, kLength, 3);
    double s = 0; // exact: multiples of 1/8, |s| < 2^21
    for (int64_t i = 0; i < kLength; ++i)
      s += in[i];
    ref = float(s);
  }
  std::function<std::string()> check() {
    return [this] {
      if (out[0] != ref)
        return std::to_string(out[0]) + " != " + std::to_string(ref);
      out[0] = -1;
      return std::string();
    };
  }
  void add(std::vector<Kernel> &ks, const MlirKernel &k) {
    auto f = k.as<void (*)(M1f32 *, M1f32 *)>();
    ks.push_back({"vecred 1M f32 (size 128)", k.label, 0, double(kLength) * 4,
                  [this, f] { f(&mIn, &mOut); }, check()});
  }
  void addCxx(std::vector<Kernel> &ks, const std::string &variant,
              float (*f)(const float *, int64_t)) {
    ks.push_back({"vecred 1M f32 (size 128)", variant, 0, double(kLength) * 4,
                  [this, f] { out[0] = f(in, kLength); }, check()});
  }
};

} // namespace

int main(int argc, char **argv) {
  static Add2d add2d;
  static Vecred vecred;
  std::vector<Kernel> ks;
  for (const MlirKernel *k : mlirKernels("vector_add_2d"))
    add2d.add(ks, *k);
  add2d.addCxx(ks, "clang -O3", cxx_vector_add_2d_o3);
  for (const MlirKernel *k : mlirKernels("vecred"))
    vecred.add(ks, *k);
  vecred.addCxx(ks, "clang -O3", cxx_vecred_o3);
  vecred.addCxx(ks, "clang -O3 -ffast-math", cxx_vecred_fastmath);
  Options options;
  options.jsonPath = "supervector.json";
  return regtile::bench::main(argc, argv, std::move(ks), options);
}
