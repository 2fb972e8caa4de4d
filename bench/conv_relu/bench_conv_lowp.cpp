//===- bench_conv_lowp.cpp - int8 and bf16 conv on the dot-product units --===//
//
// The 3x3 conv layer of bench_conv_relu (stride 1, NHWC input, HWCF filter)
// at its two shape sets (N=5 80x100 CI=CO=128; N=1 56x56 CI=CO=64), in the
// types inference runs in, compared in one run (one thread, or
// --threads=N):
//   bf16 x bf16 -> f32, + bias, ReLU   regtile (examples/conv_lowp
//                                      @conv_bf16 by @regtile_conv2d) and
//                                      oneDNN's bf16 convolution;
//   u8 x s8 -> i32                     regtile (@conv_u8s8) and oneDNN's
//                                      int8 convolution;
//   s8 x s8 -> i32                     regtile (@conv_s8s8: the input
//                                      shifted to u8, the filter's column
//                                      sums subtracted) and oneDNN;
//   u8 x s8 -> u8, requantized         regtile (@conv_u8s8_q: the scale,
//                                      rounding and clamp on the
//                                      accumulators) and oneDNN with
//                                      per-channel output scales.
// x peak is to the peak loop of the unit: vdpbf16ps for bf16, vpdpbusd for
// both int8 forms. i8 inputs cover the whole range, bf16 inputs and the
// bias are multiples of 1/8 in [-4, 4]: every result is exact, every
// variant must match the reference bit for bit.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "LowPrecision.h"
#include "MlirKernels.h"
#include "conv_peers.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {
using namespace regtile::bench;

/// out = bias + conv(in, filter), in[n][y][x][ci], filter[kh][kw][ci][co].
template <typename Acc, typename GetIn, typename GetF>
std::vector<Acc> reference(const ConvShape &s, GetIn in, GetF filter,
                           const float *bias) {
  const int HI = s.h + 2, WI = s.w + 2, CI = s.ci, CO = s.co;
  std::vector<Acc> out(size_t(s.n) * s.h * s.w * CO);
  for (int n = 0; n < s.n; ++n)
    for (int y = 0; y < s.h; ++y)
      for (int x = 0; x < s.w; ++x) {
        Acc *o = &out[((size_t(n) * s.h + y) * s.w + x) * CO];
        for (int c = 0; c < CO; ++c)
          o[c] = bias ? Acc(bias[c]) : Acc(0);
        for (int kh = 0; kh < 3; ++kh)
          for (int kw = 0; kw < 3; ++kw)
            for (int ci = 0; ci < CI; ++ci) {
              Acc v = in(((size_t(n) * HI + y + kh) * WI + x + kw) * CI + ci);
              size_t f = ((size_t(kh) * 3 + kw) * CI + ci) * CO;
              for (int c = 0; c < CO; ++c)
                o[c] += v * filter(f + c);
            }
      }
  return out;
}

/// The variants of one type at one shape: each writes its own output,
/// poisoned first, checked against `want`.
template <typename Out> struct Workload {
  std::string name;
  double flops, bytes;
  Unit unit;
  std::vector<Out> want;
  std::vector<Kernel> *kernels;

  Out *output() {
    auto *o = static_cast<Out *>(static_cast<void *>(allocFloats(want.size())));
    std::memset(o, 0xff, sizeof(Out) * want.size());
    return o;
  }
  void add(const std::string &variant, Out *out, std::function<void()> run) {
    const std::vector<Out> *w = &want;
    size_t count = want.size();
    Kernel k{name, variant, flops, bytes, run, [out, w, count] {
               std::string err = compareExact(out, *w);
               std::memset(out, 0xff, sizeof(Out) * count);
               return err;
             }};
    k.unit = unit;
    kernels->push_back(k);
  }
};

template <typename T>
StridedMemRefType<T, 4> view4(T *p, const int64_t (&d)[4]) {
  return denseView<T, 4>(p, {d[0], d[1], d[2], d[3]});
}

struct ShapeSet {
  const char *name;
  ConvShape s;
};

} // namespace

int main(int argc, char **argv) {
  regtile::bench::prepareEnvironment(argc, argv);
  static const ShapeSet sets[] = {{"seed", {5, 80, 100, 128, 128}},
                                  {"second", {1, 56, 56, 64, 64}}};
  std::vector<Kernel> kernels;
  for (const ShapeSet &set : sets) {
    const ConvShape s = set.s;
    const int64_t inDims[4] = {s.n, s.h + 2, s.w + 2, s.ci};
    const int64_t fDims[4] = {3, 3, s.ci, s.co};
    const int64_t outDims[4] = {s.n, s.h, s.w, s.co};
    size_t nIn = size_t(s.n) * (s.h + 2) * (s.w + 2) * s.ci;
    size_t nF = 9 * size_t(s.ci) * s.co;
    size_t nOut = size_t(s.n) * s.h * s.w * s.co;
    double macs = double(nOut) * 9 * s.ci;
    std::string dims = std::to_string(s.n) + "x" + std::to_string(s.h) + "x" +
                       std::to_string(s.w) + " CI=" + std::to_string(s.ci) +
                       " CO=" + std::to_string(s.co) + " 3x3";

    // bf16 x bf16 -> f32, + bias, ReLU.
    float *fin = allocFloats(nIn), *ff = allocFloats(nF);
    float *bias = allocFloats(s.co);
    fillFloats(fin, nIn, 1);
    fillFloats(ff, nF, 2);
    fillFloats(bias, s.co, 3);
    auto *in16 = new uint16_t[nIn], *f16 = new uint16_t[nF];
    for (size_t i = 0; i < nIn; ++i)
      in16[i] = toBF16(fin[i]);
    for (size_t i = 0; i < nF; ++i)
      f16[i] = toBF16(ff[i]);
    freeFloats(fin);
    freeFloats(ff);
    auto *bf = new Workload<float>{
        "conv_relu bf16 " + dims,
        2 * macs + 2.0 * nOut,
        2.0 * (nIn + nF) + 4.0 * (s.co + nOut),
        Unit::Vdpbf16ps,
        reference<float>(
            s, [=](size_t i) { return fromBF16(in16[i]); },
            [=](size_t i) { return fromBF16(f16[i]); }, bias),
        &kernels};
    for (float &v : bf->want)
      v = std::max(v, 0.0f);
    using MBF = StridedMemRefType<uint16_t, 4>;
    using MF4 = StridedMemRefType<float, 4>;
    using MF1 = StridedMemRefType<float, 1>;
    auto *mIn16 = new MBF(view4(in16, inDims)),
         *mF16 = new MBF(view4(f16, fDims));
    auto *mBias = new MF1(denseView<float, 1>(bias, {s.co}));
    for (const MlirKernel *k : mlirKernels("conv_bf16", set.name)) {
      float *out = bf->output();
      auto *mOut = new MF4(view4(out, outDims));
      auto fn = k->as<void (*)(MBF *, MBF *, MF1 *, MF4 *)>();
      bf->add(k->label, out, [=] { fn(mIn16, mF16, mBias, mOut); });
    }
    std::string impl, why;
    {
      float *out = bf->output();
      if (auto run = dnnlConvLowp(s, LowpConv::BF16, in16, f16, bias, nullptr,
                                  out, impl, why))
        bf->add("oneDNN (" + impl + ")", out, run);
      else
        std::fprintf(stderr, "bench_conv_lowp: no oneDNN bf16 variant: %s\n",
                     why.c_str());
    }

    // u8 x s8 -> i32 and s8 x s8 -> i32 on the same bytes.
    auto *in8 = new int8_t[nIn], *f8 = new int8_t[nF];
    fillBytes(in8, nIn, 4);
    fillBytes(f8, nF, 5);
    using MI8 = StridedMemRefType<int8_t, 4>;
    using MI32 = StridedMemRefType<int32_t, 4>;
    auto *mIn8 = new MI8(view4(in8, inDims)), *mF8 = new MI8(view4(f8, fDims));
    for (bool inUnsigned : {true, false}) {
      const char *type = inUnsigned ? "u8s8" : "s8s8";
      auto *w = new Workload<int32_t>{
          std::string("conv ") + type + " " + dims,
          2 * macs,
          double(nIn + nF) + 4.0 * nOut,
          Unit::Vpdpbusd,
          reference<int32_t>(
              s,
              [=](size_t i) {
                return inUnsigned ? int32_t(uint8_t(in8[i])) : int32_t(in8[i]);
              },
              [=](size_t i) { return int32_t(f8[i]); }, nullptr),
          &kernels};
      for (const MlirKernel *k :
           mlirKernels((std::string("conv_") + type).c_str(), set.name)) {
        int32_t *out = w->output();
        auto *mOut = new MI32(view4(out, outDims));
        auto fn = k->as<void (*)(MI8 *, MI8 *, MI32 *)>();
        w->add(k->label, out, [=] { fn(mIn8, mF8, mOut); });
      }
      int32_t *out = w->output();
      if (auto run =
              dnnlConvLowp(s, inUnsigned ? LowpConv::U8S8 : LowpConv::S8S8, in8,
                           f8, nullptr, nullptr, out, impl, why))
        w->add("oneDNN (" + impl + ")", out, run);
      else
        std::fprintf(stderr, "bench_conv_lowp: no oneDNN %s variant: %s\n",
                     type, why.c_str());
    }

    // u8 x s8 requantized to u8: round(acc x scale[c]) saturated.
    float *scale = allocFloats(s.co);
    fillFloats(scale, s.co, 6);
    for (int c = 0; c < s.co; ++c)
      scale[c] /= 4096;
    std::vector<int32_t> acc = reference<int32_t>(
        s, [=](size_t i) { return int32_t(uint8_t(in8[i])); },
        [=](size_t i) { return int32_t(f8[i]); }, nullptr);
    auto *q = new Workload<uint8_t>{"conv u8s8 -> u8 requantized " + dims,
                                    2 * macs,
                                    double(nIn + nF + nOut) + 4.0 * s.co,
                                    Unit::Vpdpbusd,
                                    std::vector<uint8_t>(nOut),
                                    &kernels};
    for (size_t i = 0; i < nOut; ++i) {
      float v = std::nearbyint(float(acc[i]) * scale[i % s.co]);
      q->want[i] = uint8_t(std::min(std::max(v, 0.0f), 255.0f));
    }
    using MF1 = StridedMemRefType<float, 1>;
    auto *mScale = new MF1(denseView<float, 1>(scale, {s.co}));
    for (const MlirKernel *k : mlirKernels("conv_u8s8_q", set.name)) {
      uint8_t *out = q->output();
      auto *mOut = new MI8(view4(reinterpret_cast<int8_t *>(out), outDims));
      auto fn = k->as<void (*)(MI8 *, MI8 *, MF1 *, MI8 *)>();
      q->add(k->label, out, [=] { fn(mIn8, mF8, mScale, mOut); });
    }
    uint8_t *out = q->output();
    if (auto run = dnnlConvLowp(s, LowpConv::U8S8Q, in8, f8, nullptr, scale,
                                out, impl, why))
      q->add("oneDNN (" + impl + ")", out, run);
    else
      std::fprintf(stderr,
                   "bench_conv_lowp: no oneDNN requantized variant: %s\n",
                   why.c_str());
  }
  Options options;
  options.jsonPath = "conv_lowp.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
