//===- SkipPaddedTaps.cpp - SkipPaddedTapsOp ------------------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/SkipPaddedTaps.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure
regtile::transform_ops::SkipPaddedTapsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  auto loop = dyn_cast<scf::ForOp>(target);
  if (!loop)
    return refuse(*this, target,
                  "expected an scf.for, got '" +
                      target->getName().getStringRef().str() + "'");
  regtile::SkipPaddedTapsOptions options;
  options.assumeFinite = getAssumeFinite();
  std::string reason;
  if (failed(regtile::skipPaddedTaps(rewriter, loop, options, reason)))
    return refuse(*this, target, reason);
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::SkipPaddedTapsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}
