//===- CacheReduce.h - Output tiles held in registers ---------*- C++ -*-===//
//
// Keeps the output tile of a contraction-like linalg op in vector registers
// through a loop that reduces into it (seed 002's "cache reduce"):
//
//   acc[r][j] = load out[r, j*L : j*L+L]     // or splat(fill value)
//   for iv in loop:                          // the reduction loop
//     for each reduction point p of the op (its reduction dims):
//       b[j]   = load vectored input at (p, j*L)
//       a[r]   = broadcast(load broadcast input at (r, p))
//       acc[r][j] = body(a[r], b[j], acc[r][j])   // fma for mul+add
//   store acc[r][j] -> out[r, j*L : j*L+L]   // one block of stores
//
// `r` ranges over the output tile's rows (every parallel dim but the
// innermost output dim), `j` over native vectors along the innermost output
// dim. The accumulators are loop-carried native vectors: never memory.
// Partial tiles (sizes bounded by a static tile) use masked transfers for
// the vector dim and clamped rows, with guarded row stores.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_CACHEREDUCE_H
#define REGTILE_PATTERNS_CACHEREDUCE_H

#include "regtile/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

struct CacheReduceOptions {
  /// Vector registers the tile may use in all (default: the target's).
  std::optional<int64_t> maxRegisters;
  /// Registers left for the vectored input's loads and the broadcast
  /// (default: one per native vector of a row, plus one).
  std::optional<int64_t> reservedRegisters;
  /// Start the accumulators at zero and add the tile once after the loop
  /// (a block of loads, a block of adds, a block of stores) instead of
  /// loading it before the loop: the loop does not wait for the tile. Needs
  /// an additive body; for floating point it reassociates the sum, so the
  /// body's add must carry fastmath `reassoc` or `allowReassociation` be
  /// set.
  bool addAtEnd = false;
  bool allowReassociation = false;
};

struct CacheReduceResult {
  /// The reduction loop, now carrying the accumulators.
  mlir::scf::ForOp loop;
  /// Rows and native vectors per row of the register tile.
  int64_t rows = 0, vectorsPerRow = 0;
  /// Whether the tile is partial-capable (masked) rather than static.
  bool masked = false;
  /// Whether the accumulators start from a fill value (no tile load).
  bool fromFill = false;
  /// Whether the tile is added after the loop (addAtEnd).
  bool addedAtEnd = false;
};

/// Checks and rewrites as described above. `loop` must be the scf.for whose
/// body directly holds `op` and over whose iterations the op's output tile
/// does not move. Fails without changing the IR, setting `reason`, if `op`
/// is not a single-output linalg op with a projected-permutation output,
/// the loop is not a reduction loop of it, an input is not contiguous along
/// the vector dim, the body has an op that is not elementwise arith/math,
/// the tile is not statically bounded, or it does not fit the registers.
mlir::FailureOr<CacheReduceResult>
cacheReduce(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
            mlir::scf::ForOp loop, const TargetInfo &target,
            const CacheReduceOptions &options, std::string &reason);

/// Tile sizes of a GEMM-like contraction (C[M][N] += A[M][K] * B[K][N],
/// row-major) for `target`, with accumulators of `accType`:
///   - the register tile mr x nr for cache_reduce: nr = nv native vectors
///     (nv in 1, 2, 4), mr rows, maximizing FMAs per load
///     (mr*nv / (mr + nv)) within the register file, leaving nv registers
///     for the B row and one for the A broadcast (cache_reduce's default
///     reservation): 6 x 64 f32 with AVX-512 (32 registers), 6 x 16 with
///     AVX2 (16 registers);
///   - kc: the A micro-panel (mr x kc) fills three quarters of L1 (it is
///     reused across the N loop while B streams from L2), a power of two in
///     [64, 1024];
///   - nc: the B block (kc x nc) fills L2, a multiple of nr.
struct ContractionBlocking {
  int64_t mr = 0, nr = 0, kc = 0, nc = 0;
};
ContractionBlocking computeContractionBlocking(const TargetInfo &target,
                                               mlir::Type accType);

} // namespace regtile

#endif // REGTILE_PATTERNS_CACHEREDUCE_H
