//===- bench_mobilenetv2.cpp - MobileNetV2's layers -----------------------===//
//
// The ten unique depthwise layers of MobileNetV2 (batch 1, 224 x 224), f32,
// NHWC, each relu6(dwconv3x3(X, F) + b) with the input already padded
// (examples/mobilenetv2), the same with the padding in the kernel (a
// producer tensor.pad, as frameworks emit the layers: "<layer> pad"), then
// its 19 unique pointwise layers, each
// conv1x1(X, F) + b with ReLU6 (the expansions, the last 1x1 layer), alone
// (the linear projections) or + R (the projections of the blocks with a
// residual connection, R the block's input; examples/mobilenetv2_pointwise),
// in one run:
//   regtile   examples/mobilenetv2 scheduled by @regtile_schedule (output
//             pixels x channel vectors in registers, bias and ReLU6 on
//             them before the one store);
//   oneDNN    its convolution (with groups = channels for depthwise), bias,
//             a binary add post-op for R, a clip post-op, on the same NHWC
//             buffers (weights reordered once, not timed).
// A depthwise layer does 9 multiply-adds per output and moves each input
// byte about once: the ratios to compare are those to the read loop over
// its bytes (input, filter, bias, output) and between the variants. A
// pointwise layer is a GEMM of (h w) x co x ci: the ratio to the FMA peak.
// Inputs are multiples of 1/8 in [-4, 4]: results are exact in f32 in any
// order.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "LayerVariants.h"
#include "MlirKernels.h"
#include "mobilenetv2_peers.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <string>

using M3 = StridedMemRefType<float, 3>;

namespace {
using namespace regtile::bench;
using DepthwiseFn = void (*)(M4 *, M3 *, M1 *, M4 *);

struct Layer {
  const char *name; // the shape's name in examples/examples.json
  DepthwiseShape shape;
};

struct PointwiseLayer {
  const char *name; // the shape's name in examples/examples.json
  PointwiseShape shape;
  PointwiseEpilogue epilogue;
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

/// conv1x1(X, F) + b, then the epilogue (R: the residual); exact.
void reference(const PointwiseShape &s, PointwiseEpilogue epilogue,
               const float *x, const float *f, const float *b, const float *r,
               float *y) {
  for (size_t p = 0; p < size_t(s.h) * s.w; ++p)
    for (int co = 0; co < s.co; ++co) {
      float acc = 0;
      for (int ci = 0; ci < s.ci; ++ci)
        acc += x[p * s.ci + ci] * f[size_t(ci) * s.co + co];
      acc += b[co];
      if (epilogue == PointwiseEpilogue::Relu6)
        acc = std::min(std::max(acc, 0.0f), 6.0f);
      else if (epilogue == PointwiseEpilogue::Residual)
        acc += r[p * s.co + co];
      y[p * s.co + co] = acc;
    }
}

/// A depthwise layer's workload: its input padded ahead of the call
/// (@depthwise_bias_relu6; oneDNN on the same padded buffer), or, the
/// framework form ("<layer> pad"), the unpadded input padded by a producer
/// tensor.pad in the kernel (@depthwise_pad_bias_relu6; oneDNN with padding
/// 1 on the same unpadded buffer).
void addDepthwiseLayer(std::vector<Kernel> &kernels, const Layer &l,
                       bool padInKernel) {
  const DepthwiseShape &s = l.shape;
  const int hu = s.hi - 2, wu = s.wi - 2;
  size_t nu = size_t(hu) * wu * s.c, nx = size_t(s.hi) * s.wi * s.c,
         nf = 9 * size_t(s.c), ny = size_t(s.h) * s.w * s.c;
  float *x = allocFloats(nx), *f = allocFloats(nf), *b = allocFloats(s.c),
        *ref = allocFloats(ny);
  float *in = x;
  DepthwiseShape peer = s;
  if (padInKernel) {
    in = allocFloats(nu);
    fillFloats(in, nu, 1);
    std::fill(x, x + nx, 0.0f);
    for (int h = 0; h < hu; ++h)
      std::memcpy(x + (size_t(h + 1) * s.wi + 1) * s.c,
                  in + size_t(h) * wu * s.c, sizeof(float) * wu * s.c);
    peer.hi = hu, peer.wi = wu, peer.pad = 1;
  } else {
    fillFloats(x, nx, 1);
  }
  fillFloats(f, nf, 2);
  fillFloats(b, s.c, 3);
  reference(s, x, f, b, ref);
  auto *min = new M4(denseView<float, 4>(in, {1, peer.hi, peer.wi, s.c}));
  auto *mf = new M3(denseView<float, 3>(f, {3, 3, s.c}));
  auto *mb = new M1(denseView<float, 1>(b, {s.c}));
  std::string workload =
      std::string("mobilenetv2 ") + l.name + (padInKernel ? " pad" : "");
  double flops = 2.0 * 9 * ny;
  double bytes = 4.0 * ((padInKernel ? nu : nx) + nf + s.c + ny);
  LayerVariants variants{kernels, workload,          flops, bytes, ref,
                         ny,      {1, s.h, s.w, s.c}};
  for (const MlirKernel *kernel : mlirKernels(
           padInKernel ? "depthwise_pad_bias_relu6" : "depthwise_bias_relu6",
           l.name)) {
    auto fn = kernel->as<DepthwiseFn>();
    variants.add(kernel->label, [=](float *, M4 *my, std::string &) {
      return std::function<void()>([=] { fn(min, mf, mb, my); });
    });
  }
  variants.addDnnl(padInKernel ? "oneDNN conv (groups = C, padding 1) + clip"
                               : "oneDNN conv (groups = C) + clip",
                   l.name, [=](float *y, std::string &impl, std::string &why) {
                     return dnnlDepthwiseRelu6(peer, in, f, b, y, impl, why);
                   });
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
  for (const Layer &l : layers)
    addDepthwiseLayer(kernels, l, /*padInKernel=*/false);
  for (const Layer &l : layers)
    addDepthwiseLayer(kernels, l, /*padInKernel=*/true);
  static const PointwiseLayer pointwise[] = {
      {"pw112_c16_96", {112, 112, 16, 96}, PointwiseEpilogue::Relu6},
      {"pw56_c24_144", {56, 56, 24, 144}, PointwiseEpilogue::Relu6},
      {"pw28_c32_192", {28, 28, 32, 192}, PointwiseEpilogue::Relu6},
      {"pw14_c64_384", {14, 14, 64, 384}, PointwiseEpilogue::Relu6},
      {"pw14_c96_576", {14, 14, 96, 576}, PointwiseEpilogue::Relu6},
      {"pw7_c160_960", {7, 7, 160, 960}, PointwiseEpilogue::Relu6},
      {"pw7_c320_1280", {7, 7, 320, 1280}, PointwiseEpilogue::Relu6},
      {"pw112_c32_16", {112, 112, 32, 16}, PointwiseEpilogue::None},
      {"pw56_c96_24", {56, 56, 96, 24}, PointwiseEpilogue::None},
      {"pw56_c144_24", {56, 56, 144, 24}, PointwiseEpilogue::Residual},
      {"pw28_c144_32", {28, 28, 144, 32}, PointwiseEpilogue::None},
      {"pw28_c192_32", {28, 28, 192, 32}, PointwiseEpilogue::Residual},
      {"pw14_c192_64", {14, 14, 192, 64}, PointwiseEpilogue::None},
      {"pw14_c384_64", {14, 14, 384, 64}, PointwiseEpilogue::Residual},
      {"pw14_c384_96", {14, 14, 384, 96}, PointwiseEpilogue::None},
      {"pw14_c576_96", {14, 14, 576, 96}, PointwiseEpilogue::Residual},
      {"pw7_c576_160", {7, 7, 576, 160}, PointwiseEpilogue::None},
      {"pw7_c960_160", {7, 7, 960, 160}, PointwiseEpilogue::Residual},
      {"pw7_c960_320", {7, 7, 960, 320}, PointwiseEpilogue::None},
  };
  for (const PointwiseLayer &l : pointwise) {
    const PointwiseShape &s = l.shape;
    size_t nx = size_t(s.h) * s.w * s.ci, nf = size_t(s.ci) * s.co,
           ny = size_t(s.h) * s.w * s.co;
    const bool residual = l.epilogue == PointwiseEpilogue::Residual;
    float *x = allocFloats(nx), *f = allocFloats(nf), *b = allocFloats(s.co),
          *r = residual ? allocFloats(ny) : nullptr, *ref = allocFloats(ny);
    fillFloats(x, nx, 1);
    fillFloats(f, nf, 2);
    fillFloats(b, s.co, 3);
    if (residual)
      fillFloats(r, ny, 4);
    reference(s, l.epilogue, x, f, b, r, ref);
    auto *mx = new M4(denseView<float, 4>(x, {1, s.h, s.w, s.ci}));
    auto *mf = new M4(denseView<float, 4>(f, {1, 1, s.ci, s.co}));
    auto *mb = new M1(denseView<float, 1>(b, {s.co}));
    auto *mr = residual ? new M4(denseView<float, 4>(r, {1, s.h, s.w, s.co}))
                        : nullptr;
    std::string workload = std::string("mobilenetv2 ") + l.name;
    double flops = 2.0 * s.ci * ny;
    double bytes = 4.0 * (nx + nf + s.co + ny + (residual ? ny : 0));
    LayerVariants variants{kernels, workload,           flops, bytes, ref,
                           ny,      {1, s.h, s.w, s.co}};
    const char *func = l.epilogue == PointwiseEpilogue::Relu6
                           ? "expand_bias_relu6"
                       : residual ? "project_bias_residual"
                                  : "project_bias";
    variants.addConvKernels(func, l.name, mx, mf, mb, mr);
    const char *peer = l.epilogue == PointwiseEpilogue::Relu6
                           ? "oneDNN conv 1x1 + clip"
                       : residual ? "oneDNN conv 1x1 + add"
                                  : "oneDNN conv 1x1";
    variants.addDnnl(
        peer, l.name, [=](float *y, std::string &impl, std::string &why) {
          return dnnlPointwise(s, l.epilogue, x, f, b, r, y, impl, why);
        });
  }
  Options options;
  options.jsonPath = "mobilenetv2.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
