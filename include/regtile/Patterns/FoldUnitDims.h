//===- FoldUnitDims.h - Remove unit dimensions in one pattern set -*- C++
//-*-===//
//
// One pattern set that removes unit dimensions from linalg ops (named and
// generic), tensor/memref slices and reshapes, and vector transfer,
// elementwise, broadcast, reduction and contraction ops, so that code tiled
// by 1 vectorizes to rank-1 native vectors.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_FOLDUNITDIMS_H
#define REGTILE_PATTERNS_FOLDUNITDIMS_H

#include "mlir/IR/PatternMatch.h"

namespace regtile {

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
