//===- CacheReduceAnalysis.cpp - What the register tile computes ------===//

#include "CacheReduceInternals.h"

#include "regtile/Patterns/LoopUtils.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace regtile::cache_reduce {
namespace {

/// Static upper bound (closed) of loop dim `d` of `op`, from any operand dim
/// that equals it; sets `exact` when the extent is that constant.
FailureOr<int64_t> boundLoopDim(linalg::LinalgOp op, unsigned d, bool &exact) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!ShapedType::isDynamic(ranges[d])) {
    exact = true;
    return ranges[d];
  }
  exact = false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
      auto dim = dyn_cast<AffineDimExpr>(map.getResult(i));
      if (!dim || dim.getPosition() != d)
        continue;
      FailureOr<int64_t> ub = constantUpperBound(operand.get(), i);
      if (succeeded(ub))
        return *ub;
    }
  }
  return failure();
}

} // namespace

bool isElementwiseScalarOp(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  if (op->getNumRegions() != 0 || op->getNumResults() != 1)
    return false;
  auto scalar = [](Type t) { return t.isIntOrIndexOrFloat(); };
  return llvm::all_of(op->getOperandTypes(), scalar) &&
         llvm::all_of(op->getResultTypes(), scalar);
}

namespace {

/// The loops (parallel dims index the output, reduction dims do not), the
/// vector dim, and the register tile's extents.
LogicalResult analyzeLoops(linalg::LinalgOp op, const TargetInfo &target,
                           Plan &plan, std::string &reason) {
  if (op.getNumDpsInits() != 1) {
    reason = "expected exactly one output";
    return failure();
  }
  if (!op.hasPureTensorSemantics() && !op.hasPureBufferSemantics()) {
    reason = "expected all operands on tensors or all on buffers";
    return failure();
  }
  plan.onTensors = op.hasPureTensorSemantics();
  plan.numLoops = op.getNumLoops();
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap outMap = op.getMatchingIndexingMap(init);
  if (!outMap.isProjectedPermutation() || outMap.getNumResults() == 0) {
    reason = "the output's indexing map is not a projected permutation of "
             "the loops";
    return failure();
  }
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  for (unsigned d = 0; d < plan.numLoops; ++d) {
    bool inOutput = outMap.isFunctionOfDim(d);
    if (inOutput != (iters[d] == utils::IteratorType::parallel)) {
      reason = llvm::formatv("loop dim {0} is {1} but {2} the output", d,
                             inOutput ? "a reduction" : "parallel",
                             inOutput ? "indexes" : "does not index")
                   .str();
      return failure();
    }
    if (!inOutput)
      plan.redDims.push_back(d);
  }
  if (plan.redDims.empty()) {
    reason = "the op has no reduction dim";
    return failure();
  }
  plan.vecDim = outMap.getDimPosition(outMap.getNumResults() - 1);
  plan.accType = getElementTypeOrSelf(init->get().getType());
  if (!plan.accType.isIntOrFloat()) {
    reason = "the output's element type is not an integer or float";
    return failure();
  }
  plan.lanes = target.lanes(plan.accType);

  // Tile extents: the vector dim (the output's innermost) and the rows.
  for (unsigned i = 0, e = outMap.getNumResults(); i < e; ++i) {
    unsigned d = outMap.getDimPosition(i);
    bool exact = false;
    FailureOr<int64_t> bound = boundLoopDim(op, d, exact);
    if (failed(bound)) {
      reason = llvm::formatv("the extent of output dim {0} has no static "
                             "upper bound (tile the op first)",
                             i)
                   .str();
      return failure();
    }
    if (d == plan.vecDim) {
      plan.vecBound = *bound;
      plan.vecStatic = exact;
    } else {
      plan.rowDims.push_back(d);
      plan.rowBounds.push_back(*bound);
      plan.rowStatic.push_back(exact);
    }
  }
  plan.vectorsPerRow = llvm::divideCeil(plan.vecBound, plan.lanes);
  plan.rows = 1;
  for (int64_t b : plan.rowBounds)
    plan.rows *= b;
  return success();
}

/// How each input is read along the vector dim (scalar, broadcast, or
/// contiguous vectors); the number of vectored inputs.
FailureOr<int64_t> analyzeInputs(linalg::LinalgOp op, Plan &plan,
                                 std::string &reason) {
  int64_t vectoredInputs = 0;
  for (OpOperand *in : op.getDpsInputOperands()) {
    if (!isa<ShapedType>(in->get().getType())) {
      plan.inputKinds.push_back(InputKind::Scalar);
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!map.isFunctionOfDim(plan.vecDim)) {
      plan.inputKinds.push_back(InputKind::Broadcast);
      continue;
    }
    // The vector dim indexes one dim of the input, after which the input
    // has only unit dims (so that dim is contiguous in memory): usually
    // the last one; a packed B^T tile (NR x 1) qualifies too.
    auto operandType = cast<ShapedType>(in->get().getType());
    std::optional<unsigned> pos;
    bool ok = true;
    for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
      auto dim = dyn_cast<AffineDimExpr>(map.getResult(i));
      if (dim && dim.getPosition() == plan.vecDim && !pos)
        pos = i;
      else if (map.getResult(i).isFunctionOfDim(plan.vecDim))
        ok = false;
      else if (pos && operandType.getDimSize(i) != 1)
        ok = false;
    }
    if (!ok || !pos) {
      reason = llvm::formatv("input {0} is not contiguous along the output's "
                             "innermost dim (it must index its own innermost "
                             "non-unit dim with exactly that loop; transpose "
                             "or pack it first)",
                             in->getOperandNumber())
                   .str();
      return failure();
    }
    if (auto memref = dyn_cast<MemRefType>(operandType)) {
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(memref.getStridesAndOffset(strides, offset)) ||
          strides[*pos] != 1) {
        reason = llvm::formatv("input {0} is strided along the vector dim",
                               in->getOperandNumber())
                     .str();
        return failure();
      }
    }
    plan.vectorPos[in->getOperandNumber()] = *pos;
    plan.inputKinds.push_back(InputKind::Vectored);
    ++vectoredInputs;
  }
  return vectoredInputs;
}

/// The last result of `map` as a dim position.
std::optional<unsigned> lastDim(AffineMap map, unsigned fromEnd = 0) {
  if (map.getNumResults() <= fromEnd)
    return std::nullopt;
  auto d =
      dyn_cast<AffineDimExpr>(map.getResult(map.getNumResults() - 1 - fromEnd));
  return d ? std::optional<unsigned>(d.getPosition()) : std::nullopt;
}

/// Whether the last two dims of `t` are static: at least `vectors` values,
/// then exactly `group`.
bool holdsWholeGroups(RankedTensorType t, int64_t vectors, int64_t group) {
  int64_t rank = t.getRank();
  return rank >= 2 && t.getDimSize(rank - 1) == group &&
         !ShapedType::isDynamic(t.getDimSize(rank - 2)) &&
         t.getDimSize(rank - 2) >= vectors;
}

/// The dot-product form (DotPlan), if the op has it: a dot-product body
/// and a reduction dim of 2 to `group` iterations innermost in both inputs,
/// after the vector dim in the vectored one. Returns false when the op does
/// not have the form (the plain path applies), fails when it has it but it
/// cannot be used as asked.
FailureOr<bool> analyzeDot(linalg::LinalgOp op, const TargetInfo &target,
                           const CacheReduceOptions &options, Plan &plan,
                           std::string &reason) {
  std::optional<DotProductBody> body = matchDotProductBody(op);
  if (!body || !plan.onTensors)
    return false;
  DotPlan dot;
  dot.body = *body;
  dot.group = dotGroup(*body, target);
  SmallVector<OpOperand *> inputs = op.getDpsInputOperands();
  AffineMap maps[2] = {op.getMatchingIndexingMap(inputs[0]),
                       op.getMatchingIndexingMap(inputs[1])};
  bool vectored0 = maps[0].isFunctionOfDim(plan.vecDim);
  if (vectored0 == maps[1].isFunctionOfDim(plan.vecDim))
    return false;
  dot.vectored = vectored0 ? 0 : 1;
  dot.broadcast = 1 - dot.vectored;
  std::optional<unsigned> d = lastDim(maps[dot.vectored]);
  if (!d || lastDim(maps[dot.broadcast]) != d ||
      lastDim(maps[dot.vectored], 1) != plan.vecDim ||
      !llvm::is_contained(plan.redDims, *d))
    return false;
  bool exact = false;
  FailureOr<int64_t> bound = boundLoopDim(op, *d, exact);
  if (failed(bound) || *bound < 2 || *bound > dot.group)
    return false;
  dot.dim = *d;
  dot.exact = exact && *bound == dot.group;
  if (body->isFloat() && !options.allowReassociation &&
      !arith::bitEnumContainsAll(cast<arith::AddFOp>(body->add).getFastmath(),
                                 arith::FastMathFlags::reassoc)) {
    reason = llvm::formatv("the dot-product form sums each group of {0} "
                           "products before adding it to the accumulator: "
                           "the body's addf needs fastmath<reassoc> or set "
                           "allow_reassociation",
                           dot.group)
                 .str();
    return failure();
  }
  // The vectored input's vectors are read whole: from the tile it is a
  // slice of, or from itself.
  Value v = inputs[dot.vectored]->get();
  int64_t vectorSpan = plan.vectorsPerRow * plan.lanes;
  auto slice = v.getDefiningOp<tensor::ExtractSliceOp>();
  if (slice) {
    RankedTensorType source = slice.getSourceType();
    int64_t rank = source.getRank();
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
    bool whole =
        holdsWholeGroups(source, vectorSpan, dot.group) && !dropped[rank - 1] &&
        !dropped[rank - 2] && isConstantIntValue(offsets[rank - 1], 0) &&
        isConstantIntValue(offsets[rank - 2], 0) && slice.hasUnitStride();
    if (!whole)
      slice = nullptr;
  }
  if (!slice && !holdsWholeGroups(cast<RankedTensorType>(v.getType()),
                                  vectorSpan, dot.group)) {
    reason =
        llvm::formatv("the dot-product form reads whole vectors of {0} x {1} "
                      "values of input {2}: its last two dims (or those of the "
                      "tensor it is a slice of at offset 0, e.g. a cache_read "
                      "interleaved cache) must be static, at least {0} and {1}",
                      vectorSpan, dot.group, dot.vectored)
            .str();
    return failure();
  }
  dot.slice = slice;
  // (The sums' dims are known with the loop: analyzeShift.)
  // (vpdpbusd's groups of 4; pairs widen to i16 in any signedness.)
  dot.shifted = !body->isFloat() && dot.group == 4 &&
                body->unsignedInput[0] == body->unsignedInput[1];
  plan.dot = dot;
  plan.inputKinds.assign(2, InputKind::Broadcast);
  plan.inputKinds[dot.vectored] = InputKind::Vectored;
  return true;
}

/// Body: elementwise arith/math only; mul+add into FMA; with add_at_end,
/// out + x (reassociable).
LogicalResult analyzeBody(linalg::LinalgOp op,
                          const CacheReduceOptions &options, Plan &plan,
                          std::string &reason) {
  Block &body = op->getRegion(0).front();
  for (Operation &bodyOp : body.without_terminator()) {
    if (!isElementwiseScalarOp(&bodyOp)) {
      reason = ("unsupported op in the body: '" +
                bodyOp.getName().getStringRef() + "'")
                   .str();
      return failure();
    }
  }
  for (Operation &bodyOp : body.without_terminator()) {
    auto add = dyn_cast<arith::AddFOp>(&bodyOp);
    if (!add)
      continue;
    for (Value operand : add->getOperands())
      if (auto mul = operand.getDefiningOp<arith::MulFOp>())
        if (mul->getBlock() == &body && mul->hasOneUse() &&
            mul.getType() == add.getType()) {
          plan.fusedMuls.insert(mul);
          break;
        }
  }

  // Adding the tile at the end: the body must be out + x.
  if (options.addAtEnd) {
    Value yielded = body.getTerminator()->getOperand(0);
    Operation *combiner = yielded.getDefiningOp();
    Value out = body.getArgument(op.getNumDpsInputs());
    bool additive =
        combiner && isa<arith::AddFOp, arith::AddIOp>(combiner) &&
        combiner->getBlock() == &body &&
        llvm::is_contained(combiner->getOperands(), out) &&
        llvm::count_if(body.without_terminator(), [&](Operation &o) {
          return llvm::is_contained(o.getOperands(), out);
        }) == 1;
    if (!additive) {
      reason = "add_at_end needs a body that adds to the output "
               "(yield out + x, the output used nowhere else)";
      return failure();
    }
    if (auto addf = dyn_cast<arith::AddFOp>(combiner))
      if (!options.allowReassociation &&
          !arith::bitEnumContainsAll(addf.getFastmath(),
                                     arith::FastMathFlags::reassoc)) {
        reason = "add_at_end reassociates the floating-point sum (the "
                 "tile is added after the loop): the body's addf needs "
                 "fastmath<reassoc> or set allow_reassociation";
        return failure();
      }
    plan.addAtEnd = true;
  }
  return success();
}

/// The accumulators and the registers kept for loads fit the target.
LogicalResult checkRegisters(const Plan &plan, int64_t vectoredInputs,
                             const TargetInfo &target,
                             const CacheReduceOptions &options,
                             std::string &reason) {
  int64_t accumulators = plan.rows * plan.vectorsPerRow;
  int64_t reserved = options.reservedRegisters
                         ? *options.reservedRegisters
                         : vectoredInputs * plan.vectorsPerRow + 1;
  int64_t available =
      options.maxRegisters ? *options.maxRegisters : target.numVectorRegisters;
  if (accumulators + reserved > available) {
    reason = llvm::formatv(
                 "the register tile of {0} rows x {1} native vectors of {2} "
                 "lanes needs {3} accumulators + {4} registers for loads = "
                 "{5} vector registers; the target has {6}",
                 plan.rows, plan.vectorsPerRow, plan.lanes, accumulators,
                 reserved, accumulators + reserved, available)
                 .str();
    return failure();
  }
  return success();
}
} // namespace

LogicalResult analyzeOp(linalg::LinalgOp op, const TargetInfo &target,
                        const CacheReduceOptions &options, Plan &plan,
                        std::string &reason) {
  if (failed(analyzeLoops(op, target, plan, reason)))
    return failure();
  FailureOr<bool> dot = analyzeDot(op, target, options, plan, reason);
  if (failed(dot))
    return failure();
  FailureOr<int64_t> vectoredInputs =
      *dot ? FailureOr<int64_t>(1) : analyzeInputs(op, plan, reason);
  if (failed(vectoredInputs) || failed(analyzeBody(op, options, plan, reason)))
    return failure();
  if (failed(checkRegisters(plan, *vectoredInputs, target, options, reason)))
    return failure();
  // The marked loop (the innermost that carries the accumulators) does one
  // update (FMA) per accumulator per iteration.
  plan.prefetchAhead =
      options.prefetchAhead
          ? *options.prefetchAhead
          : defaultPrefetchAhead(target, plan.rows * plan.vectorsPerRow);
  if (options.prefetchStreams)
    plan.prefetchStreamsAhead =
        defaultStreamPrefetchAhead(target, plan.rows * plan.vectorsPerRow);
  plan.prefetchNextStreams = options.prefetchNextStreams;
  return success();
}

namespace {

/// Whether the extents `size` a slice takes along a dim at each step of
/// `loop`, [iv, iv + size), cover the loop's range [lb, ub) step after
/// step: whole steps (static, a multiple) or the min(step, ub - iv) tiling
/// makes.
bool coversLoopRange(scf::ForOp loop, OpFoldResult size) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step < 1)
    return false;
  if (std::optional<int64_t> c = getConstantIntValue(size)) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                           ub = getConstantIntValue(loop.getUpperBound());
    return lb && ub && *c == *step && (*ub - *lb) % *step == 0;
  }
  auto v = dyn_cast<Value>(size);
  auto min = v ? v.getDefiningOp<affine::AffineMinOp>() : nullptr;
  if (!min || min.getAffineMap().getNumResults() != 2)
    return false;
  // min(step, ub - iv), in whatever order and operand positions.
  AffineMap map = min.getAffineMap();
  MLIRContext *ctx = min.getContext();
  auto exprOf = [&](Value v) -> std::optional<AffineExpr> {
    for (auto [i, operand] : llvm::enumerate(min.getMapOperands()))
      if (operand == v)
        return i < map.getNumDims()
                   ? getAffineDimExpr(i, ctx)
                   : getAffineSymbolExpr(i - map.getNumDims(), ctx);
    if (std::optional<int64_t> c = getConstantIntValue(v))
      return getAffineConstantExpr(*c, ctx);
    return std::nullopt;
  };
  std::optional<AffineExpr> ivExpr = exprOf(loop.getInductionVar()),
                            ubExpr = exprOf(loop.getUpperBound());
  if (!ivExpr || !ubExpr)
    return false;
  auto isStep = [&](AffineExpr e) {
    auto c = dyn_cast<AffineConstantExpr>(e);
    return c && c.getValue() == *step;
  };
  auto isRest = [&](AffineExpr e) {
    return simplifyAffineExpr(e - (*ubExpr - *ivExpr), map.getNumDims(),
                              map.getNumSymbols()) ==
           getAffineConstantExpr(0, ctx);
  };
  AffineExpr r0 = map.getResult(0), r1 = map.getResult(1);
  return (isStep(r0) && isRest(r1)) || (isStep(r1) && isRest(r0));
}

/// With plan.dot->shifted: the broadcast input's rows as ranges of one
/// tensor over the reduction loops (DotPlan::RowRange), when the op reads
/// the input through a unit-stride slice of a tensor the loops do not
/// change, whose last dim the innermost loop steps along (the slice's
/// offset there is its induction variable), each outer loop along another
/// dim the slice has one index of, and whose other offsets do not move;
/// the group dim is the input's last, read nowhere else, and the op's
/// other reduction dims have static extents (at most 64 points).
std::optional<DotPlan::RowRange>
analyzeRowRange(linalg::LinalgOp op, scf::ForOp loop, const Plan &plan) {
  const DotPlan &dot = *plan.dot;
  SmallVector<scf::ForOp> loops = innerLoopsOf(op, loop);
  loops.insert(loops.begin(), loop);
  OpOperand *in = op.getDpsInputOperand(dot.broadcast);
  auto slice = in->get().getDefiningOp<tensor::ExtractSliceOp>();
  if (!slice || !slice.hasUnitStride() ||
      !isLoopInvariant(loop, slice.getSource()))
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(in);
  unsigned n = map.getNumResults();
  auto last = dyn_cast<AffineDimExpr>(map.getResult(n - 1));
  if (!last || last.getPosition() != dot.dim)
    return std::nullopt;
  for (unsigned i = 0; i + 1 < n; ++i)
    if (map.getResult(i).isFunctionOfDim(dot.dim))
      return std::nullopt;
  DotPlan::RowRange range;
  int64_t points = 1;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (unsigned d : plan.redDims) {
    int64_t extent = d == dot.dim ? 1 : ranges[d];
    if (ShapedType::isDynamic(extent) || (points *= extent) > 64)
      return std::nullopt;
    range.extents.push_back(extent);
  }
  int64_t rank = slice.getSourceType().getRank();
  llvm::SmallBitVector dropped = slice.getDroppedDims();
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
  if (dropped[rank - 1] || dyn_cast_if_present<Value>(offsets[rank - 1]) !=
                               loops.back().getInductionVar())
    return std::nullopt;
  // Each outer loop steps one dim the slice reads one index of.
  for (scf::ForOp l : ArrayRef<scf::ForOp>(loops).drop_back()) {
    auto at = llvm::find_if(offsets, [&](OpFoldResult o) {
      return dyn_cast_if_present<Value>(o) == l.getInductionVar();
    });
    if (at == offsets.end() ||
        !isConstantIntValue(sizes[at - offsets.begin()], 1))
      return std::nullopt;
    auto invariant = [&](Value v) { return isLoopInvariant(loop, v); };
    if (!invariant(l.getLowerBound()) || !invariant(l.getUpperBound()) ||
        !invariant(l.getStep()))
      return std::nullopt;
    unsigned d = at - offsets.begin();
    range.outer.push_back(
        {d, l.getLowerBound(), l.getUpperBound(), l.getStep()});
    offsets[d] = Builder(l.getContext()).getIndexAttr(0);
  }
  for (int64_t d = 0; d + 1 < rank; ++d) {
    auto v = dyn_cast<Value>(offsets[d]);
    if (v && !isLoopInvariant(loop, v))
      return std::nullopt;
  }
  scf::ForOp innermost = loops.back();
  if (!coversLoopRange(innermost, sizes[rank - 1]) ||
      !isLoopInvariant(loop, innermost.getLowerBound()) ||
      !isLoopInvariant(loop, innermost.getUpperBound()))
    return std::nullopt;
  offsets.pop_back();
  range.source = slice.getSource();
  range.offsets = offsets;
  range.dropped = dropped;
  range.start = innermost.getLowerBound();
  range.end = innermost.getUpperBound();
  return range;
}

} // namespace

LogicalResult analyzeShift(linalg::LinalgOp op, scf::ForOp loop, Plan &plan,
                           std::string &reason) {
  DotPlan &dot = *plan.dot;
  auto fail = [&](const Twine &why) {
    reason = ((dot.shiftedDown() ? "u8 x u8" : "s8 x s8") +
              Twine(" dot form: ") + why)
                 .str();
    return failure();
  };
  if (!dot.slice || !isLoopInvariant(loop, dot.slice.getSource()))
    return fail("the B side must be a slice of an interleaved cache "
                "(cache_read {interleave}) defined before the reduction "
                "loop: its column sums are computed once per cache");
  RankedTensorType source = dot.slice.getSourceType();
  if (source.getDimSize(source.getRank() - 2) % plan.lanes != 0)
    return fail("the cache's tile is not whole vectors of columns");
  dot.rowRange = analyzeRowRange(op, loop, plan);
  if (dot.rowRange)
    return success();
  llvm::SmallBitVector dropped = dot.slice.getDroppedDims();
  SmallVector<OpFoldResult> offsets = dot.slice.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = dot.slice.getMixedSizes();
  dot.sumDims.clear();
  for (unsigned d = 0, e = offsets.size() - 2; d < e; ++d) {
    auto v = dyn_cast<Value>(offsets[d]);
    bool moves = v && !isLoopInvariant(loop, v);
    if (moves) {
      // One index per step, every index over the loops (they visit the
      // whole cache: it is filled for them).
      if (!dropped[d] && !isConstantIntValue(sizes[d], 1))
        return fail(llvm::formatv("the reduction loops move along dim {0} "
                                  "of the cache, which the tile also reads "
                                  "more than one index of",
                                  d));
      dot.sumDims.push_back(d);
      continue;
    }
    if (dropped[d] || source.getDimSize(d) == 1)
      continue;
    // A dim each step reads whole (a convolution's kw).
    if (!isConstantIntValue(offsets[d], 0) ||
        !isConstantIntValue(sizes[d], source.getDimSize(d)))
      return fail(llvm::formatv("the tile reads part of dim {0} of the "
                                "cache, which the reduction loops do not "
                                "move along",
                                d));
    dot.sumDims.push_back(d);
  }
  if (dot.sumDims.empty())
    return fail("the reduction loops do not move along the cache");
  return success();
}

/// Whether `e` applies an elementwise body to `tile` (its only shaped
/// input, read at the same indices as it writes) and scalars, writing a
} // namespace regtile::cache_reduce
