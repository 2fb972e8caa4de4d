//===- DotProductGroup.cpp - DotProductGroupOp ----------------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/DotProduct.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure
regtile::transform_ops::DotProductGroupOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  DiagnosedSilenceableFailure isLinalg = refuseUnlessLinalg(*this, target);
  if (!isLinalg.succeeded())
    return isLinalg;
  auto op = cast<linalg::LinalgOp>(target);
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  int64_t group = regtile::dotProductGroup(op, *info);
  if (group == 1 && getUntiledIfOne())
    group = 0;
  results.push_back(Builder(getContext()).getI64IntegerAttr(group));
  return DiagnosedSilenceableFailure::success();
}

LogicalResult regtile::transform_ops::DotProductGroupOp::verify() {
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::DotProductGroupOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::onlyReadsPayload(effects);
}
