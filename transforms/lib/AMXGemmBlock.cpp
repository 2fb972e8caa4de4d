//===- AMXGemmBlock.cpp - AMXGemmBlockOp ----------------------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/AMXGemm.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure regtile::transform_ops::AMXGemmBlockOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  auto targets = llvm::to_vector(state.getPayloadOps(getTarget()));
  // Checked before any change: a refusal leaves the payload as it was.
  SmallVector<std::optional<regtile::TargetInfo>> amxTargets;
  for (Operation *target : targets) {
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op && !getWhereAvailable())
      return refuseUnlessLinalg(*this, target);
    FailureOr<regtile::TargetInfo> info =
        resolveTarget(getOperation(), getArch(), target);
    if (failed(info))
      return DiagnosedSilenceableFailure::definiteFailure();
    std::string reason;
    bool yes = op && regtile::amxComputesGemm(op, *info, reason);
    if (!yes && !getWhereAvailable())
      return refuse(*this, target, reason);
    amxTargets.push_back(yes ? std::optional(*info) : std::nullopt);
  }
  SmallVector<Operation *> loops, packs, edges;
  for (auto [target, info] : llvm::zip(targets, amxTargets)) {
    if (!info) {
      edges.push_back(target);
      continue;
    }
    std::string reason;
    FailureOr<regtile::AMXGemmBlockResult> done = regtile::amxGemmBlock(
        rewriter, cast<linalg::LinalgOp>(target), *info, reason);
    if (failed(done))
      return refuse(*this, target, reason); // Checked above: not reached.
    loops.push_back(done->loop);
    packs.push_back(done->pack);
    llvm::append_range(edges, done->edges);
  }
  results.set(cast<OpResult>(getLoop()), loops);
  results.set(cast<OpResult>(getPack()), packs);
  results.set(cast<OpResult>(getEdges()), edges);
  return DiagnosedSilenceableFailure::success();
}

LogicalResult regtile::transform_ops::AMXGemmBlockOp::verify() {
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::AMXGemmBlockOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}
