//===- dnnl_conv.cpp - oneDNN conv layers as peers ------------------------===//
//
// The seed layer (3x3, stride 1, no padding) through oneDNN's convolution
// (harness/DnnlConv.h: NHWC buffers, weights reordered once, not timed):
//   bench_conv_relu: f32 with bias and a ReLU post-op;
//   bench_conv_lowp: bf16 x bf16 -> f32 with bias (f32) and ReLU;
//   u8 x s8 -> s32 and s8 x s8 -> s32, no bias, no post-op (the i32
//   accumulators; oneDNN's int8 convolution, with its compensation for s8
//   sources); u8 x s8 -> u8 with per-channel output scales (rounded to
//   nearest even, saturated).
//
//===----------------------------------------------------------------------===//

#include "conv_peers.h"

#include "DnnlConv.h"

namespace regtile::bench {
namespace {
using Type = DnnlConvLayer::Type;
using Post = DnnlConvLayer::Post;

/// The seed layer (3x3, stride 1, input H+2 x W+2) in the given types.
DnnlConvLayer layer(const ConvShape &s, Type src, Type wei, Type dst,
                    std::vector<int64_t> weightStrides, Post post) {
  DnnlConvLayer l;
  l.n = s.n, l.ci = s.ci, l.co = s.co, l.groups = 1;
  l.hi = s.h + 2, l.wi = s.w + 2, l.h = s.h, l.w = s.w;
  l.kh = l.kw = 3;
  l.stride = 1;
  l.src = src, l.wei = wei, l.dst = dst;
  l.weightStrides = std::move(weightStrides);
  l.post = post;
  return l;
}
} // namespace

std::function<void()> dnnlConvRelu(const ConvShape &s, float *in, float *filter,
                                   float *bias, float *out, std::string &impl,
                                   std::string &why) {
  // The weights: [ci][kh][kw][co], i.e. dims (o, i, h, w) with strides
  // (1, 9 co, 3 co, co).
  return dnnlConvolution(layer(s, Type::F32, Type::F32, Type::F32,
                               {1, 9 * s.co, 3 * s.co, s.co}, Post::Relu),
                         in, filter, bias, nullptr, nullptr, out, impl, why);
}

std::function<void()> dnnlConvLowp(const ConvShape &s, LowpConv type, void *in,
                                   void *filter, float *bias,
                                   const float *scales, void *out,
                                   std::string &impl, std::string &why) {
  // The weights: [kh][kw][ci][co], i.e. dims (o, i, h, w) with strides
  // (1, co, 3 ci co, ci co).
  std::vector<int64_t> hwcf = {1, s.co, 3 * s.ci * s.co, s.ci * s.co};
  switch (type) {
  case LowpConv::BF16:
    return dnnlConvolution(
        layer(s, Type::BF16, Type::BF16, Type::F32, hwcf, Post::Relu), in,
        filter, bias, nullptr, nullptr, out, impl, why);
  case LowpConv::U8S8:
    return dnnlConvolution(
        layer(s, Type::U8, Type::S8, Type::S32, hwcf, Post::None), in, filter,
        nullptr, nullptr, nullptr, out, impl, why);
  case LowpConv::U8S8Q:
    return dnnlConvolution(
        layer(s, Type::U8, Type::S8, Type::U8, hwcf, Post::None), in, filter,
        nullptr, scales, nullptr, out, impl, why);
  case LowpConv::S8S8:
    return dnnlConvolution(
        layer(s, Type::S8, Type::S8, Type::S32, hwcf, Post::None), in, filter,
        nullptr, nullptr, nullptr, out, impl, why);
  }
  return {};
}

} // namespace regtile::bench
