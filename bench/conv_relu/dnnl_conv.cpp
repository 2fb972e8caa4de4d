//===- dnnl_conv.cpp - oneDNN conv layers as peers ------------------------===//
//
// oneDNN 2.x direct convolution, forward inference, 3x3, stride 1, no
// padding: NHWC source and destination (the benchmarks' buffers, no
// reorder), weights in the layout oneDNN picks for the host (`any`),
// reordered once before timing. On the run's threads: the harness sets
// OMP_NUM_THREADS before oneDNN's OpenMP runtime starts.
//   bench_conv_relu: f32 with bias and a ReLU post-op;
//   bench_conv_lowp: bf16 x bf16 -> f32 with bias (f32) and ReLU;
//   u8 x s8 -> s32 and s8 x s8 -> s32, no bias, no post-op (the i32
//   accumulators; oneDNN's int8 convolution, with its compensation for s8
//   sources); u8 x s8 -> u8 with per-channel output scales (rounded to
//   nearest even, saturated).
//
//===----------------------------------------------------------------------===//

#include "conv_peers.h"

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.hpp>
#endif

namespace regtile::bench {

#ifdef REGTILE_HAVE_DNNL
namespace {
using namespace dnnl;
using tag = memory::format_tag;
using dt = memory::data_type;

/// The layer in the given types; `weiStrides`: the strides of the
/// benchmark's filter as dims (o, i, h, w).
std::function<void()> dnnlConv(const ConvShape &s, dt src, dt wei, dt dst,
                               const memory::dims &weiStrides, void *in,
                               void *filter, float *bias, const float *scales,
                               void *out, bool relu, std::string &impl,
                               std::string &why) {
  try {
    static engine eng(engine::kind::cpu, 0);
    static stream strm(eng);
    memory::dims srcDims = {s.n, s.ci, s.h + 2, s.w + 2};
    memory::dims weiDims = {s.co, s.ci, 3, 3};
    memory::dims biasDims = {s.co};
    memory::dims dstDims = {s.n, s.co, s.h, s.w};
    memory::desc srcMd(srcDims, src, tag::nhwc);
    memory::desc dstMd(dstDims, dst, tag::nhwc);
    memory::desc biasMd(biasDims, dt::f32, tag::a);
    memory::desc weiAny(weiDims, wei, tag::any);
    auto desc =
        bias ? convolution_forward::desc(
                   prop_kind::forward_inference, algorithm::convolution_direct,
                   srcMd, weiAny, biasMd, dstMd, {1, 1}, {0, 0}, {0, 0})
             : convolution_forward::desc(prop_kind::forward_inference,
                                         algorithm::convolution_direct, srcMd,
                                         weiAny, dstMd, {1, 1}, {0, 0}, {0, 0});
    primitive_attr attr;
    // Per output channel (dim 1 of the destination).
    if (scales)
      attr.set_output_scales(1 << 1, std::vector<float>(scales, scales + s.co));
    if (relu) {
      post_ops ops;
      ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
      attr.set_post_ops(ops);
    }
    convolution_forward::primitive_desc pd(desc, attr, eng);
    impl = pd.impl_info_str();
    memory::desc userWeiMd(weiDims, wei, weiStrides);
    memory userWei(userWeiMd, eng, filter);
    memory w(pd.weights_desc(), eng);
    reorder(userWei, w).execute(strm, userWei, w);
    strm.wait();
    memory srcM(srcMd, eng, in), dstM(dstMd, eng, out);
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, srcM}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DST, dstM}};
    if (bias)
      args[DNNL_ARG_BIAS] = memory(biasMd, eng, bias);
    convolution_forward conv(pd);
    return [conv, args]() {
      conv.execute(strm, args);
      strm.wait();
    };
  } catch (const dnnl::error &e) {
    why = e.what();
    return {};
  }
}
} // namespace

std::function<void()> dnnlConvRelu(const ConvShape &s, float *in, float *filter,
                                   float *bias, float *out, std::string &impl,
                                   std::string &why) {
  // The weights: [ci][kh][kw][co], i.e. dims (o, i, h, w) with strides
  // (1, 9 co, 3 co, co).
  return dnnlConv(s, dt::f32, dt::f32, dt::f32, {1, 9 * s.co, 3 * s.co, s.co},
                  in, filter, bias, nullptr, out, /*relu=*/true, impl, why);
}

std::function<void()> dnnlConvLowp(const ConvShape &s, LowpConv type, void *in,
                                   void *filter, float *bias,
                                   const float *scales, void *out,
                                   std::string &impl, std::string &why) {
  // The weights: [kh][kw][ci][co], i.e. dims (o, i, h, w) with strides
  // (1, co, 3 ci co, ci co).
  memory::dims hwcf = {1, s.co, 3 * s.ci * s.co, s.ci * s.co};
  switch (type) {
  case LowpConv::BF16:
    return dnnlConv(s, dt::bf16, dt::bf16, dt::f32, hwcf, in, filter, bias,
                    nullptr, out,
                    /*relu=*/true, impl, why);
  case LowpConv::U8S8:
    return dnnlConv(s, dt::u8, dt::s8, dt::s32, hwcf, in, filter, nullptr,
                    nullptr, out,
                    /*relu=*/false, impl, why);
  case LowpConv::U8S8Q:
    return dnnlConv(s, dt::u8, dt::s8, dt::u8, hwcf, in, filter, nullptr,
                    scales, out, /*relu=*/false, impl, why);
  case LowpConv::S8S8:
    return dnnlConv(s, dt::s8, dt::s8, dt::s32, hwcf, in, filter, nullptr,
                    nullptr, out,
                    /*relu=*/false, impl, why);
  }
  return {};
}

#else
std::function<void()> dnnlConvRelu(const ConvShape &, float *, float *, float *,
                                   float *, std::string &, std::string &why) {
  why = "oneDNN (libdnnl-dev) was not found at build time";
  return {};
}

std::function<void()> dnnlConvLowp(const ConvShape &, LowpConv, void *, void *,
                                   float *, const float *, void *,
                                   std::string &, std::string &why) {
  why = "oneDNN (libdnnl-dev) was not found at build time";
  return {};
}
#endif

} // namespace regtile::bench
