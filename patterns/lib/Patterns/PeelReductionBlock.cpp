//===- PeelReductionBlock.cpp - The last block of a reduction, apart ------===//

#include "regtile/Patterns/PeelReductionBlock.h"
#include "regtile/Patterns/FoldWholeSlices.h"
#include "regtile/Patterns/Marks.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace regtile {

namespace {

/// The tail's extent along `dim`, K - min(max(0, K - block), K) as
/// linalg::splitOp computes it, is at most `block`, but not in a form
/// ValueBounds bounds (a lower bound of a min): its inputs' slices take
/// min(block, extent) instead, the same value, with a static bound (a cache
/// of them needs one).
void boundTailSlices(RewriterBase &rewriter, linalg::LinalgOp tail,
                     unsigned dim, int64_t block) {
  AffineExpr d = rewriter.getAffineDimExpr(dim);
  for (OpOperand *input : tail.getDpsInputOperands()) {
    auto slice = input->get().getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice)
      continue;
    AffineMap map = tail.getMatchingIndexingMap(input);
    std::optional<unsigned> pos = map.getResultPosition(d);
    SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
    if (!pos || sizes.size() != map.getNumResults() || !isa<Value>(sizes[*pos]))
      continue;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(slice);
    AffineExpr s0 = rewriter.getAffineSymbolExpr(0);
    sizes[*pos] = affine::makeComposedFoldedAffineMin(
        rewriter, slice.getLoc(),
        AffineMap::get(0, 1, {rewriter.getAffineConstantExpr(block), s0},
                       rewriter.getContext()),
        {sizes[*pos]});
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        slice, slice.getType(), slice.getSource(), slice.getMixedOffsets(),
        sizes, slice.getMixedStrides());
  }
}

} // namespace

FailureOr<PeelReductionBlockResult> peelReductionBlock(RewriterBase &rewriter,
                                                       linalg::LinalgOp op,
                                                       int64_t block,
                                                       std::string &reason) {
  SmallVector<unsigned> reductions;
  op.getReductionDims(reductions);
  if (reductions.size() != 1) {
    reason = llvm::formatv("expected one reduction loop, got {0}",
                           reductions.size());
    return failure();
  }
  if (op->getNumResults() > 1 || op.getNumDpsInits() != 1) {
    reason = "expected one output";
    return failure();
  }
  if (block <= 0) {
    reason = llvm::formatv("block = {0}: expected a positive size", block);
    return failure();
  }
  unsigned dim = reductions.front();
  int64_t extent = op.getStaticLoopRanges()[dim];
  if (!ShapedType::isDynamic(extent) && extent <= block) {
    rewriter.modifyOpInPlace(op, [&] {
      op->setAttr(kReductionTailAttrName, rewriter.getUnitAttr());
    });
    return PeelReductionBlockResult{{}, op};
  }

  // A static extent: at the last multiple of `block` below it, the head
  // whole blocks. A dynamic one: at max(0, K - block), the tail `block`
  // long (or all of K), a size with a static bound (a cache of it has one).
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  OpFoldResult split;
  if (!ShapedType::isDynamic(extent)) {
    split = rewriter.getIndexAttr((extent - 1) / block * block);
  } else {
    OpFoldResult size = op.createLoopRanges(rewriter, loc)[dim].size;
    AffineExpr k = rewriter.getAffineSymbolExpr(0);
    split = affine::makeComposedFoldedAffineMax(
        rewriter, loc,
        AffineMap::get(0, 1, {rewriter.getAffineConstantExpr(0), k - block},
                       rewriter.getContext()),
        {size});
  }
  auto [first, second] = linalg::splitOp(
      rewriter, cast<TilingInterface>(op.getOperation()), dim, split);
  auto head = cast_or_null<linalg::LinalgOp>(first.getOperation());
  auto tail = cast<linalg::LinalgOp>(second.getOperation());
  if (ShapedType::isDynamic(extent))
    boundTailSlices(rewriter, tail, dim, block);
  // Each part reads and writes all of the output through a slice of all of
  // it: without them, the tail's result is the output itself and its
  // consumer an epilogue of the tail.
  for (auto [part, mark] : {std::make_pair(head, kReductionHeadAttrName),
                            std::make_pair(tail, kReductionTailAttrName)}) {
    if (!part)
      continue;
    rewriter.modifyOpInPlace(
        part, [&] { part->setAttr(mark, rewriter.getUnitAttr()); });
    if (Operation *init = part.getDpsInitOperand(0)->get().getDefiningOp())
      (void)foldWholeSlice(rewriter, init);
    for (Operation *user : llvm::to_vector(part->getResult(0).getUsers()))
      (void)foldWholeSlice(rewriter, user);
  }
  return PeelReductionBlockResult{head, tail};
}

} // namespace regtile
