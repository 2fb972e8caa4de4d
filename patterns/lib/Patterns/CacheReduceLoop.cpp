//===- CacheReduceLoop.cpp - The tile in its loop ---------------------===//

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
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace regtile::cache_reduce {
namespace {

/// Whether `e` is an elementwise op over the whole `tile` (read once, at
/// the indices it writes, into an output of the tile's shape and any
/// element type: a requantization writes i8) whose other inputs are
/// scalars or tensors read along the tile's innermost dim (a per-channel
/// scale or bias: a projected permutation of its dims ending with the
/// innermost; a residual: the identity) or across it (a per-row bias: a
/// projected permutation without the innermost dim, one value per row).
bool isElementwiseEpilogue(linalg::GenericOp e, Value tile, Type accType) {
  auto tileType = cast<RankedTensorType>(tile.getType());
  auto initType =
      dyn_cast<RankedTensorType>(e.getDpsInitOperand(0)->get().getType());
  if (!e.hasPureTensorSemantics() || e.getNumDpsInits() != 1 ||
      e.getNumReductionLoops() != 0 || !initType ||
      initType.getShape() != tileType.getShape() ||
      !initType.getElementType().isIntOrFloat())
    return false;
  unsigned tiles = 0;
  unsigned last = tileType.getRank() - 1;
  for (OpOperand &operand : e->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    AffineMap map = e.getMatchingIndexingMap(&operand);
    if (!e.isDpsInput(&operand) || operand.get() == tile) {
      if (!map.isIdentity())
        return false;
      tiles += operand.get() == tile;
      continue;
    }
    std::optional<unsigned> inner =
        map.getNumResults()
            ? map.getResultPosition(getAffineDimExpr(last, e.getContext()))
            : std::nullopt;
    if (!map.isProjectedPermutation() ||
        (inner && *inner != map.getNumResults() - 1) ||
        !getElementTypeOrSelf(operand.get().getType()).isIntOrFloat())
      return false;
  }
  Block &body = e->getRegion(0).front();
  if (tiles != 1 || !body.getArguments().back().use_empty())
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

/// Whether `a` and `b` (a tile's extract and the insert of its update)
/// address the same region: offsets, sizes and strides.
bool sameRegion(OffsetSizeAndStrideOpInterface a,
                OffsetSizeAndStrideOpInterface b) {
  return a.isSameAs(b, isEqualConstantIntOrValue);
}

/// `size` is what tiling by `step` over [0, ub) makes of a tile's extent:
/// the constant `step` (ub a constant multiple of it) or min(step, ub - iv),
/// `step` a constant or a value (scf.forall's step from a thread count).
bool isTileExtent(OpFoldResult size, Value iv, OpFoldResult step,
                  OpFoldResult ub) {
  std::optional<int64_t> stepConst = getConstantIntValue(step);
  if (std::optional<int64_t> c = getConstantIntValue(size)) {
    std::optional<int64_t> u = getConstantIntValue(ub);
    return stepConst && *c == *stepConst && u && *u % *stepConst == 0;
  }
  auto min = dyn_cast_if_present<affine::AffineMinOp>(
      cast<Value>(size).getDefiningOp());
  if (!min || min.getMap().getNumResults() != 2)
    return false;
  AffineMap map = min.getMap();
  MLIRContext *ctx = map.getContext();
  // Whether result `e` of the min is the step.
  auto isStep = [&](AffineExpr e) {
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      return stepConst && c.getValue() == *stepConst;
    unsigned pos;
    if (auto d = dyn_cast<AffineDimExpr>(e))
      pos = d.getPosition();
    else if (auto s = dyn_cast<AffineSymbolExpr>(e))
      pos = map.getNumDims() + s.getPosition();
    else
      return false;
    return getAsOpFoldResult(min.getMapOperands()[pos]) == step;
  };
  for (unsigned i = 0; i < 2; ++i) {
    if (!isStep(map.getResult(i)))
      continue;
    AffineMap rest = AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                                    map.getResult(1 - i));
    AffineMap diff = AffineMap::get(
        2, 0, getAffineDimExpr(0, ctx) - getAffineDimExpr(1, ctx));
    using Variable = ValueBoundsConstraintSet::Variable;
    FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
        Variable(rest, min.getMapOperands()),
        Variable(diff, ArrayRef<Variable>{Variable(ub), Variable(iv)}));
    return succeeded(equal) && *equal;
  }
  return false;
}

/// The path from the reduction loop's output tile up to a linalg.fill:
/// the slices and the enclosing loops (scf.for or scf.forall, with the
/// iter_arg or shared output) it goes through.
struct FillPath {
  SmallVector<tensor::ExtractSliceOp> slices;
  SmallVector<std::pair<LoopLikeOpInterface, unsigned>> loops;
  linalg::FillOp fill;
  /// Whether the tile is a slice of the fill's result, or the fill's result
  /// has other uses (then the tile's stores do not cover it).
  bool partial = false;
};

/// Whether the iter_arg `arg` of `l` is only sliced (`from`) and the
/// updated tile inserted back at the same place, or only handed to the
/// inner loop `from` whose result `updated` is yielded.
bool threadsTile(scf::ForOp l, BlockArgument arg, Operation *from,
                 Value updated) {
  Value yielded =
      l.getBody()->getTerminator()->getOperand(arg.getArgNumber() - 1);
  auto s = dyn_cast<tensor::ExtractSliceOp>(from);
  if (!s)
    return arg.hasOneUse() && yielded == updated && updated.hasOneUse();
  if (!llvm::hasNItems(arg.getUses(), 2))
    return false;
  tensor::InsertSliceOp insert;
  for (Operation *user : arg.getUsers())
    if (user != s)
      insert = dyn_cast<tensor::InsertSliceOp>(user);
  return insert && insert.getDest() == arg && insert.getSource() == updated &&
         insert.getResult() == yielded && yielded.hasOneUse() &&
         sameRegion(insert, s);
}

/// Whether the shared output `arg` of `l` is only sliced (`from`) and the
/// updated tile inserted back at the same place by the terminator: each
/// iteration owns its tile (scf.forall's parallel inserts must not
/// overlap), which it finds as the forall's init left it.
bool threadsTile(scf::ForallOp l, BlockArgument arg, Operation *from,
                 Value updated) {
  auto s = dyn_cast<tensor::ExtractSliceOp>(from);
  if (!s || !llvm::hasNItems(arg.getUses(), 2) || !updated.hasOneUse())
    return false;
  auto insert =
      dyn_cast<tensor::ParallelInsertSliceOp>(*updated.getUsers().begin());
  return insert && insert.getDest() == arg && sameRegion(insert, s);
}

/// Follows the initial value of the reduction loop's output tile up
/// through tensor slices and the iter_args of enclosing scf.for loops to a
/// linalg.fill, the way tiling threads an output through its loops (see
/// threadsTile). Fails on anything else.
FailureOr<FillPath> findFillPath(scf::ForOp reductionLoop, const Plan &plan) {
  FillPath path;
  Value v = reductionLoop.getInitArgs()[plan.iterArgIdx];
  // What carries the updated tile at the current level.
  Value updated = reductionLoop.getResult(plan.iterArgIdx);
  Operation *from = reductionLoop;
  // The tile within the reduction loop's iter_arg (invariant in it).
  if (plan.outSlice)
    path.slices.push_back(plan.outSlice);
  while (true) {
    // A cast of the tile's type (static and dynamic extents: what tiling
    // leaves between a loop's iter_arg and a tile of fixed width).
    if (auto c = v.getDefiningOp<tensor::CastOp>()) {
      if (!c->hasOneUse())
        return failure();
      from = c;
      v = c.getSource();
      continue;
    }
    if (auto s = v.getDefiningOp<tensor::ExtractSliceOp>()) {
      if (!s.hasUnitStride() ||
          s.getSourceType().getRank() != s.getType().getRank())
        return failure();
      path.slices.push_back(s);
      from = s;
      v = s.getSource();
      continue;
    }
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg)
      break;
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto l = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getOwner() != l.getBody() || arg.getArgNumber() == 0 ||
          from->getBlock() != l.getBody() ||
          !threadsTile(l, arg, from, updated))
        return failure();
      unsigned idx = arg.getArgNumber() - 1;
      path.loops.push_back({l, idx});
      updated = l.getResult(idx);
      from = l;
      v = l.getInitArgs()[idx];
      continue;
    }
    // The threads' loop distribute_over_threads makes.
    auto l = dyn_cast<scf::ForallOp>(parent);
    unsigned ivs = l ? l.getRank() : 0;
    if (!l || arg.getOwner() != l.getBody() || arg.getArgNumber() < ivs ||
        from->getBlock() != l.getBody() || !threadsTile(l, arg, from, updated))
      return failure();
    unsigned idx = arg.getArgNumber() - ivs;
    path.loops.push_back({l, idx});
    updated = l.getResult(idx);
    from = l;
    v = l.getOutputs()[idx];
  }
  // Slices of the fill itself (no loop to thread through).
  path.partial = !hasOneValueUse(v);
  while (auto s = v.getDefiningOp<tensor::ExtractSliceOp>()) {
    v = s.getSource();
    path.partial = true;
  }
  path.fill = v.getDefiningOp<linalg::FillOp>();
  if (!path.fill || path.fill.value().getType() != plan.accType ||
      path.loops.empty())
    return failure();
  return path;
}

/// How one loop of the path moves the tile: `parallel` (its induction
/// variable is the offset of a slice, the extent at most its step: disjoint
/// tiles), or `moves` (offsets or extents depend on it otherwise). Records
/// the dims parallel loops tile in `tiledDims`; clears `covers` when the
/// loop's tiles may not cover the whole dim. Fails on a tile larger than
/// the step.
LogicalResult classifyLoop(scf::ForOp l, ArrayRef<tensor::ExtractSliceOp> inner,
                           DenseMap<Operation *, DenseSet<unsigned>> &tiledDims,
                           bool &parallel, bool &moves, bool &covers) {
  Value iv = l.getInductionVar();
  std::optional<int64_t> step = getConstantIntValue(l.getStep());
  std::optional<int64_t> lb = getConstantIntValue(l.getLowerBound());
  parallel = moves = false;
  for (tensor::ExtractSliceOp s : inner) {
    for (auto [d, offset] : llvm::enumerate(s.getMixedOffsets())) {
      OpFoldResult size = s.getMixedSizes()[d];
      auto offsetValue = dyn_cast<Value>(offset);
      auto sizeValue = dyn_cast<Value>(size);
      if (offsetValue == iv) {
        // Disjoint tiles: extent at most the step.
        if (!step || *step <= 0)
          return failure();
        FailureOr<int64_t> bound = constantUpperBound(size);
        if (failed(bound) || *bound > *step)
          return failure();
        parallel = true;
        tiledDims[s].insert(d);
        if (!lb || *lb != 0 ||
            !isWholeDim(l.getUpperBound(), s.getSource(), d) ||
            !isTileExtent(size, iv, l.getStep(), l.getUpperBound()))
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
  return success();
}

/// The same for the threads' scf.forall, whose iterations own disjoint
/// tiles by its contract: records the dims its induction variables are
/// offsets of, and clears `covers` unless each is tiled over all of it.
/// (Slices inside depend on the tile's extent, as in an scf.for: they stay
/// within the tile; other dims are checked whole by the caller.)
void classifyForall(scf::ForallOp l, ArrayRef<tensor::ExtractSliceOp> inner,
                    DenseMap<Operation *, DenseSet<unsigned>> &tiledDims,
                    bool &covers) {
  SmallVector<Value> ivs = llvm::to_vector(l.getInductionVars());
  SmallVector<OpFoldResult> lbs = l.getMixedLowerBound(),
                            ubs = l.getMixedUpperBound(),
                            steps = l.getMixedStep();
  for (tensor::ExtractSliceOp s : inner) {
    for (auto [d, offset] : llvm::enumerate(s.getMixedOffsets())) {
      auto *it = llvm::find(ivs, dyn_cast<Value>(offset));
      if (it == ivs.end())
        continue;
      size_t j = it - ivs.begin();
      tiledDims[s].insert(d);
      if (!isConstantIntValue(lbs[j], 0) ||
          !isWholeDim(ubs[j], s.getSource(), d) ||
          !isTileExtent(s.getMixedSizes()[d], *it, steps[j], ubs[j]))
        covers = false;
    }
  }
}

/// Traces the tile's initial value to a fill (findFillPath) and classifies
/// the loops on the way: a loop whose induction variable is the offset of
/// a slice inside it, with an extent bounded by its step, visits disjoint
/// tiles: each iteration finds its tile as the loop's init left it. A loop
/// whose induction variable no slice inside it depends on revisits the same
/// tile: it holds the loop's init only at the first iteration. Anything
/// else ends the trace without a fill. On success sets `plan.fillValue` and
/// `plan.firstIterationOf`, and `plan.chainFill` when the tile stores at
/// those first iterations cover the whole fill (static bounds, every loop
/// runs, every tile extent is the tiling's), so that nothing reads the
/// fill.
void traceFillThroughLoops(scf::ForOp reductionLoop, Plan &plan) {
  FailureOr<FillPath> path = findFillPath(reductionLoop, plan);
  if (failed(path))
    return;
  bool covers = !path->partial;
  // For each slice, the dims a parallel loop tiles.
  DenseMap<Operation *, DenseSet<unsigned>> tiledDims;
  SmallVector<scf::ForOp> accumulating;
  unsigned innerSlices = 0; // slices inside the current loop
  for (auto [loopLike, idx] : path->loops) {
    while (innerSlices < path->slices.size() &&
           loopLike->isProperAncestor(path->slices[innerSlices]))
      ++innerSlices;
    if (auto forall = dyn_cast<scf::ForallOp>(*loopLike)) {
      classifyForall(forall, ArrayRef(path->slices).take_front(innerSlices),
                     tiledDims, covers);
      continue;
    }
    auto l = cast<scf::ForOp>(*loopLike);
    bool parallel, moves;
    if (failed(classifyLoop(l, ArrayRef(path->slices).take_front(innerSlices),
                            tiledDims, parallel, moves, covers)))
      return;
    // Neither a parallel loop nor one that keeps the tile in place.
    if (!parallel && moves)
      return;
    if (!parallel) {
      accumulating.push_back(l);
      std::optional<int64_t> lb = getConstantIntValue(l.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(l.getUpperBound());
      if (!lb || !ub || *lb >= *ub)
        covers = false;
    }
  }
  // Every other dim of every slice whole.
  for (tensor::ExtractSliceOp s : path->slices)
    for (auto [d, offset] : llvm::enumerate(s.getMixedOffsets())) {
      if (tiledDims.lookup(s).contains(d))
        continue;
      if (!isConstantIntValue(offset, 0) ||
          !isWholeDim(s.getMixedSizes()[d], s.getSource(), d))
        covers = false;
    }
  plan.fillValue = path->fill.value();
  plan.firstIterationOf = std::move(accumulating);
  if (covers) {
    plan.chainFill = path->fill;
  }
}

} // namespace

namespace {

const char *kMovingTile =
    "the output tile moves with the loop's induction variable: the loop is "
    "not a reduction loop of the op";

/// On tensors: the output of `updater` (the op, or the outermost loop
/// between the loop and the op) is an iter_arg of the loop or an invariant
/// slice of one, its result inserted back at the same place and yielded to
/// that iter_arg, which has no other use. Records the slice, insert and
/// iter_arg in `plan`.
LogicalResult analyzeTensorOutput(Operation *updater, Value init,
                                  scf::ForOp loop, Plan &plan,
                                  std::string &reason) {
  Value iterArg = init;
  if (auto slice = init.getDefiningOp<tensor::ExtractSliceOp>()) {
    if (slice->getBlock() != loop.getBody()) {
      reason = "the output is not a tile of one of the loop's iter_args";
      return failure();
    }
    if (!llvm::all_of(slice->getOperands().drop_front(),
                      [&](Value v) { return isLoopInvariant(loop, v); })) {
      reason = kMovingTile;
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
  Value result = updater->getResult(0);
  if (!result.hasOneUse()) {
    reason = "the op's result has uses other than the loop's update";
    return failure();
  }
  Value yielded = result;
  if (plan.outSlice) {
    auto insert = dyn_cast<tensor::InsertSliceOp>(*result.getUsers().begin());
    if (!insert || insert.getDest() != iterArg ||
        !insert.getResult().hasOneUse() || !sameRegion(insert, plan.outSlice)) {
      reason = "the op's result is not inserted back where its output tile "
               "was extracted";
      return failure();
    }
    plan.outInsert = insert;
    yielded = insert.getResult();
  }
  OpOperand &use = *yielded.getUses().begin();
  if (use.getOwner() != loop.getBody()->getTerminator() ||
      use.getOperandNumber() != plan.iterArgIdx) {
    reason = "the updated output is not yielded to its own iter_arg";
    return failure();
  }
  for (OpOperand &u : iterArg.getUses())
    if (u.getOwner() != plan.outSlice && u.getOwner() != plan.outInsert &&
        u.getOwner() != updater) {
      reason = "the output iter_arg has other uses in the loop";
      return failure();
    }
  return success();
}

/// The broadcast of a vector along the output's innermost dim (a bias) that
/// is the loop's initial tile, through whole slices (what fusion leaves
/// between a producer and the loop), each used once; null if none.
linalg::BroadcastOp biasBroadcast(Value loopInit, const Plan &plan) {
  Value bcValue = loopInit;
  while (auto s = bcValue.getDefiningOp<tensor::ExtractSliceOp>()) {
    if (!hasOneValueUse(bcValue) || !isWholeSlice(s) ||
        s.getSourceType() != s.getType())
      break;
    bcValue = s.getSource();
  }
  auto bc = bcValue.getDefiningOp<linalg::BroadcastOp>();
  if (!bc)
    return {};
  auto inputType = dyn_cast<RankedTensorType>(bc.getInput().getType());
  int64_t rank = cast<ShapedType>(loopInit.getType()).getRank();
  SmallVector<int64_t> expected =
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  if (inputType && inputType.getRank() == 1 &&
      inputType.getElementType() == plan.accType &&
      llvm::equal(bc.getDimensions(), expected) && hasOneValueUse(loopInit) &&
      hasOneValueUse(bcValue))
    return bc;
  return {};
}

/// Where the tensor tile's initial value comes from (a fill, through
/// slices or enclosing loops; a bias broadcast) and its elementwise
/// consumer, if any (the epilogue).
void analyzeTileValues(scf::ForOp loop, Plan &plan) {
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
  if (linalg::BroadcastOp bc =
          wholeTile ? biasBroadcast(loopInit, plan) : linalg::BroadcastOp()) {
    plan.broadcast = bc;
    plan.fillValue = Value();
    plan.firstIterationOf.clear();
    plan.chainFill = {};
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
}

} // namespace

SmallVector<scf::ForOp> innerLoopsOf(Operation *op, scf::ForOp loop) {
  SmallVector<scf::ForOp> inner;
  for (Operation *p = op->getParentOp(); p && p != loop; p = p->getParentOp())
    inner.insert(inner.begin(), cast<scf::ForOp>(p));
  return inner;
}

namespace {

/// Whether the one iter_arg of `l` is the tile `next` (the op, or the next
/// inner loop) updates: handed to it as its output (the op: possibly
/// through a slice of all of it, inserted back), the update yielded.
bool threadsWholeTile(scf::ForOp l, Operation *next, bool isOp) {
  Value arg = l.getRegionIterArg(0);
  Value init = isOp ? cast<linalg::LinalgOp>(next).getDpsInitOperand(0)->get()
                    : cast<scf::ForOp>(next).getInitArgs().front();
  Value updated = next->getResult(0);
  if (!updated.hasOneUse())
    return false;
  Operation *slice = nullptr, *insert = nullptr;
  if (auto s = init.getDefiningOp<tensor::ExtractSliceOp>();
      isOp && s && s.getSource() == arg &&
      isWholeSlice(s, l.getInitArgs()[0])) {
    auto i = dyn_cast<tensor::InsertSliceOp>(*updated.getUsers().begin());
    if (!i || i.getDest() != arg || !i.getResult().hasOneUse() ||
        !sameRegion(i, s))
      return false;
    slice = s;
    insert = i;
    init = arg;
    updated = i.getResult();
  }
  return init == arg &&
         l.getBody()->getTerminator()->getOperand(0) == updated &&
         llvm::all_of(arg.getUsers(), [&](Operation *u) {
           return u == next || u == slice || u == insert ||
                  isa<tensor::DimOp>(u);
         });
}

/// The loops between the loop and the op are reduction loops of the op's
/// tile too: each passes the tile (its only iter_arg, on tensors; none on
/// buffers) to the next one, or the op, and yields its update.
LogicalResult analyzeInnerLoops(linalg::LinalgOp op, scf::ForOp loop,
                                const Plan &plan, std::string &reason) {
  if (!loop->isProperAncestor(op)) {
    reason = "the op is not inside the loop";
    return failure();
  }
  for (Operation *p = op->getParentOp(); p != loop; p = p->getParentOp())
    if (!isa<scf::ForOp>(p)) {
      reason = ("only scf.for loops may be between the loop and the op, "
                "found '" +
                p->getName().getStringRef() + "'")
                   .str();
      return failure();
    }
  SmallVector<scf::ForOp> inner = innerLoopsOf(op, loop);
  for (auto [i, l] : llvm::enumerate(inner)) {
    bool innermost = i + 1 == inner.size();
    Operation *next =
        innermost ? op.getOperation() : inner[i + 1].getOperation();
    bool threads = plan.onTensors ? l.getNumRegionIterArgs() == 1 &&
                                        threadsWholeTile(l, next, innermost)
                                  : l.getNumRegionIterArgs() == 0;
    if (!threads) {
      reason = "a loop between the loop and the op does not only pass the "
               "op's output tile through (expected the tile as its one "
               "iter_arg, handed whole to the op or the next loop, the "
               "update yielded)";
      return failure();
    }
  }
  return success();
}

} // namespace

LogicalResult analyzeLoop(linalg::LinalgOp op, scf::ForOp loop, Plan &plan,
                          std::string &reason) {
  if (failed(analyzeInnerLoops(op, loop, plan, reason)))
    return failure();
  if (plan.dot && plan.dot->shifted &&
      failed(analyzeShift(op, loop, plan, reason)))
    return failure();
  SmallVector<scf::ForOp> inner = innerLoopsOf(op, loop);
  if (plan.onTensors) {
    Operation *updater =
        inner.empty() ? op.getOperation() : inner.front().getOperation();
    Value init = inner.empty() ? op.getDpsInitOperand(0)->get()
                               : inner.front().getInitArgs()[0];
    if (failed(analyzeTensorOutput(updater, init, loop, plan, reason)))
      return failure();
    analyzeTileValues(loop, plan);
    return success();
  }
  Value init = op.getDpsInitOperand(0)->get();
  if (isLoopInvariant(loop, init))
    return success();
  reason = init.getDefiningOp<memref::SubViewOp>()
               ? kMovingTile
               : "the output buffer is defined in the loop";
  return failure();
}

} // namespace regtile::cache_reduce
