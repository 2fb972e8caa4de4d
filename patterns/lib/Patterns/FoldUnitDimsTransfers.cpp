//===- FoldUnitDimsTransfers.cpp - Unit dims of vector transfers ----------===//
//
// The transfer level of fold_unit_dims (populateTransferUnitDimPatterns):
// transfers drop any in-bounds unit vector dimension, not only leading ones,
// on tensors and memrefs; transfers whose permutation map skips source
// dimensions after the first accessed one access a rank-reduced slice
// instead, so the map becomes a minor identity.
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
// Unit vector dims of transfers
//===----------------------------------------------------------------------===//

/// Unit vector dims of a transfer (static size 1, not scalable); at least
/// one dim is kept. `outOfBounds` gets those that may be out of bounds (not
/// in_bounds and not a broadcast): dropping them is only correct under a
/// guard that the accessed index is in bounds.
static llvm::SmallBitVector unitVectorDims(VectorTransferOpInterface op,
                                           llvm::SmallBitVector &outOfBounds) {
  VectorType vecType = op.getVectorType();
  AffineMap map = op.getPermutationMap();
  llvm::SmallBitVector drop(vecType.getRank());
  outOfBounds.resize(vecType.getRank());
  outOfBounds.reset();
  for (int64_t i = 0, e = vecType.getRank(); i < e; ++i) {
    if (vecType.getDimSize(i) != 1 || vecType.getScalableDims()[i])
      continue;
    drop.set(i);
    if (!isa<AffineConstantExpr>(map.getResult(i)) && !op.isDimInBounds(i))
      outOfBounds.set(i);
  }
  if (drop.all() && drop.size() > 0) {
    drop.reset(drop.size() - 1);
    outOfBounds.reset(drop.size() - 1);
  }
  return drop;
}

static VectorType dropDims(VectorType type, const llvm::SmallBitVector &drop) {
  SmallVector<int64_t> shape;
  SmallVector<bool> scalable;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
    if (drop.test(i))
      continue;
    shape.push_back(type.getDimSize(i));
    scalable.push_back(type.getScalableDims()[i]);
  }
  return VectorType::get(shape, type.getElementType(), scalable);
}

static AffineMap dropResults(AffineMap map, const llvm::SmallBitVector &drop) {
  SmallVector<AffineExpr> results;
  for (unsigned i = 0, e = map.getNumResults(); i < e; ++i)
    if (!drop.test(i))
      results.push_back(map.getResult(i));
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                        map.getContext());
}

/// The reduced transfer: vector type, map, in_bounds and mask.
struct ReducedTransfer {
  VectorType vectorType;
  AffineMapAttr map;
  ArrayAttr inBounds;
  Value mask;
  /// i1 "every dropped out-of-bounds unit dim is in bounds"; null if none.
  Value guard;
};

static ReducedTransfer reduceTransfer(RewriterBase &b,
                                      VectorTransferOpInterface op,
                                      const llvm::SmallBitVector &drop,
                                      const llvm::SmallBitVector &oob) {
  Location loc = op.getLoc();
  ReducedTransfer r;
  r.vectorType = dropDims(op.getVectorType(), drop);
  r.map = AffineMapAttr::get(dropResults(op.getPermutationMap(), drop));
  SmallVector<bool> inBounds;
  for (int64_t i = 0, e = op.getVectorType().getRank(); i < e; ++i)
    if (!drop.test(i))
      inBounds.push_back(op.isDimInBounds(i));
  r.inBounds = b.getBoolArrayAttr(inBounds);
  // Dropping a unit dim keeps every mask bit: shape_cast the mask along.
  if (Value mask = op.getMask())
    r.mask = vector::ShapeCastOp::create(
        b, loc,
        VectorType::get(r.vectorType.getShape(), b.getI1Type(),
                        r.vectorType.getScalableDims()),
        mask);
  for (int i : oob.set_bits()) {
    unsigned srcDim =
        cast<AffineDimExpr>(op.getPermutationMap().getResult(i)).getPosition();
    Value index = op.getIndices()[srcDim];
    Value size =
        isa<MemRefType>(op.getBase().getType())
            ? Value(memref::DimOp::create(b, loc, op.getBase(), srcDim))
            : Value(tensor::DimOp::create(b, loc, op.getBase(), srcDim));
    Value inside =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, size);
    r.guard = r.guard ? arith::AndIOp::create(b, loc, r.guard, inside) : inside;
  }
  return r;
}

/// Precondition shared by the transfer patterns.
static LogicalResult checkTransfer(VectorTransferOpInterface op,
                                   PatternRewriter &rewriter) {
  if (auto maskable = dyn_cast<vector::MaskableOpInterface>(op.getOperation()))
    if (maskable.isMasked())
      return rewriter.notifyMatchFailure(op, "inside vector.mask");
  if (op.getVectorType().isScalable())
    return rewriter.notifyMatchFailure(op, "scalable vector");
  if (!op.getPermutationMap().isProjectedPermutation(
          /*allowZeroInResults=*/true))
    return rewriter.notifyMatchFailure(op, "not a projected permutation");
  return success();
}

/// The match shared by the unit-dim transfer patterns: the reduced transfer,
/// with its guard and mask built, or failure.
static FailureOr<ReducedTransfer>
matchUnitDimTransfer(VectorTransferOpInterface op, PatternRewriter &rewriter) {
  if (failed(checkTransfer(op, rewriter)))
    return failure();
  llvm::SmallBitVector oob;
  llvm::SmallBitVector drop = unitVectorDims(op, oob);
  if (drop.none())
    return rewriter.notifyMatchFailure(op, "no unit dim");
  return reduceTransfer(rewriter, op, drop, oob);
}

/// Drops unit dims of a transfer_read at any position. In-bounds (and
/// broadcast) unit dims are dropped as is; possibly out-of-bounds ones under
/// an scf.if that yields the padding otherwise. Registered with a higher
/// benefit than upstream's leading-unit-dim cast, which drops out-of-bounds
/// unit dims without a guard (a miscompile when the index is past the end).
struct DropTransferReadUnitDims
    : public OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<ReducedTransfer> reduced = matchUnitDimTransfer(op, rewriter);
    if (failed(reduced))
      return failure();
    const ReducedTransfer &r = *reduced;
    Location loc = op.getLoc();
    auto buildRead = [&](OpBuilder &b, Location l) -> Value {
      return vector::TransferReadOp::create(
          b, l, r.vectorType, op.getBase(), op.getIndices(), r.map,
          op.getPadding(), r.mask, r.inBounds);
    };
    Value read;
    if (!r.guard) {
      read = buildRead(rewriter, loc);
    } else {
      read = scf::IfOp::create(
                 rewriter, loc, r.guard,
                 [&](OpBuilder &b, Location l) {
                   scf::YieldOp::create(b, l, buildRead(b, l));
                 },
                 [&](OpBuilder &b, Location l) {
                   Value pad = vector::BroadcastOp::create(b, l, r.vectorType,
                                                           op.getPadding());
                   scf::YieldOp::create(b, l, pad);
                 })
                 .getResult(0);
    }
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(op, op.getVectorType(),
                                                     read);
    return success();
  }
};

/// The transfer_write counterpart: possibly out-of-bounds unit dims guard
/// the write (tensor destinations yield the unchanged tensor otherwise).
struct DropTransferWriteUnitDims
    : public OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<ReducedTransfer> reduced = matchUnitDimTransfer(op, rewriter);
    if (failed(reduced))
      return failure();
    const ReducedTransfer &r = *reduced;
    Location loc = op.getLoc();
    Value vec = vector::ShapeCastOp::create(rewriter, loc, r.vectorType,
                                            op.getVector());
    auto buildWrite = [&](OpBuilder &b, Location l) {
      return vector::TransferWriteOp::create(
          b, l, vec, op.getBase(), op.getIndices(), r.map, r.mask, r.inBounds);
    };
    bool onTensor = isa<RankedTensorType>(op.getBase().getType());
    if (!r.guard) {
      auto write = buildWrite(rewriter, loc);
      if (onTensor)
        rewriter.replaceOp(op, write.getResult());
      else
        rewriter.eraseOp(op);
      return success();
    }
    if (!onTensor) {
      scf::IfOp::create(rewriter, loc, r.guard, [&](OpBuilder &b, Location l) {
        buildWrite(b, l);
        scf::YieldOp::create(b, l);
      });
      rewriter.eraseOp(op);
      return success();
    }
    auto ifOp = scf::IfOp::create(
        rewriter, loc, r.guard,
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, buildWrite(b, l).getResult());
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, op.getBase());
        });
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Transfers through rank-reduced slices
//===----------------------------------------------------------------------===//

/// Source dims that the transfer does not index with a vector dim, if one of
/// them comes after the first indexed source dim (which prevents a
/// minor-identity map); empty otherwise.
static llvm::SmallBitVector unindexedSourceDims(AffineMap map) {
  llvm::SmallBitVector used(map.getNumDims());
  for (AffineExpr e : map.getResults())
    if (auto d = dyn_cast<AffineDimExpr>(e))
      used.set(d.getPosition());
  llvm::SmallBitVector unused = ~used;
  int first = used.find_first();
  if (first < 0 || unused.find_next(first) < 0)
    return llvm::SmallBitVector(map.getNumDims());
  return unused;
}

/// The slice that drops the `dropped` dims of the transfer source at the
/// transfer's indices and keeps every other dim whole.
struct RankReducingSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<Value> newIndices;
  AffineMap newMap;
};

static RankReducingSlice computeSlice(OpBuilder &b, Location loc,
                                      VectorTransferOpInterface op,
                                      const llvm::SmallBitVector &dropped) {
  RankReducingSlice s;
  Value source = op.getBase();
  auto shaped = cast<ShapedType>(source.getType());
  SmallVector<int64_t> keptPositions(shaped.getRank(), -1);
  int64_t next = 0;
  for (int64_t i = 0, e = shaped.getRank(); i < e; ++i) {
    s.strides.push_back(b.getIndexAttr(1));
    if (dropped.test(i)) {
      s.offsets.push_back(getAsOpFoldResult(op.getIndices()[i]));
      s.sizes.push_back(b.getIndexAttr(1));
      continue;
    }
    s.offsets.push_back(b.getIndexAttr(0));
    if (shaped.isDynamicDim(i))
      s.sizes.push_back(
          isa<MemRefType>(shaped)
              ? OpFoldResult(memref::DimOp::create(b, loc, source, i))
              : OpFoldResult(tensor::DimOp::create(b, loc, source, i)));
    else
      s.sizes.push_back(b.getIndexAttr(shaped.getDimSize(i)));
    s.newIndices.push_back(op.getIndices()[i]);
    keptPositions[i] = next++;
  }
  AffineMap map = op.getPermutationMap();
  SmallVector<AffineExpr> results;
  for (AffineExpr e : map.getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(e))
      results.push_back(b.getAffineDimExpr(keptPositions[d.getPosition()]));
    else
      results.push_back(e);
  }
  s.newMap = AffineMap::get(next, 0, results, b.getContext());
  return s;
}

/// Upstream canonicalizations re-infer the result type of rank-reducing
/// slices by dropping the *first* unit sizes. Only produce slices for which
/// that choice is ours, or a later canonicalization silently changes which
/// dims the consumer sees.
static bool isCanonicalRankReduction(ShapedType sourceType,
                                     const llvm::SmallBitVector &dropped) {
  int64_t toDrop = dropped.count();
  for (int64_t i = 0, e = sourceType.getRank(); i < e && toDrop > 0; ++i) {
    bool unitSlice = dropped.test(i) || sourceType.getDimSize(i) == 1;
    if (!unitSlice)
      continue;
    if (!dropped.test(i))
      return false;
    --toDrop;
  }
  return true;
}

/// memref.subview type that drops exactly the `skipped` dims.
static MemRefType rankReducedSubviewType(MemRefType sourceType,
                                         const RankReducingSlice &s,
                                         const llvm::SmallBitVector &skipped) {
  MemRefType full = memref::SubViewOp::inferResultType(sourceType, s.offsets,
                                                       s.sizes, s.strides);
  auto [strides, offset] = full.getStridesAndOffset();
  SmallVector<int64_t> shape, keptStrides;
  for (int64_t i = 0, e = full.getRank(); i < e; ++i) {
    if (skipped.test(i))
      continue;
    shape.push_back(full.getDimSize(i));
    keptStrides.push_back(strides[i]);
  }
  return MemRefType::get(
      shape, full.getElementType(),
      StridedLayoutAttr::get(full.getContext(), offset, keptStrides),
      full.getMemorySpace());
}

static Value createRankReducingSlice(OpBuilder &b, Location loc, Value source,
                                     const RankReducingSlice &s,
                                     const llvm::SmallBitVector &skipped) {
  if (auto memrefType = dyn_cast<MemRefType>(source.getType()))
    return memref::SubViewOp::create(
        b, loc, rankReducedSubviewType(memrefType, s, skipped), source,
        s.offsets, s.sizes, s.strides);
  auto tensorType = cast<RankedTensorType>(source.getType());
  SmallVector<int64_t> shape;
  for (int64_t i = 0, e = tensorType.getRank(); i < e; ++i)
    if (!skipped.test(i))
      shape.push_back(tensorType.getDimSize(i));
  auto resultType = RankedTensorType::get(shape, tensorType.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, resultType, source, s.offsets,
                                        s.sizes, s.strides);
}

/// The match shared by the slice patterns: if the transfer's map skips inner
/// source dims (canonically droppable), creates the rank-reduced slice and
/// returns it with the new indices and map.
struct SlicedTransfer {
  Value slice;
  RankReducingSlice s;
};
static FailureOr<SlicedTransfer>
matchAndSliceTransfer(VectorTransferOpInterface op, PatternRewriter &rewriter) {
  if (auto maskable = dyn_cast<vector::MaskableOpInterface>(op.getOperation()))
    if (maskable.isMasked())
      return rewriter.notifyMatchFailure(op, "inside vector.mask");
  if (!isa<MemRefType, RankedTensorType>(op.getBase().getType()))
    return rewriter.notifyMatchFailure(op, "unranked source");
  if (auto memrefType = dyn_cast<MemRefType>(op.getBase().getType()))
    if (!memrefType.isStrided())
      return rewriter.notifyMatchFailure(op, "non-strided memref");
  if (!op.getPermutationMap().isProjectedPermutation(
          /*allowZeroInResults=*/true))
    return rewriter.notifyMatchFailure(op, "not a projected permutation");
  llvm::SmallBitVector skipped = unindexedSourceDims(op.getPermutationMap());
  if (skipped.none())
    return rewriter.notifyMatchFailure(op, "map skips no inner source dim");
  if (!isCanonicalRankReduction(cast<ShapedType>(op.getBase().getType()),
                                skipped))
    return rewriter.notifyMatchFailure(op, "not a canonical rank reduction");
  SlicedTransfer t;
  t.s = computeSlice(rewriter, op.getLoc(), op, skipped);
  t.slice = createRankReducingSlice(rewriter, op.getLoc(), op.getBase(), t.s,
                                    skipped);
  return t;
}

struct TransferReadThroughRankReducedSlice
    : public OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SlicedTransfer> t = matchAndSliceTransfer(op, rewriter);
    if (failed(t))
      return failure();
    rewriter.replaceOpWithNewOp<vector::TransferReadOp>(
        op, op.getVectorType(), t->slice, t->s.newIndices,
        AffineMapAttr::get(t->s.newMap), op.getPadding(), op.getMask(),
        op.getInBoundsAttr());
    return success();
  }
};

struct TransferWriteThroughRankReducedSlice
    : public OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp op,
                                PatternRewriter &rewriter) const override {
    // Memrefs only: on tensors this would need a rank-reducing
    // tensor.insert_slice, which upstream vectorization miscompiles (see
    // populateFoldUnitDimsPatterns).
    if (!isa<MemRefType>(op.getBase().getType()))
      return rewriter.notifyMatchFailure(op, "tensor destination");
    FailureOr<SlicedTransfer> t = matchAndSliceTransfer(op, rewriter);
    if (failed(t))
      return failure();
    vector::TransferWriteOp::create(
        rewriter, op.getLoc(), op.getVector(), t->slice, t->s.newIndices,
        AffineMapAttr::get(t->s.newMap), op.getMask(), op.getInBoundsAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateTransferUnitDimPatterns(RewritePatternSet &patterns) {
  // Benefit 2: must win over upstream's leading-unit-dim transfer patterns.
  patterns.add<DropTransferReadUnitDims, DropTransferWriteUnitDims>(
      patterns.getContext(), /*benefit=*/2);
  patterns.add<TransferReadThroughRankReducedSlice,
               TransferWriteThroughRankReducedSlice>(patterns.getContext());
}

} // namespace regtile
