//===- cxx_kernels.cpp - plain C++ row sums, the compiler baseline --------===//
//
// Compiled twice by clang-22 -O3 -march=native, as <name>_o3 and, with
// -ffast-math, <name>_fastmath (SUFFIX). Plain loops: what a C++ programmer
// writes and the compiler vectorizes on its own.
//
//===----------------------------------------------------------------------===//

#include <cstdint>

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)

extern "C" void CAT(cxx_sum_i8, SUFFIX)(const int8_t *a, int32_t *out,
                                        int64_t rows, int64_t cols) {
  for (int64_t i = 0; i < rows; ++i) {
    int32_t s = 0;
    for (int64_t j = 0; j < cols; ++j)
      s += a[i * cols + j];
    out[i] = s;
  }
}

extern "C" void CAT(cxx_sum_f32, SUFFIX)(const float *a, float *out,
                                         int64_t rows, int64_t cols) {
  for (int64_t i = 0; i < rows; ++i) {
    float s = 0;
    for (int64_t j = 0; j < cols; ++j)
      s += a[i * cols + j];
    out[i] = s;
  }
}
