//===- SuperVectorizeInternals.h - super_vectorize parts --------*- C++ -*-===//
//
// What the parts of super_vectorize share (not an API): the checks of the
// nest and the choice of its loops (SuperVectorizeAnalysis.cpp), used by
// the rewrite around upstream's vectorizer (SuperVectorize.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LIB_SUPERVECTORIZEINTERNALS_H
#define REGTILE_PATTERNS_LIB_SUPERVECTORIZEINTERNALS_H

#include "regtile/Patterns/SuperVectorize.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"

#include <string>
#include <vector>

namespace regtile::super_vectorize {

using namespace mlir;
using namespace mlir::affine;

/// The loops chosen for vectorization, level by level (level k is vector
/// dimension k), in the shape vectorizeAffineLoopNest takes.
using LoopLevels = std::vector<SmallVector<AffineForOp, 2>>;

/// `op`'s name, quoted, for reasons.
std::string describe(Operation *op);

/// Integer ops whose padded lanes (past the loop bound) could trap.
bool isTrappingIntegerOp(Operation *op);

/// Checks that every op of the nest is one upstream's vectorizer widens
/// correctly: affine loops, loads, stores, applies and yields, constants, and
/// elementwise-mappable ops on scalars.
LogicalResult checkNestOps(AffineForOp root, std::string &reason);

/// Checks that the bounds of every loop strictly inside `root` are defined
/// outside the vectorized loops (upstream keeps the scalar bound operands).
LogicalResult checkNestedBounds(AffineForOp root, std::string &reason);

/// Fills in the defaults of `opts` (vector sizes: the target's lanes for the
/// nest's widest element type; the pattern: innermost loops fastest) and
/// checks them.
LogicalResult resolveSizes(AffineForOp root, const TargetInfo &target,
                           SuperVectorizeOptions &opts,
                           SmallVector<int64_t> &pattern, std::string &reason);

/// Chooses the loops of each vector dimension: `root` for the first; for
/// each next one, the outermost loops nested in a chosen loop of the
/// previous level that pass checkVectorLoop.
FailureOr<LoopLevels> selectLoops(AffineForOp root,
                                  const SuperVectorizeOptions &options,
                                  ArrayRef<int64_t> pattern,
                                  ReductionLoopMap &reductions,
                                  std::string &reason);

/// Partial vectors: padded lanes run ops the scalar loop never ran; refuses
/// a nest where they could divide by zero.
LogicalResult checkPaddedLanes(AffineForOp root, const LoopLevels &levels,
                               ArrayRef<int64_t> sizes, std::string &reason);

/// True if the loop's trip count is a known multiple of `size`.
bool tripCountIsMultiple(AffineForOp loop, int64_t size);

} // namespace regtile::super_vectorize

#endif // REGTILE_PATTERNS_LIB_SUPERVECTORIZEINTERNALS_H
