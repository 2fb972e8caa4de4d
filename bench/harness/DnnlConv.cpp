//===- DnnlConv.cpp - oneDNN's convolution as a benchmark peer ------------===//

#include "DnnlConv.h"

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.hpp>
#endif

namespace regtile::bench {

#ifdef REGTILE_HAVE_DNNL
namespace {
using namespace dnnl;
using tag = memory::format_tag;
using dt = memory::data_type;

dt dnnlType(DnnlConvLayer::Type t) {
  switch (t) {
  case DnnlConvLayer::Type::F32:
    return dt::f32;
  case DnnlConvLayer::Type::BF16:
    return dt::bf16;
  case DnnlConvLayer::Type::U8:
    return dt::u8;
  case DnnlConvLayer::Type::S8:
    return dt::s8;
  case DnnlConvLayer::Type::S32:
    return dt::s32;
  }
  return dt::undef;
}
} // namespace

std::function<void()> dnnlConvolution(const DnnlConvLayer &l, void *in,
                                      void *filter, const float *bias,
                                      const float *scales, const void *residual,
                                      void *out, std::string &impl,
                                      std::string &why) {
  try {
    static engine eng(engine::kind::cpu, 0);
    static stream strm(eng);
    tag layout = l.nchw ? tag::nchw : tag::nhwc;
    memory::desc srcMd({l.n, l.ci, l.hi, l.wi}, dnnlType(l.src), layout);
    memory::desc dstMd({l.n, l.co, l.h, l.w}, dnnlType(l.dst), layout);
    memory::desc biasMd({l.co}, dt::f32, tag::a);
    memory::dims weiDims = {l.co, l.ci, l.kh, l.kw};
    if (l.groups > 1)
      weiDims = {l.groups, l.co / l.groups, l.ci / l.groups, l.kh, l.kw};
    memory::desc weiAny(weiDims, dnnlType(l.wei), tag::any);
    memory::dims strides = {l.stride, l.stride}, pad = {l.pad, l.pad};
    auto desc =
        bias ? convolution_forward::desc(
                   prop_kind::forward_inference, algorithm::convolution_direct,
                   srcMd, weiAny, biasMd, dstMd, strides, pad, pad)
             : convolution_forward::desc(prop_kind::forward_inference,
                                         algorithm::convolution_direct, srcMd,
                                         weiAny, dstMd, strides, pad, pad);
    primitive_attr attr;
    // Per output channel (dim 1 of the destination).
    if (scales)
      attr.set_output_scales(1 << 1, std::vector<float>(scales, scales + l.co));
    post_ops ops;
    if (residual)
      ops.append_binary(algorithm::binary_add, dstMd);
    if (l.post == DnnlConvLayer::Post::Relu)
      ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
    else if (l.post == DnnlConvLayer::Post::Clip6)
      ops.append_eltwise(1.0f, algorithm::eltwise_clip, 0.0f, 6.0f);
    attr.set_post_ops(ops);
    convolution_forward::primitive_desc pd(desc, attr, eng);
    impl = pd.impl_info_str();
    memory userWei({weiDims, dnnlType(l.wei), l.weightStrides}, eng, filter);
    memory w(pd.weights_desc(), eng);
    reorder(userWei, w).execute(strm, userWei, w);
    strm.wait();
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, memory(srcMd, eng, in)},
        {DNNL_ARG_WEIGHTS, w},
        {DNNL_ARG_DST, memory(dstMd, eng, out)}};
    if (bias)
      args[DNNL_ARG_BIAS] = memory(biasMd, eng, const_cast<float *>(bias));
    if (residual)
      args[DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1] =
          memory(dstMd, eng, const_cast<void *>(residual));
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
#else
std::function<void()> dnnlConvolution(const DnnlConvLayer &, void *, void *,
                                      const float *, const float *,
                                      const void *, void *, std::string &,
                                      std::string &why) {
  why = "oneDNN (libdnnl-dev) was not found at build time";
  return {};
}
#endif

} // namespace regtile::bench
