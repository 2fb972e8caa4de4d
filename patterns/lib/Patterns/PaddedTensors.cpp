//===- PaddedTensors.cpp - A tensor.pad as tiling leaves it ---------------===//

#include "PaddedTensors.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace regtile {
namespace {

/// The value a tensor.generate yields everywhere, if it is one value from
/// outside its body.
Value uniformValue(tensor::GenerateOp generate) {
  Value v = generate.getBody().front().getTerminator()->getOperand(0);
  return generate.getBody().isAncestor(v.getParentRegion()) ? Value() : v;
}

bool sameConstant(Value a, Value b) {
  Attribute x, y;
  return a == b || (matchPattern(a, m_Constant(&x)) &&
                    matchPattern(b, m_Constant(&y)) && x == y);
}

} // namespace

/// `v` as a padded tensor: a tensor.pad, or the guard tiling a pad makes
/// (scf.if yielding a tensor.generate of the padding value where the tile
/// is all padding, else the pad).
std::optional<PaddedSource> resolvePadded(Value v) {
  Value generated;
  if (auto guard = v.getDefiningOp<scf::IfOp>();
      guard && !guard.getElseRegion().empty()) {
    unsigned r = cast<OpResult>(v).getResultNumber();
    Value thenValue = guard.thenYield().getOperand(r);
    Value elseValue = guard.elseYield().getOperand(r);
    if (thenValue.getDefiningOp<tensor::GenerateOp>())
      std::swap(thenValue, elseValue);
    auto generate = elseValue.getDefiningOp<tensor::GenerateOp>();
    if (!generate || !(generated = uniformValue(generate)))
      return std::nullopt;
    v = thenValue;
  }
  // (A pad of a slice of dynamic size, cast to the padded piece's shape.)
  if (auto cast = v.getDefiningOp<tensor::CastOp>())
    v = cast.getSource();
  auto pad = v.getDefiningOp<tensor::PadOp>();
  if (!pad)
    return std::nullopt;
  PaddedSource padded{
      pad, pad.getSource(), pad.getConstantPaddingValue(), {}, {}};
  if (!padded.padValue ||
      (generated && !sameConstant(generated, padded.padValue)))
    return std::nullopt;
  auto slice = padded.source.getDefiningOp<tensor::ExtractSliceOp>();
  if (slice && slice.getDroppedDims().none() &&
      llvm::all_of(slice.getMixedStrides(),
                   [](OpFoldResult s) { return isConstantIntValue(s, 1); })) {
    padded.source = slice.getSource();
    padded.offsets = slice.getMixedOffsets();
    padded.sizes = slice.getMixedSizes();
  }
  return padded;
}

bool isPaddedDim(const PaddedSource &p, unsigned d) {
  tensor::PadOp pad = p.pad;
  return !isConstantIntValue(pad.getMixedLowPad()[d], 0) ||
         !isConstantIntValue(pad.getMixedHighPad()[d], 0);
}

} // namespace regtile
