//===- dnnl_mobilenetv2.cpp - oneDNN's MobileNetV2 layers as peers --------===//
//
// oneDNN's convolution through harness/DnnlConv.h: with groups = channels
// for the depthwise layers (its depthwise kernels), dense 1x1 for the
// pointwise ones; NHWC source and destination (the benchmark's buffers),
// the filter reordered once before timing, the bias as the primitive's, a
// residual as a binary add post-op and ReLU6 as an eltwise_clip post-op. The
// depthwise source is the padded input, as the regtile kernel's, or (the
// framework form) the unpadded one with oneDNN's padding.
//
//===----------------------------------------------------------------------===//

#include "mobilenetv2_peers.h"

#include "DnnlConv.h"

namespace regtile::bench {

std::function<void()> dnnlDepthwiseRelu6(const DepthwiseShape &s, float *x,
                                         float *f, float *b, float *y,
                                         std::string &impl, std::string &why) {
  using Type = DnnlConvLayer::Type;
  // The benchmark's filter [kh][kw][c] along (g, o, i, kh, kw) = (c, 1, 1,
  // 3, 3): strides (1, c, c, 3 c, c) (o and i have one element).
  DnnlConvLayer l;
  l.n = 1;
  l.ci = l.co = l.groups = s.c;
  l.hi = s.hi, l.wi = s.wi, l.h = s.h, l.w = s.w;
  l.kh = l.kw = 3;
  l.stride = s.s;
  l.pad = s.pad;
  l.src = l.wei = l.dst = Type::F32;
  l.weightStrides = {1, s.c, s.c, 3 * s.c, s.c};
  l.post = DnnlConvLayer::Post::Clip6;
  return dnnlConvolution(l, x, f, b, nullptr, nullptr, y, impl, why);
}

std::function<void()> dnnlPointwise(const PointwiseShape &s,
                                    PointwiseEpilogue epilogue, float *x,
                                    float *f, float *b, const float *r,
                                    float *y, std::string &impl,
                                    std::string &why) {
  using Type = DnnlConvLayer::Type;
  // The benchmark's filter [ci][co] along (o, i, kh, kw): strides (1, co,
  // ci co, ci co).
  DnnlConvLayer l;
  l.n = 1, l.ci = s.ci, l.co = s.co, l.groups = 1;
  l.hi = l.h = s.h, l.wi = l.w = s.w;
  l.kh = l.kw = 1;
  l.stride = 1;
  l.src = l.wei = l.dst = Type::F32;
  l.weightStrides = {1, s.co, s.ci * s.co, s.ci * s.co};
  l.post = epilogue == PointwiseEpilogue::Relu6 ? DnnlConvLayer::Post::Clip6
                                                : DnnlConvLayer::Post::None;
  return dnnlConvolution(l, x, f, b, nullptr,
                         epilogue == PointwiseEpilogue::Residual ? r : nullptr,
                         y, impl, why);
}

} // namespace regtile::bench
