//===- ConvertToChannelsLast.cpp - ConvertToChannelsLastOp ----------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/ChannelsLast.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure
regtile::transform_ops::ConvertToChannelsLastOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  SmallVector<Operation *> convolutions, transposes;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    DiagnosedSilenceableFailure isLinalg = refuseUnlessLinalg(*this, target);
    if (!isLinalg.succeeded())
      return isLinalg;
    std::string reason;
    FailureOr<linalg::LinalgOp> result = regtile::convertToChannelsLast(
        rewriter, cast<linalg::LinalgOp>(target), transposes, reason);
    if (failed(result))
      return refuse(*this, target,
                    "cannot convert to channels-last: " + reason);
    convolutions.push_back(*result);
  }
  results.set(cast<OpResult>(getConvolution()), convolutions);
  results.set(cast<OpResult>(getTransposes()), transposes);
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::ConvertToChannelsLastOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}
