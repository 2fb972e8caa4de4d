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
  auto op = dyn_cast<linalg::LinalgOp>(target);
  if (!op)
    return emitSilenceableError()
           << "expected a linalg op, got '" << target->getName() << "'";
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(
      Builder(getContext())
          .getI64IntegerAttr(regtile::dotProductGroup(op, *info)));
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
