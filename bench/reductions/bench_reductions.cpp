//===- bench_reductions.cpp - innermost reductions (seed 001) -------------===//
//
// Row sums, i8 -> i32 and f32, of a 384x512 (L2-resident, the seed's running
// example) and a 4096x4096 (memory-bound) matrix. Variants, in one run:
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

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

using M2i8 = StridedMemRefType<int8_t, 2>;
using M1i32 = StridedMemRefType<int32_t, 1>;
using M2f32 = StridedMemRefType<float, 2>;
using M1f32 = StridedMemRefType<float, 1>;

#define DECLARE_MLIR(FUNC, M2, M1, SIZE)                                       \
  void _mlir_ciface_##FUNC##__regtile_##SIZE(M2 *, M1 *);                      \
  void _mlir_ciface_##FUNC##__regtile_no_vnni_##SIZE(M2 *, M1 *);              \
  void _mlir_ciface_##FUNC##__inner_reduction_##SIZE(M2 *, M1 *);              \
  void _mlir_ciface_##FUNC##__inner_parallel_##SIZE(M2 *, M1 *);               \
  void _mlir_ciface_##FUNC##__upstream_recipe_##SIZE(M2 *, M1 *);              \
  /* Compiled only when scripts/run-examples.sh tuned the schedule (weak:  */  \
  /* null otherwise).                                                      */  \
  __attribute__((weak)) void _mlir_ciface_##FUNC##__regtile_tuned_##SIZE(      \
      M2 *, M1 *);
extern "C" {
DECLARE_MLIR(sum_i8, M2i8, M1i32, 384x512)
DECLARE_MLIR(sum_i8, M2i8, M1i32, 4096x4096)
DECLARE_MLIR(sum_f32, M2f32, M1f32, 384x512)
DECLARE_MLIR(sum_f32, M2f32, M1f32, 4096x4096)
void cxx_sum_i8_o3(const int8_t *, int32_t *, int64_t, int64_t);
void cxx_sum_i8_fastmath(const int8_t *, int32_t *, int64_t, int64_t);
void cxx_sum_f32_o3(const float *, float *, int64_t, int64_t);
void cxx_sum_f32_fastmath(const float *, float *, int64_t, int64_t);
}

namespace {
using namespace regtile::bench;

template <typename T, int N>
StridedMemRefType<T, N> view(T *p, int64_t rows, int64_t cols) {
  StridedMemRefType<T, N> m;
  m.basePtr = m.data = p;
  m.offset = 0;
  if constexpr (N == 2) {
    m.sizes[0] = rows;
    m.sizes[1] = cols;
    m.strides[0] = cols;
    m.strides[1] = 1;
  } else {
    m.sizes[0] = rows;
    m.strides[0] = 1;
  }
  return m;
}

struct MlirVariants {
  void (*regtile)(void *, void *);
  void (*regtileNoVnni)(void *, void *);
  void (*innerReduction)(void *, void *);
  void (*innerParallel)(void *, void *);
  void (*recipe)(void *, void *);
  void (*tuned)(void *, void *);
};

#define MLIR_VARIANTS(FUNC, SIZE)                                              \
  MlirVariants {                                                               \
    reinterpret_cast<void (*)(void *, void *)>(                                \
        _mlir_ciface_##FUNC##__regtile_##SIZE),                                \
        reinterpret_cast<void (*)(void *, void *)>(                            \
            _mlir_ciface_##FUNC##__regtile_no_vnni_##SIZE),                    \
        reinterpret_cast<void (*)(void *, void *)>(                            \
            _mlir_ciface_##FUNC##__inner_reduction_##SIZE),                    \
        reinterpret_cast<void (*)(void *, void *)>(                            \
            _mlir_ciface_##FUNC##__inner_parallel_##SIZE),                     \
        reinterpret_cast<void (*)(void *, void *)>(                            \
            _mlir_ciface_##FUNC##__upstream_recipe_##SIZE),                    \
        reinterpret_cast<void (*)(void *, void *)>(                            \
            _mlir_ciface_##FUNC##__regtile_tuned_##SIZE)                       \
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

  void add(std::vector<Kernel> &ks, const std::string &name,
           const MlirVariants &v,
           void (*o3)(const In *, Out *, int64_t, int64_t),
           void (*fastmath)(const In *, Out *, int64_t, int64_t)) {
    double bytes =
        double(rows) * cols * sizeof(In) + double(rows) * sizeof(Out);
    auto mlir = [this](void (*f)(void *, void *)) {
      return [this, f] { f(&mIn, &mOut); };
    };
    ks.push_back({name, "regtile", 0, bytes, mlir(v.regtile), check()});
    if (v.tuned)
      ks.push_back({name, "regtile, tuned here (regtile-tune)", 0, bytes,
                    mlir(v.tuned), check()});
    if (std::is_integral_v<In>) // f32 sums never use VNNI: same code
      ks.push_back({name, "regtile, VNNI disabled", 0, bytes,
                    mlir(v.regtileNoVnni), check()});
    ks.push_back({name, "upstream InnerReduction", 0, bytes,
                  mlir(v.innerReduction), check()});
    ks.push_back({name, "upstream InnerParallel", 0, bytes,
                  mlir(v.innerParallel), check()});
    ks.push_back(
        {name, "upstream recipe (4 ops)", 0, bytes, mlir(v.recipe), check()});
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
  i8Small.add(kernels, "sum i8->i32 384x512", MLIR_VARIANTS(sum_i8, 384x512),
              cxx_sum_i8_o3, nullptr);
  i8Large.add(kernels, "sum i8->i32 4096x4096",
              MLIR_VARIANTS(sum_i8, 4096x4096), cxx_sum_i8_o3, nullptr);
  f32Small.add(kernels, "sum f32 384x512", MLIR_VARIANTS(sum_f32, 384x512),
               cxx_sum_f32_o3, cxx_sum_f32_fastmath);
  f32Large.add(kernels, "sum f32 4096x4096", MLIR_VARIANTS(sum_f32, 4096x4096),
               cxx_sum_f32_o3, cxx_sum_f32_fastmath);
  Options options;
  options.jsonPath = "reductions.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
