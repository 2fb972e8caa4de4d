//===- DistributeLoopOverThreads.cpp - DistributeLoopOverThreadsOp --------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/DistributeLoopOverThreads.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

LogicalResult regtile::transform_ops::DistributeLoopOverThreadsOp::verify() {
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::DistributeLoopOverThreadsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
regtile::transform_ops::DistributeLoopOverThreadsOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

DiagnosedSilenceableFailure
regtile::transform_ops::DistributeLoopOverThreadsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  regtile::DistributeLoopOverThreadsOptions options;
  options.threads = getThreads();
  options.chunkIterations = getChunk();
  options.minBytesPerThread = getMinBytesPerThread();
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  regtile::DistributeLoopOverThreadsFailure diag;
  FailureOr<regtile::DistributeLoopOverThreadsResult> distributed =
      regtile::distributeLoopOverThreads(rewriter, target, *info, options,
                                         diag);
  if (failed(distributed) && diag.payloadChanged)
    return ::mlir::emitDefiniteFailure(target, "cannot distribute the loop: " +
                                                   diag.reason);
  if (failed(distributed))
    return refuse(*this, target, "cannot distribute the loop: " + diag.reason);
  results.push_back(distributed->loop);
  results.push_back(distributed->forall);
  return DiagnosedSilenceableFailure::success();
}
