//===- PrefetchAhead.h - regtile-prefetch-ahead -----------------*- C++ -*-===//
//
// The library's API for regtile-prefetch-ahead.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PREFETCHAHEAD_H
#define REGTILE_PATTERNS_PREFETCHAHEAD_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// A loop over tiles whose every iteration reads data that no earlier
// iteration touched (the new input columns of a convolution's next row of
// output pixels) and writes lines no one has read (its output tile) waits
// on memory at each iteration's first touches when the hardware
// prefetchers do not follow its strided streams. Asking, during an
// iteration, for the lines the same accesses will touch `K` iterations
// later hides that latency behind the iteration's compute (seed 000's conv
// layer: 0.96 -> 0.98 of peak on Zen 4, when its input pixels were still
// prefetched per channel).
//
// For an scf.for carrying `regtile.prefetch_ahead = K : i64` (K > 0,
// iterations): every load and store in its body (memref.load/store,
// vector.load/store/maskedload/maskedstore, minor-identity 1-D
// vector.transfer_read/write; at any depth) whose address changes with the
// loop's induction variable, through memref.subview / memref.cast views
// and pure arith/affine index arithmetic, gets just before it one
// `llvm.intr.prefetch` (data, high locality; for write when it is a store)
// per 64-byte line of what it accesses, at the address it will access K
// iterations later (inner loops' induction variables unchanged). The
// address is computed from the root buffer's metadata, not through
// subviews of the later iteration, which may be out of bounds; prefetches
// never fault, so the addresses past the end (the last K iterations) are
// harmless. Accesses whose address does not depend on the induction
// variable (a filter cache reused by every iteration) get nothing, nor do
// those that provably move by less than a cache line per iteration (index
// arithmetic linear in the IV, static strides: a scalar stream such as a
// GEMM micro-kernel's broadcast elements, which touches a new line every
// few iterations and which the hardware's sequential prefetchers follow),
// of the loop or of a loop between it and the access (a convolution's
// input pixel in the loop over channels inside the loop over pixel tiles:
// a prefetch per channel would ask for each line 16 times).
// `regtile.prefetch_streams_ahead = S : i64` on the loop asks for those
// scalar streams of the loop itself too: a `memref.prefetch` of the address
// S iterations later (a GEMM's rows of A when they come from memory: one
// per row and iteration, most for a line already asked for).
// `regtile.prefetch_streams_next` (a unit attribute) on the loop asks for
// the next runs of those streams instead (or as well): a `memref.prefetch`
// into L2 of the address each will have in the next iteration of the
// innermost enclosing loop that moves it (a GEMM micro-kernel's next row
// tile: its A sliver), in one `scf.if` at the top of the body taken once
// per cache line of the stream (every 16th iteration for f32 rows).
// Runs on
// buffers with 1-D vectors (after bufferization and vector lowering);
// regtile-lower-to-llvm applies it to annotated loops.

/// What insertPrefetchesAhead prefetches (the marks' values).
struct PrefetchAheadOptions {
  /// Iterations ahead for the accesses described above (0: none).
  int64_t ahead = 0;
  /// Iterations ahead for the scalar streams of the loop itself (accesses
  /// that move by less than a line, but not zero, per iteration of `loop`,
  /// and by a line or more per iteration of any loop between: one
  /// prefetch per access and iteration, most of them for a line already
  /// asked for, at a distance that covers a load from memory; 0: none).
  int64_t streamsAhead = 0;
  /// The scalar streams of the loop (as above) also get a prefetch into L2
  /// of the address they will read in the next iteration of the innermost
  /// enclosing scf.for whose IV moves them, at the same point of `loop`, in
  /// one iteration out of every cache line's worth (`scf.if` on the
  /// iteration number): one prefetch per line of the next stream, spread
  /// over the whole loop, a whole run of it ahead.
  bool streamsNext = false;
};

struct PrefetchAheadResult {
  /// How many accesses got prefetches.
  unsigned prefetched = 0;
};

/// Inserts the prefetches `options` asks for into `loop` (an scf.for on
/// buffers). Fails, and sets `reason`, if `loop` is not an scf.for, a
/// distance is negative, nothing is asked for, or no access qualifies (the
/// IR is then unchanged).
mlir::FailureOr<PrefetchAheadResult>
insertPrefetchesAhead(mlir::RewriterBase &rewriter, mlir::Operation *loop,
                      const PrefetchAheadOptions &options, std::string &reason);

/// Applies insertPrefetchesAhead to every op under `root` carrying
/// `regtile.prefetch_ahead`, `regtile.prefetch_streams_ahead` or
/// `regtile.prefetch_streams_next` (or several) and removes the attributes. A
/// non-loop or a count that is not a positive integer is an error; a loop
/// without a qualifying access gets a warning.
mlir::LogicalResult applyPrefetchesAhead(mlir::Operation *root);

} // namespace regtile

#endif // REGTILE_PATTERNS_PREFETCHAHEAD_H
