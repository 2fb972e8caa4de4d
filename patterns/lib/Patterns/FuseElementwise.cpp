//===- FuseElementwise.cpp - Elementwise chains as one generic ------------===//
//
// transform.apply_patterns.regtile.fuse_elementwise (see FuseElementwise.h).
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/FuseElementwise.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"

using namespace mlir;

namespace regtile {
namespace {

/// Whether `op` is an elementwise linalg op on tensors: parallel loops
/// only, projected-permutation maps, one output written at every point
/// (identity map), a body of scalar elementwise ops.
bool isElementwiseOnTensors(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && op.getNumDpsInits() == 1 &&
         op.getNumParallelLoops() == op.getNumLoops() &&
         linalg::isElementwise(op) &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity();
}

/// Whether every use of `op`'s result is an input of an elementwise op.
bool onlyFeedsElementwiseInputs(linalg::LinalgOp op) {
  Value result = op->getResult(0);
  return !result.use_empty() &&
         llvm::all_of(result.getUses(), [](OpOperand &use) {
           auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
           return user && user.isDpsInput(&use) && isElementwiseOnTensors(user);
         });
}

/// Named elementwise ops (and broadcasts / transposes read only by
/// elementwise ops) to linalg.generic.
struct GeneralizeElementwise : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<linalg::GenericOp, linalg::FillOp, linalg::CopyOp>(op))
      return rewriter.notifyMatchFailure(op, "generic, fill or copy");
    if (!op.hasPureTensorSemantics() || op->getNumResults() != 1 ||
        op.getNumDpsInits() != 1 ||
        op.getNumParallelLoops() != op.getNumLoops() ||
        !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
      return rewriter.notifyMatchFailure(op, "not elementwise");
    bool movesData = isa<linalg::BroadcastOp, linalg::TransposeOp>(op);
    if (movesData ? !onlyFeedsElementwiseInputs(op)
                  : !isElementwiseOnTensors(op))
      return rewriter.notifyMatchFailure(op, "not an elementwise input");
    return success(succeeded(linalg::generalizeNamedOp(rewriter, op)));
  }
};

/// Upstream's fusion, for producers computed once either way.
bool fuseOnlyUse(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  return producer && consumer && fused->get().hasOneUse() &&
         isElementwiseOnTensors(producer) && isElementwiseOnTensors(consumer);
}

} // namespace

void populateFuseElementwisePatterns(RewritePatternSet &patterns) {
  patterns.add<GeneralizeElementwise>(patterns.getContext());
  linalg::populateElementwiseOpsFusionPatterns(patterns, fuseOnlyUse);
}

} // namespace regtile
