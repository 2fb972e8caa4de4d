//===- CacheReduce.cpp - Output tiles held in registers -------------------===//

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
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace mlir;

namespace regtile {
namespace {

/// How an input of the op is read by the register tile.
enum class InputKind {
  Scalar,    // not a shaped value: used as is
  Broadcast, // does not depend on the vector dim: one scalar per row
  Vectored,  // contiguous along the vector dim: native vectors
};

/// Everything the rewrite needs, computed before the IR changes.
struct Plan {
  unsigned numLoops = 0;
  unsigned vecDim = 0;
  /// Output dims other than the vector dim (in output order) and their
  /// static upper bounds; whether each extent is exactly that bound.
  SmallVector<unsigned> rowDims;
  SmallVector<int64_t> rowBounds;
  SmallVector<bool> rowStatic;
  int64_t vecBound = 0;
  bool vecStatic = false;
  SmallVector<unsigned> redDims;
  SmallVector<InputKind> inputKinds;
  /// For vectored inputs (by operand number): which of their dims the
  /// vector runs along.
  DenseMap<unsigned, unsigned> vectorPos;
  int64_t lanes = 0, vectorsPerRow = 0, rows = 0;
  Type accType;
  /// Body ops to emit (in order), with mul+add pairs fused into an FMA.
  DenseSet<Operation *> fusedMuls;
  /// Relation to the loop.
  bool onTensors = false;
  unsigned iterArgIdx = 0;
  tensor::ExtractSliceOp outSlice;
  tensor::InsertSliceOp outInsert;
  Value fillValue;
  /// The output tile is this broadcast of a vector along its innermost dim
  /// (initial accumulators: the vector in every row).
  linalg::BroadcastOp broadcast;
  /// The fill whose result is the loop's output (written through).
  linalg::FillOp fillOp;
  /// The fill value reached the tile through enclosing loops (see
  /// traceFillThroughLoops): these accumulate into the tile, so it holds
  /// the fill value only when each is at its first iteration.
  SmallVector<scf::ForOp> firstIterationOf;
  /// A fill every element of which the tile's write-backs overwrite at
  /// those first iterations before anything reads it: bypassed (its
  /// destination becomes `chainTop`'s init `chainTopIdx`).
  linalg::FillOp chainFill;
  scf::ForOp chainTop;
  unsigned chainTopIdx = 0;
  /// An elementwise op that is the only user of the tile the loop computes
  /// (e.g. a ReLU): applied to the registers before the single store.
  linalg::GenericOp epilogue;
  unsigned epilogueInput = 0;
  bool addAtEnd = false;
  /// The loop's regtile.prefetch_ahead mark (0: none).
  int64_t prefetchAhead = 0;
  /// The loop's regtile.prefetch_streams_ahead mark (0: none).
  int64_t prefetchStreamsAhead = 0;
  /// Whether the loop gets the regtile.prefetch_streams_next mark.
  bool prefetchNextStreams = false;

  bool masked() const {
    return !vecStatic || llvm::any_of(rowStatic, [](bool s) { return !s; });
  }
};

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
      FailureOr<int64_t> ub = ValueBoundsConstraintSet::computeConstantBound(
          presburger::BoundType::UB,
          ValueBoundsConstraintSet::Variable(operand.get(), i),
          /*stopCondition=*/nullptr, /*closedUB=*/true);
      if (succeeded(ub))
        return *ub;
    }
  }
  return failure();
}

bool isElementwiseScalarOp(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  if (op->getNumRegions() != 0 || op->getNumResults() != 1)
    return false;
  auto scalar = [](Type t) { return t.isIntOrIndexOrFloat(); };
  return llvm::all_of(op->getOperandTypes(), scalar) &&
         llvm::all_of(op->getResultTypes(), scalar);
}

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

LogicalResult analyzeOp(linalg::LinalgOp op, const TargetInfo &target,
                        const CacheReduceOptions &options, Plan &plan,
                        std::string &reason) {
  if (failed(analyzeLoops(op, target, plan, reason)))
    return failure();
  FailureOr<int64_t> vectoredInputs = analyzeInputs(op, plan, reason);
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

/// Whether `e` applies an elementwise body to `tile` (its only shaped
/// input, read at the same indices as it writes) and scalars, writing a
/// tensor of the tile's type, without reading its output.
bool isElementwiseEpilogue(linalg::GenericOp e, Value tile, Type accType) {
  if (!e.hasPureTensorSemantics() || e.getNumDpsInits() != 1 ||
      e.getNumReductionLoops() != 0 ||
      e.getDpsInitOperand(0)->get().getType() != tile.getType())
    return false;
  unsigned shaped = 0;
  for (OpOperand &operand : e->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    if (!e.getMatchingIndexingMap(&operand).isIdentity())
      return false;
    if (e.isDpsInput(&operand) && operand.get() != tile)
      return false;
    shaped += e.isDpsInput(&operand);
  }
  Block &body = e->getRegion(0).front();
  if (shaped != 1 || !body.getArguments().back().use_empty())
    return false;
  return getElementTypeOrSelf(tile.getType()) == accType &&
         llvm::all_of(body.without_terminator(),
                      [](Operation &o) { return isElementwiseScalarOp(&o); });
}

/// Whether `v` has one use besides ops that only read its shape
/// (tensor.dim, which tiling leaves for dynamic tiles).
bool hasOneValueUse(Value v) {
  return llvm::count_if(v.getUsers(), [](Operation *user) {
           return !isa<tensor::DimOp>(user);
         }) == 1;
}

/// `size` is the whole extent of dim `d` of `shaped`.
bool isWholeDim(OpFoldResult size, Value shaped, int64_t d) {
  int64_t extent = cast<ShapedType>(shaped.getType()).getDimSize(d);
  if (!ShapedType::isDynamic(extent))
    return isConstantIntValue(size, extent);
  FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
      ValueBoundsConstraintSet::Variable(size),
      ValueBoundsConstraintSet::Variable(shaped, d));
  return succeeded(equal) && *equal;
}

/// Whether `slice` takes all of its source: zero offsets, and each size the
/// source's (the same constant, or provably equal to its dynamic extent, as
/// for a partial tile of a fused loop). `extents` is a value with the
/// source's shape to compare dynamic sizes with (default: the source; for
/// a loop's iter_arg, whose extents do not change, the loop's init).
bool isWholeSlice(tensor::ExtractSliceOp slice, Value extents = Value()) {
  Value source = extents ? extents : slice.getSource();
  return llvm::all_of(
             slice.getMixedOffsets(),
             [](OpFoldResult o) { return isConstantIntValue(o, 0); }) &&
         llvm::all_of(llvm::enumerate(slice.getMixedSizes()), [&](auto it) {
           return isWholeDim(it.value(), source, it.index());
         });
}

/// Whether `v` is computed (inside `scope`) from `iv`.
bool dependsOn(Value v, Value iv, Operation *scope) {
  SmallVector<Value> worklist = {v};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value cur = worklist.pop_back_val();
    if (cur == iv)
      return true;
    if (!seen.insert(cur).second)
      continue;
    Operation *def = cur.getDefiningOp();
    if (!def || !scope->isProperAncestor(def))
      continue;
    llvm::append_range(worklist, def->getOperands());
  }
  return false;
}

/// `size` is what tiling by `step` over [0, ub) makes of a tile's extent:
/// the constant `step` (ub a constant multiple of it) or min(step, ub - iv).
bool isTileExtent(OpFoldResult size, Value iv, int64_t step, Value ub) {
  if (std::optional<int64_t> c = getConstantIntValue(size)) {
    std::optional<int64_t> u = getConstantIntValue(ub);
    return *c == step && u && *u % step == 0;
  }
  auto min = dyn_cast_if_present<affine::AffineMinOp>(
      cast<Value>(size).getDefiningOp());
  if (!min || min.getMap().getNumResults() != 2)
    return false;
  AffineMap map = min.getMap();
  MLIRContext *ctx = map.getContext();
  for (unsigned i = 0; i < 2; ++i) {
    auto c = dyn_cast<AffineConstantExpr>(map.getResult(i));
    if (!c || c.getValue() != step)
      continue;
    AffineMap rest = AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                                    map.getResult(1 - i));
    AffineMap diff = AffineMap::get(
        2, 0, getAffineDimExpr(0, ctx) - getAffineDimExpr(1, ctx));
    FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
        ValueBoundsConstraintSet::Variable(rest, min.getMapOperands()),
        ValueBoundsConstraintSet::Variable(diff, ValueRange{ub, iv}));
    return succeeded(equal) && *equal;
  }
  return false;
}

/// Follows the initial value of the reduction loop's output tile up
/// through tensor slices and the iter_args of enclosing scf.for loops to a
/// linalg.fill, the way tiling threads an output through its loops: at
/// each loop, the iter_arg is only sliced and updated in place (one
/// extract_slice and the insert_slice of the updated tile at the same
/// place, yielded), or only handed to the inner loop (whose result is
/// yielded). A loop whose induction variable is the offset of a slice
/// inside it, with an extent bounded by its step, visits disjoint tiles:
/// each iteration finds its tile as the loop's init left it. A loop whose
/// induction variable no slice inside it depends on revisits the same tile:
/// it holds the loop's init only at the first iteration. Anything else
/// (offsets computed from an induction variable, extents that depend on
/// it, other uses of an iter_arg) ends the trace without a fill. On
/// success sets `plan.fillValue` and `plan.firstIterationOf`, and
/// `plan.chainFill` when the tile stores at those first iterations cover
/// the whole fill (static bounds, every loop runs, every tile extent is the
/// tiling's), so that nothing reads the fill.
void traceFillThroughLoops(scf::ForOp reductionLoop, Plan &plan) {
  Value v = reductionLoop.getInitArgs()[plan.iterArgIdx];
  // What carries the updated tile at the current level.
  Value updated = reductionLoop.getResult(plan.iterArgIdx);
  Operation *from = reductionLoop;
  SmallVector<tensor::ExtractSliceOp> slices;
  // The tile within the reduction loop's iter_arg (invariant in it).
  if (plan.outSlice)
    slices.push_back(plan.outSlice);
  SmallVector<std::pair<scf::ForOp, unsigned>> loops;
  while (true) {
    if (auto s = v.getDefiningOp<tensor::ExtractSliceOp>()) {
      if (!s.hasUnitStride() ||
          s.getSourceType().getRank() != s.getType().getRank())
        return;
      slices.push_back(s);
      from = s;
      v = s.getSource();
      continue;
    }
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg)
      break;
    auto l = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!l || arg.getOwner() != l.getBody() || arg.getArgNumber() == 0 ||
        from->getBlock() != l.getBody())
      return;
    unsigned idx = arg.getArgNumber() - 1;
    Value yielded = l.getBody()->getTerminator()->getOperand(idx);
    if (auto s = dyn_cast<tensor::ExtractSliceOp>(from)) {
      // Sliced, and the updated tile inserted back at the same place.
      if (!llvm::hasNItems(arg.getUses(), 2))
        return;
      tensor::InsertSliceOp insert;
      for (Operation *user : arg.getUsers())
        if (user != s)
          insert = dyn_cast<tensor::InsertSliceOp>(user);
      if (!insert || insert.getDest() != arg || insert.getSource() != updated ||
          insert.getResult() != yielded || !yielded.hasOneUse() ||
          !isEqualConstantIntOrValueArray(insert.getMixedOffsets(),
                                          s.getMixedOffsets()) ||
          !isEqualConstantIntOrValueArray(insert.getMixedSizes(),
                                          s.getMixedSizes()))
        return;
    } else {
      // Handed to the inner loop, whose result is yielded.
      if (!arg.hasOneUse() || yielded != updated || !updated.hasOneUse())
        return;
    }
    loops.push_back({l, idx});
    updated = l.getResult(idx);
    from = l;
    v = l.getInitArgs()[idx];
  }
  // Slices of the fill itself (no loop to thread through).
  Value fillResult = v;
  bool slicedFill = false;
  while (auto s = v.getDefiningOp<tensor::ExtractSliceOp>()) {
    v = s.getSource();
    slicedFill = true;
  }
  auto fill = v.getDefiningOp<linalg::FillOp>();
  if (!fill || fill.value().getType() != plan.accType || loops.empty())
    return;

  // Classify the loops; check what the bypass needs on the way.
  bool covers = !slicedFill && fillResult.hasOneUse();
  // For each slice, the dims a parallel loop tiles.
  DenseMap<Operation *, DenseSet<unsigned>> tiledDims;
  SmallVector<scf::ForOp> accumulating;
  unsigned innerSlices = 0; // slices inside the current loop
  for (auto [l, idx] : loops) {
    while (innerSlices < slices.size() &&
           l->isProperAncestor(slices[innerSlices]))
      ++innerSlices;
    Value iv = l.getInductionVar();
    std::optional<int64_t> step = getConstantIntValue(l.getStep());
    std::optional<int64_t> lb = getConstantIntValue(l.getLowerBound());
    bool parallel = false;
    bool moves = false;
    for (unsigned i = 0; i < innerSlices; ++i) {
      tensor::ExtractSliceOp s = slices[i];
      for (auto [d, offset] : llvm::enumerate(s.getMixedOffsets())) {
        OpFoldResult size = s.getMixedSizes()[d];
        auto offsetValue = dyn_cast<Value>(offset);
        auto sizeValue = dyn_cast<Value>(size);
        if (offsetValue == iv) {
          // Disjoint tiles: extent at most the step.
          if (!step || *step <= 0)
            return;
          FailureOr<int64_t> bound =
              ValueBoundsConstraintSet::computeConstantBound(
                  presburger::BoundType::UB,
                  ValueBoundsConstraintSet::Variable(size),
                  /*stopCondition=*/nullptr, /*closedUB=*/true);
          if (failed(bound) || *bound > *step)
            return;
          parallel = true;
          tiledDims[s].insert(d);
          if (!lb || *lb != 0 ||
              !isWholeDim(l.getUpperBound(), s.getSource(), d) ||
              !isTileExtent(size, iv, *step, l.getUpperBound()))
            covers = false;
          continue;
        }
        // (Inner tiles of a parallel loop's tile may depend on its
        // induction variable: they stay within that tile.)
        if ((offsetValue && dependsOn(offsetValue, iv, l)) ||
            (sizeValue && dependsOn(sizeValue, iv, l)))
          moves = true;
      }
    }
    // Neither a parallel loop nor one that keeps the tile in place.
    if (!parallel && moves)
      return;
    if (!parallel) {
      accumulating.push_back(l);
      std::optional<int64_t> ub = getConstantIntValue(l.getUpperBound());
      if (!lb || !ub || *lb >= *ub)
        covers = false;
    }
  }
  // Every other dim of every slice whole.
  for (tensor::ExtractSliceOp s : slices)
    for (auto [d, offset] : llvm::enumerate(s.getMixedOffsets())) {
      if (tiledDims.lookup(s).contains(d))
        continue;
      if (!isConstantIntValue(offset, 0) ||
          !isWholeDim(s.getMixedSizes()[d], s.getSource(), d))
        covers = false;
    }
  plan.fillValue = fill.value();
  plan.firstIterationOf = std::move(accumulating);
  if (covers) {
    plan.chainFill = fill;
    plan.chainTop = loops.back().first;
    plan.chainTopIdx = loops.back().second;
  }
}

/// Checks that `loop` reduces into the op's output tile (the tile does not
/// move with the loop) and records how the tile is threaded through it.
LogicalResult analyzeLoop(linalg::LinalgOp op, scf::ForOp loop, Plan &plan,
                          std::string &reason) {
  if (op->getParentOp() != loop.getOperation()) {
    reason = "the op is not directly in the body of the loop";
    return failure();
  }
  Value init = op.getDpsInitOperand(0)->get();
  auto invariant = [&](Operation *sliceOp) {
    return llvm::all_of(sliceOp->getOperands().drop_front(),
                        [&](Value v) { return isLoopInvariant(loop, v); });
  };
  const char *moving = "the output tile moves with the loop's induction "
                       "variable: the loop is not a reduction loop of the op";

  if (!plan.onTensors) {
    if (isLoopInvariant(loop, init))
      return success();
    reason = init.getDefiningOp<memref::SubViewOp>()
                 ? moving
                 : "the output buffer is defined in the loop";
    return failure();
  }

  // Tensors: init is an iter_arg of the loop, or an invariant slice of one.
  Value iterArg = init;
  if (auto slice = init.getDefiningOp<tensor::ExtractSliceOp>()) {
    if (slice->getBlock() != loop.getBody()) {
      reason = "the output is not a tile of one of the loop's iter_args";
      return failure();
    }
    if (!invariant(slice)) {
      reason = moving;
      return failure();
    }
    if (!slice.hasUnitStride() ||
        slice.getSourceType().getRank() != slice.getType().getRank()) {
      reason = "the output tile is a strided or rank-reducing slice";
      return failure();
    }
    plan.outSlice = slice;
    iterArg = slice.getSource();
  }
  auto arg = dyn_cast<BlockArgument>(iterArg);
  if (!arg || arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0) {
    reason = "the output is not a tile of one of the loop's iter_args";
    return failure();
  }
  plan.iterArgIdx = arg.getArgNumber() - 1;
  Operation *yield = loop.getBody()->getTerminator();
  Value result = op->getResult(0);
  if (!result.hasOneUse()) {
    reason = "the op's result has uses other than the loop's update";
    return failure();
  }
  Value yielded = result;
  if (plan.outSlice) {
    auto insert = dyn_cast<tensor::InsertSliceOp>(*result.getUsers().begin());
    if (!insert || insert.getDest() != iterArg ||
        !insert.getResult().hasOneUse() ||
        !isEqualConstantIntOrValueArray(insert.getMixedOffsets(),
                                        plan.outSlice.getMixedOffsets()) ||
        !isEqualConstantIntOrValueArray(insert.getMixedSizes(),
                                        plan.outSlice.getMixedSizes())) {
      reason = "the op's result is not inserted back where its output tile "
               "was extracted";
      return failure();
    }
    plan.outInsert = insert;
    yielded = insert.getResult();
  }
  OpOperand &use = *yielded.getUses().begin();
  if (use.getOwner() != yield || use.getOperandNumber() != plan.iterArgIdx) {
    reason = "the updated output is not yielded to its own iter_arg";
    return failure();
  }
  for (OpOperand &u : iterArg.getUses())
    if (u.getOwner() != plan.outSlice && u.getOwner() != plan.outInsert &&
        u.getOwner() != op.getOperation()) {
      reason = "the output iter_arg has other uses in the loop";
      return failure();
    }
  // A tile of a fill starts from the fill value.
  Value source = loop.getInitArgs()[plan.iterArgIdx];
  while (auto s = source.getDefiningOp<tensor::ExtractSliceOp>())
    source = s.getSource();
  if (auto fill = source.getDefiningOp<linalg::FillOp>())
    if (fill.value().getType() == plan.accType)
      plan.fillValue = fill.value();
  if (!plan.fillValue && !plan.addAtEnd)
    traceFillThroughLoops(loop, plan);
  // A tile that is a broadcast of a vector along the output's innermost dim
  // (a bias) starts from that vector in every row. When the loop's output
  // is that broadcast itself (what `structured.fuse` makes of a bias), the
  // tile is written into the broadcast's destination, and the broadcast
  // is no longer needed.
  Value loopInit = loop.getInitArgs()[plan.iterArgIdx];
  // The tile is the whole iter_arg (no slice, or a slice of all of it).
  // (The iter_arg is only sliced and updated in place: its extents are
  // those of the loop's init.)
  bool wholeTile = !plan.outSlice || isWholeSlice(plan.outSlice, loopInit);
  // Through whole slices (what fusion leaves between a producer and the
  // loop), each used once.
  Value bcValue = loopInit;
  while (auto s = bcValue.getDefiningOp<tensor::ExtractSliceOp>()) {
    if (!hasOneValueUse(bcValue) || !isWholeSlice(s) ||
        s.getSourceType() != s.getType())
      break;
    bcValue = s.getSource();
  }
  if (auto bc = bcValue.getDefiningOp<linalg::BroadcastOp>()) {
    auto inputType = dyn_cast<RankedTensorType>(bc.getInput().getType());
    int64_t rank = cast<ShapedType>(loopInit.getType()).getRank();
    SmallVector<int64_t> expected =
        llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
    if (wholeTile && inputType && inputType.getRank() == 1 &&
        inputType.getElementType() == plan.accType &&
        llvm::equal(bc.getDimensions(), expected) && hasOneValueUse(loopInit) &&
        hasOneValueUse(bcValue)) {
      plan.broadcast = bc;
      plan.fillValue = Value();
      plan.firstIterationOf.clear();
      plan.chainFill = {};
    }
  }
  if (plan.fillValue && wholeTile && hasOneValueUse(loopInit))
    plan.fillOp = loopInit.getDefiningOp<linalg::FillOp>();
  // An elementwise consumer of the whole tile, alone: an epilogue.
  Value loopResult = loop.getResult(plan.iterArgIdx);
  if (wholeTile && loopResult.hasOneUse())
    if (auto e = dyn_cast<linalg::GenericOp>(*loopResult.getUsers().begin()))
      if (isElementwiseEpilogue(e, loopResult, plan.accType)) {
        plan.epilogue = e;
        plan.epilogueInput =
            llvm::find(e->getOperands(), loopResult) - e->operand_begin();
      }
  return success();
}

/// Emits the register tile.
class TileEmitter {
public:
  TileEmitter(linalg::LinalgOp op, const Plan &plan) : op(op), plan(plan) {}

  VectorType accVecType() const {
    return VectorType::get({plan.lanes}, plan.accType);
  }

  /// Row extents and the (clamped, for reads) row indices, defined where
  /// `tile` is available.
  void computeRowIndices(OpBuilder &b, Location loc, Value tile,
                         AffineMap outMap) {
    rowExtents.clear();
    for (unsigned k = 0; k < plan.rowDims.size(); ++k) {
      unsigned pos = *outMap.getResultPosition(
          getAffineDimExpr(plan.rowDims[k], b.getContext()));
      rowExtents.push_back(plan.rowStatic[k] ? Value()
                                             : Value(linalg::createOrFoldDimOp(
                                                   b, loc, tile, pos)));
    }
    readRowIndex.assign(plan.rows, {});
    exactRowIndex.assign(plan.rows, {});
    for (int64_t r = 0; r < plan.rows; ++r) {
      SmallVector<int64_t> multi = delinearize(r);
      for (unsigned k = 0; k < multi.size(); ++k) {
        Value exact = arith::ConstantIndexOp::create(b, loc, multi[k]);
        exactRowIndex[r].push_back(exact);
        if (plan.rowStatic[k]) {
          readRowIndex[r].push_back(exact);
          continue;
        }
        Value one = arith::ConstantIndexOp::create(b, loc, 1);
        Value last = arith::SubIOp::create(b, loc, rowExtents[k], one);
        readRowIndex[r].push_back(arith::MinSIOp::create(b, loc, exact, last));
      }
    }
  }

  SmallVector<int64_t> delinearize(int64_t r) const {
    SmallVector<int64_t> multi(plan.rowBounds.size());
    for (int k = plan.rowBounds.size() - 1; k >= 0; --k) {
      multi[k] = r % plan.rowBounds[k];
      r /= plan.rowBounds[k];
    }
    return multi;
  }

  /// Indices into a `tile` indexed like the output: rows then vector dim.
  SmallVector<Value> outIndices(OpBuilder &b, Location loc, AffineMap outMap,
                                int64_t r, int64_t j, bool forRead) {
    SmallVector<Value> indices;
    for (unsigned i = 0, e = outMap.getNumResults(); i < e; ++i) {
      unsigned d = outMap.getDimPosition(i);
      if (d == plan.vecDim) {
        indices.push_back(
            arith::ConstantIndexOp::create(b, loc, j * plan.lanes));
        continue;
      }
      unsigned k = llvm::find(plan.rowDims, d) - plan.rowDims.begin();
      indices.push_back(forRead ? readRowIndex[r][k] : exactRowIndex[r][k]);
    }
    return indices;
  }

  bool vectorInBounds(int64_t j) const {
    return plan.vecStatic && (j + 1) * plan.lanes <= plan.vecBound;
  }

  Value zeroOf(OpBuilder &b, Location loc, Type t) {
    return arith::ConstantOp::create(b, loc, b.getZeroAttr(t));
  }

  /// Initial accumulators: the tile's values, the fill value, or zero
  /// (the tile is added at the end).
  SmallVector<Value> initialAccumulators(OpBuilder &b, Location loc, Value tile,
                                         AffineMap outMap) {
    SmallVector<Value> accs;
    if (plan.broadcast) {
      linalg::BroadcastOp bc = plan.broadcast;
      Value input = bc.getInput();
      Value pad = zeroOf(b, loc, plan.accType);
      SmallVector<Value> rowVectors;
      for (int64_t j = 0; j < plan.vectorsPerRow; ++j)
        rowVectors.push_back(transferRead(
            b, loc, input,
            {arith::ConstantIndexOp::create(b, loc, j * plan.lanes)},
            accVecType(), pad, vectorInBounds(j)));
      for (int64_t r = 0; r < plan.rows; ++r)
        llvm::append_range(accs, rowVectors);
      return accs;
    }
    if (plan.fillValue && !plan.firstIterationOf.empty()) {
      // The fill value at the first iteration of every loop that
      // accumulates into the tile, else the tile: not loaded then.
      Value first;
      for (scf::ForOp l : plan.firstIterationOf) {
        Value isFirst =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                  l.getInductionVar(), l.getLowerBound());
        first = first ? Value(arith::AndIOp::create(b, loc, first, isFirst))
                      : isFirst;
      }
      SmallVector<Type> types(plan.rows * plan.vectorsPerRow, accVecType());
      auto ifOp = scf::IfOp::create(b, loc, types, first, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value splat =
          vector::BroadcastOp::create(b, loc, accVecType(), plan.fillValue);
      scf::YieldOp::create(b, loc, SmallVector<Value>(types.size(), splat));
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, loadTile(b, loc, tile, outMap));
      return SmallVector<Value>(ifOp.getResults());
    }
    if (plan.fillValue || plan.addAtEnd) {
      Value splat = plan.fillValue ? Value(vector::BroadcastOp::create(
                                         b, loc, accVecType(), plan.fillValue))
                                   : Value(arith::ConstantOp::create(
                                         b, loc, b.getZeroAttr(accVecType())));
      accs.assign(plan.rows * plan.vectorsPerRow, splat);
      return accs;
    }
    return loadTile(b, loc, tile, outMap);
  }

  /// The tile as native vectors, one block of loads.
  SmallVector<Value> loadTile(OpBuilder &b, Location loc, Value tile,
                              AffineMap outMap) {
    SmallVector<Value> vectors;
    Value pad = zeroOf(b, loc, plan.accType);
    for (int64_t r = 0; r < plan.rows; ++r)
      for (int64_t j = 0; j < plan.vectorsPerRow; ++j)
        vectors.push_back(transferRead(b, loc, tile,
                                       outIndices(b, loc, outMap, r, j, true),
                                       accVecType(), pad, vectorInBounds(j)));
    return vectors;
  }

  /// `accs` + the tile: a block of loads, then a block of adds.
  SmallVector<Value> addTile(OpBuilder &b, Location loc, Value tile,
                             AffineMap outMap, ValueRange accs) {
    SmallVector<Value> loaded = loadTile(b, loc, tile, outMap);
    SmallVector<Value> sums;
    for (auto [acc, t] : llvm::zip(accs, loaded))
      sums.push_back(isa<FloatType>(plan.accType)
                         ? Value(arith::AddFOp::create(b, loc, t, acc))
                         : Value(arith::AddIOp::create(b, loc, t, acc)));
    return sums;
  }

  /// A 1-D read along dim `pos` of `source` (default: the innermost).
  Value transferRead(OpBuilder &b, Location loc, Value source,
                     ArrayRef<Value> indices, VectorType type, Value pad,
                     bool inBounds, std::optional<unsigned> pos = {}) {
    unsigned rank = cast<ShapedType>(source.getType()).getRank();
    AffineMap map = AffineMap::get(
        rank, 0, getAffineDimExpr(pos ? *pos : rank - 1, b.getContext()));
    return vector::TransferReadOp::create(
        b, loc, type, source, indices, AffineMapAttr::get(map), pad,
        /*mask=*/Value(), b.getBoolArrayAttr({inBounds}));
  }

  /// One reduction point: loads, then per row broadcast + body per vector.
  SmallVector<Value> step(OpBuilder &b, Location loc, ArrayRef<Value> redIvs,
                          ValueRange accs) {
    Block &body = op->getRegion(0).front();
    // Loop-dim values for row r and vector j (vector dim: j * lanes).
    auto dimValues = [&](int64_t r, int64_t j) {
      SmallVector<OpFoldResult> dims(plan.numLoops, b.getIndexAttr(0));
      for (unsigned k = 0; k < plan.rowDims.size(); ++k)
        dims[plan.rowDims[k]] = readRowIndex[r][k];
      dims[plan.vecDim] = b.getIndexAttr(j * plan.lanes);
      for (unsigned k = 0; k < plan.redDims.size(); ++k)
        dims[plan.redDims[k]] = redIvs[k];
      return dims;
    };
    auto indicesFor = [&](AffineMap map, int64_t r, int64_t j) {
      SmallVector<OpFoldResult> dims = dimValues(r, j);
      SmallVector<Value> indices;
      for (AffineExpr e : map.getResults()) {
        OpFoldResult idx = affine::makeComposedFoldedAffineApply(
            b, loc, AffineMap::get(plan.numLoops, 0, e), dims);
        indices.push_back(getValueOrCreateConstantIndexOp(b, loc, idx));
      }
      return indices;
    };
    // Key of a read: the row dims the map uses (others zeroed), and j.
    auto rowKey = [&](AffineMap map, int64_t r) {
      SmallVector<int64_t> multi = delinearize(r);
      for (unsigned k = 0; k < multi.size(); ++k)
        if (!map.isFunctionOfDim(plan.rowDims[k]))
          multi[k] = 0;
      return multi;
    };

    SmallVector<OpOperand *> inputs = op.getDpsInputOperands();
    // Vectored inputs first: the block of loads.
    std::map<std::pair<unsigned, std::pair<SmallVector<int64_t>, int64_t>>,
             Value>
        vectors;
    for (unsigned i = 0; i < inputs.size(); ++i) {
      if (plan.inputKinds[i] != InputKind::Vectored)
        continue;
      AffineMap map = op.getMatchingIndexingMap(inputs[i]);
      Type elt = getElementTypeOrSelf(inputs[i]->get().getType());
      VectorType type = VectorType::get({plan.lanes}, elt);
      for (int64_t r = 0; r < plan.rows; ++r)
        for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
          auto key = std::make_pair(i, std::make_pair(rowKey(map, r), j));
          if (vectors.count(key))
            continue;
          vectors[key] = transferRead(
              b, loc, inputs[i]->get(), indicesFor(map, r, j), type,
              zeroOf(b, loc, elt), vectorInBounds(j),
              plan.vectorPos.lookup(inputs[i]->getOperandNumber()));
        }
    }

    std::map<std::pair<unsigned, SmallVector<int64_t>>, Value> scalars;
    SmallVector<Value> next;
    for (int64_t r = 0; r < plan.rows; ++r) {
      // Broadcast inputs of this row.
      SmallVector<Value> rowValues(inputs.size());
      for (unsigned i = 0; i < inputs.size(); ++i) {
        Value source = inputs[i]->get();
        Type elt = getElementTypeOrSelf(source.getType());
        VectorType type = VectorType::get({plan.lanes}, elt);
        if (plan.inputKinds[i] == InputKind::Scalar) {
          rowValues[i] = vector::BroadcastOp::create(b, loc, type, source);
          continue;
        }
        if (plan.inputKinds[i] != InputKind::Broadcast)
          continue;
        AffineMap map = op.getMatchingIndexingMap(inputs[i]);
        auto key = std::make_pair(i, rowKey(map, r));
        Value &cached = scalars[key];
        if (!cached) {
          SmallVector<Value> idx = indicesFor(map, r, 0);
          Value scalar =
              plan.onTensors
                  ? Value(tensor::ExtractOp::create(b, loc, source, idx))
                  : Value(memref::LoadOp::create(b, loc, source, idx));
          cached = vector::BroadcastOp::create(b, loc, type, scalar);
        }
        rowValues[i] = cached;
      }
      for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
        IRMapping map;
        for (unsigned i = 0; i < inputs.size(); ++i) {
          Value v = rowValues[i];
          if (plan.inputKinds[i] == InputKind::Vectored)
            v = vectors[std::make_pair(
                i, std::make_pair(
                       rowKey(op.getMatchingIndexingMap(inputs[i]), r), j))];
          map.map(body.getArgument(i), v);
        }
        map.map(body.getArgument(inputs.size()),
                accs[r * plan.vectorsPerRow + j]);
        for (Operation &bodyOp : body.without_terminator()) {
          if (plan.fusedMuls.contains(&bodyOp))
            continue;
          if (auto add = dyn_cast<arith::AddFOp>(&bodyOp)) {
            arith::MulFOp mul;
            Value other;
            for (unsigned k = 0; k < 2 && !mul; ++k) {
              auto m = add->getOperand(k).getDefiningOp<arith::MulFOp>();
              if (m && plan.fusedMuls.contains(m)) {
                mul = m;
                other = add->getOperand(1 - k);
              }
            }
            if (mul) {
              map.map(add.getResult(),
                      vector::FMAOp::create(
                          b, loc, vectorized(b, loc, map, mul.getLhs()),
                          vectorized(b, loc, map, mul.getRhs()),
                          vectorized(b, loc, map, other)));
              continue;
            }
          }
          vectorizeElementwise(b, loc, map, bodyOp);
        }
        Value yielded = body.getTerminator()->getOperand(0);
        next.push_back(vectorized(b, loc, map, yielded));
      }
    }
    return next;
  }

  /// `op` (an elementwise scalar op) at vectors of `lanes`, its operands
  /// looked up in (or broadcast into) `map`; maps its result.
  void vectorizeElementwise(OpBuilder &b, Location loc, IRMapping &map,
                            Operation &op) {
    SmallVector<Value> operands;
    for (Value v : op.getOperands())
      operands.push_back(vectorized(b, loc, map, v));
    OperationState state(loc, op.getName());
    state.addOperands(operands);
    state.addTypes(VectorType::get({plan.lanes}, op.getResult(0).getType()));
    state.addAttributes(op.getAttrs());
    map.map(op.getResult(0), b.create(state)->getResult(0));
  }

  /// `v` as a vector of `lanes`: mapped, or a broadcast of a value defined
  /// outside the body.
  Value vectorized(OpBuilder &b, Location loc, IRMapping &map, Value v) {
    if (Value m = map.lookupOrNull(v))
      return m;
    Value splat = vector::BroadcastOp::create(
        b, loc, VectorType::get({plan.lanes}, v.getType()), v);
    map.map(v, splat);
    return splat;
  }

  /// Stores the accumulators into `tile` (a tensor: returns the new tensor;
  /// a buffer: returns null), one straight block of vector stores. Rows
  /// beyond a dynamic extent are stored at a clamped (valid) row under an
  /// all-false mask, so the block has no branches.
  Value store(OpBuilder &b, Location loc, Value tile, AffineMap outMap,
              ValueRange accs) {
    bool tensor = isa<RankedTensorType>(tile.getType());
    unsigned rank = outMap.getNumResults();
    AffineMapAttr perm = AffineMapAttr::get(
        AffineMap::getMinorIdentityMap(rank, 1, b.getContext()));
    VectorType maskType = VectorType::get({plan.lanes}, b.getI1Type());
    Value vecExtent;
    if (!plan.vecStatic) {
      unsigned pos = *outMap.getResultPosition(
          getAffineDimExpr(plan.vecDim, b.getContext()));
      vecExtent = linalg::createOrFoldDimOp(b, loc, tile, pos);
    }
    for (int64_t r = 0; r < plan.rows; ++r) {
      // Whether every dynamic row index is within its extent.
      Value inRange;
      SmallVector<int64_t> multi = delinearize(r);
      for (unsigned k = 0; k < multi.size(); ++k) {
        if (plan.rowStatic[k] || multi[k] == 0)
          continue;
        Value c = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        exactRowIndex[r][k], rowExtents[k]);
        inRange = inRange ? arith::AndIOp::create(b, loc, inRange, c) : c;
      }
      for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
        Value mask;
        if (inRange || !vectorInBounds(j)) {
          // Lanes to store: what is left of the vector dim (or all lanes),
          // none when the row does not exist.
          Value lanes = arith::ConstantIndexOp::create(b, loc, plan.lanes);
          if (vecExtent) {
            Value start =
                arith::ConstantIndexOp::create(b, loc, j * plan.lanes);
            Value left = arith::SubIOp::create(b, loc, vecExtent, start);
            lanes = arith::MinSIOp::create(b, loc, left, lanes);
          } else if (!vectorInBounds(j)) {
            lanes = arith::ConstantIndexOp::create(
                b, loc, plan.vecBound - j * plan.lanes);
          }
          if (inRange)
            lanes = arith::SelectOp::create(
                b, loc, inRange, lanes,
                arith::ConstantIndexOp::create(b, loc, 0));
          mask =
              vector::CreateMaskOp::create(b, loc, maskType, ValueRange{lanes});
        }
        auto w = vector::TransferWriteOp::create(
            b, loc, accs[r * plan.vectorsPerRow + j], tile,
            outIndices(b, loc, outMap, r, j, /*forRead=*/true), perm, mask,
            b.getBoolArrayAttr({vectorInBounds(j)}));
        if (tensor)
          tile = w.getResult();
      }
    }
    return tensor ? tile : Value();
  }

private:
  linalg::LinalgOp op;
  const Plan &plan;
  SmallVector<Value> rowExtents;
  SmallVector<SmallVector<Value>> readRowIndex, exactRowIndex;
};

/// Nested loops over the op's reduction dims (extents from its operands),
/// carrying the accumulators; `step` at the innermost point. `innermost` is
/// set to the innermost loop built (none if every extent is 1).
SmallVector<Value> emitReductionNest(OpBuilder &b, Location loc,
                                     linalg::LinalgOp op, const Plan &plan,
                                     TileEmitter &emitter, ValueRange accs,
                                     scf::ForOp &innermost) {
  SmallVector<OpFoldResult> extents;
  SmallVector<int64_t> staticRanges = op.getStaticLoopRanges();
  for (unsigned d : plan.redDims) {
    if (!ShapedType::isDynamic(staticRanges[d])) {
      extents.push_back(b.getIndexAttr(staticRanges[d]));
      continue;
    }
    OpFoldResult extent;
    for (OpOperand &operand : op->getOpOperands()) {
      if (extent || !isa<ShapedType>(operand.get().getType()))
        continue;
      AffineMap map = op.getMatchingIndexingMap(&operand);
      for (unsigned i = 0, e = map.getNumResults(); i < e; ++i)
        if (auto dim = dyn_cast<AffineDimExpr>(map.getResult(i)))
          if (dim.getPosition() == d) {
            extent = linalg::createOrFoldDimOp(b, loc, operand.get(), i);
            break;
          }
    }
    extents.push_back(extent);
  }
  SmallVector<Value> ivs;
  std::function<SmallVector<Value>(OpBuilder &, unsigned, ValueRange)> nest =
      [&](OpBuilder &nb, unsigned level, ValueRange carried) {
        if (level == extents.size())
          return emitter.step(nb, loc, ivs, carried);
        std::optional<int64_t> c = getConstantIntValue(extents[level]);
        if (c && *c == 1) {
          ivs.push_back(arith::ConstantIndexOp::create(nb, loc, 0));
          SmallVector<Value> r = nest(nb, level + 1, carried);
          ivs.pop_back();
          return r;
        }
        Value zero = arith::ConstantIndexOp::create(nb, loc, 0);
        Value one = arith::ConstantIndexOp::create(nb, loc, 1);
        Value ub = getValueOrCreateConstantIndexOp(nb, loc, extents[level]);
        auto loop = scf::ForOp::create(
            nb, loc, zero, ub, one, carried,
            [&](OpBuilder &lb, Location l, Value iv, ValueRange iterArgs) {
              ivs.push_back(iv);
              SmallVector<Value> r = nest(lb, level + 1, iterArgs);
              ivs.pop_back();
              scf::YieldOp::create(lb, l, r);
            });
        // Loops complete inside out: the first is the innermost.
        if (!innermost)
          innermost = loop;
        return SmallVector<Value>(loop.getResults());
      };
  return nest(b, 0, accs);
}

} // namespace

namespace {
/// The rewrite of an analyzed (op, loop) pair.
CacheReduceResult rewrite(RewriterBase &rewriter, linalg::LinalgOp op,
                          scf::ForOp loop, Plan plan);

/// The extent of the vector dim of the op's output tile, as a value
/// available before the loop.
Value vectorExtentBeforeLoop(RewriterBase &rewriter, linalg::LinalgOp op,
                             scf::ForOp loop, Plan &plan) {
  Location loc = op.getLoc();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  unsigned pos = *outMap.getResultPosition(
      getAffineDimExpr(plan.vecDim, rewriter.getContext()));
  IRMapping hoisted;
  if (plan.onTensors && plan.outSlice)
    return getValueOrCreateConstantIndexOp(
        rewriter, loc,
        hoistInvariant(rewriter, loop, plan.outSlice.getMixedSizes()[pos],
                       hoisted));
  Value tile = plan.onTensors
                   ? loop.getInitArgs()[plan.iterArgIdx]
                   : hoistInvariant(rewriter, loop,
                                    op.getDpsInitOperand(0)->get(), hoisted);
  return getValueOrCreateConstantIndexOp(
      rewriter, loc, linalg::createOrFoldDimOp(rewriter, loc, tile, pos));
}

} // namespace

FailureOr<CacheReduceResult> cacheReduce(RewriterBase &rewriter,
                                         linalg::LinalgOp op, scf::ForOp loop,
                                         const TargetInfo &target,
                                         const CacheReduceOptions &options,
                                         std::string &reason) {
  Plan plan;
  if (failed(analyzeOp(op, target, options, plan, reason)) ||
      failed(analyzeLoop(op, loop, plan, reason)))
    return failure();
  // A fill the tile stores overwrite before anything reads it (see
  // traceFillThroughLoops): the loops start from its destination.
  auto bypassFill = [&](CacheReduceResult result) {
    if (plan.chainFill) {
      rewriter.modifyOpInPlace(plan.chainTop, [&] {
        plan.chainTop.getInitArgsMutable()[plan.chainTopIdx].set(
            plan.chainFill.getOutputs()[0]);
      });
      rewriter.eraseOp(plan.chainFill);
      result.fillBypassed = true;
    }
    return result;
  };
  if (plan.vecStatic || plan.vectorsPerRow == 1)
    return bypassFill(rewrite(rewriter, op, loop, plan));

  // A partial tile along the vector dim: one version of the loop per number
  // of native vectors the tile needs (scf.index_switch on it), so that an
  // edge tile of 12 columns computes one vector per row, not four.
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = op.getLoc();
  // The epilogue goes into every version (applied to that version's
  // registers) if what it reads besides the tile is available before the
  // loop, or is computed after it by side-effect-free ops on values that
  // are (a slice of its destination): those move before the loop.
  linalg::GenericOp epilogue = plan.epilogue;
  SmallVector<Operation *> toHoist;
  if (epilogue) {
    for (Value v : epilogue->getOperands()) {
      if (v.getDefiningOp() == loop.getOperation())
        continue;
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != loop->getBlock() ||
          def->isBeforeInBlock(loop))
        continue;
      bool movable = isMemoryEffectFree(def) && def->getNumRegions() == 0 &&
                     llvm::all_of(def->getOperands(), [&](Value w) {
                       Operation *d = w.getDefiningOp();
                       return !d || d->getBlock() != loop->getBlock() ||
                              d->isBeforeInBlock(loop);
                     });
      if (!movable) {
        epilogue = {};
        break;
      }
      toHoist.push_back(def);
    }
  }
  if (epilogue)
    for (Operation *def : toHoist)
      rewriter.moveOpBefore(def, loop);
  rewriter.setInsertionPoint(loop);
  Value extent = vectorExtentBeforeLoop(rewriter, op, loop, plan);
  AffineExpr s0 = getAffineSymbolExpr(0, rewriter.getContext());
  Value count = getValueOrCreateConstantIndexOp(
      rewriter, loc,
      affine::makeComposedFoldedAffineApply(rewriter, loc,
                                            s0.ceilDiv(plan.lanes), {extent}));
  SmallVector<int64_t> cases =
      llvm::to_vector(llvm::seq<int64_t>(1, plan.vectorsPerRow));
  // A tile as wide as the static tile (every tile but the edge ones) gets
  // a version of its own (case 0) with whole vectors: no masks on the hot
  // path (masks computed in the loop compete with the FMAs for the vector
  // units when the register allocator rematerializes them).
  bool fullCase = plan.vecBound % plan.lanes == 0;
  if (fullCase) {
    Value isFull = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, extent,
        arith::ConstantIndexOp::create(rewriter, loc, plan.vecBound));
    count = arith::SelectOp::create(
        rewriter, loc, isFull, arith::ConstantIndexOp::create(rewriter, loc, 0),
        count);
    cases.insert(cases.begin(), 0);
  }
  SmallVector<Type> resultTypes(loop.getResultTypes());
  if (epilogue)
    resultTypes.push_back(epilogue->getResult(0).getType());
  auto sw = scf::IndexSwitchOp::create(rewriter, loc, resultTypes, count, cases,
                                       cases.size());
  CacheReduceResult result;
  auto version = [&](Region &region, int64_t vectors) {
    Block *block = rewriter.createBlock(&region);
    rewriter.setInsertionPointToStart(block);
    IRMapping mapping;
    auto clone = cast<scf::ForOp>(rewriter.clone(*loop, mapping));
    SmallVector<Value> yielded(clone.getResults());
    Plan p = plan;
    p.epilogue = {};
    if (epilogue) {
      p.epilogue = cast<linalg::GenericOp>(rewriter.clone(*epilogue, mapping));
      yielded.push_back(p.epilogue->getResult(0));
    }
    scf::YieldOp::create(rewriter, loc, yielded);
    auto clonedOp = cast<linalg::LinalgOp>(mapping.lookup(op.getOperation()));
    // vectors == 0: the full-width version.
    p.vecStatic = vectors == 0;
    p.vectorsPerRow = vectors ? vectors : plan.vectorsPerRow;
    p.vecBound = vectors ? vectors * plan.lanes : plan.vecBound;
    // The narrow versions (fewer vectors than the tile: the edge columns)
    // carry no prefetch marks. Their iterations are a fraction of the
    // tile's (one FMA per row and vector), so the prefetches the marks
    // become, one per A row and B line per iteration, take a large share
    // of their load slots, more than the misses they hide cost, even where
    // the edge block streams its rows of A alone. Measured on Zen 5 (6 x 64,
    // @regtile_matmul, in one process): 1000x1100x900 (a 12-column edge
    // after full tiles) ran 1.012-1.016x as fast without the marks,
    // 2048x80x2048 (a 16-column block of its own) 1.038x.
    if (vectors && vectors < plan.vectorsPerRow) {
      p.prefetchAhead = 0;
      p.prefetchStreamsAhead = 0;
      p.prefetchNextStreams = false;
    }
    if (p.outSlice)
      p.outSlice = cast<tensor::ExtractSliceOp>(
          mapping.lookup(plan.outSlice.getOperation()));
    if (p.outInsert)
      p.outInsert = cast<tensor::InsertSliceOp>(
          mapping.lookup(plan.outInsert.getOperation()));
    DenseSet<Operation *> fused;
    for (Operation *m : plan.fusedMuls)
      fused.insert(mapping.lookup(m));
    p.fusedMuls = std::move(fused);
    return rewrite(rewriter, clonedOp, clone, p);
  };
  for (auto [i, c] : llvm::enumerate(cases))
    (void)version(sw.getCaseRegions()[i], c);
  result = version(sw.getDefaultRegion(), plan.vectorsPerRow);
  unsigned numLoopResults = loop->getNumResults();
  if (epilogue)
    rewriter.replaceOp(epilogue, sw.getResults().drop_front(numLoopResults));
  rewriter.replaceOp(loop, sw.getResults().take_front(numLoopResults));
  return bypassFill(result);
}

namespace {
CacheReduceResult rewrite(RewriterBase &rewriter, linalg::LinalgOp op,
                          scf::ForOp loop, Plan plan) {
  Location loc = op.getLoc();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  TileEmitter emitter(op, plan);
  OpBuilder::InsertionGuard guard(rewriter);

  // Before the loop: the tile and the initial accumulators.
  rewriter.setInsertionPoint(loop);
  Value outer; // tensors: the iter_arg's initial value
  Value tile;
  IRMapping hoisted;
  SmallVector<OpFoldResult> offsets, sizes, strides;
  if (plan.onTensors) {
    outer = loop.getInitArgs()[plan.iterArgIdx];
    // Every element of the tile is stored after the loop: a broadcast or
    // fill that only made the loop's initial output is bypassed.
    if (plan.broadcast)
      outer = plan.broadcast.getInit();
    else if (plan.fillOp)
      outer = plan.fillOp.getOutputs()[0];
    tile = outer;
    if (plan.outSlice) {
      auto hoist = [&](ArrayRef<OpFoldResult> values) {
        SmallVector<OpFoldResult> out;
        for (OpFoldResult v : values)
          out.push_back(hoistInvariant(rewriter, loop, v, hoisted));
        return out;
      };
      offsets = hoist(plan.outSlice.getMixedOffsets());
      sizes = hoist(plan.outSlice.getMixedSizes());
      strides = hoist(plan.outSlice.getMixedStrides());
      tile = tensor::ExtractSliceOp::create(rewriter, loc, outer, offsets,
                                            sizes, strides);
    }
  } else {
    tile =
        hoistInvariant(rewriter, loop, op.getDpsInitOperand(0)->get(), hoisted);
  }
  emitter.computeRowIndices(rewriter, loc, tile, outMap);
  SmallVector<Value> accs =
      emitter.initialAccumulators(rewriter, loc, tile, outMap);

  // The new loop: the other iter_args, then the accumulators.
  SmallVector<Value> inits;
  for (auto [i, v] : llvm::enumerate(loop.getInitArgs()))
    if (!plan.onTensors || i != plan.iterArgIdx)
      inits.push_back(v);
  unsigned numOthers = inits.size();
  llvm::append_range(inits, accs);
  auto newLoop =
      scf::ForOp::create(rewriter, loc, loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  Block *newBody = newLoop.getBody();
  if (!newBody->empty())
    rewriter.eraseOp(newBody->getTerminator());
  SmallVector<Value> argValues = {newLoop.getInductionVar()};
  unsigned other = 0;
  for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i)
    argValues.push_back(plan.onTensors && i == plan.iterArgIdx
                            ? outer
                            : newLoop.getRegionIterArgs()[other++]);
  auto oldYield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  rewriter.mergeBlocks(loop.getBody(), newBody, argValues);

  // The op becomes the register tile's step.
  rewriter.setInsertionPoint(op);
  ValueRange carried = newLoop.getRegionIterArgs().drop_front(numOthers);
  scf::ForOp innermost;
  SmallVector<Value> updated =
      emitReductionNest(rewriter, loc, op, plan, emitter, carried, innermost);
  // What the loop streams is read in the innermost loop that carries the
  // accumulators: that one is marked for prefetching.
  Operation *marked = innermost ? innermost : newLoop;
  if (plan.prefetchAhead > 0)
    marked->setAttr(kPrefetchAheadAttrName,
                    rewriter.getI64IntegerAttr(plan.prefetchAhead));
  if (plan.prefetchStreamsAhead > 0)
    marked->setAttr(kPrefetchStreamsAheadAttrName,
                    rewriter.getI64IntegerAttr(plan.prefetchStreamsAhead));
  if (plan.prefetchNextStreams)
    marked->setAttr(kPrefetchStreamsNextAttrName, rewriter.getUnitAttr());
  SmallVector<Value> yields;
  for (auto [i, v] : llvm::enumerate(oldYield.getOperands()))
    if (!plan.onTensors || i != plan.iterArgIdx)
      yields.push_back(v);
  llvm::append_range(yields, updated);
  rewriter.setInsertionPoint(oldYield);
  scf::YieldOp::create(rewriter, oldYield.getLoc(), yields);
  rewriter.eraseOp(oldYield);
  if (plan.outInsert)
    rewriter.eraseOp(plan.outInsert);
  rewriter.eraseOp(op);
  if (plan.outSlice)
    rewriter.eraseOp(plan.outSlice);

  // After the loop: one block of stores.
  rewriter.setInsertionPointAfter(newLoop);
  SmallVector<Value> finalAccs(newLoop.getResults().drop_front(numOthers));
  if (plan.addAtEnd && !plan.fillValue && !plan.broadcast)
    finalAccs = emitter.addTile(rewriter, loc, tile, outMap, finalAccs);
  SmallVector<Value> replacements;
  other = 0;
  if (plan.onTensors && plan.epilogue) {
    // The epilogue on the registers, one store into its destination; the
    // tile itself is never stored.
    linalg::GenericOp e = plan.epilogue;
    // At the epilogue, where its destination exists.
    rewriter.setInsertionPoint(e);
    Block &body = e->getRegion(0).front();
    SmallVector<Value> results;
    for (Value acc : finalAccs) {
      IRMapping map;
      for (auto [i, operand] : llvm::enumerate(e.getDpsInputs()))
        map.map(body.getArgument(i),
                i == plan.epilogueInput
                    ? acc
                    : emitter.vectorized(rewriter, loc, map, operand));
      for (Operation &bodyOp : body.without_terminator())
        emitter.vectorizeElementwise(rewriter, loc, map, bodyOp);
      results.push_back(emitter.vectorized(
          rewriter, loc, map, body.getTerminator()->getOperand(0)));
    }
    Value written = emitter.store(rewriter, loc, e.getDpsInitOperand(0)->get(),
                                  outMap, results);
    rewriter.replaceOp(e, written);
    for (unsigned i = 0, n = loop.getNumResults(); i < n; ++i)
      replacements.push_back(
          i == plan.iterArgIdx ? outer : Value(newLoop.getResult(other++)));
  } else if (plan.onTensors) {
    Value written = emitter.store(rewriter, loc, tile, outMap, finalAccs);
    if (plan.outSlice)
      written = tensor::InsertSliceOp::create(rewriter, loc, written, outer,
                                              offsets, sizes, strides);
    for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
      replacements.push_back(
          i == plan.iterArgIdx ? written : Value(newLoop.getResult(other++)));
  } else {
    emitter.store(rewriter, loc, tile, outMap, finalAccs);
    for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
      replacements.push_back(newLoop.getResult(i));
  }
  rewriter.replaceOp(loop, replacements);
  // What tiling left in the loop body but does not change in it (tile
  // offsets of the inputs, their slices) is computed once before it.
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(newLoop.getOperation()));

  CacheReduceResult result;
  result.loop = newLoop;
  result.prefetchAhead = plan.prefetchAhead;
  result.prefetchStreamsAhead = plan.prefetchStreamsAhead;
  result.prefetchNextStreams = plan.prefetchNextStreams;
  result.rows = plan.rows;
  result.vectorsPerRow = plan.vectorsPerRow;
  result.masked = plan.masked();
  result.fromFill = static_cast<bool>(plan.fillValue);
  result.addedAtEnd = plan.addAtEnd && !plan.fillValue && !plan.broadcast;
  // The bypassed broadcast or fill is dead now.
  if (plan.broadcast && plan.broadcast->use_empty())
    rewriter.eraseOp(plan.broadcast);
  if (plan.fillOp && plan.fillOp->use_empty())
    rewriter.eraseOp(plan.fillOp);
  return result;
}
} // namespace

} // namespace regtile
