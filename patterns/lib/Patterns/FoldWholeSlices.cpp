//===- FoldWholeSlices.cpp - Slices that cover their whole tensor ---------===//
//
// transform.apply_patterns.regtile.fold_whole_slices (see
// FoldWholeSlices.h).
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/FoldWholeSlices.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;

namespace regtile {

namespace {

/// Whether `slice` has zero offsets, unit strides and the sizes of `whole`
/// (a tensor of the slice's rank).
bool coversWhole(OffsetSizeAndStrideOpInterface slice, Value whole) {
  auto type = cast<RankedTensorType>(whole.getType());
  if (slice.getMixedSizes().size() != static_cast<size_t>(type.getRank()))
    return false;
  if (!llvm::all_of(slice.getMixedOffsets(),
                    [](OpFoldResult o) { return isConstantIntValue(o, 0); }) ||
      !llvm::all_of(slice.getMixedStrides(),
                    [](OpFoldResult s) { return isConstantIntValue(s, 1); }))
    return false;
  for (auto [d, size] : llvm::enumerate(slice.getMixedSizes())) {
    if (!type.isDynamicDim(d)) {
      if (!isConstantIntValue(size, type.getDimSize(d)))
        return false;
      continue;
    }
    FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
        ValueBoundsConstraintSet::Variable(size),
        ValueBoundsConstraintSet::Variable(whole, d));
    if (failed(equal) || !*equal)
      return false;
  }
  return true;
}

struct FoldWholeExtractSlice : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSourceType() != op.getType() || !coversWhole(op, op.getSource()))
      return rewriter.notifyMatchFailure(op, "not the whole source");
    rewriter.replaceOp(op, op.getSource());
    return success();
  }
};

struct FoldWholeInsertSlice : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSourceType() != op.getType() || !coversWhole(op, op.getDest()))
      return rewriter.notifyMatchFailure(op, "not the whole destination");
    rewriter.replaceOp(op, op.getSource());
    return success();
  }
};

} // namespace

void populateFoldWholeSlicesPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldWholeExtractSlice, FoldWholeInsertSlice>(
      patterns.getContext());
}

} // namespace regtile
