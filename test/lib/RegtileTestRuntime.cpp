//===- RegtileTestRuntime.cpp - Fill and print helpers for execution tests ===//
//
// Loaded into mlir-runner by regtile's execution tests. Declares, for each
// element type T in {f32, f64, bf16, f16, i1, i8, i16, i32, i64}:
//
//   func.func private @regtileFillT(memref<*xT>, i64)
//       attributes {llvm.emit_c_interface}
//     Fills a buffer (any rank, any strides) with deterministic pseudo-random
//     values derived from the seed and the element's row-major position.
//     Floats are multiples of 1/8 in [-4, 4] (exact in bf16/f16); integers
//     cover the full i8 range, +-32767 for i16, +-1000 for i32/i64, 0 and 1
//     for i1 (one byte per element, as memref<i1> stores them).
//
//   func.func private @regtileFillRangeT(memref<*xT>, i64, i64, i64)
//       (integer T) The same with values in [lo, hi] (the last two
//       arguments), e.g. divisors without 0.
//
//   func.func private @regtileFillSpecialT(memref<*xT>, i64, i64)
//       (float T) The same as regtileFillT, except that about `perMille`
//       elements in 1000 are special: -0, +0, NaN, +inf or -inf.
//
//   func.func private @regtileFillZerosT(memref<*xT>, i64, i64, i64)
//       (float T) Values where the sign of a zero decides min/max: about
//       `negPerMille` elements in 1000 are -0, `nanPerMille` NaN, the
//       others +0 or positive multiples of 1/8 (half each).
//
//   func.func private @regtilePrintT(memref<*xT>)
//       attributes {llvm.emit_c_interface}
//     Prints "buffer T [d0xd1x...]" and then every element on its own line,
//     in row-major order, exactly (floats with round-trip precision; i1 as
//     the byte in memory, so a value other than 0 or 1 shows).
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

uint64_t mix(uint64_t x) {
  // splitmix64 finalizer.
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// Visit every element of a strided buffer in row-major order.
template <typename T, typename Fn>
void forEach(const UnrankedMemRefType<T> *m, Fn fn) {
  DynamicMemRefType<T> d(*m);
  int64_t total = 1;
  for (int64_t i = 0; i < d.rank; ++i)
    total *= d.sizes[i];
  std::vector<int64_t> idx(d.rank, 0);
  for (int64_t linear = 0; linear < total; ++linear) {
    int64_t off = d.offset;
    for (int64_t i = 0; i < d.rank; ++i)
      off += idx[i] * d.strides[i];
    fn(linear, d.data[off]);
    for (int64_t i = d.rank - 1; i >= 0; --i) {
      if (++idx[i] < d.sizes[i])
        break;
      idx[i] = 0;
    }
  }
}

void printHeader(const char *type, int64_t rank, const int64_t *sizes) {
  std::printf("buffer %s [", type);
  for (int64_t i = 0; i < rank; ++i)
    std::printf(i ? "x%" PRId64 : "%" PRId64, sizes[i]);
  std::printf("]\n");
}

double floatValue(uint64_t seed, int64_t linear) {
  return static_cast<double>(
             static_cast<int64_t>(mix(seed * 0x100000001b3ULL ^ linear) % 65) -
             32) /
         8.0;
}

int64_t intValue(uint64_t seed, int64_t linear, int64_t lo, int64_t hi) {
  uint64_t span = static_cast<uint64_t>(hi - lo + 1);
  return lo +
         static_cast<int64_t>(mix(seed * 0x100000001b3ULL ^ linear) % span);
}

/// floatValue, or with probability perMille / 1000 one of -0, +0, NaN, +inf,
/// -inf.
double specialValue(uint64_t seed, int64_t linear, int64_t perMille) {
  uint64_t r = mix(seed * 0x9e3779b97f4a7c15ULL ^ (linear + 0x5bd1e995));
  if (static_cast<int64_t>(r % 1000) >= perMille)
    return floatValue(seed, linear);
  static const double special[] = {-0.0, 0.0, NAN, INFINITY, -INFINITY};
  return special[(r / 1000) % 5];
}

/// -0 (negPerMille in 1000), NaN (nanPerMille), else +0 or a positive
/// multiple of 1/8.
double zerosValue(uint64_t seed, int64_t linear, int64_t negPerMille,
                  int64_t nanPerMille) {
  uint64_t r = mix(seed * 0x9e3779b97f4a7c15ULL ^ (linear + 0x27d4eb2f));
  int64_t p = static_cast<int64_t>(r % 1000);
  if (p < nanPerMille)
    return NAN;
  if (p < nanPerMille + negPerMille)
    return -0.0;
  return (r / 1000) % 2 ? 0.0 : std::fabs(floatValue(seed, linear)) + 0.125;
}

uint16_t toBF16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return static_cast<uint16_t>(bits >> 16); // exact for our values
}
float fromBF16(uint16_t h) {
  uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
uint16_t toF16(float f) {
  // Exact for multiples of 1/8 in [-4, 4], zeros, infinities and NaN.
  uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (f == 0.0f)
    return sign;
  if (std::isnan(f))
    return 0x7e00;
  if (std::isinf(f))
    return sign | 0x7c00;
  f = std::fabs(f);
  int exp;
  float mant = std::frexp(f, &exp); // f = mant * 2^exp, mant in [0.5, 1)
  uint16_t e = static_cast<uint16_t>(exp - 1 + 15);
  uint16_t m = static_cast<uint16_t>((mant * 2.0f - 1.0f) * 1024.0f);
  return sign | static_cast<uint16_t>(e << 10) | m;
}
float fromF16(uint16_t h) {
  int sign = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  float v;
  if (e == 0)
    v = std::ldexp(static_cast<float>(m), -24);
  else if (e == 31)
    v = m ? NAN : INFINITY;
  else
    v = std::ldexp(1.0f + m / 1024.0f, e - 15);
  return sign ? -v : v;
}

} // namespace

#define REGTILE_EXPORT extern "C" __attribute__((visibility("default")))

#define DEFINE_FLOAT(NAME, CTYPE, TYPESTR, TO, FROM, FMT)                      \
  REGTILE_EXPORT void _mlir_ciface_regtileFill##NAME(                          \
      UnrankedMemRefType<CTYPE> *m, int64_t seed) {                            \
    forEach(m, [&](int64_t i, CTYPE &v) {                                      \
      v = TO(static_cast<float>(floatValue(seed, i)));                         \
    });                                                                        \
  }                                                                            \
  REGTILE_EXPORT void _mlir_ciface_regtileFillSpecial##NAME(                   \
      UnrankedMemRefType<CTYPE> *m, int64_t seed, int64_t perMille) {          \
    forEach(m, [&](int64_t i, CTYPE &v) {                                      \
      v = TO(static_cast<float>(specialValue(seed, i, perMille)));             \
    });                                                                        \
  }                                                                            \
  REGTILE_EXPORT void _mlir_ciface_regtileFillZeros##NAME(                     \
      UnrankedMemRefType<CTYPE> *m, int64_t seed, int64_t negPerMille,         \
      int64_t nanPerMille) {                                                   \
    forEach(m, [&](int64_t i, CTYPE &v) {                                      \
      v = TO(                                                                  \
          static_cast<float>(zerosValue(seed, i, negPerMille, nanPerMille)));  \
    });                                                                        \
  }                                                                            \
  REGTILE_EXPORT void _mlir_ciface_regtilePrint##NAME(                         \
      UnrankedMemRefType<CTYPE> *m) {                                          \
    DynamicMemRefType<CTYPE> d(*m);                                            \
    printHeader(TYPESTR, d.rank, d.sizes);                                     \
    forEach(m, [&](int64_t, CTYPE &v) {                                        \
      std::printf(FMT "\n", static_cast<double>(FROM(v)));                     \
    });                                                                        \
    std::fflush(stdout);                                                       \
  }

#define DEFINE_INT(NAME, CTYPE, TYPESTR, LO, HI)                               \
  REGTILE_EXPORT void _mlir_ciface_regtileFill##NAME(                          \
      UnrankedMemRefType<CTYPE> *m, int64_t seed) {                            \
    forEach(m, [&](int64_t i, CTYPE &v) {                                      \
      v = static_cast<CTYPE>(intValue(seed, i, LO, HI));                       \
    });                                                                        \
  }                                                                            \
  REGTILE_EXPORT void _mlir_ciface_regtileFillRange##NAME(                     \
      UnrankedMemRefType<CTYPE> *m, int64_t seed, int64_t lo, int64_t hi) {    \
    forEach(m, [&](int64_t i, CTYPE &v) {                                      \
      v = static_cast<CTYPE>(intValue(seed, i, lo, hi));                       \
    });                                                                        \
  }                                                                            \
  REGTILE_EXPORT void _mlir_ciface_regtilePrint##NAME(                         \
      UnrankedMemRefType<CTYPE> *m) {                                          \
    DynamicMemRefType<CTYPE> d(*m);                                            \
    printHeader(TYPESTR, d.rank, d.sizes);                                     \
    forEach(m, [&](int64_t, CTYPE &v) {                                        \
      std::printf("%" PRId64 "\n", static_cast<int64_t>(v));                   \
    });                                                                        \
    std::fflush(stdout);                                                       \
  }

static float identityF(float f) { return f; }
static double identityD(double d) { return d; }

DEFINE_FLOAT(F32, float, "f32", identityF, identityF, "%.9g")
DEFINE_FLOAT(F64, double, "f64", identityD, identityD, "%.17g")
DEFINE_FLOAT(BF16, uint16_t, "bf16", toBF16, fromBF16, "%.9g")
DEFINE_FLOAT(F16, uint16_t, "f16", toF16, fromF16, "%.9g")
DEFINE_INT(I1, uint8_t, "i1", 0, 1)
DEFINE_INT(I8, int8_t, "i8", -128, 127)
DEFINE_INT(I16, int16_t, "i16", -32767, 32767)
DEFINE_INT(I32, int32_t, "i32", -1000, 1000)
DEFINE_INT(I64, int64_t, "i64", -1000, 1000)
