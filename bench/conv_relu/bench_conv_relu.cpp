//===- bench_conv_relu.cpp - seed 000 conv layer benchmark ----------------===//
//
// The convolution layer of seed 000 (3x3, bias + ReLU, NHWC) at the seed's
// shapes (N=5, 80x100 output, CI=CO=128) and a second set (N=1, 56x56,
// CI=CO=64), compared in one run:
//   regtile    the @regtile_conv2d strategy (examples/conv_relu schedule);
//   upstream   the MLIR tutorial's recipe (upstream ops only)
//              (the scheduled kernels: bench/CMakeLists.txt);
//   Halide 14  the conv_layer app's CPU schedule, JIT, one thread;
//   oneDNN     direct convolution with a ReLU post-op, one thread, weights
//              reordered once (not timed);
//   C++ -O3    plain loops, the compiler's own vectorization.
// Every variant is checked against the C++ result before it is timed.
// Peers not built in (scripts/setup.sh --bench installs them) are skipped.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "MlirKernels.h"
#include "conv_peers.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace {
using M4 = StridedMemRefType<float, 4>;
using M1 = StridedMemRefType<float, 1>;
using ConvFn = void (*)(M4 *, M4 *, M1 *, M4 *);
} // namespace

namespace {

using regtile::bench::ConvShape;

M4 view4(float *p, int64_t d0, int64_t d1, int64_t d2, int64_t d3) {
  return regtile::bench::denseView<float, 4>(p, {d0, d1, d2, d3});
}

/// in[n][y][x][ci], filter[ci][kh][kw][co], out[n][y][x][co].
void convReluCpp(const ConvShape &s, const float *in, const float *filter,
                 const float *bias, float *out) {
  const int HI = s.h + 2, WI = s.w + 2, CI = s.ci, CO = s.co;
  for (int n = 0; n < s.n; ++n)
    for (int y = 0; y < s.h; ++y)
      for (int x = 0; x < s.w; ++x) {
        float *o = out + ((n * s.h + y) * s.w + x) * CO;
        for (int c = 0; c < CO; ++c)
          o[c] = bias[c];
        for (int kh = 0; kh < 3; ++kh)
          for (int kw = 0; kw < 3; ++kw)
            for (int ci = 0; ci < CI; ++ci) {
              float v = in[((n * HI + y + kh) * WI + x + kw) * CI + ci];
              const float *f = filter + ((ci * 3 + kh) * 3 + kw) * CO;
              for (int c = 0; c < CO; ++c)
                o[c] += v * f[c];
            }
        for (int c = 0; c < CO; ++c)
          o[c] = std::max(o[c], 0.0f);
      }
}

/// One shape set (its name in bench/CMakeLists.txt): buffers and views.
struct ShapeSet {
  const char *name;
  ConvShape s;
  float *in, *filter, *bias, *ref, *out;
  M4 mIn, mFilter, mOut;
  M1 mBias;
};

void prepare(ShapeSet &set) {
  const ConvShape &s = set.s;
  const std::size_t inCount = std::size_t(s.n) * (s.h + 2) * (s.w + 2) * s.ci;
  const std::size_t filterCount = std::size_t(s.ci) * 9 * s.co;
  const std::size_t outCount = std::size_t(s.n) * s.h * s.w * s.co;
  using namespace regtile::bench;
  set.in = allocFloats(inCount);
  set.filter = allocFloats(filterCount);
  set.bias = allocFloats(s.co);
  set.ref = allocFloats(outCount);
  set.out = allocFloats(outCount);
  fillFloats(set.in, inCount, 1);
  fillFloats(set.filter, filterCount, 2);
  fillFloats(set.bias, s.co, 3);
  convReluCpp(s, set.in, set.filter, set.bias, set.ref);
  set.mIn = view4(set.in, s.n, s.h + 2, s.w + 2, s.ci);
  set.mFilter = view4(set.filter, s.ci, 3, 3, s.co);
  set.mOut = view4(set.out, s.n, s.h, s.w, s.co);
  set.mBias = regtile::bench::denseView<float, 1>(set.bias, {s.co});
}

} // namespace

int main(int argc, char **argv) {
  // oneDNN and Halide on the run's threads (--threads).
  regtile::bench::prepareEnvironment(argc, argv);
  using namespace regtile::bench;
  static ShapeSet sets[] = {
      {"seed", {5, 80, 100, 128, 128}},
      {"second", {1, 56, 56, 64, 64}},
  };
  std::vector<Kernel> kernels;
  for (ShapeSet &set : sets) {
    prepare(set);
    ShapeSet *p = &set;
    const ConvShape &s = set.s;
    const std::size_t outCount = std::size_t(s.n) * s.h * s.w * s.co;
    const double flops = double(s.n) * s.h * s.w * s.co * (2.0 * s.ci * 9 + 2);
    const double bytes = 4.0 * (double(s.n) * (s.h + 2) * (s.w + 2) * s.ci +
                                9.0 * s.ci * s.co + s.co + double(outCount));
    const std::string workload =
        "conv_relu " + std::to_string(s.n) + "x" + std::to_string(s.h) + "x" +
        std::to_string(s.w) + " CI=" + std::to_string(s.ci) +
        " CO=" + std::to_string(s.co) + " 3x3 f32";
    // Inputs are multiples of 1/8: reassociated sums stay exact, but allow
    // for rounding anyway.
    auto check = [p, outCount] {
      double err = maxRelativeError(p->out, p->ref, outCount);
      std::fill(p->out, p->out + outCount, -1.0f);
      return err <= 1e-4 ? std::string()
                         : "max relative error " + std::to_string(err);
    };
    for (const MlirKernel *k : mlirKernels("conv_relu", set.name)) {
      auto fn = k->as<ConvFn>();
      kernels.push_back(
          {workload, k->label, flops, bytes,
           [p, fn] { fn(&p->mIn, &p->mFilter, &p->mBias, &p->mOut); }, check});
    }
    std::string why, impl;
    if (auto halide =
            halideConvRelu(s, set.in, set.filter, set.bias, set.out, why))
      kernels.push_back({workload, "Halide 14 (conv_layer app schedule)", flops,
                         bytes, halide, check});
    else
      std::fprintf(stderr, "bench_conv_relu: no Halide variant: %s\n",
                   why.c_str());
    if (auto dnnl =
            dnnlConvRelu(s, set.in, set.filter, set.bias, set.out, impl, why))
      kernels.push_back(
          {workload, "oneDNN (" + impl + ")", flops, bytes, dnnl, check});
    else
      std::fprintf(stderr, "bench_conv_relu: no oneDNN variant: %s\n",
                   why.c_str());
    kernels.push_back(
        {workload, "C++ -O3 -march=native", flops, bytes,
         [p] { convReluCpp(p->s, p->in, p->filter, p->bias, p->out); }, check});
  }
  Options options;
  options.jsonPath = "conv_relu.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
