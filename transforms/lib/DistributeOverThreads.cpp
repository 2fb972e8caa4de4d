//===- DistributeOverThreads.cpp - DistributeOverThreadsOp ----------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/DistributeOverThreads.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace regtile::adapters;

LogicalResult regtile::transform_ops::DistributeOverThreadsOp::verify() {
  if (getStaticGrains().empty())
    return emitOpError() << "expected at least one grain";
  if (llvm::count(getStaticGrains(), ShapedType::kDynamic) !=
      static_cast<int64_t>(getGrains().size()))
    return emitOpError() << "expected one grain parameter per dynamic grain";
  for (int64_t grain : getStaticGrains())
    if (grain != ShapedType::kDynamic && grain < 0)
      return emitOpError() << "expected non-negative grains, got " << grain;
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::DistributeOverThreadsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getGrainsMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
regtile::transform_ops::DistributeOverThreadsOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

DiagnosedSilenceableFailure
regtile::transform_ops::DistributeOverThreadsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  auto tileable = dyn_cast<TilingInterface>(target);
  if (!tileable)
    return refuse(*this, target,
                  "expected an op implementing TilingInterface, got '" +
                      target->getName().getStringRef() + "'");
  regtile::DistributeOverThreadsOptions options;
  options.maxLoops = getMaxLoops();
  options.fuseProducers = getFuseProducers();
  options.threads = getThreads();
  options.minPointsPerThread = getMinPointsPerThread();
  auto params = getGrains().begin();
  for (int64_t grain : getStaticGrains()) {
    if (grain != ShapedType::kDynamic) {
      options.grains.push_back(grain);
      continue;
    }
    int64_t value;
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, *params++, "grains", value);
    if (!read.succeeded())
      return read;
    options.grains.push_back(value);
  }
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  std::string reason;
  rewriter.setInsertionPoint(target);
  FailureOr<regtile::DistributeOverThreadsResult> distributed =
      regtile::distributeOverThreads(rewriter, tileable, *info, options,
                                     reason);
  if (failed(distributed))
    return refuse(*this, target, "cannot distribute over threads: " + reason);
  results.push_back(distributed->tiled);
  results.push_back(distributed->forall);
  return DiagnosedSilenceableFailure::success();
}
