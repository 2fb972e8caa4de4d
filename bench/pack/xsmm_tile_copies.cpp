//===- xsmm_tile_copies.cpp - libxsmm per-tile pack/unpack (the peer) -----===//
//
// What tpp-mlir calls for pack/unpack: one libxsmm JIT kernel per 32x32 tile
// (matrix copy, or transpose for the B operand), dispatched once per shape.
// libxsmm is column-major: a row-major R x C block is C x R for it, with
// the row stride as leading dimension. Built only when libxsmm is installed
// (scripts/setup.sh --bench); libxsmm 1.17's meltw copy is not available for
// F32 on these CPUs (shared/notes/peers.md), mcopy and trans are.
//
//===----------------------------------------------------------------------===//

#include <libxsmm.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <utility>

namespace {
constexpr int64_t T = 32;

libxsmm_xmcopyfunction copyKernel(unsigned rowLen, unsigned rows, unsigned ldi,
                                  unsigned ldo) {
  static std::map<
      std::pair<std::pair<unsigned, unsigned>, std::pair<unsigned, unsigned>>,
      libxsmm_xmcopyfunction>
      cache;
  auto key =
      std::make_pair(std::make_pair(rowLen, rows), std::make_pair(ldi, ldo));
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  libxsmm_descriptor_blob blob;
  const libxsmm_mcopy_descriptor *desc =
      libxsmm_mcopy_descriptor_init(&blob, sizeof(float), rowLen, rows, ldo,
                                    ldi, LIBXSMM_MATCOPY_FLAG_DEFAULT,
                                    /*prefetch=*/0, /*unroll=*/nullptr);
  libxsmm_xmcopyfunction f = libxsmm_dispatch_mcopy(desc);
  cache[key] = f;
  return f;
}

libxsmm_xtransfunction transKernel(unsigned m, unsigned n, unsigned ldo) {
  libxsmm_descriptor_blob blob;
  const libxsmm_trans_descriptor *desc =
      libxsmm_trans_descriptor_init(&blob, sizeof(float), m, n, ldo);
  return libxsmm_dispatch_trans(desc);
}
} // namespace

extern "C" {

/// Same layout as cxx_pack: rows x cols -> [ceil(rows/T)][ceil(cols/T)][T][T]
/// padded with `pad` (edge tiles: filled, then their valid part copied).
/// Returns false if libxsmm could not JIT a kernel.
bool xsmm_pack(const float *src, float *dst, int64_t rows, int64_t cols,
               float pad) {
  int64_t o0 = (rows + T - 1) / T, o1 = (cols + T - 1) / T;
  for (int64_t i = 0; i < o0; ++i)
    for (int64_t j = 0; j < o1; ++j) {
      float *tile = dst + (i * o1 + j) * T * T;
      unsigned vr = unsigned(rows - i * T < T ? rows - i * T : T);
      unsigned vc = unsigned(cols - j * T < T ? cols - j * T : T);
      if (vr < T || vc < T)
        for (int64_t e = 0; e < T * T; ++e)
          tile[e] = pad;
      unsigned ldi = unsigned(cols), ldo = unsigned(T);
      libxsmm_xmcopyfunction f = copyKernel(vc, vr, ldi, ldo);
      if (!f)
        return false;
      f(src + i * T * cols + j * T, &ldi, tile, &ldo);
    }
  return true;
}

bool xsmm_unpack(const float *src, float *dst, int64_t rows, int64_t cols) {
  int64_t o1 = cols / T;
  unsigned ldi = unsigned(T), ldo = unsigned(cols);
  libxsmm_xmcopyfunction f = copyKernel(T, T, ldi, ldo);
  if (!f)
    return false;
  for (int64_t i = 0; i < rows / T; ++i)
    for (int64_t j = 0; j < o1; ++j)
      f(src + (i * o1 + j) * T * T, &ldi, dst + i * T * cols + j * T, &ldo);
  return true;
}

/// B operand: dst[j][i][c][r] = src[i*T + r][j*T + c].
bool xsmm_pack_transposed(const float *src, float *dst, int64_t rows,
                          int64_t cols) {
  int64_t o0 = cols / T, o1 = rows / T;
  static libxsmm_xtransfunction f = transKernel(T, T, T);
  if (!f)
    return false;
  unsigned ldi = unsigned(cols), ldo = unsigned(T);
  for (int64_t j = 0; j < o0; ++j)
    for (int64_t i = 0; i < o1; ++i)
      f(src + i * T * cols + j * T, &ldi, dst + (j * o1 + i) * T * T, &ldo);
  return true;
}
}
