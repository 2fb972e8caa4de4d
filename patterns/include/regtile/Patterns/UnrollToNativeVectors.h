//===- UnrollToNativeVectors.h ----------------------------------*- C++ -*-===//
//
// The library's API for
// transform.apply_patterns.regtile.unroll_to_native_vectors.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_UNROLLTONATIVEVECTORS_H
#define REGTILE_PATTERNS_UNROLLTONATIVEVECTORS_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// Breaks vector ops wider than the target's native register into native
// pieces: upstream's unroll patterns (transfers, elementwise ops,
// contractions, reductions, multi-reductions, broadcasts, transposes) with
// native shapes from the target, plus what upstream leaves whole: masked
// transfers (the mask is sliced; slices of vector.create_mask /
// vector.constant_mask fold to native masks). A chain that ends in a
// vector.transfer_write (reads, elementwise ops, splats, broadcasts) is
// broken as a whole, a group of native tiles at a time: the group's loads,
// then its arithmetic, then its stores, with the group sized so its values
// fit in the register file, instead of op by op (which loads the whole
// super-vector before the first use and spills when it exceeds the
// registers).

struct NativeVectorOptions {
  /// The target of every op (default: each op's nearest `regtile.target`
  /// attribute, else the host; an op whose target is not understood is
  /// left alone).
  std::optional<TargetInfo> target;
  /// Bits of a native vector register (default: the target's).
  std::optional<unsigned> nativeBits;
  /// Vector registers the grouped chains may use (default: the target's).
  std::optional<unsigned> registers;
};

/// The native shape `op` is unrolled to (std::nullopt: left as is).
std::optional<llvm::SmallVector<int64_t>>
getNativeVectorShape(mlir::Operation *op, unsigned nativeBits);

/// Adds the patterns (targets as `options.target` says).
void populateUnrollToNativeVectorsPatterns(
    mlir::RewritePatternSet &patterns, const NativeVectorOptions &options = {});

} // namespace regtile

#endif // REGTILE_PATTERNS_UNROLLTONATIVEVECTORS_H
