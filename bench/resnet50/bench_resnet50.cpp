//===- bench_resnet50.cpp - ResNet-50's convolution layers ----------------===//
//
// The unique convolution layers of ResNet-50 v1.5 (batch 1, 224 x 224),
// f32, NHWC input and output, HWCF filter, each in the form it has in the
// network (examples/resnet50): relu(conv(pad(X), F) + b) (the stem, the
// blocks' first 1x1 and their 3x3), conv(X, F) + b (the downsampling
// shortcuts) or relu(conv(X, F) + b + R) (the blocks' last 1x1, R the
// shortcut), in one run:
//   regtile   examples/resnet50 scheduled by @regtile_schedule (output
//             pixels x output channels in registers, bias, residual and
//             ReLU on them before the one store; the padding copied once);
//   oneDNN    its convolution on the same NHWC buffers (the padding inside
//             its kernel, the bias as the primitive's, the residual as a
//             binary add post-op, the ReLU as an eltwise post-op; weights
//             reordered once, not timed).
// Then each layer again as torch-mlir emits it, NCHW input, output and
// residual, FCHW filter (workloads "resnet50 nchw ..."; --filter=nchw runs
// only those): regtile's examples/resnet50/resnet50_nchw.mlir, whose
// convolutions @regtile_schedule converts to the NHWC micro-kernel between
// transposes (the filter transposed and packed in every call), against
// oneDNN's convolution on the same NCHW buffers (its own choice of kernel
// for NCHW user memory), and against oneDNN in its blocked layout
// (nChw16c) with the reorders of the input, residual and output into and
// out of it timed, as a framework holding NCHW tensors runs it (weights
// reordered once, not timed, in both).
// A layer is a GEMM of (h w) x co x (kh kw ci): the ratio to the FMA peak.
// Inputs are multiples of 1/8 in [-4, 4]: results are exact in f32 in any
// order.
//
//===----------------------------------------------------------------------===//

#include "DnnlConv.h"
#include "Harness.h"
#include "LayerVariants.h"
#include "MlirKernels.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {
using namespace regtile::bench;

/// What follows the convolution and its bias.
enum class Epilogue { Relu, None, ResidualRelu };

struct Layer {
  const char *name;            // the shape's name in examples/examples.json
  int hu, wu, ci, co, k, s, p; // input, channels, window, stride, padding
  Epilogue epilogue;
  int h() const { return (hu + 2 * p - k) / s + 1; }
  int w() const { return (wu + 2 * p - k) / s + 1; }
};

/// The epilogue's payload function (examples/resnet50/resnet50.mlir).
const char *function(Epilogue e) {
  switch (e) {
  case Epilogue::Relu:
    return "conv_bias_relu";
  case Epilogue::None:
    return "conv_bias";
  case Epilogue::ResidualRelu:
    return "conv_bias_residual_relu";
  }
  return "";
}

/// The table's name of the layer: `prefix`, its name, its form.
std::string workload(const Layer &l, const char *prefix) {
  return prefix + std::string(l.name) +
         (l.epilogue == Epilogue::ResidualRelu ? " +res"
          : l.epilogue == Epilogue::None       ? " (shortcut)"
                                               : "");
}

/// A layer is a GEMM of (h w) x co x (kh kw ci).
double flops(const Layer &l) {
  return 2.0 * l.k * l.k * l.ci * double(l.h()) * l.w() * l.co;
}

/// Its input, filter, bias, output (and residual) once.
double bytes(const Layer &l) {
  double y = double(l.h()) * l.w() * l.co;
  return 4.0 * (double(l.hu) * l.wu * l.ci + double(l.k) * l.k * l.ci * l.co +
                l.co + y + (l.epilogue == Epilogue::ResidualRelu ? y : 0));
}

/// conv(pad(X), F) + b, then the epilogue (R: the residual); exact.
void reference(const Layer &l, const float *x, const float *f, const float *b,
               const float *r, float *y) {
  const int h = l.h(), w = l.w();
  for (int oh = 0; oh < h; ++oh)
    for (int ow = 0; ow < w; ++ow) {
      float *out = y + (size_t(oh) * w + ow) * l.co;
      std::copy(b, b + l.co, out);
      for (int kh = 0; kh < l.k; ++kh)
        for (int kw = 0; kw < l.k; ++kw) {
          int ih = oh * l.s + kh - l.p, iw = ow * l.s + kw - l.p;
          if (ih < 0 || ih >= l.hu || iw < 0 || iw >= l.wu)
            continue;
          const float *in = x + (size_t(ih) * l.wu + iw) * l.ci;
          const float *fk = f + size_t(kh * l.k + kw) * l.ci * l.co;
          for (int ci = 0; ci < l.ci; ++ci)
            for (int co = 0; co < l.co; ++co)
              out[co] += in[ci] * fk[size_t(ci) * l.co + co];
        }
      for (int co = 0; co < l.co; ++co) {
        float v = out[co];
        if (l.epilogue == Epilogue::ResidualRelu)
          v += r[(size_t(oh) * w + ow) * l.co + co];
        out[co] = l.epilogue == Epilogue::None ? v : std::max(v, 0.0f);
      }
    }
}

/// `t` (n x p x c, channels last) as n x c x p (NCHW); `p` pixels.
std::vector<float> toChannelsFirst(const float *t, int n, int p, int c) {
  std::vector<float> out(size_t(n) * p * c);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < p; ++j)
      for (int k = 0; k < c; ++k)
        out[(size_t(i) * c + k) * p + j] = t[(size_t(i) * p + j) * c + k];
  return out;
}

/// A copy in a buffer the benchmark keeps (aligned, never freed).
float *keep(const std::vector<float> &v) {
  float *out = allocFloats(v.size());
  std::copy(v.begin(), v.end(), out);
  return out;
}

/// The same layer through oneDNN's convolution (harness/DnnlConv.h), on
/// NHWC buffers with an HWCF filter or (`nchw`) NCHW ones with FCHW.
std::function<void()> dnnl(const Layer &l, bool nchw, bool blocked, float *x,
                           float *f, float *b, const float *r, float *y,
                           std::string &impl, std::string &why) {
  using Type = DnnlConvLayer::Type;
  DnnlConvLayer d;
  d.n = 1, d.ci = l.ci, d.co = l.co, d.groups = 1;
  d.hi = l.hu, d.wi = l.wu, d.h = l.h(), d.w = l.w();
  d.kh = d.kw = l.k;
  d.stride = l.s;
  d.pad = l.p;
  d.src = d.wei = d.dst = Type::F32;
  // The filter [kh][kw][ci][co] (or [co][ci][kh][kw]) along (o, i, kh, kw).
  d.weightStrides =
      nchw ? std::vector<int64_t>{int64_t(l.ci) * l.k * l.k, l.k * l.k, l.k, 1}
           : std::vector<int64_t>{1, l.co, int64_t(l.k) * l.ci * l.co,
                                  int64_t(l.ci) * l.co};
  d.nchw = nchw;
  d.blocked = blocked;
  d.post = l.epilogue == Epilogue::None ? DnnlConvLayer::Post::None
                                        : DnnlConvLayer::Post::Relu;
  return dnnlConvolution(d, x, f, b, nullptr, r, y, impl, why);
}

} // namespace

int main(int argc, char **argv) {
  regtile::bench::prepareEnvironment(argc, argv, {});
  using E = Epilogue;
  // Names: output width, window (s2: stride 2), input and output channels;
  // _res: with the residual add, _ds: a downsampling shortcut.
  static const Layer layers[] = {
      {"r112_7x7s2_3_64", 224, 224, 3, 64, 7, 2, 3, E::Relu},
      {"r56_1x1_64_64", 56, 56, 64, 64, 1, 1, 0, E::Relu},
      {"r56_3x3_64_64", 56, 56, 64, 64, 3, 1, 1, E::Relu},
      {"r56_1x1_64_256", 56, 56, 64, 256, 1, 1, 0, E::ResidualRelu},
      {"r56_1x1_64_256", 56, 56, 64, 256, 1, 1, 0, E::None},
      {"r56_1x1_256_64", 56, 56, 256, 64, 1, 1, 0, E::Relu},
      {"r56_1x1_256_128", 56, 56, 256, 128, 1, 1, 0, E::Relu},
      {"r28_3x3s2_128_128", 56, 56, 128, 128, 3, 2, 1, E::Relu},
      {"r28_1x1_128_512", 28, 28, 128, 512, 1, 1, 0, E::ResidualRelu},
      {"r28_1x1s2_256_512", 56, 56, 256, 512, 1, 2, 0, E::None},
      {"r28_1x1_512_128", 28, 28, 512, 128, 1, 1, 0, E::Relu},
      {"r28_3x3_128_128", 28, 28, 128, 128, 3, 1, 1, E::Relu},
      {"r28_1x1_512_256", 28, 28, 512, 256, 1, 1, 0, E::Relu},
      {"r14_3x3s2_256_256", 28, 28, 256, 256, 3, 2, 1, E::Relu},
      {"r14_1x1_256_1024", 14, 14, 256, 1024, 1, 1, 0, E::ResidualRelu},
      {"r14_1x1s2_512_1024", 28, 28, 512, 1024, 1, 2, 0, E::None},
      {"r14_1x1_1024_256", 14, 14, 1024, 256, 1, 1, 0, E::Relu},
      {"r14_3x3_256_256", 14, 14, 256, 256, 3, 1, 1, E::Relu},
      {"r14_1x1_1024_512", 14, 14, 1024, 512, 1, 1, 0, E::Relu},
      {"r7_3x3s2_512_512", 14, 14, 512, 512, 3, 2, 1, E::Relu},
      {"r7_1x1_512_2048", 7, 7, 512, 2048, 1, 1, 0, E::ResidualRelu},
      {"r7_1x1s2_1024_2048", 14, 14, 1024, 2048, 1, 2, 0, E::None},
      {"r7_1x1_2048_512", 7, 7, 2048, 512, 1, 1, 0, E::Relu},
      {"r7_3x3_512_512", 7, 7, 512, 512, 3, 1, 1, E::Relu},
  };
  std::vector<Kernel> kernels;
  for (const Layer &l : layers) {
    const int h = l.h(), w = l.w();
    const bool residual = l.epilogue == E::ResidualRelu;
    size_t nx = size_t(l.hu) * l.wu * l.ci,
           nf = size_t(l.k) * l.k * l.ci * l.co, ny = size_t(h) * w * l.co;
    float *x = allocFloats(nx), *f = allocFloats(nf), *b = allocFloats(l.co),
          *r = residual ? allocFloats(ny) : nullptr, *ref = allocFloats(ny);
    fillFloats(x, nx, 1);
    fillFloats(f, nf, 2);
    fillFloats(b, l.co, 3);
    if (residual)
      fillFloats(r, ny, 4);
    reference(l, x, f, b, r, ref);
    auto *mx = new M4(denseView<float, 4>(x, {1, l.hu, l.wu, l.ci}));
    auto *mf = new M4(denseView<float, 4>(f, {l.k, l.k, l.ci, l.co}));
    auto *mb = new M1(denseView<float, 1>(b, {l.co}));
    auto *mr =
        residual ? new M4(denseView<float, 4>(r, {1, h, w, l.co})) : nullptr;
    const char *func = function(l.epilogue);
    LayerVariants variants{
        kernels, workload(l, "resnet50 "), flops(l), bytes(l), ref,
        ny,      {1, h, w, l.co}};
    variants.addConvKernels(func, l.name, mx, mf, mb, mr);
    variants.addDnnl("oneDNN conv", l.name,
                     [=](float *y, std::string &impl, std::string &why) {
                       return dnnl(l, false, false, x, f, b, r, y, impl, why);
                     });
  }
  // The same layers, NCHW / FCHW, on the same values.
  for (const Layer &l : layers) {
    const int h = l.h(), w = l.w();
    const bool residual = l.epilogue == E::ResidualRelu;
    size_t nx = size_t(l.hu) * l.wu * l.ci,
           nf = size_t(l.k) * l.k * l.ci * l.co, ny = size_t(h) * w * l.co;
    std::vector<float> x(nx), f(nf), r(residual ? ny : 0), ref(ny);
    float *b = allocFloats(l.co);
    fillFloats(x.data(), nx, 1);
    fillFloats(f.data(), nf, 2);
    fillFloats(b, l.co, 3);
    if (residual)
      fillFloats(r.data(), ny, 4);
    reference(l, x.data(), f.data(), b, residual ? r.data() : nullptr,
              ref.data());
    // HWCF is (kh kw) x ci x co: its channels-first form is co x ci x (kh kw)
    // after moving co, i.e. FCHW.
    float *xc = keep(toChannelsFirst(x.data(), 1, l.hu * l.wu, l.ci));
    float *fc = keep(toChannelsFirst(f.data(), 1, l.k * l.k * l.ci, l.co));
    std::vector<float> fcs(nf);
    // fc is co x ((kh kw) ci): reorder each row to ci x (kh kw).
    for (int o = 0; o < l.co; ++o)
      for (int q = 0; q < l.k * l.k; ++q)
        for (int i = 0; i < l.ci; ++i)
          fcs[(size_t(o) * l.ci + i) * l.k * l.k + q] =
              fc[(size_t(o) * l.k * l.k + q) * l.ci + i];
    std::copy(fcs.begin(), fcs.end(), fc);
    float *rc =
        residual ? keep(toChannelsFirst(r.data(), 1, h * w, l.co)) : nullptr;
    float *refc = keep(toChannelsFirst(ref.data(), 1, h * w, l.co));
    auto *mx = new M4(denseView<float, 4>(xc, {1, l.ci, l.hu, l.wu}));
    auto *mf = new M4(denseView<float, 4>(fc, {l.co, l.ci, l.k, l.k}));
    auto *mb = new M1(denseView<float, 1>(b, {l.co}));
    auto *mr =
        residual ? new M4(denseView<float, 4>(rc, {1, l.co, h, w})) : nullptr;
    std::string func = std::string("nchw_") + function(l.epilogue);
    LayerVariants variants{kernels,        workload(l, "resnet50 nchw "),
                           flops(l),       bytes(l),
                           refc,           ny,
                           {1, l.co, h, w}};
    variants.addConvKernels(func.c_str(), l.name, mx, mf, mb, mr);
    variants.addDnnl("oneDNN conv", l.name,
                     [=](float *y, std::string &impl, std::string &why) {
                       return dnnl(l, true, false, xc, fc, b, rc, y, impl, why);
                     });
    variants.addDnnl("oneDNN conv, nChw16c + reorders", l.name,
                     [=](float *y, std::string &impl, std::string &why) {
                       return dnnl(l, true, true, xc, fc, b, rc, y, impl, why);
                     });
  }
  Options options;
  options.jsonPath = "resnet50.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
