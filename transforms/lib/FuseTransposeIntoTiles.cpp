//===- FuseTransposeIntoTiles.cpp - FuseTransposeIntoTilesOp --------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/FuseTransposeIntoTiles.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure
regtile::transform_ops::FuseTransposeIntoTilesOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  SmallVector<Operation *> loops;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto transpose = dyn_cast<linalg::TransposeOp>(target);
    if (!transpose)
      return refuse(*this, target,
                    "expected a linalg.transpose, got '" +
                        target->getName().getStringRef() + "'");
    Location loc = target->getLoc(); // `target` is erased once fused
    std::string reason;
    bool fused = false;
    FailureOr<Operation *> loop =
        regtile::fuseTransposeIntoTiles(rewriter, transpose, reason, fused);
    if (failed(loop) && fused) {
      DiagnosedDefiniteFailure diag =
          emitDefiniteFailure("fused the transpose but " + reason);
      diag.attachNote(loc) << "payload op";
      return diag;
    }
    if (failed(loop))
      return refuse(*this, target, "cannot fuse the transpose: " + reason);
    loops.push_back(*loop);
  }
  results.set(cast<OpResult>(getLoops()), loops);
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::FuseTransposeIntoTilesOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  // Only reads: a fused transpose is erased, and drops out of this handle
  // and every other one (the strategy blocks the transposes left).
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}
