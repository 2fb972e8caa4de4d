//===- ConvertPointwiseToMatmul.cpp - ConvertPointwiseToMatmulOp ----------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/PointwiseToMatmul.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure
regtile::transform_ops::ConvertPointwiseToMatmulOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  SmallVector<Operation *> matmuls;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    DiagnosedSilenceableFailure isLinalg = refuseUnlessLinalg(*this, target);
    if (!isLinalg.succeeded())
      return isLinalg;
    FailureOr<regtile::TargetInfo> info =
        resolveTarget(getOperation(), getArch(), target);
    if (failed(info))
      return DiagnosedSilenceableFailure::definiteFailure();
    auto op = cast<linalg::LinalgOp>(target);
    unsigned lanes = info->lanes(
        getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType()));
    std::string reason;
    FailureOr<regtile::PointwiseToMatmulResult> result =
        regtile::convertPointwiseToMatmul(rewriter, op, lanes, reason);
    if (failed(result))
      return refuse(*this, target, "cannot convert to a GEMM: " + reason);
    matmuls.push_back(result->matmul);
  }
  results.set(cast<OpResult>(getMatmul()), matmuls);
  return DiagnosedSilenceableFailure::success();
}

LogicalResult regtile::transform_ops::ConvertPointwiseToMatmulOp::verify() {
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::ConvertPointwiseToMatmulOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}
