//===- bench_pack.cpp - pack / unpack (seed 004) --------------------------===//
//
// The five workloads of seed 004's benchmark, f32 with 32x32 tiles, in one
// run: regtile (pack_unpack_to_tile_copies, with cached stores and with
// streaming stores), upstream lower_pack/unpack + vectorize, upstream
// tile-then-vectorize, hand-written C++ tile copies, libxsmm's per-tile
// kernels when installed (what tpp-mlir calls), each
// compared with memcpy between the same buffers (the physical limit: a pack
// moves each byte once). Every variant is checked bit for bit against the
// C++ result before it is timed.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "MlirKernels.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstring>
#include <memory>
#include <string>

extern "C" {
void cxx_pack(const float *, float *, int64_t, int64_t, float);
void cxx_unpack(const float *, float *, int64_t, int64_t);
void cxx_pack_transposed(const float *, float *, int64_t, int64_t);
void cxx_vector_copy(const float *, float *, int64_t);
#ifdef REGTILE_HAVE_LIBXSMM
bool xsmm_pack(const float *, float *, int64_t, int64_t, float);
bool xsmm_unpack(const float *, float *, int64_t, int64_t);
bool xsmm_pack_transposed(const float *, float *, int64_t, int64_t);
void libxsmm_init(void);
#endif
}

namespace {
using namespace regtile::bench;

template <int N>
StridedMemRefType<float, N> view(float *p, std::array<int64_t, N> s) {
  return denseView<float, N>(p, s);
}

/// One workload: source, destination, the C++ result as reference.
template <int NS, int ND> struct Workload {
  std::string name;
  std::size_t srcCount, dstCount;
  float *src, *dst, *ref;
  StridedMemRefType<float, NS> mSrc;
  StridedMemRefType<float, ND> mDst;

  Workload(std::string name, std::array<int64_t, NS> s,
           std::array<int64_t, ND> d, uint64_t seed)
      : name(std::move(name)) {
    srcCount = dstCount = 1;
    for (int64_t x : s)
      srcCount *= x;
    for (int64_t x : d)
      dstCount *= x;
    src = allocFloats(srcCount);
    dst = allocFloats(dstCount);
    ref = allocFloats(dstCount);
    fillFloats(src, srcCount, seed);
    mSrc = view<NS>(src, s);
    mDst = view<ND>(dst, d);
  }

  std::function<std::string()> check() {
    return [this] {
      if (std::memcmp(dst, ref, dstCount * sizeof(float)) != 0)
        return std::string("differs from the C++ tile copies");
      std::memset(dst, 0x7f, dstCount * sizeof(float)); // no stale pass
      return std::string();
    };
  }

  using MlirFn = void (*)(StridedMemRefType<float, NS> *,
                          StridedMemRefType<float, ND> *);

  /// Every variant of the workload, in table order: the scheduled kernels
  /// of `func` (bench/CMakeLists.txt), the others, and last the kernels
  /// timed last. `xsmm` may be null (libxsmm not installed).
  void add(std::vector<Kernel> &ks, const char *func, std::function<void()> cxx,
           std::function<bool()> xsmm) {
    auto mlir = [&](bool timedLast) {
      for (const MlirKernel *k : mlirKernels(func, "", timedLast)) {
        MlirFn f = k->as<MlirFn>();
        push(ks, k->label, [this, f] { f(&mSrc, &mDst); });
      }
    };
    mlir(/*timedLast=*/false);
    push(ks, "C++ tile copies (clang -O3)", cxx);
    // A reference, not a pack (so not checked): how fast these bytes move
    // through vector registers at all.
    int64_t count = std::min(srcCount, dstCount) / 32 * 32;
    push(
        ks, "reference: vector copy of the bytes (not a pack)",
        [this, count] { cxx_vector_copy(src, dst, count); },
        [] { return std::string(); });
    if (xsmm) {
      // libxsmm's JIT can fail: a failed call fails the check instead of
      // timing garbage.
      auto ok = std::make_shared<bool>(true);
      auto check0 = check();
      push(
          ks, "libxsmm per-tile kernels", [xsmm, ok] { *ok = xsmm() && *ok; },
          [check0, ok] {
            return *ok ? check0() : std::string("kernel not available");
          });
    }
    // Last of its workload: the kernel timed after streaming stores starts
    // with its destination out of the caches.
    mlir(/*timedLast=*/true);
  }

  /// A variant over this workload's buffers: checked bit for bit, compared
  /// with memcpy between the same buffers (the smaller side's bytes).
  void push(std::vector<Kernel> &ks, const std::string &variant,
            std::function<void()> run,
            std::function<std::string()> checkFn = nullptr) {
    Kernel k{name,
             variant,
             0,
             4.0 * std::max(srcCount, dstCount),
             std::move(run),
             checkFn ? std::move(checkFn) : check()};
    k.copySrc = src;
    k.copyDst = dst;
    k.copyBytes = 4.0 * std::min(srcCount, dstCount);
    ks.push_back(std::move(k));
  }
};

// libxsmm's per-tile kernels (what tpp-mlir calls) when installed.
#ifdef REGTILE_HAVE_LIBXSMM
#define XSMM(CALL) [] { return CALL; }
#else
#define XSMM(CALL) nullptr
#endif

} // namespace

int main(int argc, char **argv) {
  static Workload<2, 4> a("pack A 512x1024 -> 16x32x32x32", {512, 1024},
                          {16, 32, 32, 32}, 1);
  static Workload<4, 2> c("unpack C 16x16x32x32 -> 512x512", {16, 16, 32, 32},
                          {512, 512}, 2);
  static Workload<2, 4> b("pack B (transposing) 1024x512", {1024, 512},
                          {16, 32, 32, 32}, 3);
  static Workload<2, 4> p("pack padded 500x1000", {500, 1000}, {16, 32, 32, 32},
                          4);
  static Workload<2, 4> l("pack 4096x4096", {4096, 4096}, {128, 128, 32, 32},
                          5);
  cxx_pack(a.src, a.ref, 512, 1024, 0);
  cxx_unpack(c.src, c.ref, 512, 512);
  cxx_pack_transposed(b.src, b.ref, 1024, 512);
  cxx_pack(p.src, p.ref, 500, 1000, 0);
  cxx_pack(l.src, l.ref, 4096, 4096, 0);

  std::vector<Kernel> kernels;
#ifdef REGTILE_HAVE_LIBXSMM
  libxsmm_init();
#endif
  a.add(
      kernels, "pack_a", [] { cxx_pack(a.src, a.dst, 512, 1024, 0); },
      XSMM(xsmm_pack(a.src, a.dst, 512, 1024, 0)));
  c.add(
      kernels, "unpack_c", [] { cxx_unpack(c.src, c.dst, 512, 512); },
      XSMM(xsmm_unpack(c.src, c.dst, 512, 512)));
  b.add(
      kernels, "pack_b", [] { cxx_pack_transposed(b.src, b.dst, 1024, 512); },
      XSMM(xsmm_pack_transposed(b.src, b.dst, 1024, 512)));
  p.add(
      kernels, "pack_padded", [] { cxx_pack(p.src, p.dst, 500, 1000, 0); },
      XSMM(xsmm_pack(p.src, p.dst, 500, 1000, 0)));
  l.add(
      kernels, "pack_large", [] { cxx_pack(l.src, l.dst, 4096, 4096, 0); },
      XSMM(xsmm_pack(l.src, l.dst, 4096, 4096, 0)));
  Options options;
  options.jsonPath = "pack.json";
  return regtile::bench::main(argc, argv, std::move(kernels), options);
}
