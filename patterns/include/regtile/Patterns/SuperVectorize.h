//===- SuperVectorize.h - transform.regtile.super_vectorize -----*- C++ -*-===//
//
// The library's API for transform.regtile.super_vectorize.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_SUPERVECTORIZE_H
#define REGTILE_PATTERNS_SUPERVECTORIZE_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// Affine super-vectorization (seed 003) of one loop nest: the loop `root` and
// loops nested in it become vector loops over *virtual* vector sizes (any
// multiple of the native vector, e.g. vector<32x256xf32>), with upstream's
// vectorizer (affine::vectorizeAffineLoopNest) doing the rewrite. Before it,
// regtile checks what upstream does not (and would miscompile or crash on):
// dependences, strided or non-affine accesses, non-unit steps, bounds that
// depend on a vectorized induction variable, ops that cannot be widened,
// reassociation of floating-point reductions. After it, a parallel loop
// whose trip count is not a known multiple of the vector size is split into
// whole vectors and a remainder whose stores are masked to the iterations
// the scalar loop runs (upstream writes whole vectors past the loop bound),
// and accesses proven within the loop's iterations are marked in_bounds.

struct SuperVectorizeOptions {
  /// Virtual vector size per vectorized loop (outermost first). Empty: one
  /// loop, the target's native lanes for the widest element type accessed.
  llvm::SmallVector<int64_t> vectorSizes;
  /// Memref dimension (counted from the fastest varying, 0 = innermost)
  /// along which each vectorized loop must access memory (outermost loop
  /// first). Empty: [n-1, ..., 1, 0] for n vector sizes.
  llvm::SmallVector<int64_t> fastestVaryingPattern;
  /// Vectorize a loop that carries a reduction (1-D only): the loop carries
  /// a vector of partial results (whole vectors unmasked, then a masked
  /// remainder), and one vector.reduction follows the loop.
  bool vectorizeReductions = false;
  /// Reassociate floating-point add/mul reductions even without `reassoc`
  /// fastmath flags on the combiner.
  bool allowReassociation = false;
  /// Do not split a loop with a partial last vector into whole vectors and a
  /// remainder: mask its stores on every iteration (reads bounds-checked).
  bool maskPartialVectors = false;
};

struct SuperVectorizeResult {
  /// The vectorized loops, per vector dimension (outermost first): the
  /// whole-vector loops, then the remainder loops split from them.
  llvm::SmallVector<llvm::SmallVector<mlir::Operation *>> loops;
  /// The virtual vector sizes used.
  llvm::SmallVector<int64_t> vectorSizes;
};

/// Vectorizes the affine loop nest rooted at `root` (an affine.for). On
/// failure, `reason` says why and the IR is unchanged.
mlir::FailureOr<SuperVectorizeResult>
superVectorize(mlir::RewriterBase &rewriter, mlir::Operation *root,
               const TargetInfo &target, const SuperVectorizeOptions &options,
               std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_SUPERVECTORIZE_H
