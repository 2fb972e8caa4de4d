//===- CacheReduceVersions.cpp - One loop version per vector count ----===//

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

namespace regtile::cache_reduce {

namespace {
/// The extent of the vector dim of the op's output tile, as a value
/// available before the loop.
Value vectorExtentBeforeLoop(RewriterBase &rewriter, linalg::LinalgOp op,
                             scf::ForOp loop, const Plan &plan) {
  Location loc = op.getLoc();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  unsigned pos = *outMap.getResultPosition(
      getAffineDimExpr(plan.vecDim, rewriter.getContext()));
  IRMapping hoisted;
  if (tensor::ExtractSliceOp slice = plan.onTensors ? plan.outSlice : nullptr)
    return getValueOrCreateConstantIndexOp(
        rewriter, loc,
        hoistInvariant(rewriter, loop, slice.getMixedSizes()[pos], hoisted));
  Value tile = plan.onTensors
                   ? loop.getInitArgs()[plan.iterArgIdx]
                   : hoistInvariant(rewriter, loop,
                                    op.getDpsInitOperand(0)->get(), hoisted);
  return getValueOrCreateConstantIndexOp(
      rewriter, loc, linalg::createOrFoldDimOp(rewriter, loc, tile, pos));
}
/// The epilogue, if it can go into every version (applied to that
/// version's registers): what it reads besides the tile is available before
/// the loop, or is computed after it by side-effect-free ops on values that
/// are (a slice of its destination): those move before the loop.
linalg::GenericOp hoistEpilogueInputs(RewriterBase &rewriter, scf::ForOp loop,
                                      linalg::GenericOp epilogue) {
  if (!epilogue)
    return {};
  SmallVector<Operation *> toHoist;
  auto beforeLoop = [&](Operation *d) {
    return !d || d->getBlock() != loop->getBlock() || d->isBeforeInBlock(loop);
  };
  for (Value v : epilogue->getOperands()) {
    Operation *def = v.getDefiningOp();
    if (def == loop.getOperation() || beforeLoop(def))
      continue;
    bool movable = isMemoryEffectFree(def) && def->getNumRegions() == 0 &&
                   llvm::all_of(def->getOperands(), [&](Value w) {
                     return beforeLoop(w.getDefiningOp());
                   });
    if (!movable)
      return {};
    toHoist.push_back(def);
  }
  for (Operation *def : toHoist)
    rewriter.moveOpBefore(def, loop);
  return epilogue;
}

/// The number of native vectors the tile needs (0: the full static width,
/// when that is whole vectors) and the switch's cases.
Value vectorCount(RewriterBase &rewriter, Location loc, linalg::LinalgOp op,
                  scf::ForOp loop, const Plan &plan,
                  SmallVector<int64_t> &cases) {
  Value extent = vectorExtentBeforeLoop(rewriter, op, loop, plan);
  AffineExpr s0 = getAffineSymbolExpr(0, rewriter.getContext());
  Value count = getValueOrCreateConstantIndexOp(
      rewriter, loc,
      affine::makeComposedFoldedAffineApply(rewriter, loc,
                                            s0.ceilDiv(plan.lanes), {extent}));
  cases = llvm::to_vector(llvm::seq<int64_t>(1, plan.vectorsPerRow));
  // A tile as wide as the static tile (every tile but the edge ones) gets
  // a version of its own (case 0) with whole vectors: no masks on the hot
  // path (masks computed in the loop compete with the FMAs for the vector
  // units when the register allocator rematerializes them).
  if (plan.vecBound % plan.lanes != 0)
    return count;
  Value isFull = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, extent,
      arith::ConstantIndexOp::create(rewriter, loc, plan.vecBound));
  cases.insert(cases.begin(), 0);
  return arith::SelectOp::create(
      rewriter, loc, isFull, arith::ConstantIndexOp::create(rewriter, loc, 0),
      count);
}

/// Fills `region` with a copy of the loop (and epilogue) rewritten for
/// `vectors` native vectors per row (0: the full static width).
CacheReduceResult version(RewriterBase &rewriter, Location loc, Region &region,
                          int64_t vectors, linalg::LinalgOp op, scf::ForOp loop,
                          const Plan &plan, linalg::GenericOp epilogue) {
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
  // The cloned loop's own slice ops (p is a copy of plan).
  if (p.outSlice)
    p.outSlice =
        cast<tensor::ExtractSliceOp>(mapping.lookup(p.outSlice.getOperation()));
  if (p.outInsert)
    p.outInsert =
        cast<tensor::InsertSliceOp>(mapping.lookup(p.outInsert.getOperation()));
  if (p.dot && p.dot->slice)
    p.dot->slice = cast<tensor::ExtractSliceOp>(
        mapping.lookupOrDefault(p.dot->slice.getOperation()));
  DenseSet<Operation *> fused;
  for (Operation *m : plan.fusedMuls)
    fused.insert(mapping.lookup(m));
  p.fusedMuls = std::move(fused);
  return rewrite(rewriter, clonedOp, clone, p);
}

} // namespace

CacheReduceResult rewriteByVectorCount(RewriterBase &rewriter,
                                       linalg::LinalgOp op, scf::ForOp loop,
                                       Plan plan) {
  // A partial tile along the vector dim: one version of the loop per number
  // of native vectors the tile needs (scf.index_switch on it), so that an
  // edge tile of 12 columns computes one vector per row, not four.
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = op.getLoc();
  linalg::GenericOp epilogue =
      hoistEpilogueInputs(rewriter, loop, plan.epilogue);
  // The rows' sums once, not per version.
  if (plan.dot && plan.dot->shifted && plan.dot->rowRange)
    plan.dot->rowSumValues = sumRowsBeforeLoop(rewriter, op, loop, plan);
  rewriter.setInsertionPoint(loop);
  SmallVector<int64_t> cases;
  Value count = vectorCount(rewriter, loc, op, loop, plan, cases);
  SmallVector<Type> resultTypes(loop.getResultTypes());
  if (epilogue)
    resultTypes.push_back(epilogue->getResult(0).getType());
  auto sw = scf::IndexSwitchOp::create(rewriter, loc, resultTypes, count, cases,
                                       cases.size());
  for (auto [i, c] : llvm::enumerate(cases))
    (void)version(rewriter, loc, sw.getCaseRegions()[i], c, op, loop, plan,
                  epilogue);
  CacheReduceResult result =
      version(rewriter, loc, sw.getDefaultRegion(), plan.vectorsPerRow, op,
              loop, plan, epilogue);
  unsigned numLoopResults = loop->getNumResults();
  if (epilogue)
    rewriter.replaceOp(epilogue, sw.getResults().drop_front(numLoopResults));
  rewriter.replaceOp(loop, sw.getResults().take_front(numLoopResults));
  return result;
}

} // namespace regtile::cache_reduce
