//===- CacheRead.cpp - CacheReadOp ----------------------------------------===//

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

LogicalResult regtile::transform_ops::CacheReadOp::verify() {
  if (getOperand().has_value() == static_cast<bool>(getOperandParam()))
    return emitOpError() << "expected the input to stage as `operand` (an "
                            "attribute) or `operand = %param`, exactly one";
  if (getFillOnFirstUse() && getFillOnFirstUseIfAble())
    return emitOpError() << "expected `fill_on_first_use` or "
                            "`fill_on_first_use_if_able`, not both";
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::CacheReadOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getOperation()->getOpOperands(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure regtile::transform_ops::CacheReadOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  regtile::CacheReadOptions options;
  int64_t operand = getOperand().value_or(0);
  if (!getOperand()) {
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, getOperandParam(), "operand", operand, -1);
    if (!read.succeeded())
      return read;
  }
  if (operand < 0) {
    // Nothing to stage (e.g. a filter the micro-kernel reads in place).
    results.set(cast<OpResult>(getCopy()), {});
    results.set(cast<OpResult>(getCache()), {});
    return DiagnosedSilenceableFailure::success();
  }
  options.operand = operand;
  options.packed = !getDense();
  options.fillOnFirstUse = getFillOnFirstUse() || getFillOnFirstUseIfAble();
  options.fillOnFirstUseIfAble = getFillOnFirstUseIfAble();
  options.interleave = getInterleave();
  options.unlessLaidOut = getUnlessLaidOut();
  SmallVector<Operation *> copies, caches;
  DiagnosedSilenceableFailure status = applyToOpLoopPairs(
      *this, state, getTarget(), getLoop(), getArch(),
      "cannot stage the operand",
      [&](linalg::LinalgOp op, scf::ForOp loop,
          const regtile::TargetInfo &target, std::string &reason) {
        FailureOr<regtile::CacheReadResult> result =
            regtile::cacheRead(rewriter, op, loop, target, options, reason);
        if (failed(result))
          return failure();
        if (result->copy) {
          copies.push_back(result->copy);
          caches.push_back(result->cache);
        }
        return success();
      });
  results.set(cast<OpResult>(getCopy()), copies);
  results.set(cast<OpResult>(getCache()), caches);
  return status;
}
