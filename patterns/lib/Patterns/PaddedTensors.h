//===- PaddedTensors.h - A tensor.pad as tiling leaves it -------*- C++ -*-===//
//
// Internal to the library: what version_padded_windows and
// fold_padding_into_reads both recognize as a padded tensor (a tensor.pad of
// a slice, or the guard tiling a pad leaves).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PADDEDTENSORS_H
#define REGTILE_PATTERNS_PADDEDTENSORS_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <optional>

namespace regtile {

/// A padded tensor: pad(source[offsets +: sizes], low, high) with a constant
/// padding value. `offsets` and `sizes` are empty when the pad's source is
/// not a unit-stride, rank-preserving slice (`source` is then the pad's).
struct PaddedSource {
  mlir::tensor::PadOp pad;
  mlir::Value source, padValue;
  llvm::SmallVector<mlir::OpFoldResult> offsets, sizes;
};

/// `v` as a padded tensor: a tensor.pad (maybe through a tensor.cast), or
/// the guard tiling a pad makes (scf.if yielding a tensor.generate of the
/// padding value where the tile is all padding, else the pad).
std::optional<PaddedSource> resolvePadded(mlir::Value v);

/// Whether the pad pads dim `d` (low or high not a constant 0).
bool isPaddedDim(const PaddedSource &p, unsigned d);

} // namespace regtile

#endif // REGTILE_PATTERNS_PADDEDTENSORS_H
