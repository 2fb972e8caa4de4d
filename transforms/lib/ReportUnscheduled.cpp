//===- ReportUnscheduled.cpp - ReportUnscheduledOp ------------------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/Unscheduled.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;
using namespace regtile::adapters;

DiagnosedSilenceableFailure
regtile::transform_ops::ReportUnscheduledOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  for (Attribute name : getKinds()) {
    StringRef kindName = cast<StringAttr>(name).getValue();
    regtile::ComputeKind kind = *regtile::parseComputeKind(kindName);
    for (const regtile::UnscheduledOp &left :
         regtile::findUnscheduled(target, kind, *info))
      left.op->emitWarning() << "regtile: this " << kindName
                             << " is not scheduled: " << left.reason;
  }
  return DiagnosedSilenceableFailure::success();
}

LogicalResult regtile::transform_ops::ReportUnscheduledOp::verify() {
  if (getKinds().empty())
    return emitOpError() << "expected at least one kind ("
                         << regtile::computeKindNames() << ")";
  for (Attribute name : getKinds())
    if (!regtile::parseComputeKind(cast<StringAttr>(name).getValue()))
      return emitOpError() << "unknown kind " << name << ": expected one of "
                           << regtile::computeKindNames();
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::ReportUnscheduledOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsPayload(effects);
}
