//===- bench_gemm_lowp.cpp - int8 and bf16 GEMM on the dot-product units --===//
//
// C = A * B, row-major, at M=N=K 512, 1024, 2048 and 1000x1100x900, in one
// run (one thread, or --threads=N):
//   bf16 x bf16 -> f32   regtile (examples/gemm_lowp @matmul_bf16 by
//                        @regtile_matmul) and oneDNN's matmul primitive;
//   u8 x s8 -> i32       regtile (@matmul_u8s8) and dnnl_gemm_u8s8s32;
//   s8 x s8 -> i32       regtile (@matmul_s8s8) and dnnl_gemm_s8s8s32;
//   u8 x u8 -> i32       regtile (@matmul_u8u8); no peer has it (oneDNN's
//                        int8 weights are s8).
// x peak is to the peak loop of the unit the type runs on where the CPU has
// it: vdpbf16ps for bf16, vpdpbusd for both int8 forms (an i8 product and
// its add count as 2 ops, as a float multiply-add does). i8 inputs cover
// the whole range (-128 to 127; 0 to 255 read unsigned), bf16 inputs are
// multiples of 1/8 in [-4, 4]: every result is exact, every variant must
// match the reference bit for bit.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "LowPrecision.h"
#include "MlirKernels.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
bool peer_dnnl_gemm_u8s8s32(const uint8_t *, const int8_t *, int32_t *, int,
                            int, int);
bool peer_dnnl_gemm_s8s8s32(const int8_t *, const int8_t *, int32_t *, int, int,
                            int);
bool peer_dnnl_matmul_bf16(const uint16_t *, const uint16_t *, float *, int,
                           int, int);
}

namespace {
using namespace regtile::bench;

template <typename T> StridedMemRefType<T, 2> view(T *p, int rows, int cols) {
  return denseView<T, 2>(p, {rows, cols});
}

/// C = A * B in i-k-j order over `T` products summed in `Acc`.
template <typename Acc, typename GetA, typename GetB>
std::vector<Acc> reference(int m, int n, int k, GetA a, GetB b) {
  std::vector<Acc> c(size_t(m) * n, Acc(0));
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p) {
      Acc x = a(size_t(i) * k + p);
      Acc *row = &c[size_t(i) * n];
      for (int j = 0; j < n; ++j)
        row[j] += x * b(size_t(p) * n + j);
    }
  return c;
}

struct Shape {
  int m, n, k;
  const char *name;
};

using MBF = StridedMemRefType<uint16_t, 2>;
using MF = StridedMemRefType<float, 2>;
using MI8 = StridedMemRefType<int8_t, 2>;
using MI32 = StridedMemRefType<int32_t, 2>;

/// The kernels of one type at one shape: each variant writes its own C,
/// poisoned first, and is checked against `want`.
template <typename C> struct Workload {
  std::string name;
  double flops, bytes;
  Unit unit;
  std::vector<C> want;
  size_t count;
  std::vector<Kernel> *kernels;

  void add(const std::string &variant, const std::function<bool(C *)> &call) {
    C *c = static_cast<C *>(static_cast<void *>(allocFloats(count)));
    std::memset(c, 0xff, sizeof(C) * count);
    if (!call(c)) {
      std::fprintf(stderr, "bench_gemm_lowp: %s not available, skipped\n",
                   variant.c_str());
      return;
    }
    std::memset(c, 0xff, sizeof(C) * count);
    const std::vector<C> *w = &want;
    Kernel kernel{name,
                  variant,
                  flops,
                  bytes,
                  [call, c] { call(c); },
                  [c, w] { return compareExact(c, *w); }};
    kernel.unit = unit;
    kernels->push_back(kernel);
  }
};

} // namespace

int main(int argc, char **argv) {
  regtile::bench::prepareEnvironment(argc, argv);
  static const Shape shapes[] = {{512, 512, 512, "512"},
                                 {1024, 1024, 1024, "1024"},
                                 {2048, 2048, 2048, "2048"},
                                 {1000, 1100, 900, "1000x1100x900"}};
  std::vector<Kernel> kernels;
  for (const Shape &s : shapes) {
    size_t na = size_t(s.m) * s.k, nb = size_t(s.k) * s.n,
           nc = size_t(s.m) * s.n;
    std::string dims = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                       std::to_string(s.k);
    double flops = 2.0 * s.m * s.n * s.k;
    int m = s.m, n = s.n, k = s.k;

    // bf16 x bf16 -> f32.
    float *fa = allocFloats(na), *fb = allocFloats(nb);
    fillFloats(fa, na, 1);
    fillFloats(fb, nb, 2);
    auto *a16 = new uint16_t[na], *b16 = new uint16_t[nb];
    for (size_t i = 0; i < na; ++i)
      a16[i] = toBF16(fa[i]);
    for (size_t i = 0; i < nb; ++i)
      b16[i] = toBF16(fb[i]);
    freeFloats(fa);
    freeFloats(fb);
    auto *bf = new Workload<float>{
        "bf16 gemm " + dims,
        flops,
        2.0 * (na + nb) + 4.0 * nc,
        Unit::Vdpbf16ps,
        reference<float>(
            m, n, k, [=](size_t i) { return fromBF16(a16[i]); },
            [=](size_t i) { return fromBF16(b16[i]); }),
        nc,
        &kernels};
    auto *ma16 = new MBF(view(a16, m, k)), *mb16 = new MBF(view(b16, k, n));
    for (const MlirKernel *kern : mlirKernels("matmul_bf16", s.name)) {
      auto fn = kern->as<void (*)(MBF *, MBF *, MF *)>();
      bf->add(kern->label, [=](float *c) {
        MF mc = view(c, m, n);
        fn(ma16, mb16, &mc);
        return true;
      });
    }
    bf->add("oneDNN matmul (bf16)", [=](float *c) {
      return peer_dnnl_matmul_bf16(a16, b16, c, m, n, k);
    });

    // u8 x s8, s8 x s8 and u8 x u8 -> i32 on the same bytes.
    auto *a8 = new int8_t[na], *b8 = new int8_t[nb];
    fillBytes(a8, na, 3);
    fillBytes(b8, nb, 4);
    auto *ma8 = new MI8(view(a8, m, k)), *mb8 = new MI8(view(b8, k, n));
    // The bytes read as u8 or s8: regtile's kernel and oneDNN's.
    struct Signs {
      const char *type;
      bool aUnsigned, bUnsigned;
    };
    for (Signs sg : {Signs{"u8s8", true, false}, Signs{"s8s8", false, false},
                     Signs{"u8u8", true, true}}) {
      const char *type = sg.type;
      bool aUnsigned = sg.aUnsigned, bUnsigned = sg.bUnsigned;
      auto *w = new Workload<int32_t>{
          std::string(type) + " gemm " + dims,
          flops,
          double(na + nb) + 4.0 * nc,
          Unit::Vpdpbusd,
          reference<int32_t>(
              m, n, k,
              [=](size_t i) {
                return aUnsigned ? int32_t(uint8_t(a8[i])) : int32_t(a8[i]);
              },
              [=](size_t i) {
                return bUnsigned ? int32_t(uint8_t(b8[i])) : int32_t(b8[i]);
              }),
          nc,
          &kernels};
      for (const MlirKernel *kern :
           mlirKernels((std::string("matmul_") + type).c_str(), s.name)) {
        auto fn = kern->as<void (*)(MI8 *, MI8 *, MI32 *)>();
        w->add(kern->label, [=](int32_t *c) {
          MI32 mc = view(c, m, n);
          fn(ma8, mb8, &mc);
          return true;
        });
      }
      if (bUnsigned)
        continue;
      w->add(std::string("oneDNN dnnl_gemm_") + type + "s32", [=](int32_t *c) {
        return aUnsigned
                   ? peer_dnnl_gemm_u8s8s32(
                         reinterpret_cast<const uint8_t *>(a8), b8, c, m, n, k)
                   : peer_dnnl_gemm_s8s8s32(a8, b8, c, m, n, k);
      });
    }
  }
  Options options;
  options.jsonPath = "gemm_lowp.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
