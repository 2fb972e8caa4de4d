//===- SkipPaddedTaps.cpp - Trim a reduction loop to the input ------------===//

#include "regtile/Patterns/SkipPaddedTaps.h"
#include "regtile/Patterns/Marks.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

using namespace mlir;

namespace regtile {
namespace {

/// Indices as affine expressions of the loop's IV (d0) and of values
/// defined outside the loop (symbols), through the index arithmetic in its
/// body.
struct IndexExprs {
  scf::ForOp loop;
  SmallVector<Value> symbols;

  AffineExpr symbol(Value v) {
    unsigned pos = llvm::find(symbols, v) - symbols.begin();
    if (pos == symbols.size())
      symbols.push_back(v);
    return getAffineSymbolExpr(pos, loop.getContext());
  }

  std::optional<AffineExpr> get(OpFoldResult ofr) {
    MLIRContext *ctx = loop.getContext();
    if (std::optional<int64_t> c = getConstantIntValue(ofr))
      return getAffineConstantExpr(*c, ctx);
    Value v = cast<Value>(ofr);
    if (v == loop.getInductionVar())
      return getAffineDimExpr(0, ctx);
    if (loop.isDefinedOutsideOfLoop(v))
      return symbol(v);
    if (auto apply = v.getDefiningOp<affine::AffineApplyOp>()) {
      AffineMap map = apply.getAffineMap();
      SmallVector<AffineExpr> dims, syms;
      for (auto [i, operand] : llvm::enumerate(apply.getMapOperands())) {
        std::optional<AffineExpr> e = get(operand);
        if (!e)
          return std::nullopt;
        (i < map.getNumDims() ? dims : syms).push_back(*e);
      }
      return map.getResult(0).replaceDimsAndSymbols(dims, syms);
    }
    if (isa_and_nonnull<arith::AddIOp, arith::MulIOp>(v.getDefiningOp())) {
      Operation *def = v.getDefiningOp();
      std::optional<AffineExpr> a = get(def->getOperand(0)),
                                b = get(def->getOperand(1));
      if (!a || !b)
        return std::nullopt;
      if (isa<arith::AddIOp>(def))
        return *a + *b;
      // Affine: a product with a constant.
      if (isa<AffineConstantExpr>(*a) || isa<AffineConstantExpr>(*b))
        return *a * *b;
    }
    return std::nullopt;
  }
};

/// The positions a slice of a tensor.pad's result covers along one of the
/// pad's dims: first + stride * [0, size).
struct Span {
  AffineExpr first;
  int64_t stride = 1, size = 1;
};

/// One dim of a padded input the loop moves along: the iterations whose
/// slice holds some of the source there are
///   ceildiv(low - last - e0, c) <= iv < ceildiv(low + extent - e0, c)
/// with the slice's first position e0 + c * iv and last - first = `last`.
struct MovingDim {
  AffineExpr e0;
  int64_t c = 0, last = 0;
  OpFoldResult low;
  /// The source's size along the dim (a size, or the source tensor itself
  /// for a tensor.dim of it).
  OpFoldResult extent;
  unsigned dim = 0;
};

bool isZero(Value v) {
  return v && (matchPattern(v, m_AnyZeroFloat()) || matchPattern(v, m_Zero()));
}

/// A tensor of zeros: a tensor.generate yielding a constant zero, or a
/// zero constant.
bool isZeroTensor(Value v) {
  if (auto generate = v.getDefiningOp<tensor::GenerateOp>())
    return isZero(generate.getBody().front().getTerminator()->getOperand(0));
  return isZero(v);
}

/// The pad's source extent along `dim` as a value available before
/// `loop` (the pad itself may be inside a guard's region, its source a
/// slice there), or null.
OpFoldResult sourceExtent(tensor::PadOp pad, unsigned dim, scf::ForOp loop,
                          DominanceInfo &dom) {
  Value source = pad.getSource();
  if (auto slice = source.getDefiningOp<tensor::ExtractSliceOp>()) {
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    for (auto [i, size] : llvm::enumerate(slice.getMixedSizes())) {
      if (dropped.test(i))
        continue;
      if (dim-- == 0)
        return isa<Attribute>(size) ||
                       dom.properlyDominates(cast<Value>(size), loop)
                   ? size
                   : OpFoldResult();
    }
    return OpFoldResult();
  }
  auto type = cast<RankedTensorType>(source.getType());
  if (!type.isDynamicDim(dim))
    return Builder(loop.getContext()).getIndexAttr(type.getDimSize(dim));
  return dom.properlyDominates(source, loop) ? OpFoldResult(source)
                                             : OpFoldResult();
}

/// The dims along which the loop moves `input` (a slice, through
/// tensor.extract_slice ops, of a tensor.pad with zero padding) through the
/// pad's padding. Sets `reason` and returns nullopt where it cannot say.
std::optional<SmallVector<MovingDim>> movingPaddedDims(IndexExprs &exprs,
                                                       DominanceInfo &dom,
                                                       Value input,
                                                       std::string &reason) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type || !type.hasStaticShape())
    return SmallVector<MovingDim>();
  MLIRContext *ctx = input.getContext();
  SmallVector<Span> spans;
  for (int64_t size : type.getShape())
    spans.push_back({getAffineConstantExpr(0, ctx), 1, size});
  Value v = input;
  while (true) {
    if (auto cast = v.getDefiningOp<tensor::CastOp>()) {
      v = cast.getSource();
      continue;
    }
    // Tiling a tensor.pad guards its slice: all zeros (tensor.generate)
    // where the tile is all padding, else the pad of the source's slice.
    if (auto guard = v.getDefiningOp<scf::IfOp>();
        guard && !guard.getElseRegion().empty()) {
      unsigned r = cast<OpResult>(v).getResultNumber();
      Value thenValue = guard.thenYield().getOperand(r);
      Value elseValue = guard.elseYield().getOperand(r);
      v = isZeroTensor(thenValue)   ? elseValue
          : isZeroTensor(elseValue) ? thenValue
                                    : v;
      if (v != guard->getResult(r))
        continue;
    }
    auto slice = v.getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice)
      break;
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    SmallVector<Span> outer;
    unsigned k = 0;
    for (auto [i, off, stride] :
         llvm::enumerate(slice.getMixedOffsets(), slice.getMixedStrides())) {
      std::optional<AffineExpr> o = exprs.get(off);
      std::optional<int64_t> s = getConstantIntValue(stride);
      if (!o || !s || *s <= 0) {
        reason = "a slice of the input has an offset or stride regtile "
                 "cannot follow";
        return std::nullopt;
      }
      Span inner = dropped.test(i) ? Span{getAffineConstantExpr(0, ctx), 1, 1}
                                   : spans[k++];
      outer.push_back({*o + inner.first * *s, inner.stride * *s, inner.size});
    }
    spans = std::move(outer);
    v = slice.getSource();
  }
  auto pad = v.getDefiningOp<tensor::PadOp>();
  if (!pad)
    return SmallVector<MovingDim>();
  if (!isZero(pad.getConstantPaddingValue())) {
    reason = "the input is a slice of a tensor.pad whose padding value is "
             "not a constant zero";
    return std::nullopt;
  }
  SmallVector<MovingDim> moving;
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  for (auto [dim, span] : llvm::enumerate(spans)) {
    AffineExpr e0 = simplifyAffineExpr(
        span.first.replace(d0, getAffineConstantExpr(0, ctx)), 1,
        exprs.symbols.size());
    AffineExpr step = simplifyAffineExpr(
        span.first.replace(d0, getAffineConstantExpr(1, ctx)) - e0, 1,
        exprs.symbols.size());
    auto c = dyn_cast<AffineConstantExpr>(step);
    // Linear in the IV with a constant coefficient.
    if (!c || simplifyAffineExpr(span.first - e0 - d0 * c.getValue(), 1,
                                 exprs.symbols.size()) !=
                  getAffineConstantExpr(0, ctx)) {
      reason = "the input's position along a padded dim is not linear in "
               "the loop's induction variable";
      return std::nullopt;
    }
    if (c.getValue() == 0)
      continue;
    if (c.getValue() < 0) {
      reason = "the loop moves the input backwards along a padded dim";
      return std::nullopt;
    }
    OpFoldResult low = pad.getMixedLowPad()[dim];
    OpFoldResult extent = sourceExtent(pad, dim, exprs.loop, dom);
    if ((isa<Value>(low) &&
         !dom.properlyDominates(cast<Value>(low), exprs.loop)) ||
        !extent) {
      reason = "the tensor.pad's low padding or source size is not known "
               "before the loop";
      return std::nullopt;
    }
    moving.push_back({e0, c.getValue(), span.stride * (span.size - 1), low,
                      extent, static_cast<unsigned>(dim)});
  }
  return moving;
}

/// The op's output as the loop carries it: the iter_arg is the op's init
/// (directly or through an extract_slice) and the loop yields the op's
/// result (directly or inserted back at the same place). An iteration whose
/// op adds nothing then yields its iter_arg.
bool carriesOutput(scf::ForOp loop, linalg::LinalgOp op) {
  if (loop.getNumRegionIterArgs() != 1 || op->getNumResults() != 1)
    return false;
  Value arg = loop.getRegionIterArgs()[0];
  Value init = op.getDpsInitOperand(0)->get();
  Value yielded = loop.getBody()->getTerminator()->getOperand(0);
  if (init == arg)
    return yielded == op->getResult(0);
  auto extract = init.getDefiningOp<tensor::ExtractSliceOp>();
  auto insert = yielded.getDefiningOp<tensor::InsertSliceOp>();
  return extract && insert && extract.getSource() == arg &&
         insert.getDest() == arg && insert.getSource() == op->getResult(0) &&
         extract.getType() == insert.getSourceType() &&
         isEqualConstantIntOrValueArray(extract.getMixedOffsets(),
                                        insert.getMixedOffsets()) &&
         isEqualConstantIntOrValueArray(extract.getMixedSizes(),
                                        insert.getMixedSizes()) &&
         isEqualConstantIntOrValueArray(extract.getMixedStrides(),
                                        insert.getMixedStrides());
}

Value stripExtension(Value v) {
  if (isa_and_nonnull<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp>(
          v.getDefiningOp()))
    return v.getDefiningOp()->getOperand(0);
  return v;
}

/// The inputs `op`'s body multiplies into its output (`yield out + a * b`),
/// or a reason.
std::optional<SmallVector<unsigned>>
multipliedInputs(linalg::LinalgOp op, const SkipPaddedTapsOptions &options,
                 std::string &reason) {
  Block *body = op.getBlock();
  Operation *add = body->getTerminator()->getOperand(0).getDefiningOp();
  reason = "the op's body is not `yield out + a * b`";
  if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(add))
    return std::nullopt;
  BlockArgument out = body->getArgument(op.getNumDpsInputs());
  Value product = add->getOperand(0) == out   ? add->getOperand(1)
                  : add->getOperand(1) == out ? add->getOperand(0)
                                              : Value();
  Operation *mul = product ? product.getDefiningOp() : nullptr;
  if (!isa_and_nonnull<arith::MulFOp, arith::MulIOp>(mul))
    return std::nullopt;
  SmallVector<unsigned> inputs;
  for (Value factor : mul->getOperands()) {
    auto arg = dyn_cast<BlockArgument>(stripExtension(factor));
    if (!arg || arg.getOwner() != body ||
        arg.getArgNumber() >= op.getNumDpsInputs())
      return std::nullopt;
    inputs.push_back(arg.getArgNumber());
  }
  if (auto mulf = dyn_cast<arith::MulFOp>(mul);
      mulf && !options.assumeFinite &&
      !arith::bitEnumContainsAll(mulf.getFastmath(),
                                 arith::FastMathFlags::nnan |
                                     arith::FastMathFlags::ninf)) {
    reason = "skipping the padding's products changes the result where the "
             "other factor is inf or NaN (0 * inf is NaN): the "
             "multiplication has no `nnan ninf` fastmath flags; say "
             "`assume_finite` to take the values as finite";
    return std::nullopt;
  }
  reason.clear();
  return inputs;
}

} // namespace

FailureOr<SkipPaddedTapsResult>
skipPaddedTaps(RewriterBase &rewriter, scf::ForOp loop,
               const SkipPaddedTapsOptions &options, std::string &reason) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                         ub = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0 ||
      !loop.getInductionVar().getType().isIndex()) {
    reason = "expected a loop over index with constant bounds and a "
             "positive constant step";
    return failure();
  }
  linalg::LinalgOp op;
  for (Operation &o : loop.getBody()->without_terminator()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(o);
    if (linalgOp && !op && linalgOp.hasPureTensorSemantics()) {
      op = linalgOp;
      continue;
    }
    if (!isPure(&o)) {
      reason = "the loop's body has an op with side effects or more than "
               "one linalg op ('" +
               o.getName().getStringRef().str() + "')";
      return failure();
    }
  }
  if (!op || !carriesOutput(loop, op)) {
    reason = "expected a loop carrying the output of the one linalg op in "
             "its body, on tensors (as tile_using_for makes it)";
    return failure();
  }
  std::optional<SmallVector<unsigned>> inputs =
      multipliedInputs(op, options, reason);
  if (!inputs)
    return failure();

  IndexExprs exprs{loop, {}};
  DominanceInfo dom(loop->getParentOfType<FunctionOpInterface>());
  SmallVector<MovingDim> moving;
  unsigned paddedInputs = 0;
  for (unsigned input : *inputs) {
    std::optional<SmallVector<MovingDim>> dims = movingPaddedDims(
        exprs, dom, op.getDpsInputOperand(input)->get(), reason);
    if (!dims)
      return failure();
    paddedInputs += !dims->empty();
    llvm::append_range(moving, *dims);
  }
  if (moving.empty()) {
    reason = "no input the op multiplies is a slice of a tensor.pad's "
             "zeros that the loop moves along a padded dim";
    return failure();
  }
  // The bounds are built before the loop (a slice's offset may come from
  // inside the pad's guard).
  if (llvm::any_of(exprs.symbols,
                   [&](Value v) { return !dom.properlyDominates(v, loop); })) {
    reason = "the input's position along a padded dim is not known before "
             "the loop";
    return failure();
  }

  // lb' = max(lb, lb + ceildiv(first - lb, step) * step) over the first
  // useful iterations, ub' = min(ub, ...) over the last.
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  MLIRContext *ctx = loop.getContext();
  SmallVector<AffineExpr> lows = {getAffineConstantExpr(*lb, ctx)},
                          highs = {getAffineConstantExpr(*ub, ctx)};
  for (MovingDim &m : moving) {
    AffineExpr low = *exprs.get(m.low);
    OpFoldResult size = m.extent;
    if (auto v = dyn_cast<Value>(size); v && isa<TensorType>(v.getType()))
      size = tensor::getMixedSize(rewriter, loc, v, m.dim);
    AffineExpr extent = *exprs.get(size);
    AffineExpr first = (low - m.last - m.e0).ceilDiv(m.c);
    lows.push_back(*lb + (first - *lb).ceilDiv(*step) * *step);
    highs.push_back((low + extent - m.e0).ceilDiv(m.c));
  }
  SmallVector<OpFoldResult> operands(exprs.symbols.begin(),
                                     exprs.symbols.end());
  unsigned numSymbols = operands.size();
  OpFoldResult newLb = affine::makeComposedFoldedAffineMax(
      rewriter, loc, AffineMap::get(0, numSymbols, lows, ctx), operands);
  OpFoldResult newUb = affine::makeComposedFoldedAffineMin(
      rewriter, loc, AffineMap::get(0, numSymbols, highs, ctx), operands);
  rewriter.modifyOpInPlace(loop, [&] {
    loop.getLowerBoundMutable().assign(
        getValueOrCreateConstantIndexOp(rewriter, loc, newLb));
    loop.getUpperBoundMutable().assign(
        getValueOrCreateConstantIndexOp(rewriter, loc, newUb));
    loop->setAttr(kTrimmedFromAttrName,
                  rewriter.getDenseI64ArrayAttr({*lb, *ub}));
  });
  return SkipPaddedTapsResult{newLb, newUb, paddedInputs};
}

} // namespace regtile
