//===- BF16Dot.cpp - bf16 pair dot products to vdpbf16ps ------------------===//
//
// x86 instruction selection for the portable bf16 dot-product form that
// cache_reduce emits for bf16 x bf16 -> f32 contractions in groups of two
// (its dot form): vdpbf16ps (AVX-512 BF16). Run by regtile-lower-vectors
// before multi-reductions are lowered (they must be seen whole).
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/DotProduct.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace regtile {
namespace {

/// multi_reduction <add> [1] of vector<Lx2xf32>, %acc, of
/// extf(g(x)) * extf(g(y)), g a shape_cast from vector<2Lxbf16>, L = 16:
/// vdpbf16ps(%acc, x, y).
struct PairBF16Dot : public OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  static Value pairsOf(Value v, int64_t values) {
    auto ext = v.getDefiningOp<arith::ExtFOp>();
    auto cast =
        ext ? ext.getIn().getDefiningOp<vector::ShapeCastOp>() : nullptr;
    if (!cast ||
        cast.getSourceVectorType() !=
            VectorType::get({values}, BFloat16Type::get(v.getContext())))
      return {};
    return cast.getSource();
  }

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType source = op.getSourceVectorType();
    if (op.getKind() != vector::CombiningKind::ADD || source.getRank() != 2 ||
        !source.getElementType().isF32() || source.getDimSize(0) != 16 ||
        source.getDimSize(1) != 2 || source.isScalable() ||
        op.getReductionDims() != ArrayRef<int64_t>{1})
      return rewriter.notifyMatchFailure(op, "not a 512-bit bf16 pair dot");
    auto mul = op.getSource().getDefiningOp<arith::MulFOp>();
    Value x = mul ? pairsOf(mul.getLhs(), 32) : Value();
    Value y = mul ? pairsOf(mul.getRhs(), 32) : Value();
    if (!x || !y)
      return rewriter.notifyMatchFailure(op, "not a bf16 pair dot");
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, op.getDestType(),
        rewriter.getStringAttr("llvm.x86.avx512bf16.dpbf16ps.512"),
        ValueRange{op.getAcc(), x, y});
    return success();
  }
};

} // namespace

void populateBF16DotPatterns(RewritePatternSet &patterns) {
  patterns.add<PairBF16Dot>(patterns.getContext());
}

} // namespace regtile
