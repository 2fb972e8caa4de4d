//===- ContractionBlocking.cpp - ContractionBlockingOp --------------------===//

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

LogicalResult regtile::transform_ops::ContractionBlockingOp::verify() {
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure
regtile::transform_ops::ContractionBlockingOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void regtile::transform_ops::ContractionBlockingOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getOperation()->getOpOperands(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::onlyReadsPayload(effects);
}

DiagnosedSilenceableFailure
regtile::transform_ops::ContractionBlockingOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::LinalgOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  regtile::ContractionBlockingOptions fixed;
  for (auto [param, name, value] :
       {std::tuple<Value, StringRef, int64_t *>{getFixedMr(), "mr", &fixed.mr},
        {getFixedNr(), "nr", &fixed.nr},
        {getFixedKc(), "kc", &fixed.kc},
        {getFixedNc(), "nc", &fixed.nc}}) {
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, param, name, *value);
    if (!read.succeeded())
      return read;
  }
  std::string reason;
  FailureOr<regtile::ContractionBlocking> blocking =
      regtile::computeContractionBlocking(target, *info, fixed, reason);
  if (failed(blocking))
    return refuse(*this, target, "invalid blocking: " + reason);
  Builder b(getContext());
  for (int64_t v : {blocking->mr, blocking->nr, blocking->kc, blocking->nc})
    results.push_back(b.getI64IntegerAttr(v));
  return DiagnosedSilenceableFailure::success();
}
