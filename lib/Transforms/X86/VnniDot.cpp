//===- VnniDot.cpp - 4-way i8 dot products to AVX-512 VNNI ----------------===//
//
// x86 instruction selection for the i8 reductions of
// reduce_to_vector_accumulator: the portable 4-way dot product it emits on
// AVX-512 VNNI targets becomes vpdpbusd. Run by regtile-lower-vectors before
// multi-reductions are lowered (they must be seen whole).
//
//===----------------------------------------------------------------------===//

#include "regtile/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using vector::CombiningKind;

namespace regtile {
namespace {

/// The portable form emitted by VnniStrategy::vpdpbusd, to the instruction:
///   multi_reduction <add> [1] of vector<16x4xi32> into vector<16xi32>, of
///   extui(g(u)) * extsi(g(s)), extsi(g(s)) or extui(g(u)), where g is a
///   shape_cast from vector<64xi8>.
struct FourWayI8DotToVpdpbusd
    : public OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  static Value bytesOf(Value v, bool wantSigned) {
    Operation *ext = v.getDefiningOp();
    if (!ext ||
        (wantSigned ? !isa<arith::ExtSIOp>(ext) : !isa<arith::ExtUIOp>(ext)))
      return {};
    auto cast = ext->getOperand(0).getDefiningOp<vector::ShapeCastOp>();
    if (!cast || cast.getSourceVectorType() !=
                     VectorType::get({64}, IntegerType::get(v.getContext(), 8)))
      return {};
    return cast.getSource();
  }

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    MLIRContext *ctx = op.getContext();
    Type i32 = IntegerType::get(ctx, 32);
    if (op.getKind() != CombiningKind::ADD ||
        op.getSourceVectorType() != VectorType::get({16, 4}, i32) ||
        op.getReductionDims() != ArrayRef<int64_t>{1})
      return rewriter.notifyMatchFailure(op, "not a 4-way i8 dot");
    Value u8, s8, src = op.getSource();
    if (auto mul = src.getDefiningOp<arith::MulIOp>()) {
      for (auto [l, r] : {std::make_pair(mul.getLhs(), mul.getRhs()),
                          std::make_pair(mul.getRhs(), mul.getLhs())}) {
        if ((u8 = bytesOf(l, false)) && (s8 = bytesOf(r, true)))
          break;
        u8 = s8 = Value();
      }
    } else if ((s8 = bytesOf(src, true))) {
      u8 = Value(); // ones
    } else if ((u8 = bytesOf(src, false))) {
      s8 = Value(); // ones
    }
    if (!u8 && !s8)
      return rewriter.notifyMatchFailure(op, "not a 4-way i8 dot");
    Location loc = op.getLoc();
    auto ones = [&](int64_t v) -> Value {
      Type i8 = rewriter.getI8Type();
      return arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(VectorType::get({64}, i8),
                                 rewriter.getIntegerAttr(i8, v)));
    };
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, op.getDestType(),
        rewriter.getStringAttr("llvm.x86.avx512.vpdpbusd.512"),
        ValueRange{op.getAcc(), u8 ? u8 : ones(1), s8 ? s8 : ones(1)});
    return success();
  }
};

} // namespace

void populateVnniDotPatterns(RewritePatternSet &patterns) {
  patterns.add<FourWayI8DotToVpdpbusd>(patterns.getContext());
}

} // namespace regtile
