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
  auto op = dyn_cast<linalg::LinalgOp>(target);
  if (!op)
    return refuse(*this, target,
                  "expected a linalg op, got '" +
                      target->getName().getStringRef().str() + "'");
  results.push_back(regtile::epilogueRoot(op));
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::EpilogueRootOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::onlyReadsPayload(effects);
}
