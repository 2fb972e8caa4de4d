//===- cxx_tile_copies.cpp - hand-written C++ pack/unpack tile copies -----===//
//
// The C++ baseline of the pack benchmark (clang-22 -O3 -march=native): per
// 32x32 tile, row copies (the compiler vectorizes them), and a plain
// transposing loop for the B operand. Row-major layouts; the packed layout
// is [outer0][outer1][32][32].
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstring>
#include <immintrin.h>

namespace {
constexpr int64_t T = 32;
} // namespace

extern "C" {

/// src rows x cols -> dst [ceil(rows/T)][ceil(cols/T)][T][T], padded.
void cxx_pack(const float *src, float *dst, int64_t rows, int64_t cols,
              float pad) {
  int64_t o0 = (rows + T - 1) / T, o1 = (cols + T - 1) / T;
  for (int64_t i = 0; i < o0; ++i)
    for (int64_t j = 0; j < o1; ++j) {
      float *tile = dst + (i * o1 + j) * T * T;
      for (int64_t r = 0; r < T; ++r) {
        int64_t sr = i * T + r;
        float *out = tile + r * T;
        int64_t valid = sr < rows ? (cols - j * T < T ? cols - j * T : T) : 0;
        if (valid > 0)
          std::memcpy(out, src + sr * cols + j * T, valid * sizeof(float));
        for (int64_t c = valid; c < T; ++c)
          out[c] = pad;
      }
    }
}

/// src [rows/T][cols/T][T][T] -> dst rows x cols.
void cxx_unpack(const float *src, float *dst, int64_t rows, int64_t cols) {
  int64_t o1 = cols / T;
  for (int64_t i = 0; i < rows / T; ++i)
    for (int64_t j = 0; j < o1; ++j) {
      const float *tile = src + (i * o1 + j) * T * T;
      for (int64_t r = 0; r < T; ++r)
        std::memcpy(dst + (i * T + r) * cols + j * T, tile + r * T,
                    T * sizeof(float));
    }
}

/// B operand: src rows x cols, inner_dims_pos = [1, 0],
/// outer_dims_perm = [1, 0]: dst[j][i][c][r] = src[i*T + r][j*T + c].
void cxx_pack_transposed(const float *src, float *dst, int64_t rows,
                         int64_t cols) {
  int64_t o0 = cols / T, o1 = rows / T;
  for (int64_t j = 0; j < o0; ++j)
    for (int64_t i = 0; i < o1; ++i) {
      float *tile = dst + (j * o1 + i) * T * T;
      for (int64_t c = 0; c < T; ++c)
        for (int64_t r = 0; r < T; ++r)
          tile[c * T + r] = src[(i * T + r) * cols + j * T + c];
    }
}

/// Not a pack: a sequential copy of `count` floats through vector registers
/// (count a multiple of 32), the ceiling of any register tile copy; memcpy
/// can beat it (rep movsb writes lines without reading them first).
void cxx_vector_copy(const float *src, float *dst, int64_t count) {
#if defined(__AVX512F__)
  for (int64_t i = 0; i < count; i += 32) {
    __m512 a = _mm512_loadu_ps(src + i), b = _mm512_loadu_ps(src + i + 16);
    _mm512_storeu_ps(dst + i, a);
    _mm512_storeu_ps(dst + i + 16, b);
  }
#else
  for (int64_t i = 0; i < count; i += 32)
    for (int64_t k = 0; k < 32; k += 8)
      _mm256_storeu_ps(dst + i + k, _mm256_loadu_ps(src + i + k));
#endif
}
}
