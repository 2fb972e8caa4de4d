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
  // Three-way choices: 0 derive, 1 yes, 2 no.
  for (auto [param, name, meaning, choice] :
       {std::tuple<Value, StringRef, StringRef, std::optional<bool> *>{
            getStageFilter(), "stage_filter", "1 (stage) or 2 (read in place)",
            &fixed.stageFilter},
        {getFixedChannelsInnermost(), "channels_innermost",
         "1 (innermost) or 2 (outermost)", &fixed.channelsInnermost}}) {
    int64_t value;
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, param, name, value);
    if (!read.succeeded())
      return read;
    if (value > 2)
      return emitSilenceableError()
             << "expected `" << name << "` to be 0 (derive), " << meaning
             << ", got " << value;
    if (value)
      *choice = value == 1;
  }
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
  results.push_back(b.getI64IntegerAttr(blocking->channelsInnermost));
  if (getPassChannels())
    results.push_back(b.getI64IntegerAttr(blocking->passChannels));
  return DiagnosedSilenceableFailure::success();
}
