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
// On targets with AVX-512 VNNI, i8 -> i32 sums and dot products accumulate
// with vpdpbusd instead (64 bytes per instruction into 16 i32 lanes), each
// accumulator a separate loop-carried vector<16xi32>.
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
  /// Elements of the innermost dim consumed per main-loop iteration.
  int64_t width = 0;
  /// Whether AVX-512 VNNI dot instructions accumulate (i8 sums and dot
  /// products on a target that has them).
  bool usesVnni = false;
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

/// Patterns that select AVX-512 VNNI `vpdpbusd` for the portable 4-way i8
/// dot form that reduceToVectorAccumulator emits on VNNI targets:
///   vector.multi_reduction <add>, P, %acc [1] : vector<16x4xi32> to
///   vector<16xi32>, with P = extui(u) * extsi(s), extsi(s) or extui(u),
///   u, s shape_casts of vector<64xi8>.
/// The lowering pipeline applies them when the target has AVX-512 VNNI;
/// elsewhere the form lowers as ordinary vector code, with the same result.
void populateVnniDotPatterns(mlir::RewritePatternSet &patterns);

} // namespace regtile

#endif // REGTILE_PATTERNS_VECTORACCUMULATORREDUCTION_H
