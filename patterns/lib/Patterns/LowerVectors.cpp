//===- LowerVectors.cpp - n-D vectors to 1-D with x86 strategies ----------===//

#include "regtile/Patterns/DotProduct.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILELOWERVECTORS
#include "regtile/Patterns/Passes.h.inc"

//===----------------------------------------------------------------------===//
// Vector lowering
//===----------------------------------------------------------------------===//

VectorLoweringOptions VectorLoweringOptions::forTarget(const TargetInfo &t) {
  VectorLoweringOptions options;
  // 16x16 f32 transposes have a dedicated AVX-512 shuffle sequence.
  options.transposeLowering =
      t.hasAVX512() ? vector::VectorTransposeLowering::Shuffle16x16
                    : vector::VectorTransposeLowering::Shuffle1D;
  options.i8Dot.vnni512 = t.simdBits == 512 && t.hasI8DotProduct();
  options.i8Dot.vnni256 = t.simdBits == 256 && t.hasI8DotProduct();
  options.i8Dot.avx512bw = t.simdBits == 512 && t.has("avx512bw");
  options.i8Dot.avx2 = t.simdBits == 256 && t.hasAVX2();
  options.avx512bf16 = t.simdBits == 512 && t.hasAVX512BF16();
  return options;
}

namespace {
/// A 2-D transpose written whole into the two innermost dims of a buffer
/// whose innermost dim it fills (a pack's [g][N] -> [N][g] tile: the
/// interleaved caches of the dot-product micro-kernels) as one 1-D shuffle
/// written as one contiguous vector. Upstream's transpose lowering unrolls
/// such transposes element by element on AVX-512 (its Shuffle16x16
/// strategy serves 16x16 only), and the 2-D write row by row: scalar
/// inserts through the stack.
struct TransposedTileWrite : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    auto transpose = write.getVector().getDefiningOp<vector::TransposeOp>();
    auto memref = dyn_cast<MemRefType>(write.getBase().getType());
    if (!transpose || !memref || write.getMask() ||
        !write.getPermutationMap().isMinorIdentity() ||
        transpose.getResultVectorType().getRank() != 2 ||
        !llvm::equal(transpose.getPermutation(), ArrayRef<int64_t>{1, 0}) ||
        llvm::any_of(write.getInBoundsValues(), [](bool b) { return !b; }))
      return failure();
    VectorType type = transpose.getResultVectorType();
    int64_t rank = memref.getRank(), cols = type.getDimSize(1);
    if (type.getElementType().getIntOrFloatBitWidth() == 32 &&
        type.getDimSize(0) == 16 && cols == 16)
      return failure(); // the dedicated AVX-512 16x16 sequence
    SmallVector<int64_t> strides;
    int64_t offset;
    ValueRange indices = write.getIndices();
    if (rank < 2 || memref.getDimSize(rank - 1) != cols ||
        failed(memref.getStridesAndOffset(strides, offset)) ||
        strides[rank - 1] != 1 || strides[rank - 2] != cols ||
        !isConstantIntValue(indices[rank - 1], 0))
      return failure();
    Location loc = write.getLoc();
    int64_t n = type.getNumElements(), rows = type.getDimSize(0);
    // result[r][c] = source[c][r]: flat r * cols + c <- c * rows + r.
    SmallVector<int64_t> mask;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        mask.push_back(c * rows + r);
    auto flat = VectorType::get({n}, type.getElementType());
    Value src =
        vector::ShapeCastOp::create(rewriter, loc, flat, transpose.getVector());
    Value shuffled = vector::ShuffleOp::create(rewriter, loc, src, src, mask);
    SmallVector<ReassociationIndices> reassoc;
    for (int64_t d = 0; d < rank - 2; ++d)
      reassoc.push_back({d});
    reassoc.push_back({rank - 2, rank - 1});
    Value collapsed = memref::CollapseShapeOp::create(rewriter, loc,
                                                      write.getBase(), reassoc);
    SmallVector<Value> at(indices.drop_back());
    Value cst = arith::ConstantIndexOp::create(rewriter, loc, cols);
    at.back() = arith::MulIOp::create(rewriter, loc, at.back(), cst);
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(
        write, shuffled, collapsed, at, ArrayRef<bool>{true});
    return success();
  }
};
} // namespace

/// True if the innermost dimension of the multi_reduction source is reduced.
static bool reducesInnermostDim(vector::MultiDimReductionOp op) {
  int64_t rank = op.getSourceVectorType().getRank();
  return llvm::is_contained(op.getReductionDims(), rank - 1);
}

LogicalResult lowerVectors(Operation *root,
                           const VectorLoweringOptions &options) {
  MLIRContext *ctx = root->getContext();

  // 0. Instruction selection that must see multi-reductions whole.
  if (options.i8Dot.vnni512 || options.i8Dot.vnni256 ||
      options.i8Dot.avx512bw || options.i8Dot.avx2 || options.avx512bf16) {
    RewritePatternSet patterns(ctx);
    populateI8DotPatterns(patterns, options.i8Dot);
    if (options.avx512bf16)
      populateBF16DotPatterns(patterns);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }

  // 1. Multi-reductions, per op, with the strategy that avoids transposes.
  SmallVector<Operation *> innerReductions, innerParallels;
  root->walk([&](vector::MultiDimReductionOp op) {
    (reducesInnermostDim(op) ? innerReductions : innerParallels).push_back(op);
  });
  for (auto [ops, strategy] :
       {std::make_pair(&innerReductions,
                       vector::VectorMultiReductionLowering::InnerReduction),
        std::make_pair(&innerParallels,
                       vector::VectorMultiReductionLowering::InnerParallel)}) {
    if (ops->empty())
      continue;
    RewritePatternSet patterns(ctx);
    vector::populateVectorMultiReductionLoweringPatterns(patterns, strategy);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    // Lowering may legitimately leave nothing to do; only a verifier failure
    // is an error, and that is caught by the pass manager.
    (void)applyOpPatternsGreedily(*ops, std::move(patterns), config);
  }

  // 2. Transfers that skip inner source dims (e.g. (d0..d6) -> (d2, d3), which
  //    casting away leading unit dims produces) read and write through
  //    rank-reduced subviews so that they lower to vector loads and stores,
  //    not to one scalar access per element.
  {
    // vector.mask regions first: the unit-dim patterns below rewrite the
    // transfer itself and must not insert ops into a mask region.
    RewritePatternSet maskPatterns(ctx);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(maskPatterns);
    if (failed(applyPatternsGreedily(root, std::move(maskPatterns))))
      return root->emitError("regtile vector lowering did not converge");
    RewritePatternSet patterns(ctx);
    patterns.add<TransposedTileWrite>(ctx);
    populateTransferUnitDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }

  // 3. Contractions to outer products to FMAs; masks; broadcasts.
  {
    RewritePatternSet patterns(ctx);
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorOuterProductLoweringPatterns(patterns);
    vector::populateVectorMaskOpLoweringPatterns(patterns);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    vector::populateVectorBroadcastLoweringPatterns(patterns);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    vector::populateVectorGatherLoweringPatterns(patterns);
    vector::populateVectorStepLoweringPatterns(patterns);
    vector::populateVectorInterleaveLoweringPatterns(patterns);
    vector::populateVectorScanLoweringPatterns(patterns);
    vector::populateVectorBitCastLoweringPatterns(patterns);
    vector::ShapeCastOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }

  // 4. Transposes and shape casts last: the steps above create them.
  {
    RewritePatternSet patterns(ctx);
    vector::populateVectorTransposeLoweringPatterns(patterns,
                                                    options.transposeLowering);
    vector::populateVectorShapeCastLoweringPatterns(patterns);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }
  return success();
}

namespace {
struct RegtileLowerVectorsPass
    : public impl::RegtileLowerVectorsBase<RegtileLowerVectorsPass> {
  using Base::Base;
  void runOnOperation() override {
    Operation *op = getOperation();
    FailureOr<TargetInfo> info = getTargetFor(op, target, op->getLoc());
    if (failed(info) ||
        failed(lowerVectors(op, VectorLoweringOptions::forTarget(*info))))
      return signalPassFailure();
  }
};
} // namespace

} // namespace regtile
