//===- LowerToLLVM.h - regtile's lowering pipeline --------------*- C++ -*-===//
//
// The one lowering pipeline of regtile: scheduled IR (tensors or memrefs,
// vectors of any shape) to the LLVM dialect, with vector lowering strategies
// chosen for x86 SIMD from the target.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LOWERTOLLVM_H
#define REGTILE_PATTERNS_LOWERTOLLVM_H

#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "regtile/TargetInfo.h"
#include <memory>
#include <string>

namespace mlir {
class Pass;
} // namespace mlir

namespace regtile {

struct VectorLoweringOptions {
  /// Transposes use shuffles sized for the target. (Contractions always
  /// become vector.outerproduct chains, i.e. FMAs.)
  mlir::vector::VectorTransposeLowering transposeLowering =
      mlir::vector::VectorTransposeLowering::Shuffle1D;
  /// Select vpdpbusd for 4-way i8 dot products (populateVnniDotPatterns).
  bool avx512vnni = false;

  static VectorLoweringOptions forTarget(const TargetInfo &target);
};

/// Lower n-D vector ops of `root` (a function or module) to 1-D vector ops and
/// scalar loops. vector.multi_reduction picks per op the strategy that avoids
/// transposes: inner-reduction when the innermost dim is reduced, inner-
/// parallel otherwise.
mlir::LogicalResult lowerVectors(mlir::Operation *root,
                                 const VectorLoweringOptions &options);

/// Creates the `regtile-lower-vectors` pass (on any op, usually a function).
std::unique_ptr<mlir::Pass> createLowerVectorsPass();
/// Creates the `regtile-lower-to-llvm` pass (on a module).
std::unique_ptr<mlir::Pass> createLowerToLLVMPass();

/// Register regtile's passes with the global pass registry.
void registerPasses();

} // namespace regtile

#endif // REGTILE_PATTERNS_LOWERTOLLVM_H
