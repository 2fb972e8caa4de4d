//===- RegtileTransformOps.h - regtile Transform dialect ops ----*- C++ -*-===//

#ifndef REGTILE_TRANSFORMOPS_REGTILETRANSFORMOPS_H
#define REGTILE_TRANSFORMOPS_REGTILETRANSFORMOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#define GET_OP_CLASSES
#include "regtile/TransformOps/RegtileTransformOps.h.inc"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace regtile {
/// Register the regtile Transform dialect extension.
void registerTransformDialectExtension(mlir::DialectRegistry &registry);
} // namespace regtile

#endif // REGTILE_TRANSFORMOPS_REGTILETRANSFORMOPS_H
