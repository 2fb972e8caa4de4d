//===- bench_reductions.cpp - innermost reductions (seed 001) -------------===//
//
// Row sums, i8 -> i32 and f32, of a 384x512 (L2-resident, the seed's running
// example) and a 4096x4096 (memory-bound) matrix. Variants, in one run
// (the scheduled ones and their labels: bench/CMakeLists.txt):
//   regtile                     transform.regtile.reduce_to_vector_accumulator
//   regtile, tuned here         the same schedule with its knobs picked by
//                               scripts/regtile-tune on this machine (when
//                               scripts/run-examples.sh tuned it)
//   regtile, no VNNI            the same, told the host has no AVX-512 VNNI
//   upstream InnerReduction     tile 8x64 + vectorize + hoist, InnerReduction
//   upstream InnerParallel      the same, InnerParallel
//   upstream recipe             tile + tile_reduction_using_for + vectorize +
//                               hoist (an 8x64 partial-sum accumulator)
//   clang -O3 (-ffast-math)     plain C++ loops
// Every variant is checked against an exact scalar reference before timing.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "MlirKernels.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>
#include <cstring>
#include <string>

extern "C" {
void cxx_sum_i8_o3(const int8_t *, int32_t *, int64_t, int64_t);
void cxx_sum_i8_fastmath(const int8_t *, int32_t *, int64_t, int64_t);
void cxx_sum_f32_o3(const float *, float *, int64_t, int64_t);
void cxx_sum_f32_fastmath(const float *, float *, int64_t, int64_t);
}

namespace {
using namespace regtile::bench;

template <typename T, int N>
StridedMemRefType<T, N> view(T *p, int64_t rows, int64_t cols) {
  if constexpr (N == 2)
    return denseView<T, 2>(p, {rows, cols});
  else
    return denseView<T, 1>(p, {rows});
}

/// One workload: input, output, exact reference, and its variants.
template <typename In, typename Out> struct Workload {
  int64_t rows, cols;
  In *in;
  Out *out, *ref;
  StridedMemRefType<In, 2> mIn;
  StridedMemRefType<Out, 1> mOut;

  Workload(int64_t rows, int64_t cols, uint64_t seed) : rows(rows), cols(cols) {
    std::size_t n = std::size_t(rows) * cols;
    in = static_cast<In *>(static_cast<void *>(allocFloats(n)));
    out = reinterpret_cast<Out *>(allocFloats(rows));
    ref = reinterpret_cast<Out *>(allocFloats(rows));
    float *tmp = allocFloats(n);
    fillFloats(tmp, n, seed);
    for (std::size_t i = 0; i < n; ++i) // multiples of 1/8 in [-4, 4]
      in[i] = static_cast<In>(sizeof(In) == 1 ? tmp[i] * 8 : tmp[i]);
    freeFloats(tmp);
    for (int64_t i = 0; i < rows; ++i) { // exact: integers or multiples of 1/8
      double s = 0;
      for (int64_t j = 0; j < cols; ++j)
        s += in[i * cols + j];
      ref[i] = static_cast<Out>(s);
    }
    mIn = view<In, 2>(in, rows, cols);
    mOut = view<Out, 1>(out, rows, 1);
  }

  std::function<std::string()> check() {
    return [this] {
      for (int64_t i = 0; i < rows; ++i)
        if (out[i] != ref[i])
          return "row " + std::to_string(i) + ": " + std::to_string(out[i]) +
                 " != " + std::to_string(ref[i]);
      std::memset(out, 0x5a, rows * sizeof(Out)); // no stale pass next time
      return std::string();
    };
  }

  /// The scheduled kernels of `func` at this size (bench/CMakeLists.txt),
  /// then the C++ ones.
  void add(std::vector<Kernel> &ks, const std::string &name, const char *func,
           void (*o3)(const In *, Out *, int64_t, int64_t),
           void (*fastmath)(const In *, Out *, int64_t, int64_t)) {
    double bytes =
        double(rows) * cols * sizeof(In) + double(rows) * sizeof(Out);
    std::string size = std::to_string(rows) + "x" + std::to_string(cols);
    using Fn =
        void (*)(StridedMemRefType<In, 2> *, StridedMemRefType<Out, 1> *);
    for (const MlirKernel *k : mlirKernels(func, size.c_str())) {
      auto f = k->as<Fn>();
      ks.push_back(
          {name, k->label, 0, bytes, [this, f] { f(&mIn, &mOut); }, check()});
    }
    ks.push_back({name, "clang -O3", 0, bytes,
                  [this, o3] { o3(in, out, rows, cols); }, check()});
    if (fastmath)
      ks.push_back({name, "clang -O3 -ffast-math", 0, bytes,
                    [this, fastmath] { fastmath(in, out, rows, cols); },
                    check()});
  }
};

} // namespace

int main(int argc, char **argv) {
  static Workload<int8_t, int32_t> i8Small(384, 512, 1), i8Large(4096, 4096, 2);
  static Workload<float, float> f32Small(384, 512, 3), f32Large(4096, 4096, 4);
  std::vector<Kernel> kernels;
  i8Small.add(kernels, "sum i8->i32 384x512", "sum_i8", cxx_sum_i8_o3, nullptr);
  i8Large.add(kernels, "sum i8->i32 4096x4096", "sum_i8", cxx_sum_i8_o3,
              nullptr);
  f32Small.add(kernels, "sum f32 384x512", "sum_f32", cxx_sum_f32_o3,
               cxx_sum_f32_fastmath);
  f32Large.add(kernels, "sum f32 4096x4096", "sum_f32", cxx_sum_f32_o3,
               cxx_sum_f32_fastmath);
  Options options;
  options.jsonPath = "reductions.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
