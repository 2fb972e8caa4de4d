//===- bench_conv_relu.cpp - seed 000 conv layer benchmark ----------------===//
//
// The convolution layer of seed 000 (N=5, H=80, W=100, CI=CO=128, 3x3, bias
// + ReLU) in four variants, compared in one run:
//   regtile    examples/conv_relu schedule, unit dims folded by regtile;
//   regtile register tiles  the conv_relu_register_tiles schedule: 5 x 64
//              output tiles kept in registers by cache_reduce;
//   upstream   the same schedule with upstream's unit-dim pattern sets (the
//              MLIR tutorial's recipe);
//   C++ -O3    plain loops, the compiler's own vectorization.
// Every variant is checked against the C++ result before it is timed.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <algorithm>
#include <string>

namespace {
constexpr int N = 5, H = 80, W = 100, CI = 128, CO = 128, KH = 3, KW = 3;
constexpr int HI = H + KH - 1, WI = W + KW - 1;
using M4 = StridedMemRefType<float, 4>;
using M1 = StridedMemRefType<float, 1>;
} // namespace

extern "C" {
void _mlir_ciface_conv_relu__regtile(M4 *in, M4 *filter, M1 *bias, M4 *out);
void _mlir_ciface_conv_relu__upstream(M4 *in, M4 *filter, M1 *bias, M4 *out);
void _mlir_ciface_conv_relu__register_tiles(M4 *in, M4 *filter, M1 *bias,
                                            M4 *out);
}

namespace {

M4 view4(float *p, int64_t d0, int64_t d1, int64_t d2, int64_t d3) {
  M4 m;
  m.basePtr = m.data = p;
  m.offset = 0;
  int64_t sizes[4] = {d0, d1, d2, d3};
  int64_t stride = 1;
  for (int i = 3; i >= 0; --i) {
    m.sizes[i] = sizes[i];
    m.strides[i] = stride;
    stride *= sizes[i];
  }
  return m;
}

/// in[n][y][x][ci], filter[ci][kh][kw][co], out[n][y][x][co].
void convReluCpp(const float *in, const float *filter, const float *bias,
                 float *out) {
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        float *o = out + ((n * H + y) * W + x) * CO;
        for (int c = 0; c < CO; ++c)
          o[c] = bias[c];
        for (int kh = 0; kh < KH; ++kh)
          for (int kw = 0; kw < KW; ++kw)
            for (int ci = 0; ci < CI; ++ci) {
              float v = in[((n * HI + y + kh) * WI + x + kw) * CI + ci];
              const float *f = filter + ((ci * KH + kh) * KW + kw) * CO;
              for (int c = 0; c < CO; ++c)
                o[c] += v * f[c];
            }
        for (int c = 0; c < CO; ++c)
          o[c] = std::max(o[c], 0.0f);
      }
}

} // namespace

int main(int argc, char **argv) {
  using namespace regtile::bench;
  const std::size_t inCount = std::size_t(N) * HI * WI * CI;
  const std::size_t filterCount = std::size_t(CI) * KH * KW * CO;
  const std::size_t outCount = std::size_t(N) * H * W * CO;
  float *in = allocFloats(inCount), *filter = allocFloats(filterCount),
        *bias = allocFloats(CO), *ref = allocFloats(outCount),
        *out = allocFloats(outCount);
  fillFloats(in, inCount, 1);
  fillFloats(filter, filterCount, 2);
  fillFloats(bias, CO, 3);
  convReluCpp(in, filter, bias, ref);

  static M4 mIn, mFilter, mOut;
  static M1 mBias;
  mIn = view4(in, N, HI, WI, CI);
  mFilter = view4(filter, CI, KH, KW, CO);
  mOut = view4(out, N, H, W, CO);
  mBias.basePtr = mBias.data = bias;
  mBias.offset = 0;
  mBias.sizes[0] = CO;
  mBias.strides[0] = 1;

  const double flops = double(N) * H * W * CO * (2.0 * CI * KH * KW + 2);
  const double bytes = 4.0 * (inCount + filterCount + CO + outCount);
  const std::string workload = "conv_relu 5x80x100 CI=CO=128 3x3 f32";
  // Inputs are multiples of 1/8: reassociated sums stay exact, but allow
  // for rounding anyway.
  auto check = [=] {
    double err = maxRelativeError(out, ref, outCount);
    return err <= 1e-4 ? std::string()
                       : "max relative error " + std::to_string(err);
  };
  std::vector<Kernel> kernels = {
      {workload, "regtile", flops, bytes,
       [] { _mlir_ciface_conv_relu__regtile(&mIn, &mFilter, &mBias, &mOut); },
       check},
      {workload, "regtile register tiles (cache_reduce)", flops, bytes,
       [] {
         _mlir_ciface_conv_relu__register_tiles(&mIn, &mFilter, &mBias, &mOut);
       },
       check},
      {workload, "upstream (tutorial recipe)", flops, bytes,
       [] { _mlir_ciface_conv_relu__upstream(&mIn, &mFilter, &mBias, &mOut); },
       check},
      {workload, "C++ -O3 -march=native", flops, bytes,
       [=] { convReluCpp(in, filter, bias, out); }, check},
  };
  Options options;
  options.jsonPath = "conv_relu.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
