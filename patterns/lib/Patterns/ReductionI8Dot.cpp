//===- ReductionI8Dot.cpp - i8 sums and dot products ----------------------===//

#include "ReductionInternals.h"

#include "regtile/Patterns/DotProduct.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

namespace regtile::reduction {

namespace {
/// `v` = ext(input block argument of type i8) along the innermost dim, with
/// whether it is sign-extended.
std::optional<std::pair<OpOperand *, bool>>
matchWidenedI8Input(linalg::LinalgOp op, unsigned innerDim, Value v) {
  std::optional<WidenedInput> w =
      matchWidenedInput(v, op->getRegion(0).front());
  if (!w || w->argNumber >= op.getNumDpsInputs() || !w->narrowType.isInteger(8))
    return std::nullopt;
  OpOperand *in = op.getDpsInputOperand(w->argNumber);
  if (!isa<ShapedType>(in->get().getType()))
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(in);
  if (map.getNumResults() == 0 ||
      map.getDimPosition(map.getNumResults() - 1) != innerDim)
    return std::nullopt;
  return std::make_pair(in, !w->isUnsigned);
}

} // namespace

std::optional<I8Dot> matchI8Dot(linalg::LinalgOp op, const Analysis &a) {
  if (a.kind != CombiningKind::ADD || !a.accType.isInteger(32))
    return std::nullopt;
  if (auto x = matchWidenedI8Input(op, a.innerDim, a.combined)) {
    I8Dot d;
    std::tie(d.a, d.aSigned) = *x;
    return d;
  }
  auto mul = a.combined.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return std::nullopt;
  auto x = matchWidenedI8Input(op, a.innerDim, mul.getLhs());
  auto y = matchWidenedI8Input(op, a.innerDim, mul.getRhs());
  if (!x || !y)
    return std::nullopt;
  I8Dot d;
  std::tie(d.a, d.aSigned) = *x;
  std::tie(d.b, d.bSigned) = *y;
  // vpdpbusd multiplies u8 by s8: keep the unsigned one first.
  if (d.aSigned && !d.bSigned) {
    std::swap(d.a, d.b);
    std::swap(d.aSigned, d.bSigned);
  }
  if (!d.aSigned && !d.bSigned)
    return std::nullopt; // u8 x u8 would need two corrections; plain path.
  return d;
}

namespace {

/// `accumulators` native vector<Lxi32> accumulators (L = lanes of the
/// target's vectors), each updated per step by one 4-way dot of 4L bytes
/// (four i8 products or values summed per i32 lane):
///   sum of s8 x:        acc += dot(u8 ones, x)
///   sum of u8 x:        acc += dot(x, s8 ones)
///   sum of u8 a * s8 b: acc += dot(a, b)
///   sum of s8 a * s8 b: acc += dot(a ^ 0x80, b)  (= (a + 128) * b as u8)
///                       corr += dot(u8 ones, b), result -= 128 * sum(corr)
/// Masked-off bytes are zero, which adds nothing. The lowering selects
/// vpdpbusd on AVX-512 VNNI / AVX-VNNI targets, and for the sums (one side
/// ones) vpmaddubsw + vpmaddwd elsewhere (populateI8DotPatterns).
class I8DotStrategy : public Strategy {
public:
  I8DotStrategy(linalg::LinalgOp op, const Analysis &a, I8Dot dot,
                int64_t accumulators, int64_t vectorBytes)
      : op(op), a(a), dot(dot), count(accumulators),
        corrected(dot.b && dot.aSigned), stepBytes(vectorBytes),
        lanes(vectorBytes / 4) {}

  /// Whether `target` has an instruction for the form of `dot`: any dot
  /// with vpdpbusd (AVX-512 VNNI on zmm, AVX-VNNI on ymm), sums (one side all
  /// ones, no saturation in vpmaddubsw's pairs) with AVX2 or AVX-512 BW.
  static bool supports(const TargetInfo &target, const I8Dot &dot) {
    if (target.hasI8DotProduct())
      return true;
    if (dot.b)
      return false;
    return (target.simdBits == 256 && target.hasAVX2()) ||
           (target.simdBits == 512 && target.has("avx512bw"));
  }

  int64_t stepWidth() const override { return count * stepBytes; }

  SmallVector<Value> init(OpBuilder &b, Location loc) override {
    Value zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(accType(b), b.getI32IntegerAttr(0)));
    return SmallVector<Value>(count * (corrected ? 2 : 1), zero);
  }

  SmallVector<Value> tailMasks(OpBuilder &b, Location loc,
                               Value rest) override {
    return pieceMasks(b, loc, rest, count, stepBytes);
  }

  SmallVector<Value> step(OpBuilder &b, Location loc, ArrayRef<Value> ivs,
                          ValueRange accs, Value start,
                          ArrayRef<Value> masks) override {
    SmallVector<Value> next(accs.begin(), accs.end());
    for (int64_t k = 0; k < count; ++k) {
      Value at = pieceStart(b, loc, start, k, stepBytes);
      Value mask = masks.empty() ? Value() : masks[k];
      Value x = read(b, loc, dot.a, ivs, at, mask);
      if (!dot.b) { // a sum
        next[k] =
            dot.aSigned
                ? vpdpbusd(b, loc, accs[k], {}, x, /*u8IsOnes=*/true, false)
                : vpdpbusd(b, loc, accs[k], x, {}, false, /*s8IsOnes=*/true);
        continue;
      }
      Value y = read(b, loc, dot.b, ivs, at, mask);
      if (!corrected) { // u8 a, s8 b
        next[k] = vpdpbusd(b, loc, accs[k], x, y, false, false);
        continue;
      }
      Value shifted = arith::XOrIOp::create(b, loc, x, bytes(b, loc, 0x80));
      next[k] = vpdpbusd(b, loc, accs[k], shifted, y, false, false);
      next[count + k] =
          vpdpbusd(b, loc, accs[count + k], {}, y, /*u8IsOnes=*/true, false);
    }
    return next;
  }

  Value combine(OpBuilder &b, Location loc, ValueRange accs) override {
    Value sum = combineTree(b, loc, CombiningKind::ADD, accs.take_front(count),
                            arith::FastMathFlags::none);
    if (corrected) {
      // sum((a + 128) * b) - 128 * sum(b), wrapping like the i32 payload.
      Value corr =
          combineTree(b, loc, CombiningKind::ADD, accs.drop_front(count),
                      arith::FastMathFlags::none);
      Value c128 = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(accType(b), b.getI32IntegerAttr(128)));
      sum = arith::SubIOp::create(b, loc, sum,
                                  arith::MulIOp::create(b, loc, corr, c128));
    }
    return sum;
  }

private:
  VectorType accType(OpBuilder &b) const {
    return VectorType::get({lanes}, b.getI32Type());
  }

  Value bytes(OpBuilder &b, Location loc, int64_t value) {
    Type i8 = b.getI8Type();
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(VectorType::get({stepBytes}, i8),
                               b.getIntegerAttr(i8, value)));
  }

  /// stepBytes bytes of input `in`; masked-off bytes are zero.
  Value read(OpBuilder &b, Location loc, OpOperand *in, ArrayRef<Value> ivs,
             Value start, Value mask) {
    Value v =
        readInput(b, loc, op, a.innerDim, in, ivs, start, stepBytes, mask);
    if (mask)
      v = arith::SelectOp::create(b, loc, mask, v, bytes(b, loc, 0));
    return v;
  }

  /// acc[i] += sum_{j<4} u8[4i+j] * s8[4i+j], in the portable form that
  /// the lowering turns into vpdpbusd or vpmaddubsw + vpmaddwd
  /// (populateI8DotPatterns). Operands
  /// that are all ones are left out (the sums of bytes).
  Value vpdpbusd(OpBuilder &b, Location loc, Value acc, Value u8, Value s8,
                 bool u8IsOnes, bool s8IsOnes) {
    VectorType groups = VectorType::get({lanes, 4}, b.getI8Type());
    VectorType wide = VectorType::get({lanes, 4}, b.getI32Type());
    auto widen = [&](Value v, bool isSigned) -> Value {
      Value g = vector::ShapeCastOp::create(b, loc, groups, v);
      return isSigned ? Value(arith::ExtSIOp::create(b, loc, wide, g))
                      : Value(arith::ExtUIOp::create(b, loc, wide, g));
    };
    Value products;
    if (u8IsOnes)
      products = widen(s8, /*isSigned=*/true);
    else if (s8IsOnes)
      products = widen(u8, /*isSigned=*/false);
    else {
      // Named first: the order of function arguments' evaluation (and so
      // of the ops in the IR) differs between compilers.
      Value s = widen(s8, /*isSigned=*/true);
      Value u = widen(u8, /*isSigned=*/false);
      products = arith::MulIOp::create(b, loc, u, s);
    }
    return vector::MultiDimReductionOp::create(
        b, loc, products, acc, ArrayRef<bool>{false, true}, CombiningKind::ADD);
  }

  linalg::LinalgOp op;
  const Analysis &a;
  I8Dot dot;
  int64_t count;
  bool corrected;
  int64_t stepBytes, lanes;
};

} // namespace

bool isI8DotSupported(const TargetInfo &target, const I8Dot &dot) {
  return I8DotStrategy::supports(target, dot);
}

std::unique_ptr<Strategy> makeI8DotStrategy(linalg::LinalgOp op,
                                            const Analysis &a, I8Dot dot,
                                            int64_t accumulators,
                                            int64_t vectorBytes) {
  return std::make_unique<I8DotStrategy>(op, a, dot, accumulators, vectorBytes);
}

} // namespace regtile::reduction
