//===- CacheReduce.h --------------------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.cache_reduce
// (its blocking choices are in Blocking.h).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_CACHEREDUCE_H
#define REGTILE_PATTERNS_CACHEREDUCE_H

#include "regtile/Patterns/Blocking.h"
#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

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
// A linalg.fill that reaches the tile through the loops tiling wrapped
// around the reduction loop gives the initial accumulators at the first
// iteration of every loop that revisits the tile (a cache block loop over
// K; `scf.if`, the tile is loaded only after it), and is removed when the
// tile stores of those first iterations overwrite all of it.

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
  /// Mark the innermost loop that carries the accumulators (the loop, or
  /// the innermost loop of the nest over the op's reduction points inside
  /// it) `regtile.prefetch_ahead = N` (see regtile-prefetch-ahead: what its
  /// iterations stream, such as the packed panel of a GEMM micro-kernel, is
  /// prefetched N iterations ahead); 0: no mark. Default: derived from the
  /// target, defaultPrefetchAhead with one FMA per accumulator.
  std::optional<int64_t> prefetchAhead;
  /// Also mark that loop `regtile.prefetch_streams_ahead = N` (N from
  /// defaultStreamPrefetchAhead): the scalar streams it reads (the
  /// broadcast elements of a GEMM's A rows), which move by less than a
  /// cache line per iteration, are prefetched N iterations ahead. For
  /// schedules in which those rows come from memory: each A sliver serves
  /// few tiles.
  bool prefetchStreams = false;
  /// Also mark that loop `regtile.prefetch_streams_next`: what its scalar
  /// streams will read in the next iteration of the innermost enclosing
  /// loop that moves them (the next row tile's A sliver) is prefetched
  /// into L2, once per cache line, spread over the loop: the sliver is in
  /// L2 when its tile starts, however far its memory is.
  bool prefetchNextStreams = false;
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
  /// Whether a fill that initialized the output through enclosing loops
  /// was removed (the tile stores overwrite all of it first).
  bool fillBypassed = false;
  /// The regtile.prefetch_ahead mark of the innermost loop that carries
  /// the accumulators (0: none).
  int64_t prefetchAhead = 0;
  /// Its regtile.prefetch_streams_ahead mark (0: none).
  int64_t prefetchStreamsAhead = 0;
  /// Whether it has the regtile.prefetch_streams_next mark.
  bool prefetchNextStreams = false;
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

} // namespace regtile

#endif // REGTILE_PATTERNS_CACHEREDUCE_H
