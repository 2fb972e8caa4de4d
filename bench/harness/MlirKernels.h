//===- MlirKernels.h - the scheduled kernels of a benchmark -----*- C++ -*-===//
//
// The scheduled MLIR kernels a benchmark driver times are named once, in
// bench/CMakeLists.txt (regtile_add_mlir_kernel: function, variant, shape,
// the label the tables print); CMake compiles each and generates the
// driver's table of them (<bench>_kernels.cpp). A driver looks its kernels
// up here by function and shape and calls each through its C interface.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_BENCH_MLIRKERNELS_H
#define REGTILE_BENCH_MLIRKERNELS_H

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace regtile::bench {

/// One AOT-compiled kernel: `_mlir_ciface_<func>__<variant>[_<shape>]`.
struct MlirKernel {
  const char *func;
  const char *variant;
  /// "" when the benchmark has one shape per function.
  const char *shape;
  /// The variant column of the tables ("regtile (@regtile_conv2d)").
  const char *label;
  /// Timed after the other variants of its workload (its streaming stores
  /// leave the destination out of the caches).
  bool timedLast;
  void (*fn)();
  /// `_mlir_ciface_<func>__prepack__<variant>[_<shape>]`, null unless the
  /// schedule packed an argument ahead of the calls (prepack_filter): the
  /// driver calls it once, outside the timed calls, and passes its result.
  void (*prepack)();

  /// The kernel as its C interface's function type, e.g.
  /// `void (*)(StridedMemRefType<float, 2> *, ...)`.
  template <typename Fn> Fn as() const { return reinterpret_cast<Fn>(fn); }
};

/// A dense row-major memref descriptor of `p` with `sizes` (what the
/// kernels' C interfaces take for a buffer the driver owns).
template <typename T, int N>
StridedMemRefType<T, N> denseView(T *p, std::array<int64_t, N> sizes) {
  StridedMemRefType<T, N> m;
  m.basePtr = m.data = p;
  m.offset = 0;
  int64_t stride = 1;
  for (int i = N - 1; i >= 0; --i) {
    m.sizes[i] = sizes[i];
    m.strides[i] = stride;
    stride *= sizes[i];
  }
  return m;
}

/// Generated per benchmark by bench/CMakeLists.txt, in registration order.
extern const MlirKernel mlirKernelTable[];
extern const std::size_t mlirKernelCount;

/// The kernels of `func` at `shape`, in registration order; with
/// `timedLast`, only those (else only the others).
inline std::vector<const MlirKernel *>
mlirKernels(const char *func, const char *shape = "", bool timedLast = false) {
  std::vector<const MlirKernel *> found;
  for (std::size_t i = 0; i < mlirKernelCount; ++i) {
    const MlirKernel &k = mlirKernelTable[i];
    if (!std::strcmp(k.func, func) && !std::strcmp(k.shape, shape) &&
        k.timedLast == timedLast)
      found.push_back(&k);
  }
  return found;
}

} // namespace regtile::bench

#endif // REGTILE_BENCH_MLIRKERNELS_H
