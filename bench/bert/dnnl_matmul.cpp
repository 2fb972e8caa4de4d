//===- dnnl_matmul.cpp - oneDNN's matmul with post-ops as a peer ----------===//
//
// Y = X W + b, then GELU (tanh form) or + R, through oneDNN's matmul
// primitive (linked when found at build time, REGTILE_HAVE_DNNL): f32,
// plain row-major X, W and Y (the benchmark's buffers, the layout the
// regtile kernel reads: W is not pre-packed by either), the bias as the
// primitive's bias, GELU as an eltwise post-op, the residual as a binary
// add post-op. One primitive per shape and epilogue, created outside the
// timing.
//
//===----------------------------------------------------------------------===//

#include "bert_peers.h"

#include <map>
#include <memory>
#include <tuple>

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.hpp>
#endif

namespace regtile::bench {

bool dnnlLinear(const float *x, const float *w, const float *bias,
                const float *residual, float *y, int m, int n, int k,
                Epilogue epilogue) {
#ifdef REGTILE_HAVE_DNNL
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  struct Prim {
    engine eng{engine::kind::cpu, 0};
    stream strm{eng};
    matmul prim;
    memory::desc xd, wd, bd, yd;
  };
  static std::map<std::tuple<int, int, int, int>, std::unique_ptr<Prim>> prims;
  std::unique_ptr<Prim> &p = prims[{m, n, k, int(epilogue)}];
  try {
    if (!p) {
      p = std::make_unique<Prim>();
      p->xd = memory::desc({m, k}, dt::f32, tag::ab);
      p->wd = memory::desc({k, n}, dt::f32, tag::ab);
      p->bd = memory::desc({1, n}, dt::f32, tag::ab);
      p->yd = memory::desc({m, n}, dt::f32, tag::ab);
      post_ops ops;
      if (epilogue == Epilogue::Gelu)
        ops.append_eltwise(1.0f, algorithm::eltwise_gelu_tanh, 0.0f, 0.0f);
      if (epilogue == Epilogue::Residual)
        ops.append_binary(algorithm::binary_add, p->yd);
      primitive_attr attr;
      attr.set_post_ops(ops);
      matmul::primitive_desc pd(matmul::desc(p->xd, p->wd, p->bd, p->yd), attr,
                                p->eng);
      p->prim = matmul(pd);
    }
    memory xm(p->xd, p->eng, const_cast<float *>(x));
    memory wm(p->wd, p->eng, const_cast<float *>(w));
    memory bm(p->bd, p->eng, const_cast<float *>(bias));
    memory ym(p->yd, p->eng, y);
    std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, xm},
                                            {DNNL_ARG_WEIGHTS, wm},
                                            {DNNL_ARG_BIAS, bm},
                                            {DNNL_ARG_DST, ym}};
    if (epilogue == Epilogue::Residual)
      args.insert({DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1,
                   memory(p->yd, p->eng, const_cast<float *>(residual))});
    p->prim.execute(p->strm, args);
    p->strm.wait();
    return true;
  } catch (const dnnl::error &) {
    p.reset();
    return false;
  }
#else
  (void)x, (void)w, (void)bias, (void)residual, (void)y, (void)m, (void)n,
      (void)k, (void)epilogue;
  return false;
#endif
}

} // namespace regtile::bench
