//===- FoldPaddingIntoReads.cpp - FoldPaddingIntoReadsOp ------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/FoldPaddingIntoReads.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure
regtile::transform_ops::FoldPaddingIntoReadsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  auto pad = dyn_cast<tensor::PadOp>(target);
  if (!pad)
    return refuse(*this, target,
                  "expected a tensor.pad, got '" +
                      target->getName().getStringRef().str() + "'");
  std::string reason;
  if (succeeded(regtile::foldPaddingIntoReads(rewriter, pad, reason)))
    return DiagnosedSilenceableFailure::success();
  std::string message = "cannot fold the padding into the reads: " + reason;
  if (!getSkipWithWarning())
    return refuse(*this, target, message);
  InFlightDiagnostic warning = target->emitWarning(message);
  warning.attachNote(getLoc()) << "skipped by this transform op";
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::FoldPaddingIntoReadsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}
