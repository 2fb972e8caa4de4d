//===- ForwardBuffers.cpp - regtile-forward-buffers -----------------------===//
//
// Loops and switches that only forward a buffer give it back (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEFORWARDBUFFERS
#include "regtile/Pipelines/Passes.h.inc"

namespace {

/// `v` without the memref.casts around it.
Value stripCasts(Value v) {
  while (auto cast = v.getDefiningOp<memref::CastOp>())
    v = cast.getSource();
  return v;
}

/// A result of an scf.index_switch that every region yields as the same
/// buffer (up to memref.casts), defined above the switch, is that buffer
/// (cast to the result's type).
struct FoldUniformSwitchResult : OpRewritePattern<scf::IndexSwitchOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IndexSwitchOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (OpResult result : op->getResults()) {
      if (result.use_empty() || !isa<BaseMemRefType>(result.getType()))
        continue;
      Value common;
      bool uniform = true;
      for (Region &region : op->getRegions()) {
        Value yielded = stripCasts(region.front().getTerminator()->getOperand(
            result.getResultNumber()));
        uniform &= !common || yielded == common;
        common = yielded;
      }
      if (!uniform || !common ||
          op->isAncestor(common.getParentRegion()->getParentOp()))
        continue;
      rewriter.setInsertionPoint(op);
      Value forwarded = common;
      if (common.getType() != result.getType())
        forwarded = memref::CastOp::create(rewriter, op.getLoc(),
                                           result.getType(), common);
      rewriter.replaceAllUsesWith(result, forwarded);
      changed = true;
    }
    return success(changed);
  }
};

struct RegtileForwardBuffersPass
    : public impl::RegtileForwardBuffersBase<RegtileForwardBuffersPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<FoldUniformSwitchResult>(ctx);
    scf::ForOp::getCanonicalizationPatterns(patterns, ctx);
    scf::IndexSwitchOp::getCanonicalizationPatterns(patterns, ctx);
    memref::CastOp::getCanonicalizationPatterns(patterns, ctx);
    memref::CopyOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

} // namespace regtile
