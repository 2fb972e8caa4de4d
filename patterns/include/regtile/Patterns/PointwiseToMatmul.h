//===- PointwiseToMatmul.h --------------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.convert_pointwise_to_matmul.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_POINTWISETOMATMUL_H
#define REGTILE_PATTERNS_POINTWISETOMATMUL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

struct PointwiseToMatmulResult {
  /// The GEMM: a linalg.generic with the loops (m, n, k) = (output channel,
  /// pixel, input channel), reading the filter as A (F x C, or C x F where
  /// the filter has its input channels first) and the image as B (C x H*W),
  /// marked regtile.from_convolution.
  mlir::linalg::GenericOp matmul;
  /// Its elementwise consumer rebuilt on the F x H*W result, or null.
  mlir::linalg::GenericOp epilogue;
};

// Rewrites a 1x1 convolution of one image with stride 1 whose image
// operands have their channels before the image (NCHW / FCHW, as
// linalg.conv_2d_nchw_fchw or a linalg.generic of its loops) into the GEMM
// it is, Y[f][h*W + w] = sum_c F[f][c] X[c][h*W + w], on reshapes of the
// operands (views once bufferized), so that no transpose is made:
//
//   %a = collapse_shape %filter   // F x C x 1 x 1 -> F x C
//   %b = collapse_shape %in       // 1 x C x H x W -> C x H*W
//   %c = collapse_shape %init     // 1 x F x H x W -> F x H*W
//   %y = linalg.generic (m, n, k) ins(%a, %b) outs(%c)
//   %out = expand_shape %y        // F x H*W -> 1 x F x H x W
//
// The body is the convolution's (its extensions of the inputs kept). What
// surrounds the convolution moves with it, so that the GEMM strategy's
// epilogue and fill fusion apply: the init's producer (a fill of an empty
// tensor, an elementwise generic such as a bias broadcast) and the result's
// one elementwise consumer (see isWholeElementwiseConsumer: a bias add, a
// residual add, a ReLU) are rebuilt over (f, h*w), each of their operands
// read through a 2-D map (a per-channel operand by f, a full-size one
// collapsed alike).
//
// The GEMM's vectors run along the pixels (the channels-last form's along
// the output channels): where H*W fills less than 7/8 of the vectors it
// takes (7 x 7 = 49 pixels in four 16-lane vectors: 77%), the lanes wasted
// cost more than the transposes it saves, so such a convolution is refused.
/// Rewrites `op` as above. `lanes` is the target's vector length for the
/// output's element type (0: any pixel count). Fails without changing the
/// IR, setting `reason`, if `op` does not have tensor semantics, is not a
/// dense 2-D convolution, its filter is not 1x1, its stride is not 1, it has
/// more than one image, its image operands are not (n, c, h, w) ordered, its
/// static pixel count fills less than 7/8 of its `lanes`-element vectors or
/// its consumer's operand cannot be read through a 2-D map.
mlir::FailureOr<PointwiseToMatmulResult>
convertPointwiseToMatmul(mlir::RewriterBase &rewriter,
                         mlir::linalg::LinalgOp op, unsigned lanes,
                         std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_POINTWISETOMATMUL_H
