//===- RegtileTransformOps.cpp - regtile Transform dialect ops ------------===//
//
// Thin adapters from Transform ops to the regtile pattern library.
//
//===----------------------------------------------------------------------===//

#include "regtile/TransformOps/RegtileTransformOps.h"

#include "regtile/Patterns/Patterns.h"
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

#define GET_OP_CLASSES
#include "regtile/TransformOps/RegtileTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared by the ops
//===----------------------------------------------------------------------===//

/// Verifier of the `arch` attribute.
static LogicalResult verifyArch(Operation *op, std::optional<StringRef> arch) {
  if (!arch)
    return success();
  std::string error;
  if (failed(regtile::parseTarget(*arch, error)))
    return op->emitOpError() << "invalid target: " << error;
  return success();
}

/// The target for `payload`: the op's `arch` if given, else the payload's
/// `regtile.target` attribute, else the host. Errors are emitted.
static FailureOr<regtile::TargetInfo>
resolveTarget(Operation *transformOp, std::optional<StringRef> arch,
              Operation *payload) {
  return arch ? regtile::getTargetFor(payload, *arch, transformOp->getLoc())
              : regtile::getTargetFor(payload);
}

/// A silenceable refusal, with a note at the payload op.
static DiagnosedSilenceableFailure refuse(transform::TransformOpInterface op,
                                          Operation *payload,
                                          const Twine &message) {
  DiagnosedSilenceableFailure diag = op.emitSilenceableError() << message;
  diag.attachNote(payload->getLoc()) << "payload op";
  return diag;
}

/// The value of an optional integer parameter operand `param` (a tuning
/// knob), named `name` in diagnostics: 0 if absent; a silenceable failure
/// unless it holds exactly one integer of at least `minValue`.
static DiagnosedSilenceableFailure
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
static LogicalResult verifyAttrOrParam(Operation *op, bool hasAttr, Value param,
                                       StringRef name) {
  if (hasAttr && param)
    return op->emitOpError() << "expected `" << name
                             << "` as an attribute or as a parameter, not both";
  return success();
}

/// The option `name` from its attribute `attr` or its parameter `param`
/// (0 = the default: `value` left unset).
static DiagnosedSilenceableFailure
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
static DiagnosedSilenceableFailure
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
static DiagnosedSilenceableFailure applyToOpLoopPairs(
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

//===----------------------------------------------------------------------===//
// ApplyFoldUnitDimsPatternsOp
//===----------------------------------------------------------------------===//

void transform::ApplyFoldUnitDimsPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::populateFoldUnitDimsPatterns(patterns);
}

//===----------------------------------------------------------------------===//
// TargetInfoOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::TargetInfoOp::applyToOne(transform::TransformRewriter &rewriter,
                                    Operation *target,
                                    transform::ApplyToEachResultList &results,
                                    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  Builder b(getContext());
  Type elementType =
      getElementType().has_value() ? *getElementType() : b.getF32Type();
  results.push_back(b.getI64IntegerAttr(info->simdBits));
  results.push_back(b.getI64IntegerAttr(info->numVectorRegisters));
  results.push_back(b.getI64IntegerAttr(info->lanes(elementType)));
  return DiagnosedSilenceableFailure::success();
}

LogicalResult transform::TargetInfoOp::verify() {
  return verifyArch(getOperation(), getArch());
}

void transform::TargetInfoOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getScopeMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  onlyReadsPayload(effects);
}

//===----------------------------------------------------------------------===//
// ReduceToVectorAccumulatorOp
//===----------------------------------------------------------------------===//

LogicalResult transform::ReduceToVectorAccumulatorOp::verify() {
  if (failed(verifyAttrOrParam(*this, getAccumulators().has_value(),
                               getAccumulatorsParam(), "accumulators")) ||
      failed(verifyAttrOrParam(*this, getRows().has_value(), getRowsParam(),
                               "rows")))
    return failure();
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure transform::ReduceToVectorAccumulatorOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void transform::ReduceToVectorAccumulatorOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  onlyReadsHandle(getAccumulatorsParamMutable(), effects);
  onlyReadsHandle(getRowsParamMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure transform::ReduceToVectorAccumulatorOp::applyToOne(
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

//===----------------------------------------------------------------------===//
// PackUnpackToTileCopiesOp
//===----------------------------------------------------------------------===//

LogicalResult transform::PackUnpackToTileCopiesOp::verify() {
  if (failed(verifyAttrOrParam(*this, getMaxRegisters().has_value(),
                               getMaxRegistersParam(), "max_registers")) ||
      failed(verifyAttrOrParam(*this, getTilesPerGroup().has_value(),
                               getTilesPerGroupParam(), "tiles_per_group")))
    return failure();
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure transform::PackUnpackToTileCopiesOp::apply(
    transform::TransformRewriter &rewriter,
    transform::TransformResults &results, transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void transform::PackUnpackToTileCopiesOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  onlyReadsHandle(getMaxRegistersParamMutable(), effects);
  onlyReadsHandle(getTilesPerGroupParamMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure transform::PackUnpackToTileCopiesOp::applyToOne(
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

void transform::ApplyPackUnpackToTileCopiesPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::populatePackUnpackToTileCopiesPatterns(patterns);
}

//===----------------------------------------------------------------------===//
// ContractionBlockingOp
//===----------------------------------------------------------------------===//

LogicalResult transform::ContractionBlockingOp::verify() {
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure
transform::ContractionBlockingOp::apply(transform::TransformRewriter &rewriter,
                                        transform::TransformResults &results,
                                        transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void transform::ContractionBlockingOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getOperation()->getOpOperands(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  onlyReadsPayload(effects);
}

DiagnosedSilenceableFailure transform::ContractionBlockingOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::LinalgOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  Type accType =
      target.getNumDpsInits() == 1
          ? getElementTypeOrSelf(target.getDpsInitOperand(0)->get().getType())
          : Type();
  if (!accType || !accType.isIntOrFloat())
    return refuse(*this, target,
                  "expected a linalg op with one integer or float output");
  std::string reason;
  if (failed(regtile::checkNonEmptyLoops(target, reason)))
    return refuse(*this, target, "invalid blocking: " + reason);
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  regtile::ContractionBlocking fixed;
  for (auto [param, name, value] :
       {std::tuple<Value, StringRef, int64_t *>{getFixedMr(), "mr", &fixed.mr},
        {getFixedNr(), "nr", &fixed.nr},
        {getFixedKc(), "kc", &fixed.kc},
        {getFixedNc(), "nc", &fixed.nc}}) {
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, param, name, *value);
    if (!read.succeeded())
      return read;
  }
  FailureOr<regtile::ContractionBlocking> blocking =
      regtile::computeContractionBlocking(
          *info, accType, fixed, reason,
          regtile::staticReductionExtent(target));
  if (failed(blocking))
    return refuse(*this, target, "invalid blocking: " + reason);
  Builder b(getContext());
  for (int64_t v : {blocking->mr, blocking->nr, blocking->kc, blocking->nc})
    results.push_back(b.getI64IntegerAttr(v));
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ConvolutionBlockingOp
//===----------------------------------------------------------------------===//

LogicalResult transform::ConvolutionBlockingOp::verify() {
  return verifyArch(getOperation(), getArch());
}

DiagnosedSilenceableFailure
transform::ConvolutionBlockingOp::apply(transform::TransformRewriter &rewriter,
                                        transform::TransformResults &results,
                                        transform::TransformState &state) {
  return applyToEachTarget(*this, rewriter, results, state);
}

void transform::ConvolutionBlockingOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getOperation()->getOpOperands(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  onlyReadsPayload(effects);
}

DiagnosedSilenceableFailure transform::ConvolutionBlockingOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::LinalgOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      resolveTarget(getOperation(), getArch(), target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  regtile::ConvolutionBlocking fixed;
  for (auto [param, name, value] :
       {std::tuple<Value, StringRef, int64_t *>{getFixedRows(), "rows",
                                                &fixed.rows},
        {getFixedChannels(), "channels", &fixed.channels}}) {
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, param, name, *value);
    if (!read.succeeded())
      return read;
  }
  std::string reason;
  FailureOr<regtile::ConvolutionBlocking> blocking =
      regtile::computeConvolutionBlocking(*info, target, fixed, reason);
  if (failed(blocking))
    return refuse(*this, target, "cannot block the convolution: " + reason);
  Builder b(getContext());
  results.push_back(blocking->root);
  results.push_back(b.getI64IntegerAttr(blocking->rows));
  results.push_back(b.getI64IntegerAttr(blocking->channels));
  results.push_back(b.getI64IntegerAttr(blocking->filterOperand));
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// CacheReadOp
//===----------------------------------------------------------------------===//

LogicalResult transform::CacheReadOp::verify() {
  if (getOperand().has_value() == static_cast<bool>(getOperandParam()))
    return emitOpError() << "expected the input to stage as `operand` (an "
                            "attribute) or `operand = %param`, exactly one";
  return verifyArch(getOperation(), getArch());
}

void transform::CacheReadOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getOperation()->getOpOperands(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::CacheReadOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  regtile::CacheReadOptions options;
  int64_t operand = getOperand().value_or(0);
  if (!getOperand()) {
    DiagnosedSilenceableFailure read =
        readKnob(*this, state, getOperandParam(), "operand", operand);
    if (!read.succeeded())
      return read;
  }
  options.operand = operand;
  options.packed = !getDense();
  options.fillOnFirstUse = getFillOnFirstUse();
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
        copies.push_back(result->copy);
        caches.push_back(result->cache);
        return success();
      });
  results.set(cast<OpResult>(getCopy()), copies);
  results.set(cast<OpResult>(getCache()), caches);
  return status;
}

//===----------------------------------------------------------------------===//
// CacheReduceOp
//===----------------------------------------------------------------------===//

LogicalResult transform::CacheReduceOp::verify() {
  if (failed(verifyAttrOrParam(*this, getPrefetchAhead().has_value(),
                               getPrefetchAheadParam(), "prefetch_ahead")))
    return failure();
  return verifyArch(getOperation(), getArch());
}

void transform::CacheReduceOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  consumesHandle(getLoopMutable(), effects);
  onlyReadsHandle(getPrefetchAheadParamMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::CacheReduceOp::apply(transform::TransformRewriter &rewriter,
                                transform::TransformResults &results,
                                transform::TransformState &state) {
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

//===----------------------------------------------------------------------===//
// SuperVectorizeOp
//===----------------------------------------------------------------------===//

LogicalResult transform::SuperVectorizeOp::verify() {
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

void transform::SuperVectorizeOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::SuperVectorizeOp::apply(transform::TransformRewriter &rewriter,
                                   transform::TransformResults &results,
                                   transform::TransformState &state) {
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

//===----------------------------------------------------------------------===//
// ApplyUnrollToNativeVectorsPatternsOp
//===----------------------------------------------------------------------===//

LogicalResult transform::ApplyUnrollToNativeVectorsPatternsOp::verify() {
  return verifyArch(getOperation(), getArch());
}

void transform::ApplyUnrollToNativeVectorsPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::NativeVectorOptions options;
  if (getNativeBits())
    options.nativeBits = *getNativeBits();
  std::optional<std::string> arch;
  if (getArch())
    arch = getArch()->str();
  regtile::populateUnrollToNativeVectorsPatterns(patterns, arch, options);
}

//===----------------------------------------------------------------------===//
// Extension registration
//===----------------------------------------------------------------------===//

namespace {
class RegtileTransformDialectExtension
    : public transform::TransformDialectExtension<
          RegtileTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RegtileTransformDialectExtension)

  RegtileTransformDialectExtension() {
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<ub::UBDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "regtile/TransformOps/RegtileTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void regtile::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<RegtileTransformDialectExtension>();
}
