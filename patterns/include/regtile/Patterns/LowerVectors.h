//===- LowerVectors.h - regtile-lower-vectors -------------------*- C++ -*-===//
//
// The library's API for regtile-lower-vectors.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LOWERVECTORS_H
#define REGTILE_PATTERNS_LOWERVECTORS_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Patterns/ReduceToVectorAccumulator.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

struct VectorLoweringOptions {
  /// Transposes use shuffles sized for the target. (Contractions always
  /// become vector.outerproduct chains, i.e. FMAs.)
  mlir::vector::VectorTransposeLowering transposeLowering =
      mlir::vector::VectorTransposeLowering::Shuffle1D;
  /// Instructions for 4-way i8 dot products (populateI8DotPatterns).
  I8DotOptions i8Dot;
  /// vdpbf16ps for bf16 pair dot products (populateBF16DotPatterns).
  bool avx512bf16 = false;

  static VectorLoweringOptions forTarget(const TargetInfo &target);
};

/// Lower n-D vector ops of `root` (a function or module) to 1-D vector ops and
/// scalar loops. vector.multi_reduction picks per op the strategy that avoids
/// transposes: inner-reduction when the innermost dim is reduced, inner-
/// parallel otherwise.
mlir::LogicalResult lowerVectors(mlir::Operation *root,
                                 const VectorLoweringOptions &options);

} // namespace regtile

#endif // REGTILE_PATTERNS_LOWERVECTORS_H
