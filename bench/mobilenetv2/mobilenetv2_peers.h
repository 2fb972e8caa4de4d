//===- mobilenetv2_peers.h - Peers of the MobileNetV2 benchmark -*- C++ -*-===//

#ifndef REGTILE_BENCH_MOBILENETV2_PEERS_H
#define REGTILE_BENCH_MOBILENETV2_PEERS_H

#include <functional>
#include <string>

namespace regtile::bench {

/// A depthwise layer: 3x3 filter, stride `s`, the input hi x wi (padded
/// already, or with `pad` zeros on each side for oneDNN to add), output
/// h x w, c channels.
struct DepthwiseShape {
  int h, w, c, s, hi, wi;
  int pad = 0;
};

/// relu6(dwconv(X, F) + b) through oneDNN's convolution (groups = c), NHWC
/// X and Y, F as [kh][kw][c] (reordered once, not timed), the bias as the
/// primitive's and ReLU6 as a clip post-op. An empty function (with `why`)
/// if oneDNN is not linked or refuses the shape; `impl` receives its
/// implementation name.
std::function<void()> dnnlDepthwiseRelu6(const DepthwiseShape &s, float *x,
                                         float *f, float *b, float *y,
                                         std::string &impl, std::string &why);

/// A pointwise (1x1) layer: h x w pixels, ci -> co channels.
struct PointwiseShape {
  int h, w, ci, co;
};

/// What follows a pointwise layer's convolution and bias: ReLU6 (an
/// expansion), nothing (a linear projection) or the block's input R added
/// (a projection with a residual connection).
enum class PointwiseEpilogue { Relu6, None, Residual };

/// conv1x1(X, F) + b, then the epilogue, through oneDNN's convolution,
/// NHWC X, R and Y, F as [ci][co] (reordered once, not timed), the bias as
/// the primitive's, the residual as a binary add post-op and ReLU6 as a
/// clip post-op. As dnnlDepthwiseRelu6 otherwise.
std::function<void()> dnnlPointwise(const PointwiseShape &s,
                                    PointwiseEpilogue epilogue, float *x,
                                    float *f, float *b, const float *r,
                                    float *y, std::string &impl,
                                    std::string &why);

} // namespace regtile::bench

#endif // REGTILE_BENCH_MOBILENETV2_PEERS_H
