//===- CacheReduceEmitter.cpp - The register tile's code --------------===//

#include "CacheReduceInternals.h"

#include "regtile/Patterns/LoopUtils.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallBitVector.h"

namespace regtile::cache_reduce {
void TileEmitter::computeRowIndices(OpBuilder &b, Location loc, Value tile,
                                    AffineMap outMap) {
  rowExtents.clear();
  for (unsigned k = 0; k < plan.rowDims.size(); ++k) {
    unsigned pos = *outMap.getResultPosition(
        getAffineDimExpr(plan.rowDims[k], b.getContext()));
    rowExtents.push_back(plan.rowStatic[k] ? Value()
                                           : Value(linalg::createOrFoldDimOp(
                                                 b, loc, tile, pos)));
  }
  readRowIndex.assign(plan.rows, {});
  exactRowIndex.assign(plan.rows, {});
  for (int64_t r = 0; r < plan.rows; ++r) {
    SmallVector<int64_t> multi = delinearize(r);
    for (unsigned k = 0; k < multi.size(); ++k) {
      Value exact = arith::ConstantIndexOp::create(b, loc, multi[k]);
      exactRowIndex[r].push_back(exact);
      if (plan.rowStatic[k]) {
        readRowIndex[r].push_back(exact);
        continue;
      }
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value last = arith::SubIOp::create(b, loc, rowExtents[k], one);
      readRowIndex[r].push_back(arith::MinSIOp::create(b, loc, exact, last));
    }
  }
}

SmallVector<Value> TileEmitter::outIndices(OpBuilder &b, Location loc,
                                           AffineMap outMap, int64_t r,
                                           int64_t j, bool forRead) {
  SmallVector<Value> indices;
  for (unsigned i = 0, e = outMap.getNumResults(); i < e; ++i) {
    unsigned d = outMap.getDimPosition(i);
    if (d == plan.vecDim) {
      indices.push_back(arith::ConstantIndexOp::create(b, loc, j * plan.lanes));
      continue;
    }
    unsigned k = llvm::find(plan.rowDims, d) - plan.rowDims.begin();
    indices.push_back(forRead ? readRowIndex[r][k] : exactRowIndex[r][k]);
  }
  return indices;
}

SmallVector<Value> TileEmitter::initialAccumulators(OpBuilder &b, Location loc,
                                                    Value tile,
                                                    AffineMap outMap) {
  SmallVector<Value> accs;
  if (plan.broadcast) {
    linalg::BroadcastOp bc = plan.broadcast;
    Value input = bc.getInput();
    Value pad = zeroOf(b, loc, plan.accType);
    SmallVector<Value> rowVectors;
    for (int64_t j = 0; j < plan.vectorsPerRow; ++j)
      rowVectors.push_back(
          transferRead(b, loc, input,
                       {arith::ConstantIndexOp::create(b, loc, j * plan.lanes)},
                       accVecType(), pad, vectorInBounds(j)));
    for (int64_t r = 0; r < plan.rows; ++r)
      llvm::append_range(accs, rowVectors);
    return accs;
  }
  if (plan.fillValue && !plan.firstIterationOf.empty()) {
    // The fill value at the first iteration of every loop that
    // accumulates into the tile, else the tile: not loaded then.
    Value first;
    for (scf::ForOp l : plan.firstIterationOf) {
      Value isFirst =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                l.getInductionVar(), l.getLowerBound());
      first = first ? Value(arith::AndIOp::create(b, loc, first, isFirst))
                    : isFirst;
    }
    SmallVector<Type> types(plan.rows * plan.vectorsPerRow, accVecType());
    auto ifOp = scf::IfOp::create(b, loc, types, first, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value splat =
        vector::BroadcastOp::create(b, loc, accVecType(), plan.fillValue);
    scf::YieldOp::create(b, loc, SmallVector<Value>(types.size(), splat));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, loadTile(b, loc, tile, outMap));
    return SmallVector<Value>(ifOp.getResults());
  }
  if (plan.fillValue || plan.addAtEnd) {
    Value splat = plan.fillValue ? Value(vector::BroadcastOp::create(
                                       b, loc, accVecType(), plan.fillValue))
                                 : Value(arith::ConstantOp::create(
                                       b, loc, b.getZeroAttr(accVecType())));
    accs.assign(plan.rows * plan.vectorsPerRow, splat);
    return accs;
  }
  return loadTile(b, loc, tile, outMap);
}

SmallVector<Value> TileEmitter::loadTile(OpBuilder &b, Location loc, Value tile,
                                         AffineMap outMap) {
  SmallVector<Value> vectors;
  Value pad = zeroOf(b, loc, plan.accType);
  for (int64_t r = 0; r < plan.rows; ++r)
    for (int64_t j = 0; j < plan.vectorsPerRow; ++j)
      vectors.push_back(transferRead(b, loc, tile,
                                     outIndices(b, loc, outMap, r, j, true),
                                     accVecType(), pad, vectorInBounds(j)));
  return vectors;
}

SmallVector<Value> TileEmitter::addTile(OpBuilder &b, Location loc, Value tile,
                                        AffineMap outMap, ValueRange accs) {
  SmallVector<Value> loaded = loadTile(b, loc, tile, outMap);
  SmallVector<Value> sums;
  for (auto [acc, t] : llvm::zip(accs, loaded))
    sums.push_back(isa<FloatType>(plan.accType)
                       ? Value(arith::AddFOp::create(b, loc, t, acc))
                       : Value(arith::AddIOp::create(b, loc, t, acc)));
  return sums;
}

Value TileEmitter::transferRead(OpBuilder &b, Location loc, Value source,
                                ArrayRef<Value> indices, VectorType type,
                                Value pad, bool inBounds,
                                std::optional<unsigned> pos) {
  unsigned rank = cast<ShapedType>(source.getType()).getRank();
  AffineMap map = AffineMap::get(
      rank, 0, getAffineDimExpr(pos ? *pos : rank - 1, b.getContext()));
  return vector::TransferReadOp::create(
      b, loc, type, source, indices, AffineMapAttr::get(map), pad,
      /*mask=*/Value(), b.getBoolArrayAttr({inBounds}));
}

SmallVector<Value> TileEmitter::inputIndices(OpBuilder &b, Location loc,
                                             AffineMap map, int64_t r,
                                             int64_t j,
                                             ArrayRef<Value> redIvs) {
  // Loop-dim values for row r and vector j (vector dim: j * lanes).
  SmallVector<OpFoldResult> dims(plan.numLoops, b.getIndexAttr(0));
  for (unsigned k = 0; k < plan.rowDims.size(); ++k)
    dims[plan.rowDims[k]] = readRowIndex[r][k];
  dims[plan.vecDim] = b.getIndexAttr(j * plan.lanes);
  for (unsigned k = 0; k < plan.redDims.size(); ++k)
    dims[plan.redDims[k]] = redIvs[k];
  SmallVector<Value> indices;
  for (AffineExpr e : map.getResults()) {
    OpFoldResult idx = affine::makeComposedFoldedAffineApply(
        b, loc, AffineMap::get(plan.numLoops, 0, e), dims);
    indices.push_back(getValueOrCreateConstantIndexOp(b, loc, idx));
  }
  return indices;
}

SmallVector<int64_t> TileEmitter::rowKey(AffineMap map, int64_t r) const {
  SmallVector<int64_t> multi = delinearize(r);
  for (unsigned k = 0; k < multi.size(); ++k)
    if (!map.isFunctionOfDim(plan.rowDims[k]))
      multi[k] = 0;
  return multi;
}

TileEmitter::InputVectors
TileEmitter::loadVectoredInputs(OpBuilder &b, Location loc,
                                ArrayRef<Value> redIvs) {
  InputVectors vectors;
  SmallVector<OpOperand *> inputs = op.getDpsInputOperands();
  for (unsigned i = 0; i < inputs.size(); ++i) {
    if (plan.inputKinds[i] != InputKind::Vectored)
      continue;
    AffineMap map = op.getMatchingIndexingMap(inputs[i]);
    Type elt = getElementTypeOrSelf(inputs[i]->get().getType());
    VectorType type = VectorType::get({plan.lanes}, elt);
    for (int64_t r = 0; r < plan.rows; ++r)
      for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
        auto key = std::make_pair(i, std::make_pair(rowKey(map, r), j));
        if (vectors.count(key))
          continue;
        vectors[key] = transferRead(
            b, loc, inputs[i]->get(), inputIndices(b, loc, map, r, j, redIvs),
            type, zeroOf(b, loc, elt), vectorInBounds(j),
            plan.vectorPos.lookup(inputs[i]->getOperandNumber()));
      }
  }
  return vectors;
}

SmallVector<Value> TileEmitter::rowInputs(OpBuilder &b, Location loc, int64_t r,
                                          ArrayRef<Value> redIvs,
                                          InputScalars &scalars) {
  SmallVector<OpOperand *> inputs = op.getDpsInputOperands();
  SmallVector<Value> rowValues(inputs.size());
  for (unsigned i = 0; i < inputs.size(); ++i) {
    Value source = inputs[i]->get();
    Type elt = getElementTypeOrSelf(source.getType());
    VectorType type = VectorType::get({plan.lanes}, elt);
    if (plan.inputKinds[i] == InputKind::Scalar) {
      rowValues[i] = vector::BroadcastOp::create(b, loc, type, source);
      continue;
    }
    if (plan.inputKinds[i] != InputKind::Broadcast)
      continue;
    AffineMap map = op.getMatchingIndexingMap(inputs[i]);
    Value &cached = scalars[std::make_pair(i, rowKey(map, r))];
    if (!cached) {
      SmallVector<Value> idx = inputIndices(b, loc, map, r, 0, redIvs);
      Value scalar = plan.onTensors
                         ? Value(tensor::ExtractOp::create(b, loc, source, idx))
                         : Value(memref::LoadOp::create(b, loc, source, idx));
      cached = vector::BroadcastOp::create(b, loc, type, scalar);
    }
    rowValues[i] = cached;
  }
  return rowValues;
}

Value TileEmitter::emitBody(OpBuilder &b, Location loc, IRMapping &map) {
  Block &body = op->getRegion(0).front();
  for (Operation &bodyOp : body.without_terminator()) {
    if (plan.fusedMuls.contains(&bodyOp))
      continue;
    // A mul fused into its add: one FMA.
    arith::MulFOp mul;
    Value other;
    auto add = dyn_cast<arith::AddFOp>(&bodyOp);
    for (unsigned k = 0; add && k < 2 && !mul; ++k) {
      auto m = add->getOperand(k).getDefiningOp<arith::MulFOp>();
      if (m && plan.fusedMuls.contains(m)) {
        mul = m;
        other = add->getOperand(1 - k);
      }
    }
    if (!mul) {
      vectorizeElementwise(b, loc, map, bodyOp);
      continue;
    }
    map.map(add.getResult(),
            vector::FMAOp::create(b, loc, vectorized(b, loc, map, mul.getLhs()),
                                  vectorized(b, loc, map, mul.getRhs()),
                                  vectorized(b, loc, map, other)));
  }
  return vectorized(b, loc, map, body.getTerminator()->getOperand(0));
}

SmallVector<Value> TileEmitter::step(OpBuilder &b, Location loc,
                                     ArrayRef<Value> redIvs, ValueRange accs) {
  if (plan.dot)
    return dotStep(b, loc, redIvs, accs);
  Block &body = op->getRegion(0).front();
  SmallVector<OpOperand *> inputs = op.getDpsInputOperands();
  // Vectored inputs first: the block of loads.
  InputVectors vectors = loadVectoredInputs(b, loc, redIvs);
  InputScalars scalars;
  SmallVector<Value> next;
  for (int64_t r = 0; r < plan.rows; ++r) {
    SmallVector<Value> rowValues = rowInputs(b, loc, r, redIvs, scalars);
    for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
      IRMapping map;
      for (unsigned i = 0; i < inputs.size(); ++i) {
        Value v = rowValues[i];
        if (plan.inputKinds[i] == InputKind::Vectored)
          v = vectors[std::make_pair(
              i, std::make_pair(rowKey(op.getMatchingIndexingMap(inputs[i]), r),
                                j))];
        map.map(body.getArgument(i), v);
      }
      map.map(body.getArgument(inputs.size()),
              accs[r * plan.vectorsPerRow + j]);
      next.push_back(emitBody(b, loc, map));
    }
  }
  return next;
}

void TileEmitter::vectorizeElementwise(OpBuilder &b, Location loc,
                                       IRMapping &map, Operation &op) {
  SmallVector<Value> operands;
  for (Value v : op.getOperands())
    operands.push_back(vectorized(b, loc, map, v));
  OperationState state(loc, op.getName());
  state.addOperands(operands);
  state.addTypes(VectorType::get({plan.lanes}, op.getResult(0).getType()));
  state.addAttributes(op.getAttrs());
  map.map(op.getResult(0), b.create(state)->getResult(0));
}

Value TileEmitter::store(OpBuilder &b, Location loc, Value tile,
                         AffineMap outMap, ValueRange accs) {
  bool tensor = isa<RankedTensorType>(tile.getType());
  unsigned rank = outMap.getNumResults();
  AffineMapAttr perm = AffineMapAttr::get(
      AffineMap::getMinorIdentityMap(rank, 1, b.getContext()));
  VectorType maskType = VectorType::get({plan.lanes}, b.getI1Type());
  Value vecExtent;
  if (!plan.vecStatic) {
    unsigned pos = *outMap.getResultPosition(
        getAffineDimExpr(plan.vecDim, b.getContext()));
    vecExtent = linalg::createOrFoldDimOp(b, loc, tile, pos);
  }
  for (int64_t r = 0; r < plan.rows; ++r) {
    // Whether every dynamic row index is within its extent.
    Value inRange;
    SmallVector<int64_t> multi = delinearize(r);
    for (unsigned k = 0; k < multi.size(); ++k) {
      if (plan.rowStatic[k] || multi[k] == 0)
        continue;
      Value c = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                      exactRowIndex[r][k], rowExtents[k]);
      inRange = inRange ? arith::AndIOp::create(b, loc, inRange, c) : c;
    }
    for (int64_t j = 0; j < plan.vectorsPerRow; ++j) {
      Value mask;
      if (inRange || !vectorInBounds(j)) {
        // Lanes to store: what is left of the vector dim (or all lanes),
        // none when the row does not exist.
        Value lanes = arith::ConstantIndexOp::create(b, loc, plan.lanes);
        if (vecExtent) {
          Value start = arith::ConstantIndexOp::create(b, loc, j * plan.lanes);
          Value left = arith::SubIOp::create(b, loc, vecExtent, start);
          lanes = arith::MinSIOp::create(b, loc, left, lanes);
        } else if (!vectorInBounds(j)) {
          lanes = arith::ConstantIndexOp::create(
              b, loc, plan.vecBound - j * plan.lanes);
        }
        if (inRange)
          lanes = arith::SelectOp::create(
              b, loc, inRange, lanes,
              arith::ConstantIndexOp::create(b, loc, 0));
        mask =
            vector::CreateMaskOp::create(b, loc, maskType, ValueRange{lanes});
      }
      auto w = vector::TransferWriteOp::create(
          b, loc, accs[r * plan.vectorsPerRow + j], tile,
          outIndices(b, loc, outMap, r, j, /*forRead=*/true), perm, mask,
          b.getBoolArrayAttr({vectorInBounds(j)}));
      if (tensor)
        tile = w.getResult();
    }
  }
  return tensor ? tile : Value();
}

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
    // A shifted broadcast group is a + 128: unsigned.
    if (dot.body.unsignedInput[input] ||
        (dot.shifted && input == dot.broadcast))
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
  Type i32 = b.getI32Type();
  Value word =
      vector::BitCastOp::create(b, loc, VectorType::get({1}, i32), group);
  Value scalar = vector::ExtractOp::create(b, loc, word, 0);
  Value splat = vector::BroadcastOp::create(
      b, loc, VectorType::get({plan.lanes}, i32), scalar);
  auto groupsType = VectorType::get({plan.lanes * dot.group}, elt);
  Value groups = vector::BitCastOp::create(b, loc, groupsType, splat);
  if (!dot.shifted)
    return groups;
  // s8 to u8 + 128: flip the sign bit.
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
  // sums[others..., NR] = sum over the groups dim and each group of the
  // cache, per column: vectors of `lanes` columns, each a sum of 4-byte
  // dot products with ones (vpdpbusd).
  SmallVector<unsigned> others;
  for (unsigned d = 0; d + 2 < rank; ++d)
    if (d != dot.groupTileDim)
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
  // Loops over the other dims (outer) carrying the sums; the groups loop
  // innermost, carrying the vectors.
  SmallVector<Value> at(rank - 1);
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
    Value ub = tensor::DimOp::create(nb, loc, cache, dot.groupTileDim);
    SmallVector<Value> inits(
        vectors, arith::ConstantOp::create(nb, loc, nb.getZeroAttr(accType)));
    auto groups = scf::ForOp::create(
        nb, loc, zero, ub, one, inits,
        [&](OpBuilder &lb, Location ll, Value iv, ValueRange accs) {
          at[dot.groupTileDim] = iv;
          SmallVector<Value> next;
          for (int64_t j = 0; j < vectors; ++j) {
            at[rank - 2] = arith::ConstantIndexOp::create(
                lb, ll, j * plan.lanes * dot.group);
            AffineMap map = AffineMap::get(
                rank - 1, 0, lb.getAffineDimExpr(rank - 2), lb.getContext());
            Value v = vector::TransferReadOp::create(
                lb, ll, bytesType, flat, at, AffineMapAttr::get(map), pad,
                /*mask=*/Value(), lb.getBoolArrayAttr({true}));
            Value grid = vector::ShapeCastOp::create(lb, ll, gridType, v);
            Value wide = arith::ExtSIOp::create(lb, ll, wideType, grid);
            next.push_back(vector::MultiDimReductionOp::create(
                lb, ll, wide, accs[j], ArrayRef<bool>{false, true},
                vector::CombiningKind::ADD));
          }
          scf::YieldOp::create(lb, ll, next);
        });
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
                   nb, loc, groups.getResult(j), result, wi,
                   AffineMapAttr::get(wmap), /*mask=*/Value(),
                   nb.getBoolArrayAttr({true}))
                   .getResult();
    }
    return result;
  };
  Value result = nest(b, 0, sums);
  (*dot.columnSums)[cache] = result;
  return result;
}

SmallVector<Value> TileEmitter::subtractShiftedSums(OpBuilder &b, Location loc,
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
    if (d != dot.groupTileDim)
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
      acc = arith::SubIOp::create(b, loc, acc, shift);
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

/// Nested loops over the op's reduction dims (extents from its operands),
/// carrying the accumulators; `step` at the innermost point. `innermost` is
/// set to the innermost loop built (none if every extent is 1).
SmallVector<Value> emitReductionNest(OpBuilder &b, Location loc,
                                     linalg::LinalgOp op, const Plan &plan,
                                     TileEmitter &emitter, ValueRange accs,
                                     scf::ForOp &innermost) {
  SmallVector<OpFoldResult> extents;
  SmallVector<int64_t> staticRanges = op.getStaticLoopRanges();
  for (unsigned d : plan.redDims) {
    // The dot dim is summed by each step: one group.
    if (plan.dot && d == plan.dot->dim) {
      extents.push_back(b.getIndexAttr(1));
      continue;
    }
    if (!ShapedType::isDynamic(staticRanges[d])) {
      extents.push_back(b.getIndexAttr(staticRanges[d]));
      continue;
    }
    OpFoldResult extent;
    for (OpOperand &operand : op->getOpOperands()) {
      if (extent || !isa<ShapedType>(operand.get().getType()))
        continue;
      AffineMap map = op.getMatchingIndexingMap(&operand);
      for (unsigned i = 0, e = map.getNumResults(); i < e; ++i)
        if (auto dim = dyn_cast<AffineDimExpr>(map.getResult(i)))
          if (dim.getPosition() == d) {
            extent = linalg::createOrFoldDimOp(b, loc, operand.get(), i);
            break;
          }
    }
    extents.push_back(extent);
  }
  SmallVector<Value> ivs;
  std::function<SmallVector<Value>(OpBuilder &, unsigned, ValueRange)> nest =
      [&](OpBuilder &nb, unsigned level, ValueRange carried) {
        if (level == extents.size())
          return emitter.step(nb, loc, ivs, carried);
        std::optional<int64_t> c = getConstantIntValue(extents[level]);
        if (c && *c == 1) {
          ivs.push_back(arith::ConstantIndexOp::create(nb, loc, 0));
          SmallVector<Value> r = nest(nb, level + 1, carried);
          ivs.pop_back();
          return r;
        }
        Value zero = arith::ConstantIndexOp::create(nb, loc, 0);
        Value one = arith::ConstantIndexOp::create(nb, loc, 1);
        Value ub = getValueOrCreateConstantIndexOp(nb, loc, extents[level]);
        auto loop = scf::ForOp::create(
            nb, loc, zero, ub, one, carried,
            [&](OpBuilder &lb, Location l, Value iv, ValueRange iterArgs) {
              ivs.push_back(iv);
              SmallVector<Value> r = nest(lb, level + 1, iterArgs);
              ivs.pop_back();
              scf::YieldOp::create(lb, l, r);
            });
        // Loops complete inside out: the first is the innermost.
        if (!innermost)
          innermost = loop;
        return SmallVector<Value>(loop.getResults());
      };
  return nest(b, 0, accs);
}

} // namespace regtile::cache_reduce
