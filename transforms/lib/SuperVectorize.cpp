//===- SuperVectorize.cpp - SuperVectorizeOp ------------------------------===//

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

LogicalResult regtile::transform_ops::SuperVectorizeOp::verify() {
  if (failed(verifyArch(getOperation(), getArch())))
    return failure();
  size_t dims = getVectorSizes() ? getVectorSizes()->size() : 1;
  if (getVectorSizes()) {
    if (dims == 0)
      return emitOpError() << "expected at least one vector size";
    if (llvm::any_of(*getVectorSizes(), [](int64_t s) { return s <= 0; }))
      return emitOpError() << "expected positive vector sizes";
  }
  if (std::optional<ArrayRef<int64_t>> pattern = getFastestVaryingPattern()) {
    if (pattern->size() != dims)
      return emitOpError() << "fastest_varying_pattern has " << pattern->size()
                           << " entries, expected one per vector size (" << dims
                           << ")";
    if (llvm::any_of(*pattern, [](int64_t d) { return d < 0; }))
      return emitOpError()
             << "expected non-negative fastest_varying_pattern entries";
  }
  if (getVectorizeReductions() && dims != 1)
    return emitOpError() << "vectorize_reductions needs exactly one vector "
                            "size (reductions are vectorized in 1-D)";
  if (getLoops().size() != dims)
    return emitOpError() << "expected " << dims
                         << " result handle(s), one per vector dimension, got "
                         << getLoops().size();
  return success();
}

void regtile::transform_ops::SuperVectorizeOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure regtile::transform_ops::SuperVectorizeOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  regtile::SuperVectorizeOptions options;
  if (getVectorSizes())
    options.vectorSizes.assign(getVectorSizes()->begin(),
                               getVectorSizes()->end());
  if (getFastestVaryingPattern())
    options.fastestVaryingPattern.assign(getFastestVaryingPattern()->begin(),
                                         getFastestVaryingPattern()->end());
  options.vectorizeReductions = getVectorizeReductions();
  options.allowReassociation = getAllowReassociation();
  options.maskPartialVectors = getMaskPartialVectors();

  SmallVector<SmallVector<Operation *>> loops(getLoops().size());
  auto setResults = [&] {
    for (auto [result, ops] : llvm::zip(getLoops(), loops))
      results.set(cast<OpResult>(result), ops);
  };
  for (Operation *payload : state.getPayloadOps(getTarget())) {
    FailureOr<regtile::TargetInfo> info =
        resolveTarget(getOperation(), getArch(), payload);
    if (failed(info)) {
      setResults();
      return DiagnosedSilenceableFailure::definiteFailure();
    }
    std::string reason;
    FailureOr<regtile::SuperVectorizeResult> result =
        regtile::superVectorize(rewriter, payload, *info, options, reason);
    if (failed(result)) {
      setResults();
      return refuse(*this, payload, "cannot super-vectorize: " + reason);
    }
    for (auto [dim, level] : llvm::enumerate(result->loops))
      llvm::append_range(loops[dim], level);
  }
  setResults();
  return DiagnosedSilenceableFailure::success();
}
