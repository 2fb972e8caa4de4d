//===- PrefetchStores.h - regtile-prefetch-stores ---------------*- C++ -*-===//
//
// The library's API for regtile-prefetch-stores.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PREFETCHSTORES_H
#define REGTILE_PATTERNS_PREFETCHSTORES_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// A copy loop whose destination is not in L1 waits for each destination
// line to be read for ownership before the store can complete. Asking for
// the line early, with a prefetch for write (x86 prefetchw) a fixed number
// of bytes ahead of the store, overlaps those reads with the copy; in
// regtile's row-order unpack of seed 004's 1 MiB tensor (a working set of
// the L2's size) this is what separates a vector copy from memcpy.
//
// For a loop carrying `regtile.prefetch_stores = D : i64` (D > 0, bytes),
// every 1-D vector store in it into a strided buffer (defined outside the
// loop, or inside it: the subview of the tile an iteration writes) gets,
// just before it, one `llvm.intr.prefetch` (write, high locality, data) per
// 64-byte line of the stored vector, D bytes past the store's first byte.
// Prefetches never fault, so addresses past the buffer's end (the last D
// bytes' worth of iterations) are harmless. Runs on buffers with 1-D
// vectors (after bufferization and vector lowering); regtile-lower-to-llvm
// applies it to annotated loops.

struct StorePrefetchOptions {
  /// Bytes past each store's first byte (positive).
  int64_t distance = 0;
};

struct StorePrefetchResult {
  /// How many stores got prefetches.
  unsigned prefetched = 0;
};

/// Inserts the prefetches into `loop` (a LoopLikeOpInterface op on
/// buffers). Fails without changing the IR, and sets `reason`, if `loop` is
/// not a loop, the distance is not positive, or no store qualifies.
mlir::FailureOr<StorePrefetchResult>
insertStorePrefetches(mlir::RewriterBase &rewriter, mlir::Operation *loop,
                      const StorePrefetchOptions &options, std::string &reason);

/// Applies insertStorePrefetches to every op under `root` carrying
/// `regtile.prefetch_stores` and removes the attribute. A non-loop or a
/// distance that is not a positive integer is an error; a loop without a
/// qualifying store gets a warning.
mlir::LogicalResult applyStorePrefetches(mlir::Operation *root);

} // namespace regtile

#endif // REGTILE_PATTERNS_PREFETCHSTORES_H
