//===- PeelReductionBlock.cpp - PeelReductionBlockOp ----------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/PeelReductionBlock.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure regtile::transform_ops::PeelReductionBlockOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  int64_t block = getBlock().value_or(0);
  if (getBlockParam()) {
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, getBlockParam(), "block", block, 1);
    if (!read.succeeded())
      return read;
  }
  auto targets = llvm::to_vector(state.getPayloadOps(getTarget()));
  // Checked before any change: a refusal leaves the payload as it was.
  for (Operation *target : targets) {
    DiagnosedSilenceableFailure isLinalg = refuseUnlessLinalg(*this, target);
    if (!isLinalg.succeeded())
      return isLinalg;
  }
  SmallVector<Operation *> heads, tails;
  for (Operation *target : targets) {
    std::string reason;
    rewriter.setInsertionPoint(target);
    FailureOr<regtile::PeelReductionBlockResult> peeled =
        regtile::peelReductionBlock(rewriter, cast<linalg::LinalgOp>(target),
                                    block, reason);
    if (failed(peeled))
      return refuse(*this, target, reason);
    if (peeled->head)
      heads.push_back(peeled->head);
    tails.push_back(peeled->tail);
  }
  results.set(cast<OpResult>(getHead()), heads);
  results.set(cast<OpResult>(getTail()), tails);
  return DiagnosedSilenceableFailure::success();
}

LogicalResult regtile::transform_ops::PeelReductionBlockOp::verify() {
  if (!getBlock() && !getBlockParam())
    return emitOpError()
           << "expected `block`, as an attribute or as a parameter";
  return verifyAttrOrParam(*this, getBlock().has_value(), getBlockParam(),
                           "block");
}

void regtile::transform_ops::PeelReductionBlockOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getBlockParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}
