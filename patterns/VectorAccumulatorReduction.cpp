//===- VectorAccumulatorReduction.cpp - Register-resident reductions ------===//

#include "regtile/Patterns/VectorAccumulatorReduction.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
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
/// sum of negative zeros stays -0.0.
TypedAttr getIdentity(CombiningKind kind, Type type, Builder &b) {
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    switch (kind) {
    case CombiningKind::ADD:
      return b.getFloatAttr(type, llvm::APFloat::getZero(sem, true));
    case CombiningKind::MUL:
      return b.getFloatAttr(type, 1.0);
    case CombiningKind::MINIMUMF:
    case CombiningKind::MINNUMF:
      return b.getFloatAttr(type, llvm::APFloat::getInf(sem, false));
    default: // MAXIMUMF, MAXNUMF
      return b.getFloatAttr(type, llvm::APFloat::getInf(sem, true));
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
    if (!OpTrait::hasElementwiseMappableTraits(&bodyOp) ||
        bodyOp.getNumRegions() != 0 || bodyOp.getNumResults() != 1)
      return fail("unsupported op '" + bodyOp.getName().getStringRef() +
                  "' in the body (expected elementwise ops)");
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

/// Builds the vectorized body for one step of `width` elements starting at
/// `start` along the innermost dim; `mask` (may be null) selects the valid
/// lanes, the others contribute the identity.
class StepBuilder {
public:
  StepBuilder(linalg::LinalgOp op, const Analysis &a, int64_t width)
      : op(op), a(a), width(width) {}

  Value build(OpBuilder &b, Location loc, ArrayRef<Value> ivs, Value acc,
              Value start, Value mask) {
    IRMapping map;
    Block &body = op->getRegion(0).front();
    for (OpOperand *in : op.getDpsInputOperands()) {
      BlockArgument arg = body.getArgument(in->getOperandNumber());
      map.map(arg, readInput(b, loc, in, ivs, start, mask));
    }
    for (Operation *p : a.prologue) {
      for (Value operand : p->getOperands())
        if (!map.contains(operand))
          map.map(operand, splat(b, loc, operand));
      map.map(p->getResult(0), vectorizeOne(b, loc, p, map));
    }
    Value x = map.contains(a.combined) ? map.lookup(a.combined)
                                       : splat(b, loc, a.combined);
    if (mask) {
      Value identity = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(vecType(a.accType),
                                 getIdentity(a.kind, a.accType, b)));
      x = arith::SelectOp::create(b, loc, mask, x, identity);
    }
    IRMapping combine;
    BlockArgument out = body.getArgument(op.getNumDpsInputs());
    combine.map(out, acc);
    combine.map(a.combined, x);
    Operation *c = b.clone(*a.combiner, combine);
    c->getResult(0).setType(acc.getType());
    if (auto fmf = dyn_cast<arith::ArithFastMathInterface>(c))
      c->setAttr(fmf.getFastMathAttrName(),
                 arith::FastMathFlagsAttr::get(b.getContext(), a.fastmath));
    return c->getResult(0);
  }

  VectorType vecType(Type element) const {
    return VectorType::get({width}, element);
  }

private:
  Value splat(OpBuilder &b, Location loc, Value scalar) {
    return vector::BroadcastOp::create(b, loc, vecType(scalar.getType()),
                                       scalar);
  }

  Value readInput(OpBuilder &b, Location loc, OpOperand *in,
                  ArrayRef<Value> ivs, Value start, Value mask) {
    Value source = in->get();
    if (!isa<ShapedType>(source.getType()))
      return splat(b, loc, source);
    AffineMap map = op.getMatchingIndexingMap(in);
    SmallVector<Value> indices;
    bool usesInner = false;
    for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
      unsigned d = map.getDimPosition(i);
      usesInner |= d == a.innerDim;
      indices.push_back(d == a.innerDim ? start : ivs[d]);
    }
    Type element = getElementTypeOrSelf(source.getType());
    if (!usesInner) {
      Value scalar =
          isa<RankedTensorType>(source.getType())
              ? Value(tensor::ExtractOp::create(b, loc, source, indices))
              : Value(memref::LoadOp::create(b, loc, source, indices));
      return splat(b, loc, scalar);
    }
    unsigned rank = map.getNumResults();
    Value padding = ub::PoisonOp::create(b, loc, element);
    return vector::TransferReadOp::create(
        b, loc, vecType(element), source, indices,
        AffineMapAttr::get(
            AffineMap::getMinorIdentityMap(rank, 1, b.getContext())),
        padding, mask, b.getBoolArrayAttr({true}));
  }

  Value vectorizeOne(OpBuilder &b, Location loc, Operation *p, IRMapping &map) {
    if (auto cst = dyn_cast<arith::ConstantOp>(p))
      return arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(vecType(cst.getType()),
                                 cast<TypedAttr>(cst.getValue())));
    Operation *clone = b.clone(*p, map);
    clone->getResult(0).setType(vecType(p->getResult(0).getType()));
    return clone->getResult(0);
  }

  linalg::LinalgOp op;
  const Analysis &a;
  int64_t width;
};

int64_t defaultAccumulators(const Analysis &a, const TargetInfo &target) {
  // Enough independent accumulators to hide the combine latency on two
  // pipes: FP add/mul have a latency of ~4 cycles, the others ~1. Keep at
  // most a quarter of the registers for accumulators.
  int64_t wanted = isa<FloatType>(a.accType) && (a.kind == CombiningKind::ADD ||
                                                 a.kind == CombiningKind::MUL)
                       ? 8
                       : 4;
  return std::min<int64_t>(wanted, target.numVectorRegisters / 4);
}

} // namespace

LogicalResult canReduceToVectorAccumulator(linalg::LinalgOp op,
                                           const VectorAccumulatorOptions &o,
                                           std::string &reason) {
  Analysis a;
  return analyze(op, o, a, reason);
}

FailureOr<VectorAccumulatorResult> reduceToVectorAccumulator(
    RewriterBase &rewriter, linalg::LinalgOp op, const TargetInfo &target,
    const VectorAccumulatorOptions &options, std::string &reason) {
  Analysis a;
  if (failed(analyze(op, options, a, reason)))
    return failure();
  int64_t accumulators =
      options.accumulators.value_or(defaultAccumulators(a, target));
  if (accumulators < 1) {
    reason = "the number of accumulators must be positive";
    return failure();
  }
  int64_t width = accumulators * target.lanes(a.accType);

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  auto size = [&](unsigned d) {
    return getValueOrCreateConstantIndexOp(rewriter, loc, ranges[d].size);
  };
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value init = a.init->get();
  bool onTensors = isa<RankedTensorType>(init.getType());
  StepBuilder step(op, a, width);
  VectorType accVecType = step.vecType(a.accType);
  AffineMap initMap = op.getMatchingIndexingMap(a.init);

  auto dims = [&](ArrayRef<unsigned> ds, SmallVectorImpl<Value> &lbs,
                  SmallVectorImpl<Value> &ubs, SmallVectorImpl<Value> &steps) {
    for (unsigned d : ds) {
      lbs.push_back(zero);
      ubs.push_back(size(d));
      steps.push_back(one);
    }
  };
  SmallVector<Value> pLbs, pUbs, pSteps, rLbs, rUbs, rSteps;
  dims(a.parallelDims, pLbs, pUbs, pSteps);
  dims(a.outerReductionDims, rLbs, rUbs, rSteps);
  OpFoldResult innerSize = ranges[a.innerDim].size;
  std::optional<int64_t> staticInner =
      getConstantIntValue(ranges[a.innerDim].size);

  scf::ForOp mainLoop;
  Operation *finalReduction = nullptr;
  SmallVector<Value> ivs(a.numLoops);

  // Loop-invariant bounds of the innermost dim: an unmasked main part of
  // whole vectors and, unless statically empty, a masked tail.
  AffineExpr s0 = rewriter.getAffineSymbolExpr(0);
  Value widthValue = arith::ConstantIndexOp::create(rewriter, loc, width);
  Value mainEnd = getValueOrCreateConstantIndexOp(
      rewriter, loc,
      affine::makeComposedFoldedAffineApply(
          rewriter, loc, s0.floorDiv(width) * width, {innerSize}));
  Value tailMask;
  if (!staticInner || *staticInner % width != 0) {
    Value rest = getValueOrCreateConstantIndexOp(
        rewriter, loc,
        affine::makeComposedFoldedAffineApply(rewriter, loc, s0 % width,
                                              {innerSize}));
    tailMask = vector::CreateMaskOp::create(
        rewriter, loc, VectorType::get({width}, rewriter.getI1Type()),
        ValueRange{rest});
  }

  // Innermost dim: unmasked main loop, then one masked step for the tail.
  auto reduceInner = [&](OpBuilder &b, Location l, Value acc) -> Value {
    mainLoop = scf::ForOp::create(
        b, l, zero, mainEnd, widthValue, ValueRange{acc},
        [&](OpBuilder &nb, Location nl, Value iv, ValueRange args) {
          Value next = step.build(nb, nl, ivs, args[0], iv, /*mask=*/Value());
          scf::YieldOp::create(nb, nl, next);
        });
    acc = mainLoop.getResult(0);
    if (!tailMask)
      return acc;
    return step.build(b, l, ivs, acc, mainEnd, tailMask);
  };

  // Per output element: accumulate, then one horizontal reduction merged
  // with the output's initial value.
  Value accInit = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(accVecType,
                             getIdentity(a.kind, a.accType, rewriter)));
  auto perOutput = [&](OpBuilder &b, Location l, ValueRange pIvs,
                       ValueRange iterArgs) -> scf::ValueVector {
    for (auto [d, iv] : llvm::zip(a.parallelDims, pIvs))
      ivs[d] = iv;
    scf::LoopNest outer = scf::buildLoopNest(
        b, l, rLbs, rUbs, rSteps, ValueRange{accInit},
        [&](OpBuilder &nb, Location nl, ValueRange rIvs,
            ValueRange args) -> scf::ValueVector {
          for (auto [d, iv] : llvm::zip(a.outerReductionDims, rIvs))
            ivs[d] = iv;
          return {reduceInner(nb, nl, args[0])};
        });
    Value acc = outer.results.front();
    SmallVector<Value> outIdx;
    for (AffineExpr e : initMap.getResults())
      outIdx.push_back(ivs[cast<AffineDimExpr>(e).getPosition()]);
    Value dest = onTensors ? iterArgs.front() : init;
    Value initial = onTensors
                        ? Value(tensor::ExtractOp::create(b, l, dest, outIdx))
                        : Value(memref::LoadOp::create(b, l, dest, outIdx));
    auto red =
        vector::ReductionOp::create(b, l, a.kind, acc, initial, a.fastmath);
    finalReduction = red;
    if (!onTensors) {
      memref::StoreOp::create(b, l, red, dest, outIdx);
      return {};
    }
    return {tensor::InsertOp::create(b, l, red, dest, outIdx).getResult()};
  };

  ValueRange iterArgs = onTensors ? ValueRange{init} : ValueRange{};
  scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, pLbs, pUbs, pSteps,
                                          iterArgs, perOutput);
  if (onTensors)
    rewriter.replaceOp(op, nest.results);
  else
    rewriter.eraseOp(op);

  VectorAccumulatorResult result;
  result.reductionLoop = mainLoop;
  result.finalReduction = finalReduction;
  result.width = width;
  return result;
}

} // namespace regtile
