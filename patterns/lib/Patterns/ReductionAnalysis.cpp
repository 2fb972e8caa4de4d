//===- ReductionAnalysis.cpp - What a reduction is ------------------------===//

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

namespace {

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

} // namespace

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
  return !type.isIntOrFloat() ||
         storageBitwidth(type) == type.getIntOrFloatBitWidth();
}

/// Integer division and remainder: undefined (x86: a trap) for a zero
/// divisor, operand 1. In a masked step their divisor is 1 in the lanes
/// past the end, whose inputs are padding.
bool isIntegerDivision(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
             arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op);
}

namespace {
bool needsReassociation(const Analysis &a) {
  return isa<FloatType>(a.accType) &&
         (a.kind == CombiningKind::ADD || a.kind == CombiningKind::MUL);
}

/// The loops (the innermost a reduction; the others parallel or outer
/// reductions) and the indexing maps of the output and inputs.
LogicalResult analyzeLoops(linalg::LinalgOp op, Analysis &a,
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
  return success();
}

/// The body's combiner: <combiner>(output, f(inputs)), yielded.
LogicalResult analyzeCombiner(linalg::LinalgOp op, Analysis &a,
                              std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
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
  return success();
}

/// The body ops computing the combined value (the prologue): elementwise,
/// and executable on the tail's padded lanes.
LogicalResult analyzePrologue(linalg::LinalgOp op, Analysis &a,
                              std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  Block &body = op->getRegion(0).front();
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
  return success();
}

/// FP add/mul reductions reassociate: the combiner's fastmath or
/// `allow_reassociation` must allow it.
LogicalResult checkReassociation(const VectorAccumulatorOptions &options,
                                 Analysis &a, std::string &reason) {
  if (auto fmf = dyn_cast<arith::ArithFastMathInterface>(a.combiner))
    a.fastmath = fmf.getFastMathFlagsAttr().getValue();
  if (needsReassociation(a)) {
    bool reassoc =
        bitEnumContainsAll(a.fastmath, arith::FastMathFlags::reassoc);
    if (!reassoc && !options.allowReassociation) {
      reason = ("floating-point '" + a.combiner->getName().getStringRef() +
                "' reduction needs reassociation: mark the combiner "
                "fastmath<reassoc> (or fast), or set allow_reassociation")
                   .str();
      return failure();
    }
    a.fastmath = a.fastmath | arith::FastMathFlags::reassoc;
  }
  return success();
}

} // namespace

LogicalResult analyze(linalg::LinalgOp op,
                      const VectorAccumulatorOptions &options, Analysis &a,
                      std::string &reason) {
  if (failed(analyzeLoops(op, a, reason)) ||
      failed(analyzeCombiner(op, a, reason)) ||
      failed(analyzePrologue(op, a, reason)))
    return failure();
  return checkReassociation(options, a, reason);
}

} // namespace regtile::reduction
