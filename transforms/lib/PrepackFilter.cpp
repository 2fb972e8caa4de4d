//===- PrepackFilter.cpp - PrepackFilterOp, fold_unpacked_tiles -----------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/ConvolutionBlocking.h"
#include "regtile/Patterns/DotProduct.h"
#include "regtile/Patterns/PrepackFilter.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

LogicalResult regtile::transform_ops::PrepackFilterOp::verify() {
  return verifyArch(getOperation(), getArch());
}

namespace {

/// The block of output channels for `conv`: `fixed` if given, else the
/// register tile's; fails, setting `reason`, where the dot-product unit
/// reads the filter interleaved.
FailureOr<int64_t> chooseChannels(linalg::LinalgOp conv,
                                  const regtile::TargetInfo &target,
                                  int64_t fixed, std::string &reason) {
  int64_t group = regtile::dotProductGroup(conv, target);
  if (group > 1) {
    reason = "the dot-product unit reads this filter in groups of " +
             std::to_string(group) +
             " input channels (cache_read interleaves it)";
    return failure();
  }
  if (fixed)
    return fixed;
  FailureOr<regtile::ConvolutionBlocking> blocking =
      regtile::computeConvolutionBlocking(conv, target, {}, reason);
  if (failed(blocking)) {
    reason = "no register tile: " + reason;
    return failure();
  }
  return blocking->channels;
}

} // namespace

DiagnosedSilenceableFailure regtile::transform_ops::PrepackFilterOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  int64_t fixed;
  DiagnosedSilenceableFailure read =
      readKnob(*this, state, getChannels(), "channels", fixed, 0);
  if (!read.succeeded())
    return read;
  SmallVector<Operation *> prepacks;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto conv = dyn_cast<linalg::LinalgOp>(target);
    std::string reason;
    FailureOr<int64_t> channels = failure();
    if (!conv) {
      reason = "expected a linalg op, got '" +
               target->getName().getStringRef().str() + "'";
    } else {
      FailureOr<regtile::TargetInfo> info =
          resolveTarget(getOperation(), getArch(), target);
      if (failed(info))
        return DiagnosedSilenceableFailure::definiteFailure();
      channels = chooseChannels(conv, *info, fixed, reason);
    }
    FailureOr<regtile::PrepackFilterResult> packed = failure();
    if (succeeded(channels))
      packed = regtile::prepackFilter(rewriter, conv, {*channels}, reason);
    if (succeeded(packed)) {
      prepacks.push_back(packed->prepack);
      continue;
    }
    std::string message = "cannot prepack the filter: " + reason;
    if (!getSkipWithWarning())
      return refuse(*this, target, message);
    InFlightDiagnostic warning = target->emitWarning(message);
    warning.attachNote(getLoc()) << "skipped by this transform op";
  }
  results.set(cast<OpResult>(getPrepack()), prepacks);
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::PrepackFilterOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getOperation()->getOpOperands(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

void regtile::transform_ops::ApplyFoldUnpackedTilesPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::populateFoldUnpackedTilesPatterns(patterns);
}
