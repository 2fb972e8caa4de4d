//===- VersionPaddedWindows.cpp - VersionPaddedWindowsOp ------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/VersionPaddedWindows.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

LogicalResult regtile::transform_ops::VersionPaddedWindowsOp::verify() {
  if (getFollow().size() != getClones().size())
    return emitOpError() << "expected one result per handle in `clones`, got "
                         << getClones().size() << " for " << getFollow().size();
  return success();
}

void regtile::transform_ops::VersionPaddedWindowsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getFollowMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
regtile::transform_ops::VersionPaddedWindowsOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  SmallVector<SmallVector<Operation *>> clones(getFollow().size());
  auto setResults = [&] {
    for (auto [result, ops] : llvm::zip(getClones(), clones))
      results.set(cast<OpResult>(result), ops);
  };
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto loop = dyn_cast<scf::ForOp>(target);
    if (!loop) {
      setResults();
      return refuse(*this, target,
                    "expected an scf.for, got '" +
                        target->getName().getStringRef().str() + "'");
    }
    std::string reason;
    FailureOr<regtile::VersionPaddedWindowsResult> result =
        regtile::versionPaddedWindows(rewriter, loop, reason);
    if (failed(result)) {
      setResults();
      return refuse(*this, target,
                    "cannot version the loop's padded windows: " + reason);
    }
    for (auto [handle, ops] : llvm::zip(getFollow(), clones))
      for (Operation *op : state.getPayloadOps(handle))
        if (Operation *clone = result->border.lookupOrNull(op))
          ops.push_back(clone);
  }
  setResults();
  return DiagnosedSilenceableFailure::success();
}
