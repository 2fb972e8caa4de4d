//===- bench_bert.cpp - BERT-base linear layers with their epilogues ------===//
//
// The linear layers of BERT-base at sequence length 128, f32, row-major,
// each a GEMM Y = X W with its epilogue, in one run (examples/bert):
//   qkv       128 x 2304 x 768   + b
//   attn_out  128 x 768 x 768    + b + R (the residual)
//   ffn1      128 x 3072 x 768   gelu_tanh(+ b)
//   ffn2      128 x 768 x 3072   + b + R
// (M x N x K), and the attention's batch matmuls, 12 heads of 64 values
// (examples/bert/attention.mlir):
//   scores    12 x 128 x 128 x 64   Q K^T / 8 + mask  (K stored as (t, d))
//   context   12 x 128 x 64 x 128   P V
// (heads x M x N x K) by
//   regtile   examples/bert scheduled by @regtile_schedule (the consumers
//             on the GEMM's register tiles, W packed per call);
//   oneDNN    the matmul primitive with bias and a GELU or binary-add
//             post-op on the same row-major buffers (W not pre-packed);
//             for attention with a batch dim, K read transposed through
//             its strides, the scale and mask as post-ops.
// Ratios are to the harness's peak-FMA loop (the GEMM's 2 M N K flops).
// Inputs are multiples of 1/8 in [-4, 4]: the GEMM, bias and residual are
// exact in f32 in any order; GELU's tanh is approximated by both (regtile:
// a polynomial on vectors), so results are checked to 1e-5 (relative, or
// absolute below 1).
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "MlirKernels.h"
#include "bert_peers.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>

using M1 = StridedMemRefType<float, 1>;
using M2 = StridedMemRefType<float, 2>;
using M3 = StridedMemRefType<float, 3>;

namespace {
using namespace regtile::bench;
using LinearFn = void (*)(M2 *, M2 *, M1 *, M2 *);
using ResidualFn = void (*)(M2 *, M2 *, M1 *, M2 *, M2 *);
using ScoresFn = void (*)(M3 *, M3 *, M1 *, M3 *);
using ContextFn = void (*)(M3 *, M3 *, M3 *);

struct Layer {
  const char *name; // the shape's name in examples/examples.json
  int m, n, k;
  Epilogue epilogue;
};

/// The kernel of examples/bert.mlir that computes `e`.
const char *kernelFunc(Epilogue e) {
  switch (e) {
  case Epilogue::None:
    return "linear_bias";
  case Epilogue::Gelu:
    return "linear_bias_gelu";
  case Epilogue::Residual:
    return "linear_bias_residual";
  }
  return "";
}

/// Y = X W + b, then the epilogue (exact up to GELU's tanh).
void reference(const Layer &l, const float *x, const float *w, const float *b,
               const float *r, float *y) {
  for (int i = 0; i < l.m; ++i) {
    float *row = y + size_t(i) * l.n;
    std::memset(row, 0, sizeof(float) * l.n);
    for (int p = 0; p < l.k; ++p) {
      float a = x[size_t(i) * l.k + p];
      const float *wrow = w + size_t(p) * l.n;
      for (int j = 0; j < l.n; ++j)
        row[j] += a * wrow[j];
    }
    for (int j = 0; j < l.n; ++j) {
      float v = row[j] + b[j];
      if (l.epilogue == Epilogue::Gelu)
        v = 0.5f * v *
            (1.0f + std::tanh(0.7978845608f * (v + 0.044715f * v * v * v)));
      if (l.epilogue == Epilogue::Residual)
        v += r[size_t(i) * l.n + j];
      row[j] = v;
    }
  }
}

/// C[h] = A[h] B[h] (B stored (n, k) when `transposedB`), then scale and
/// + mask[n] when `mask` is given; exact: sums of multiples of 1/64.
void batchReference(const float *a, const float *b, const float *mask, float *c,
                    int batch, int m, int n, int k, bool transposedB,
                    float scale) {
  for (int h = 0; h < batch; ++h)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        float acc = 0;
        for (int p = 0; p < k; ++p)
          acc += a[(size_t(h) * m + i) * k + p] *
                 (transposedB ? b[(size_t(h) * n + j) * k + p]
                              : b[(size_t(h) * k + p) * n + j]);
        c[(size_t(h) * m + i) * n + j] = mask ? acc * scale + mask[j] : acc;
      }
}

/// Adds a variant writing its own Y (`ny` floats), poisoned (NaN) first: a
/// kernel must write every element to pass its check against `ref` (to
/// `tolerance`, relative, or absolute below 1). `call` runs it on Y; false
/// if the variant is not available.
void addVariant(std::vector<Kernel> &kernels, const std::string &workload,
                double flops, double bytes, const float *ref, size_t ny,
                double tolerance, const std::string &variant,
                std::function<bool(float *)> call) {
  float *y = allocFloats(ny);
  std::memset(y, 0xff, sizeof(float) * ny);
  if (!call(y)) {
    std::fprintf(stderr, "bench_bert: %s not available, skipped\n",
                 variant.c_str());
    return;
  }
  std::memset(y, 0xff, sizeof(float) * ny);
  auto check = [y, ref, ny, tolerance] {
    double err = maxRelativeError(y, ref, ny);
    return err <= tolerance ? std::string()
                            : "max relative error " + std::to_string(err);
  };
  kernels.push_back(
      {workload, variant, flops, bytes, [call, y] { call(y); }, check});
}

/// The attention's batch matmuls at BERT-base's sequence 128 (the shape
/// "attention" of examples/examples.json): scores = Q K^T / 8 + mask and
/// context = P V, per head.
void addAttention(std::vector<Kernel> &kernels) {
  const int heads = 12, s = 128, t = 128, d = 64;
  const float scale = 0.125f;
  size_t nq = size_t(heads) * s * d, nk = size_t(heads) * t * d,
         ns = size_t(heads) * s * t;
  float *q = allocFloats(nq), *k = allocFloats(nk), *mask = allocFloats(t),
        *p = allocFloats(ns), *v = allocFloats(nk), *scores = allocFloats(ns),
        *context = allocFloats(nq);
  fillFloats(q, nq, 1);
  fillFloats(k, nk, 2);
  fillFloats(mask, t, 3);
  fillFloats(p, ns, 4);
  fillFloats(v, nk, 5);
  batchReference(q, k, mask, scores, heads, s, t, d, true, scale);
  batchReference(p, v, nullptr, context, heads, s, d, t, false, 1);
  auto *mq = new M3(denseView<float, 3>(q, {heads, s, d}));
  auto *mk = new M3(denseView<float, 3>(k, {heads, t, d}));
  auto *mmask = new M1(denseView<float, 1>(mask, {t}));
  auto *mp = new M3(denseView<float, 3>(p, {heads, s, t}));
  auto *mv = new M3(denseView<float, 3>(v, {heads, t, d}));
  auto name = [&](const char *what, int m, int n, int kk) {
    return std::string("bert attention ") + what + " " + std::to_string(heads) +
           "x" + std::to_string(m) + "x" + std::to_string(n) + "x" +
           std::to_string(kk);
  };
  std::string w = name("scores", s, t, d);
  double flops = 2.0 * heads * s * t * d;
  double bytes = 4.0 * (nq + nk + t + ns);
  for (const MlirKernel *kernel : mlirKernels("attention_scores", "attention"))
    addVariant(kernels, w, flops, bytes, scores, ns, 0, kernel->label,
               [fn = kernel->as<ScoresFn>(), mq, mk, mmask](float *y) {
                 M3 my = denseView<float, 3>(y, {heads, s, t});
                 fn(mq, mk, mmask, &my);
                 return true;
               });
  addVariant(kernels, w, flops, bytes, scores, ns, 0,
             "oneDNN matmul + post-ops", [=](float *y) {
               return dnnlBatchMatmul(q, k, mask, y, heads, s, t, d, true,
                                      scale);
             });
  w = name("context", s, d, t);
  flops = 2.0 * heads * s * d * t;
  bytes = 4.0 * (ns + nk + nq);
  for (const MlirKernel *kernel : mlirKernels("attention_context", "attention"))
    addVariant(kernels, w, flops, bytes, context, nq, 0, kernel->label,
               [fn = kernel->as<ContextFn>(), mp, mv](float *y) {
                 M3 my = denseView<float, 3>(y, {heads, s, d});
                 fn(mp, mv, &my);
                 return true;
               });
  addVariant(kernels, w, flops, bytes, context, nq, 0,
             "oneDNN matmul + post-ops", [=](float *y) {
               return dnnlBatchMatmul(p, v, nullptr, y, heads, s, d, t, false,
                                      1);
             });
}

} // namespace

int main(int argc, char **argv) {
  regtile::bench::prepareEnvironment(argc, argv, {});
  static const Layer layers[] = {
      {"qkv", 128, 2304, 768, Epilogue::None},
      {"attn_out", 128, 768, 768, Epilogue::Residual},
      {"ffn1", 128, 3072, 768, Epilogue::Gelu},
      {"ffn2", 128, 768, 3072, Epilogue::Residual},
  };
  std::vector<Kernel> kernels;
  for (const Layer &l : layers) {
    size_t nx = size_t(l.m) * l.k, nw = size_t(l.k) * l.n,
           ny = size_t(l.m) * l.n;
    float *x = allocFloats(nx), *w = allocFloats(nw), *b = allocFloats(l.n),
          *r = allocFloats(ny), *ref = allocFloats(ny);
    fillFloats(x, nx, 1);
    fillFloats(w, nw, 2);
    fillFloats(b, l.n, 3);
    fillFloats(r, ny, 4);
    reference(l, x, w, b, r, ref);
    auto *mx = new M2(denseView<float, 2>(x, {l.m, l.k}));
    auto *mw = new M2(denseView<float, 2>(w, {l.k, l.n}));
    auto *mb = new M1(denseView<float, 1>(b, {l.n}));
    auto *mr = new M2(denseView<float, 2>(r, {l.m, l.n}));
    std::string workload = std::string("bert ") + l.name + " " +
                           std::to_string(l.m) + "x" + std::to_string(l.n) +
                           "x" + std::to_string(l.k);
    double flops = 2.0 * l.m * l.n * l.k;
    double bytes = 4.0 * (nx + nw + l.n + ny +
                          (l.epilogue == Epilogue::Residual ? ny : 0));
    for (const MlirKernel *kernel :
         mlirKernels(kernelFunc(l.epilogue), l.name)) {
      if (l.epilogue == Epilogue::Residual)
        addVariant(
            kernels, workload, flops, bytes, ref, ny, 1e-5, kernel->label,
            [fn = kernel->as<ResidualFn>(), mx, mw, mb, mr, &l](float *y) {
              M2 my = denseView<float, 2>(y, {l.m, l.n});
              fn(mx, mw, mb, mr, &my);
              return true;
            });
      else
        addVariant(kernels, workload, flops, bytes, ref, ny, 1e-5,
                   kernel->label,
                   [fn = kernel->as<LinearFn>(), mx, mw, mb, &l](float *y) {
                     M2 my = denseView<float, 2>(y, {l.m, l.n});
                     fn(mx, mw, mb, &my);
                     return true;
                   });
    }
    addVariant(kernels, workload, flops, bytes, ref, ny, 1e-5,
               "oneDNN matmul + post-ops", [=, &l](float *y) {
                 return dnnlLinear(x, w, b, r, y, l.m, l.n, l.k, l.epilogue);
               });
  }
  addAttention(kernels);
  Options options;
  options.jsonPath = "bert.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
