//===- FoldUnitDims.h -------------------------------------------*- C++ -*-===//
//
// The library's API for transform.apply_patterns.regtile.fold_unit_dims.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_FOLDUNITDIMS_H
#define REGTILE_PATTERNS_FOLDUNITDIMS_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// One pattern set that removes unit dimensions from linalg ops (named and
// generic), tensor/memref slices and reshapes, and vector transfer,
// elementwise, broadcast, reduction and contraction ops, so that code tiled
// by 1 vectorizes to rank-1 native vectors.

/// Populate `patterns` with regtile's unit-dimension folding patterns. They
/// never change results; they only change ranks. Safe to apply with the
/// greedy driver together with canonicalization.
void populateFoldUnitDimsPatterns(mlir::RewritePatternSet &patterns);

/// The transfer-level subset of the set above: drop in-bounds unit vector
/// dims of vector.transfer_read/write (any position, tensors and memrefs), and
/// access through a rank-reduced tensor.extract_slice / memref.subview when
/// the permutation map skips inner source dims. Also used by the lowering
/// pipeline, where it turns such transfers into contiguous vector accesses.
void populateTransferUnitDimPatterns(mlir::RewritePatternSet &patterns);

} // namespace regtile

#endif // REGTILE_PATTERNS_FOLDUNITDIMS_H
