//===- FillOnFirstUseInternals.h - fill_on_first_use parts ------*- C++ -*-===//
//
// What the parts of fill_on_first_use share (not an API): the match of the
// fill and of the loop that reads its cache (FillOnFirstUseAnalysis.cpp),
// used by the rewrite (FillOnFirstUse.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LIB_FILLONFIRSTUSEINTERNALS_H
#define REGTILE_PATTERNS_LIB_FILLONFIRSTUSEINTERNALS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <string>

namespace regtile::fill_on_first_use {

using namespace mlir;

/// Whether `m` is a memref.subview, a memref.cast or a memref.expand_shape
/// that only adds unit dims.
bool isView(Value m);

/// The buffer `m` is a view of (through memref.subview / memref.cast).
Value viewRoot(Value m);

/// The fill: a tree of scf.for loops without carried values (a body holds
/// pure ops and loops, or, at the leaves, the copy), every leaf at the same
/// depth, every store at the IVs of the loops around it in the cache's
/// leading dims (and at 0 in unit dims among them).
struct Fill {
  scf::ForOp outer;
  Value cache;                    // the buffer it writes
  llvm::SetVector<Value> sources; // the buffers it reads
  unsigned depth = 0;             // loops around each store
  /// The leading dims of the cache that name a row: one per loop around a
  /// store, and unit dims at 0 among them.
  unsigned rowDims = 0;
  /// The cache dim each loop's IV indexes.
  DenseMap<Operation *, unsigned> dimOfLoop;
};

/// Matches the fill rooted at `outer` (see Fill).
LogicalResult matchFill(scf::ForOp outer, Fill &fill, std::string &reason);

/// The loop after the fill (pure ops between them) that reads the cache,
/// the same elements at every iteration, and writes neither the cache nor
/// the fill's sources; its reads of the cache.
FailureOr<scf::ForOp> matchConsumer(const Fill &fill,
                                    SmallVectorImpl<Operation *> &reads,
                                    std::string &reason);

} // namespace regtile::fill_on_first_use

#endif // REGTILE_PATTERNS_LIB_FILLONFIRSTUSEINTERNALS_H
