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

Value TileEmitter::readAlongTile(OpBuilder &b, Location loc,
                                 linalg::GenericOp e, unsigned i,
                                 AffineMap outMap, int64_t r, int64_t j) {
  // The epilogue's dims are the output tile's: its map over the op's loops.
  OpOperand *in = e.getDpsInputOperand(i);
  AffineMap emap = e.getMatchingIndexingMap(in);
  SmallVector<AffineExpr> opDims;
  for (unsigned d = 0, n = outMap.getNumResults(); d < n; ++d)
    opDims.push_back(b.getAffineDimExpr(outMap.getDimPosition(d)));
  AffineMap map = emap.replaceDimsAndSymbols(opDims, {}, plan.numLoops, 0);
  // Read across the vector dim (a per-row bias): one value per row.
  bool perRow = !map.isFunctionOfDim(plan.vecDim);
  Value &v = epilogueReads[std::make_pair(
      i, std::make_pair(rowKey(map, r), perRow ? 0 : j))];
  if (v)
    return v;
  SmallVector<Value> zeros(plan.redDims.size(),
                           arith::ConstantIndexOp::create(b, loc, 0));
  Value source = in->get();
  Type elt = getElementTypeOrSelf(source.getType());
  VectorType type = VectorType::get({plan.lanes}, elt);
  SmallVector<Value> idx = inputIndices(b, loc, map, r, j, zeros);
  if (perRow) {
    Value scalar = isa<RankedTensorType>(source.getType())
                       ? Value(tensor::ExtractOp::create(b, loc, source, idx))
                       : Value(memref::LoadOp::create(b, loc, source, idx));
    v = vector::BroadcastOp::create(b, loc, type, scalar);
    return v;
  }
  v = transferRead(b, loc, source, idx, type, zeroOf(b, loc, elt),
                   vectorInBounds(j));
  return v;
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
        // The body is built once the loop is in the IR: affine folding
        // of indices inspects the induction variable's parent op.
        auto loop = scf::ForOp::create(nb, loc, zero, ub, one, carried);
        {
          OpBuilder::InsertionGuard guard(nb);
          Block *body = loop.getBody();
          if (!body->empty())
            body->getTerminator()->erase();
          nb.setInsertionPointToEnd(body);
          ivs.push_back(loop.getInductionVar());
          SmallVector<Value> r = nest(nb, level + 1, loop.getRegionIterArgs());
          ivs.pop_back();
          scf::YieldOp::create(nb, loc, r);
        }
        // Loops complete inside out: the first is the innermost.
        if (!innermost)
          innermost = loop;
        return SmallVector<Value>(loop.getResults());
      };
  return nest(b, 0, accs);
}

} // namespace regtile::cache_reduce
