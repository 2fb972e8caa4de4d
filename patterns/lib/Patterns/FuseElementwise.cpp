//===- FuseElementwise.cpp - Elementwise chains as one generic ------------===//
//
// transform.apply_patterns.regtile.fuse_elementwise (see FuseElementwise.h).
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/FuseElementwise.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

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

/// Upstream's fusion, for producers computed once either way and not
/// written in place (InPlaceToConsumerForm first: fused as they are, their
/// result would stay an output of the fused op).
bool fuseOnlyUse(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  return producer && consumer && fused->get().hasOneUse() &&
         isElementwiseOnTensors(producer) &&
         producer.getMatchingBlockArgument(producer.getDpsInitOperand(0))
             .use_empty() &&
         isElementwiseOnTensors(consumer);
}

/// The first value of `value`'s chain of destinations (the init it was
/// computed into, that init's, ...), of the same shape: its sizes create
/// no new use of `value` (a tensor.dim of it would keep its producer from
/// being fused).
Value shapeSource(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    if (!dps)
      break;
    value = dps.getTiedOpOperand(result)->get();
  }
  return value;
}

/// An elementwise generic written in place on another linalg op's result
/// (`outs(%conv)` read in the body: an activation as some frameworks emit
/// it) to the consumer form: that result as an input, a tensor.empty as
/// the output, so that fusion and epilogue_root see the usual chain. Only
/// for a result with this one use: its buffer is then free either way.
struct InPlaceToConsumerForm : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwiseOnTensors(op))
      return rewriter.notifyMatchFailure(op, "not elementwise");
    OpOperand *init = op.getDpsInitOperand(0);
    Value result = init->get();
    BlockArgument out = op.getMatchingBlockArgument(init);
    if (out.use_empty() || !result.getDefiningOp<linalg::LinalgOp>() ||
        !result.hasOneUse())
      return rewriter.notifyMatchFailure(
          op, "not in place on a linalg op's result");
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(result.getType());
    Value empty = tensor::EmptyOp::create(
        rewriter, loc,
        tensor::getMixedSizes(rewriter, loc, shapeSource(result)),
        type.getElementType());
    SmallVector<Value> inputs = op.getDpsInputs();
    inputs.push_back(result);
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    maps.insert(maps.end() - 1, maps.back());
    auto consumer =
        linalg::GenericOp::create(rewriter, loc, op.getResultTypes(), inputs,
                                  empty, maps, op.getIteratorTypesArray());
    rewriter.inlineRegionBefore(op.getRegion(), consumer.getRegion(),
                                consumer.getRegion().begin());
    Block &body = consumer.getRegion().front();
    BlockArgument in =
        body.insertArgument(out.getArgNumber(), out.getType(), loc);
    rewriter.replaceAllUsesWith(out, in);
    rewriter.replaceOp(op, consumer);
    return success();
  }
};

} // namespace

void populateFuseElementwisePatterns(RewritePatternSet &patterns) {
  patterns.add<GeneralizeElementwise, InPlaceToConsumerForm>(
      patterns.getContext());
  linalg::populateElementwiseOpsFusionPatterns(patterns, fuseOnlyUse);
}

} // namespace regtile
