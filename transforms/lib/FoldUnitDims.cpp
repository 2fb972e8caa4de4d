//===- FoldUnitDims.cpp - ApplyFoldUnitDimsPatternsOp ---------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/Patterns.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace regtile::adapters;

void regtile::transform_ops::ApplyFoldUnitDimsPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::populateFoldUnitDimsPatterns(patterns);
}
