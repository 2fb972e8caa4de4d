//===- CacheReduceDot.cpp - The register tile's dot-product form ----------===//
//
// cache_reduce's dot form (see CacheReduceInternals.h, DotPlan): whole groups
// of the reduction dim per step, the portable dot products
// regtile-lower-vectors selects vpdpbusd / vdpbf16ps for, and the shifted
// s8 x s8 and u8 x u8 forms' shifted cache and row sums, or column sums.
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
    // A shifted input has the other signedness (s8 x + 128 is u8, u8 x -
    // 128 is s8).
    bool isUnsigned = dot.body.unsignedInput[input];
    if (dot.shifted && input == dot.shiftedInput())
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

/// The dims of an interleaved tensor of rank `rank` with the last two (the
/// vector dim and the group) as one.
SmallVector<ReassociationIndices> groupsCollapsed(int64_t rank) {
  SmallVector<ReassociationIndices> reassoc;
  for (int64_t d = 0; d < rank - 2; ++d)
    reassoc.push_back({d});
  reassoc.push_back({rank - 2, rank - 1});
  return reassoc;
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
    source =
        dot.shifted && dot.rowRange ? shiftedCache(b, loc) : slice.getSource();
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
  SmallVector<ReassociationIndices> reassoc = groupsCollapsed(rank);
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
  if (!dot.shifted || dot.rowRange)
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
  if (Value built = dot.perCache->lookup(cache))
    return built;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(cache);
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
  SmallVector<ReassociationIndices> reassoc = groupsCollapsed(rank);
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
  (*dot.perCache)[cache] = result;
  return result;
}

Value TileEmitter::shiftedCache(OpBuilder &b, Location loc) {
  const DotPlan &dot = *plan.dot;
  Value cache = tensor::ExtractSliceOp(dot.slice).getSource();
  if (Value built = dot.perCache->lookup(cache))
    return built;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(cache);
  // Written over the cache (in place once the micro-kernels read only the
  // copy): each tile row's columns x group bytes, whole vectors (the
  // columns are whole vectors: analyzeShift).
  auto type = cast<RankedTensorType>(cache.getType());
  int64_t rank = type.getRank();
  int64_t width = type.getDimSize(rank - 2) * dot.group;
  SmallVector<ReassociationIndices> reassoc = groupsCollapsed(rank);
  Value flat = tensor::CollapseShapeOp::create(b, loc, cache, reassoc);
  Type i8 = b.getI8Type();
  auto bytesType = VectorType::get({plan.lanes * dot.group}, i8);
  Value signBits = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(bytesType, b.getIntegerAttr(i8, -128)));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value pad = arith::ConstantOp::create(b, loc, b.getIntegerAttr(i8, 0));
  // Loops over the tile dims, then whole vectors of each row.
  SmallVector<Value> ubs, zeros(rank - 2, zero), ones(rank - 2, one);
  for (int64_t d = 0; d < rank - 2; ++d)
    ubs.push_back(tensor::DimOp::create(b, loc, flat, d));
  AffineMap map =
      AffineMap::get(rank - 1, 0, b.getAffineDimExpr(rank - 2), b.getContext());
  scf::LoopNest loops = scf::buildLoopNest(
      b, loc, zeros, ubs, ones, ValueRange{flat},
      [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange args) {
        SmallVector<Value> at(ivs);
        at.push_back(Value());
        Value carried = args[0];
        for (int64_t x = 0; x < width; x += bytesType.getNumElements()) {
          at.back() = arith::ConstantIndexOp::create(nb, nl, x);
          Value v = vector::TransferReadOp::create(
              nb, nl, bytesType, carried, at, AffineMapAttr::get(map), pad,
              /*mask=*/Value(), nb.getBoolArrayAttr({true}));
          Value flipped = arith::XOrIOp::create(nb, nl, v, signBits);
          carried = vector::TransferWriteOp::create(
                        nb, nl, flipped, carried, at, AffineMapAttr::get(map),
                        /*mask=*/Value(), nb.getBoolArrayAttr({true}))
                        .getResult();
        }
        return scf::ValueVector{carried};
      });
  SmallVector<OpFoldResult> shape = tensor::getMixedSizes(b, loc, cache);
  Value result = tensor::ExpandShapeOp::create(
      b, loc, type, loops.results.front(), reassoc, shape);
  (*dot.perCache)[cache] = result;
  return result;
}

SmallVector<Value> TileEmitter::rowSums(OpBuilder &b, Location loc,
                                        scf::ForOp loop) {
  const DotPlan &dot = *plan.dot;
  const DotPlan::RowRange &range = *dot.rowRange;
  // What the range is defined by, hoisted out of the loop (it does not
  // move with it).
  IRMapping hoisted;
  auto hoist = [&](OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(b, loc,
                                           hoistInvariant(b, loop, v, hoisted));
  };
  Value source = hoistInvariant(b, loop, range.source, hoisted);
  OpOperand *in = op.getDpsInputOperand(dot.broadcast);
  AffineMap map = op.getMatchingIndexingMap(in);
  Type i8 = b.getI8Type(), i32 = b.getI32Type();
  int64_t width = plan.lanes * dot.group;
  auto bytesType = VectorType::get({width}, i8);
  auto gridType = VectorType::get({plan.lanes, dot.group}, i8);
  auto wideType = VectorType::get({plan.lanes, dot.group}, i32);
  auto accType = VectorType::get({plan.lanes}, i32);
  bool isUnsigned = dot.body.unsignedInput[dot.broadcast];
  auto sumInto = [&](OpBuilder &nb, Value bytes, Value acc) -> Value {
    Value grid = vector::ShapeCastOp::create(nb, loc, gridType, bytes);
    Value wide = isUnsigned
                     ? Value(arith::ExtUIOp::create(nb, loc, wideType, grid))
                     : Value(arith::ExtSIOp::create(nb, loc, wideType, grid));
    return vector::MultiDimReductionOp::create(nb, loc, wide, acc,
                                               ArrayRef<bool>{false, true},
                                               vector::CombiningKind::ADD);
  };
  // The points of the op's other reduction dims (a convolution's kw), as
  // the reduction indices of a read.
  SmallVector<SmallVector<Value>> points(1);
  for (int64_t extent : range.extents) {
    SmallVector<SmallVector<Value>> next;
    for (const SmallVector<Value> &p : points)
      for (int64_t i = 0; i < extent; ++i) {
        next.push_back(p);
        next.back().push_back(arith::ConstantIndexOp::create(b, loc, i));
      }
    points = std::move(next);
  }
  // Each row key's indices into the source at each point (the last dim
  // and the outer loops' steps apart).
  std::map<SmallVector<int64_t>, unsigned> keyIndex;
  SmallVector<SmallVector<SmallVector<Value>>> rowAt;
  SmallVector<unsigned> rowOf;
  AffineExpr s0 = b.getAffineSymbolExpr(0), s1 = b.getAffineSymbolExpr(1);
  SmallVector<Value> offsets;
  for (OpFoldResult o : range.offsets)
    offsets.push_back(hoist(o));
  for (int64_t r = 0; r < plan.rows; ++r) {
    auto [it, inserted] = keyIndex.try_emplace(rowKey(map, r), rowAt.size());
    rowOf.push_back(it->second);
    if (!inserted)
      continue;
    rowAt.emplace_back();
    for (const SmallVector<Value> &p : points) {
      SmallVector<Value> idx = inputIndices(b, loc, map, r, 0, p);
      SmallVector<Value> full;
      for (unsigned d = 0, k = 0; d < offsets.size(); ++d)
        full.push_back(range.dropped[d]
                           ? offsets[d]
                           : affine::makeComposedAffineApply(
                                 b, loc, s0 + s1, {offsets[d], idx[k++]}));
      rowAt.back().push_back(full);
    }
  }
  // Per point, whole vectors in a loop, then the rest under a mask.
  Value start = hoist(range.start), end = hoist(range.end);
  Value wholeEnd = affine::makeComposedAffineApply(
      b, loc, s0 + (s1 - s0).floorDiv(width) * width, {start, end});
  Value step = arith::ConstantIndexOp::create(b, loc, width);
  int64_t rank = range.offsets.size() + 1;
  AffineMap lastDim =
      AffineMap::get(rank, 0, b.getAffineDimExpr(rank - 1), b.getContext());
  Value pad = arith::ConstantOp::create(b, loc, b.getIntegerAttr(i8, 0));
  std::optional<int64_t> first = getConstantIntValue(range.start),
                         last = getConstantIntValue(range.end);
  Value mask;
  if (!first || !last || (*last - *first) % width != 0) {
    Value rest = arith::SubIOp::create(b, loc, end, wholeEnd);
    mask = vector::CreateMaskOp::create(
        b, loc, VectorType::get({width}, b.getI1Type()), ValueRange{rest});
  }
  // (The tail's masked-off lanes may lie past the source's extent.)
  auto read = [&](OpBuilder &nb, ArrayRef<Value> at, Value pos, Value mask) {
    SmallVector<Value> idx(at);
    idx.push_back(pos);
    return vector::TransferReadOp::create(nb, loc, bytesType, source, idx,
                                          AffineMapAttr::get(lastDim), pad,
                                          mask, nb.getBoolArrayAttr({!mask}))
        .getResult();
  };
  // All rows' sums over the points and the range, at the outer loops'
  // induction variables `ivs`.
  auto sumRanges = [&](OpBuilder &nb, ValueRange ivs,
                       ValueRange accs) -> SmallVector<Value> {
    SmallVector<Value> cur(accs);
    for (unsigned p = 0; p < points.size(); ++p) {
      SmallVector<SmallVector<Value>> at;
      for (unsigned key = 0; key < rowAt.size(); ++key) {
        at.push_back(rowAt[key][p]);
        for (auto [o, iv] : llvm::zip(range.outer, ivs))
          at.back()[o.dim] =
              arith::AddIOp::create(nb, loc, at.back()[o.dim], iv);
      }
      auto whole = scf::ForOp::create(
          nb, loc, start, wholeEnd, step, cur,
          [&](OpBuilder &lb, Location ll, Value iv, ValueRange accs) {
            SmallVector<Value> next;
            for (unsigned key = 0; key < at.size(); ++key)
              next.push_back(
                  sumInto(lb, read(lb, at[key], iv, Value()), accs[key]));
            scf::YieldOp::create(lb, ll, next);
          });
      cur.assign(whole.getResults().begin(), whole.getResults().end());
      if (mask)
        for (unsigned key = 0; key < at.size(); ++key)
          cur[key] = sumInto(nb, read(nb, at[key], wholeEnd, mask), cur[key]);
    }
    return cur;
  };
  // The outer loops around them (a convolution's kh).
  SmallVector<Value> lbs, ubs, steps;
  for (const DotPlan::OuterLoop &o : range.outer) {
    lbs.push_back(hoist(o.lb));
    ubs.push_back(hoist(o.ub));
    steps.push_back(hoist(o.step));
  }
  SmallVector<Value> inits(
      rowAt.size(), arith::ConstantOp::create(b, loc, b.getZeroAttr(accType)));
  scf::LoopNest loops = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, inits,
      [&](OpBuilder &nb, Location, ValueRange ivs, ValueRange accs) {
        return scf::ValueVector(sumRanges(nb, ivs, accs));
      });
  SmallVector<Value> totals = loops.results;
  SmallVector<Value> sums;
  for (Value acc : totals) {
    Value total =
        vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD, acc);
    sums.push_back(vector::BroadcastOp::create(b, loc, accType, total));
  }
  // Once per row tile, not per tile along the vector dim (a GEMM's loop
  // over N inside the one over M).
  hoistOutOfLoops(sums);
  SmallVector<Value> result;
  for (int64_t r = 0; r < plan.rows; ++r)
    result.push_back(sums[rowOf[r]]);
  return result;
}

SmallVector<Value> TileEmitter::addShiftedSums(OpBuilder &b, Location loc,
                                               scf::ForOp loop,
                                               ValueRange accs) {
  const DotPlan &dot = *plan.dot;
  Type i32 = b.getI32Type();
  auto vecType = VectorType::get({plan.lanes}, i32);
  Value seven = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(vecType, b.getIntegerAttr(i32, 7)));
  auto correct = [&](Value acc, Value shift) -> Value {
    if (dot.shiftedDown())
      return arith::AddIOp::create(b, loc, acc, shift);
    return arith::SubIOp::create(b, loc, acc, shift);
  };
  SmallVector<Value> result(accs.begin(), accs.end());
  if (dot.rowRange) {
    SmallVector<Value> sums =
        dot.rowSumValues.empty() ? rowSums(b, loc, loop) : dot.rowSumValues;
    for (int64_t r = 0; r < plan.rows; ++r) {
      Value shift = arith::ShLIOp::create(b, loc, sums[r], seven);
      for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
        Value &acc = result[r * plan.vectorsPerRow + j];
        acc = correct(acc, shift);
      }
    }
    return result;
  }
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
      acc = correct(acc, shift);
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
