//===- FoldWholeSlices.h - regtile.fold_whole_slices ------------*- C++ -*-===//
//
// The library's API for transform.apply_patterns.regtile.fold_whole_slices.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_FOLDWHOLESLICES_H
#define REGTILE_PATTERNS_FOLDWHOLESLICES_H

#include "mlir/IR/PatternMatch.h"

namespace regtile {

/// Folds a `tensor.extract_slice` that extracts all of its source and a
/// `tensor.insert_slice` that overwrites all of its destination (zero
/// offsets, unit strides, each size equal to the tensor's, same rank) into
/// the source (through a `tensor.cast` where the two types differ in which
/// extents are static), also where the sizes are dynamic: equal SSA values
/// or values that ValueBounds proves equal (upstream's folders only take
/// static sizes). A loop of one iteration over a dynamically sized piece leaves
/// such pairs; left, bufferization copies the piece onto itself.
void populateFoldWholeSlicesPatterns(mlir::RewritePatternSet &patterns);

/// The rewrite of those patterns on one op: replaces `op`, a
/// `tensor.extract_slice` or `tensor.insert_slice` covering its whole
/// tensor, by its source; fails (no change) otherwise.
mlir::LogicalResult foldWholeSlice(mlir::RewriterBase &rewriter,
                                   mlir::Operation *op);

} // namespace regtile

#endif // REGTILE_PATTERNS_FOLDWHOLESLICES_H
