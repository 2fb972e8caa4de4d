//===- SuperVectorizeAnalysis.cpp - Which nests and loops -----------------===//

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

namespace regtile::super_vectorize {
std::string describe(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "'";
}

/// Integer ops whose padded lanes (past the loop bound) could trap.
bool isTrappingIntegerOp(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
             arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op);
}

/// Checks that every op of the nest is one upstream's vectorizer widens
/// correctly: affine loops, loads, stores, applies and yields, constants, and
/// elementwise-mappable ops on scalars.
LogicalResult checkNestOps(AffineForOp root, std::string &reason) {
  WalkResult walk = root.getBody()->walk([&](Operation *op) {
    if (isa<AffineIfOp>(op)) {
      reason = "the nest holds an affine.if (conditionals are not vectorized)";
      return WalkResult::interrupt();
    }
    if (isa<AffineForOp, AffineYieldOp, AffineApplyOp>(op))
      return WalkResult::advance();
    if (auto load = dyn_cast<AffineLoadOp>(op)) {
      if (!VectorType::isValidElementType(
              load.getMemRefType().getElementType()) ||
          isa<VectorType>(load.getMemRefType().getElementType())) {
        reason = "the nest loads from a memref of vectors";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    if (auto store = dyn_cast<AffineStoreOp>(op)) {
      if (isa<VectorType>(store.getMemRefType().getElementType())) {
        reason = "the nest stores to a memref of vectors";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    if (op->getNumRegions() != 0) {
      reason = "the nest holds " + describe(op) +
               ", an op with regions other than affine.for";
      return WalkResult::interrupt();
    }
    if (!isMemoryEffectFree(op)) {
      reason = "the nest holds " + describe(op) +
               ", a memory access or side effect that is not an affine "
               "load/store";
      return WalkResult::interrupt();
    }
    for (Type t : op->getResultTypes()) {
      if (isa<VectorType>(t)) {
        reason = "the nest already holds vector ops (" + describe(op) + ")";
        return WalkResult::interrupt();
      }
      if (!VectorType::isValidElementType(t)) {
        reason = describe(op) + " produces a value that cannot be a vector "
                                "element";
        return WalkResult::interrupt();
      }
    }
    if (isa<arith::ConstantOp>(op))
      return WalkResult::advance();
    if (!OpTrait::hasElementwiseMappableTraits(op)) {
      reason = describe(op) + " cannot be widened to vectors (not an "
                              "elementwise-mappable op)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Checks that the bounds of every loop strictly inside `root` are defined
/// outside the vectorized loops (upstream keeps the scalar bound operands).
LogicalResult checkNestedBounds(AffineForOp root, std::string &reason) {
  WalkResult walk = root.getBody()->walk([&](AffineForOp loop) {
    for (Value v :
         loop.getOperands().take_front(loop.getNumControlOperands())) {
      if (!root->isAncestor(v.getParentRegion()->getParentOp()) &&
          v.getParentRegion()->getParentOp() != root)
        continue;
      if (root.isDefinedOutsideOfLoop(v))
        continue;
      reason = "the bounds of a nested loop depend on a value defined in "
               "the nest (e.g. an induction variable); vectorize the inner "
               "loop nest instead";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

namespace {

/// The access map of `op` composed with the affine.applys feeding it.
AffineValueMap composedAccessMap(Operation *op) {
  MemRefAccess access(op);
  AffineValueMap map;
  access.getAccessMap(&map);
  return map;
}

/// Checks that every access of the nest under `loop` is either invariant in
/// the loop's induction variable or contiguous along it: one index is
/// `iv + (terms independent of iv)`, the others do not use it.
LogicalResult checkUnitStrideAccesses(AffineForOp loop, std::string &reason) {
  Value iv = loop.getInductionVar();
  Operation *firstVarying = nullptr; // an access varying with the loop
  int64_t firstDim = -1;             // its memref dim, from the fastest
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (!isa<AffineLoadOp, AffineStoreOp>(op))
      return WalkResult::advance();
    AffineValueMap map = composedAccessMap(op);
    std::optional<unsigned> ivPos;
    for (unsigned i = 0, e = map.getNumOperands(); i < e; ++i)
      if (map.getOperand(i) == iv)
        ivPos = i;
    if (!ivPos)
      return WalkResult::advance();
    AffineMap m = map.getAffineMap();
    unsigned numDims = m.getNumDims();
    unsigned varying = 0;
    int64_t dim = -1;
    for (auto [resultPos, e] : llvm::enumerate(m.getResults())) {
      bool usesIv = *ivPos < numDims ? e.isFunctionOfDim(*ivPos)
                                     : e.isFunctionOfSymbol(*ivPos - numDims);
      if (!usesIv)
        continue;
      ++varying;
      dim = m.getNumResults() - 1 - resultPos;
      // The coefficient of the iv must be 1, and it must not appear under
      // mod/floordiv/ceildiv/mul by a non-constant.
      SmallVector<int64_t> flat;
      if (failed(
              getFlattenedAffineExpr(e, numDims, m.getNumSymbols(), &flat)) ||
          flat.size() != numDims + m.getNumSymbols() + 1 || flat[*ivPos] != 1) {
        reason = "access " + describe(op) +
                 " is not contiguous along the loop (stride of the "
                 "induction variable is not 1)";
        return WalkResult::interrupt();
      }
    }
    if (varying > 1) {
      reason = "access " + describe(op) +
               " varies along several memref dimensions with the loop";
      return WalkResult::interrupt();
    }
    if (varying == 1 && firstVarying && dim != firstDim) {
      reason = "accesses vary with the loop along different memref "
               "dimensions (" +
               std::to_string(firstDim) + " and " + std::to_string(dim) +
               " from the fastest varying); vectorize a loop along which "
               "they agree";
      return WalkResult::interrupt();
    }
    if (varying == 1 && !firstVarying) {
      firstVarying = op;
      firstDim = dim;
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// True if the floating-point combiner of `reduction` may be reassociated.
bool mayReassociate(AffineForOp loop, const LoopReduction &reduction,
                    bool allowReassociation) {
  switch (reduction.kind) {
  case arith::AtomicRMWKind::addf:
  case arith::AtomicRMWKind::mulf:
    break;
  default:
    return true;
  }
  if (allowReassociation)
    return true;
  // The combiner is the op that yields the iter_arg's next value.
  Value next =
      loop.getBody()->getTerminator()->getOperand(reduction.iterArgPosition);
  auto fm = next.getDefiningOp<arith::ArithFastMathInterface>();
  return fm && arith::bitEnumContainsAll(fm.getFastMathFlagsAttr().getValue(),
                                         arith::FastMathFlags::reassoc);
}

/// Whether `loop` can be vector dimension `dim` of the strategy, accessing
/// memory along memref dim `fastestVarying` (counted from the innermost).
/// Records reductions in `reductions`.
LogicalResult checkVectorLoop(AffineForOp loop, int64_t fastestVarying,
                              const SuperVectorizeOptions &options,
                              ReductionLoopMap &reductions,
                              std::string &reason) {
  if (loop.getStepAsInt() != 1) {
    reason =
        "the loop step is " + std::to_string(loop.getStepAsInt()) + ", not 1";
    return failure();
  }
  SmallVector<LoopReduction, 2> loopReductions;
  if (!isLoopParallel(loop, &loopReductions)) {
    reason = "the loop carries a dependence (it is neither parallel nor a "
             "supported reduction)";
    return failure();
  }
  if (!loopReductions.empty()) {
    if (!options.vectorizeReductions) {
      reason = "the loop is a reduction (iter_arg #" +
               std::to_string(loopReductions.front().iterArgPosition) +
               "); set vectorize_reductions to vectorize it";
      return failure();
    }
    if (options.vectorSizes.size() > 1) {
      reason = "reductions are vectorized with one vector size only";
      return failure();
    }
    for (const LoopReduction &r : loopReductions) {
      if (!mayReassociate(loop, r, options.allowReassociation)) {
        reason = "vectorizing the floating-point reduction reassociates it: "
                 "the combiner needs fastmath<reassoc> (or set "
                 "allow_reassociation)";
        return failure();
      }
    }
    reductions[loop] = loopReductions;
  }
  if (failed(checkUnitStrideAccesses(loop, reason)))
    return failure();
  int memRefDim = -1;
  bool vectorizable;
  {
    // Scoped: upstream's vectorizer opens its own (only one may exist).
    NestedPatternContext context;
    NestedPattern transfers = affine::matcher::Op([](Operation &op) {
      return isa<vector::TransferReadOp, vector::TransferWriteOp>(op);
    });
    vectorizable = isVectorizableLoopBody(loop, &memRefDim, transfers);
  }
  if (!vectorizable) {
    reason = "the loop body is not vectorizable (accesses along several "
             "memref dimensions or non-contiguous)";
    return failure();
  }
  if (memRefDim != -1 && memRefDim != fastestVarying) {
    reason = "the loop accesses memory along memref dimension " +
             std::to_string(memRefDim) +
             " (from the fastest varying), the pattern asks for " +
             std::to_string(fastestVarying);
    return failure();
  }
  return success();
}

} // namespace

/// Chooses the loops of each vector dimension: `root` for the first; for
/// each next one, the outermost loops nested in a chosen loop of the
/// previous level that pass checkVectorLoop.
FailureOr<LoopLevels> selectLoops(AffineForOp root,
                                  const SuperVectorizeOptions &options,
                                  ArrayRef<int64_t> pattern,
                                  ReductionLoopMap &reductions,
                                  std::string &reason) {
  LoopLevels levels;
  std::string why;
  if (failed(checkVectorLoop(root, pattern[0], options, reductions, why))) {
    reason = "cannot vectorize the root loop: " + why;
    return failure();
  }
  levels.push_back({root});
  for (size_t k = 1; k < pattern.size(); ++k) {
    SmallVector<AffineForOp, 2> level;
    std::string firstWhy;
    for (AffineForOp parent : levels.back()) {
      parent.getBody()->walk<WalkOrder::PreOrder>([&](AffineForOp loop) {
        std::string loopWhy;
        ReductionLoopMap loopReductions;
        if (succeeded(checkVectorLoop(loop, pattern[k], options, loopReductions,
                                      loopWhy))) {
          level.push_back(loop);
          reductions.insert(loopReductions.begin(), loopReductions.end());
          return WalkResult::skip();
        }
        if (firstWhy.empty())
          firstWhy = loopWhy;
        return WalkResult::advance();
      });
    }
    if (level.empty()) {
      reason = "no loop nested " + std::to_string(k) +
               " level(s) down can be vector dimension " + std::to_string(k) +
               " (memref dimension " + std::to_string(pattern[k]) +
               " from the fastest varying)";
      if (!firstWhy.empty())
        reason += ": " + firstWhy;
      return failure();
    }
    levels.push_back(std::move(level));
  }
  return levels;
}

/// True if the loop's trip count is a known multiple of `size`.
bool tripCountIsMultiple(AffineForOp loop, int64_t size) {
  std::optional<uint64_t> tripCount = getConstantTripCount(loop);
  return tripCount && *tripCount % size == 0;
}

/// Fills in the defaults of `opts` (vector sizes: the target's lanes for the
/// nest's widest element type; the pattern: innermost loops fastest) and
/// checks them.
LogicalResult resolveSizes(AffineForOp root, const TargetInfo &target,
                           SuperVectorizeOptions &opts,
                           SmallVector<int64_t> &pattern, std::string &reason) {
  if (opts.vectorSizes.empty()) {
    unsigned widest = 0;
    root.walk([&](Operation *op) {
      if (auto l = dyn_cast<AffineLoadOp>(op))
        widest = std::max(widest, l.getMemRefType().getElementTypeBitWidth());
      if (auto s = dyn_cast<AffineStoreOp>(op))
        widest = std::max(widest, s.getMemRefType().getElementTypeBitWidth());
    });
    if (widest == 0) {
      reason = "the nest accesses no memory: give vector_sizes";
      return failure();
    }
    opts.vectorSizes = {(int64_t)target.lanesForBitwidth(widest)};
  }
  if (llvm::any_of(opts.vectorSizes, [](int64_t s) { return s <= 0; })) {
    reason = "vector sizes must be positive";
    return failure();
  }
  pattern.assign(opts.fastestVaryingPattern.begin(),
                 opts.fastestVaryingPattern.end());
  if (pattern.empty())
    for (int64_t i = opts.vectorSizes.size() - 1; i >= 0; --i)
      pattern.push_back(i);
  if (pattern.size() != opts.vectorSizes.size()) {
    reason = "fastest_varying_pattern has " + std::to_string(pattern.size()) +
             " entries for " + std::to_string(opts.vectorSizes.size()) +
             " vector sizes";
    return failure();
  }
  return success();
}

/// Partial vectors: padded lanes run ops the scalar loop never ran; refuses
/// a nest where they could divide by zero.
LogicalResult checkPaddedLanes(AffineForOp root, const LoopLevels &levels,
                               ArrayRef<int64_t> sizes, std::string &reason) {
  bool partial = false;
  for (auto [dim, level] : llvm::enumerate(levels))
    for (AffineForOp loop : level)
      partial |= !tripCountIsMultiple(loop, sizes[dim]);
  if (!partial)
    return success();
  WalkResult trap = root.walk([&](Operation *op) {
    return isTrappingIntegerOp(op) ? WalkResult::interrupt()
                                   : WalkResult::advance();
  });
  if (!trap.wasInterrupted())
    return success();
  reason = "a trip count is not a known multiple of the vector size and "
           "the nest divides integers: the padded lanes could divide by "
           "zero";
  return failure();
}

} // namespace regtile::super_vectorize
