//===- LayerVariants.h - The variants of one NHWC layer ---------*- C++ -*-===//
//
// The network-layer benchmarks (MobileNetV2, ResNet-50) time each layer's
// variants (regtile kernels, oneDNN) on the same inputs, each writing its
// own output, checked exactly against one reference.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_BENCH_LAYERVARIANTS_H
#define REGTILE_BENCH_LAYERVARIANTS_H

#include "Harness.h"
#include "MlirKernels.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace regtile::bench {

using M1 = StridedMemRefType<float, 1>;
using M4 = StridedMemRefType<float, 4>;

/// Prepares a variant on its output (Y and its memref): the timed call, or
/// an empty function and why.
using Prepare =
    std::function<std::function<void()>(float *, M4 *, std::string &)>;

/// One layer's variants, each writing its own Y, poisoned (NaN) first: a
/// kernel must write every element to pass its check against `ref`
/// (exact: the drivers' inputs are multiples of 1/8, so every order of
/// the sums gives the same floats).
struct LayerVariants {
  std::vector<Kernel> &kernels;
  std::string workload;
  double flops, bytes;
  const float *ref;
  size_t ny;
  std::array<int64_t, 4> ySizes;

  void add(const std::string &variant, const Prepare &prepare) {
    float *y = allocFloats(ny);
    std::memset(y, 0xff, sizeof(float) * ny);
    auto *my = new M4(denseView<float, 4>(y, ySizes));
    std::string why;
    std::function<void()> run = prepare(y, my, why);
    if (!run) {
      std::fprintf(stderr, "%s: %s not available: %s\n", workload.c_str(),
                   variant.c_str(), why.c_str());
      return;
    }
    auto check = [y, ref = ref, ny = ny] {
      double err = maxRelativeError(y, ref, ny);
      return err == 0 ? std::string()
                      : "max relative error " + std::to_string(err);
    };
    kernels.push_back({workload, variant, flops, bytes, run, check});
  }

  /// The scheduled kernels of `func` at `shape` (the manifest's names)
  /// with the C interface of a convolution layer, (X, F, b, Y), or (X, F,
  /// b, R, Y) with a residual R when `mr` is set.
  void addConvKernels(const char *func, const char *shape, M4 *mx, M4 *mf,
                      M1 *mb, M4 *mr) {
    // The filter as the kernel takes it: F, or F packed by the kernel's
    // prepack function (its 5-D result, kept for the runs).
    using LayerFn = void (*)(M4 *, void *, M1 *, M4 *);
    using ResidualFn = void (*)(M4 *, void *, M1 *, M4 *, M4 *);
    using PrepackFn = void (*)(StridedMemRefType<float, 5> *, M4 *);
    for (const MlirKernel *kernel : mlirKernels(func, shape))
      add(kernel->label, [=](float *, M4 *my, std::string &) {
        // Packed once here, outside the timed calls, as oneDNN's weights
        // are reordered.
        void *filter = mf;
        if (kernel->prepack) {
          auto *packed = new StridedMemRefType<float, 5>;
          reinterpret_cast<PrepackFn>(kernel->prepack)(packed, mf);
          filter = packed;
        }
        if (mr) {
          auto fn = kernel->as<ResidualFn>();
          return std::function<void()>([=] { fn(mx, filter, mb, mr, my); });
        }
        auto fn = kernel->as<LayerFn>();
        return std::function<void()>([=] { fn(mx, filter, mb, my); });
      });
  }

  /// A oneDNN variant: `prepare` gets Y, names oneDNN's implementation
  /// (printed to stderr beside `layer`) or says why there is none.
  using PrepareDnnl = std::function<std::function<void()>(
      float *y, std::string &impl, std::string &why)>;
  void addDnnl(const std::string &label, const char *layer,
               const PrepareDnnl &prepare) {
    add(label, [=](float *y, M4 *, std::string &why) {
      std::string impl;
      std::function<void()> run = prepare(y, impl, why);
      if (run)
        std::fprintf(stderr, "%s: oneDNN %s\n", layer, impl.c_str());
      return run;
    });
  }
};

} // namespace regtile::bench

#endif // REGTILE_BENCH_LAYERVARIANTS_H
