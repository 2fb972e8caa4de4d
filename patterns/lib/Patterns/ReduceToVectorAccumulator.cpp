//===- ReduceToVectorAccumulator.cpp - Register-resident reductions -------===//
//
// The loop nest around the accumulators and the entry point; the analysis
// and the per-step strategies are in ReductionAnalysis.cpp,
// ReductionSteps.cpp and ReductionI8Dot.cpp (ReductionInternals.h).
//
//===----------------------------------------------------------------------===//

#include "ReductionInternals.h"

#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

namespace regtile {
using namespace reduction;
namespace {

/// The default rows reduced together (defaultReductionRows); 1 without a
/// parallel dim.
int64_t defaultRows(linalg::LinalgOp op, const Analysis &a,
                    const TargetInfo &target, int64_t partialLanes,
                    std::optional<int64_t> accumulators) {
  if (a.parallelDims.empty())
    return 1;
  return defaultReductionRows(target, partialLanes, accumulators,
                              op.getStaticLoopRanges()[a.parallelDims.back()]);
}

} // namespace

LogicalResult canReduceToVectorAccumulator(linalg::LinalgOp op,
                                           const VectorAccumulatorOptions &o,
                                           std::string &reason) {
  Analysis a;
  return analyze(op, o, a, reason);
}

namespace {

/// Checks the knobs against the op and the target.
LogicalResult checkKnobs(const Analysis &a, int64_t accumulators, int64_t rows,
                         const TargetInfo &target, std::string &reason) {
  if (accumulators < 1) {
    reason = "the number of accumulators must be positive";
    return failure();
  }
  if (rows < 1) {
    reason = "the number of rows must be positive";
    return failure();
  }
  if (rows > 1 && a.parallelDims.empty()) {
    reason = "rows = " + std::to_string(rows) +
             " needs a parallel dim (several output elements)";
    return failure();
  }
  if (rows > 1 && rows * accumulators + 2 > target.numVectorRegisters) {
    reason = std::to_string(rows) + " rows x " + std::to_string(accumulators) +
             " accumulators + 2 registers for loads exceed the " +
             std::to_string(target.numVectorRegisters) +
             " vector registers of the target";
    return failure();
  }
  return success();
}

/// Builds the loop nest that replaces the op: the parallel dims (in blocks
/// of rows along the innermost one), the outer reduction dims, and the
/// innermost dim as an unmasked main loop of whole steps plus one masked
/// step for the tail, the accumulators carried through them; per output
/// element one horizontal reduction merged with its initial value.
class AccumulatorNestBuilder {
public:
  AccumulatorNestBuilder(RewriterBase &rewriter, linalg::LinalgOp op,
                         const Analysis &a, Strategy &strategy)
      : rewriter(rewriter), op(op), a(a), strategy(strategy), loc(op.getLoc()),
        ivs(a.numLoops) {
    if (!a.parallelDims.empty())
      rowDim = a.parallelDims.back();
  }

  /// Builds the nest before the op and replaces it; the main loops built
  /// (the first is the blocks' one) and the final reduction.
  void build(int64_t rows) {
    rewriter.setInsertionPoint(op);
    buildInvariants();
    // (Not a ValueRange of a braced list: that would point into a
    // temporary.)
    SmallVector<Value, 1> iterArgs;
    if (onTensors)
      iterArgs.push_back(init);
    SmallVector<Value> results;
    if (rows == 1) {
      results = scf::buildLoopNest(rewriter, loc, pLbs, pUbs, pSteps, iterArgs,
                                   perOutputBlock(1))
                    .results;
    } else {
      // Blocks of `rows` along the innermost parallel dim, then the rows
      // left.
      AffineExpr s0 = rewriter.getAffineSymbolExpr(0);
      Value blockEnd = getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(
              rewriter, loc, s0.floorDiv(rows) * rows,
              {getAsOpFoldResult(pUbs.back())}));
      SmallVector<Value> blockUbs(pUbs), blockSteps(pSteps);
      blockUbs.back() = blockEnd;
      blockSteps.back() = arith::ConstantIndexOp::create(rewriter, loc, rows);
      results = scf::buildLoopNest(rewriter, loc, pLbs, blockUbs, blockSteps,
                                   iterArgs, perOutputBlock(rows))
                    .results;
      SmallVector<Value> restLbs(pLbs);
      restLbs.back() = blockEnd;
      SmallVector<Value> restArgs(results.begin(), results.end());
      // The handles name the blocks' loop (mainLoops.front()) and reduction.
      Operation *blockFinal = finalReduction;
      results = scf::buildLoopNest(rewriter, loc, restLbs, pUbs, pSteps,
                                   restArgs, perOutputBlock(1))
                    .results;
      finalReduction = blockFinal;
    }
    if (onTensors)
      rewriter.replaceOp(op, results);
    else
      rewriter.eraseOp(op);
  }

  SmallVector<scf::ForOp> mainLoops;
  Operation *finalReduction = nullptr;

private:
  /// Bounds and values shared by every block: loop bounds, the inner dim's
  /// main part of whole steps and tail masks (unless statically empty), the
  /// accumulators' initial value.
  void buildInvariants() {
    ranges = op.createLoopRanges(rewriter, loc);
    zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    init = a.init->get();
    onTensors = isa<RankedTensorType>(init.getType());
    initMap = op.getMatchingIndexingMap(a.init);
    auto upperBounds = [&](ArrayRef<unsigned> ds, SmallVectorImpl<Value> &ubs) {
      for (unsigned d : ds)
        ubs.push_back(
            getValueOrCreateConstantIndexOp(rewriter, loc, ranges[d].size));
    };
    upperBounds(a.parallelDims, pUbs);
    upperBounds(a.outerReductionDims, rUbs);
    pLbs.assign(pUbs.size(), zero);
    pSteps.assign(pUbs.size(), one);
    rLbs.assign(rUbs.size(), zero);
    rSteps.assign(rUbs.size(), one);

    int64_t width = strategy.stepWidth();
    OpFoldResult innerSize = ranges[a.innerDim].size;
    std::optional<int64_t> staticInner = getConstantIntValue(innerSize);
    AffineExpr s0 = rewriter.getAffineSymbolExpr(0);
    widthValue = arith::ConstantIndexOp::create(rewriter, loc, width);
    mainEnd = getValueOrCreateConstantIndexOp(
        rewriter, loc,
        affine::makeComposedFoldedAffineApply(
            rewriter, loc, s0.floorDiv(width) * width, {innerSize}));
    if (!staticInner || *staticInner % width != 0) {
      Value rest = getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(rewriter, loc, s0 % width,
                                                {innerSize}));
      tailMasks = strategy.tailMasks(rewriter, loc, rest);
    }
    accInit = strategy.init(rewriter, loc);
  }

  ValueRange rowAccs(ValueRange accs, int64_t r) const {
    return accs.slice(r * accInit.size(), accInit.size());
  }

  /// One step of the innermost dim (at `start`, masked by `masks` if any)
  /// for every row of the block.
  SmallVector<Value> stepRows(OpBuilder &b, Location l, ValueRange accs,
                              Value start, ArrayRef<Value> masks) {
    SmallVector<Value> next;
    for (int64_t r = 0, e = rowIvs.size(); r < e; ++r) {
      if (rowDim)
        ivs[*rowDim] = rowIvs[r];
      llvm::append_range(
          next, strategy.step(b, l, ivs, rowAccs(accs, r), start, masks));
    }
    return next;
  }

  /// Innermost dim: unmasked main loop, then one masked step for the tail;
  /// the rows of the block interleaved in both.
  SmallVector<Value> reduceInner(OpBuilder &b, Location l, ValueRange accs) {
    scf::ForOp mainLoop = scf::ForOp::create(
        b, l, zero, mainEnd, widthValue, accs,
        [&](OpBuilder &nb, Location nl, Value iv, ValueRange args) {
          scf::YieldOp::create(nb, nl, stepRows(nb, nl, args, iv, {}));
        });
    mainLoops.push_back(mainLoop);
    SmallVector<Value> result(mainLoop.getResults());
    if (tailMasks.empty())
      return result;
    return stepRows(b, l, result, mainEnd, tailMasks);
  }

  /// Per block of `blockRows` output elements: accumulate, then one
  /// horizontal reduction each, merged with the output's initial value.
  scf::ValueVector outputBlock(OpBuilder &b, Location l, ValueRange pIvs,
                               ValueRange iterArgs, int64_t blockRows) {
    for (auto [d, iv] : llvm::zip(a.parallelDims, pIvs))
      ivs[d] = iv;
    // (blockRows > 1 implies a row dim.)
    rowIvs.assign(1, rowDim ? ivs[*rowDim] : Value());
    for (int64_t r = 1; r < blockRows; ++r)
      rowIvs.push_back(arith::AddIOp::create(
          b, l, rowIvs.front(), arith::ConstantIndexOp::create(b, l, r)));
    SmallVector<Value> inits;
    for (int64_t r = 0; r < blockRows; ++r)
      llvm::append_range(inits, accInit);
    scf::LoopNest outer = scf::buildLoopNest(
        b, l, rLbs, rUbs, rSteps, inits,
        [&](OpBuilder &nb, Location nl, ValueRange rIvs,
            ValueRange args) -> scf::ValueVector {
          for (auto [d, iv] : llvm::zip(a.outerReductionDims, rIvs))
            ivs[d] = iv;
          return reduceInner(nb, nl, args);
        });
    SmallVector<Value> partial;
    for (int64_t r = 0; r < blockRows; ++r)
      partial.push_back(strategy.combine(b, l, rowAccs(outer.results, r)));
    Value dest = onTensors ? iterArgs.front() : init;
    int64_t lanes =
        cast<VectorType>(partial.front().getType()).getNumElements();
    if (blockRows > 1 && blockRows <= lanes)
      dest = storeRowsTogether(b, l, partial, dest);
    else
      for (int64_t r = 0; r < blockRows; ++r)
        dest = storeRow(b, l, r, partial[r], dest);
    if (!onTensors)
      return {};
    return {dest};
  }

  /// The output indices of row `r` of the block.
  SmallVector<Value> outIndices(int64_t r) {
    if (rowDim)
      ivs[*rowDim] = rowIvs[r];
    SmallVector<Value> outIdx;
    for (AffineExpr e : initMap.getResults())
      outIdx.push_back(ivs[cast<AffineDimExpr>(e).getPosition()]);
    return outIdx;
  }

  /// The output element at `idx` of `dest`.
  Value readOutput(OpBuilder &b, Location l, Value dest, ValueRange idx) {
    if (onTensors)
      return tensor::ExtractOp::create(b, l, dest, idx);
    return memref::LoadOp::create(b, l, dest, idx);
  }

  /// Stores `v` at `idx` of `dest`; the new destination.
  Value writeOutput(OpBuilder &b, Location l, Value v, Value dest,
                    ValueRange idx) {
    if (onTensors)
      return tensor::InsertOp::create(b, l, v, dest, idx);
    memref::StoreOp::create(b, l, v, dest, idx);
    return dest;
  }

  /// One horizontal reduction of row `r`'s partial results, merged with the
  /// output's initial value and stored; the new destination.
  Value storeRow(OpBuilder &b, Location l, int64_t r, Value partial,
                 Value dest) {
    SmallVector<Value> outIdx = outIndices(r);
    auto red = vector::ReductionOp::create(
        b, l, a.kind, partial, readOutput(b, l, dest, outIdx), a.fastmath);
    finalReduction = red;
    return writeOutput(b, l, red, dest, outIdx);
  }

  /// The horizontal reductions of the block's rows together (one vector of
  /// results), merged with the rows' initial values and stored: as one
  /// vector read and write where the rows are contiguous in the output (the
  /// row dim is its innermost, unit-stride dim), else element by element.
  /// The new destination.
  Value storeRowsTogether(OpBuilder &b, Location l, ArrayRef<Value> partial,
                          Value dest) {
    int64_t count = partial.size();
    Value results = reduceRowsTogether(b, l, a.kind, partial, a.fastmath);
    auto type = cast<VectorType>(results.getType());
    bool contiguous =
        initMap.getNumResults() > 0 &&
        initMap.getResults().back() == b.getAffineDimExpr(*rowDim);
    if (auto memrefType = dyn_cast<MemRefType>(dest.getType()))
      contiguous &= memrefType.isLastDimUnitStride();
    contiguous &= isByteSized(type.getElementType());
    SmallVector<Value> firstIdx = outIndices(0);
    Value initial;
    if (contiguous) {
      Value padding = ub::PoisonOp::create(b, l, type.getElementType());
      initial = vector::TransferReadOp::create(b, l, type, dest, firstIdx,
                                               padding, ArrayRef<bool>{true});
    } else {
      SmallVector<Value> initials;
      for (int64_t r = 0; r < count; ++r)
        initials.push_back(readOutput(b, l, dest, outIndices(r)));
      initial = vector::FromElementsOp::create(b, l, type, initials);
    }
    Value merged = vector::makeArithReduction(
        b, l, a.kind, results, initial,
        arith::FastMathFlagsAttr::get(b.getContext(), a.fastmath));
    finalReduction = merged.getDefiningOp();
    if (contiguous) {
      auto write = vector::TransferWriteOp::create(b, l, merged, dest, firstIdx,
                                                   ArrayRef<bool>{true});
      return onTensors ? write.getResult() : dest;
    }
    for (int64_t r = 0; r < count; ++r)
      dest = writeOutput(b, l, vector::ExtractOp::create(b, l, merged, r), dest,
                         outIndices(r));
    return dest;
  }

  std::function<scf::ValueVector(OpBuilder &, Location, ValueRange, ValueRange)>
  perOutputBlock(int64_t blockRows) {
    return [this, blockRows](OpBuilder &b, Location l, ValueRange pIvs,
                             ValueRange iterArgs) {
      return outputBlock(b, l, pIvs, iterArgs, blockRows);
    };
  }

  RewriterBase &rewriter;
  linalg::LinalgOp op;
  const Analysis &a;
  Strategy &strategy;
  Location loc;

  SmallVector<Range> ranges;
  Value zero, init, widthValue, mainEnd;
  bool onTensors = false;
  AffineMap initMap;
  SmallVector<Value> pLbs, pUbs, pSteps, rLbs, rUbs, rSteps;
  SmallVector<Value> tailMasks, accInit;
  /// The loop ivs as the body is built; the rows of a block are ivs of the
  /// innermost parallel dim (block start + r), set before each row's IR.
  SmallVector<Value> ivs;
  std::optional<unsigned> rowDim;
  SmallVector<Value> rowIvs;
};

/// Ops of the main loops wider than a native vector (inputs of a wider type
/// than the accumulators, e.g. f64 read into an f32 sum) in native pieces,
/// in ascending address order: left whole, LLVM splits the wide loads in
/// descending runs (a
/// zig-zag over each iteration's lines that hardware prefetchers follow less
/// well: 0.79x the ascending form on a DRAM-sized f32 sum, Zen 4).
void unrollMainLoops(ArrayRef<scf::ForOp> mainLoops, const TargetInfo &target,
                     MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  NativeVectorOptions native;
  native.nativeBits = target.simdBits;
  native.registers = target.numVectorRegisters;
  populateUnrollToNativeVectorsPatterns(patterns, native);
  FrozenRewritePatternSet frozen(std::move(patterns));
  // Within the loops only, and no constant deduplication: values the caller
  // still holds (and handles of the transform) must survive.
  for (scf::ForOp mainLoop : mainLoops) {
    GreedyRewriteConfig config;
    config.setScope(&mainLoop.getRegion())
        .enableConstantCSE(false)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(mainLoop.getRegion(), frozen, config);
  }
}

} // namespace

FailureOr<VectorAccumulatorResult> reduceToVectorAccumulator(
    RewriterBase &rewriter, linalg::LinalgOp op, const TargetInfo &target,
    const VectorAccumulatorOptions &options, std::string &reason) {
  Analysis a;
  if (failed(analyze(op, options, a, reason)))
    return failure();
  std::optional<I8Dot> dot = matchI8Dot(op, a);
  if (dot && !isI8DotSupported(target, *dot))
    dot = std::nullopt;
  // Lanes of a row's partial results (i32 in the 4-way dot form).
  int64_t partialLanes = dot ? target.simdBits / 32 : target.lanes(a.accType);
  int64_t rows = options.rows.value_or(
      defaultRows(op, a, target, partialLanes, options.accumulators));
  int64_t accumulators = options.accumulators.value_or(
      defaultReductionAccumulators(target, a.accType, a.kind, rows));
  if (failed(checkKnobs(a, accumulators, rows, target, reason)))
    return failure();
  std::unique_ptr<Strategy> strategy;
  if (dot)
    strategy =
        makeI8DotStrategy(op, a, *dot, accumulators, target.simdBits / 8);
  else
    strategy = makePlainStrategy(op, a, accumulators, target.lanes(a.accType));

  OpBuilder::InsertionGuard guard(rewriter);
  AccumulatorNestBuilder nest(rewriter, op, a, *strategy);
  nest.build(rows);
  // The 4-way dot form is left whole: its instruction selection needs it.
  if (!dot)
    unrollMainLoops(nest.mainLoops, target, rewriter.getContext());

  VectorAccumulatorResult result;
  result.reductionLoop = nest.mainLoops.front();
  result.finalReduction = nest.finalReduction;
  result.width = strategy->stepWidth();
  result.usesI8Dot = dot.has_value();
  return result;
}

} // namespace regtile
