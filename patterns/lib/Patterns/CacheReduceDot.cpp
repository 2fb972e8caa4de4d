//===- CacheReduceDot.cpp - The register tile's dot-product form ----------===//
//
// cache_reduce's dot form (see CacheReduceInternals.h, DotPlan): whole groups
// of the reduction dim per step, the portable dot products
// regtile-lower-vectors selects vpdpbusd / vdpbf16ps for, and the shifted
// s8 x s8 and u8 x u8 forms' column sums.
//
//===----------------------------------------------------------------------===//

#include "CacheReduceInternals.h"

#include "regtile/Patterns/LoopUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallBitVector.h"

namespace regtile::cache_reduce {

namespace {

/// acc + the dot products of `in0` and `in1` (the op's inputs, each
/// `lanes` x group values), in the portable form that regtile-lower-vectors
/// selects vpdpbusd or vdpbf16ps for (populateDotProductPatterns): the
/// inputs as `lanes` x group, widened as the body widens them, multiplied,
/// and each row summed into its lane.
Value emitDotProduct(OpBuilder &b, Location loc, const DotPlan &dot,
                     int64_t lanes, Value in0, Value in1, Value acc) {
  auto narrow = VectorType::get({lanes, dot.group}, dot.body.inputType);
  auto wide = VectorType::get({lanes, dot.group}, dot.body.accType);
  auto widen = [&](Value v, unsigned input) -> Value {
    Value grid = vector::ShapeCastOp::create(b, loc, narrow, v);
    if (dot.body.isFloat())
      return arith::ExtFOp::create(b, loc, wide, grid);
    // A shifted broadcast group has the other signedness (s8 a + 128 is
    // u8, u8 a - 128 is s8).
    bool isUnsigned = dot.body.unsignedInput[input];
    if (dot.shifted && input == dot.broadcast)
      isUnsigned = !isUnsigned;
    if (isUnsigned)
      return arith::ExtUIOp::create(b, loc, wide, grid);
    return arith::ExtSIOp::create(b, loc, wide, grid);
  };
  Value x = widen(in0, 0), y = widen(in1, 1);
  Value products = dot.body.isFloat()
                       ? Value(arith::MulFOp::create(b, loc, x, y))
                       : Value(arith::MulIOp::create(b, loc, x, y));
  return vector::MultiDimReductionOp::create(b, loc, products, acc,
                                             ArrayRef<bool>{false, true},
                                             vector::CombiningKind::ADD);
}

} // namespace

Value TileEmitter::dotVector(OpBuilder &b, Location loc, int64_t r, int64_t j,
                             ArrayRef<Value> redIvs) {
  const DotPlan &dot = *plan.dot;
  OpOperand *in = op.getDpsInputOperand(dot.vectored);
  SmallVector<Value> idx =
      inputIndices(b, loc, op.getMatchingIndexingMap(in), r, j, redIvs);
  Value source = in->get();
  if (tensor::ExtractSliceOp slice = dot.slice) {
    // The slice's offsets plus the input's indices at the dims it keeps.
    source = slice.getSource();
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
    AffineExpr s0 = b.getAffineSymbolExpr(0), s1 = b.getAffineSymbolExpr(1);
    SmallVector<Value> full;
    for (unsigned d = 0, k = 0; d < offsets.size(); ++d) {
      OpFoldResult at = dropped[d]
                            ? offsets[d]
                            : affine::makeComposedFoldedAffineApply(
                                  b, loc, s0 + s1, {offsets[d], idx[k++]});
      full.push_back(getValueOrCreateConstantIndexOp(b, loc, at));
    }
    idx = full;
  }
  // The last two dims (vector dim, group) as one: a group per lane.
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  SmallVector<ReassociationIndices> reassoc;
  for (int64_t d = 0; d < rank - 2; ++d)
    reassoc.push_back({d});
  reassoc.push_back({rank - 2, rank - 1});
  Value flat = tensor::CollapseShapeOp::create(b, loc, source, reassoc);
  AffineExpr s0 = b.getAffineSymbolExpr(0), s1 = b.getAffineSymbolExpr(1);
  OpFoldResult last = affine::makeComposedFoldedAffineApply(
      b, loc, s0 * dot.group + s1, {idx[rank - 2], idx[rank - 1]});
  idx.resize(rank - 2);
  idx.push_back(getValueOrCreateConstantIndexOp(b, loc, last));
  Type elt = dot.body.inputType;
  return transferRead(b, loc, flat, idx,
                      VectorType::get({plan.lanes * dot.group}, elt),
                      zeroOf(b, loc, elt), /*inBounds=*/true);
}

Value TileEmitter::dotBroadcast(OpBuilder &b, Location loc, int64_t r,
                                ArrayRef<Value> redIvs) {
  const DotPlan &dot = *plan.dot;
  OpOperand *in = op.getDpsInputOperand(dot.broadcast);
  SmallVector<Value> idx =
      inputIndices(b, loc, op.getMatchingIndexingMap(in), r, 0, redIvs);
  Type elt = dot.body.inputType;
  // Whole groups; the iteration of a partial one (peelPartialGroup) reads
  // them masked, zeros past the dim's extent.
  Value group =
      transferRead(b, loc, in->get(), idx, VectorType::get({dot.group}, elt),
                   zeroOf(b, loc, elt), /*inBounds=*/true);
  groupReadOps.push_back(group.getDefiningOp());
  // The group as one word (32 bits; 16 for i8 pairs), in every lane.
  Type word = b.getIntegerType(dot.group * elt.getIntOrFloatBitWidth());
  Value packed =
      vector::BitCastOp::create(b, loc, VectorType::get({1}, word), group);
  Value scalar = vector::ExtractOp::create(b, loc, packed, 0);
  Value splat = vector::BroadcastOp::create(
      b, loc, VectorType::get({plan.lanes}, word), scalar);
  auto groupsType = VectorType::get({plan.lanes * dot.group}, elt);
  Value groups = vector::BitCastOp::create(b, loc, groupsType, splat);
  if (!dot.shifted)
    return groups;
  // s8 to u8 + 128, or u8 to s8 - 128: flip the sign bit.
  Value signBits = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(groupsType, b.getIntegerAttr(elt, -128)));
  return arith::XOrIOp::create(b, loc, groups, signBits);
}

Value TileEmitter::columnSums(OpBuilder &b, Location loc) {
  const DotPlan &dot = *plan.dot;
  tensor::ExtractSliceOp slice = dot.slice;
  Value cache = slice.getSource();
  // Built already for this cache (by another version of the tile)?
  if (Value built = dot.columnSums->lookup(cache))
    return built;
  OpBuilder::InsertionGuard guard(b);
  if (Operation *def = cache.getDefiningOp())
    b.setInsertionPointAfter(def);
  else
    b.setInsertionPointToStart(cast<BlockArgument>(cache).getOwner());
  auto type = cast<RankedTensorType>(cache.getType());
  int64_t rank = type.getRank(), columns = type.getDimSize(rank - 2);
  Type i32 = b.getI32Type(), i8 = b.getI8Type();
  // sums[others..., NR] = sum over the sum dims and each group of the
  // cache, per column: vectors of `lanes` columns, each a sum of 4-byte
  // dot products with ones (vpdpbusd).
  SmallVector<unsigned> others;
  for (unsigned d = 0; d + 2 < rank; ++d)
    if (!llvm::is_contained(dot.sumDims, d))
      others.push_back(d);
  SmallVector<OpFoldResult> sumsShape;
  for (unsigned d : others)
    sumsShape.push_back(tensor::getMixedSize(b, loc, cache, d));
  sumsShape.push_back(b.getIndexAttr(columns));
  Value sums = tensor::EmptyOp::create(b, loc, sumsShape, i32);
  SmallVector<ReassociationIndices> reassoc;
  for (int64_t d = 0; d < rank - 2; ++d)
    reassoc.push_back({d});
  reassoc.push_back({rank - 2, rank - 1});
  Value flat = tensor::CollapseShapeOp::create(b, loc, cache, reassoc);
  int64_t vectors = columns / plan.lanes;
  auto accType = VectorType::get({plan.lanes}, i32);
  auto bytesType = VectorType::get({plan.lanes * dot.group}, i8);
  auto gridType = VectorType::get({plan.lanes, dot.group}, i8);
  auto wideType = VectorType::get({plan.lanes, dot.group}, i32);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value pad = arith::ConstantOp::create(b, loc, b.getIntegerAttr(i8, 0));
  // Loops over the other dims (outer) carrying the sums; the loops over
  // the sum dims inside, carrying the vectors.
  SmallVector<Value> at(rank - 1);
  std::function<SmallVector<Value>(OpBuilder &, unsigned, ValueRange)> sum =
      [&](OpBuilder &nb, unsigned level, ValueRange accs) {
        if (level < dot.sumDims.size()) {
          unsigned d = dot.sumDims[level];
          Value ub = tensor::DimOp::create(nb, loc, cache, d);
          auto l = scf::ForOp::create(
              nb, loc, zero, ub, one, accs,
              [&](OpBuilder &lb, Location ll, Value iv, ValueRange args) {
                at[d] = iv;
                scf::YieldOp::create(lb, ll, sum(lb, level + 1, args));
              });
          return SmallVector<Value>(l.getResults());
        }
        SmallVector<Value> next;
        for (int64_t j = 0; j < vectors; ++j) {
          at[rank - 2] = arith::ConstantIndexOp::create(
              nb, loc, j * plan.lanes * dot.group);
          AffineMap map = AffineMap::get(
              rank - 1, 0, nb.getAffineDimExpr(rank - 2), nb.getContext());
          Value v = vector::TransferReadOp::create(
              nb, loc, bytesType, flat, at, AffineMapAttr::get(map), pad,
              /*mask=*/Value(), nb.getBoolArrayAttr({true}));
          Value grid = vector::ShapeCastOp::create(nb, loc, gridType, v);
          Value wide =
              dot.body.unsignedInput[dot.vectored]
                  ? Value(arith::ExtUIOp::create(nb, loc, wideType, grid))
                  : Value(arith::ExtSIOp::create(nb, loc, wideType, grid));
          next.push_back(vector::MultiDimReductionOp::create(
              nb, loc, wide, accs[j], ArrayRef<bool>{false, true},
              vector::CombiningKind::ADD));
        }
        return next;
      };
  std::function<Value(OpBuilder &, unsigned, Value)> nest =
      [&](OpBuilder &nb, unsigned level, Value carried) -> Value {
    if (level < others.size()) {
      unsigned d = others[level];
      Value ub = tensor::DimOp::create(nb, loc, cache, d);
      auto l = scf::ForOp::create(
          nb, loc, zero, ub, one, ValueRange{carried},
          [&](OpBuilder &lb, Location ll, Value iv, ValueRange args) {
            at[d] = iv;
            scf::YieldOp::create(lb, ll, nest(lb, level + 1, args[0]));
          });
      return l.getResult(0);
    }
    SmallVector<Value> inits(
        vectors, arith::ConstantOp::create(nb, loc, nb.getZeroAttr(accType)));
    SmallVector<Value> summed = sum(nb, 0, inits);
    SmallVector<Value> idx;
    for (unsigned d : others)
      idx.push_back(at[d]);
    Value result = carried;
    for (int64_t j = 0; j < vectors; ++j) {
      SmallVector<Value> wi(idx);
      wi.push_back(arith::ConstantIndexOp::create(nb, loc, j * plan.lanes));
      AffineMap wmap = AffineMap::get(
          wi.size(), 0, nb.getAffineDimExpr(wi.size() - 1), nb.getContext());
      result = vector::TransferWriteOp::create(
                   nb, loc, summed[j], result, wi, AffineMapAttr::get(wmap),
                   /*mask=*/Value(), nb.getBoolArrayAttr({true}))
                   .getResult();
    }
    return result;
  };
  Value result = nest(b, 0, sums);
  (*dot.columnSums)[cache] = result;
  return result;
}

SmallVector<Value> TileEmitter::addShiftedSums(OpBuilder &b, Location loc,
                                               scf::ForOp loop,
                                               ValueRange accs) {
  const DotPlan &dot = *plan.dot;
  Value sums = columnSums(b, loc);
  // This tile's panel: the slice's offsets along the other dims, hoisted
  // out of the loop (they do not move with it).
  IRMapping hoisted;
  tensor::ExtractSliceOp slice = dot.slice;
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  SmallVector<Value> idx;
  for (unsigned d = 0; d + 2 < offsets.size(); ++d)
    if (!llvm::is_contained(dot.sumDims, d))
      idx.push_back(getValueOrCreateConstantIndexOp(
          b, loc, hoistInvariant(b, loop, offsets[d], hoisted)));
  Type i32 = b.getI32Type();
  auto vecType = VectorType::get({plan.lanes}, i32);
  Value seven = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(vecType, b.getIntegerAttr(i32, 7)));
  SmallVector<Value> result(accs.begin(), accs.end());
  for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
    SmallVector<Value> at(idx);
    at.push_back(arith::ConstantIndexOp::create(b, loc, j * plan.lanes));
    AffineMap map = AffineMap::get(
        at.size(), 0, b.getAffineDimExpr(at.size() - 1), b.getContext());
    Value sum = vector::TransferReadOp::create(
        b, loc, vecType, sums, at, AffineMapAttr::get(map),
        arith::ConstantOp::create(b, loc, b.getIntegerAttr(i32, 0)),
        /*mask=*/Value(), b.getBoolArrayAttr({true}));
    Value shift = arith::ShLIOp::create(b, loc, sum, seven);
    for (int64_t r = 0; r < plan.rows; ++r) {
      Value &acc = result[r * plan.vectorsPerRow + j];
      acc = dot.shiftedDown()
                ? Value(arith::AddIOp::create(b, loc, acc, shift))
                : Value(arith::SubIOp::create(b, loc, acc, shift));
    }
  }
  return result;
}

SmallVector<Value> TileEmitter::dotStep(OpBuilder &b, Location loc,
                                        ArrayRef<Value> redIvs,
                                        ValueRange accs) {
  const DotPlan &dot = *plan.dot;
  AffineMap vmap =
      op.getMatchingIndexingMap(op.getDpsInputOperand(dot.vectored));
  // The block of vector loads first, each read once.
  std::map<std::pair<SmallVector<int64_t>, int64_t>, Value> vectors;
  for (int64_t r = 0; r < plan.rows; ++r)
    for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
      Value &v = vectors[std::make_pair(rowKey(vmap, r), j)];
      if (!v)
        v = dotVector(b, loc, r, j, redIvs);
    }
  SmallVector<Value> next;
  for (int64_t r = 0; r < plan.rows; ++r) {
    Value broadcast = dotBroadcast(b, loc, r, redIvs);
    for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
      Value vec = vectors[std::make_pair(rowKey(vmap, r), j)];
      Value in[2];
      in[dot.broadcast] = broadcast;
      in[dot.vectored] = vec;
      next.push_back(emitDotProduct(b, loc, dot, plan.lanes, in[0], in[1],
                                    accs[r * plan.vectorsPerRow + j]));
    }
  }
  return next;
}

} // namespace regtile::cache_reduce
