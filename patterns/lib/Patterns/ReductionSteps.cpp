//===- ReductionSteps.cpp - Accumulator steps -----------------------------===//

#include "ReductionInternals.h"

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

/// `type.getNumElements()` elements of `source` from `indices` along its
/// last dim, one scalar read each (for sub-byte element types, see
/// isByteSized); with a `mask` (a vector.create_mask), only the elements it
/// enables (the others are poison).
namespace {
Value readElementwise(OpBuilder &b, Location loc, Value source,
                      ArrayRef<Value> indices, VectorType type, Value mask) {
  int64_t width = type.getNumElements();
  Value count = arith::ConstantIndexOp::create(b, loc, width);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  if (mask) {
    auto createMask = mask.getDefiningOp<vector::CreateMaskOp>();
    assert(createMask && "tail masks are vector.create_mask");
    count = arith::MaxSIOp::create(
        b, loc, zero,
        arith::MinSIOp::create(b, loc, createMask.getOperand(0), count));
  }
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value init = ub::PoisonOp::create(b, loc, type);
  auto loop = scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{init},
      [&](OpBuilder &nb, Location nl, Value lane, ValueRange args) {
        SmallVector<Value> at(indices.begin(), indices.end());
        at.back() = arith::AddIOp::create(nb, nl, at.back(), lane);
        Value element =
            isa<RankedTensorType>(source.getType())
                ? Value(tensor::ExtractOp::create(nb, nl, source, at))
                : Value(memref::LoadOp::create(nb, nl, source, at));
        scf::YieldOp::create(
            nb, nl,
            ValueRange{vector::InsertOp::create(nb, nl, element, args.front(),
                                                ArrayRef<OpFoldResult>{lane})});
      });
  return loop.getResult(0);
}

} // namespace

/// Reads input `in` for a step: `width` elements from `start` along the
/// innermost dim (masked by `mask` if non-null), or a broadcast scalar if
/// the input does not depend on that dim.
Value readInput(OpBuilder &b, Location loc, linalg::LinalgOp op,
                unsigned innerDim, OpOperand *in, ArrayRef<Value> ivs,
                Value start, int64_t width, Value mask) {
  Value source = in->get();
  Type element = getElementTypeOrSelf(source.getType());
  VectorType vecType = VectorType::get({width}, element);
  if (!isa<ShapedType>(source.getType()))
    return vector::BroadcastOp::create(b, loc, vecType, source);
  AffineMap map = op.getMatchingIndexingMap(in);
  SmallVector<Value> indices;
  bool usesInner = false;
  for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
    unsigned d = map.getDimPosition(i);
    usesInner |= d == innerDim;
    indices.push_back(d == innerDim ? start : ivs[d]);
  }
  if (!usesInner) {
    Value scalar =
        isa<RankedTensorType>(source.getType())
            ? Value(tensor::ExtractOp::create(b, loc, source, indices))
            : Value(memref::LoadOp::create(b, loc, source, indices));
    return vector::BroadcastOp::create(b, loc, vecType, scalar);
  }
  if (!isByteSized(element))
    return readElementwise(b, loc, source, indices, vecType, mask);
  Value padding = ub::PoisonOp::create(b, loc, element);
  return vector::TransferReadOp::create(
      b, loc, vecType, source, indices,
      AffineMapAttr::get(AffineMap::getMinorIdentityMap(map.getNumResults(), 1,
                                                        b.getContext())),
      padding, mask, b.getBoolArrayAttr({true}));
}

/// The masks of `count` pieces of `width` elements for a tail of `rest`
/// elements (pieces past the tail get all-false masks: create_mask clamps
/// its size to [0, width]).
SmallVector<Value> pieceMasks(OpBuilder &b, Location loc, Value rest,
                              int64_t count, int64_t width) {
  SmallVector<Value> masks;
  for (int64_t k = 0; k < count; ++k) {
    Value left = k == 0
                     ? rest
                     : Value(arith::SubIOp::create(
                           b, loc, rest,
                           arith::ConstantIndexOp::create(b, loc, k * width)));
    masks.push_back(vector::CreateMaskOp::create(
        b, loc, VectorType::get({width}, b.getI1Type()), ValueRange{left}));
  }
  return masks;
}

/// The start of piece `k` of `width` elements of a step at `start`. Plain
/// index arithmetic: this runs inside loop-body builders, where affine's
/// folding helpers cannot inspect the not yet attached loop.
Value pieceStart(OpBuilder &b, Location loc, Value start, int64_t k,
                 int64_t width) {
  if (k == 0)
    return start;
  return arith::AddIOp::create(
      b, loc, start, arith::ConstantIndexOp::create(b, loc, k * width));
}

/// `values` combined element-wise by `kind` as a balanced tree.
Value combineTree(OpBuilder &b, Location loc, CombiningKind kind,
                  ValueRange values, arith::FastMathFlags fastmath) {
  auto fmf = arith::FastMathFlagsAttr::get(b.getContext(), fastmath);
  SmallVector<Value> level(values.begin(), values.end());
  while (level.size() > 1) {
    SmallVector<Value> up;
    for (size_t i = 0; i + 1 < level.size(); i += 2)
      up.push_back(vector::makeArithReduction(b, loc, kind, level[i],
                                              level[i + 1], fmf));
    if (level.size() % 2)
      up.push_back(level.back());
    level = std::move(up);
  }
  return level.front();
}

/// The horizontal reductions of `rows` vectors of the same type, together:
/// a vector of rows.size() results (combined by `kind`), through a
/// transpose-and-add network instead of one reduction per row. Level by
/// level, pairs of vectors in which row = lane mod P are merged into one in
/// which row = lane mod 2P: chunks of P lanes are split in two sets, one
/// vector takes the first set's chunks of both operands (w, x, w, x, ...),
/// the other the second set's, and the two are combined. The sets follow
/// x86's unpack and 128-bit lane shuffles (within a 128-bit lane of c >= 2
/// chunks: its first c/2 chunks, as vunpcklps/vunpcklpd; for wider chunks:
/// the even ones, as vshuff64x2 / vinsertf64x4), so each shuffle is one
/// instruction. Once one vector holds every row (row = lane mod R), halves
/// are added until R lanes are left (extracts of the upper half). R rows of
/// L lanes take R - 1 + log2(L / R) combines and 2 (R - 1) + log2(L / R)
/// shuffles instead of R log2(L) of each. Row counts that are not a power
/// of two are padded with identity vectors. Requires rows.size() <= L.
Value reduceRowsTogether(OpBuilder &b, Location loc, CombiningKind kind,
                         ArrayRef<Value> rows, arith::FastMathFlags fastmath) {
  auto type = cast<VectorType>(rows.front().getType());
  int64_t lanes = type.getNumElements();
  int64_t count = rows.size();
  int64_t padded = llvm::PowerOf2Ceil(count);
  assert(padded <= lanes && "more rows than lanes");
  int64_t lanesPer128 =
      std::max<int64_t>(1, 128 / storageBitwidth(type.getElementType()));
  auto fmf = arith::FastMathFlagsAttr::get(b.getContext(), fastmath);
  SmallVector<Value> level(rows.begin(), rows.end());
  if (padded > count) {
    Value identity = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type,
                               getIdentity(kind, type.getElementType(), b)));
    level.resize(padded, identity);
  }
  for (int64_t period = 1; level.size() > 1; period *= 2) {
    int64_t chunksPer128 = lanesPer128 / period;
    int64_t bit = chunksPer128 >= 2 ? llvm::Log2_64(chunksPer128) - 1 : 0;
    // Lanes of x ++ y (y's offset by `lanes`) for one set of chunks.
    auto take = [&](int64_t set) {
      SmallVector<int64_t> idx;
      for (int64_t c = 0; c < lanes / period; ++c) {
        if (((c >> bit) & 1) != set)
          continue;
        for (int64_t from : {int64_t(0), lanes})
          for (int64_t t = 0; t < period; ++t)
            idx.push_back(from + c * period + t);
      }
      return idx;
    };
    SmallVector<int64_t> first = take(0), second = take(1);
    SmallVector<Value> up;
    for (size_t i = 0; i < level.size(); i += 2) {
      Value lo =
          vector::ShuffleOp::create(b, loc, level[i], level[i + 1], first);
      Value hi =
          vector::ShuffleOp::create(b, loc, level[i], level[i + 1], second);
      up.push_back(vector::makeArithReduction(b, loc, kind, lo, hi, fmf));
    }
    level = std::move(up);
  }
  Value v = level.front();
  for (int64_t width = lanes; width > padded; width /= 2) {
    auto half = [&](int64_t offset) -> Value {
      return vector::ExtractStridedSliceOp::create(
          b, loc, v, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{width / 2},
          ArrayRef<int64_t>{1});
    };
    Value lo = half(0);
    Value hi = half(width / 2);
    v = vector::makeArithReduction(b, loc, kind, lo, hi, fmf);
  }
  if (padded > count)
    v = vector::ExtractStridedSliceOp::create(b, loc, v, ArrayRef<int64_t>{0},
                                              ArrayRef<int64_t>{count},
                                              ArrayRef<int64_t>{1});
  return v;
}

namespace {

/// The general strategy: `count` separate native vector accumulators of
/// `lanes` elements, each updated per step from its own `lanes` elements (in
/// ascending address order) with the body's prologue vectorized at that
/// width; masked-off lanes contribute the identity. Separate loop-carried
/// native vectors, not one super-vector: LLVM scalarizes a loop-carried
/// vector<3x16xf32>-like value when several rows are reduced together.
class PlainStrategy : public Strategy {
public:
  PlainStrategy(linalg::LinalgOp op, const Analysis &a, int64_t accumulators,
                int64_t lanes)
      : op(op), a(a), count(accumulators), lanes(lanes) {}

  int64_t stepWidth() const override { return count * lanes; }

  SmallVector<Value> init(OpBuilder &b, Location loc) override {
    return SmallVector<Value>(count, identity(b, loc));
  }

  SmallVector<Value> tailMasks(OpBuilder &b, Location loc,
                               Value rest) override {
    return pieceMasks(b, loc, rest, count, lanes);
  }

  SmallVector<Value> step(OpBuilder &b, Location loc, ArrayRef<Value> ivs,
                          ValueRange accs, Value start,
                          ArrayRef<Value> masks) override {
    Block &body = op->getRegion(0).front();
    // Values that do not depend on the step's elements (splats of scalars
    // from outside the body, constants, the identity), built once per step.
    IRMapping invariant;
    Value id;
    SmallVector<Value> next;
    for (int64_t k = 0; k < count; ++k) {
      Value at = pieceStart(b, loc, start, k, lanes);
      Value mask = masks.empty() ? Value() : masks[k];
      IRMapping map;
      for (OpOperand *in : op.getDpsInputOperands()) {
        BlockArgument arg = body.getArgument(in->getOperandNumber());
        if (Value v = invariant.lookupOrNull(arg)) {
          map.map(arg, v);
          continue;
        }
        Value v = readInput(b, loc, op, a.innerDim, in, ivs, at, lanes, mask);
        // An input that does not move along the innermost dim is a
        // broadcast, the same for every piece.
        if (isa<vector::BroadcastOp>(v.getDefiningOp()))
          invariant.map(arg, v);
        map.map(arg, v);
      }
      for (Operation *p : a.prologue) {
        for (Value operand : p->getOperands())
          if (!map.contains(operand))
            map.map(operand, splat(b, loc, operand, invariant));
        map.map(p->getResult(0), vectorizeOne(b, loc, p, map, invariant, mask));
      }
      Value x = map.contains(a.combined) ? map.lookup(a.combined)
                                         : splat(b, loc, a.combined, invariant);
      if (mask) {
        if (!id)
          id = identity(b, loc);
        x = arith::SelectOp::create(b, loc, mask, x, id);
      }
      IRMapping combine;
      combine.map(body.getArgument(op.getNumDpsInputs()), accs[k]);
      combine.map(a.combined, x);
      Operation *c = b.clone(*a.combiner, combine);
      c->getResult(0).setType(accs[k].getType());
      if (auto fmf = dyn_cast<arith::ArithFastMathInterface>(c))
        c->setAttr(fmf.getFastMathAttrName(),
                   arith::FastMathFlagsAttr::get(b.getContext(), a.fastmath));
      next.push_back(c->getResult(0));
    }
    return next;
  }

  Value combine(OpBuilder &b, Location loc, ValueRange accs) override {
    return combineTree(b, loc, a.kind, accs, a.fastmath);
  }

private:
  VectorType vecType(Type element) const {
    return VectorType::get({lanes}, element);
  }

  Value identity(OpBuilder &b, Location loc) const {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(vecType(a.accType),
                               getIdentity(a.kind, a.accType, b)));
  }

  Value splat(OpBuilder &b, Location loc, Value scalar, IRMapping &invariant) {
    if (Value v = invariant.lookupOrNull(scalar))
      return v;
    Value v =
        vector::BroadcastOp::create(b, loc, vecType(scalar.getType()), scalar);
    invariant.map(scalar, v);
    return v;
  }

  Value vectorizeOne(OpBuilder &b, Location loc, Operation *p, IRMapping &map,
                     IRMapping &invariant, Value mask) {
    if (auto cst = dyn_cast<arith::ConstantOp>(p)) {
      if (Value v = invariant.lookupOrNull(cst.getResult()))
        return v;
      Value v = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(vecType(cst.getType()),
                                 cast<TypedAttr>(cst.getValue())));
      invariant.map(cst.getResult(), v);
      return v;
    }
    Value safeDivisor;
    if (mask && isIntegerDivision(p)) {
      Type type = p->getOperand(1).getType();
      Value ones = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(vecType(type), b.getIntegerAttr(type, 1)));
      safeDivisor = arith::SelectOp::create(b, loc, mask,
                                            map.lookup(p->getOperand(1)), ones);
    }
    Operation *clone = b.clone(*p, map);
    if (safeDivisor)
      clone->setOperand(1, safeDivisor);
    clone->getResult(0).setType(vecType(p->getResult(0).getType()));
    return clone->getResult(0);
  }

  linalg::LinalgOp op;
  const Analysis &a;
  int64_t count, lanes;
};

} // namespace

std::unique_ptr<Strategy> makePlainStrategy(linalg::LinalgOp op,
                                            const Analysis &a,
                                            int64_t accumulators,
                                            int64_t lanes) {
  return std::make_unique<PlainStrategy>(op, a, accumulators, lanes);
}

} // namespace regtile::reduction
