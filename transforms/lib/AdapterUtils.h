//===- AdapterUtils.h - Shared by the Transform op adapters -----*- C++ -*-===//
//
// What every transform.regtile.* adapter does the same way: target
// resolution, refusals with a note at the payload, reading tuning knobs
// (attribute or parameter), applying to each target or to op/loop pairs.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_ADAPTERUTILS_H
#define REGTILE_TRANSFORMOPS_ADAPTERUTILS_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"

#include <optional>
#include <string>

namespace regtile::adapters {

using namespace mlir;

/// Verifier of the `arch` attribute.
inline LogicalResult verifyArch(Operation *op, std::optional<StringRef> arch) {
  if (!arch)
    return success();
  std::string error;
  if (failed(regtile::parseTarget(*arch, error)))
    return op->emitOpError() << "invalid target: " << error;
  return success();
}

/// The target for `payload`: the op's `arch` if given, else the payload's
/// `regtile.target` attribute, else the host. Errors are emitted.
inline FailureOr<regtile::TargetInfo>
resolveTarget(Operation *transformOp, std::optional<StringRef> arch,
              Operation *payload) {
  return arch ? regtile::getTargetFor(payload, *arch, transformOp->getLoc())
              : regtile::getTargetFor(payload);
}

/// A silenceable refusal, with a note at the payload op.
inline DiagnosedSilenceableFailure refuse(transform::TransformOpInterface op,
                                          Operation *payload,
                                          const Twine &message) {
  DiagnosedSilenceableFailure diag = op.emitSilenceableError() << message;
  diag.attachNote(payload->getLoc()) << "payload op";
  return diag;
}

/// Success if `payload` is a linalg op, else a refusal naming what it is.
inline DiagnosedSilenceableFailure
refuseUnlessLinalg(transform::TransformOpInterface op, Operation *payload) {
  if (isa<linalg::LinalgOp>(payload))
    return DiagnosedSilenceableFailure::success();
  return refuse(op, payload,
                "expected a linalg op, got '" +
                    payload->getName().getStringRef().str() + "'");
}

/// The value of an optional integer parameter operand `param` (a tuning
/// knob), named `name` in diagnostics: 0 if absent; a silenceable failure
/// unless it holds exactly one integer of at least `minValue`.
inline DiagnosedSilenceableFailure
readKnob(transform::TransformOpInterface op, transform::TransformState &state,
         Value param, StringRef name, int64_t &value, int64_t minValue = 0) {
  value = 0;
  if (!param)
    return DiagnosedSilenceableFailure::success();
  ArrayRef<Attribute> params = state.getParams(param);
  auto attr = params.size() == 1 ? dyn_cast<IntegerAttr>(params[0]) : nullptr;
  if (!attr || attr.getValue().getSExtValue() < minValue)
    return op.emitSilenceableError()
           << "expected `" << name << "` to be one "
           << (minValue == 0 ? std::string("non-negative integer parameter")
                             : "integer parameter of at least " +
                                   std::to_string(minValue))
           << ", got " << params.size() << " value(s)"
           << (params.size() == 1 ? ": " : "")
           << (params.size() == 1 ? params[0] : Attribute());
  value = attr.getInt();
  return DiagnosedSilenceableFailure::success();
}

/// Verifier of an option given as an attribute or as a parameter operand
/// (a tuning knob), not both.
inline LogicalResult verifyAttrOrParam(Operation *op, bool hasAttr, Value param,
                                       StringRef name) {
  if (hasAttr && param)
    return op->emitOpError() << "expected `" << name
                             << "` as an attribute or as a parameter, not both";
  return success();
}

/// The option `name` from its attribute `attr` or its parameter `param`
/// (0 = the default: `value` left unset).
inline DiagnosedSilenceableFailure
readAttrOrKnob(transform::TransformOpInterface op,
               transform::TransformState &state, std::optional<uint64_t> attr,
               Value param, StringRef name, std::optional<int64_t> &value) {
  if (attr) {
    value = *attr;
    return DiagnosedSilenceableFailure::success();
  }
  int64_t knob;
  DiagnosedSilenceableFailure read = readKnob(op, state, param, name, knob);
  if (read.succeeded() && knob)
    value = knob;
  return read;
}

/// TransformEachOpTrait's `apply` for ops with more operands than the
/// target handle (the trait requires one operand): `applyToOne` on each
/// payload op of operand 0, results gathered per result value.
template <typename OpTy>
inline DiagnosedSilenceableFailure
applyToEachTarget(OpTy op, transform::TransformRewriter &rewriter,
                  transform::TransformResults &transformResults,
                  transform::TransformState &state) {
  auto targets = state.getPayloadOps(op->getOperand(0));
  if (std::empty(targets)) {
    for (OpResult r : op->getResults()) {
      if (isa<transform::TransformParamTypeInterface>(r.getType()))
        transformResults.setParams(r, {});
      else
        transformResults.set(r, ArrayRef<Operation *>());
    }
    return DiagnosedSilenceableFailure::success();
  }
  SmallVector<transform::ApplyToEachResultList, 1> results;
  DiagnosedSilenceableFailure result = transform::detail::applyTransformToEach(
      op, rewriter, targets, results, state);
  if (result.isDefiniteFailure())
    return result;
  transform::detail::setApplyToOneResults(op, transformResults, results);
  return result;
}

/// The ops that pair a handle of linalg ops with a handle of scf.for loops
/// (the i-th op with the i-th loop): checks the counts (definite failure)
/// and kinds (silenceable), resolves the target, and calls `fn` on each
/// pair; a failure of `fn` is a silenceable refusal "<refusal>: <reason>".
inline DiagnosedSilenceableFailure applyToOpLoopPairs(
    transform::TransformOpInterface transformOp,
    transform::TransformState &state, Value opsHandle, Value loopsHandle,
    std::optional<StringRef> arch, StringRef refusal,
    llvm::function_ref<LogicalResult(linalg::LinalgOp, scf::ForOp,
                                     const regtile::TargetInfo &,
                                     std::string &)>
        fn) {
  auto ops = llvm::to_vector(state.getPayloadOps(opsHandle));
  auto loops = llvm::to_vector(state.getPayloadOps(loopsHandle));
  if (ops.size() != loops.size())
    return emitDefiniteFailure(transformOp.getOperation())
           << "expected as many loops as ops, got " << loops.size()
           << " loops for " << ops.size() << " ops";
  for (auto [payload, loopOp] : llvm::zip(ops, loops)) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(payload);
    if (!linalgOp)
      return refuse(transformOp, payload,
                    "expected a linalg structured op, got '" +
                        payload->getName().getStringRef() + "'");
    auto loop = dyn_cast<scf::ForOp>(loopOp);
    if (!loop)
      return refuse(transformOp, loopOp,
                    "expected an scf.for loop, got '" +
                        loopOp->getName().getStringRef() + "'");
    FailureOr<regtile::TargetInfo> info =
        resolveTarget(transformOp.getOperation(), arch, payload);
    if (failed(info))
      return DiagnosedSilenceableFailure::definiteFailure();
    std::string reason;
    if (failed(fn(linalgOp, loop, *info, reason)))
      return refuse(transformOp, payload, refusal + ": " + reason);
  }
  return DiagnosedSilenceableFailure::success();
}

} // namespace regtile::adapters

#endif // REGTILE_TRANSFORMOPS_ADAPTERUTILS_H
