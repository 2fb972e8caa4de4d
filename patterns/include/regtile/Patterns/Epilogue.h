//===- Epilogue.h - Consumers computed on a register tile ------*- C++ -*-===//
//
// Which consumer of a convolution or a contraction a schedule can compute
// on the op's register tile, before the tile's one store (cache_reduce's
// epilogue): the op whose tiles the schedule's loops produce, the op fused
// into them (the convolution and contraction strategies, through
// convolution_blocking's `root` and transform.regtile.epilogue_root).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_EPILOGUE_H
#define REGTILE_PATTERNS_EPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace regtile {

/// Whether `e` is an elementwise op over the whole of `value`: a
/// linalg.generic of parallel loops only, reading `value` (once) and
/// writing its one result with identity maps over the same shape (any
/// element type: a requantization writes i8).
bool isWholeElementwiseConsumer(mlir::linalg::GenericOp e, mlir::Value value);

/// The op whose tiles a schedule should produce with `op` fused into them:
/// `op`'s elementwise consumer (a bias add, a ReLU, a GELU, a
/// requantization; see isWholeElementwiseConsumer) if it is the only user
/// of `op`'s one result, else `op` itself.
mlir::Operation *epilogueRoot(mlir::linalg::LinalgOp op);

} // namespace regtile

#endif // REGTILE_PATTERNS_EPILOGUE_H
