//===- TileCopier.cpp - The copies of one packed tile ---------------------===//

#include "PackUnpackInternals.h"

#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace regtile::tile_copies {

TileCopier::TileCopier(const Relayout &r, const TargetInfo &target,
                       int64_t budget, std::optional<int64_t> tilesPerGroup)
    : r(r), tilesPerGroup(tilesPerGroup) {
  n = r.unpackedType.getRank();
  k = r.tiles.size();
  Type element = r.unpackedType.getElementType();
  unsigned bits = element.getIntOrFloatBitWidth();
  lanes = target.lanesForBitwidth(bits);
  transposed = k >= 2 && r.innerPos[k - 2] > r.innerPos[k - 1];
  if (transposed) {
    // lanes x lanes sub-blocks: one register per row, transposed in
    // registers.
    blockRows = std::min<int64_t>(lanes, r.tiles[k - 2]);
    blockCols = std::min<int64_t>(lanes, r.tiles[k - 1]);
  } else {
    // Whole rows, as many as fit in half the registers.
    int64_t cols = r.tiles[k - 1];
    int64_t vectorsPerRow = (cols + lanes - 1) / lanes;
    if (k >= 2) {
      blockCols = cols;
      blockRows =
          std::clamp<int64_t>(budget / vectorsPerRow, 1, r.tiles[k - 2]);
    } else {
      blockRows = 1;
      blockCols = std::min<int64_t>(cols, budget * lanes);
    }
  }
  uint64_t tileElements = 1;
  for (int64_t t : r.tiles)
    tileElements = llvm::SaturatingMultiply(tileElements, uint64_t(t));
  unrolled = tileElements <= uint64_t(target.numVectorRegisters) * lanes;
}

std::optional<int64_t> TileCopier::rowGroupsOuterDim() const {
  if (!r.isPack || k != 2 || n < 2 || !llvm::is_contained(r.innerPos, n - 2) ||
      !llvm::is_contained(r.innerPos, n - 1))
    return std::nullopt;
  // Groups of one row (tiles one row high, e.g. a GEMM's B panels) read
  // one run per tile anyway and scatter the stores: tile by tile is
  // better (pack A as single rows across tiles: 0.55-0.58x memcpy).
  int64_t rowDim = sourceRowTileDim();
  if (std::min(r.tiles[rowDim], blockExtent(rowDim)) < 2)
    return std::nullopt;
  // Groups of one tile are tile by tile.
  if (tilesPerGroup && *tilesPerGroup == 1)
    return std::nullopt;
  return llvm::find(r.perm, n - 1) - r.perm.begin();
}

Value TileCopier::copyRowGroups(OpBuilder &b, Location loc, ValueRange outer,
                                int64_t colOuter, Value tileCount, Value dest) {
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  std::optional<int64_t> count = getConstantIntValue(tileCount);
  if (!tilesPerGroup || (count && *count <= *tilesPerGroup))
    return copyTileGroup(b, loc, outer, colOuter, cst(0), tileCount, dest);
  // Groups of tilesPerGroup tiles (the last one may be shorter), each
  // streamed by groups of rows.
  auto loop = scf::ForOp::create(
      b, loc, cst(0), tileCount, cst(*tilesPerGroup), ValueRange{dest},
      [&](OpBuilder &gb, Location, Value first, ValueRange args) {
        Value end = arith::MinSIOp::create(
            gb, loc,
            arith::AddIOp::create(
                gb, loc, first,
                arith::ConstantIndexOp::create(gb, loc, *tilesPerGroup)),
            tileCount);
        scf::YieldOp::create(
            gb, loc,
            copyTileGroup(gb, loc, outer, colOuter, first, end, args.front()));
      });
  return loop.getResult(0);
}

Value TileCopier::copyTileGroup(OpBuilder &b, Location loc, ValueRange outer,
                                int64_t colOuter, Value first, Value end,
                                Value dest) {
  int64_t rowDim = sourceRowTileDim(), colDim = 1 - rowDim;
  return forRange(
      b, loc, r.tiles[rowDim], blockExtent(rowDim), dest,
      [&](OpBuilder &rb, OpFoldResult g0, int64_t groupRows, Value d) {
        auto cst = [&](int64_t v) -> Value {
          return arith::ConstantIndexOp::create(rb, loc, v);
        };
        auto loop = scf::ForOp::create(
            rb, loc, first, end, cst(1), ValueRange{d},
            [&](OpBuilder &cb, Location, Value t, ValueRange args) {
              SmallVector<Value> all(outer.begin(), outer.end());
              all.insert(all.begin() + colOuter, t);
              SmallVector<Value> o(n);
              for (int64_t a = 0; a < n; ++a)
                o[r.perm[a]] = all[a];
              Value w = forRange(
                  cb, loc, r.tiles[colDim], blockExtent(colDim), args.front(),
                  [&](OpBuilder &bb, OpFoldResult c0, int64_t cols, Value d2) {
                    SmallVector<OpFoldResult> off(2);
                    off[rowDim] = g0;
                    off[colDim] = c0;
                    int64_t extent[2];
                    extent[rowDim] = groupRows;
                    extent[colDim] = cols;
                    return copyBlock(bb, loc, all, o, off, extent[0], extent[1],
                                     d2);
                  });
              scf::YieldOp::create(cb, loc, w);
            });
        return loop.getResult(0);
      });
}

Value TileCopier::copyBlocks(OpBuilder &b, Location loc, int64_t j,
                             ValueRange outer, ArrayRef<Value> o,
                             SmallVectorImpl<OpFoldResult> &off, Value dest) {
  int64_t rowDim = k >= 2 ? k - 2 : -1;
  if (j < rowDim)
    return forRange(b, loc, r.tiles[j], 1, dest,
                    [&](OpBuilder &ib, OpFoldResult i, int64_t, Value d) {
                      off[j] = i;
                      return copyBlocks(ib, loc, j + 1, outer, o, off, d);
                    });
  int64_t rowsTotal = k >= 2 ? r.tiles[k - 2] : 1;
  return forRange(b, loc, rowsTotal, blockRows, dest,
                  [&](OpBuilder &rb, OpFoldResult r0, int64_t rows, Value d) {
                    return forRange(rb, loc, r.tiles[k - 1], blockCols, d,
                                    [&](OpBuilder &cb, OpFoldResult c0,
                                        int64_t cols, Value d2) {
                                      if (k >= 2)
                                        off[k - 2] = r0;
                                      off[k - 1] = c0;
                                      return copyBlock(cb, loc, outer, o, off,
                                                       rows, cols, d2);
                                    });
                  });
}

Value TileCopier::forRange(OpBuilder &b, Location loc, int64_t total,
                           int64_t step, Value dest, BlockFn fn) {
  int64_t full = total / step * step;
  if (unrolled || full / step <= 1) {
    for (int64_t i = 0; i < total; i += step)
      dest = fn(b, b.getIndexAttr(i), std::min(step, total - i), dest);
    return dest;
  }
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto loop = scf::ForOp::create(
      b, loc, cst(0), cst(full), cst(step), ValueRange{dest},
      [&](OpBuilder &lb, Location, Value iv, ValueRange args) {
        scf::YieldOp::create(lb, loc, fn(lb, iv, step, args.front()));
      });
  dest = loop.getResult(0);
  if (full < total)
    dest = fn(b, b.getIndexAttr(full), total - full, dest);
  return dest;
}

TileCopier::BlockAccess TileCopier::packedAccess(OpBuilder &b, Location loc,
                                                 ValueRange outer,
                                                 ArrayRef<OpFoldResult> tileOff,
                                                 int64_t rows,
                                                 int64_t cols) const {
  MLIRContext *ctx = b.getContext();
  BlockAccess access;
  access.indices.assign(outer.begin(), outer.end());
  for (OpFoldResult t : tileOff)
    access.indices.push_back(getValueOrCreateConstantIndexOp(b, loc, t));
  int64_t kRank = n + k;
  SmallVector<int64_t> kShape;
  SmallVector<AffineExpr> kExprs;
  if (k >= 2) {
    kShape.push_back(rows);
    kExprs.push_back(getAffineDimExpr(kRank - 2, ctx));
  }
  kShape.push_back(cols);
  kExprs.push_back(getAffineDimExpr(kRank - 1, ctx));
  access.type = VectorType::get(kShape, r.unpackedType.getElementType());
  access.map = AffineMap::get(kRank, 0, kExprs, ctx);
  access.inBounds.assign(kShape.size(), true);
  return access;
}

TileCopier::BlockAccess
TileCopier::unpackedAccess(OpBuilder &b, Location loc, ArrayRef<Value> o,
                           ArrayRef<OpFoldResult> tileOff, int64_t rows,
                           int64_t cols) const {
  MLIRContext *ctx = b.getContext();
  BlockAccess access;
  access.indices.resize(n);
  SmallVector<int64_t> tileOfDim(n, -1);
  for (int64_t j = 0; j < k; ++j)
    tileOfDim[r.innerPos[j]] = j;
  for (int64_t d = 0; d < n; ++d) {
    int64_t j = tileOfDim[d];
    if (j < 0) {
      access.indices[d] = o[d];
      continue;
    }
    Value base = arith::MulIOp::create(
        b, loc, o[d], arith::ConstantIndexOp::create(b, loc, r.tiles[j]));
    access.indices[d] =
        isConstantIntValue(tileOff[j], 0)
            ? base
            : Value(arith::AddIOp::create(
                  b, loc, base,
                  getValueOrCreateConstantIndexOp(b, loc, tileOff[j])));
  }
  // (unpacked dim, size) of each vector dim of the packed block.
  SmallVector<std::pair<int64_t, int64_t>> uDims;
  if (k >= 2)
    uDims.push_back({r.innerPos[k - 2], rows});
  uDims.push_back({r.innerPos[k - 1], cols});
  if (transposed)
    std::swap(uDims[0], uDims[1]);
  SmallVector<int64_t> uShape;
  SmallVector<AffineExpr> uExprs;
  for (auto [d, size] : uDims) {
    uShape.push_back(size);
    uExprs.push_back(getAffineDimExpr(d, ctx));
    // Whole tiles never cross a statically divisible dim.
    int64_t extent = r.unpackedType.getDimSize(d);
    access.inBounds.push_back(!ShapedType::isDynamic(extent) &&
                              extent % r.tiles[tileOfDim[d]] == 0);
  }
  access.type = VectorType::get(uShape, r.unpackedType.getElementType());
  access.map = AffineMap::get(n, 0, uExprs, ctx);
  return access;
}

Value TileCopier::leadingDimsMask(OpBuilder &b, Location loc,
                                  BlockAccess &unpacked) const {
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value inBounds;
  for (int64_t j = 0; j + 2 < k; ++j) {
    int64_t d = r.innerPos[j];
    int64_t extent = r.unpackedType.getDimSize(d);
    if (!ShapedType::isDynamic(extent) && extent % r.tiles[j] == 0)
      continue;
    Value size = tensor::DimOp::create(b, loc, r.unpacked, d);
    Value &index = unpacked.indices[d];
    Value inside =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, size);
    inBounds =
        inBounds ? arith::AndIOp::create(b, loc, inBounds, inside) : inside;
    // Masked off past the end, but keep the address valid.
    index = arith::SelectOp::create(b, loc, inside, index, cst(0));
  }
  if (!inBounds)
    return Value();
  ArrayRef<int64_t> shape = unpacked.type.getShape();
  SmallVector<Value> sizes;
  for (int64_t i = 0, e = shape.size(); i < e; ++i)
    sizes.push_back(i == 0 ? Value(arith::SelectOp::create(
                                 b, loc, inBounds, cst(shape[0]), cst(0)))
                           : cst(shape[i]));
  return vector::CreateMaskOp::create(
      b, loc, VectorType::get(shape, b.getI1Type()), sizes);
}

Value TileCopier::copyBlock(OpBuilder &b, Location loc, ValueRange outer,
                            ArrayRef<Value> o, ArrayRef<OpFoldResult> tileOff,
                            int64_t rows, int64_t cols, Value dest) {
  Type element = r.unpackedType.getElementType();
  BlockAccess kAccess = packedAccess(b, loc, outer, tileOff, rows, cols);
  BlockAccess uAccess = unpackedAccess(b, loc, o, tileOff, rows, cols);
  Value mask = leadingDimsMask(b, loc, uAccess);
  // Reads `from`, transposed if the tile is, and writes it to `dest`.
  auto copy = [&](const BlockAccess &from, Value source, Value pad,
                  Value readMask, const BlockAccess &to, Value writeMask) {
    Value v = vector::TransferReadOp::create(
        b, loc, from.type, source, from.indices, AffineMapAttr::get(from.map),
        pad, readMask, b.getBoolArrayAttr(from.inBounds));
    if (transposed)
      v = vector::TransposeOp::create(b, loc, v, ArrayRef<int64_t>{1, 0});
    return vector::TransferWriteOp::create(
               b, loc, v, dest, to.indices, AffineMapAttr::get(to.map),
               writeMask, b.getBoolArrayAttr(to.inBounds))
        .getResult();
  };
  if (r.isPack) {
    Value pad =
        r.padding
            ? r.padding
            : Value(arith::ConstantOp::create(b, loc, b.getZeroAttr(element)));
    return copy(uAccess, r.unpacked, pad, mask, kAccess, Value());
  }
  Value poison = ub::PoisonOp::create(b, loc, element);
  return copy(kAccess, r.packed, poison, Value(), uAccess, mask);
}

} // namespace regtile::tile_copies
