//===- LoopUtils.h - Values invariant in a loop nest -----------*- C++ -*-===//
//
// Tiling leaves the sizes and offsets of a tile (affine.min, affine.apply)
// inside the innermost loop even when they only depend on outer induction
// variables. The ops that restructure a loop nest (cache_read, cache_reduce)
// need them outside: these helpers tell whether a value is the same in every
// iteration of a loop and materialize it before the loop.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LOOPUTILS_H
#define REGTILE_PATTERNS_LOOPUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"

namespace regtile {

/// Whether `v` has the same value in every iteration of `loop` (any op with
/// regions): defined outside it, or by a pure, region-free op inside it
/// whose operands are invariant.
bool isLoopInvariant(mlir::Operation *loop, mlir::Value v);

/// `v` (invariant in `loop`) as a value available at the builder's
/// insertion point, which must be outside `loop`: the ops inside `loop` it
/// depends on are cloned there (once; `hoisted` records the clones).
mlir::Value hoistInvariant(mlir::OpBuilder &b, mlir::Operation *loop,
                           mlir::Value v, mlir::IRMapping &hoisted);

/// The same, for an OpFoldResult (attributes are returned as they are).
mlir::OpFoldResult hoistInvariant(mlir::OpBuilder &b, mlir::Operation *loop,
                                  mlir::OpFoldResult v,
                                  mlir::IRMapping &hoisted);

/// Moves the ops of `values`' block that compute them out of the scf.for
/// loops around that block, one loop at a time, while they are all free of
/// memory effects and depend on nothing the loop defines (work per
/// iteration of an inner loop done once per iteration of an outer one).
void hoistOutOfLoops(mlir::ValueRange values);

/// The static bound a tile's size never exceeds (it may equal it): the size
/// itself if constant, else what the value-bounds analysis derives (the
/// affine.min of a tile loop); failure where there is none.
mlir::FailureOr<int64_t> constantUpperBound(mlir::OpFoldResult size);

/// The same for dim `dim` of the shaped value `shaped`.
mlir::FailureOr<int64_t> constantUpperBound(mlir::Value shaped, int64_t dim);

} // namespace regtile

#endif // REGTILE_PATTERNS_LOOPUTILS_H
