//===- ReduceToVectorAccumulator.cpp - ReduceToVectorAccumulatorOp --------===//

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

LogicalResult regtile::transform_ops::ReduceToVectorAccumulatorOp::verify() {
  if (failed(verifyAttrOrParam(*this, getAccumulators().has_value(),
                               getAccumulatorsParam(), "accumulators")) ||
      failed(verifyAttrOrParam(*this, getRows().has_value(), getRowsParam(),
                               "rows")))
    return failure();
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure
regtile::transform_ops::ReduceToVectorAccumulatorOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void regtile::transform_ops::ReduceToVectorAccumulatorOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getAccumulatorsParamMutable(), effects);
  transform::onlyReadsHandle(getRowsParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
regtile::transform_ops::ReduceToVectorAccumulatorOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(target);
  if (!linalgOp)
    return refuse(*this, target,
                  "expected a linalg structured op, got '" +
                      target->getName().getStringRef() + "'");
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  regtile::VectorAccumulatorOptions options;
  DiagnosedSilenceableFailure read =
      readAttrOrKnob(*this, state, getAccumulators(), getAccumulatorsParam(),
                     "accumulators", options.accumulators);
  if (read.succeeded())
    read = readAttrOrKnob(*this, state, getRows(), getRowsParam(), "rows",
                          options.rows);
  if (!read.succeeded())
    return read;
  options.allowReassociation = getAllowReassociation();
  std::string reason;
  FailureOr<regtile::VectorAccumulatorResult> result =
      regtile::reduceToVectorAccumulator(rewriter, linalgOp, *info, options,
                                         reason);
  if (failed(result))
    return refuse(*this, target,
                  "cannot reduce to a vector accumulator: " + reason);
  results.push_back(result->reductionLoop);
  results.push_back(result->finalReduction);
  return DiagnosedSilenceableFailure::success();
}
