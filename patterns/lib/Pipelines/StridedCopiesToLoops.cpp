//===- StridedCopiesToLoops.cpp - regtile-strided-copies-to-loops ---------===//
//
// memref.copy between strided buffers as vector or scalar loops (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILESTRIDEDCOPIESTOLOOPS
#include "regtile/Pipelines/Passes.h.inc"

namespace {

/// A copy between ranked buffers of which one is strided (unranked ones
/// have no layout to loop over).
bool isStridedCopy(memref::CopyOp copy) {
  auto source = dyn_cast<MemRefType>(copy.getSource().getType());
  auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
  return source && target &&
         !(source.getLayout().isIdentity() && target.getLayout().isIdentity());
}

/// The first of the trailing dimensions of `type` that are contiguous
/// (each dimension's stride is the next one's times its size, all static,
/// the innermost stride 1): they form one run. `rank` when the innermost
/// stride is not 1 (or not known).
int64_t firstContiguousDim(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  int64_t rank = type.getRank();
  if (rank == 0 || failed(type.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1)
    return rank;
  int64_t d = rank - 1;
  while (d > 0 && !ShapedType::isDynamic(strides[d - 1]) &&
         !type.isDynamicDim(d) &&
         strides[d - 1] == strides[d] * type.getDimSize(d))
    --d;
  return d;
}

/// `copy` as loops over the outer dimensions and, along the run of the
/// trailing dimensions contiguous in both buffers (collapsed into one),
/// vectors of the target's lanes (the last one masked where the run is not
/// a multiple of them); fails, building nothing, where there is no such
/// run of at least one vector (a static run shorter than a vector, such as
/// the 3 channels of a stem convolution's pixels, copies faster as
/// scalars: 0.97-0.99x masked), or the elements are not integers or floats
/// of whole bytes.
LogicalResult copyWithVectors(RewriterBase &rewriter, memref::CopyOp copy,
                              const TargetInfo &target) {
  auto source = cast<MemRefType>(copy.getSource().getType());
  auto dest = cast<MemRefType>(copy.getTarget().getType());
  Type element = source.getElementType();
  int64_t rank = source.getRank();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return failure();
  int64_t first =
      std::max(firstContiguousDim(source), firstContiguousDim(dest));
  if (first == rank)
    return failure();
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < first; ++d)
    groups.push_back({d});
  groups.emplace_back();
  for (int64_t d = first; d < rank; ++d)
    groups.back().push_back(d);
  if (!memref::CollapseShapeOp::isGuaranteedCollapsible(source, groups) ||
      !memref::CollapseShapeOp::isGuaranteedCollapsible(dest, groups))
    return failure();
  int64_t lanes = target.lanesForBitwidth(element.getIntOrFloatBitWidth());
  // Only the run's first dimension may be dynamic (firstContiguousDim).
  int64_t run = ShapedType::kDynamic;
  if (!source.isDynamicDim(first))
    run = ShapedType::getNumElements(source.getShape().drop_front(first));
  if (!ShapedType::isDynamic(run) && run < lanes)
    return failure();
  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(copy);
  Value from = copy.getSource(), to = copy.getTarget();
  if (first < rank - 1) {
    from = memref::CollapseShapeOp::create(rewriter, loc, from, groups);
    to = memref::CollapseShapeOp::create(rewriter, loc, to, groups);
  }
  int64_t collapsedRank = first + 1;
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> lbs(collapsedRank, zero), ubs, steps(collapsedRank, one);
  for (int64_t d = 0; d < collapsedRank; ++d)
    ubs.push_back(memref::DimOp::create(rewriter, loc, from, d).getResult());
  steps.back() = arith::ConstantIndexOp::create(rewriter, loc, lanes);
  bool whole = !ShapedType::isDynamic(run) && run % lanes == 0;
  auto vectorType = VectorType::get({lanes}, element);
  Value padding = arith::ConstantOp::create(rewriter, loc, element,
                                            rewriter.getZeroAttr(element));
  scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                     [&](OpBuilder &b, Location l, ValueRange ivs) {
                       auto read = vector::TransferReadOp::create(
                           b, l, vectorType, from, ivs, padding,
                           ArrayRef<bool>{whole});
                       vector::TransferWriteOp::create(b, l, read, to, ivs,
                                                       ArrayRef<bool>{whole});
                     });
  rewriter.eraseOp(copy);
  return success();
}

struct RegtileStridedCopiesToLoopsPass
    : public impl::RegtileStridedCopiesToLoopsBase<
          RegtileStridedCopiesToLoopsPass> {
  using Base::Base;
  void runOnOperation() override {
    Operation *op = getOperation();
    FailureOr<TargetInfo> info = getTargetFor(op, target, op->getLoc());
    if (failed(info))
      return signalPassFailure();
    SmallVector<memref::CopyOp> copies;
    op->walk([&](memref::CopyOp copy) {
      if (isStridedCopy(copy))
        copies.push_back(copy);
    });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies) {
      if (succeeded(copyWithVectors(rewriter, copy, *info)))
        continue;
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                  copy.getTarget());
    }
  }
};

} // namespace

} // namespace regtile
