//===- FuseTransposeIntoTiles.cpp - A transpose moved into the tiles ------===//
//
// See FuseTransposeIntoTiles.h. The fusion itself is upstream's consumer
// fusion (scf::tileAndFuseConsumer); this file finds the loop nest, folds
// the reshapes around the transpose into its permutation so that it reads
// the nest's result directly, and vectorizes the tiled copy.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/FuseTransposeIntoTiles.h"
#include "regtile/Patterns/LoopUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {

/// The transpose with its reshapes folded in: reads `source`, permutes by
/// `permutation`, replaces `replaced`.
struct Unreshaped {
  Value source;
  SmallVector<int64_t> permutation;
  Value replaced;
};

/// Whether the static `sizes` of `groups` (dims of one shape) equal, group
/// by group, those of `otherGroups` in another; false where a group of more
/// than one dim has a dynamic size (its split is then unknown).
bool sameSplit(ArrayRef<int64_t> shape, ReassociationIndicesRef group,
               ArrayRef<int64_t> otherShape,
               ReassociationIndicesRef otherGroup) {
  if (group.size() != otherGroup.size())
    return false;
  for (auto [d, o] : llvm::zip(group, otherGroup)) {
    if (shape[d] != otherShape[o])
      return false;
    if (group.size() > 1 && ShapedType::isDynamic(shape[d]))
      return false;
  }
  return true;
}

FailureOr<Unreshaped> unreshape(linalg::TransposeOp t, std::string &reason) {
  Unreshaped u{t.getInput(), llvm::to_vector(t.getPermutation()),
               t->getResult(0)};
  auto collapse = u.source.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse)
    return u;
  if (!t->getResult(0).hasOneUse()) {
    reason = "the transpose of a collapse_shape has more than one use";
    return failure();
  }
  auto expand = dyn_cast<tensor::ExpandShapeOp>(*t->getUsers().begin());
  if (!expand) {
    reason = "the transpose of a collapse_shape is not expanded back";
    return failure();
  }
  SmallVector<ReassociationIndices> in = collapse.getReassociationIndices();
  SmallVector<ReassociationIndices> out = expand.getReassociationIndices();
  ArrayRef<int64_t> srcShape = collapse.getSrcType().getShape();
  ArrayRef<int64_t> dstShape = expand.getResultType().getShape();
  SmallVector<int64_t> permutation;
  for (auto [i, p] : llvm::enumerate(t.getPermutation())) {
    if (!sameSplit(srcShape, in[p], dstShape, out[i])) {
      reason = "the reshapes around the transpose do not only relabel the "
               "dims it moves";
      return failure();
    }
    llvm::append_range(permutation, in[p]);
  }
  return Unreshaped{collapse.getSrc(), permutation, expand.getResult()};
}

/// The loops writing `value` tile by tile that one consumer fusion goes
/// into, outermost first: an scf.forall defining it, alone; or the
/// scf.for defining it and, while a loop's yielded value is the result of
/// an scf.for nested in it, that loop (the nest tile_using_for makes).
/// Upstream's consumer fusion handles both, but not one nest of both
/// (LLVM 22 crashes on an scf.for in an scf.forall), so a forall's tiles
/// are fused into first and the fors within them next. Empty if `value`
/// is not a loop's result.
SmallVector<LoopLikeOpInterface> fusionSegment(Value value) {
  SmallVector<LoopLikeOpInterface> loops;
  auto result = dyn_cast<OpResult>(value);
  if (result && isa<scf::ForallOp>(result.getOwner()))
    return {cast<LoopLikeOpInterface>(result.getOwner())};
  while (result && isa<scf::ForOp>(result.getOwner())) {
    auto forOp = cast<scf::ForOp>(result.getOwner());
    loops.push_back(cast<LoopLikeOpInterface>(forOp.getOperation()));
    result =
        dyn_cast<OpResult>(forOp.getYieldedValues()[result.getResultNumber()]);
  }
  return loops;
}

/// Whether `value` is written tile by tile by a nest fusion can go to the
/// bottom of: an scf.forall whose piece is the result of such an scf.for,
/// or an scf.for whose yielded value is the result of such a nested
/// scf.for or of a tensor.insert_slice into its iter_arg (the tile). A
/// tile written under an scf.if or scf.index_switch (the versions of a tile
/// loop) is not: the transpose would stay at a loop whose tiles are too
/// large to transpose in registers.
bool writtenByTiles(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return false;
  if (auto forall = dyn_cast<scf::ForallOp>(result.getOwner())) {
    BlockArgument out = forall.getRegionIterArgs()[result.getResultNumber()];
    for (Operation &op : forall.getTerminator().getYieldingOps())
      if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op))
        if (insert.getDest() == out)
          return insert.getSource().getDefiningOp<scf::ForOp>() &&
                 writtenByTiles(insert.getSource());
    return false;
  }
  auto forOp = dyn_cast<scf::ForOp>(result.getOwner());
  if (!forOp)
    return false;
  Value yielded = forOp.getYieldedValues()[result.getResultNumber()];
  if (yielded.getDefiningOp<scf::ForOp>())
    return writtenByTiles(yielded);
  auto insert = yielded.getDefiningOp<tensor::InsertSliceOp>();
  return insert && insert->getParentOp() == forOp &&
         insert.getDest() ==
             forOp.getRegionIterArgs()[result.getResultNumber()];
}

/// The static upper bounds of `v`'s sizes (tiles of a loop: affine.min).
FailureOr<SmallVector<int64_t>> upperBounds(Value v, std::string &reason) {
  SmallVector<int64_t> bounds;
  for (int64_t d = 0, e = cast<ShapedType>(v.getType()).getRank(); d < e; ++d) {
    FailureOr<int64_t> ub = regtile::constantUpperBound(v, d);
    if (failed(ub)) {
      reason = "the tile's size along dim " + std::to_string(d) +
               " has no static upper bound";
      return failure();
    }
    bounds.push_back(*ub);
  }
  return bounds;
}

/// A transfer of `vecType` at the origin of `tensor`, masked by its sizes
/// where they may be smaller (a read if `toWrite` is null).
Value transfer(OpBuilder &b, Location loc, VectorType vecType, Value tensor,
               Value toWrite) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value mask;
  if (type.getShape() != vecType.getShape()) {
    SmallVector<Value> sizes;
    for (OpFoldResult size : tensor::getMixedSizes(b, loc, tensor))
      sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
    mask = vector::CreateMaskOp::create(
        b, loc, VectorType::get(vecType.getShape(), b.getI1Type()), sizes);
  }
  SmallVector<Value> origin(type.getRank(),
                            arith::ConstantIndexOp::create(b, loc, 0));
  SmallVector<bool> inBounds(type.getRank(), true);
  AffineMapAttr identity =
      AffineMapAttr::get(b.getMultiDimIdentityMap(type.getRank()));
  if (toWrite)
    return vector::TransferWriteOp::create(b, loc, toWrite, tensor, origin,
                                           identity, mask,
                                           b.getBoolArrayAttr(inBounds))
        .getResult();
  Value pad = ub::PoisonOp::create(b, loc, type.getElementType());
  return vector::TransferReadOp::create(b, loc, vecType, tensor, origin,
                                        identity, pad, mask,
                                        b.getBoolArrayAttr(inBounds))
      .getResult();
}

/// The tiled transpose as one vector in registers: a read of the tile at
/// its static upper bounds, a vector.transpose, a write; both transfers
/// with identity maps, masked where the tile is smaller. (Upstream's
/// vectorizer reads through a permutation map instead, whose mask the
/// unit-dim folding of LLVM 22 gets wrong.)
LogicalResult vectorizeTile(RewriterBase &rewriter, linalg::TransposeOp tile,
                            std::string &reason) {
  // Of the init (a slice of the loops' output, sized by affine.min), which
  // the tile (the result of a micro-kernel's versions) may not tell.
  FailureOr<SmallVector<int64_t>> outBounds =
      upperBounds(tile.getInit(), reason);
  if (failed(outBounds))
    return failure();
  SmallVector<int64_t> bounds(outBounds->size());
  for (auto [i, p] : llvm::enumerate(tile.getPermutation()))
    bounds[p] = (*outBounds)[i];
  Location loc = tile.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(tile);
  Type elementType = tile.getInit().getType().getElementType();
  Value read = transfer(rewriter, loc, VectorType::get(bounds, elementType),
                        tile.getInput(), nullptr);
  Value transposed =
      vector::TransposeOp::create(rewriter, loc, read, tile.getPermutation());
  Value written =
      transfer(rewriter, loc, cast<VectorType>(transposed.getType()),
               tile.getInit(), transposed);
  rewriter.replaceOp(tile, written);
  return success();
}

} // namespace

FailureOr<Operation *>
regtile::fuseTransposeIntoTiles(RewriterBase &rewriter,
                                linalg::TransposeOp transpose,
                                std::string &reason, bool &fused) {
  fused = false;
  if (!transpose.hasPureTensorSemantics()) {
    reason = "the transpose is not on tensors";
    return failure();
  }
  FailureOr<Unreshaped> u = unreshape(transpose, reason);
  if (failed(u))
    return failure();
  SmallVector<LoopLikeOpInterface> loops = fusionSegment(u->source);
  if (loops.empty()) {
    reason = "the transposed value is not the result of an scf.for or "
             "scf.forall";
    return failure();
  }
  if (!writtenByTiles(u->source)) {
    reason = "the loops do not write the transposed value by tiles of an "
             "innermost scf.for (tensor.insert_slice into its iter_arg)";
    return failure();
  }

  // The transpose on the nest's result, in place of the reshapes; its init
  // before the nest (it becomes the nest's new iter_arg / shared_out), of
  // the sizes of the nest's own init for that result.
  Location loc = transpose.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  Operation *nest = loops.front();
  unsigned resultNumber = cast<OpResult>(u->source).getResultNumber();
  Value nestInit = isa<scf::ForOp>(nest)
                       ? cast<scf::ForOp>(nest).getInitArgs()[resultNumber]
                       : cast<scf::ForallOp>(nest).getOutputs()[resultNumber];
  rewriter.setInsertionPoint(nest);
  SmallVector<OpFoldResult> srcSizes =
      tensor::getMixedSizes(rewriter, loc, nestInit);
  SmallVector<OpFoldResult> sizes;
  for (int64_t p : u->permutation)
    sizes.push_back(srcSizes[p]);
  auto elementType = cast<ShapedType>(u->source.getType()).getElementType();
  Value init = tensor::EmptyOp::create(rewriter, loc, sizes, elementType);
  rewriter.setInsertionPointAfterValue(u->replaced);
  auto direct = linalg::TransposeOp::create(rewriter, loc, u->source, init,
                                            u->permutation);
  rewriter.replaceAllUsesWith(u->replaced, direct->getResult(0));

  FailureOr<scf::SCFFuseConsumerOfSliceResult> result =
      scf::tileAndFuseConsumer(rewriter, direct, loops);
  if (failed(result)) {
    rewriter.replaceAllUsesWith(direct->getResult(0), u->replaced);
    rewriter.eraseOp(direct);
    rewriter.eraseOp(init.getDefiningOp());
    reason = "the transpose cannot be fused into the tile loops (upstream "
             "consumer fusion failed)";
    return failure();
  }
  // The uses of `direct` now read the nest's new result; what it replaced
  // (the transpose, its reshapes and its init) is dead.
  llvm::SetVector<Operation *> dead;
  for (Value v : SmallVector<Value>{direct->getResult(0), u->replaced,
                                    transpose->getResult(0),
                                    transpose.getInput(), transpose.getInit()})
    if (Operation *op = v.getDefiningOp())
      dead.insert(op);
  for (Operation *op : dead)
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);
  fused = true;
  auto tile = result->tiledOps.size() == 1
                  ? dyn_cast<linalg::TransposeOp>(result->tiledOps.front())
                  : nullptr;
  if (!tile) {
    reason = "the consumer fusion made no single tiled transpose";
    return failure();
  }
  // Into the tiles of the loops within, segment by segment; each fused
  // copy of the transpose is dead once the next is made.
  for (SmallVector<LoopLikeOpInterface> inner = fusionSegment(tile.getInput());
       !inner.empty(); inner = fusionSegment(tile.getInput())) {
    // The tile's init (a slice of the outer loop's output) becomes the
    // inner nest's new iter_arg: it is made before the nest.
    Operation *initDef = tile.getInit().getDefiningOp();
    Operation *nestOp = inner.front();
    if (initDef && initDef->getBlock() == nestOp->getBlock() &&
        nestOp->isBeforeInBlock(initDef)) {
      DominanceInfo dom;
      if (!llvm::all_of(initDef->getOperands(), [&](Value v) {
            return dom.properlyDominates(v, nestOp);
          })) {
        reason = "the inner tile loops' new output is made after them";
        return failure();
      }
      rewriter.moveOpBefore(initDef, nestOp);
    }
    rewriter.setInsertionPoint(tile);
    FailureOr<scf::SCFFuseConsumerOfSliceResult> next =
        scf::tileAndFuseConsumer(rewriter, tile, inner);
    auto nextTile = succeeded(next) && next->tiledOps.size() == 1
                        ? dyn_cast<linalg::TransposeOp>(next->tiledOps.front())
                        : nullptr;
    if (!nextTile) {
      reason = "the consumer fusion into the inner tile loops failed";
      return failure();
    }
    if (isOpTriviallyDead(tile))
      rewriter.eraseOp(tile);
    tile = nextTile;
  }
  Operation *tileLoop = tile->getParentOp();
  if (failed(vectorizeTile(rewriter, tile, reason)))
    return failure();
  return tileLoop;
}
