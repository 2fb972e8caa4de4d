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
    tag user = l.nchw ? tag::nchw : tag::nhwc;
    tag layout = l.blocked ? tag::nChw16c : user;
    // (A few input channels, the stem's 3, stay as they are: oneDNN's
    // first-layer kernels read them so, its blocked ones would not run.)
    bool blockedSrc = l.blocked && l.ci % 16 == 0;
    memory::desc srcMd({l.n, l.ci, l.hi, l.wi}, dnnlType(l.src),
                       blockedSrc ? tag::nChw16c : user);
    memory::desc dstMd({l.n, l.co, l.h, l.w}, dnnlType(l.dst), layout);
    memory::desc userSrcMd({l.n, l.ci, l.hi, l.wi}, dnnlType(l.src), user);
    memory::desc userDstMd({l.n, l.co, l.h, l.w}, dnnlType(l.dst), user);
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
    memory userSrc(userSrcMd, eng, in), userDst(userDstMd, eng, out);
    memory userResidual;
    if (residual)
      userResidual = memory(userDstMd, eng, const_cast<void *>(residual));
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, blockedSrc ? memory(srcMd, eng) : userSrc},
        {DNNL_ARG_WEIGHTS, w},
        {DNNL_ARG_DST, l.blocked ? memory(dstMd, eng) : userDst}};
    if (bias)
      args[DNNL_ARG_BIAS] = memory(biasMd, eng, const_cast<float *>(bias));
    const int residualArg = DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1;
    if (residual)
      args[residualArg] = l.blocked ? memory(dstMd, eng) : userResidual;
    convolution_forward conv(pd);
    if (!l.blocked)
      return [conv, args]() {
        conv.execute(strm, args);
        strm.wait();
      };
    memory src = args.at(DNNL_ARG_SRC), dst = args.at(DNNL_ARG_DST);
    memory blockedResidual = residual ? args.at(residualArg) : memory();
    reorder toSrc = blockedSrc ? reorder(userSrc, src) : reorder();
    reorder fromDst(dst, userDst);
    reorder toResidual =
        residual ? reorder(userResidual, blockedResidual) : reorder();
    return [=]() mutable {
      if (blockedSrc)
        toSrc.execute(strm, userSrc, src);
      if (residual)
        toResidual.execute(strm, userResidual, blockedResidual);
      conv.execute(strm, args);
      fromDst.execute(strm, dst, userDst);
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
