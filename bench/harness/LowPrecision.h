//===- LowPrecision.h - Inputs and checks of the int8 / bf16 benchmarks ---===//
//
// What bench_gemm_lowp and bench_conv_lowp share: bf16 conversions of the
// fill's values (multiples of 1/8, which bf16 holds exactly), i8 inputs
// over the whole range, and exact comparison of results.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_BENCH_HARNESS_LOWPRECISION_H
#define REGTILE_BENCH_HARNESS_LOWPRECISION_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace regtile::bench {

/// bf16 of a float that bf16 holds exactly (the fill's values).
inline uint16_t toBF16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return static_cast<uint16_t>(bits >> 16);
}

inline float fromBF16(uint16_t h) {
  uint32_t bits = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Deterministic i8 values over the whole range.
inline void fillBytes(int8_t *p, size_t n, uint64_t seed) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    p[i] = static_cast<int8_t>(x >> 56);
  }
}

/// Empty if `got` equals `want` element for element, else the first
/// difference.
template <typename T>
std::string compareExact(const T *got, const std::vector<T> &want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (!(got[i] == want[i]))
      return "element " + std::to_string(i) + " is " +
             std::to_string(double(got[i])) + ", expected " +
             std::to_string(double(want[i]));
  return "";
}

} // namespace regtile::bench

#endif // REGTILE_BENCH_HARNESS_LOWPRECISION_H
