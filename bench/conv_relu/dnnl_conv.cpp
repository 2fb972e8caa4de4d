//===- dnnl_conv.cpp - oneDNN conv layer peer -----------------------------===//
//
// oneDNN 2.x direct convolution, forward inference, with bias and a ReLU
// post-op: NHWC source and destination (the benchmark's buffers, no
// reorder), weights in the layout oneDNN picks for the host (`any`),
// reordered once before timing. On the run's threads: the harness sets
// OMP_NUM_THREADS before oneDNN's OpenMP runtime starts.
//
//===----------------------------------------------------------------------===//

#include "conv_peers.h"

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.hpp>
#endif

namespace regtile::bench {

#ifdef REGTILE_HAVE_DNNL
std::function<void()> dnnlConvRelu(const ConvShape &s, float *in, float *filter,
                                   float *bias, float *out, std::string &impl,
                                   std::string &why) {
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  try {
    static engine eng(engine::kind::cpu, 0);
    static stream strm(eng);
    memory::dims srcDims = {s.n, s.ci, s.h + 2, s.w + 2};
    memory::dims weiDims = {s.co, s.ci, 3, 3};
    memory::dims biasDims = {s.co};
    memory::dims dstDims = {s.n, s.co, s.h, s.w};
    memory::desc srcMd(srcDims, dt::f32, tag::nhwc);
    memory::desc dstMd(dstDims, dt::f32, tag::nhwc);
    memory::desc biasMd(biasDims, dt::f32, tag::a);
    memory::desc weiAny(weiDims, dt::f32, tag::any);
    convolution_forward::desc desc(
        prop_kind::forward_inference, algorithm::convolution_direct, srcMd,
        weiAny, biasMd, dstMd, /*strides=*/{1, 1}, /*padding_l=*/{0, 0},
        /*padding_r=*/{0, 0});
    post_ops ops;
    ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
    primitive_attr attr;
    attr.set_post_ops(ops);
    convolution_forward::primitive_desc pd(desc, attr, eng);
    impl = pd.impl_info_str();

    // The benchmark's weights: [ci][kh][kw][co], i.e. dims (o, i, h, w)
    // with strides (1, 9 co, 3 co, co).
    memory::desc userWeiMd(weiDims, dt::f32,
                           memory::dims{1, 9 * s.co, 3 * s.co, s.co});
    memory userWei(userWeiMd, eng, filter);
    memory wei(pd.weights_desc(), eng);
    reorder(userWei, wei).execute(strm, userWei, wei);
    strm.wait();
    memory src(srcMd, eng, in), b(biasMd, eng, bias), dst(dstMd, eng, out);
    convolution_forward conv(pd);
    return [conv, src, wei, b, dst]() {
      conv.execute(strm, {{DNNL_ARG_SRC, src},
                          {DNNL_ARG_WEIGHTS, wei},
                          {DNNL_ARG_BIAS, b},
                          {DNNL_ARG_DST, dst}});
      strm.wait();
    };
  } catch (const dnnl::error &e) {
    why = e.what();
    return {};
  }
}

#else
std::function<void()> dnnlConvRelu(const ConvShape &, float *, float *, float *,
                                   float *, std::string &, std::string &why) {
  why = "oneDNN (libdnnl-dev) was not found at build time";
  return {};
}
#endif

} // namespace regtile::bench
