//===- halide_conv.cpp - Halide 14 conv layer peer ------------------------===//
//
// The algorithm and the manual CPU schedule of Halide's apps/conv_layer
// (conv_layer_generator.cpp), JIT-compiled for the host by Debian's
// libHalide14: 4 channel vectors x 5 pixels of accumulators with AVX-512,
// 3 x 4 with AVX2; with several threads (--threads), the app's parallel
// loops (y, n, co) on Halide's thread pool (HL_NUM_THREADS).
//
//===----------------------------------------------------------------------===//

#include "conv_peers.h"

#include "Harness.h"

#ifdef REGTILE_HAVE_HALIDE
#include "Halide.h"
#endif

namespace regtile::bench {

#ifdef REGTILE_HAVE_HALIDE
std::function<void()> halideConvRelu(const ConvShape &s, float *in,
                                     float *filter, float *bias, float *out,
                                     std::string &why) {
  using namespace Halide;
  try {
    ImageParam input(Float(32), 4, "input");
    ImageParam weights(Float(32), 4, "filter");
    ImageParam b(Float(32), 1, "bias");
    Var x("x"), y("y"), c("c"), n("n");
    Func conv("conv"), relu("relu");
    RDom r(0, s.ci, 0, 3, 0, 3);
    conv(c, x, y, n) = b(c);
    conv(c, x, y, n) +=
        weights(c, r.y, r.z, r.x) * input(r.x, x + r.y, y + r.z, n);
    relu(c, x, y, n) = max(0, conv(c, x, y, n));

    Target target = get_jit_target_from_environment();
    const int vec = target.natural_vector_size<float>();
    int tileW = 3, tileH = 4;
    if (target.has_feature(Target::AVX512_Skylake)) {
      tileW = 4;
      tileH = 5;
    }
    Var co("co"), ci("ci"), xo("xo"), xi("xi");
    relu.split(c, co, ci, vec * tileW)
        .split(x, xo, xi, tileH)
        .reorder(ci, xi, xo, y, n, co)
        .vectorize(ci, vec)
        .unroll(ci)
        .unroll(xi);
    // The app's parallel loops, on the run's threads (HL_NUM_THREADS).
    if (runThreads() > 1)
      relu.parallel(y).parallel(n).parallel(co);
    conv.compute_at(relu, xo)
        .vectorize(c, vec)
        .unroll(c)
        .unroll(x)
        .unroll(y)
        .update()
        .reorder(c, x, y, r.x, r.y, r.z, n)
        .vectorize(c, vec)
        .unroll(c)
        .unroll(x)
        .unroll(y)
        .unroll(r.x, 2);
    weights.in().compute_at(conv, r.x).vectorize(_0, vec).unroll(_0).unroll(_3);
    input.in().compute_at(conv, x).unroll(_0);
    relu.compile_jit(target);

    // Halide dims are innermost first.
    Buffer<float> inBuf(in, {s.ci, s.w + 2, s.h + 2, s.n});
    Buffer<float> filterBuf(filter, {s.co, 3, 3, s.ci});
    Buffer<float> biasBuf(bias, {s.co});
    Buffer<float> outBuf(out, {s.co, s.w, s.h, s.n});
    input.set(inBuf);
    weights.set(filterBuf);
    b.set(biasBuf);
    return [relu, outBuf]() mutable { relu.realize(outBuf); };
  } catch (const Halide::Error &e) {
    why = e.what();
    return {};
  }
}

#else
std::function<void()> halideConvRelu(const ConvShape &, float *, float *,
                                     float *, float *, std::string &why) {
  why = "Halide 14 (libhalide14-0-dev) was not found at build time";
  return {};
}
#endif

} // namespace regtile::bench
