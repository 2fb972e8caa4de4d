//===- PrefetchAheadInternals.h - prefetch_ahead parts ----------*- C++ -*-===//
//
// What the parts of prefetch_ahead share (not an API): where an access
// will be in a later iteration and how far it moves per iteration
// (PrefetchAddress.cpp), used by the insertion of the prefetches
// (PrefetchAhead.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LIB_PREFETCHAHEADINTERNALS_H
#define REGTILE_PATTERNS_LIB_PREFETCHAHEADINTERNALS_H

#include "VectorStores.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace regtile::prefetch_ahead {

using namespace mlir;

/// The values of one iteration of `loop` mapped to those of the iteration
/// `ahead` iterations later: the IV moves on, index arithmetic that depends
/// on it is recomputed (cloned at the builder's insertion point), every
/// other value stays (inner loops' IVs included: the prefetch is for the
/// same point of the inner loops). With `alsoInside`, a loop nested in
/// `loop`, the values defined in its body are recomputed too (as if they
/// depended on the IV): the new values can then be built at the top of
/// that body.
class NextIteration {
public:
  NextIteration(scf::ForOp loop, Value nextIv, Operation *alsoInside = nullptr)
      : loop(loop), nextIv(nextIv), alsoInside(alsoInside) {}

  bool dependsOnIv(Value v);

  /// Whether `v` has a value in the later iteration: it does not depend on
  /// the IV, or only through pure arith/affine ops.
  bool remappable(Value v);

  /// `v` in the later iteration (`v` must be remappable): the index
  /// arithmetic that depends on the IV, cloned at the builder's insertion
  /// point.
  Value remap(OpBuilder &b, Value v);

private:
  scf::ForOp loop;
  Value nextIv;
  Operation *alsoInside;
  DenseMap<Value, bool> depends;
};

/// Whether the address of `access` in the later iteration can be computed:
/// its indices and the offsets of the views between it and a buffer that
/// does not move with the IV (memref.subview and memref.cast only) are
/// remappable.
bool resolvable(NextIteration &next, const Access &access);

/// Rewrites `access` (resolvable) into the access of the later iteration
/// of the buffer that does not move with the IV (the root), its indices
/// the root's.
void resolveToRoot(OpBuilder &b, Location loc, NextIteration &next,
                   Access &access);

/// Bytes by which `access` (resolved to its root buffer, its indices
/// computed from `nextIv`, the IV of `loop` or a value standing for it)
/// moves per iteration of `loop`, when known.
std::optional<int64_t> bytesPerIteration(scf::ForOp loop, Value nextIv,
                                         const Access &access);

} // namespace regtile::prefetch_ahead

#endif // REGTILE_PATTERNS_LIB_PREFETCHAHEADINTERNALS_H
