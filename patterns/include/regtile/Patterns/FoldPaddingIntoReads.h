//===- FoldPaddingIntoReads.h - Read a padded tensor's source ---*- C++ -*-===//
//
// A tile of a convolution whose input a producer tensor.pad pads reads its
// window from the padded tensor: the tile (or its thread piece) builds the
// padded copy first, a fill and a copy of the input. A depthwise layer is
// bound by its bytes, and that copy was most of its time (MobileNetV2's
// depthwise layers in the framework form: 0.55x oneDNN, which reads the
// padding nowhere). Once the tile's reads are vector reads, each can read
// the pad's source directly: where it is provably inside the source, as it
// is; where provably in the padding, the padding value; elsewhere, the
// source at a clamped position, selected against the padding value.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_FOLDPADDINGINTOREADS_H
#define REGTILE_PATTERNS_FOLDPADDINGINTOREADS_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

struct FoldPaddingIntoReadsResult {
  /// Reads proven inside the source, proven in the padding, and left to a
  /// test at run time (a clamped read and a select).
  unsigned inside = 0, padding = 0, tested = 0;
};

/// For `pad`, a tensor.pad with a constant padding value (maybe yielded by
/// the guard tiling leaves: an scf.if whose other branch is a
/// tensor.generate of the same value), all of whose uses are, through
/// tensor.extract_slice ops of static strides, `vector.transfer_read`s
/// whose vector dims lie along dims the pad does not pad (read with unit
/// strides; a masked or out-of-bounds one minor identity, not in a
/// vector.mask region), and `tensor.extract`s: replaces each read by a read
/// of the pad's source (value-bounds analysis decides, per padded dim,
/// inside / padding / tested; a masked or out-of-bounds read masks the lanes
/// outside its own source) and erases the pad and its slices. Fails with
/// `reason`, leaving the IR unchanged, otherwise.
mlir::FailureOr<FoldPaddingIntoReadsResult>
foldPaddingIntoReads(mlir::RewriterBase &rewriter, mlir::tensor::PadOp pad,
                     std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_FOLDPADDINGINTOREADS_H
