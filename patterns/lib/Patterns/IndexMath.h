//===- IndexMath.h - Index arithmetic for the thread splits -----*- C++ -*-===//
//
// Unsigned index arithmetic at a builder's insertion point, folded where
// the operands are constants (distribute_over_threads and
// distribute_loop_over_threads size their pieces with it).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_INDEXMATH_H
#define REGTILE_PATTERNS_INDEXMATH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace regtile {

struct IndexMath {
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::Value c(int64_t v) {
    return mlir::arith::ConstantIndexOp::create(b, loc, v);
  }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::AddIOp>(loc, x, y);
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::SubIOp>(loc, x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::MulIOp>(loc, x, y);
  }
  mlir::Value div(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::DivUIOp>(loc, x, y);
  }
  mlir::Value ceilDiv(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::CeilDivUIOp>(loc, x, y);
  }
  mlir::Value min(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::MinUIOp>(loc, x, y);
  }
  mlir::Value max(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::MaxUIOp>(loc, x, y);
  }
  mlir::Value smax(mlir::Value x, mlir::Value y) {
    return b.createOrFold<mlir::arith::MaxSIOp>(loc, x, y);
  }
  /// Iterations of an scf.for with these bounds (0 for an empty one).
  mlir::Value trips(mlir::Value lb, mlir::Value ub, mlir::Value step) {
    return ceilDiv(sub(smax(ub, lb), lb), step);
  }
};

} // namespace regtile

#endif // REGTILE_PATTERNS_INDEXMATH_H
