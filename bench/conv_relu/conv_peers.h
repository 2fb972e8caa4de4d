//===- conv_peers.h - Peer conv layers for the conv benchmarks -*- C++ -*-===//
//
// The seed-000 conv layer (3x3, stride 1, no padding, bias + ReLU) computed
// by peer libraries on the benchmark's own buffers:
//   in[n][y][x][ci] (NHWC, H+2 x W+2), filter[ci][kh][kw][co],
//   bias[co], out[n][y][x][co].
// Each peer is prepared once (compiled, weights reordered: not timed) and
// returns the timed call, or an empty function (with `why`) if the library
// is not built in or refuses the shape.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_BENCH_CONV_PEERS_H
#define REGTILE_BENCH_CONV_PEERS_H

#include <functional>
#include <string>

namespace regtile::bench {

struct ConvShape {
  int n, h, w, ci, co;
};

/// Halide 14, the conv_layer app's CPU schedule (manual, one thread), JIT
/// for the host.
std::function<void()> halideConvRelu(const ConvShape &s, float *in,
                                     float *filter, float *bias, float *out,
                                     std::string &why);
/// oneDNN, direct convolution with bias and a ReLU post-op, NHWC
/// activations, weights in the layout oneDNN picks (reordered once).
/// `impl` receives oneDNN's implementation name.
std::function<void()> dnnlConvRelu(const ConvShape &s, float *in, float *filter,
                                   float *bias, float *out, std::string &impl,
                                   std::string &why);

/// The low-precision layers of bench_conv_lowp (dnnl_conv.cpp):
/// in[n][y][x][ci], filter[kh][kw][ci][co] (HWCF), out[n][y][x][co].
enum class LowpConv {
  BF16,  // bf16 x bf16 -> f32, + bias (f32), ReLU
  U8S8,  // u8 x s8 -> s32
  S8S8,  // s8 x s8 -> s32
  U8S8Q, // u8 x s8 -> u8: times a per-channel scale, rounded, saturated
};
/// oneDNN's convolution for `type` (`bias`: BF16 only; `scales`: U8S8Q
/// only); `impl` receives its implementation name.
std::function<void()> dnnlConvLowp(const ConvShape &s, LowpConv type, void *in,
                                   void *filter, float *bias,
                                   const float *scales, void *out,
                                   std::string &impl, std::string &why);

} // namespace regtile::bench

#endif // REGTILE_BENCH_CONV_PEERS_H
