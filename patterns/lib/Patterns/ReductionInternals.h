//===- ReductionInternals.h - reduction parts -------------------*- C++ -*-===//
//-*-===//
//
// What the parts of reduce_to_vector_accumulator share (not an API): the
// analysis of the op (ReductionAnalysis.cpp), the per-step strategies that
// build, update and combine the accumulators (ReductionSteps.cpp: the plain
// form; ReductionI8Dot.cpp: the 4-way i8 dot form), and the loop nest and
// entry point around them (ReduceToVectorAccumulator.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LIB_REDUCTIONINTERNALS_H
#define REGTILE_PATTERNS_LIB_REDUCTIONINTERNALS_H

#include "regtile/Patterns/ReduceToVectorAccumulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <memory>
#include <optional>
#include <string>

namespace regtile::reduction {

using namespace mlir;
using vector::CombiningKind;

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

/// Analyzes `op` for the rewrite; on failure `reason` says why.
LogicalResult analyze(linalg::LinalgOp op,
                      const VectorAccumulatorOptions &options, Analysis &a,
                      std::string &reason);

/// The neutral element of `kind` on `type`.
TypedAttr getIdentity(CombiningKind kind, Type type, Builder &b);

/// Whether memory holds `type` in whole bytes of its own (not i1, i4).
bool isByteSized(Type type);

/// Integer division and remainder (a zero divisor, operand 1, traps).
bool isIntegerDivision(Operation *op);

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

/// Reads input `in` for a step: `width` elements from `start` along the
/// innermost dim (masked by `mask` if non-null), or a broadcast scalar.
Value readInput(OpBuilder &b, Location loc, linalg::LinalgOp op,
                unsigned innerDim, OpOperand *in, ArrayRef<Value> ivs,
                Value start, int64_t width, Value mask);

/// The masks of `count` pieces of `width` elements for a tail of `rest`.
SmallVector<Value> pieceMasks(OpBuilder &b, Location loc, Value rest,
                              int64_t count, int64_t width);

/// The start of piece `k` of `width` elements of a step at `start`.
Value pieceStart(OpBuilder &b, Location loc, Value start, int64_t k,
                 int64_t width);

/// `values` combined element-wise by `kind` as a balanced tree.
Value combineTree(OpBuilder &b, Location loc, CombiningKind kind,
                  ValueRange values, arith::FastMathFlags fastmath);

/// The horizontal reductions of `rows` vectors together: a vector of
/// rows.size() results (see ReductionSteps.cpp).
Value reduceRowsTogether(OpBuilder &b, Location loc, CombiningKind kind,
                         ArrayRef<Value> rows, arith::FastMathFlags fastmath);

/// The plain strategy: `accumulators` native vectors of `lanes` elements.
std::unique_ptr<Strategy> makePlainStrategy(linalg::LinalgOp op,
                                            const Analysis &a,
                                            int64_t accumulators,
                                            int64_t lanes);

/// An i32 sum of i8 values (b == nullptr) or of products of i8 values, each
/// widened with extsi (signed) or extui.
struct I8Dot {
  OpOperand *a = nullptr, *b = nullptr;
  bool aSigned = true, bSigned = true;
};

/// The i8 sum or dot product `a` reduces, if any.
std::optional<I8Dot> matchI8Dot(linalg::LinalgOp op, const Analysis &a);

/// Whether `target` has an instruction for the form of `dot`.
bool isI8DotSupported(const TargetInfo &target, const I8Dot &dot);

/// The 4-way dot strategy: `accumulators` vector<Lxi32> accumulators fed
/// `vectorBytes` bytes each per step.
std::unique_ptr<Strategy> makeI8DotStrategy(linalg::LinalgOp op,
                                            const Analysis &a, I8Dot dot,
                                            int64_t accumulators,
                                            int64_t vectorBytes);

} // namespace regtile::reduction

#endif // REGTILE_PATTERNS_LIB_REDUCTIONINTERNALS_H
