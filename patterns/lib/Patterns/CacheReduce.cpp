//===- CacheReduce.cpp - Output tiles held in registers -------------------===//

#include "CacheReduceInternals.h"

#include "regtile/Patterns/LoopUtils.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace regtile {

namespace cache_reduce {

namespace {

/// The output tile the accumulators are loaded from and stored to, and
/// where it comes from.
struct Tile {
  Value outer; // tensors: the iter_arg's initial value
  Value value; // the tile (a slice of `outer`, or the op's output buffer)
  SmallVector<OpFoldResult> offsets, sizes, strides; // of the slice
};

/// The tile, defined before the loop.
Tile tileBeforeLoop(RewriterBase &rewriter, Location loc, linalg::LinalgOp op,
                    scf::ForOp loop, const Plan &plan) {
  Tile tile;
  IRMapping hoisted;
  if (!plan.onTensors) {
    tile.value =
        hoistInvariant(rewriter, loop, op.getDpsInitOperand(0)->get(), hoisted);
    return tile;
  }
  tile.outer = loop.getInitArgs()[plan.iterArgIdx];
  // Every element of the tile is stored after the loop: a broadcast or
  // fill that only made the loop's initial output is bypassed.
  // (Op handles are not const-correct: copies.)
  linalg::BroadcastOp broadcast = plan.broadcast;
  linalg::FillOp fill = plan.fillOp;
  tensor::ExtractSliceOp slice = plan.outSlice;
  if (broadcast)
    tile.outer = broadcast.getInit();
  else if (fill)
    tile.outer = fill.getOutputs()[0];
  tile.value = tile.outer;
  if (!slice)
    return tile;
  auto hoist = [&](ArrayRef<OpFoldResult> values) {
    SmallVector<OpFoldResult> out;
    for (OpFoldResult v : values)
      out.push_back(hoistInvariant(rewriter, loop, v, hoisted));
    return out;
  };
  tile.offsets = hoist(slice.getMixedOffsets());
  tile.sizes = hoist(slice.getMixedSizes());
  tile.strides = hoist(slice.getMixedStrides());
  tile.value = tensor::ExtractSliceOp::create(
      rewriter, loc, tile.outer, tile.offsets, tile.sizes, tile.strides);
  return tile;
}

/// Sets the plan's prefetch marks on `marked`.
void markForPrefetch(RewriterBase &rewriter, Operation *marked,
                     const Plan &plan) {
  if (plan.prefetchAhead > 0)
    marked->setAttr(kPrefetchAheadAttrName,
                    rewriter.getI64IntegerAttr(plan.prefetchAhead));
  if (plan.prefetchStreamsAhead > 0)
    marked->setAttr(kPrefetchStreamsAheadAttrName,
                    rewriter.getI64IntegerAttr(plan.prefetchStreamsAhead));
  if (plan.prefetchNextStreams)
    marked->setAttr(kPrefetchStreamsNextAttrName, rewriter.getUnitAttr());
}

/// The loops between the loop and the op (`inner`, outermost first)
/// rebuilt to carry the accumulators `carried` instead of the tile (uses
/// of their tile iter_arg become `outer`), and the op replaced by the
/// register tile's reduction nest in the innermost; returns the updated
/// accumulators. `accLoop` is set to the innermost loop that carries them
/// (unchanged if `inner` is empty); the old loops go into `dead`.
SmallVector<Value> emitInnerLoops(RewriterBase &rewriter, Location loc,
                                  linalg::LinalgOp op,
                                  ArrayRef<scf::ForOp> inner, const Plan &plan,
                                  TileEmitter &emitter, Value outer,
                                  ValueRange carried, scf::ForOp &innermost,
                                  scf::ForOp &accLoop,
                                  SmallVector<Operation *> &dead) {
  if (inner.empty()) {
    rewriter.setInsertionPoint(op);
    return emitReductionNest(rewriter, loc, op, plan, emitter, carried,
                             innermost);
  }
  scf::ForOp old = inner.front();
  rewriter.setInsertionPoint(old);
  auto l = scf::ForOp::create(rewriter, loc, old.getLowerBound(),
                              old.getUpperBound(), old.getStep(), carried);
  l->setDiscardableAttrs(old->getDiscardableAttrDictionary());
  if (!l.getBody()->empty())
    rewriter.eraseOp(l.getBody()->getTerminator());
  SmallVector<Value> args = {l.getInductionVar()};
  if (old.getNumRegionIterArgs() == 1)
    args.push_back(outer);
  Operation *oldYield = old.getBody()->getTerminator();
  rewriter.mergeBlocks(old.getBody(), l.getBody(), args);
  accLoop = l;
  SmallVector<Value> updated =
      emitInnerLoops(rewriter, loc, op, inner.drop_front(), plan, emitter,
                     outer, l.getRegionIterArgs(), innermost, accLoop, dead);
  rewriter.setInsertionPoint(oldYield);
  scf::YieldOp::create(rewriter, oldYield->getLoc(), updated);
  rewriter.eraseOp(oldYield);
  dead.push_back(old);
  return SmallVector<Value>(l.getResults());
}

/// `loop` rebuilt to carry the accumulators (after its other iter_args,
/// the tile's iter_arg dropped) with the op replaced by the register tile's
/// reduction nest (inside the loops between them, rebuilt alike). Erases
/// the op, its output slice and insert. `accLoop` is set to the innermost
/// scf.for that carries the accumulators.
scf::ForOp loopWithAccumulators(RewriterBase &rewriter, Location loc,
                                linalg::LinalgOp op, scf::ForOp loop,
                                const Plan &plan, TileEmitter &emitter,
                                Value outer, ValueRange accs,
                                scf::ForOp &accLoop) {
  SmallVector<scf::ForOp> inner = innerLoopsOf(op, loop);
  // In a nest, the op may update a whole slice of the innermost loop's
  // tile (what tiling leaves): both go with the op.
  Operation *nestSlice = nullptr, *nestInsert = nullptr;
  if (!inner.empty() && plan.onTensors)
    if (auto s = op.getDpsInitOperand(0)
                     ->get()
                     .getDefiningOp<tensor::ExtractSliceOp>()) {
      nestSlice = s;
      nestInsert = *op->getResult(0).getUsers().begin();
    }
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
  ValueRange carried = newLoop.getRegionIterArgs().drop_front(numOthers);
  scf::ForOp innermost;
  accLoop = newLoop;
  SmallVector<Operation *> dead;
  SmallVector<Value> updated =
      emitInnerLoops(rewriter, loc, op, inner, plan, emitter, outer, carried,
                     innermost, accLoop, dead);
  // What the loop streams is read in the innermost loop that carries the
  // accumulators: that one is marked for prefetching.
  markForPrefetch(rewriter, innermost ? innermost : accLoop, plan);
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
  if (nestInsert)
    rewriter.eraseOp(nestInsert);
  rewriter.eraseOp(op);
  if (nestSlice)
    rewriter.eraseOp(nestSlice);
  for (Operation *old : llvm::reverse(dead))
    rewriter.eraseOp(old);
  if (plan.outSlice)
    rewriter.eraseOp(plan.outSlice);
  return newLoop;
}

/// A dot form whose group may be partial (the loop's range is not known to
/// be a multiple of the group): `main` runs the whole groups, its reads of
/// the broadcast groups unmasked; a clone of it after it (at most one
/// iteration, from the last whole group on) reads them masked, zero-padded.
/// Returns the clone, whose results are now the loop's.
scf::ForOp peelPartialGroup(RewriterBase &rewriter, Location loc,
                            scf::ForOp main, ArrayRef<Operation *> groupReads) {
  rewriter.setInsertionPoint(main);
  AffineExpr lb = rewriter.getAffineSymbolExpr(0),
             ub = rewriter.getAffineSymbolExpr(1),
             step = rewriter.getAffineSymbolExpr(2);
  Value wholeEnd = affine::makeComposedAffineApply(
      rewriter, loc, lb + (ub - lb).floorDiv(step) * step,
      {main.getLowerBound(), main.getUpperBound(), main.getStep()});
  rewriter.setInsertionPointAfter(main);
  IRMapping map;
  auto tail = cast<scf::ForOp>(rewriter.clone(*main, map));
  for (StringRef mark : {kPrefetchAheadAttrName, kPrefetchStreamsAheadAttrName,
                         kPrefetchStreamsNextAttrName})
    tail->removeAttr(mark);
  for (auto [from, to] : llvm::zip(main.getResults(), tail.getResults()))
    rewriter.replaceAllUsesExcept(from, to, tail);
  rewriter.modifyOpInPlace(tail, [&] {
    tail.getLowerBoundMutable().set(wholeEnd);
    tail.getInitArgsMutable().assign(main.getResults());
  });
  rewriter.modifyOpInPlace(main,
                           [&] { main.getUpperBoundMutable().set(wholeEnd); });
  for (Operation *read : groupReads) {
    auto clone = cast<vector::TransferReadOp>(map.lookup(read));
    rewriter.modifyOpInPlace(clone, [&] {
      clone.setInBoundsAttr(rewriter.getBoolArrayAttr({false}));
    });
  }
  return tail;
}

/// The epilogue applied to the final accumulators and stored once into its
/// destination (the tile itself is never stored); replaces the epilogue.
void storeThroughEpilogue(RewriterBase &rewriter, Location loc,
                          const Plan &plan, TileEmitter &emitter,
                          AffineMap outMap, ValueRange finalAccs) {
  linalg::GenericOp e = plan.epilogue;
  // At the epilogue, where its destination exists.
  rewriter.setInsertionPoint(e);
  Block &body = e->getRegion(0).front();
  SmallVector<Value> results;
  for (auto [k, acc] : llvm::enumerate(finalAccs)) {
    IRMapping map;
    int64_t r = k / emitter.vectorsPerRow(), j = k % emitter.vectorsPerRow();
    for (auto [i, operand] : llvm::enumerate(e.getDpsInputs())) {
      Value v;
      if (i == plan.epilogueInput)
        v = acc;
      else if (isa<ShapedType>(operand.getType()))
        v = emitter.readAlongTile(rewriter, loc, e, i, outMap, r, j);
      else
        v = emitter.vectorized(rewriter, loc, map, operand);
      map.map(body.getArgument(i), v);
    }
    for (Operation &bodyOp : body.without_terminator())
      emitter.vectorizeElementwise(rewriter, loc, map, bodyOp);
    results.push_back(emitter.vectorized(rewriter, loc, map,
                                         body.getTerminator()->getOperand(0)));
  }
  Value written = emitter.store(rewriter, loc, e.getDpsInitOperand(0)->get(),
                                outMap, results);
  rewriter.replaceOp(e, written);
}

/// Stores the final accumulators after `newLoop` and replaces `loop`.
void storeAfterLoop(RewriterBase &rewriter, Location loc, scf::ForOp loop,
                    scf::ForOp newLoop, const Plan &plan, TileEmitter &emitter,
                    AffineMap outMap, const Tile &tile) {
  rewriter.setInsertionPointAfter(newLoop);
  unsigned numOthers = newLoop.getNumResults() - plan.rows * plan.vectorsPerRow;
  SmallVector<Value> finalAccs(newLoop.getResults().drop_front(numOthers));
  if (plan.addAtEnd && !plan.fillValue && !plan.broadcast)
    finalAccs = emitter.addTile(rewriter, loc, tile.value, outMap, finalAccs);
  if (!plan.onTensors) {
    emitter.store(rewriter, loc, tile.value, outMap, finalAccs);
    rewriter.replaceOp(loop, newLoop.getResults());
    return;
  }
  // The value of the tile's iter_arg after the loop.
  Value written = tile.outer;
  if (plan.epilogue) {
    storeThroughEpilogue(rewriter, loc, plan, emitter, outMap, finalAccs);
  } else {
    written = emitter.store(rewriter, loc, tile.value, outMap, finalAccs);
    if (plan.outSlice)
      written =
          tensor::InsertSliceOp::create(rewriter, loc, written, tile.outer,
                                        tile.offsets, tile.sizes, tile.strides);
  }
  SmallVector<Value> replacements;
  unsigned other = 0;
  for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
    replacements.push_back(
        i == plan.iterArgIdx ? written : Value(newLoop.getResult(other++)));
  rewriter.replaceOp(loop, replacements);
}

} // namespace

SmallVector<Value> sumRowsBeforeLoop(RewriterBase &rewriter,
                                     linalg::LinalgOp op, scf::ForOp loop,
                                     const Plan &plan) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  // (Only the tile's row extents are used: the rest folds away.)
  Tile tile = tileBeforeLoop(rewriter, op.getLoc(), op, loop, plan);
  TileEmitter emitter(op, plan);
  emitter.computeRowIndices(rewriter, op.getLoc(), tile.value,
                            op.getMatchingIndexingMap(op.getDpsInitOperand(0)));
  return emitter.rowSums(rewriter, op.getLoc(), loop);
}

CacheReduceResult rewrite(RewriterBase &rewriter, linalg::LinalgOp op,
                          scf::ForOp loop, Plan plan) {
  Location loc = op.getLoc();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  TileEmitter emitter(op, plan);
  OpBuilder::InsertionGuard guard(rewriter);

  // Before the loop: the tile and the initial accumulators.
  rewriter.setInsertionPoint(loop);
  Tile tile = tileBeforeLoop(rewriter, loc, op, loop, plan);
  emitter.computeRowIndices(rewriter, loc, tile.value, outMap);
  SmallVector<Value> accs =
      emitter.initialAccumulators(rewriter, loc, tile.value, outMap);
  if (plan.dot && plan.dot->shifted)
    accs = emitter.addShiftedSums(rewriter, loc, loop, accs);
  scf::ForOp accLoop;
  scf::ForOp newLoop = loopWithAccumulators(rewriter, loc, op, loop, plan,
                                            emitter, tile.outer, accs, accLoop);
  // A partial group is the last iteration of the innermost loop that
  // carries the accumulators (the one stepping through the groups).
  scf::ForOp tail;
  if (plan.dot && !plan.dot->exact)
    tail = peelPartialGroup(rewriter, loc, accLoop, emitter.groupReads());
  scf::ForOp last = tail && accLoop == newLoop ? tail : newLoop;
  // After the loop: one block of stores.
  storeAfterLoop(rewriter, loc, loop, last, plan, emitter, outMap, tile);
  // What tiling left in the loop bodies but does not change in them (tile
  // offsets of the inputs, their slices) is computed once before them,
  // inner loops first.
  SmallVector<scf::ForOp> hoistFrom;
  for (Operation *p = accLoop; p != newLoop->getParentOp();
       p = p->getParentOp())
    if (auto l = dyn_cast<scf::ForOp>(p))
      hoistFrom.push_back(l);
  if (tail)
    hoistFrom.insert(hoistFrom.begin(), tail);
  for (scf::ForOp l : hoistFrom)
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(l.getOperation()));

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

} // namespace cache_reduce

using namespace cache_reduce;

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
      // (Its one use: the loops' init, or a cast of it.)
      rewriter.replaceOp(plan.chainFill, plan.chainFill.getOutputs()[0]);
      result.fillBypassed = true;
    }
    return result;
  };
  if (plan.vecStatic || plan.vectorsPerRow == 1)
    return bypassFill(rewrite(rewriter, op, loop, plan));
  return bypassFill(rewriteByVectorCount(rewriter, op, loop, plan));
}

} // namespace regtile
