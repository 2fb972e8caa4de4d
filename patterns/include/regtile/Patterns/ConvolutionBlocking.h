//===- ConvolutionBlocking.h ------------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.convolution_blocking.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_CONVOLUTIONBLOCKING_H
#define REGTILE_PATTERNS_CONVOLUTIONBLOCKING_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

// The register tile of a 2-D convolution in the loop order of
// linalg.conv_2d_nhwc_hwcf, (n, oh, ow, oc, kh, kw, ci), for cache_reduce:
// `rows` output pixels along ow x `channels` output channels (a multiple
// of the native vector length), the reduction over (kh, kw, ci) carried in
// rows * channels / lanes accumulators. The pair with the most FMAs per
// load (rows * nv / (rows + nv), nv = channels / lanes in 1..4) such that
// the accumulators, nv registers for the filter's channel vectors and two
// for the input broadcasts (one row's, the next row's) fit the register
// file, and no more rows' input lines share an L1 set than it has ways
// less one: 6 x 64 f32 with AVX-512 (32 registers; 5 x 64, Halide's
// conv_layer tile, for 100-pixel rows), 6 x 16 with AVX2 (16).
//
// Also names the op whose tiles a schedule's loops produce (and into which
// the convolution is fused): the convolution's elementwise consumer if it
// is its only user, else the convolution; and which input is the filter.
//
// A depthwise convolution (linalg.depthwise_conv_2d_nhwc_hwc, channel
// multiplier 1) in its loop order (n, oh, ow, c, kh, kw) has the same tile,
// rows pixels x channels, reduced over (kh, kw): each FMA multiplies a
// vector of input channels by the filter's (no broadcast).

struct ConvolutionBlocking {
  int64_t rows = 0, channels = 0;
  mlir::Operation *root = nullptr;
  /// The input that is the filter (0 or 1).
  unsigned filterOperand = 1;
  /// Whether the filter pays to be staged in a packed cache at the output
  /// channel loop (cache_read): not for a 1x1 filter without a dot-product
  /// group to interleave whose channel blocks serve at most 8 row tiles and
  /// that is at most twice L2 (the copy would cost more than the few tiles
  /// reading it gain); nor for a depthwise filter (a few lines, used in
  /// place); nor for a filter read through the unpack of one packed ahead
  /// of the call in blocks of `channels` (prepack_filter).
  bool stageFilter = true;
  /// Whether the tile loops run the output channels innermost, (n, oh, ow,
  /// oc), rather than outermost, (oc, n, oh, ow): each row tile then
  /// computes all the channels from one read of its input window and writes
  /// its pixels' whole output lines, and the whole filter, staged once per
  /// image, is read from L2 by every row tile. Where the filter takes at
  /// most a third of L2 (see runsChannelsInnermost); for a depthwise
  /// convolution, unless kh rows of its input, all channels, overflow L1
  /// and passes over fewer channels keep theirs there (see
  /// runsDepthwiseChannelsInnermost).
  bool channelsInnermost = false;
  /// The output channels of one pass of the tile loops: 0 (all of them)
  /// where the channels are innermost, else one block of `channels`, or,
  /// for a depthwise convolution whose order is derived, as many blocks as
  /// keep the pass's kh input rows within half of L1 (c0 step
  /// passChannels, n, oh, ow, c step channels; see depthwisePassChannels).
  int64_t passChannels = 0;
  /// A depthwise convolution: loops (n, oh, ow, c, kh, kw).
  bool depthwise = false;
};

/// The tile sizes a caller fixes; 0 means "derive from the target".
struct ConvolutionBlockingOptions {
  int64_t rows = 0, channels = 0;
  /// Fixes `stageFilter` (unset: derive). A dense convolution with a
  /// dot-product group must stage its filter (interleaved).
  std::optional<bool> stageFilter;
  /// Fixes `channelsInnermost` (unset: derive).
  std::optional<bool> channelsInnermost;
};

/// Upstream's classification of convolution dims
/// (linalg::inferConvolutionDims), which expects the image as the first input
/// and the filter as the second; a linalg.generic may name them the other way
/// round (seed 000's does). Sets `filterOperand` to the input that is the
/// filter (0 or 1).
mlir::FailureOr<mlir::linalg::ConvolutionDimensions>
classifyConvolution(mlir::linalg::LinalgOp op, unsigned &filterOperand);
/// classifyConvolution of a convolution on tensors with two inputs and one
/// output (what the layout rewrites take); fails, setting `reason`, for
/// anything else.
mlir::FailureOr<mlir::linalg::ConvolutionDimensions>
classifyTensorConvolution(mlir::linalg::LinalgOp op, unsigned &filterOperand,
                          std::string &reason);
/// One batch, two output image and two filter loop dims, and the channels
/// either as an output and an input channel dim (a dense convolution) or as
/// one depthwise dim (channel multiplier 1).
bool isDenseConvolution(const mlir::linalg::ConvolutionDimensions &dims);
bool isDepthwiseConvolution(const mlir::linalg::ConvolutionDimensions &dims);
/// Fails, setting `reason`, if `op` is not a 2-D convolution with one
/// batch, input channel and output channel dim (or one depthwise channel
/// dim) in the loop order above, an NHWC output, and an integer or float
/// output (any strides and dilations);
/// or if a fixed size is negative, `channels` is not a multiple of the
/// native vector length, the tile does not fit the register file, or the
/// filter is to be read in place but needs interleaving (or staged and is
/// depthwise), or a depthwise convolution's channels are to be outermost.
mlir::FailureOr<ConvolutionBlocking>
computeConvolutionBlocking(mlir::linalg::LinalgOp op, const TargetInfo &target,
                           const ConvolutionBlockingOptions &options,
                           std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_CONVOLUTIONBLOCKING_H
