//===- ChannelsLast.h -------------------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.convert_to_channels_last.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_CHANNELSLAST_H
#define REGTILE_PATTERNS_CHANNELSLAST_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

// Rewrites a 2-D convolution whose image operands have the channels before
// the image (linalg.conv_2d_nchw_fchw, linalg.depthwise_conv_2d_nchw_chw,
// or a linalg.generic of the same loops in any order) into the form the
// convolution strategy schedules: a linalg.generic with the loops (n, oh,
// ow, oc, kh, kw, ci) (depthwise: (n, oh, ow, c, kh, kw)) on an NHWC input
// and into an NHWC output, between transposes:
//
//   %in_nhwc = transpose %in                       (NCHW -> NHWC)
//   %conv    = generic ins(%in_nhwc, %filter) outs(%init_nhwc)
//   %out     = transpose %conv                     (NHWC -> NCHW)
//
// A dense filter gets its output channels innermost (FCHW -> CHWF, a 2-D
// transpose: its packed cache keeps the operand's dim order and the
// micro-kernel loads vectors of output channels); a depthwise filter
// becomes (kh, kw, c) likewise.
// What surrounds the convolution moves with it, so that its epilogue still
// runs on the register tile and no transpose is left between the two:
//   - the output's producer: a tensor.empty, a linalg.fill of one, or an
//     elementwise linalg.generic (a bias broadcast) is rebuilt in NHWC;
//   - the result's one elementwise consumer (see isWholeElementwiseConsumer:
//     a bias add, a ReLU, a residual add) is rebuilt in NHWC, its other
//     full-size inputs (a residual tensor) transposed, and the transpose
//     back to NCHW moves after it;
//   - a transpose of a value that is itself a transpose's result (the
//     NHWC -> NCHW of one convolution feeding the NCHW -> NHWC of the
//     next) folds away: a chain of converted convolutions transposes only
//     at its ends.
// The transposes that move the channels between position 1 and last are
// 3-D, (n, c, h*w) <-> (n, h*w, c), between reshapes, which only relabel
// contiguous memory; each is a linalg.transpose for the schedule to tile
// (the strategy moves 16 x 16 blocks through vector.transpose).
/// Rewrites `op` as above and returns the NHWC convolution: `op` itself,
/// unchanged, if its loops, input and output are in NHWC order already.
/// Appends the linalg.transpose ops it adds to `transposes`. A transpose
/// made before (by the rewrite of the convolution producing this one's
/// input) that folds away is left dead, for the next canonicalization.
/// Fails without changing the IR, setting `reason`, if `op` does not have
/// tensor semantics, is not a 2-D convolution with one batch dim and dense
/// or depthwise (channel multiplier 1) channel dims, or an image operand's
/// dims are not one per group (batch, image row, image column, channels).
mlir::FailureOr<mlir::linalg::LinalgOp>
convertToChannelsLast(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
                      llvm::SmallVectorImpl<mlir::Operation *> &transposes,
                      std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_CHANNELSLAST_H
