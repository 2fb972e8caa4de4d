//===- MaterializeThroughReshapes.cpp - regtile-materialize-through-reshapes
//-===//
//
// A result materialized into a buffer through an expand_shape is written
// into a view of the buffer instead (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEMATERIALIZETHROUGHRESHAPES
#include "regtile/Pipelines/Passes.h.inc"

namespace {

/// materialize_in_destination(expand_shape(x), %buf) ->
/// materialize_in_destination(x, collapse_shape(%buf)), where %buf's layout
/// collapses (a view): empty-tensor elimination can then compute x in %buf.
struct MaterializeThroughExpand
    : OpRewritePattern<bufferization::MaterializeInDestinationOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(bufferization::MaterializeInDestinationOp op,
                                PatternRewriter &rewriter) const override {
    auto expand = op.getSource().getDefiningOp<tensor::ExpandShapeOp>();
    auto dest = dyn_cast<MemRefType>(op.getDest().getType());
    if (!expand || !dest)
      return failure();
    SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
    if (!memref::CollapseShapeOp::isGuaranteedCollapsible(dest, groups))
      return failure();
    auto view = memref::CollapseShapeOp::create(rewriter, op.getLoc(),
                                                op.getDest(), groups);
    auto copy = bufferization::MaterializeInDestinationOp::create(
        rewriter, op.getLoc(), expand.getSrc(), view);
    copy.setRestrict(op.getRestrict());
    copy.setWritable(op.getWritable());
    rewriter.eraseOp(op);
    return success();
  }
};

struct RegtileMaterializeThroughReshapesPass
    : public impl::RegtileMaterializeThroughReshapesBase<
          RegtileMaterializeThroughReshapesPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<MaterializeThroughExpand>(ctx);
    // A reshape of an empty tensor (the view the GEMM's init is) is an
    // empty tensor of the new shape, which empty-tensor elimination sees.
    tensor::populateFoldTensorEmptyPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

} // namespace regtile
