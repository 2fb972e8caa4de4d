//===- DotProduct.cpp - Dot-product unit forms of contractions ------------===//

#include "regtile/Patterns/DotProduct.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace regtile {
std::optional<WidenedInput> matchWidenedInput(Value v, Block &body) {
  Operation *ext = v.getDefiningOp();
  if (!ext || !isa<arith::ExtSIOp, arith::ExtUIOp, arith::ExtFOp>(ext))
    return std::nullopt;
  auto arg = dyn_cast<BlockArgument>(ext->getOperand(0));
  if (!arg || arg.getOwner() != &body)
    return std::nullopt;
  return WidenedInput{arg.getArgNumber(), arg.getType(),
                      isa<arith::ExtUIOp>(ext)};
}

namespace {

/// `v` as input `index` of `body` widened from `narrow`, with whether it is
/// widened with extui.
std::optional<bool> widenedInput(Value v, Block &body, unsigned index,
                                 Type narrow) {
  std::optional<WidenedInput> w = matchWidenedInput(v, body);
  if (!w || w->argNumber != index || w->narrowType != narrow)
    return std::nullopt;
  return w->isUnsigned;
}

} // namespace

std::optional<DotProductBody> matchDotProductBody(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op->getNumRegions() != 1 || op->getRegion(0).empty())
    return std::nullopt;
  Block &body = op->getRegion(0).front();
  Type in0 = body.getArgument(0).getType(), in1 = body.getArgument(1).getType();
  Type acc = body.getArgument(2).getType();
  DotProductBody dot;
  dot.inputType = in0;
  dot.accType = acc;
  bool i8 = in0.isInteger(8) && in1.isInteger(8) && acc.isInteger(32);
  bool bf16 = in0.isBF16() && in1.isBF16() && acc.isF32();
  if (!i8 && !bf16)
    return std::nullopt;
  Operation *add = body.getTerminator()->getOperand(0).getDefiningOp();
  if (!add || !isa<arith::AddIOp, arith::AddFOp>(add) ||
      add->getBlock() != &body)
    return std::nullopt;
  Value out = body.getArgument(2);
  Value product = add->getOperand(0) == out   ? add->getOperand(1)
                  : add->getOperand(1) == out ? add->getOperand(0)
                                              : Value();
  Operation *mul = product ? product.getDefiningOp() : nullptr;
  if (!mul || !isa<arith::MulIOp, arith::MulFOp>(mul) ||
      mul->getBlock() != &body)
    return std::nullopt;
  for (unsigned order = 0; order < 2; ++order) {
    std::optional<bool> x = widenedInput(mul->getOperand(order), body, 0, in0);
    std::optional<bool> y =
        widenedInput(mul->getOperand(1 - order), body, 1, in1);
    if (!x || !y)
      continue;
    // bf16 with extf; i8 with extsi or extui.
    bool floatExt = isa<arith::ExtFOp>(mul->getOperand(order).getDefiningOp());
    if (floatExt != bf16)
      return std::nullopt;
    dot.unsignedInput[0] = *x;
    dot.unsignedInput[1] = *y;
    dot.add = add;
    return dot;
  }
  return std::nullopt;
}

namespace {

/// Whether the input of `op` that does not index the output's innermost dim
/// (a GEMM's A, broadcast by the micro-kernel) reads a reduction dim
/// innermost: its groups are contiguous, one 32-bit load each.
bool broadcastSideHasInnerReduction(linalg::LinalgOp op) {
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (out.getNumResults() == 0)
    return false;
  auto vec = dyn_cast<AffineDimExpr>(out.getResult(out.getNumResults() - 1));
  if (!vec)
    return false;
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  for (OpOperand *in : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(in);
    if (map.isFunctionOfDim(vec.getPosition()) || map.getNumResults() == 0)
      continue;
    auto last = dyn_cast<AffineDimExpr>(map.getResult(map.getNumResults() - 1));
    return last && iters[last.getPosition()] == utils::IteratorType::reduction;
  }
  return false;
}

} // namespace

int64_t dotGroup(const DotProductBody &body, const TargetInfo &target) {
  if (body.isFloat())
    return 2;
  return target.hasI8DotProduct() ? 4 : 2;
}

int64_t dotProductGroup(linalg::LinalgOp op, const TargetInfo &target) {
  std::optional<DotProductBody> dot = matchDotProductBody(op);
  if (!dot || !broadcastSideHasInnerReduction(op))
    return 1;
  bool zmm = target.simdBits == 512;
  if (dot->isFloat())
    return zmm && target.hasAVX512BF16() ? 2 : 1;
  // u8 x s8 as it is; s8 x s8 and u8 x u8 with A shifted to the other
  // signedness and B's column sums (cache_reduce's shifted dot form).
  if (target.hasI8DotProduct())
    return 4;
  // Without VNNI: pairs widened to i16, vpmaddwd (exact in any signedness).
  bool pairs =
      zmm ? target.has("avx512bw") : target.simdBits == 256 && target.hasAVX2();
  return pairs ? 2 : 1;
}

} // namespace regtile
