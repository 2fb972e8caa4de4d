//===- CacheReduce.cpp - CacheReduceOp ------------------------------------===//

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

LogicalResult regtile::transform_ops::CacheReduceOp::verify() {
  if (failed(verifyAttrOrParam(*this, getPrefetchAhead().has_value(),
                               getPrefetchAheadParam(), "prefetch_ahead")))
    return failure();
  return verifyArch(getOperation(), getArch());
}

void regtile::transform_ops::CacheReduceOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::consumesHandle(getLoopMutable(), effects);
  transform::onlyReadsHandle(getPrefetchAheadParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure regtile::transform_ops::CacheReduceOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  regtile::CacheReduceOptions options;
  if (getMaxRegisters())
    options.maxRegisters = *getMaxRegisters();
  if (getReservedRegisters())
    options.reservedRegisters = *getReservedRegisters();
  options.addAtEnd = getAddAtEnd();
  options.allowReassociation = getAllowReassociation();
  options.prefetchStreams = getPrefetchStreams();
  options.prefetchNextStreams = getPrefetchNextStreams();
  if (getPrefetchAhead())
    options.prefetchAhead = *getPrefetchAhead();
  if (getPrefetchAheadParam()) {
    // A tuning knob: N >= 0 as the attribute, -1 for the default.
    int64_t distance;
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, getPrefetchAheadParam(), "prefetch_ahead",
                 distance, /*minValue=*/-1);
    if (!read.succeeded())
      return read;
    if (distance >= 0)
      options.prefetchAhead = distance;
  }
  SmallVector<Operation *> rewritten;
  DiagnosedSilenceableFailure status = applyToOpLoopPairs(
      *this, state, getTarget(), getLoop(), getArch(),
      "cannot keep the output tile in registers",
      [&](linalg::LinalgOp op, scf::ForOp loop,
          const regtile::TargetInfo &target, std::string &reason) {
        rewriter.setInsertionPoint(loop);
        FailureOr<regtile::CacheReduceResult> result =
            regtile::cacheReduce(rewriter, op, loop, target, options, reason);
        if (failed(result))
          return failure();
        rewritten.push_back(result->loop);
        return success();
      });
  results.set(cast<OpResult>(getResult()), rewritten);
  return status;
}
