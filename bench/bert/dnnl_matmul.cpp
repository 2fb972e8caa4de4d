//===- dnnl_matmul.cpp - oneDNN's matmul with post-ops as a peer ----------===//
//
// BERT's layers through oneDNN's matmul primitive (linked when found at
// build time, REGTILE_HAVE_DNNL), f32, on the benchmark's row-major buffers
// (the layout the regtile kernels read: nothing pre-packed by either):
//   dnnlLinear       Y = X W + b, then GELU (tanh form) or + R: the bias as
//                    the primitive's bias, GELU as an eltwise post-op, the
//                    residual as a binary add post-op;
//   dnnlBatchMatmul  C = A B with a batch dim, B read transposed through its
//                    strides, the scale and a broadcast mask as post-ops.
// One primitive per shape and epilogue, created outside the timing.
//
//===----------------------------------------------------------------------===//

#include "bert_peers.h"

#include <functional>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.hpp>
#endif

namespace regtile::bench {

#ifdef REGTILE_HAVE_DNNL
namespace {
using namespace dnnl;
using tag = memory::format_tag;
using dt = memory::data_type;

/// A matmul primitive and its memory descriptors; `binary` is the binary
/// post-op's second input, at post-op index `binaryIndex`.
struct Prim {
  engine eng{engine::kind::cpu, 0};
  stream strm{eng};
  matmul prim;
  memory::desc src, weights, bias, dst, binary;
  int binaryIndex = -1;
};

/// The buffers of one call (null: the primitive has no such input).
struct Buffers {
  const float *src, *weights, *bias, *binary;
  float *dst;
};

/// Runs the primitive cached under `key`, made by `make` on first use;
/// false if oneDNN refuses it.
template <typename Key>
bool runMatmul(std::map<Key, std::unique_ptr<Prim>> &prims, const Key &key,
               const std::function<void(Prim &)> &make, const Buffers &bufs) {
  std::unique_ptr<Prim> &p = prims[key];
  try {
    if (!p) {
      p = std::make_unique<Prim>();
      make(*p);
    }
    auto mem = [&p](const memory::desc &d, const float *data) {
      return memory(d, p->eng, const_cast<float *>(data));
    };
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, mem(p->src, bufs.src)},
        {DNNL_ARG_WEIGHTS, mem(p->weights, bufs.weights)},
        {DNNL_ARG_DST, mem(p->dst, bufs.dst)}};
    if (bufs.bias)
      args.insert({DNNL_ARG_BIAS, mem(p->bias, bufs.bias)});
    if (bufs.binary)
      args.insert(
          {DNNL_ARG_ATTR_MULTIPLE_POST_OP(p->binaryIndex) | DNNL_ARG_SRC_1,
           mem(p->binary, bufs.binary)});
    p->prim.execute(p->strm, args);
    p->strm.wait();
    return true;
  } catch (const dnnl::error &) {
    p.reset();
    return false;
  }
}
} // namespace
#endif

bool dnnlLinear(const float *x, const float *w, const float *bias,
                const float *residual, float *y, int m, int n, int k,
                Epilogue epilogue) {
#ifdef REGTILE_HAVE_DNNL
  static std::map<std::tuple<int, int, int, int>, std::unique_ptr<Prim>> prims;
  auto make = [&](Prim &p) {
    p.src = memory::desc({m, k}, dt::f32, tag::ab);
    p.weights = memory::desc({k, n}, dt::f32, tag::ab);
    p.bias = memory::desc({1, n}, dt::f32, tag::ab);
    p.dst = memory::desc({m, n}, dt::f32, tag::ab);
    post_ops ops;
    if (epilogue == Epilogue::Gelu)
      ops.append_eltwise(1.0f, algorithm::eltwise_gelu_tanh, 0.0f, 0.0f);
    if (epilogue == Epilogue::Residual) {
      p.binary = p.dst;
      p.binaryIndex = 0;
      ops.append_binary(algorithm::binary_add, p.binary);
    }
    primitive_attr attr;
    attr.set_post_ops(ops);
    p.prim = matmul(matmul::primitive_desc(
        matmul::desc(p.src, p.weights, p.bias, p.dst), attr, p.eng));
  };
  return runMatmul(
      prims, {m, n, k, int(epilogue)}, make,
      {x, w, bias, epilogue == Epilogue::Residual ? residual : nullptr, y});
#else
  (void)x, (void)w, (void)bias, (void)residual, (void)y, (void)m, (void)n,
      (void)k, (void)epilogue;
  return false;
#endif
}

bool dnnlBatchMatmul(const float *a, const float *b, const float *mask,
                     float *c, int batch, int m, int n, int k, bool transposedB,
                     float scale) {
#ifdef REGTILE_HAVE_DNNL
  static std::map<std::tuple<int, int, int, int, bool, bool>,
                  std::unique_ptr<Prim>>
      prims;
  auto make = [&](Prim &p) {
    p.src = memory::desc({batch, m, k}, dt::f32, tag::abc);
    // B stored batch x n x k is the logical batch x k x n with strides
    // (n k, 1, k): oneDNN's acb.
    p.weights =
        memory::desc({batch, k, n}, dt::f32, transposedB ? tag::acb : tag::abc);
    p.dst = memory::desc({batch, m, n}, dt::f32, tag::abc);
    primitive_attr attr;
    if (mask) {
      p.binary = memory::desc({1, 1, n}, dt::f32, tag::abc);
      p.binaryIndex = 1;
      post_ops ops;
      ops.append_eltwise(1.0f, algorithm::eltwise_linear, scale, 0.0f);
      ops.append_binary(algorithm::binary_add, p.binary);
      attr.set_post_ops(ops);
    }
    p.prim = matmul(matmul::primitive_desc(
        matmul::desc(p.src, p.weights, p.dst), attr, p.eng));
  };
  return runMatmul(prims, {batch, m, n, k, transposedB, mask != nullptr}, make,
                   {a, b, nullptr, mask, c});
#else
  (void)a, (void)b, (void)mask, (void)c, (void)batch, (void)m, (void)n, (void)k,
      (void)transposedB, (void)scale;
  return false;
#endif
}

} // namespace regtile::bench
