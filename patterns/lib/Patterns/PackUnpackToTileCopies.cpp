//===- PackUnpackTileCopies.cpp - linalg.pack/unpack as tile copies -------===//

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

using namespace mlir;

namespace regtile {
namespace {

/// The relayout, in terms of an unpacked tensor U (rank n) and a packed
/// tensor K (rank n + k): K[outer (permuted by `perm`), inner] = U[...].
struct Relayout {
  bool isPack;
  Value unpacked, packed; // the values read from / written to
  Value dest;             // the DPS init (packed for pack, unpacked for unpack)
  RankedTensorType unpackedType, packedType;
  SmallVector<int64_t> innerPos, tiles, perm;
  Value padding; // pack only; may be null
  Operation *op;
};

LogicalResult getRelayout(Operation *op, Relayout &r, std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  r.op = op;
  if (auto pack = dyn_cast<linalg::PackOp>(op)) {
    r.isPack = true;
    r.unpacked = pack.getSource();
    r.packed = r.dest = pack.getDest();
    r.innerPos.assign(pack.getInnerDimsPos().begin(),
                      pack.getInnerDimsPos().end());
    r.tiles.assign(pack.getStaticInnerTiles().begin(),
                   pack.getStaticInnerTiles().end());
    r.perm.assign(pack.getOuterDimsPerm().begin(),
                  pack.getOuterDimsPerm().end());
    r.padding = pack.getPaddingValue();
  } else if (auto unpack = dyn_cast<linalg::UnPackOp>(op)) {
    r.isPack = false;
    r.packed = unpack.getSource();
    r.unpacked = r.dest = unpack.getDest();
    r.innerPos.assign(unpack.getInnerDimsPos().begin(),
                      unpack.getInnerDimsPos().end());
    r.tiles.assign(unpack.getStaticInnerTiles().begin(),
                   unpack.getStaticInnerTiles().end());
    r.perm.assign(unpack.getOuterDimsPerm().begin(),
                  unpack.getOuterDimsPerm().end());
  } else {
    return fail("expected a linalg.pack or linalg.unpack, got '" +
                op->getName().getStringRef() + "'");
  }
  if (!isa<RankedTensorType>(r.unpacked.getType()) ||
      !isa<RankedTensorType>(r.packed.getType()))
    return fail("expected ranked tensor operands");
  r.unpackedType = cast<RankedTensorType>(r.unpacked.getType());
  r.packedType = cast<RankedTensorType>(r.packed.getType());
  if (r.tiles.empty())
    return fail("no inner tiles (a relayout without tiles is a copy)");
  if (llvm::any_of(r.tiles, ShapedType::isDynamic))
    return fail("dynamic inner tile sizes are not supported");
  Type element = r.unpackedType.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8)
    return fail("unsupported element type " +
                llvm::formatv("{0}", element).str() +
                " (expected an integer or float of 8 bits or more)");
  if (r.perm.empty())
    r.perm = llvm::to_vector(llvm::seq<int64_t>(0, r.unpackedType.getRank()));
  return success();
}

/// Emits the tile copies of one outer tile.
class TileCopier {
public:
  TileCopier(const Relayout &r, const TargetInfo &target, int64_t budget,
             std::optional<int64_t> tilesPerGroup = std::nullopt)
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

  /// Copies the tile at packed outer indices `outer` (in packed order);
  /// `dest` is the tensor being written; returns its new value. A tile that
  /// fits in the register file is copied as straight-line blocks; a larger
  /// one as loops whose body is one block, so the IR grows with the
  /// register block, not with the tile.
  Value copyTile(OpBuilder &b, Location loc, ValueRange outer, Value dest) {
    // Unpacked outer index of each unpacked dim.
    SmallVector<Value> o(n);
    for (int64_t a = 0; a < n; ++a)
      o[r.perm[a]] = outer[a];
    SmallVector<OpFoldResult> offsets(k, b.getIndexAttr(0));
    return copyBlocks(b, loc, 0, outer, o, offsets, dest);
  }

  /// The packed outer dim whose tiles step along the unpacked innermost
  /// dim, if this is a pack whose two tile dims are the unpacked layout's
  /// two innermost dims (in either order): consecutive tiles along that
  /// outer dim are then consecutive in the source's rows, and
  /// copyRowGroups streams them.
  std::optional<int64_t> rowGroupsOuterDim() const {
    if (!r.isPack || k != 2 || n < 2 ||
        !llvm::is_contained(r.innerPos, n - 2) ||
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

  /// The tiles along packed outer dim `colOuter` (`tileCount` of them; the
  /// other outer indices, in packed order, are `outer`) by groups of source
  /// rows: in groups of `tilesPerGroup` consecutive tiles, for each group of
  /// rows of the tiles (the register block's extent along the source's
  /// rows), the group of every tile of the group, left to right, in
  /// register blocks. The source is read as one sequential run per row of
  /// the group and group of tiles instead of one short run per row and tile
  /// (plain C++ on Zen 4: pack A 512x1024 in 32x32 tiles 0.86-0.89x memcpy
  /// in groups of 4-8 rows across the whole row, 0.93x across groups of 4
  /// tiles, 0.75x tile by tile; the transposing pack B 1024x512 0.83x in
  /// groups of 16 rows through 16x16 transposes, 0.74x tile by tile).
  Value copyRowGroups(OpBuilder &b, Location loc, ValueRange outer,
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
          scf::YieldOp::create(gb, loc,
                               copyTileGroup(gb, loc, outer, colOuter, first,
                                             end, args.front()));
        });
    return loop.getResult(0);
  }

private:
  /// Tiles [first, end) along packed outer dim `colOuter` by groups of
  /// source rows (see copyRowGroups).
  Value copyTileGroup(OpBuilder &b, Location loc, ValueRange outer,
                      int64_t colOuter, Value first, Value end, Value dest) {
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
                Value w = forRange(cb, loc, r.tiles[colDim],
                                   blockExtent(colDim), args.front(),
                                   [&](OpBuilder &bb, OpFoldResult c0,
                                       int64_t cols, Value d2) {
                                     SmallVector<OpFoldResult> off(2);
                                     off[rowDim] = g0;
                                     off[colDim] = c0;
                                     int64_t extent[2];
                                     extent[rowDim] = groupRows;
                                     extent[colDim] = cols;
                                     return copyBlock(bb, loc, all, o, off,
                                                      extent[0], extent[1], d2);
                                   });
                scf::YieldOp::create(cb, loc, w);
              });
          return loop.getResult(0);
        });
  }

  /// With two tile dims covering the source's two innermost dims: the tile
  /// dim along the source's rows (0, or 1 if the tiles are transposed).
  int64_t sourceRowTileDim() const { return r.innerPos[0] == n - 2 ? 0 : 1; }
  /// The register block's extent along tile dim `j` of two (blockRows x
  /// blockCols covers tile dims k-2 x k-1).
  int64_t blockExtent(int64_t j) const {
    return j == 0 ? blockRows : blockCols;
  }

  /// The blocks of tile dims `j` and inner: leading tile dims one index at a
  /// time, the last two in blocks of blockRows x blockCols (the last one
  /// only for k == 1), remainders in smaller blocks.
  Value copyBlocks(OpBuilder &b, Location loc, int64_t j, ValueRange outer,
                   ArrayRef<Value> o, SmallVectorImpl<OpFoldResult> &off,
                   Value dest) {
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

  using BlockFn =
      llvm::function_ref<Value(OpBuilder &, OpFoldResult, int64_t, Value)>;

  /// Calls `fn(offset, size, dest)` for [0, total) in steps of `step` and
  /// a smaller remainder: as straight-line code if the tile is unrolled,
  /// else the full steps as one scf.for carrying `dest` (the remainder,
  /// whose size is static, after it).
  Value forRange(OpBuilder &b, Location loc, int64_t total, int64_t step,
                 Value dest, BlockFn fn) {
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

  Value copyBlock(OpBuilder &b, Location loc, ValueRange outer,
                  ArrayRef<Value> o, ArrayRef<OpFoldResult> tileOff,
                  int64_t rows, int64_t cols, Value dest) {
    MLIRContext *ctx = b.getContext();
    Type element = r.unpackedType.getElementType();
    auto cst = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };

    // Packed side: [outer..., tileOff...], a rows x cols block of the tile's
    // two innermost dims, always in bounds.
    SmallVector<Value> kIdx(outer.begin(), outer.end());
    for (OpFoldResult t : tileOff)
      kIdx.push_back(getValueOrCreateConstantIndexOp(b, loc, t));
    int64_t kRank = n + k;
    SmallVector<int64_t> kShape;
    SmallVector<AffineExpr> kExprs;
    if (k >= 2) {
      kShape.push_back(rows);
      kExprs.push_back(getAffineDimExpr(kRank - 2, ctx));
    }
    kShape.push_back(cols);
    kExprs.push_back(getAffineDimExpr(kRank - 1, ctx));
    VectorType kType = VectorType::get(kShape, element);
    AffineMap kMap = AffineMap::get(kRank, 0, kExprs, ctx);
    SmallVector<bool> kInBounds(kShape.size(), true);

    // Unpacked side: the same elements; its vector dims follow the unpacked
    // dims' order (transposed relative to the packed block if the tile is).
    SmallVector<Value> uIdx(n);
    SmallVector<int64_t> tileOfDim(n, -1);
    for (int64_t j = 0; j < k; ++j)
      tileOfDim[r.innerPos[j]] = j;
    for (int64_t d = 0; d < n; ++d) {
      int64_t j = tileOfDim[d];
      if (j < 0) {
        uIdx[d] = o[d];
        continue;
      }
      Value base = arith::MulIOp::create(b, loc, o[d], cst(r.tiles[j]));
      uIdx[d] = isConstantIntValue(tileOff[j], 0)
                    ? base
                    : Value(arith::AddIOp::create(
                          b, loc, base,
                          getValueOrCreateConstantIndexOp(b, loc, tileOff[j])));
    }
    // (unpacked dim, size) of each vector dim of the packed block.
    SmallVector<std::pair<int64_t, int64_t>> blockDims;
    if (k >= 2)
      blockDims.push_back({r.innerPos[k - 2], rows});
    blockDims.push_back({r.innerPos[k - 1], cols});
    SmallVector<std::pair<int64_t, int64_t>> uDims = blockDims;
    if (transposed)
      std::swap(uDims[0], uDims[1]);
    SmallVector<int64_t> uShape;
    SmallVector<AffineExpr> uExprs;
    SmallVector<bool> uInBounds;
    for (auto [d, size] : uDims) {
      uShape.push_back(size);
      uExprs.push_back(getAffineDimExpr(d, ctx));
      // Whole tiles never cross a statically divisible dim.
      int64_t extent = r.unpackedType.getDimSize(d);
      uInBounds.push_back(!ShapedType::isDynamic(extent) &&
                          extent % r.tiles[tileOfDim[d]] == 0);
    }
    VectorType uType = VectorType::get(uShape, element);
    AffineMap uMap = AffineMap::get(n, 0, uExprs, ctx);

    // Leading tile dims (k > 2) are not vector dims: a block there is at one
    // index, which is past the end of a partial tile unless the dim divides.
    // Such a block is all padding (pack) or not written (unpack): a mask
    // that is all-false past the end. (Masks, not scf.if on tensors: chains
    // of those make one-shot bufferization's analysis very slow.)
    Value inBounds;
    for (int64_t j = 0; j + 2 < k; ++j) {
      int64_t d = r.innerPos[j];
      int64_t extent = r.unpackedType.getDimSize(d);
      if (!ShapedType::isDynamic(extent) && extent % r.tiles[j] == 0)
        continue;
      Value size = tensor::DimOp::create(b, loc, r.unpacked, d);
      Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           uIdx[d], size);
      inBounds =
          inBounds ? arith::AndIOp::create(b, loc, inBounds, inside) : inside;
      // Masked off past the end, but keep the address valid.
      uIdx[d] = arith::SelectOp::create(b, loc, inside, uIdx[d], cst(0));
    }
    Value mask;
    if (inBounds) {
      SmallVector<Value> sizes;
      for (int64_t i = 0, e = uShape.size(); i < e; ++i)
        sizes.push_back(i == 0 ? Value(arith::SelectOp::create(
                                     b, loc, inBounds, cst(uShape[0]), cst(0)))
                               : cst(uShape[i]));
      mask = vector::CreateMaskOp::create(
          b, loc, VectorType::get(uShape, b.getI1Type()), sizes);
    }

    if (r.isPack) {
      Value pad = r.padding ? r.padding
                            : Value(arith::ConstantOp::create(
                                  b, loc, b.getZeroAttr(element)));
      Value v = vector::TransferReadOp::create(
          b, loc, uType, r.unpacked, uIdx, AffineMapAttr::get(uMap), pad, mask,
          b.getBoolArrayAttr(uInBounds));
      if (transposed)
        v = vector::TransposeOp::create(b, loc, v, ArrayRef<int64_t>{1, 0});
      return vector::TransferWriteOp::create(
                 b, loc, v, dest, kIdx, AffineMapAttr::get(kMap),
                 /*mask=*/Value(), b.getBoolArrayAttr(kInBounds))
          .getResult();
    }
    Value poison = ub::PoisonOp::create(b, loc, element);
    Value v = vector::TransferReadOp::create(
        b, loc, kType, r.packed, kIdx, AffineMapAttr::get(kMap), poison,
        /*mask=*/Value(), b.getBoolArrayAttr(kInBounds));
    if (transposed)
      v = vector::TransposeOp::create(b, loc, v, ArrayRef<int64_t>{1, 0});
    return vector::TransferWriteOp::create(b, loc, v, dest, uIdx,
                                           AffineMapAttr::get(uMap), mask,
                                           b.getBoolArrayAttr(uInBounds))
        .getResult();
  }

  const Relayout &r;
  int64_t n = 0, k = 0, lanes = 1, blockRows = 1, blockCols = 1;
  /// Tiles along the source's rows that a group of rows covers (all of
  /// them if unset: one sequential run per source row). Groups of fewer
  /// tiles keep a group's lines in L1 between its groups of rows, which
  /// sometimes helps a pack of a source in cache (Zen 4, pack A 512x1024
  /// into 32x32 f32 tiles: groups of 2-8 tiles within +-5% of whole rows,
  /// both ways between runs), never one beyond the caches (pack 4096x4096:
  /// groups of 4 tiles 1.14x slower, 1.58x with streaming stores) nor the
  /// padded pack 500x1000 (1.16x slower): a tuning knob, no default.
  std::optional<int64_t> tilesPerGroup;
  bool transposed = false;
  /// Whether a whole tile is straight-line code (it fits in the registers).
  bool unrolled = true;
};

struct PackToTileCopies : public OpRewritePattern<linalg::PackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::PackOp op,
                                PatternRewriter &rewriter) const override {
    return rewriteAt(op, rewriter);
  }
  static LogicalResult rewriteAt(Operation *op, PatternRewriter &rewriter) {
    FailureOr<TargetInfo> target = getTargetFor(op);
    if (failed(target))
      return failure();
    std::string reason;
    if (failed(packUnpackToTileCopies(rewriter, op, *target, TileCopyOptions(),
                                      reason)))
      return rewriter.notifyMatchFailure(op, reason);
    return success();
  }
};

struct UnPackToTileCopies : public OpRewritePattern<linalg::UnPackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::UnPackOp op,
                                PatternRewriter &rewriter) const override {
    return PackToTileCopies::rewriteAt(op, rewriter);
  }
};

/// Unpacks whose two innermost unpacked dims carry the last two tiles, in
/// order, with outer_dims_perm keeping them last, are written by groups of
/// rows (the register block), then the rows left one by one:
///   for outer dims ..., tile row i:  for r in rows of the tile, by G:
///     for tile column j:  U[..., i*T0 + r : +G, j*T1 : +T1] =
///                         K[..., i, j, r : +G, :]
/// Each destination row is then written as one sequential stream (about
/// 10% faster than tile by tile, measured with plain C++ copies: the
/// stores, not the loads, set the pace).
bool isRowStreamingUnpack(const Relayout &r) {
  int64_t n = r.unpackedType.getRank(), k = r.tiles.size();
  return !r.isPack && k == 2 && n >= 2 && r.innerPos[0] == n - 2 &&
         r.innerPos[1] == n - 1 && r.perm[n - 2] == n - 2 &&
         r.perm[n - 1] == n - 1;
}

SmallVector<Operation *> rowStreamingUnpack(RewriterBase &b, Location loc,
                                            const Relayout &r,
                                            int64_t groupRows) {
  int64_t n = r.unpackedType.getRank();
  int64_t rows = r.tiles[0], cols = r.tiles[1];
  Type element = r.unpackedType.getElementType();
  MLIRContext *ctx = b.getContext();
  auto cst = [&](OpBuilder &ob, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(ob, loc, v);
  };
  Value zero = cst(b, 0), one = cst(b, 1);
  auto size = [&](Value v, int64_t d) {
    return getValueOrCreateConstantIndexOp(b, loc,
                                           tensor::getMixedSize(b, loc, v, d));
  };
  // Outer packed dims except the last (the tile column loop, innermost).
  SmallVector<Value> lbs(n - 1, zero), steps(n - 1, one), ubs;
  for (int64_t a = 0; a < n - 1; ++a)
    ubs.push_back(size(r.packed, a));
  Value tileCols = size(r.packed, n - 1);
  Value rowExtent = size(r.unpacked, n - 2);
  int64_t colExtent = r.unpackedType.getDimSize(n - 1);
  bool colsInBounds =
      !ShapedType::isDynamic(colExtent) && colExtent % cols == 0;
  groupRows = std::clamp<int64_t>(groupRows, 1, rows);

  // `count` rows from tile row `row` of every tile of the tile row at
  // `outer` (the first unpacked row `first`), tile after tile.
  auto copyRows = [&](OpBuilder &rb, Location rl, ValueRange outer, Value first,
                      Value row, int64_t count, Value dest) {
    Value uRow = arith::AddIOp::create(rb, rl, first, row);
    auto colLoop = scf::ForOp::create(
        rb, rl, cst(rb, 0), tileCols, cst(rb, 1), ValueRange{dest},
        [&](OpBuilder &cb, Location cl, Value j, ValueRange cargs) {
          SmallVector<Value> kIdx(outer.begin(), outer.end());
          kIdx.append({j, row, cst(cb, 0)});
          VectorType type = VectorType::get({count, cols}, element);
          Value v = vector::TransferReadOp::create(
              cb, cl, type, r.packed, kIdx,
              AffineMapAttr::get(AffineMap::getMinorIdentityMap(n + 2, 2, ctx)),
              ub::PoisonOp::create(cb, cl, element),
              /*mask=*/Value(), cb.getBoolArrayAttr({true, true}));
          // Leading dims in unpacked order (outer_dims_perm may permute
          // them), then the row and the column chunk.
          SmallVector<Value> uIdx(n);
          for (int64_t a = 0; a < n - 2; ++a)
            uIdx[r.perm[a]] = outer[a];
          uIdx.resize(n - 2);
          uIdx.push_back(uRow);
          uIdx.push_back(arith::MulIOp::create(cb, cl, j, cst(cb, cols)));
          Value w =
              vector::TransferWriteOp::create(
                  cb, cl, v, cargs.front(), uIdx,
                  AffineMapAttr::get(AffineMap::getMinorIdentityMap(n, 2, ctx)),
                  /*mask=*/Value(), cb.getBoolArrayAttr({true, colsInBounds}))
                  .getResult();
          scf::YieldOp::create(cb, cl, w);
        });
    return colLoop.getResult(0);
  };

  SmallVector<Operation *> loops;
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, ValueRange{r.dest},
      [&](OpBuilder &ob, Location l, ValueRange outer,
          ValueRange args) -> scf::ValueVector {
        // Rows of this tile row that exist in the destination: groups of
        // groupRows, then the rows left one by one.
        Value first = arith::MulIOp::create(ob, l, outer[n - 2], cst(ob, rows));
        Value left = arith::SubIOp::create(ob, l, rowExtent, first);
        Value valid = arith::MinSIOp::create(ob, l, left, cst(ob, rows));
        Value dest = args.front();
        Value groupsEnd = valid;
        if (groupRows > 1) {
          // (valid >= 0: an unsigned division.)
          Value groups =
              arith::DivUIOp::create(ob, l, valid, cst(ob, groupRows));
          groupsEnd = arith::MulIOp::create(ob, l, groups, cst(ob, groupRows));
          auto groupLoop = scf::ForOp::create(
              ob, l, cst(ob, 0), groupsEnd, cst(ob, groupRows),
              ValueRange{dest},
              [&](OpBuilder &rb, Location rl, Value row, ValueRange rargs) {
                scf::YieldOp::create(rb, rl,
                                     copyRows(rb, rl, outer, first, row,
                                              groupRows, rargs.front()));
              });
          dest = groupLoop.getResult(0);
        }
        auto rest = scf::ForOp::create(
            ob, l, groupRows > 1 ? groupsEnd : cst(ob, 0), valid, cst(ob, 1),
            ValueRange{dest},
            [&](OpBuilder &rb, Location rl, Value row, ValueRange rargs) {
              scf::YieldOp::create(
                  rb, rl,
                  copyRows(rb, rl, outer, first, row, 1, rargs.front()));
            });
        return {rest.getResult(0)};
      });
  b.replaceOp(r.op, nest.results);
  for (scf::ForOp loop : nest.loops)
    loops.push_back(loop);
  return loops;
}

} // namespace

FailureOr<TileCopyResult> packUnpackToTileCopies(RewriterBase &rewriter,
                                                 Operation *op,
                                                 const TargetInfo &target,
                                                 const TileCopyOptions &options,
                                                 std::string &reason) {
  if (options.maxRegisters && *options.maxRegisters < 1) {
    reason = "the register budget must be at least 1, got " +
             std::to_string(*options.maxRegisters);
    return failure();
  }
  if (options.tilesPerGroup && *options.tilesPerGroup < 1) {
    reason = "a group must cover at least 1 tile, got " +
             std::to_string(*options.tilesPerGroup);
    return failure();
  }
  Relayout r;
  if (failed(getRelayout(op, r, reason)))
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op->getLoc();
  int64_t budget = options.maxRegisters
                       ? *options.maxRegisters
                       : std::max<int64_t>(1, target.numVectorRegisters / 2);
  if (isRowStreamingUnpack(r)) {
    unsigned bits = r.unpackedType.getElementType().getIntOrFloatBitWidth();
    int64_t vectorsPerRow =
        llvm::divideCeil(r.tiles[1], target.lanesForBitwidth(bits));
    TileCopyResult result;
    result.loops = rowStreamingUnpack(rewriter, loc, r, budget / vectorsPerRow);
    return result;
  }
  int64_t n = r.unpackedType.getRank();
  // One loop per outer dim of the packed layout, in its order.
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> lbs(n, zero), steps(n, one), ubs;
  for (int64_t a = 0; a < n; ++a)
    ubs.push_back(getValueOrCreateConstantIndexOp(
        rewriter, loc, tensor::getMixedSize(rewriter, loc, r.packed, a)));
  TileCopier copier(r, target, budget, options.tilesPerGroup);
  // Row groups: the outer dim along the source's rows is inside them.
  std::optional<int64_t> colOuter = copier.rowGroupsOuterDim();
  SmallVector<Value> outerUbs(ubs);
  if (colOuter) {
    outerUbs.erase(outerUbs.begin() + *colOuter);
    lbs.pop_back();
    steps.pop_back();
  }
  scf::LoopNest nest = scf::buildLoopNest(
      rewriter, loc, lbs, outerUbs, steps, ValueRange{r.dest},
      [&](OpBuilder &b, Location l, ValueRange ivs,
          ValueRange args) -> scf::ValueVector {
        if (colOuter)
          return {copier.copyRowGroups(b, l, ivs, *colOuter, ubs[*colOuter],
                                       args.front())};
        return {copier.copyTile(b, l, ivs, args.front())};
      });
  rewriter.replaceOp(op, nest.results);
  TileCopyResult result;
  for (scf::ForOp loop : nest.loops)
    result.loops.push_back(loop);
  return result;
}

void populatePackUnpackToTileCopiesPatterns(RewritePatternSet &patterns) {
  patterns.add<PackToTileCopies, UnPackToTileCopies>(patterns.getContext());
}

} // namespace regtile
