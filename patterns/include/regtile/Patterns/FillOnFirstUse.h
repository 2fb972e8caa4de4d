//===- FillOnFirstUse.h - regtile-fill-on-first-use -------------*- C++ -*-===//
//
// The library's API for regtile-fill-on-first-use.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_FILLONFIRSTUSE_H
#define REGTILE_PATTERNS_FILLONFIRSTUSE_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// A cache (cache_read's packed B panel of a GEMM) is filled by a loop nest
// and then read by every iteration of the loop after it (the row tiles):
// while the fill runs, nothing computes, and its loads wait on memory (the
// panel's rows are far apart in B). When every iteration of that loop reads
// the same cache elements, its first iteration reads all of them, so the
// fill can be done there instead, one row at a time, just before the row
// is first read: the loads of the source then overlap with the first
// iteration's compute, and the value stored is the one read next (store to
// load forwarding).
//
// For an scf.for carrying the unit attribute `regtile.fill_on_first_use`
// (the fill): a tree of scf.for loops without carried values (bodies of
// pure ops and loops; at the leaves, all at one depth, the copy: any reads,
// and stores into one buffer, the cache, at the induction variables of the
// loops around them in the cache's leading dims, in any order, and at 0 in
// unit dims among them, through views that keep those dims). The first scf.for
// after it (only side-effect-free ops in between; it may carry values) must
// read the cache through memref.subview / memref.cast and loads only (no other
// use of the cache but the fill and deallocation), at indices, through views
// and under scf.for / scf.if / scf.index_switch bounds and conditions that
// do not depend on its iteration (an scf.for marked
// `regtile.trimmed_from = array<i64: lb, ub>` by skip_padded_taps counts by
// those old bounds: its IV stays in them, and the first iteration runs
// them again), with every scf.for between its body
// and a read moving the read (each row is read once per block: the fill of
// a row runs where it is first read), and must not write the cache or any
// buffer the fill reads (followed through views and the buffers scf.for /
// scf.if / scf.index_switch carry; distinct function arguments and
// allocations are taken as distinct buffers, as bufferization does). Its
// first iteration is peeled into a loop [lb, min(lb + step, ub)) (so that
// passes looking for an enclosing loop, like prefetch_streams_next, still
// find one), and just before the first read of each cache row (the
// leading dims) in each block of it, the fill's body runs for that row.
// The vector reads of the row that a whole vector store of that body
// covers, along the cache's last dim, take the stored value (a slice of
// it, with the read's mask, bounds and padding): a load right behind a
// store of the same line would wait for it (masked loads are not forwarded
// stores). The fill is erased. The mark asserts what the pass cannot see:
// the loop reads no cache element the fill does not write (cache_read's
// copies cover exactly what the op reads). Runs on buffers, after
// bufferization and vector lowering to 1-D.

struct FillOnFirstUseResult {
  /// The loop running the first iteration of the loop after the fill.
  mlir::scf::ForOp firstIteration;
  /// How many copies of the fill's body it holds (one per row and block).
  unsigned fills = 0;
  /// How many of its reads of the cache take a stored value instead.
  unsigned forwarded = 0;
};

/// Moves the fill `fill` (an scf.for, see above) into the first iteration
/// of the loop after it. Fails without changing the IR, setting `reason`,
/// if `fill` is not such a loop tree, no such loop follows it, or that
/// loop reads the cache differently from one iteration to the next, uses it
/// otherwise, or may write what the fill reads.
mlir::FailureOr<FillOnFirstUseResult>
fillOnFirstUse(mlir::RewriterBase &rewriter, mlir::scf::ForOp fill,
               std::string &reason);

/// Applies fillOnFirstUse to every op under `root` carrying
/// `regtile.fill_on_first_use` and removes the attribute. A non-loop or a
/// non-unit attribute is an error; a fill that cannot move gets a warning
/// (it stays before the loop).
mlir::LogicalResult applyFillOnFirstUse(mlir::Operation *root);

} // namespace regtile

#endif // REGTILE_PATTERNS_FILLONFIRSTUSE_H
