//===- FoldUnitDims.cpp - Remove unit dimensions in one pattern set -------===//
//
// Upstream MLIR has several partial unit-dimension folders, each for one
// level (linalg.generic only; leading vector dims only; memref transfers with
// minor-identity maps only). regtile bundles them and adds what they leave
// behind:
//   - named linalg ops with unit loops are generalized so the linalg folder
//     sees them (upstream only folds linalg.generic);
//   - transfers drop *any* in-bounds unit vector dimension, not only leading
//     ones, on tensors and memrefs;
//   - transfers whose permutation map skips source dimensions after the first
//     accessed one (e.g. (d0..d6) -> (d2, d3), which casting away leading unit
//     dims produces and which lowers to scalar loads) access a rank-reduced
//     tensor.extract_slice / memref.subview instead, so the map becomes a
//     minor identity.
// The transfer-level patterns are in FoldUnitDimsTransfers.cpp.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;

namespace regtile {
namespace {

//===----------------------------------------------------------------------===//
// Named linalg ops with unit loops
//===----------------------------------------------------------------------===//

/// Generalize a named linalg op that has a loop of static extent 1, so that
/// upstream's linalg.generic unit-dim folder applies to it. Convolutions are
/// left to the convolution decomposition patterns, which keep them named.
struct GeneralizeNamedOpWithUnitLoops
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<linalg::GenericOp>(op))
      return rewriter.notifyMatchFailure(op, "already generic");
    if (linalg::isaConvolutionOpInterface(op))
      return rewriter.notifyMatchFailure(op, "convolutions stay named");
    if (!llvm::is_contained(op.getStaticLoopRanges(), 1))
      return rewriter.notifyMatchFailure(op, "no unit loop");
    if (failed(linalg::generalizeNamedOp(rewriter, op)))
      return rewriter.notifyMatchFailure(op, "cannot be generalized");
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tensor.pad with constant SSA padding
//===----------------------------------------------------------------------===//

/// Makes constant SSA low/high padding static, with the result type this
/// implies, and casts back to the original type. Upstream's unit-dim folder
/// for tensor.pad (MLIR 22) makes constant padding static but keeps the
/// declared result dims, which is invalid IR when a declared dynamic dim
/// becomes static (`tensor<1x?x3xf32>` padded by constants `%c2` to
/// `tensor<1x?x?xf32>`: "specified type 'tensor<?x?xf32>' does not match the
/// inferred type 'tensor<?x5xf32>'"; pinned in test/upstream/). With a
/// higher benefit, this runs first and the folder then sees consistent types.
struct StaticPadFromConstants : public OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::PadOp op,
                                PatternRewriter &rewriter) const override {
    // (getMixedLowPad/HighPad already present constant SSA values as
    // attributes; look at the SSA operands.)
    auto isConstant = [](Value v) {
      return getConstantIntValue(v).has_value();
    };
    if (llvm::none_of(op.getLow(), isConstant) &&
        llvm::none_of(op.getHigh(), isConstant))
      return rewriter.notifyMatchFailure(op, "no constant SSA padding");
    SmallVector<OpFoldResult> low = op.getMixedLowPad();
    SmallVector<OpFoldResult> high = op.getMixedHighPad();
    auto fold = [&](SmallVector<OpFoldResult> &pads) {
      for (OpFoldResult &p : pads)
        if (std::optional<int64_t> c = getConstantIntValue(p))
          p = rewriter.getIndexAttr(*c);
    };
    fold(low);
    fold(high);
    SmallVector<int64_t> staticLow, staticHigh;
    SmallVector<Value> dynamicLow, dynamicHigh;
    dispatchIndexOpFoldResults(low, dynamicLow, staticLow);
    dispatchIndexOpFoldResults(high, dynamicHigh, staticHigh);
    RankedTensorType inferred = tensor::PadOp::inferResultType(
        op.getSourceType(), staticLow, staticHigh,
        op.getResultType().getShape());
    auto newPad =
        tensor::PadOp::create(rewriter, op.getLoc(), inferred, op.getSource(),
                              low, high, op.getNofold());
    rewriter.inlineRegionBefore(op.getRegion(), newPad.getRegion(),
                                newPad.getRegion().begin());
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, op.getResultType(),
                                                newPad.getResult());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// How linalg operands and results are rank-reduced
//===----------------------------------------------------------------------===//

/// Tensors: tensor.collapse_shape. One-shot bufferization sees through
/// reshapes of loop-carried tensors (a rank-reducing extract_slice feeding an
/// expand_shape is not recognized as equivalent to the iter_arg and fails to
/// bufferize in place), and it avoids rank-reducing tensor.insert_slice,
/// which upstream's insert_slice vectorization miscompiles in MLIR 22 when
/// non-leading dims are dropped (llvm-project PR #221293: the write lands on
/// the trailing dims).
/// Memrefs: rank-reducing memref.subview, which works for the strided tiles
/// that tiling creates (collapse_shape does not).
static FailureOr<Value>
collapseOperand(RewriterBase &rewriter, Location loc, Value operand,
                ArrayRef<int64_t> targetShape,
                ArrayRef<ReassociationIndices> reassociation,
                const linalg::ControlDropUnitDims &) {
  if (auto tensorType = dyn_cast<RankedTensorType>(operand.getType())) {
    if (tensorType.getEncoding())
      return failure();
    return tensor::CollapseShapeOp::create(rewriter, loc, operand,
                                           reassociation)
        .getResult();
  }
  auto memrefType = dyn_cast<MemRefType>(operand.getType());
  if (!memrefType || !memrefType.isStrided())
    return failure();
  int64_t rank = memrefType.getRank();
  SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes =
      memref::getMixedSizes(rewriter, loc, operand);
  MemRefType resultType = memref::SubViewOp::inferRankReducedResultType(
      targetShape, memrefType, offsets, sizes, strides);
  return memref::SubViewOp::create(rewriter, loc, resultType, operand, offsets,
                                   sizes, strides)
      .getResult();
}

static FailureOr<Value>
expandResult(RewriterBase &rewriter, Location loc, Value result, Value origDest,
             ArrayRef<ReassociationIndices> reassociation,
             const linalg::ControlDropUnitDims &) {
  auto origType = dyn_cast<RankedTensorType>(origDest.getType());
  if (!origType || origType.getEncoding())
    return failure();
  return tensor::ExpandShapeOp::create(rewriter, loc, origType, result,
                                       reassociation)
      .getResult();
}

} // namespace

void populateFoldUnitDimsPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();

  // Linalg level: named ops are generalized when they have unit loops, then
  // upstream's folder drops the unit loops of linalg.generic (and tensor.pad);
  // convolutions with unit windows become lower-dimensional convolutions.
  linalg::ControlDropUnitDims control;
  control.collapseFn = collapseOperand;
  control.expandFn = expandResult;
  patterns.add<GeneralizeNamedOpWithUnitLoops>(ctx);
  // Benefit 2: before upstream's tensor.pad unit-dim folder.
  patterns.add<StaticPadFromConstants>(ctx, /*benefit=*/2);
  linalg::populateFoldUnitExtentDimsPatterns(patterns, control);
  linalg::populateFoldUnitExtentDimsCanonicalizationPatterns(patterns, control);
  linalg::populateDecomposeConvolutionPatterns(patterns);

  // Vector level.
  populateTransferUnitDimPatterns(patterns);
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  vector::populateDropUnitDimWithShapeCastPatterns(patterns);
  vector::populateVectorTransferDropUnitDimsPatterns(patterns);
  vector::populateDropInnerMostUnitDimsXferOpPatterns(patterns);
  vector::ShapeCastOp::getCanonicalizationPatterns(patterns, ctx);
  vector::BroadcastOp::getCanonicalizationPatterns(patterns, ctx);
  vector::ExtractOp::getCanonicalizationPatterns(patterns, ctx);
  vector::InsertOp::getCanonicalizationPatterns(patterns, ctx);
  vector::TransposeOp::getCanonicalizationPatterns(patterns, ctx);
  vector::MultiDimReductionOp::getCanonicalizationPatterns(patterns, ctx);
  vector::ReductionOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::InsertSliceOp::getCanonicalizationPatterns(patterns, ctx);
  memref::SubViewOp::getCanonicalizationPatterns(patterns, ctx);
}

} // namespace regtile
