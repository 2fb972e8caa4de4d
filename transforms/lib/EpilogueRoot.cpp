//===- EpilogueRoot.cpp - EpilogueRootOp ----------------------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/Epilogue.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure regtile::transform_ops::EpilogueRootOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  DiagnosedSilenceableFailure isLinalg = refuseUnlessLinalg(*this, target);
  if (!isLinalg.succeeded())
    return isLinalg;
  results.push_back(regtile::epilogueRoot(cast<linalg::LinalgOp>(target)));
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::EpilogueRootOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::onlyReadsPayload(effects);
}
