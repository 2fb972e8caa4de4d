//===- DistributeLoopOverThreads.h - Loops over threads ---------*- C++ -*-===//
//
// The library's API for transform.regtile.distribute_loop_over_threads.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_DISTRIBUTELOOPOVERTHREADS_H
#define REGTILE_PATTERNS_DISTRIBUTELOOPOVERTHREADS_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

// Splits a loop on buffers (affine.for or scf.for, before or after
// vectorization) over threads, the thread count read at run time
// (omp_get_max_threads) and capped by the bytes the loop moves
// (minBytesPerThread):
//
//   a loop without results (its iterations write disjoint elements):
//     %per = ceil(iterations / %t) iterations
//     scf.forall (%lo) = (lb) to (ub) step (%per * step)
//       the loop from %lo to min(%lo + %per * step, ub)
//
//   a reduction loop (its results combined by one arith op each; floating
//   point ones with fastmath reassoc):
//     the iterations cut into chunks of a fixed size (`chunkIterations`:
//     not the thread count), each chunk reduced from the combiners' neutral
//     value into a buffer of partial results, the chunks of a thread
//     contiguous; then, on the calling thread, the initial values combined
//     with the partial results in chunk order. The result does not depend
//     on the thread count: only on the chunk size, fixed by the loop.
//
// Legal when the loop's iterations touch disjoint elements of every buffer
// one of them writes: each access to such a buffer indexes one same
// dimension by the induction variable itself, covering at most `step`
// elements of it (a row per iteration, or a vector of `step` rows).
// Distinct buffer values are taken not to alias (as upstream's affine
// dependence analysis does). An affine.for is lowered to scf first.

struct DistributeLoopOverThreadsOptions {
  /// Fixed thread count (0: the runtime's, read when the loop runs).
  int64_t threads = 0;
  /// Iterations of a chunk of a reduction (0: enough to move a quarter of
  /// minBytesPerThread: threads take whole chunks).
  int64_t chunkIterations = 0;
  /// Bytes below which adding a thread does not pay (0:
  /// minBytesPerThread(target)).
  int64_t minBytesPerThread = 0;
};

struct DistributeLoopOverThreadsResult {
  mlir::scf::ForallOp forall;
  /// The loop over one thread's piece or one chunk, inside the forall.
  mlir::scf::ForOp loop;
};

/// Why distributeLoopOverThreads failed, and whether the IR was changed
/// before it did (then the caller cannot skip the loop and go on).
struct DistributeLoopOverThreadsFailure {
  std::string reason;
  bool payloadChanged = false;
};

/// Distributes `loop` (see file comment). Fails without changing the IR,
/// setting `diag.reason`, when the loop is neither an affine.for nor an
/// scf.for, its iterations may touch the same elements of a buffer one
/// writes, a result is not a reduction of a known kind, a floating-point
/// combiner lacks reassoc, or an op of the body has unknown effects. Fails
/// with `diag.payloadChanged` set if lowering an affine loop to scf
/// does not converge (the loop is then partly lowered).
mlir::FailureOr<DistributeLoopOverThreadsResult>
distributeLoopOverThreads(mlir::RewriterBase &rewriter, mlir::Operation *loop,
                          const TargetInfo &target,
                          const DistributeLoopOverThreadsOptions &options,
                          DistributeLoopOverThreadsFailure &diag);

} // namespace regtile

#endif // REGTILE_PATTERNS_DISTRIBUTELOOPOVERTHREADS_H
