//===- CacheRead.h - transform.regtile.cache_read ---------------*- C++ -*-===//
//
// The library's API for transform.regtile.cache_read.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_CACHEREAD_H
#define REGTILE_PATTERNS_CACHEREAD_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// Stages what one iteration of a loop reads of an input of a tiled linalg op
// into a cache buffer, in the layout the op's inner loops consume it (seed
// 002's "cache copy", the packing of a GEMM):
//
//   %cache = tensor.empty                  // once, outside the loop nest
//   scf.for ... {                          // the chosen loop
//     %fp = <the operand's footprint in this iteration>
//     %c = linalg.pack %fp into %cache     // lowered to register tile copies
//     scf.for %t = ... step T {            // the inner loops (tiling)
//       ... op(ins(extract_slice %c[%t / T, ...]), ...)
//
// The footprint is the slice of the operand that the chosen loop's body
// holds (what tiling extracted at that level); each of its dims that an
// inner loop tiles (offset = that loop's IV, extent at most its step)
// becomes a tile dim of the cache: the cache holds the tiles in the inner
// loops' order, each tile contiguous (micro-panels: with a unit-step loop
// over K inside, a row of B's panel is NR contiguous elements and a column
// of A's panel is MR contiguous scalars). Partial tiles are zero-padded, so
// the op reads whole tiles from the cache.

struct CacheReadOptions {
  /// The DPS input of the op to stage.
  unsigned operand = 0;
  /// Pack the cache into the inner loops' tiles (micro-panels). Without it
  /// the cache is a dense copy of the footprint in its own layout.
  bool packed = true;
  /// Mark the copy `regtile.fill_on_first_use`: after bufferization, it
  /// runs row by row in the first iteration of the loop that reads the
  /// cache (see regtile-fill-on-first-use), when that loop reads the same
  /// cache elements in every iteration (the op's access to the operand does
  /// not depend on that loop) and each loop inside it tiles the operand
  /// (loops that run once left out). Fails if there is no loop between, or
  /// they are not so; does not mark when none runs more than once.
  bool fillOnFirstUse = false;
  /// With fillOnFirstUse: where the loops do not allow it, fill the cache
  /// before them (unmarked) instead of failing. For strategies whose loop
  /// nests differ with the shape (a convolution's row tiles span one image
  /// row or several).
  bool fillOnFirstUseIfAble = false;
  /// Packed, two tiled dims: store each tile with the dim of the innermost
  /// inner loop innermost (K-interleaved micro-panels: B's [g][NR] tiles of
  /// a K loop stepping by g are stored [NR][g], g consecutive K values of a
  /// column in one 32-bit lane, as vpdpbusd (g = 4) and vdpbf16ps (g = 2)
  /// read them). The op then reads its tile through a transposed indexing
  /// map: it must be a linalg.generic, matmul, batch_matmul or contract.
  /// Nothing changes when that loop steps by 1 (the layouts are the same
  /// bytes). An interleaved cache is not marked fill_on_first_use (its
  /// reader's collapsed view is not followed by that pass yet): it is
  /// filled before the inner loops.
  bool interleave = false;
  /// Stage nothing, leaving the IR as it is, when the footprint is already
  /// stored as the cache would hold it (a row-major B one micro-panel wide:
  /// the copy would move the same bytes to another place).
  bool unlessLaidOut = false;
};

struct CacheReadResult {
  /// The copy into the cache: the outermost loop of the register tile
  /// copies (or the linalg.pack if it could not be lowered).
  mlir::Operation *copy = nullptr;
  /// The cache buffer (a tensor.empty outside the loop nest).
  mlir::Operation *cache = nullptr;
  /// Both are null when nothing was staged (options.unlessLaidOut).
};

/// Stages input `options.operand` of `op` at `loop` (an scf.for enclosing
/// `op`, through scf.for loops only). Fails without changing the IR, setting
/// `reason`, if the operand index is not an input, the op is not on tensors
/// or not inside the loop, the operand is not a chain of unit-stride,
/// non-rank-reducing slices of a value available in the loop's body, a dim
/// is tiled by several inner loops or at a nonzero offset, the footprint
/// has no static bound, or the packed layout would transpose the operand.
mlir::FailureOr<CacheReadResult>
cacheRead(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
          mlir::scf::ForOp loop, const TargetInfo &target,
          const CacheReadOptions &options, std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_CACHEREAD_H
