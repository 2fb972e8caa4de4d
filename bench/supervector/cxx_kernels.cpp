//===- cxx_kernels.cpp - plain C++ seed-003 kernels, the compiler baseline ===//
//
// Compiled by clang-22 -O3 -march=native as <name>_o3 and, with -ffast-math,
// <name>_fastmath (SUFFIX). Plain loops, as a C++ programmer writes them.
//
//===----------------------------------------------------------------------===//

#include <cstdint>

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)

extern "C" void CAT(cxx_vector_add_2d, SUFFIX)(const float *a, const float *b,
                                               float *c, int64_t rows,
                                               int64_t cols) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      float s5 = a[i * cols + j] + b[i * cols + j];
      c[i * cols + j] = (s5 + 2.0f) + (s5 + 1.0f);
    }
}

extern "C" float CAT(cxx_vecred, SUFFIX)(const float *in, int64_t n) {
  float s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += in[i];
  return s;
}
