//===- DnnlConv.h - oneDNN's convolution as a benchmark peer ----*- C++ -*-===//
//
// The one oneDNN convolution the conv benchmarks compare with (dense,
// grouped / depthwise, f32, bf16, int8): forward inference, the direct
// algorithm, NHWC source and destination (the benchmark's own buffers, no
// reorder), the benchmark's filter reordered once (not timed) into the
// layout oneDNN picks for the host, the bias as the primitive's, output
// scales, a residual add (binary post-op) and an eltwise post-op. On the run's
// threads: the harness sets OMP_NUM_THREADS before oneDNN's OpenMP runtime
// starts. Built with REGTILE_HAVE_DNNL where oneDNN was found; otherwise every
// layer is "not available".
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_BENCH_DNNLCONV_H
#define REGTILE_BENCH_DNNLCONV_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace regtile::bench {

/// A convolution layer: `hi` x `wi` is the input, with `pad` zeros on each
/// side (oneDNN pads inside its kernel; 0: the input is padded already).
struct DnnlConvLayer {
  enum class Type { F32, BF16, U8, S8, S32 };
  enum class Post { None, Relu, Clip6 };
  int n, ci, co, groups; // channels in total; ci / groups per group
  int hi, wi, h, w, kh, kw, stride;
  int pad = 0;
  Type src, wei, dst;
  /// The benchmark's filter: the strides of its elements along oneDNN's
  /// weight dims, (o, i, kh, kw), or (g, o, i, kh, kw) with groups (o and
  /// i per group).
  std::vector<int64_t> weightStrides;
  Post post;
  /// The input, output (and residual) NCHW instead of NHWC.
  bool nchw = false;
  /// Computed in oneDNN's blocked layout (nChw16c) between reorders of the
  /// input (and residual) into it and of the output out of it, all timed:
  /// what a framework holding NCHW tensors does to reach oneDNN's fastest
  /// kernels. An input with fewer than 16 channels per block (the stem's
  /// 3) stays in the user's layout, which oneDNN's first-layer kernels read.
  bool blocked = false;
};

/// The timed call of oneDNN's convolution for `l` on the benchmark's
/// buffers (`bias`: per output channel, f32, or null; `scales`: per output
/// channel, or null; `residual`: a tensor of the output's type and NHWC
/// shape added after the bias, before the eltwise post-op, or null), or an
/// empty function with `why` if oneDNN is not built in or refuses the
/// layer. `impl` receives oneDNN's implementation name.
std::function<void()> dnnlConvolution(const DnnlConvLayer &l, void *in,
                                      void *filter, const float *bias,
                                      const float *scales, const void *residual,
                                      void *out, std::string &impl,
                                      std::string &why);

} // namespace regtile::bench

#endif // REGTILE_BENCH_DNNLCONV_H
