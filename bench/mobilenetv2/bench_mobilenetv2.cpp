//===- bench_mobilenetv2.cpp - MobileNetV2's depthwise layers -------------===//
//
// The ten unique depthwise layers of MobileNetV2 (batch 1, 224 x 224), f32,
// NHWC, each relu6(dwconv3x3(X, F) + b) with the input already padded, in
// one run (examples/mobilenetv2):
//   regtile   examples/mobilenetv2 scheduled by @regtile_schedule (output
//             pixels x channel vectors in registers, bias and ReLU6 on
//             them before the one store);
//   oneDNN    its convolution with groups = channels, bias, a clip post-op,
//             on the same NHWC buffers (weights reordered once, not timed).
// A depthwise layer does 9 multiply-adds per output and moves each input
// byte about once: the ratios to compare are those to the read loop over
// its bytes (input, filter, bias, output) and between the variants.
// Inputs are multiples of 1/8 in [-4, 4]: results are exact in f32 in any
// order.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "MlirKernels.h"
#include "mobilenetv2_peers.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

using M1 = StridedMemRefType<float, 1>;
using M3 = StridedMemRefType<float, 3>;
using M4 = StridedMemRefType<float, 4>;

namespace {
using namespace regtile::bench;
using DepthwiseFn = void (*)(M4 *, M3 *, M1 *, M4 *);

struct Layer {
  const char *name; // the shape's name in examples/examples.json
  DepthwiseShape shape;
};

/// relu6(dwconv(X, F) + b), exact.
void reference(const DepthwiseShape &s, const float *x, const float *f,
               const float *b, float *y) {
  for (int oh = 0; oh < s.h; ++oh)
    for (int ow = 0; ow < s.w; ++ow)
      for (int c = 0; c < s.c; ++c) {
        float acc = 0;
        for (int kh = 0; kh < 3; ++kh)
          for (int kw = 0; kw < 3; ++kw)
            acc += x[(size_t(oh * s.s + kh) * s.wi + ow * s.s + kw) * s.c + c] *
                   f[(kh * 3 + kw) * s.c + c];
        y[(size_t(oh) * s.w + ow) * s.c + c] =
            std::min(std::max(acc + b[c], 0.0f), 6.0f);
      }
}

} // namespace

int main(int argc, char **argv) {
  regtile::bench::prepareEnvironment(argc, argv, {});
  // Output size (hi - 3) / s + 1 of the padded input hi = input + 2.
  static const Layer layers[] = {
      {"dw112_c32_s1", {112, 112, 32, 1, 114, 114}},
      {"dw112_c96_s2", {56, 56, 96, 2, 114, 114}},
      {"dw56_c144_s1", {56, 56, 144, 1, 58, 58}},
      {"dw56_c144_s2", {28, 28, 144, 2, 58, 58}},
      {"dw28_c192_s1", {28, 28, 192, 1, 30, 30}},
      {"dw28_c192_s2", {14, 14, 192, 2, 30, 30}},
      {"dw14_c384_s1", {14, 14, 384, 1, 16, 16}},
      {"dw14_c576_s1", {14, 14, 576, 1, 16, 16}},
      {"dw14_c576_s2", {7, 7, 576, 2, 16, 16}},
      {"dw7_c960_s1", {7, 7, 960, 1, 9, 9}},
  };
  std::vector<Kernel> kernels;
  for (const Layer &l : layers) {
    const DepthwiseShape &s = l.shape;
    size_t nx = size_t(s.hi) * s.wi * s.c, nf = 9 * size_t(s.c),
           ny = size_t(s.h) * s.w * s.c;
    float *x = allocFloats(nx), *f = allocFloats(nf), *b = allocFloats(s.c),
          *ref = allocFloats(ny);
    fillFloats(x, nx, 1);
    fillFloats(f, nf, 2);
    fillFloats(b, s.c, 3);
    reference(s, x, f, b, ref);
    auto *mx = new M4(denseView<float, 4>(x, {1, s.hi, s.wi, s.c}));
    auto *mf = new M3(denseView<float, 3>(f, {3, 3, s.c}));
    auto *mb = new M1(denseView<float, 1>(b, {s.c}));
    std::string workload = std::string("mobilenetv2 ") + l.name;
    double flops = 2.0 * 9 * ny;
    double bytes = 4.0 * (nx + nf + s.c + ny);
    // Each variant writes its own Y, poisoned (NaN) first: a kernel must
    // write every element to pass its check.
    auto add =
        [&](const std::string &variant,
            std::function<std::function<void()>(float *, M4 *, std::string &)>
                prepare) {
          float *y = allocFloats(ny);
          std::memset(y, 0xff, sizeof(float) * ny);
          auto *my = new M4(denseView<float, 4>(y, {1, s.h, s.w, s.c}));
          std::string why;
          std::function<void()> run = prepare(y, my, why);
          if (!run) {
            std::fprintf(stderr, "bench_mobilenetv2: %s not available: %s\n",
                         variant.c_str(), why.c_str());
            return;
          }
          auto check = [y, ref, ny] {
            double err = maxRelativeError(y, ref, ny);
            return err == 0 ? std::string()
                            : "max relative error " + std::to_string(err);
          };
          kernels.push_back({workload, variant, flops, bytes, run, check});
        };
    for (const MlirKernel *kernel :
         mlirKernels("depthwise_bias_relu6", l.name)) {
      auto fn = kernel->as<DepthwiseFn>();
      add(kernel->label, [=](float *, M4 *my, std::string &) {
        return std::function<void()>([=] { fn(mx, mf, mb, my); });
      });
    }
    add("oneDNN conv (groups = C) + clip",
        [=](float *y, M4 *, std::string &why) {
          std::string impl;
          auto run = dnnlDepthwiseRelu6(s, x, f, b, y, impl, why);
          if (run)
            std::fprintf(stderr, "bench_mobilenetv2: %s: oneDNN %s\n", l.name,
                         impl.c_str());
          return run;
        });
  }
  Options options;
  options.jsonPath = "mobilenetv2.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
