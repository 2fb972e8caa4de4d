//===- AMXGemm.cpp - A GEMM block on the AMX tile unit --------------------===//
//
// transform.regtile.amx_gemm_block (see regtile/Patterns/AMXGemm.h).
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/AMXGemm.h"
#include "regtile/Patterns/DotProduct.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace regtile {

namespace {

/// The output tile: 2 x 2 accumulators of 16 x 16.
constexpr int64_t kTile = 32, kHalf = 16;

/// `size` rounded down to a multiple of `multiple`.
OpFoldResult roundDown(OpBuilder &b, Location loc, OpFoldResult size,
                       int64_t multiple) {
  AffineExpr s = b.getAffineSymbolExpr(0);
  return affine::makeComposedFoldedAffineApply(
      b, loc, s.floorDiv(multiple) * multiple, {size});
}

/// The values of one 32-bit lane of an AMX input tile: 2 bf16, 4 i8 (the
/// VNNI factor). A K step is one tile row of 64 bytes: 16 groups.
int64_t groupOf(Type inputType) {
  return 32 / inputType.getIntOrFloatBitWidth();
}

OpFoldResult minus(OpBuilder &b, Location loc, OpFoldResult x, OpFoldResult y) {
  AffineExpr s0 = b.getAffineSymbolExpr(0), s1 = b.getAffineSymbolExpr(1);
  return affine::makeComposedFoldedAffineApply(b, loc, s0 - s1, {x, y});
}

bool isZero(OpFoldResult v) { return isConstantIntValue(v, 0); }

Value extract(OpBuilder &b, Location loc, Value source,
              ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, source, offsets, sizes,
                                        strides);
}

Value insert(OpBuilder &b, Location loc, Value slice, Value dest,
             ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return tensor::InsertSliceOp::create(b, loc, slice, dest, offsets, sizes,
                                       strides);
}

Value read(OpBuilder &b, Location loc, VectorType type, Value source,
           ArrayRef<int64_t> at) {
  SmallVector<Value> indices;
  for (int64_t i : at)
    indices.push_back(arith::ConstantIndexOp::create(b, loc, i));
  return vector::TransferReadOp::create(
      b, loc, type, source, indices, /*padding=*/std::nullopt,
      SmallVector<bool>(type.getRank(), true));
}

/// acc + lhs x rhs in the VNNI form: lhs [m][k][v], rhs [k][n][v].
Value contract(OpBuilder &b, Location loc, Value lhs, Value rhs, Value acc) {
  AffineExpr m, n, k, v;
  bindDims(b.getContext(), m, n, k, v);
  using IT = vector::IteratorType;
  return vector::ContractionOp::create(
      b, loc, lhs, rhs, acc,
      ArrayRef<ArrayRef<AffineExpr>>{{m, k, v}, {k, n, v}, {m, n}},
      ArrayRef<IT>{IT::parallel, IT::parallel, IT::reduction, IT::reduction});
}

/// The op on the part [rows) x [cols) x [depth) of its iteration space,
/// accumulating into `c`; returns the updated `c`. Nothing when a part is
/// statically empty.
Value cloneOnPart(OpBuilder &b, Location loc, linalg::LinalgOp op, Value c,
                  std::pair<OpFoldResult, OpFoldResult> rows,
                  std::pair<OpFoldResult, OpFoldResult> cols,
                  std::pair<OpFoldResult, OpFoldResult> depth,
                  SmallVectorImpl<Operation *> &clones) {
  if (isZero(rows.second) || isZero(cols.second) || isZero(depth.second))
    return c;
  Value a = extract(b, loc, op.getDpsInputOperand(0)->get(),
                    {rows.first, depth.first}, {rows.second, depth.second});
  Value bt = extract(b, loc, op.getDpsInputOperand(1)->get(),
                     {depth.first, cols.first}, {depth.second, cols.second});
  Value ct =
      extract(b, loc, c, {rows.first, cols.first}, {rows.second, cols.second});
  Operation *clone =
      mlir::clone(b, op, TypeRange{ct.getType()}, ValueRange{a, bt, ct});
  clones.push_back(clone);
  return insert(b, loc, clone->getResult(0), c, {rows.first, cols.first},
                {rows.second, cols.second});
}

} // namespace

bool amxComputesGemm(linalg::LinalgOp op, const TargetInfo &target,
                     std::string &reason) {
  if (!target.has("amx-tile")) {
    reason = "the target has no AMX tile unit";
    return false;
  }
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op)) {
    reason = "expected a contraction on tensors with two inputs and one "
             "output";
    return false;
  }
  MLIRContext *ctx = op.getContext();
  AffineExpr m, n, k;
  bindDims(ctx, m, n, k);
  SmallVector<AffineMap> expected = AffineMap::inferFromExprList(
      ArrayRef<ArrayRef<AffineExpr>>{{m, k}, {k, n}, {m, n}}, ctx);
  if (op.getIndexingMapsArray() != expected) {
    reason = "expected the maps of a row-major GEMM: (m, k), (k, n) -> "
             "(m, n)";
    return false;
  }
  // The products the unit computes: bf16 pairs into f32 (AMX-BF16); i8
  // quads into i32 (AMX-INT8), signed x signed as the VNNI contraction
  // reads them (tdpbssd).
  std::optional<DotProductBody> body = matchDotProductBody(op);
  bool bf16 = body && body->inputType.isBF16() && body->accType.isF32();
  bool i8 = body && body->inputType.isInteger(8) && body->accType.isInteger(32);
  if (!bf16 && !i8) {
    reason = "expected bf16 x bf16 -> f32 or i8 x i8 -> i32";
    return false;
  }
  if (bf16 && !target.has("amx-bf16")) {
    reason = "the target has no AMX-BF16 tile unit";
    return false;
  }
  if (i8 && !target.has("amx-int8")) {
    reason = "the target has no AMX-INT8 tile unit";
    return false;
  }
  if (i8 && (body->unsignedInput[0] || body->unsignedInput[1])) {
    reason = "u8 inputs are not computed on the tile unit yet (only s8 x "
             "s8)";
    return false;
  }
  int64_t step = kHalf * groupOf(body->inputType);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(
          ranges,
          [](int64_t r) { return !ShapedType::isDynamic(r) && r < kTile; }) ||
      (!ShapedType::isDynamic(ranges[2]) && ranges[2] < step)) {
    reason = ("no whole tile: M and N must be 32 or more, K " + Twine(step) +
              " or more")
                 .str();
    return false;
  }
  return true;
}

FailureOr<AMXGemmBlockResult> amxGemmBlock(RewriterBase &rewriter,
                                           linalg::LinalgOp op,
                                           const TargetInfo &target,
                                           std::string &reason) {
  if (!amxComputesGemm(op, target, reason))
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Value a = op.getDpsInputOperand(0)->get();
  Value b = op.getDpsInputOperand(1)->get();
  Value c = op.getDpsInitOperand(0)->get();
  OpFoldResult m = tensor::getMixedSize(rewriter, loc, a, 0);
  OpFoldResult k = tensor::getMixedSize(rewriter, loc, a, 1);
  OpFoldResult n = tensor::getMixedSize(rewriter, loc, b, 1);
  Type in = getElementTypeOrSelf(a.getType());
  Type out = getElementTypeOrSelf(c.getType());
  const int64_t kPair = groupOf(in), kStep = kHalf * kPair;
  OpFoldResult mt = roundDown(rewriter, loc, m, kTile);
  OpFoldResult nt = roundDown(rewriter, loc, n, kTile);
  OpFoldResult kt = roundDown(rewriter, loc, k, kStep);
  OpFoldResult zero = rewriter.getIndexAttr(0);

  // B's tiled part in the VNNI layout, one 16-column panel after another.
  AMXGemmBlockResult result;
  Value bPart = extract(rewriter, loc, b, {zero, zero}, {kt, nt});
  SmallVector<OpFoldResult> tiles{rewriter.getIndexAttr(kHalf),
                                  rewriter.getIndexAttr(kPair)};
  SmallVector<int64_t> innerPos{1, 0}, outerPerm{1, 0};
  Value dest = linalg::PackOp::createDestinationTensor(
      rewriter, loc, bPart, tiles, innerPos, outerPerm);
  auto pack =
      linalg::PackOp::create(rewriter, loc, bPart, dest, innerPos, tiles,
                             /*paddingValue=*/std::nullopt, outerPerm);
  result.pack = pack;
  Value packed = pack.getResult();

  auto accType = VectorType::get({kHalf, kHalf}, out);
  auto inType = VectorType::get({kHalf, kHalf, kPair}, in);
  auto idx = [&](int64_t v) { return rewriter.getIndexAttr(v); };
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value step = arith::ConstantIndexOp::create(rewriter, loc, kTile);
  Value depthStep = arith::ConstantIndexOp::create(rewriter, loc, kStep);
  auto cols = scf::ForOp::create(
      rewriter, loc, c0, getValueOrCreateConstantIndexOp(rewriter, loc, nt),
      step, ValueRange{c},
      [&](OpBuilder &bj, Location loc, Value j, ValueRange cj) {
        auto rows = scf::ForOp::create(
            bj, loc, c0, getValueOrCreateConstantIndexOp(bj, loc, mt), step, cj,
            [&](OpBuilder &bi, Location loc, Value i, ValueRange ci) {
              Value tile =
                  extract(bi, loc, ci[0], {i, j}, {idx(kTile), idx(kTile)});
              SmallVector<Value> accs;
              for (int64_t r = 0; r < kTile; r += kHalf)
                for (int64_t q = 0; q < kTile; q += kHalf)
                  accs.push_back(read(bi, loc, accType, tile, {r, q}));
              // The 16-column panels of Bp this tile reads.
              AffineExpr d = bi.getAffineDimExpr(0);
              Value panel = affine::AffineApplyOp::create(
                  bi, loc, AffineMap::get(1, 0, d.floorDiv(kHalf)), j);
              auto depth = scf::ForOp::create(
                  bi, loc, c0, getValueOrCreateConstantIndexOp(bi, loc, kt),
                  depthStep, accs,
                  [&](OpBuilder &bk, Location loc, Value kk, ValueRange acc) {
                    Value aTile =
                        extract(bk, loc, a, {i, kk}, {idx(kTile), idx(kStep)});
                    auto a3Type =
                        RankedTensorType::get({kTile, kHalf, kPair}, in);
                    Value a3 = tensor::ExpandShapeOp::create(
                        bk, loc, a3Type, aTile,
                        SmallVector<ReassociationIndices>{{0}, {1, 2}});
                    AffineExpr e = bk.getAffineDimExpr(0);
                    Value pairRow = affine::AffineApplyOp::create(
                        bk, loc, AffineMap::get(1, 0, e.floorDiv(kPair)), kk);
                    SmallVector<Value> lhs, rhs;
                    for (int64_t r = 0; r < kTile; r += kHalf)
                      lhs.push_back(read(bk, loc, inType, a3, {r, 0, 0}));
                    for (int64_t q = 0; q < kTile / kHalf; ++q) {
                      Value p = arith::AddIOp::create(
                          bk, loc, panel,
                          arith::ConstantIndexOp::create(bk, loc, q));
                      auto sliceType =
                          RankedTensorType::get({kHalf, kHalf, kPair}, in);
                      SmallVector<OpFoldResult> offsets{p, pairRow, idx(0),
                                                        idx(0)};
                      SmallVector<OpFoldResult> sizes{idx(1), idx(kHalf),
                                                      idx(kHalf), idx(kPair)};
                      SmallVector<OpFoldResult> strides(4, idx(1));
                      Value bTile = tensor::ExtractSliceOp::create(
                          bk, loc, sliceType, packed, offsets, sizes, strides);
                      rhs.push_back(read(bk, loc, inType, bTile, {0, 0, 0}));
                    }
                    SmallVector<Value> next;
                    for (unsigned r = 0; r < lhs.size(); ++r)
                      for (unsigned q = 0; q < rhs.size(); ++q)
                        next.push_back(contract(bk, loc, lhs[r], rhs[q],
                                                acc[r * rhs.size() + q]));
                    scf::YieldOp::create(bk, loc, next);
                  });
              Value updated = tile;
              unsigned a = 0;
              for (int64_t r = 0; r < kTile; r += kHalf)
                for (int64_t q = 0; q < kTile; q += kHalf) {
                  SmallVector<Value> at{
                      arith::ConstantIndexOp::create(bi, loc, r),
                      arith::ConstantIndexOp::create(bi, loc, q)};
                  updated = vector::TransferWriteOp::create(
                                bi, loc, depth.getResult(a++), updated, at,
                                ArrayRef<bool>{true, true})
                                .getResult();
                }
              scf::YieldOp::create(bi, loc,
                                   insert(bi, loc, updated, ci[0], {i, j},
                                          {idx(kTile), idx(kTile)}));
            });
        scf::YieldOp::create(bj, loc, rows.getResults());
      });
  result.loop = cols;

  // The edges, each accumulating into the result so far (the K remainder
  // after the tiles it completes; the other two are disjoint).
  Value acc = cols.getResult(0);
  acc = cloneOnPart(rewriter, loc, op, acc, {zero, mt}, {zero, nt},
                    {kt, minus(rewriter, loc, k, kt)}, result.edges);
  acc = cloneOnPart(rewriter, loc, op, acc, {zero, mt},
                    {nt, minus(rewriter, loc, n, nt)}, {zero, k}, result.edges);
  acc = cloneOnPart(rewriter, loc, op, acc, {mt, minus(rewriter, loc, m, mt)},
                    {zero, n}, {zero, k}, result.edges);
  rewriter.replaceOp(op, acc);
  return result;
}

} // namespace regtile
