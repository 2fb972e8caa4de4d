//===- SkipPaddedTaps.h - Trim a reduction loop to the input ----*- C++ -*-===//
//
// A convolution padded with zeros (a producer tensor.pad) and tiled along a
// filter dim (kh, by tile_using_for) multiplies whole slices of padding at
// the image's edges: the output rows near the top and bottom read filter
// rows whose input rows are all padding, and add 0 * filter to the
// accumulators. oneDNN's brgconv does not compute those taps (its kernels
// are chosen by the filter rows inside the image); regtile computed them
// (4.8% of a 3x3 layer's multiply-adds at 14 x 14, 9.5% at 7 x 7).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_SKIPPADDEDTAPS_H
#define REGTILE_PATTERNS_SKIPPADDEDTAPS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

struct SkipPaddedTapsOptions {
  /// Take the floating-point values the padding multiplies as finite (as
  /// oneDNN does): 0 * inf and 0 * NaN are NaN, not 0. Without it, the
  /// multiplication must carry the `nnan` and `ninf` fastmath flags.
  bool assumeFinite = false;
};

struct SkipPaddedTapsResult {
  /// The loop's new bounds.
  mlir::OpFoldResult lowerBound, upperBound;
  /// How many of the op's inputs read padding the loop moves along.
  unsigned paddedInputs = 0;
};

/// For `loop`, an scf.for with constant bounds and step as tile_using_for
/// makes it (its iter_args carry the output of the one linalg op in its
/// body, on tensors, through an extract_slice / insert_slice pair or
/// directly; all other ops pure), whose op's body is
///   yield out + a * b     (a, b inputs, either maybe widened; in any order)
/// and one of whose multiplied inputs is a slice (through
/// tensor.extract_slice ops of static strides) of a tensor.pad with a zero
/// padding value, moved by the loop's IV: bounds the loop to the iterations
/// in which that slice holds some of the pad's source along every dim it
/// moves in (the others multiply only zeros and leave the output as it
/// is). The new bounds are affine.max / affine.min of the old ones and of
/// values defined outside the loop; the loop is marked
/// `regtile.trimmed_from = array<i64: lb, ub>` (its old bounds: the
/// iterations it no longer runs may still run, adding nothing, e.g.
/// regtile-fill-on-first-use's first iteration). Fails with `reason`,
/// leaving the IR unchanged, if `loop` is not such a loop.
mlir::FailureOr<SkipPaddedTapsResult>
skipPaddedTaps(mlir::RewriterBase &rewriter, mlir::scf::ForOp loop,
               const SkipPaddedTapsOptions &options, std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_SKIPPADDEDTAPS_H
