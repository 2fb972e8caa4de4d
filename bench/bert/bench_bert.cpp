//===- bench_bert.cpp - BERT-base linear layers with their epilogues ------===//
//
// The linear layers of BERT-base at sequence length 128, f32, row-major,
// each a GEMM Y = X W with its epilogue, in one run (examples/bert):
//   qkv       128 x 2304 x 768   + b
//   attn_out  128 x 768 x 768    + b + R (the residual)
//   ffn1      128 x 3072 x 768   gelu_tanh(+ b)
//   ffn2      128 x 768 x 3072   + b + R
// (M x N x K) by
//   regtile   examples/bert scheduled by @regtile_schedule (the consumers
//             on the GEMM's register tiles, W packed per call);
//   oneDNN    the matmul primitive with bias and a GELU or binary-add
//             post-op on the same row-major buffers (W not pre-packed).
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
#include <string>

using M1 = StridedMemRefType<float, 1>;
using M2 = StridedMemRefType<float, 2>;

namespace {
using namespace regtile::bench;
using LinearFn = void (*)(M2 *, M2 *, M1 *, M2 *);
using ResidualFn = void (*)(M2 *, M2 *, M1 *, M2 *, M2 *);

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
    // Each variant writes its own Y, poisoned (NaN) first: a kernel must
    // write every element to pass its check.
    auto add = [&](const std::string &variant,
                   std::function<bool(float *, M2 *)> call) {
      float *y = allocFloats(ny);
      std::memset(y, 0xff, sizeof(float) * ny);
      auto *my = new M2(denseView<float, 2>(y, {l.m, l.n}));
      if (!call(y, my)) {
        std::fprintf(stderr, "bench_bert: %s not available, skipped\n",
                     variant.c_str());
        return;
      }
      std::memset(y, 0xff, sizeof(float) * ny);
      auto check = [y, ref, ny] {
        double err = maxRelativeError(y, ref, ny);
        return err <= 1e-5 ? std::string()
                           : "max relative error " + std::to_string(err);
      };
      kernels.push_back({workload, variant, flops, bytes,
                         [call, y, my] { call(y, my); }, check});
    };
    for (const MlirKernel *kernel :
         mlirKernels(kernelFunc(l.epilogue), l.name)) {
      if (l.epilogue == Epilogue::Residual) {
        auto fn = kernel->as<ResidualFn>();
        add(kernel->label, [=](float *, M2 *my) {
          fn(mx, mw, mb, mr, my);
          return true;
        });
      } else {
        auto fn = kernel->as<LinearFn>();
        add(kernel->label, [=](float *, M2 *my) {
          fn(mx, mw, mb, my);
          return true;
        });
      }
    }
    add("oneDNN matmul + post-ops", [=, &l](float *y, M2 *) {
      return dnnlLinear(x, w, b, r, y, l.m, l.n, l.k, l.epilogue);
    });
  }
  Options options;
  options.jsonPath = "bert.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
