//===- I8Dot.cpp - 4-way i8 dot products to x86 instructions -------------===//
//
// x86 instruction selection for the i8 dot forms of
// reduce_to_vector_accumulator and cache_reduce: the portable 4-way dot
// product becomes vpdpbusd (AVX-512 VNNI on zmm, AVX-VNNI on ymm) or, for sums,
// vpmaddubsw + vpmaddwd (AVX-512 BW, AVX2); the 2-way one (cache_reduce without
// VNNI) vpmaddwd on the pairs widened to i16. Run by regtile-lower-vectors
// before multi-reductions are lowered (they must be seen whole).
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using vector::CombiningKind;

namespace regtile {
namespace {

/// The bytes `v` widens, an arith.extsi / extui of a shape_cast from
/// vector<bytes x i8> (its source, and whether unsigned); null otherwise.
std::pair<Value, bool> widenedBytes(Value v, int64_t bytes) {
  Operation *ext = v.getDefiningOp();
  if (!ext || !isa<arith::ExtSIOp, arith::ExtUIOp>(ext))
    return {};
  auto cast = ext->getOperand(0).getDefiningOp<vector::ShapeCastOp>();
  if (!cast ||
      cast.getSourceVectorType() !=
          VectorType::get({bytes}, IntegerType::get(v.getContext(), 8)))
    return {};
  return {cast.getSource(), isa<arith::ExtUIOp>(ext)};
}

/// The portable form emitted by I8DotStrategy::vpdpbusd, to instructions:
///   multi_reduction <add> [1] of vector<Lx4xi32> into vector<Lxi32>, of
///   extui(g(u)) * extsi(g(s)), extsi(g(s)) or extui(g(u)), where g is a
///   shape_cast from vector<4Lxi8>.
struct FourWayI8Dot : public OpRewritePattern<vector::MultiDimReductionOp> {
  FourWayI8Dot(MLIRContext *ctx, const I8DotOptions &options)
      : OpRewritePattern(ctx), options(options) {}

  static Value bytesOf(Value v, bool wantSigned, int64_t bytes) {
    auto [source, isUnsigned] = widenedBytes(v, bytes);
    return source && isUnsigned != wantSigned ? source : Value();
  }

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    MLIRContext *ctx = op.getContext();
    Type i32 = IntegerType::get(ctx, 32);
    VectorType source = op.getSourceVectorType();
    if (op.getKind() != CombiningKind::ADD || source.getRank() != 2 ||
        source.getElementType() != i32 || source.getDimSize(1) != 4 ||
        source.isScalable() || op.getReductionDims() != ArrayRef<int64_t>{1})
      return rewriter.notifyMatchFailure(op, "not a 4-way i8 dot");
    int64_t lanes = source.getDimSize(0), bytes = 4 * lanes;
    bool wide = lanes == 16;
    if (!wide && lanes != 8)
      return rewriter.notifyMatchFailure(op, "not a 512- or 256-bit dot");
    Value u8, s8, src = op.getSource();
    bool isSum = false;
    if (auto mul = src.getDefiningOp<arith::MulIOp>()) {
      for (auto [l, r] : {std::make_pair(mul.getLhs(), mul.getRhs()),
                          std::make_pair(mul.getRhs(), mul.getLhs())}) {
        if ((u8 = bytesOf(l, false, bytes)) && (s8 = bytesOf(r, true, bytes)))
          break;
        u8 = s8 = Value();
      }
    } else if ((s8 = bytesOf(src, true, bytes)) ||
               (u8 = bytesOf(src, false, bytes))) {
      isSum = true; // the other side is all ones
    }
    if (!u8 && !s8)
      return rewriter.notifyMatchFailure(op, "not a 4-way i8 dot");
    Location loc = op.getLoc();
    auto splat = [&](int64_t n, Type element, int64_t v) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(VectorType::get({n}, element),
                                 rewriter.getIntegerAttr(element, v)));
    };
    bool vnni = wide ? options.vnni512 : options.vnni256;
    if (!vnni && !(isSum && (wide ? options.avx512bw : options.avx2)))
      return rewriter.notifyMatchFailure(op, "no instruction for this form");
    // (Nothing is created before the match is certain.)
    Type i8 = rewriter.getI8Type(), i16 = rewriter.getI16Type();
    Value u = u8 ? u8 : splat(bytes, i8, 1), s = s8 ? s8 : splat(bytes, i8, 1);
    if (vnni) {
      rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
          op, op.getDestType(),
          // The 256-bit intrinsic is also AVX-VNNI's ({vex} vpdpbusd).
          rewriter.getStringAttr(wide ? "llvm.x86.avx512.vpdpbusd.512"
                                      : "llvm.x86.avx512.vpdpbusd.256"),
          ValueRange{op.getAcc(), u, s});
      return success();
    }
    // Pairs of u8 x s8 products to i16 (no saturation with a side of ones:
    // |x + y| <= 510), pairs of i16 to i32: lane i sums bytes 4i..4i+3.
    Value pairs =
        LLVM::CallIntrinsicOp::create(
            rewriter, loc, VectorType::get({2 * lanes}, i16),
            rewriter.getStringAttr(wide ? "llvm.x86.avx512.pmaddubs.w.512"
                                        : "llvm.x86.avx2.pmadd.ub.sw"),
            ValueRange{u, s})
            .getResult(0);
    Value quads =
        LLVM::CallIntrinsicOp::create(
            rewriter, loc, op.getDestType(),
            rewriter.getStringAttr(wide ? "llvm.x86.avx512.pmaddw.d.512"
                                        : "llvm.x86.avx2.pmadd.wd"),
            ValueRange{pairs, splat(2 * lanes, i16, 1)})
            .getResult(0);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, op.getAcc(), quads);
    return success();
  }

  I8DotOptions options;
};

/// The 2-way form cache_reduce emits where there is no VNNI:
///   multi_reduction <add> [1] of vector<Lx2xi32> of ext(g(x)) * ext(g(y)),
///   each ext extsi or extui, g a shape_cast from vector<2Lxi8>,
/// to acc + vpmaddwd(ext(x), ext(y)) on the bytes widened to i16: each
/// product of two i8 (either signedness) fits the instruction's i16 x i16
/// -> i32, and so does the sum of two (at most 2 x 255 x 255): exact.
struct TwoWayI8Dot : public OpRewritePattern<vector::MultiDimReductionOp> {
  TwoWayI8Dot(MLIRContext *ctx, const I8DotOptions &options)
      : OpRewritePattern(ctx), options(options) {}

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType source = op.getSourceVectorType();
    if (op.getKind() != CombiningKind::ADD || source.getRank() != 2 ||
        !source.getElementType().isInteger(32) || source.getDimSize(1) != 2 ||
        source.isScalable() || op.getReductionDims() != ArrayRef<int64_t>{1})
      return rewriter.notifyMatchFailure(op, "not a 2-way i8 dot");
    int64_t lanes = source.getDimSize(0), bytes = 2 * lanes;
    bool wide = lanes == 16;
    if (!(wide ? options.avx512bw : lanes == 8 && options.avx2))
      return rewriter.notifyMatchFailure(op, "no vpmaddwd for this width");
    auto mul = op.getSource().getDefiningOp<arith::MulIOp>();
    if (!mul)
      return rewriter.notifyMatchFailure(op, "not a product");
    auto [x, xUnsigned] = widenedBytes(mul.getLhs(), bytes);
    auto [y, yUnsigned] = widenedBytes(mul.getRhs(), bytes);
    if (!x || !y)
      return rewriter.notifyMatchFailure(op, "not a product of i8 pairs");
    Location loc = op.getLoc();
    auto halves = VectorType::get({bytes}, rewriter.getI16Type());
    auto widen = [&](Value v, bool isUnsigned) -> Value {
      if (isUnsigned)
        return arith::ExtUIOp::create(rewriter, loc, halves, v);
      return arith::ExtSIOp::create(rewriter, loc, halves, v);
    };
    Value pairs =
        LLVM::CallIntrinsicOp::create(
            rewriter, loc, op.getDestType(),
            rewriter.getStringAttr(wide ? "llvm.x86.avx512.pmaddw.d.512"
                                        : "llvm.x86.avx2.pmadd.wd"),
            ValueRange{widen(x, xUnsigned), widen(y, yUnsigned)})
            .getResult(0);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, op.getAcc(), pairs);
    return success();
  }

  I8DotOptions options;
};

} // namespace

void populateI8DotPatterns(RewritePatternSet &patterns,
                           const I8DotOptions &options) {
  patterns.add<FourWayI8Dot, TwoWayI8Dot>(patterns.getContext(), options);
}

} // namespace regtile
