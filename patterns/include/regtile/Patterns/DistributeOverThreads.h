//===- DistributeOverThreads.h - regtile.distribute_over_threads -*- C++
//-*-===//
//
// The library's API for transform.regtile.distribute_over_threads.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_DISTRIBUTEOVERTHREADS_H
#define REGTILE_PATTERNS_DISTRIBUTEOVERTHREADS_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

#include <string>

namespace regtile {

// Splits the parallel loops of an op on tensors into one piece per thread,
// the thread count read at run time (the OpenMP runtime's
// omp_get_max_threads(): OMP_NUM_THREADS or the CPUs of the affinity mask;
// 1 in a piece of an enclosing thread loop, where a nested region would
// run on one thread):
//
//   %t     = min(threads, work / minimum work per thread), at least 1
//   %grid  = the split of %t over the distributed loops (t_1 x ... x t_k
//            <= %t) that minimizes the grains of the busiest thread,
//            ties going to the later loops
//   %size  = ceil(ceil(extent / grain) / t_d) * grain, per distributed loop
//   scf.forall (%i...) = (0...) to (extents) step (%size...) shared_outs(..)
//     the op on its piece
//
// Each piece is a multiple of its loop's grain (a register tile: no thread
// gets a partial tile but the last), the forall has at most %t iterations
// (one per thread under OpenMP's static schedule), and a thread is idle
// only when the grains cannot be split further. regtile-lower-to-llvm runs
// a forall of one iteration without waking the team (regtile-parallel-if).

struct DistributeOverThreadsOptions {
  /// Per loop of the op: the grain of its pieces (a tile size), 0 for a
  /// loop that is not distributed; loops past the last grain are not.
  /// Distributed loops must be parallel.
  llvm::SmallVector<int64_t> grains;
  /// Distribute at most this many of those loops (0: all): the ones with
  /// the most grains (static extents; a dynamic one counts as the most),
  /// ties going to the later loop. Each distributed loop gives the op's
  /// piece a dynamic extent; a micro-kernel whose tile has several (rows
  /// and columns of a GEMM) leaves llc short of registers for its row
  /// addresses.
  int64_t maxLoops = 0;
  /// Also compute the op's producers (through tensor slices: a
  /// convolution under its ReLU, the bias broadcast into the
  /// convolution's output) in each piece, upstream's tile-and-fuse, instead
  /// of once before the loop.
  bool fuseProducers = false;
  /// Fixed thread count (0: the runtime's, read when the op runs).
  int64_t threads = 0;
  /// Work (iteration points of the op) below which adding a thread does
  /// not pay for its share of the fork (0: minPointsPerThread(target)).
  int64_t minPointsPerThread = 0;
};

struct DistributeOverThreadsResult {
  mlir::scf::ForallOp forall;
  /// The op on one piece, inside the forall.
  mlir::Operation *tiled = nullptr;
};

/// Distributes `op` (see file comment), replacing its results with the
/// forall's. Fails without changing the IR, setting `reason`, if the op is
/// not on tensors, there are more grains than loops, none is positive, a
/// distributed loop is a reduction, or tiling fails.
mlir::FailureOr<DistributeOverThreadsResult>
distributeOverThreads(mlir::RewriterBase &rewriter, mlir::TilingInterface op,
                      const TargetInfo &target,
                      const DistributeOverThreadsOptions &options,
                      std::string &reason);

/// The threads a parallel region opened at the insertion point gets, as an
/// index: the runtime's count (omp_get_max_threads), or 1 inside an active
/// parallel region (omp_in_parallel: a nested region runs on one thread).
/// The runtime functions are declared in the nearest symbol table when
/// missing.
mlir::Value buildRuntimeThreadCount(mlir::RewriterBase &rewriter,
                                    mlir::Location loc, mlir::Operation *at);

} // namespace regtile

#endif // REGTILE_PATTERNS_DISTRIBUTEOVERTHREADS_H
