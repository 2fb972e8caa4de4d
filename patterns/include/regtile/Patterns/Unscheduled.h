//===- Unscheduled.h - Compute ops a strategy left unscheduled --*- C++ -*-===//
//
// What a strategy leaves behind: the compute ops of a kind it schedules
// (2-D convolutions, contractions, elementwise epilogues) or of a kind no
// strategy takes yet (reductions) still in a function after it ran, with
// why regtile does not schedule them, so that a strategy can warn instead of
// leaving an op as scalar loops silently
// (transform.regtile.report_unscheduled).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_UNSCHEDULED_H
#define REGTILE_PATTERNS_UNSCHEDULED_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace regtile {

/// The kinds of compute ops regtile's strategies schedule.
enum class ComputeKind {
  /// Linalg ops with a convolution's structure (upstream's
  /// isaConvolutionOpInterface: named convolutions of any layout,
  /// depthwise, generics; not pooling, whose window operand is shape only),
  /// @regtile_conv2d's kind.
  Convolution,
  /// Linalg ops with a contraction's structure (upstream's
  /// isaContractionOpInterface: matmul and batch_matmul in any layout,
  /// matvec, vecmat, generics), @regtile_matmul's kind.
  Contraction,
  /// Elementwise linalg ops (parallel loops only, not fills, copies,
  /// broadcasts or transposes): the strategies compute them only as the
  /// epilogue of a convolution or contraction, on its register tiles.
  Elementwise,
  /// Linalg ops with a reduction loop that are neither convolutions nor
  /// contractions (sums, maxima, norms): scheduled op by op
  /// (reduce_to_vector_accumulator), not by a strategy.
  Reduction,
};

/// The kind named `name` ("convolution", "contraction", "elementwise",
/// "reduction"), if any.
std::optional<ComputeKind> parseComputeKind(llvm::StringRef name);
/// The names parseComputeKind accepts, for diagnostics.
llvm::StringRef computeKindNames();

/// A compute op left in place, and why regtile did not schedule it.
struct UnscheduledOp {
  mlir::Operation *op;
  std::string reason;
};

/// The linalg ops of `kind` nested in `root` (any left after a strategy ran
/// is one it did not schedule: a scheduled op becomes loops of vector
/// code), each with the reason regtile's blocking for `target` gives for
/// it, or, if the blocking accepts it, that no strategy op reached it.
llvm::SmallVector<UnscheduledOp> findUnscheduled(mlir::Operation *root,
                                                 ComputeKind kind,
                                                 const TargetInfo &target);

} // namespace regtile

#endif // REGTILE_PATTERNS_UNSCHEDULED_H
