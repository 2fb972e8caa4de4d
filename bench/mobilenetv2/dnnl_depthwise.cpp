//===- dnnl_depthwise.cpp - oneDNN's depthwise convolution as a peer ------===//
//
// oneDNN 2.x direct convolution with groups = channels (its depthwise
// kernels), forward inference: NHWC source and destination (the
// benchmark's buffers, no reorder), weights in the layout oneDNN picks
// (`any`), reordered once before timing, the bias as the primitive's and
// ReLU6 as an eltwise_clip post-op. No padding: the source is the padded
// input, as the regtile kernel's. On the run's threads (OMP_NUM_THREADS,
// set by the harness before oneDNN's runtime starts).
//
//===----------------------------------------------------------------------===//

#include "mobilenetv2_peers.h"

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.hpp>
#endif

namespace regtile::bench {

#ifdef REGTILE_HAVE_DNNL
std::function<void()> dnnlDepthwiseRelu6(const DepthwiseShape &s, float *x,
                                         float *f, float *b, float *y,
                                         std::string &impl, std::string &why) {
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  try {
    static engine eng(engine::kind::cpu, 0);
    static stream strm(eng);
    memory::desc srcMd({1, s.c, s.hi, s.wi}, dt::f32, tag::nhwc);
    memory::desc dstMd({1, s.c, s.h, s.w}, dt::f32, tag::nhwc);
    memory::desc biasMd({s.c}, dt::f32, tag::a);
    // Weights as (g, o, i, kh, kw) = (c, 1, 1, 3, 3).
    memory::dims weiDims = {s.c, 1, 1, 3, 3};
    memory::desc weiAny(weiDims, dt::f32, tag::any);
    convolution_forward::desc desc(prop_kind::forward_inference,
                                   algorithm::convolution_direct, srcMd, weiAny,
                                   biasMd, dstMd, {s.s, s.s}, {0, 0}, {0, 0});
    post_ops ops;
    ops.append_eltwise(1.0f, algorithm::eltwise_clip, 0.0f, 6.0f);
    primitive_attr attr;
    attr.set_post_ops(ops);
    convolution_forward::primitive_desc pd(desc, attr, eng);
    impl = pd.impl_info_str();
    // The benchmark's filter [kh][kw][c]: strides (1, c, c, 3 c, c) for
    // (g, o, i, kh, kw) (o and i have one element).
    memory::desc userWeiMd(weiDims, dt::f32, {1, s.c, s.c, 3 * s.c, s.c});
    memory userWei(userWeiMd, eng, f);
    memory w(pd.weights_desc(), eng);
    reorder(userWei, w).execute(strm, userWei, w);
    strm.wait();
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, memory(srcMd, eng, x)},
        {DNNL_ARG_WEIGHTS, w},
        {DNNL_ARG_BIAS, memory(biasMd, eng, b)},
        {DNNL_ARG_DST, memory(dstMd, eng, y)}};
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
std::function<void()> dnnlDepthwiseRelu6(const DepthwiseShape &, float *,
                                         float *, float *, float *,
                                         std::string &, std::string &why) {
  why = "oneDNN (libdnnl-dev) was not found at build time";
  return {};
}
#endif

} // namespace regtile::bench
