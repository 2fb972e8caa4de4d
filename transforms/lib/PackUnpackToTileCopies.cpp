//===- PackUnpackToTileCopies.cpp - PackUnpackToTileCopiesOp --------------===//

#include "AdapterUtils.h"

#include "regtile/Patterns/Patterns.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace regtile::adapters;

LogicalResult regtile::transform_ops::PackUnpackToTileCopiesOp::verify() {
  if (failed(verifyAttrOrParam(*this, getMaxRegisters().has_value(),
                               getMaxRegistersParam(), "max_registers")) ||
      failed(verifyAttrOrParam(*this, getTilesPerGroup().has_value(),
                               getTilesPerGroupParam(), "tiles_per_group")))
    return failure();
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure
regtile::transform_ops::PackUnpackToTileCopiesOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void regtile::transform_ops::PackUnpackToTileCopiesOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getMaxRegistersParamMutable(), effects);
  transform::onlyReadsHandle(getTilesPerGroupParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
regtile::transform_ops::PackUnpackToTileCopiesOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  regtile::TileCopyOptions options;
  DiagnosedSilenceableFailure read =
      readAttrOrKnob(*this, state, getMaxRegisters(), getMaxRegistersParam(),
                     "max_registers", options.maxRegisters);
  if (!read.succeeded())
    return read;
  read =
      readAttrOrKnob(*this, state, getTilesPerGroup(), getTilesPerGroupParam(),
                     "tiles_per_group", options.tilesPerGroup);
  if (!read.succeeded())
    return read;
  std::string reason;
  FailureOr<regtile::TileCopyResult> result =
      regtile::packUnpackToTileCopies(rewriter, target, *info, options, reason);
  if (failed(result))
    return refuse(*this, target, "cannot rewrite into tile copies: " + reason);
  results.push_back(result->loops.front());
  return DiagnosedSilenceableFailure::success();
}

void regtile::transform_ops::ApplyPackUnpackToTileCopiesPatternsOp::
    populatePatterns(RewritePatternSet &patterns) {
  regtile::populatePackUnpackToTileCopiesPatterns(patterns);
}
