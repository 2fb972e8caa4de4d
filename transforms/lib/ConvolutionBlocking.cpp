//===- ConvolutionBlocking.cpp - ConvolutionBlockingOp --------------------===//

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

LogicalResult regtile::transform_ops::ConvolutionBlockingOp::verify() {
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure
regtile::transform_ops::ConvolutionBlockingOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void regtile::transform_ops::ConvolutionBlockingOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getOperation()->getOpOperands(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::onlyReadsPayload(effects);
}

DiagnosedSilenceableFailure
regtile::transform_ops::ConvolutionBlockingOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::LinalgOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  regtile::ConvolutionBlockingOptions fixed;
  for (auto [param, name, value] :
       {std::tuple<Value, StringRef, int64_t *>{getFixedRows(), "rows",
                                                &fixed.rows},
        {getFixedChannels(), "channels", &fixed.channels}}) {
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, param, name, *value);
    if (!read.succeeded())
      return read;
  }
  int64_t stage;
  DiagnosedSilenceableFailure read =
      readKnob(*this, state, getStageFilter(), "stage_filter", stage);
  if (!read.succeeded())
    return read;
  if (stage > 2)
    return emitSilenceableError()
           << "expected `stage_filter` to be 0 (derive), 1 (stage) or 2 (read "
              "in place), got "
           << stage;
  if (stage)
    fixed.stageFilter = stage == 1;
  std::string reason;
  FailureOr<regtile::ConvolutionBlocking> blocking =
      regtile::computeConvolutionBlocking(target, *info, fixed, reason);
  if (failed(blocking))
    return refuse(*this, target, "cannot block the convolution: " + reason);
  Builder b(getContext());
  results.push_back(blocking->root);
  results.push_back(b.getI64IntegerAttr(blocking->rows));
  results.push_back(b.getI64IntegerAttr(blocking->channels));
  results.push_back(b.getI64IntegerAttr(
      blocking->stageFilter ? int64_t(blocking->filterOperand) : -1));
  return DiagnosedSilenceableFailure::success();
}
