//===- TargetInfo.cpp - TargetInfoOp --------------------------------------===//

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

DiagnosedSilenceableFailure regtile::transform_ops::TargetInfoOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  Builder b(getContext());
  Type elementType =
      getElementType().has_value() ? *getElementType() : b.getF32Type();
  results.push_back(b.getI64IntegerAttr(info->simdBits));
  results.push_back(b.getI64IntegerAttr(info->numVectorRegisters));
  results.push_back(b.getI64IntegerAttr(info->lanes(elementType)));
  return DiagnosedSilenceableFailure::success();
}

LogicalResult regtile::transform_ops::TargetInfoOp::verify() {
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::TargetInfoOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getScopeMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::onlyReadsPayload(effects);
}
