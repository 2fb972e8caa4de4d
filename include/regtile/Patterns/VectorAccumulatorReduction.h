//===- VectorAccumulatorReduction.h - Register-resident reductions -*- C++
//-*-===//
//
// Rewrites a linalg op whose innermost iteration dimension is a reduction
// into loops that accumulate in vector registers:
//
//   for each output element (parallel dims, incl. batch dims):
//     acc = splat(identity) : vector<W x T>      // W = accumulators * lanes
//     for each outer reduction dim:
//       for r in [0, n - n % W) step W:         // unmasked main loop
//         acc = combine(acc, prologue(read(inputs[..., r:r+W])))
//       acc = combine(acc, select(mask, prologue(masked read), identity))
//     out[...] = vector.reduction <combine>, acc, out[...]   // once
//
// `acc` is one "super-vector" of several native vectors: after lowering, it
// is that many independent registers (enough to hide the combine latency),
// carried by the loop, never stored. The reductions are combined once, with
// the output's initial value, at the end.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_VECTORACCUMULATORREDUCTION_H
#define REGTILE_PATTERNS_VECTORACCUMULATORREDUCTION_H

#include "regtile/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

struct VectorAccumulatorOptions {
  /// Independent native vector accumulators. Default: from the target and
  /// the combiner (enough to hide its latency on two pipes: 8 for
  /// floating-point add/mul, 4 otherwise).
  std::optional<int64_t> accumulators;
  /// Reassociate floating-point add/mul even without `reassoc` fastmath
  /// flags on the combiner.
  bool allowReassociation = false;
};

struct VectorAccumulatorResult {
  /// The unmasked loop over the innermost reduction dim.
  mlir::scf::ForOp reductionLoop;
  /// The final combining step (a vector.reduction per output element).
  mlir::Operation *finalReduction = nullptr;
  /// Accumulator width in elements (accumulators * native lanes).
  int64_t width = 0;
};

/// Checks that `op` can be rewritten; on failure, `reason` says why.
mlir::LogicalResult
canReduceToVectorAccumulator(mlir::linalg::LinalgOp op,
                             const VectorAccumulatorOptions &options,
                             std::string &reason);

/// Rewrites `op` (on tensors or buffers) as described above and replaces it.
/// Fails without changing the IR (and sets `reason`) if the precondition
/// does not hold.
mlir::FailureOr<VectorAccumulatorResult>
reduceToVectorAccumulator(mlir::RewriterBase &rewriter,
                          mlir::linalg::LinalgOp op, const TargetInfo &target,
                          const VectorAccumulatorOptions &options,
                          std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_VECTORACCUMULATORREDUCTION_H
