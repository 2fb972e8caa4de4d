//===- SuperVectorize.cpp - affine super-vectorization of one loop nest ---===//
//
// transform.regtile.super_vectorize: checks a loop nest, picks the loops to
// vectorize, calls upstream's affine::vectorizeAffineLoopNest, and masks the
// stores of loops whose trip count is not a multiple of the vector size.
//
//===----------------------------------------------------------------------===//

#include "SuperVectorizeInternals.h"

#include "regtile/Patterns/Patterns.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/NestedMatcher.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace regtile {

namespace super_vectorize {

namespace {
/// Masks the vector.transfer_writes under `vecLoops` (vectorized loops whose
/// trip counts may not be multiples of their vector sizes, vector dim of
/// each in `dims`) so they write only the lanes of iterations the scalar loop
/// ran.
void maskPartialStores(RewriterBase &rewriter,
                       ArrayRef<std::pair<AffineForOp, unsigned>> vecLoops) {
  // Lanes left in each such loop's current iteration, and its vector dim.
  DenseMap<Operation *, std::pair<Value, unsigned>> lanesLeft;
  for (auto [loop, dim] : vecLoops) {
    rewriter.setInsertionPointToStart(loop.getBody());
    AffineMap ub = loop.getUpperBoundMap();
    // left = min over the upper bound's results of (ub_i - iv).
    unsigned numDims = ub.getNumDims();
    AffineExpr iv = rewriter.getAffineDimExpr(numDims);
    SmallVector<AffineExpr> exprs;
    for (AffineExpr e : ub.getResults())
      exprs.push_back(e - iv);
    AffineMap leftMap = AffineMap::get(numDims + 1, ub.getNumSymbols(), exprs,
                                       rewriter.getContext());
    ValueRange ubOperands = loop.getUpperBoundOperands();
    SmallVector<Value> operands(ubOperands.take_front(numDims));
    operands.push_back(loop.getInductionVar());
    llvm::append_range(operands, ubOperands.drop_front(numDims));
    Value left = exprs.size() == 1
                     ? Value(AffineApplyOp::create(rewriter, loop.getLoc(),
                                                   leftMap, operands))
                     : Value(AffineMinOp::create(rewriter, loop.getLoc(),
                                                 leftMap, operands));
    lanesLeft[loop] = {left, dim};
  }
  SetVector<Operation *> writes;
  for (auto [loop, dim] : vecLoops)
    loop.getBody()->walk([&](vector::TransferWriteOp w) { writes.insert(w); });
  for (Operation *op : writes) {
    auto write = cast<vector::TransferWriteOp>(op);
    // Lanes left per vector dim, from the enclosing partial loops.
    DenseMap<unsigned, Value> leftPerDim;
    for (Operation *p = write->getParentOp(); p; p = p->getParentOp())
      if (auto it = lanesLeft.find(p); it != lanesLeft.end())
        leftPerDim.try_emplace(it->second.second, it->second.first);
    // The mask is in memref-dim order, as transfer masks are.
    VectorType vecType = write.getVectorType();
    AffineMap perm = write.getPermutationMap();
    SmallVector<std::pair<unsigned, unsigned>> memDimAndVecDim;
    for (auto [vecDim, expr] : llvm::enumerate(perm.getResults()))
      memDimAndVecDim.push_back(
          {cast<AffineDimExpr>(expr).getPosition(), (unsigned)vecDim});
    llvm::sort(memDimAndVecDim);
    rewriter.setInsertionPoint(write);
    SmallVector<Value> extents;
    for (auto [memDim, vecDim] : memDimAndVecDim) {
      Value left = leftPerDim.lookup(vecDim);
      extents.push_back(
          left ? left
               : Value(arith::ConstantIndexOp::create(
                     rewriter, write.getLoc(), vecType.getDimSize(vecDim))));
    }
    VectorType maskType = vector::inferTransferOpMaskType(vecType, perm);
    Value mask = vector::CreateMaskOp::create(rewriter, write.getLoc(),
                                              maskType, extents);
    rewriter.modifyOpInPlace(write,
                             [&] { write.getMaskMutable().assign(mask); });
  }
}

/// Splits a vectorized loop `lb to ub step V` whose trip count may not be a
/// multiple of V into `lb to lb + (ub - lb) floordiv V * V`, which handles
/// whole vectors only, and a copy of it from there to `ub` (at most one
/// iteration: the partial vector), inserted after it; `mapping` maps the
/// loop's body into the copy's. Returns null (nothing changed) if a bound
/// has several results (a min or max).
AffineForOp peelPartialVector(RewriterBase &rewriter, AffineForOp loop,
                              IRMapping &mapping) {
  AffineMap lbMap = loop.getLowerBoundMap(), ubMap = loop.getUpperBoundMap();
  if (lbMap.getNumResults() != 1 || ubMap.getNumResults() != 1)
    return {};
  // split = lb + (ub - lb) floordiv V * V over (lb dims, ub dims; lb
  // symbols, ub symbols).
  unsigned lbDims = lbMap.getNumDims(), ubDims = ubMap.getNumDims();
  unsigned lbSyms = lbMap.getNumSymbols(), ubSyms = ubMap.getNumSymbols();
  AffineExpr lb = lbMap.getResult(0);
  AffineExpr ub =
      ubMap.getResult(0).shiftDims(ubDims, lbDims).shiftSymbols(ubSyms, lbSyms);
  int64_t step = loop.getStepAsInt();
  AffineExpr split = lb + (ub - lb).floorDiv(step) * step;
  AffineMap splitMap = AffineMap::get(lbDims + ubDims, lbSyms + ubSyms, split);
  ValueRange lbOps = loop.getLowerBoundOperands();
  ValueRange ubOps = loop.getUpperBoundOperands();
  SmallVector<Value> operands(lbOps.take_front(lbDims));
  llvm::append_range(operands, ubOps.take_front(ubDims));
  llvm::append_range(operands, lbOps.drop_front(lbDims));
  llvm::append_range(operands, ubOps.drop_front(ubDims));
  rewriter.setInsertionPoint(loop);
  Value splitValue =
      AffineApplyOp::create(rewriter, loop.getLoc(), splitMap, operands);
  AffineMap identity = rewriter.getDimIdentityMap();

  rewriter.setInsertionPointAfter(loop);
  auto rest = cast<AffineForOp>(rewriter.clone(*loop, mapping));
  rewriter.modifyOpInPlace(rest,
                           [&] { rest.setLowerBound({splitValue}, identity); });
  rewriter.modifyOpInPlace(loop,
                           [&] { loop.setUpperBound({splitValue}, identity); });
  return rest;
}

/// Marks the vector dims of the nest's transfers that stay within the
/// scalar loop's iterations as in bounds: every lane of a loop whose trip
/// count is a multiple of its vector size is an iteration the scalar loop
/// ran (and accessed, so in bounds), as is every unmasked lane of a store
/// masked by maskPartialStores. The lowering then needs no bounds checks.
void markInBounds(
    RewriterBase &rewriter, AffineForOp vecRoot,
    const DenseMap<Operation *, std::pair<unsigned, bool>> &loopDimAndFull) {
  vecRoot.walk([&](VectorTransferOpInterface xfer) {
    auto isWrite = isa<vector::TransferWriteOp>(xfer.getOperation());
    AffineMap perm = xfer.getPermutationMap();
    SmallVector<bool> inBounds = xfer.getInBoundsValues();
    bool changed = false;
    for (auto [vecDim, expr] : llvm::enumerate(perm.getResults())) {
      if (!isa<AffineDimExpr>(expr) || inBounds[vecDim])
        continue;
      for (Operation *p = xfer->getParentOp(); p; p = p->getParentOp()) {
        auto it = loopDimAndFull.find(p);
        if (it == loopDimAndFull.end() || it->second.first != vecDim)
          continue;
        if (it->second.second || (isWrite && xfer.getMask())) {
          inBounds[vecDim] = true;
          changed = true;
        }
        break;
      }
    }
    if (changed)
      rewriter.modifyOpInPlace(xfer, [&] {
        xfer->setAttr("in_bounds", rewriter.getBoolArrayAttr(inBounds));
      });
  });
}

/// What is needed of the scalar nest after upstream erased it, by pre-order
/// index of its loops (the vector nest keeps that order): the chosen loops
/// of each vector dim, and the parallel and reduction loops whose last
/// vector may be partial (with their vector dim).
struct NestPlan {
  VectorizationStrategy strategy;
  SmallVector<SmallVector<unsigned>> levelIndices;
  SmallVector<std::pair<unsigned, unsigned>> partialParallel;
  SmallVector<std::pair<unsigned, unsigned>> partialReductions;
  unsigned numLoops = 0;
};

NestPlan planNest(AffineForOp root, const LoopLevels &levels,
                  ArrayRef<int64_t> sizes, const ReductionLoopMap &reductions) {
  NestPlan plan;
  plan.strategy.vectorSizes.assign(sizes.begin(), sizes.end());
  plan.strategy.reductionLoops = reductions;
  DenseMap<Operation *, unsigned> scalarIndex;
  root.walk<WalkOrder::PreOrder>(
      [&](AffineForOp loop) { scalarIndex[loop] = plan.numLoops++; });
  for (auto [dim, level] : llvm::enumerate(levels)) {
    plan.levelIndices.emplace_back();
    for (AffineForOp loop : level) {
      plan.strategy.loopToVectorDim[loop] = dim;
      plan.levelIndices.back().push_back(scalarIndex.lookup(loop));
      if (tripCountIsMultiple(loop, sizes[dim]))
        continue;
      (reductions.count(loop) ? plan.partialReductions : plan.partialParallel)
          .push_back({scalarIndex.lookup(loop), (unsigned)dim});
    }
  }
  return plan;
}

/// Runs upstream's vectorizer on the nest; the loops of the vector nest
/// that replaced it, in pre-order (root first). On failure, erases what
/// upstream created outside the nest (broadcasts of uniform values) and
/// left behind.
FailureOr<SmallVector<AffineForOp>>
vectorizeWithUpstream(RewriterBase &rewriter, AffineForOp root,
                      LoopLevels &levels, const NestPlan &plan,
                      std::string &reason) {
  Operation *scope = root->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  llvm::DenseSet<Operation *> before;
  scope->walk([&](Operation *op) { before.insert(op); });
  Block *block = root->getBlock();
  Operation *next = root->getNextNode();

  if (failed(vectorizeAffineLoopNest(levels, plan.strategy))) {
    SmallVector<Operation *> created;
    scope->walk([&](Operation *op) {
      if (!before.contains(op))
        created.push_back(op);
    });
    for (Operation *op : llvm::reverse(created))
      if (op->use_empty())
        rewriter.eraseOp(op);
    reason = "upstream's vectorizer failed on the nest";
    return failure();
  }
  // The vector loop nest replaced the scalar one in place.
  AffineForOp vecRoot;
  for (Operation &op : *block) {
    if (&op == next)
      break;
    if (auto loop = dyn_cast<AffineForOp>(&op); loop && !before.contains(loop))
      vecRoot = loop;
  }
  assert(vecRoot && "vectorized loop nest not found");
  SmallVector<AffineForOp> vecLoops;
  vecRoot.walk<WalkOrder::PreOrder>(
      [&](AffineForOp loop) { vecLoops.push_back(loop); });
  assert(vecLoops.size() == plan.numLoops && "loop nests differ");
  return vecLoops;
}

/// The vector nest as it is split: the loops of each vector dim, and of each
/// vectorized loop its vector dim and whether every vector it handles is
/// whole (all lanes are iterations of the scalar loop).
struct VectorNest {
  SuperVectorizeResult result;
  DenseMap<Operation *, std::pair<unsigned, bool>> loopDimAndFull;
};

/// The remainder split off `loop` after its whole vectors (`mapping`: the
/// loop's ops to their copies in it), or null if the options keep loops
/// whole (masked) or it cannot be split.
AffineForOp splitWholeVectors(RewriterBase &rewriter, AffineForOp loop,
                              IRMapping &mapping, bool maskPartialVectors) {
  return maskPartialVectors ? AffineForOp()
                            : peelPartialVector(rewriter, loop, mapping);
}

/// Reduction loops with a possibly partial last vector: upstream masks the
/// accumulation on every iteration (create_mask + select). Split into whole
/// vectors without the mask, then the masked remainder, which continues the
/// accumulation.
void splitPartialReductions(RewriterBase &rewriter,
                            ArrayRef<AffineForOp> vecLoops,
                            const NestPlan &plan, bool maskPartialVectors,
                            VectorNest &nest) {
  for (auto [i, dim] : plan.partialReductions) {
    AffineForOp loop = vecLoops[i];
    IRMapping mapping;
    AffineForOp rest =
        splitWholeVectors(rewriter, loop, mapping, maskPartialVectors);
    if (!rest) {
      nest.loopDimAndFull[loop] = {dim, false};
      continue;
    }
    rewriter.replaceAllUsesWith(loop->getResults(), rest->getResults());
    rewriter.modifyOpInPlace(
        rest, [&] { rest.getInitsMutable().assign(loop->getResults()); });
    SmallVector<arith::SelectOp> selects;
    loop.getBody()->walk([&](arith::SelectOp select) {
      if (select.getCondition().getDefiningOp<vector::CreateMaskOp>())
        selects.push_back(select);
    });
    for (arith::SelectOp select : selects) {
      auto mask = select.getCondition().getDefiningOp<vector::CreateMaskOp>();
      rewriter.replaceOp(select, select.getTrueValue());
      if (mask->use_empty()) {
        Operation *left = mask.getOperand(0).getDefiningOp();
        rewriter.eraseOp(mask);
        if (left && left->use_empty())
          rewriter.eraseOp(left);
      }
    }
    nest.loopDimAndFull[loop] = {dim, true};
    nest.loopDimAndFull[rest] = {dim, false};
    nest.result.loops[dim].push_back(rest);
  }
}

/// Parallel loops with a possibly partial last vector, outermost first:
/// peeled into whole vectors and a masked remainder (whose nest keeps the
/// inner loops unpeeled, masked too); loops that cannot be peeled are
/// masked throughout.
void splitPartialParallel(RewriterBase &rewriter,
                          ArrayRef<AffineForOp> vecLoops, const NestPlan &plan,
                          bool maskPartialVectors, VectorNest &nest) {
  SmallVector<std::pair<unsigned, unsigned>> byDim(plan.partialParallel);
  llvm::stable_sort(byDim, [](auto a, auto b) { return a.second < b.second; });
  llvm::SmallDenseSet<Operation *> partialSet;
  for (auto [i, dim] : byDim)
    partialSet.insert(vecLoops[i]);
  SmallVector<std::pair<AffineForOp, unsigned>> masked;
  for (auto [i, dim] : byDim) {
    AffineForOp loop = vecLoops[i];
    IRMapping mapping;
    AffineForOp rest =
        splitWholeVectors(rewriter, loop, mapping, maskPartialVectors);
    if (!rest) {
      masked.push_back({loop, dim});
      nest.loopDimAndFull[loop] = {dim, false};
      continue;
    }
    masked.push_back({rest, dim});
    nest.loopDimAndFull[rest] = {dim, false};
    nest.result.loops[dim].push_back(rest);
    // The copies of the vectorized loops nested in `loop`.
    for (AffineForOp inner : vecLoops) {
      if (inner == loop || !loop->isProperAncestor(inner))
        continue;
      auto it = nest.loopDimAndFull.find(inner);
      if (it == nest.loopDimAndFull.end())
        continue; // not a vectorized loop
      auto copy = cast<AffineForOp>(mapping.lookup(inner.getOperation()));
      unsigned innerDim = it->second.first;
      bool innerFull = !partialSet.contains(inner) && it->second.second;
      nest.loopDimAndFull[copy] = {innerDim, innerFull};
      nest.result.loops[innerDim].push_back(copy);
      if (partialSet.contains(inner))
        masked.push_back({copy, innerDim});
    }
  }
  if (!masked.empty())
    maskPartialStores(rewriter, masked);
}

} // namespace

} // namespace super_vectorize

using namespace super_vectorize;

FailureOr<SuperVectorizeResult>
superVectorize(RewriterBase &rewriter, Operation *rootOp,
               const TargetInfo &target, const SuperVectorizeOptions &options,
               std::string &reason) {
  auto root = dyn_cast<AffineForOp>(rootOp);
  if (!root) {
    reason = "expected an affine.for, got " + describe(rootOp);
    return failure();
  }
  SuperVectorizeOptions opts = options;
  SmallVector<int64_t> pattern;
  if (failed(checkNestOps(root, reason)) ||
      failed(checkNestedBounds(root, reason)) ||
      failed(resolveSizes(root, target, opts, pattern, reason)))
    return failure();
  ReductionLoopMap reductions;
  FailureOr<LoopLevels> levels =
      selectLoops(root, opts, pattern, reductions, reason);
  if (failed(levels) ||
      failed(checkPaddedLanes(root, *levels, opts.vectorSizes, reason)))
    return failure();

  NestPlan plan = planNest(root, *levels, opts.vectorSizes, reductions);
  FailureOr<SmallVector<AffineForOp>> vecLoops =
      vectorizeWithUpstream(rewriter, root, *levels, plan, reason);
  if (failed(vecLoops))
    return failure();

  VectorNest nest;
  nest.result.vectorSizes = opts.vectorSizes;
  for (auto [dim, indices] : llvm::enumerate(plan.levelIndices)) {
    nest.result.loops.emplace_back();
    for (unsigned i : indices) {
      nest.result.loops.back().push_back((*vecLoops)[i]);
      nest.loopDimAndFull[(*vecLoops)[i]] = {(unsigned)dim, true};
    }
  }
  splitPartialReductions(rewriter, *vecLoops, plan, opts.maskPartialVectors,
                         nest);
  splitPartialParallel(rewriter, *vecLoops, plan, opts.maskPartialVectors,
                       nest);
  // The in-bounds dims, in the vector nest and the remainder of its root.
  AffineForOp vecRoot = vecLoops->front();
  SmallVector<Operation *> roots{vecRoot};
  if (!nest.result.loops.empty())
    for (Operation *loop : nest.result.loops[0])
      if (loop != vecRoot)
        roots.push_back(loop);
  for (Operation *r : roots)
    markInBounds(rewriter, cast<AffineForOp>(r), nest.loopDimAndFull);
  return nest.result;
}

} // namespace regtile
