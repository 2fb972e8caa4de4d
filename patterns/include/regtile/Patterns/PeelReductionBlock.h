//===- PeelReductionBlock.h - A reduction's last block apart --*- C++ -*-===//
//
// A reduction blocked by `block` (a GEMM's K by kc) finishes its outputs
// only in its last block. Split there, the last block is an op of its own
// whose register tiles hold final values: an elementwise consumer can be
// fused into its tiles and computed on the accumulators before their one
// store (cache_reduce's epilogue), instead of in a pass over the output.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PEELREDUCTIONBLOCK_H
#define REGTILE_PATTERNS_PEELREDUCTIONBLOCK_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

struct PeelReductionBlockResult {
  /// The blocks before the last: the reduction's first
  /// `block * floor((extent - 1) / block)` iterations for a static extent,
  /// `max(0, extent - block)` for a dynamic one (null if the extent is
  /// known to fit in one block).
  mlir::linalg::LinalgOp head;
  /// The last block: 1 to `block` iterations for a static extent, `block`
  /// (or all, if fewer) for a dynamic one, accumulating into `head`'s
  /// result; its result replaces the op's.
  mlir::linalg::LinalgOp tail;
};

/// Splits `op`, a linalg op with one reduction loop, along it into `head`
/// and `tail` above (upstream's linalg::splitOp), marked
/// `regtile.reduction_head` / `regtile.reduction_tail` (Marks.h) for
/// schedules to find their tiles after fusion. Fails with `reason`, leaving
/// the payload unchanged, if `op` has not exactly one reduction loop, more
/// than one result, or `block` is not positive.
mlir::FailureOr<PeelReductionBlockResult>
peelReductionBlock(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
                   int64_t block, std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_PEELREDUCTIONBLOCK_H
