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
    return foldWholeSlice(rewriter, op);
  }
};

struct FoldWholeInsertSlice : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    return foldWholeSlice(rewriter, op);
  }
};

} // namespace

LogicalResult foldWholeSlice(RewriterBase &rewriter, Operation *op) {
  // The source, cast to the slice's type where that differs only in which
  // extents are static (what canonicalization leaves after folding a loop).
  auto replace = [&](Value source, Type type) {
    if (source.getType() != type) {
      if (!tensor::CastOp::areCastCompatible(source.getType(), type))
        return failure();
      source = tensor::CastOp::create(rewriter, op->getLoc(), type, source);
    }
    rewriter.replaceOp(op, source);
    return success();
  };
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  if (auto extract = dyn_cast<tensor::ExtractSliceOp>(op)) {
    if (extract.getSourceType().getRank() != extract.getType().getRank() ||
        !coversWhole(extract, extract.getSource()))
      return failure();
    return replace(extract.getSource(), extract.getType());
  }
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(op)) {
    Value dest = insert.getDest();
    if (insert.getSourceType().getRank() != insert.getType().getRank() ||
        !coversWhole(insert, dest))
      return failure();
    // A whole extract_slice of the same destination first: the proof that
    // it is whole may need this insert (a loop's iter_arg keeps its extents
    // only while the loop yields an insert into it).
    if (llvm::any_of(dest.getUsers(), [&](Operation *user) {
          auto extract = dyn_cast<tensor::ExtractSliceOp>(user);
          return extract && extract.getSource() == dest &&
                 extract.getSourceType().getRank() ==
                     extract.getType().getRank() &&
                 coversWhole(extract, dest);
        }))
      return failure();
    return replace(insert.getSource(), insert.getType());
  }
  return failure();
}

void populateFoldWholeSlicesPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldWholeExtractSlice, FoldWholeInsertSlice>(
      patterns.getContext());
}

} // namespace regtile
