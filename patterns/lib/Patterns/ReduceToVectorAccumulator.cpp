//===- ReduceToVectorAccumulator.cpp - Register-resident reductions -------===//

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

using namespace mlir;
using vector::CombiningKind;

namespace regtile {
namespace {

/// What the rewrite needs to know about the op.
struct Analysis {
  unsigned numLoops = 0;
  unsigned innerDim = 0; // the innermost loop, a reduction
  SmallVector<unsigned> parallelDims, outerReductionDims;
  OpOperand *init = nullptr;
  Operation *combiner = nullptr;
  CombiningKind kind = CombiningKind::ADD;
  /// The value the combiner folds into the output (computed from inputs).
  Value combined;
  /// Body ops computing `combined`, in order.
  SmallVector<Operation *> prologue;
  Type accType;
  arith::FastMathFlags fastmath = arith::FastMathFlags::none;
};

std::optional<CombiningKind> getCombiningKind(Operation *op) {
  using K = CombiningKind;
  return llvm::TypeSwitch<Operation *, std::optional<K>>(op)
      .Case<arith::AddIOp, arith::AddFOp>([](auto) { return K::ADD; })
      .Case<arith::MulIOp, arith::MulFOp>([](auto) { return K::MUL; })
      .Case<arith::MinSIOp>([](auto) { return K::MINSI; })
      .Case<arith::MinUIOp>([](auto) { return K::MINUI; })
      .Case<arith::MaxSIOp>([](auto) { return K::MAXSI; })
      .Case<arith::MaxUIOp>([](auto) { return K::MAXUI; })
      .Case<arith::MinimumFOp>([](auto) { return K::MINIMUMF; })
      .Case<arith::MaximumFOp>([](auto) { return K::MAXIMUMF; })
      .Case<arith::MinNumFOp>([](auto) { return K::MINNUMF; })
      .Case<arith::MaxNumFOp>([](auto) { return K::MAXNUMF; })
      .Case<arith::AndIOp>([](auto) { return K::AND; })
      .Case<arith::OrIOp>([](auto) { return K::OR; })
      .Case<arith::XOrIOp>([](auto) { return K::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The neutral element of `kind` on `type`. Float add uses -0.0 so that a
/// sum of negative zeros stays -0.0; minimumf/maximumf use +-inf (IEEE
/// minimum(+inf, -0) = -0), minnumf/maxnumf NaN.
TypedAttr getIdentity(CombiningKind kind, Type type, Builder &b) {
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    switch (kind) {
    case CombiningKind::ADD:
      return b.getFloatAttr(type, llvm::APFloat::getZero(sem, true));
    case CombiningKind::MUL:
      return b.getFloatAttr(type, 1.0);
    case CombiningKind::MINIMUMF:
      return b.getFloatAttr(type, llvm::APFloat::getInf(sem, false));
    case CombiningKind::MAXIMUMF:
      return b.getFloatAttr(type, llvm::APFloat::getInf(sem, true));
    default: // MINNUMF, MAXNUMF: NaN is the one value both ignore (an
             // infinity would replace a row of NaNs).
      return b.getFloatAttr(type, llvm::APFloat::getQNaN(sem));
    }
  }
  unsigned w = type.getIntOrFloatBitWidth();
  switch (kind) {
  case CombiningKind::MUL:
    return b.getIntegerAttr(type, llvm::APInt(w, 1));
  case CombiningKind::AND:
  case CombiningKind::MINUI:
    return b.getIntegerAttr(type, llvm::APInt::getAllOnes(w));
  case CombiningKind::MINSI:
    return b.getIntegerAttr(type, llvm::APInt::getSignedMaxValue(w));
  case CombiningKind::MAXSI:
    return b.getIntegerAttr(type, llvm::APInt::getSignedMinValue(w));
  default: // ADD, OR, XOR, MAXUI
    return b.getIntegerAttr(type, llvm::APInt::getZero(w));
  }
}

/// Whether memory holds `type` in whole bytes of its own. A memref of a
/// sub-byte type (i1, i4) takes a byte per element, but a vector load or
/// store of it is bit-packed (LLVM's layout of <N x i1>): such elements are
/// read and written one by one.
bool isByteSized(Type type) {
  return !type.isIntOrFloat() || type.getIntOrFloatBitWidth() % 8 == 0;
}

/// Integer division and remainder: undefined (x86: a trap) for a zero
/// divisor, operand 1. In a masked step their divisor is 1 in the lanes
/// past the end, whose inputs are padding.
bool isIntegerDivision(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
             arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op);
}

bool needsReassociation(const Analysis &a) {
  return isa<FloatType>(a.accType) &&
         (a.kind == CombiningKind::ADD || a.kind == CombiningKind::MUL);
}

LogicalResult analyze(linalg::LinalgOp op,
                      const VectorAccumulatorOptions &options, Analysis &a,
                      std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  if (!op.hasPureTensorSemantics() && !op.hasPureBufferSemantics())
    return fail("mixes tensor and buffer operands");
  a.numLoops = op.getNumLoops();
  if (a.numLoops == 0)
    return fail("has no loops");
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  a.innerDim = a.numLoops - 1;
  if (iterators[a.innerDim] != utils::IteratorType::reduction)
    return fail("innermost iteration dimension (d" + Twine(a.innerDim) +
                ") is not a reduction");
  for (unsigned d = 0; d < a.innerDim; ++d)
    (iterators[d] == utils::IteratorType::parallel ? a.parallelDims
                                                   : a.outerReductionDims)
        .push_back(d);
  if (op.getNumDpsInits() != 1)
    return fail("expected one output operand, got " +
                Twine(op.getNumDpsInits()));
  a.init = op.getDpsInitOperand(0);
  AffineMap initMap = op.getMatchingIndexingMap(a.init);
  if (!initMap.isProjectedPermutation(/*allowZeroInResults=*/false))
    return fail("the output's indexing map is not a projected permutation");
  for (AffineExpr e : initMap.getResults())
    if (iterators[cast<AffineDimExpr>(e).getPosition()] !=
        utils::IteratorType::parallel)
      return fail("the output is indexed by a reduction dimension");
  for (OpOperand *in : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return fail("input #" + Twine(in->getOperandNumber()) +
                  " has an indexing map that is not a projected permutation");
    if (!isa<ShapedType>(in->get().getType()))
      continue; // scalar input
    for (unsigned i = 0, e = map.getNumResults(); i < e; ++i)
      if (map.getDimPosition(i) == a.innerDim && i + 1 != e)
        return fail("the innermost reduction dimension is not the innermost "
                    "dimension of input #" +
                    Twine(in->getOperandNumber()) + " (strided access)");
  }
  if (op.hasIndexSemantics())
    return fail("linalg.index in the body is not supported");

  Block &body = op->getRegion(0).front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1)
    return fail("expected one yielded value");
  BlockArgument out = body.getArgument(op.getNumDpsInputs());
  a.accType = out.getType();
  if (!a.accType.isIntOrFloat())
    return fail("the output element type " +
                llvm::formatv("{0}", a.accType).str() +
                " is not an integer or float");
  a.combiner = yield.getOperand(0).getDefiningOp();
  std::optional<CombiningKind> kind =
      a.combiner && a.combiner->getBlock() == &body
          ? getCombiningKind(a.combiner)
          : std::nullopt;
  if (!kind)
    return fail("unrecognized combiner: the yielded value must be "
                "<combiner>(output, f(inputs)) with <combiner> one of "
                "arith.addi/addf/muli/mulf/minsi/minui/maxsi/maxui/minimumf/"
                "maximumf/minnumf/maxnumf/andi/ori/xori");
  a.kind = *kind;
  Value lhs = a.combiner->getOperand(0), rhs = a.combiner->getOperand(1);
  if ((lhs == out) == (rhs == out))
    return fail("unrecognized combiner: '" +
                a.combiner->getName().getStringRef() +
                "' must combine the output with a value computed from the "
                "inputs");
  a.combined = lhs == out ? rhs : lhs;
  if (!out.hasOneUse())
    return fail("the output value is used outside the combiner");
  for (Operation &bodyOp : body.without_terminator()) {
    if (&bodyOp == a.combiner)
      continue;
    // Scalar constants (`x * 0.5`, `x | 1`, a select against 0) become
    // splats like any other elementwise value.
    auto cst = dyn_cast<arith::ConstantOp>(bodyOp);
    if (cst && cst.getType().isIntOrIndexOrFloat()) {
      a.prologue.push_back(&bodyOp);
      continue;
    }
    if (!OpTrait::hasElementwiseMappableTraits(&bodyOp) ||
        bodyOp.getNumRegions() != 0 || bodyOp.getNumResults() != 1)
      return fail("unsupported op '" + bodyOp.getName().getStringRef() +
                  "' in the body (expected elementwise ops)");
    // The masked tail runs the body on padding, too.
    if (!isSpeculatable(&bodyOp) && !isIntegerDivision(&bodyOp))
      return fail("'" + bodyOp.getName().getStringRef() +
                  "' in the body cannot be executed on the padded lanes of "
                  "the tail (not speculatable)");
    a.prologue.push_back(&bodyOp);
  }
  if (auto fmf = dyn_cast<arith::ArithFastMathInterface>(a.combiner))
    a.fastmath = fmf.getFastMathFlagsAttr().getValue();
  if (needsReassociation(a)) {
    bool reassoc =
        bitEnumContainsAll(a.fastmath, arith::FastMathFlags::reassoc);
    if (!reassoc && !options.allowReassociation)
      return fail("floating-point '" + a.combiner->getName().getStringRef() +
                  "' reduction needs reassociation: mark the combiner "
                  "fastmath<reassoc> (or fast), or set allow_reassociation");
    a.fastmath = a.fastmath | arith::FastMathFlags::reassoc;
  }
  return success();
}

/// How the accumulators of one output element are built, updated and
/// combined. The loop structure around them is shared.
class Strategy {
public:
  virtual ~Strategy() = default;
  /// Elements of the innermost dim consumed by one main-loop iteration.
  virtual int64_t stepWidth() const = 0;
  /// The accumulators' initial values.
  virtual SmallVector<Value> init(OpBuilder &b, Location loc) = 0;
  /// Masks of the tail step, given the number of remaining elements.
  virtual SmallVector<Value> tailMasks(OpBuilder &b, Location loc,
                                       Value rest) = 0;
  /// One step at `start` of the innermost dim; `masks` empty in the main
  /// loop.
  virtual SmallVector<Value> step(OpBuilder &b, Location loc,
                                  ArrayRef<Value> ivs, ValueRange accs,
                                  Value start, ArrayRef<Value> masks) = 0;
  /// Combines the accumulators of one output element into one native
  /// vector of partial results (combined by the op's combiner).
  virtual Value combine(OpBuilder &b, Location loc, ValueRange accs) = 0;
};

/// `type.getNumElements()` elements of `source` from `indices` along its
/// last dim, one scalar read each (for sub-byte element types, see
/// isByteSized); with a `mask` (a vector.create_mask), only the elements it
/// enables (the others are poison).
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
  // (Lanes as TargetInfo::lanes counts them: a sub-byte type takes a byte.)
  int64_t lanesPer128 = std::max<int64_t>(
      1, 128 / llvm::alignTo(type.getElementTypeBitWidth(), 8));
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

//===----------------------------------------------------------------------===//
// i8 sums and dot products in the 4-way dot form (vpdpbusd, vpmaddubsw)
//===----------------------------------------------------------------------===//

/// An i32 sum of i8 values (b == nullptr) or of products of i8 values, each
/// widened with extsi (signed) or extui.
struct I8Dot {
  OpOperand *a = nullptr, *b = nullptr;
  bool aSigned = true, bSigned = true;
};

/// `v` = ext(input block argument of type i8) along the innermost dim.
static std::optional<std::pair<OpOperand *, bool>>
matchWidenedI8Input(linalg::LinalgOp op, unsigned innerDim, Value v) {
  Operation *ext = v.getDefiningOp();
  if (!ext || !isa<arith::ExtSIOp, arith::ExtUIOp>(ext))
    return std::nullopt;
  auto arg = dyn_cast<BlockArgument>(ext->getOperand(0));
  if (!arg || arg.getOwner() != &op->getRegion(0).front() ||
      arg.getArgNumber() >= op.getNumDpsInputs() || !arg.getType().isInteger(8))
    return std::nullopt;
  OpOperand *in = op.getDpsInputOperand(arg.getArgNumber());
  if (!isa<ShapedType>(in->get().getType()))
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(in);
  if (map.getNumResults() == 0 ||
      map.getDimPosition(map.getNumResults() - 1) != innerDim)
    return std::nullopt;
  return std::make_pair(in, isa<arith::ExtSIOp>(ext));
}

static std::optional<I8Dot> matchI8Dot(linalg::LinalgOp op, const Analysis &a) {
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

/// `accumulators` native vector<Lxi32> accumulators (L = lanes of the
/// target's vectors), each updated per step by one 4-way dot of 4L bytes
/// (four i8 products or values summed per i32 lane):
///   sum of s8 x:        acc += dot(u8 ones, x)
///   sum of u8 x:        acc += dot(x, s8 ones)
///   sum of u8 a * s8 b: acc += dot(a, b)
///   sum of s8 a * s8 b: acc += dot(a ^ 0x80, b)  (= (a + 128) * b as u8)
///                       corr += dot(u8 ones, b), result -= 128 * sum(corr)
/// Masked-off bytes are zero, which adds nothing. The lowering selects
/// vpdpbusd on AVX-512 VNNI targets, and for the sums (one side ones)
/// vpmaddubsw + vpmaddwd elsewhere (populateI8DotPatterns).
class I8DotStrategy : public Strategy {
public:
  I8DotStrategy(linalg::LinalgOp op, const Analysis &a, I8Dot dot,
                int64_t accumulators, int64_t vectorBytes)
      : op(op), a(a), dot(dot), count(accumulators),
        corrected(dot.b && dot.aSigned), stepBytes(vectorBytes),
        lanes(vectorBytes / 4) {}

  /// Whether `target` has an instruction for the form of `dot`: any dot
  /// with AVX-512 VNNI (512-bit vectors), sums (one side all ones, no
  /// saturation in vpmaddubsw's pairs) with AVX2 or AVX-512 BW.
  static bool supports(const TargetInfo &target, const I8Dot &dot) {
    if (target.simdBits == 512 && target.hasAVX512VNNI())
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
    else
      products =
          arith::MulIOp::create(b, loc, widen(u8, false), widen(s8, true));
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

/// Rows reduced together by default: 4 (one transpose-and-add network and
/// one vector store per 4 output elements instead of 4 horizontal
/// reductions, and 4 independent chains even with one accumulator each), at
/// most the lanes of the partial results and the static extent of the row
/// dim, and with a fixed accumulator count as many as fit the register file
/// beside 2 load registers (a derived count never makes a fixed one fail),
/// rounded down to a power of two; 1 without a parallel dim.
int64_t defaultRows(linalg::LinalgOp op, const Analysis &a,
                    const TargetInfo &target, int64_t partialLanes,
                    std::optional<int64_t> accumulators) {
  if (a.parallelDims.empty())
    return 1;
  int64_t rows = std::min<int64_t>(4, partialLanes);
  if (accumulators && *accumulators > 0)
    rows = std::min<int64_t>(rows, (int64_t(target.numVectorRegisters) - 2) /
                                       *accumulators);
  int64_t extent = op.getStaticLoopRanges()[a.parallelDims.back()];
  if (!ShapedType::isDynamic(extent))
    rows = std::min(rows, std::max<int64_t>(1, extent));
  return llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, rows)));
}

int64_t defaultAccumulators(const Analysis &a, const TargetInfo &target,
                            int64_t rows) {
  // Enough independent chains to hide the combine latency, shared by the
  // `rows` rows reduced together (each row's accumulators are chains of
  // their own): for FP add/mul, latency x throughput of the vector
  // instruction in LLVM's scheduling model of the target (3 on Zen 4/5 and
  // Haswell, 4 on Ice Lake, 6 on Sapphire Rapids, 8 on Skylake-AVX512), at
  // least 2; 8 where the model has no data. Integer and min/max combiners:
  // 4 (one-cycle ops; memory-bound). Per row, chains / rows rounded up, to a
  // power of two: a step of a power of two
  // native vectors divides the power-of-two rows payloads usually have (a
  // 512-float row is 8 steps of 4 x 16, but 10 steps of 3 x 16 and a
  // masked tail of 2 x 16). At most a quarter of the registers,
  // and with `rows` > 1 no more than fit `rows` times beside the 2 load
  // registers (a derived count never makes a fixed `rows` fail: 4 rows on
  // AVX2's 16 registers get 2 accumulators each), at least 1.
  bool fpArith = isa<FloatType>(a.accType) &&
                 (a.kind == CombiningKind::ADD || a.kind == CombiningKind::MUL);
  int64_t chains = 4;
  if (fpArith) {
    const std::optional<InstrTiming> &timing =
        a.kind == CombiningKind::ADD ? target.vectorFAdd : target.vectorFMul;
    chains = timing ? std::max<int64_t>(2, timing->independentChains()) : 8;
  }
  int64_t limit = target.numVectorRegisters / 4;
  if (rows > 1)
    limit = std::min<int64_t>(limit, (target.numVectorRegisters - 2) / rows);
  int64_t perRow = llvm::divideCeil(chains, rows);
  int64_t wanted = 1;
  while (wanted < perRow && wanted * 2 <= limit)
    wanted *= 2;
  return wanted;
}

} // namespace

LogicalResult canReduceToVectorAccumulator(linalg::LinalgOp op,
                                           const VectorAccumulatorOptions &o,
                                           std::string &reason) {
  Analysis a;
  return analyze(op, o, a, reason);
}

namespace {

/// Checks the knobs against the op and the target.
LogicalResult checkKnobs(const Analysis &a, int64_t accumulators, int64_t rows,
                         const TargetInfo &target, std::string &reason) {
  if (accumulators < 1) {
    reason = "the number of accumulators must be positive";
    return failure();
  }
  if (rows < 1) {
    reason = "the number of rows must be positive";
    return failure();
  }
  if (rows > 1 && a.parallelDims.empty()) {
    reason = "rows = " + std::to_string(rows) +
             " needs a parallel dim (several output elements)";
    return failure();
  }
  if (rows > 1 && rows * accumulators + 2 > target.numVectorRegisters) {
    reason = std::to_string(rows) + " rows x " + std::to_string(accumulators) +
             " accumulators + 2 registers for loads exceed the " +
             std::to_string(target.numVectorRegisters) +
             " vector registers of the target";
    return failure();
  }
  return success();
}

/// Builds the loop nest that replaces the op: the parallel dims (in blocks
/// of rows along the innermost one), the outer reduction dims, and the
/// innermost dim as an unmasked main loop of whole steps plus one masked
/// step for the tail, the accumulators carried through them; per output
/// element one horizontal reduction merged with its initial value.
class AccumulatorNestBuilder {
public:
  AccumulatorNestBuilder(RewriterBase &rewriter, linalg::LinalgOp op,
                         const Analysis &a, Strategy &strategy)
      : rewriter(rewriter), op(op), a(a), strategy(strategy), loc(op.getLoc()),
        ivs(a.numLoops) {
    if (!a.parallelDims.empty())
      rowDim = a.parallelDims.back();
  }

  /// Builds the nest before the op and replaces it; the main loops built
  /// (the first is the blocks' one) and the final reduction.
  void build(int64_t rows) {
    rewriter.setInsertionPoint(op);
    buildInvariants();
    // (Not a ValueRange of a braced list: that would point into a
    // temporary.)
    SmallVector<Value, 1> iterArgs;
    if (onTensors)
      iterArgs.push_back(init);
    SmallVector<Value> results;
    if (rows == 1) {
      results = scf::buildLoopNest(rewriter, loc, pLbs, pUbs, pSteps, iterArgs,
                                   perOutputBlock(1))
                    .results;
    } else {
      // Blocks of `rows` along the innermost parallel dim, then the rows
      // left.
      AffineExpr s0 = rewriter.getAffineSymbolExpr(0);
      Value blockEnd = getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(
              rewriter, loc, s0.floorDiv(rows) * rows,
              {getAsOpFoldResult(pUbs.back())}));
      SmallVector<Value> blockUbs(pUbs), blockSteps(pSteps);
      blockUbs.back() = blockEnd;
      blockSteps.back() = arith::ConstantIndexOp::create(rewriter, loc, rows);
      results = scf::buildLoopNest(rewriter, loc, pLbs, blockUbs, blockSteps,
                                   iterArgs, perOutputBlock(rows))
                    .results;
      SmallVector<Value> restLbs(pLbs);
      restLbs.back() = blockEnd;
      SmallVector<Value> restArgs(results.begin(), results.end());
      // The handles name the blocks' loop (mainLoops.front()) and reduction.
      Operation *blockFinal = finalReduction;
      results = scf::buildLoopNest(rewriter, loc, restLbs, pUbs, pSteps,
                                   restArgs, perOutputBlock(1))
                    .results;
      finalReduction = blockFinal;
    }
    if (onTensors)
      rewriter.replaceOp(op, results);
    else
      rewriter.eraseOp(op);
  }

  SmallVector<scf::ForOp> mainLoops;
  Operation *finalReduction = nullptr;

private:
  /// Bounds and values shared by every block: loop bounds, the inner dim's
  /// main part of whole steps and tail masks (unless statically empty), the
  /// accumulators' initial value.
  void buildInvariants() {
    ranges = op.createLoopRanges(rewriter, loc);
    zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    init = a.init->get();
    onTensors = isa<RankedTensorType>(init.getType());
    initMap = op.getMatchingIndexingMap(a.init);
    auto upperBounds = [&](ArrayRef<unsigned> ds, SmallVectorImpl<Value> &ubs) {
      for (unsigned d : ds)
        ubs.push_back(
            getValueOrCreateConstantIndexOp(rewriter, loc, ranges[d].size));
    };
    upperBounds(a.parallelDims, pUbs);
    upperBounds(a.outerReductionDims, rUbs);
    pLbs.assign(pUbs.size(), zero);
    pSteps.assign(pUbs.size(), one);
    rLbs.assign(rUbs.size(), zero);
    rSteps.assign(rUbs.size(), one);

    int64_t width = strategy.stepWidth();
    OpFoldResult innerSize = ranges[a.innerDim].size;
    std::optional<int64_t> staticInner = getConstantIntValue(innerSize);
    AffineExpr s0 = rewriter.getAffineSymbolExpr(0);
    widthValue = arith::ConstantIndexOp::create(rewriter, loc, width);
    mainEnd = getValueOrCreateConstantIndexOp(
        rewriter, loc,
        affine::makeComposedFoldedAffineApply(
            rewriter, loc, s0.floorDiv(width) * width, {innerSize}));
    if (!staticInner || *staticInner % width != 0) {
      Value rest = getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(rewriter, loc, s0 % width,
                                                {innerSize}));
      tailMasks = strategy.tailMasks(rewriter, loc, rest);
    }
    accInit = strategy.init(rewriter, loc);
  }

  ValueRange rowAccs(ValueRange accs, int64_t r) const {
    return accs.slice(r * accInit.size(), accInit.size());
  }

  /// One step of the innermost dim (at `start`, masked by `masks` if any)
  /// for every row of the block.
  SmallVector<Value> stepRows(OpBuilder &b, Location l, ValueRange accs,
                              Value start, ArrayRef<Value> masks) {
    SmallVector<Value> next;
    for (int64_t r = 0, e = rowIvs.size(); r < e; ++r) {
      if (rowDim)
        ivs[*rowDim] = rowIvs[r];
      llvm::append_range(
          next, strategy.step(b, l, ivs, rowAccs(accs, r), start, masks));
    }
    return next;
  }

  /// Innermost dim: unmasked main loop, then one masked step for the tail;
  /// the rows of the block interleaved in both.
  SmallVector<Value> reduceInner(OpBuilder &b, Location l, ValueRange accs) {
    scf::ForOp mainLoop = scf::ForOp::create(
        b, l, zero, mainEnd, widthValue, accs,
        [&](OpBuilder &nb, Location nl, Value iv, ValueRange args) {
          scf::YieldOp::create(nb, nl, stepRows(nb, nl, args, iv, {}));
        });
    mainLoops.push_back(mainLoop);
    SmallVector<Value> result(mainLoop.getResults());
    if (tailMasks.empty())
      return result;
    return stepRows(b, l, result, mainEnd, tailMasks);
  }

  /// Per block of `blockRows` output elements: accumulate, then one
  /// horizontal reduction each, merged with the output's initial value.
  scf::ValueVector outputBlock(OpBuilder &b, Location l, ValueRange pIvs,
                               ValueRange iterArgs, int64_t blockRows) {
    for (auto [d, iv] : llvm::zip(a.parallelDims, pIvs))
      ivs[d] = iv;
    // (blockRows > 1 implies a row dim.)
    rowIvs.assign(1, rowDim ? ivs[*rowDim] : Value());
    for (int64_t r = 1; r < blockRows; ++r)
      rowIvs.push_back(arith::AddIOp::create(
          b, l, rowIvs.front(), arith::ConstantIndexOp::create(b, l, r)));
    SmallVector<Value> inits;
    for (int64_t r = 0; r < blockRows; ++r)
      llvm::append_range(inits, accInit);
    scf::LoopNest outer = scf::buildLoopNest(
        b, l, rLbs, rUbs, rSteps, inits,
        [&](OpBuilder &nb, Location nl, ValueRange rIvs,
            ValueRange args) -> scf::ValueVector {
          for (auto [d, iv] : llvm::zip(a.outerReductionDims, rIvs))
            ivs[d] = iv;
          return reduceInner(nb, nl, args);
        });
    SmallVector<Value> partial;
    for (int64_t r = 0; r < blockRows; ++r)
      partial.push_back(strategy.combine(b, l, rowAccs(outer.results, r)));
    Value dest = onTensors ? iterArgs.front() : init;
    int64_t lanes =
        cast<VectorType>(partial.front().getType()).getNumElements();
    if (blockRows > 1 && blockRows <= lanes)
      dest = storeRowsTogether(b, l, partial, dest);
    else
      for (int64_t r = 0; r < blockRows; ++r)
        dest = storeRow(b, l, r, partial[r], dest);
    if (!onTensors)
      return {};
    return {dest};
  }

  /// The output indices of row `r` of the block.
  SmallVector<Value> outIndices(int64_t r) {
    if (rowDim)
      ivs[*rowDim] = rowIvs[r];
    SmallVector<Value> outIdx;
    for (AffineExpr e : initMap.getResults())
      outIdx.push_back(ivs[cast<AffineDimExpr>(e).getPosition()]);
    return outIdx;
  }

  /// The output element at `idx` of `dest`.
  Value readOutput(OpBuilder &b, Location l, Value dest, ValueRange idx) {
    if (onTensors)
      return tensor::ExtractOp::create(b, l, dest, idx);
    return memref::LoadOp::create(b, l, dest, idx);
  }

  /// Stores `v` at `idx` of `dest`; the new destination.
  Value writeOutput(OpBuilder &b, Location l, Value v, Value dest,
                    ValueRange idx) {
    if (onTensors)
      return tensor::InsertOp::create(b, l, v, dest, idx);
    memref::StoreOp::create(b, l, v, dest, idx);
    return dest;
  }

  /// One horizontal reduction of row `r`'s partial results, merged with the
  /// output's initial value and stored; the new destination.
  Value storeRow(OpBuilder &b, Location l, int64_t r, Value partial,
                 Value dest) {
    SmallVector<Value> outIdx = outIndices(r);
    auto red = vector::ReductionOp::create(
        b, l, a.kind, partial, readOutput(b, l, dest, outIdx), a.fastmath);
    finalReduction = red;
    return writeOutput(b, l, red, dest, outIdx);
  }

  /// The horizontal reductions of the block's rows together (one vector of
  /// results), merged with the rows' initial values and stored: as one
  /// vector read and write where the rows are contiguous in the output (the
  /// row dim is its innermost, unit-stride dim), else element by element.
  /// The new destination.
  Value storeRowsTogether(OpBuilder &b, Location l, ArrayRef<Value> partial,
                          Value dest) {
    int64_t count = partial.size();
    Value results = reduceRowsTogether(b, l, a.kind, partial, a.fastmath);
    auto type = cast<VectorType>(results.getType());
    bool contiguous =
        initMap.getNumResults() > 0 &&
        initMap.getResults().back() == b.getAffineDimExpr(*rowDim);
    if (auto memrefType = dyn_cast<MemRefType>(dest.getType()))
      contiguous &= memrefType.isLastDimUnitStride();
    contiguous &= isByteSized(type.getElementType());
    SmallVector<Value> firstIdx = outIndices(0);
    Value initial;
    if (contiguous) {
      Value padding = ub::PoisonOp::create(b, l, type.getElementType());
      initial = vector::TransferReadOp::create(b, l, type, dest, firstIdx,
                                               padding, ArrayRef<bool>{true});
    } else {
      SmallVector<Value> initials;
      for (int64_t r = 0; r < count; ++r)
        initials.push_back(readOutput(b, l, dest, outIndices(r)));
      initial = vector::FromElementsOp::create(b, l, type, initials);
    }
    Value merged = vector::makeArithReduction(
        b, l, a.kind, results, initial,
        arith::FastMathFlagsAttr::get(b.getContext(), a.fastmath));
    finalReduction = merged.getDefiningOp();
    if (contiguous) {
      auto write = vector::TransferWriteOp::create(b, l, merged, dest, firstIdx,
                                                   ArrayRef<bool>{true});
      return onTensors ? write.getResult() : dest;
    }
    for (int64_t r = 0; r < count; ++r)
      dest = writeOutput(b, l, vector::ExtractOp::create(b, l, merged, r), dest,
                         outIndices(r));
    return dest;
  }

  std::function<scf::ValueVector(OpBuilder &, Location, ValueRange, ValueRange)>
  perOutputBlock(int64_t blockRows) {
    return [this, blockRows](OpBuilder &b, Location l, ValueRange pIvs,
                             ValueRange iterArgs) {
      return outputBlock(b, l, pIvs, iterArgs, blockRows);
    };
  }

  RewriterBase &rewriter;
  linalg::LinalgOp op;
  const Analysis &a;
  Strategy &strategy;
  Location loc;

  SmallVector<Range> ranges;
  Value zero, init, widthValue, mainEnd;
  bool onTensors = false;
  AffineMap initMap;
  SmallVector<Value> pLbs, pUbs, pSteps, rLbs, rUbs, rSteps;
  SmallVector<Value> tailMasks, accInit;
  /// The loop ivs as the body is built; the rows of a block are ivs of the
  /// innermost parallel dim (block start + r), set before each row's IR.
  SmallVector<Value> ivs;
  std::optional<unsigned> rowDim;
  SmallVector<Value> rowIvs;
};

/// Ops of the main loops wider than a native vector (inputs of a wider type
/// than the accumulators, e.g. f64 read into an f32 sum) in native pieces,
/// in ascending address order: left whole, LLVM splits the wide loads in
/// descending runs (a
/// zig-zag over each iteration's lines that hardware prefetchers follow less
/// well: 0.79x the ascending form on a DRAM-sized f32 sum, Zen 4).
void unrollMainLoops(ArrayRef<scf::ForOp> mainLoops, const TargetInfo &target,
                     MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  NativeVectorOptions native;
  native.nativeBits = target.simdBits;
  native.registers = target.numVectorRegisters;
  populateUnrollToNativeVectorsPatterns(patterns, std::nullopt, native);
  FrozenRewritePatternSet frozen(std::move(patterns));
  // Within the loops only, and no constant deduplication: values the caller
  // still holds (and handles of the transform) must survive.
  for (scf::ForOp mainLoop : mainLoops) {
    GreedyRewriteConfig config;
    config.setScope(&mainLoop.getRegion())
        .enableConstantCSE(false)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(mainLoop.getRegion(), frozen, config);
  }
}

} // namespace

FailureOr<VectorAccumulatorResult> reduceToVectorAccumulator(
    RewriterBase &rewriter, linalg::LinalgOp op, const TargetInfo &target,
    const VectorAccumulatorOptions &options, std::string &reason) {
  Analysis a;
  if (failed(analyze(op, options, a, reason)))
    return failure();
  std::optional<I8Dot> dot = matchI8Dot(op, a);
  if (dot && !I8DotStrategy::supports(target, *dot))
    dot = std::nullopt;
  // Lanes of a row's partial results (i32 in the 4-way dot form).
  int64_t partialLanes = dot ? target.simdBits / 32 : target.lanes(a.accType);
  int64_t rows = options.rows.value_or(
      defaultRows(op, a, target, partialLanes, options.accumulators));
  int64_t accumulators =
      options.accumulators.value_or(defaultAccumulators(a, target, rows));
  if (failed(checkKnobs(a, accumulators, rows, target, reason)))
    return failure();
  std::unique_ptr<Strategy> strategy;
  if (dot)
    strategy = std::make_unique<I8DotStrategy>(op, a, *dot, accumulators,
                                               target.simdBits / 8);
  else
    strategy = std::make_unique<PlainStrategy>(op, a, accumulators,
                                               target.lanes(a.accType));

  OpBuilder::InsertionGuard guard(rewriter);
  AccumulatorNestBuilder nest(rewriter, op, a, *strategy);
  nest.build(rows);
  // The 4-way dot form is left whole: its instruction selection needs it.
  if (!dot)
    unrollMainLoops(nest.mainLoops, target, rewriter.getContext());

  VectorAccumulatorResult result;
  result.reductionLoop = nest.mainLoops.front();
  result.finalReduction = nest.finalReduction;
  result.width = strategy->stepWidth();
  result.usesI8Dot = dot.has_value();
  return result;
}

} // namespace regtile
