//===- Harness.cpp - regtile benchmark harness ----------------------------===//

#include "Harness.h"
#include "ThreadTeam.h"

#include <immintrin.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>

namespace regtile::bench {
namespace {
/// "<model name>, family F model M" from /proc/cpuinfo: the table and the
/// JSON say which CPU the numbers come from.
std::string cpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string line, name, family, model;
  auto value = [](const std::string &l) {
    std::size_t c = l.find(':');
    return c == std::string::npos ? std::string() : l.substr(c + 2);
  };
  while (std::getline(in, line) && (name.empty() || model.empty())) {
    if (name.empty() && line.rfind("model name", 0) == 0)
      name = value(line);
    else if (family.empty() && line.rfind("cpu family", 0) == 0)
      family = value(line);
    else if (model.empty() && line.rfind("model\t", 0) == 0)
      model = value(line);
  }
  return name + ", family " + family + " model " + model;
}
} // namespace

namespace {

//===----------------------------------------------------------------------===//
// Machine measurements
//===----------------------------------------------------------------------===//

#if defined(__AVX512F__)
constexpr int kLanes = 16;
constexpr int kAccumulators = 16; // 32 zmm registers: 16 accumulators + a, b.
constexpr const char *kPeakLoop = "AVX-512 FMA, 16 accumulators";
using Vec = __m512;
static Vec vset(float x) { return _mm512_set1_ps(x); }
static Vec vfma(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
static Vec vadd(Vec a, Vec b) { return _mm512_add_ps(a, b); }
static Vec vload(const float *p) { return _mm512_load_ps(p); }
static float vsum(Vec v) { return _mm512_reduce_add_ps(v); }
#elif defined(__AVX2__) && defined(__FMA__)
constexpr int kLanes = 8;
constexpr int kAccumulators = 12; // 16 ymm registers: 12 accumulators + a, b.
constexpr const char *kPeakLoop = "AVX2 FMA, 12 accumulators";
using Vec = __m256;
static Vec vset(float x) { return _mm256_set1_ps(x); }
static Vec vfma(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
static Vec vadd(Vec a, Vec b) { return _mm256_add_ps(a, b); }
static Vec vload(const float *p) { return _mm256_load_ps(p); }
static float vsum(Vec v) {
  alignas(32) float t[8];
  _mm256_store_ps(t, v);
  float s = 0;
  for (float x : t)
    s += x;
  return s;
}
#else
#error "the benchmark harness needs AVX2+FMA or AVX-512 (-march=native)"
#endif

/// `iterations` rounds of kAccumulators independent chains acc = step(acc,
/// a, b), summed with `add` at the end (so that nothing is dead): the
/// shape of every peak loop. Inlined into each (noipa) loop below.
template <typename In, typename Init, typename Step, typename Add>
inline __attribute__((always_inline)) auto
chains(int64_t iterations, Init init, In a, In b, Step step, Add add) {
  using Acc = decltype(init(0));
  Acc acc[kAccumulators];
  for (int k = 0; k < kAccumulators; ++k)
    acc[k] = init(k);
  for (int64_t i = 0; i < iterations; ++i)
    for (int k = 0; k < kAccumulators; ++k)
      acc[k] = step(acc[k], a, b);
  Acc s = acc[0];
  for (int k = 1; k < kAccumulators; ++k)
    s = add(s, acc[k]);
  return s;
}

/// `iterations` rounds of kAccumulators independent vector FMAs. noipa: GCC
/// would otherwise infer the function is const and hoist it out of the
/// timing loop.
__attribute__((noipa)) float fmaLoop(int64_t iterations) {
  return vsum(chains(
      iterations, [](int k) { return vset(static_cast<float>(k)); },
      vset(0.999999f), vset(1e-7f),
      [](Vec acc, Vec a, Vec b) { return vfma(acc, a, b); },
      [](Vec x, Vec y) { return vadd(x, y); }));
}
constexpr double kFlopsPerFmaIteration = 2.0 * kLanes * kAccumulators;

// The dot-product units' peak loops: as many independent chains as the FMA
// loop, one instruction each per iteration. An i8 4-way dot product is 4
// multiply-adds (8 ops) per 32-bit lane; a bf16 pair, 2 (4 flops). The
// iteration is inline assembly: through intrinsics GCC 12 copied every
// accumulator twice per iteration and kept one in memory (a 1-per-cycle
// loop on Zen 5, which issues 2 vpdpbusd per cycle: the GEMMs measured
// 1.7x "peak").
#if defined(__AVX512VNNI__) || defined(__AVX512BF16__)
static_assert(kAccumulators == 16, "the dot-product loops have 16 chains");
/// Eight chains of one iteration: `insn b, a, c` for c = c0..c7 (AT&T
/// order; an asm takes at most 30 operands, a "+v" counts twice). Named
/// variables, not an array: GCC keeps an array in memory across the asm.
#define REGTILE_DOT_EIGHT(insn, c0, c1, c2, c3, c4, c5, c6, c7, a, b)          \
  asm(insn " %[b], %[a], %[x0]\n\t" insn " %[b], %[a], %[x1]\n\t" insn         \
           " %[b], %[a], %[x2]\n\t" insn " %[b], %[a], %[x3]\n\t" insn         \
           " %[b], %[a], %[x4]\n\t" insn " %[b], %[a], %[x5]\n\t" insn         \
           " %[b], %[a], %[x6]\n\t" insn " %[b], %[a], %[x7]"                  \
      : [x0] "+v"(c0), [x1] "+v"(c1), [x2] "+v"(c2), [x3] "+v"(c3),            \
        [x4] "+v"(c4), [x5] "+v"(c5), [x6] "+v"(c6), [x7] "+v"(c7)             \
      : [a] "v"(a), [b] "v"(b))
/// `iterations` rounds of 16 independent `insn` chains, from 0..15; returns
/// their sum (so that nothing is dead).
#define REGTILE_DOT_LOOP(insn, T, set1, add, iterations, a, b)                 \
  T c0 = set1(0), c1 = set1(1), c2 = set1(2), c3 = set1(3), c4 = set1(4),      \
    c5 = set1(5), c6 = set1(6), c7 = set1(7), c8 = set1(8), c9 = set1(9),      \
    c10 = set1(10), c11 = set1(11), c12 = set1(12), c13 = set1(13),            \
    c14 = set1(14), c15 = set1(15);                                            \
  for (int64_t i = 0; i < iterations; ++i) {                                   \
    REGTILE_DOT_EIGHT(insn, c0, c1, c2, c3, c4, c5, c6, c7, a, b);             \
    REGTILE_DOT_EIGHT(insn, c8, c9, c10, c11, c12, c13, c14, c15, a, b);       \
  }                                                                            \
  T sum = add(                                                                 \
      add(add(add(c0, c1), add(c2, c3)), add(add(c4, c5), add(c6, c7))),       \
      add(add(add(c8, c9), add(c10, c11)), add(add(c12, c13), add(c14, c15))))
#endif
#if defined(__AVX512VNNI__)
__attribute__((noipa)) int vpdpbusdLoop(int64_t iterations) {
  __m512i a = _mm512_set1_epi8(3), b = _mm512_set1_epi8(-5);
  REGTILE_DOT_LOOP("vpdpbusd", __m512i, _mm512_set1_epi32, _mm512_add_epi32,
                   iterations, a, b);
  return _mm512_reduce_add_epi32(sum);
}
constexpr bool kHasVpdpbusd = true;
#else
int vpdpbusdLoop(int64_t) { return 0; }
constexpr bool kHasVpdpbusd = false;
#endif
#if defined(__AVX512BF16__)
__attribute__((noipa)) float vdpbf16psLoop(int64_t iterations) {
  auto pairs = [](float x) {
    return _mm512_cvtne2ps_pbh(_mm512_set1_ps(x), _mm512_set1_ps(x));
  };
  auto set1 = [](int k) { return _mm512_set1_ps(static_cast<float>(k)); };
  __m512bh a = pairs(0.5f), b = pairs(1e-7f);
  REGTILE_DOT_LOOP("vdpbf16ps", __m512, set1, _mm512_add_ps, iterations, a, b);
  return _mm512_reduce_add_ps(sum);
}
constexpr bool kHasVdpbf16ps = true;
#else
float vdpbf16psLoop(int64_t) { return 0; }
constexpr bool kHasVdpbf16ps = false;
#endif

// The AMX tile unit's peak loops: 4 independent 16 x 16 accumulator tiles
// (tmm0-3) from two A tiles (tmm4-5) and two B tiles (tmm6-7), zeros (the
// unit's speed does not depend on the values). Linux hands the tiles to a
// process that asks (arch_prctl); without the grant the loops do not run.
#if defined(__AMX_TILE__) && defined(__AMX_BF16__) && defined(__AMX_INT8__) && \
    defined(__linux__)
bool amxGranted() {
  static const bool granted =
      syscall(SYS_arch_prctl, /*ARCH_REQ_XCOMP_PERM=*/0x1023,
              /*XFEATURE_XTILEDATA=*/18) == 0;
  return granted;
}
/// ldtilecfg's operand: palette 1, every tile 16 rows of 64 bytes.
struct alignas(64) TileConfig {
  uint8_t palette = 1, startRow = 0, reserved[14] = {};
  uint16_t bytesPerRow[16] = {64, 64, 64, 64, 64, 64, 64, 64};
  uint8_t rows[16] = {16, 16, 16, 16, 16, 16, 16, 16};
};
template <bool Int8> __attribute__((noipa)) float tileLoop(int64_t iterations) {
  static const TileConfig config;
  alignas(64) static const uint8_t zeros[16 * 64] = {};
  alignas(64) float out[16 * 16];
  _tile_loadconfig(&config);
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  _tile_loadd(4, zeros, 64);
  _tile_loadd(5, zeros, 64);
  _tile_loadd(6, zeros, 64);
  _tile_loadd(7, zeros, 64);
  for (int64_t i = 0; i < iterations; ++i) {
    if constexpr (Int8) {
      _tile_dpbusd(0, 4, 6);
      _tile_dpbusd(1, 4, 7);
      _tile_dpbusd(2, 5, 6);
      _tile_dpbusd(3, 5, 7);
    } else {
      _tile_dpbf16ps(0, 4, 6);
      _tile_dpbf16ps(1, 4, 7);
      _tile_dpbf16ps(2, 5, 6);
      _tile_dpbf16ps(3, 5, 7);
    }
  }
  _tile_stored(3, out, 64);
  _tile_release();
  return out[0];
}
constexpr bool kHasAmx = true;
#else
bool amxGranted() { return false; }
template <bool Int8> float tileLoop(int64_t) { return 0; }
constexpr bool kHasAmx = false;
#endif
/// AMX iterations per FMA-loop iteration: a tile product takes ~16 cycles,
/// 4 per iteration; 1/16 of the FMA loop's count keeps the time alike.
constexpr int64_t kTileIterationsShift = 4;

/// Per unit: its peak loop's name in the run, operations per iteration, and
/// whether this build has it.
struct UnitLoop {
  const char *name;
  const char *label;
  double opsPerIteration;
  bool available;
};
UnitLoop unitLoop(Unit unit) {
  switch (unit) {
  case Unit::Vpdpbusd:
    return {"peak_vpdpbusd", "AVX-512 VNNI vpdpbusd", 8.0 * 16 * kAccumulators,
            kHasVpdpbusd};
  case Unit::Vdpbf16ps:
    return {"peak_vdpbf16ps", "AVX-512 BF16 vdpbf16ps",
            4.0 * 16 * kAccumulators, kHasVdpbf16ps};
  // Per FMA-loop iteration (see kTileIterationsShift): 4 tile products.
  case Unit::AmxInt8:
    return {"peak_amx_int8", "AMX tdpbusd (tiles)",
            4.0 * 2 * 16 * 16 * 64 / (1 << kTileIterationsShift),
            kHasAmx && amxGranted()};
  case Unit::AmxBf16:
    return {"peak_amx_bf16", "AMX tdpbf16ps (tiles)",
            4.0 * 2 * 16 * 16 * 32 / (1 << kTileIterationsShift),
            kHasAmx && amxGranted()};
  case Unit::Fma:
    break;
  }
  return {"peak_fma", kPeakLoop, kFlopsPerFmaIteration, true};
}

/// Sum of all floats of `p` (bytes a multiple of 8 vectors), 8 accumulators.
__attribute__((noipa)) float readLoop(const float *p, std::size_t count) {
  Vec acc[8];
  for (auto &v : acc)
    v = vset(0);
  for (std::size_t i = 0; i < count; i += 8 * kLanes)
    for (int k = 0; k < 8; ++k)
      acc[k] = vadd(acc[k], vload(p + i + k * kLanes));
  for (int k = 1; k < 8; ++k)
    acc[0] = vadd(acc[0], acc[k]);
  return vsum(acc[0]);
}

struct Buffer {
  float *data = nullptr;
  std::size_t count = 0;
  explicit Buffer(std::size_t bytes)
      : data(allocFloats((bytes + 4095) / 4)), count((bytes + 4095) / 4) {
    fillFloats(data, count, 7);
  }
  ~Buffer() { freeFloats(data); }
};

std::string formatBytes(double bytes) {
  char buf[64];
  if (bytes >= (1 << 20))
    std::snprintf(buf, sizeof(buf), "%.3g MiB", bytes / (1 << 20));
  else
    std::snprintf(buf, sizeof(buf), "%.3g KiB", bytes / 1024);
  return buf;
}

//===----------------------------------------------------------------------===//
// Interleaved timing
//===----------------------------------------------------------------------===//

using Clock = std::chrono::steady_clock;

/// Keeps the compiler from assuming memory is unchanged across calls.
inline void clobberMemory() { asm volatile("" : : : "memory"); }

/// One timed thing: `calls` calls of `fn` per round; seconds per call of
/// each round.
struct Timed {
  std::string name;
  std::function<void()> fn;
  int64_t calls = 1;
  std::vector<double> seconds;

  /// As many untimed calls first: the timed calls then see the caches in
  /// this kernel's own steady state, not as the previous measurement left
  /// them (streaming stores, for one, leave the destination out of the
  /// caches, and a following kernel takes several calls to recover).
  double timeRound() const {
    for (int64_t i = 0; i < calls; ++i) {
      fn();
      clobberMemory();
    }
    auto start = Clock::now();
    for (int64_t i = 0; i < calls; ++i) {
      fn();
      clobberMemory();
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
  }
  /// Calls per round such that a round takes at least `minTime` seconds.
  void calibrate(double minTime) {
    calls = 1;
    for (;;) {
      double t = timeRound();
      if (t >= minTime || calls >= (int64_t(1) << 40))
        return;
      double scale = t > 0 ? 1.2 * minTime / t : 10.0;
      calls = std::max(calls + 1, static_cast<int64_t>(double(calls) *
                                                       std::min(scale, 10.0)));
    }
  }
};

double median(std::vector<double> v) {
  if (v.empty())
    return NAN;
  std::sort(v.begin(), v.end());
  std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// Median over rounds of a[r] / b[r]: a ratio between two measurements taken
/// in the same round, under the same machine conditions.
double medianRatio(const std::vector<double> &a, const std::vector<double> &b) {
  std::vector<double> r;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    r.push_back(a[i] / b[i]);
  return median(r);
}

std::size_t ownCopyBytes(const Kernel &k) {
  return static_cast<std::size_t>(k.copyBytes > 0 ? k.copyBytes : k.bytes);
}

bool parseFlag(const char *arg, const char *name, std::string &value) {
  std::size_t n = std::strlen(name);
  if (std::strncmp(arg, name, n) != 0 || arg[n] != '=')
    return false;
  value = arg + n + 1;
  return true;
}

std::string jsonEscape(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out;
}

} // namespace

float *allocFloats(std::size_t count) {
  void *p = nullptr;
  if (posix_memalign(&p, 64, std::max<std::size_t>(count, 16) * sizeof(float)))
    std::abort();
  return static_cast<float *>(p);
}
void freeFloats(float *p) { std::free(p); }

void fillFloats(float *p, std::size_t count, std::uint64_t seed) {
  std::uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 1;
  for (std::size_t i = 0; i < count; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    p[i] = static_cast<float>(static_cast<int64_t>(x % 65) - 32) / 8.0f;
  }
}

double maxRelativeError(const float *a, const float *b, std::size_t count) {
  double worst = 0;
  for (std::size_t i = 0; i < count; ++i) {
    double d = std::fabs(double(a[i]) - double(b[i])) /
               std::max(1.0, std::fabs(double(b[i])));
    if (std::isnan(d))
      return INFINITY;
    worst = std::max(worst, d);
  }
  return worst;
}

namespace {

/// Reads the command line into `options` and `filter`; false on a bad flag.
bool parseArgs(int argc, char **argv, Options &options, std::string &filter) {
  for (int i = 1; i < argc; ++i) {
    std::string v;
    if (parseFlag(argv[i], "--json", v))
      options.jsonPath = v;
    else if (parseFlag(argv[i], "--cpu", v))
      options.cpu = std::atoi(v.c_str());
    else if (parseFlag(argv[i], "--threads", v))
      options.threads = std::max(1, std::atoi(v.c_str()));
    else if (parseFlag(argv[i], "--reps", v))
      options.repetitions = std::max(1, std::atoi(v.c_str()));
    else if (parseFlag(argv[i], "--min-time", v))
      options.minTime = std::atof(v.c_str());
    else if (parseFlag(argv[i], "--filter", v))
      filter = v;
    else {
      std::fprintf(
          stderr,
          "usage: %s [--json=PATH] [--cpu=N] [--threads=N] [--reps=ROUNDS] "
          "[--min-time=S] [--filter=TEXT]\n"
          "  --filter: only the workloads whose name contains TEXT\n",
          argv[0]);
      return false;
    }
  }
  return true;
}

/// Pins the process to `cpu` (-1: the last core); the core, or -1.
int pinToCore(int cpu) {
  if (cpu < 0)
    cpu = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)) - 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof(set), &set) != 0) {
    std::perror("sched_setaffinity");
    return -1;
  }
  return cpu;
}

/// The cores of a run on `threads` threads: cores 0 to threads - 1 (empty
/// if the machine has fewer).
std::vector<int> threadCores(int threads) {
  std::vector<int> cores;
  if (threads > sysconf(_SC_NPROCESSORS_ONLN))
    return cores;
  for (int c = 0; c < threads; ++c)
    cores.push_back(c);
  return cores;
}

/// Pins the process to `cores`; false on failure.
bool pinToCores(const std::vector<int> &cores) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cores)
    CPU_SET(c, &set);
  if (sched_setaffinity(0, sizeof(set), &set) != 0) {
    std::perror("sched_setaffinity");
    return false;
  }
  return true;
}

/// Runs and checks every kernel once: what is wrong with each ("" if right).
std::vector<std::string> checkKernels(const std::vector<Kernel> &kernels) {
  std::vector<std::string> failures(kernels.size());
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    if (!kernels[i].check)
      continue;
    kernels[i].run();
    failures[i] = kernels[i].check();
    if (!failures[i].empty())
      std::fprintf(stderr, "FAILED CHECK: %s / %s: %s\n",
                   kernels[i].workload.c_str(), kernels[i].variant.c_str(),
                   failures[i].c_str());
  }
  return failures;
}

constexpr int64_t kFmaIterations = 1 << 20;
constexpr std::size_t kReferenceBytes = 1 << 20;
// The read loop runs over whole 8-vector blocks.
constexpr std::size_t kReadBlock = 8 * kLanes * sizeof(float);
volatile float sink;

std::string memcpyName(double bytes) {
  return "memcpy_" + std::to_string(std::size_t(bytes));
}
std::string readName(double bytes) {
  return "read_" + std::to_string(std::size_t(bytes));
}
std::string kernelName(std::size_t i) { return "kernel_" + std::to_string(i); }
/// memcpy between a kernel's own buffers, one per distinct buffer pair.
std::string ownCopyName(const Kernel &k) {
  char name[96];
  std::snprintf(name, sizeof(name), "memcpy_%p_%p_%zu", k.copySrc,
                static_cast<void *>(k.copyDst), ownCopyBytes(k));
  return name;
}

/// Everything timed in one run, by name: the machine references (peak FMA
/// loop, memcpy and read loop at each byte count, memcpy between kernels'
/// own buffers), then every kernel that passed its check.
/// The part [begin, end) of `bytes` that thread `i` of `n` handles, in
/// whole `unit`s.
std::pair<std::size_t, std::size_t> share(std::size_t bytes, std::size_t unit,
                                          std::size_t i, std::size_t n) {
  std::size_t units = (bytes + unit - 1) / unit;
  std::size_t begin = std::min(bytes, units * i / n * unit);
  std::size_t end = std::min(bytes, units * (i + 1) / n * unit);
  return {begin, end};
}

class Measurements {
public:
  Measurements(const std::vector<Kernel> &kernels,
               const std::vector<std::string> &failures, ThreadTeam &team)
      : team(team) {
    add("peak_fma", [&team] {
      team.run([](std::size_t i) {
        float r = fmaLoop(kFmaIterations);
        if (i == 0)
          sink = r;
      });
    });
    if (team.size() > 1)
      add("peak_fma_one_core", [] { sink = fmaLoop(kFmaIterations); });
    // The dot-product units' loops, when a kernel runs on them (the AMX
    // tile unit's for the same types beside them).
    for (Unit unit :
         {Unit::Vpdpbusd, Unit::Vdpbf16ps, Unit::AmxInt8, Unit::AmxBf16}) {
      UnitLoop u = unitLoop(unit);
      Unit types = unit == Unit::AmxInt8   ? Unit::Vpdpbusd
                   : unit == Unit::AmxBf16 ? Unit::Vdpbf16ps
                                           : unit;
      bool used =
          std::any_of(kernels.begin(), kernels.end(), [&](const Kernel &k) {
            return k.unit == unit || k.unit == types;
          });
      if (!used || !u.available)
        continue;
      add(u.name, [&team, unit] {
        team.run([unit](std::size_t i) {
          constexpr int64_t tiles = kFmaIterations >> kTileIterationsShift;
          float r = unit == Unit::Vpdpbusd ? float(vpdpbusdLoop(kFmaIterations))
                    : unit == Unit::Vdpbf16ps ? vdpbf16psLoop(kFmaIterations)
                    : unit == Unit::AmxInt8   ? tileLoop<true>(tiles)
                                              : tileLoop<false>(tiles);
          if (i == 0)
            sink = r;
        });
      });
    }
    std::vector<double> sizes{double(kReferenceBytes)};
    for (const Kernel &k : kernels)
      if (k.bytes > 0 &&
          std::find(sizes.begin(), sizes.end(), k.bytes) == sizes.end())
        sizes.push_back(k.bytes);
    for (double bytes : sizes)
      addBandwidthReferences(std::size_t(bytes));
    for (const Kernel &k : kernels) {
      if (!k.copySrc || !k.copyDst || index.count(ownCopyName(k)))
        continue;
      const void *src = k.copySrc;
      void *dst = k.copyDst;
      std::size_t n = ownCopyBytes(k);
      add(ownCopyName(k), [=] { copy(dst, src, n); });
    }
    for (std::size_t i = 0; i < kernels.size(); ++i)
      if (failures[i].empty())
        add(kernelName(i), kernels[i].run);
  }

  /// Interleaved rounds: every round times everything once, so that a
  /// ratio compares two measurements taken moments apart; the machine's
  /// state (other tenants, DRAM traffic, frequency) drifts over a run and
  /// would otherwise move one side of a ratio only.
  void run(const Options &options) {
    for (Timed &t : timed)
      settle(), t.calibrate(options.minTime);
    for (int round = 0; round < options.repetitions; ++round)
      for (Timed &t : timed) {
        settle();
        t.seconds.push_back(t.timeRound() / double(t.calls));
      }
  }

  /// Seconds per call of `name` in each round (none if it was not timed).
  const std::vector<double> &rounds(const std::string &name) const {
    static const std::vector<double> none;
    auto it = index.find(name);
    return it == index.end() ? none : timed[it->second].seconds;
  }
  double seconds(const std::string &name) const { return median(rounds(name)); }
  /// The FMA peak of the run's threads.
  double peakFlops() const {
    return kFlopsPerFmaIteration * kFmaIterations * team.size() /
           seconds("peak_fma");
  }
  /// The peak of `unit`'s loop on the run's threads (NaN if not run).
  double unitPeak(Unit unit) const {
    UnitLoop u = unitLoop(unit);
    if (rounds(u.name).empty())
      return NAN;
    return u.opsPerIteration * kFmaIterations * team.size() / seconds(u.name);
  }
  /// One core's FMA peak.
  double onePeakFlops() const {
    return kFlopsPerFmaIteration * kFmaIterations /
           seconds(team.size() > 1 ? "peak_fma_one_core" : "peak_fma");
  }
  std::size_t threads() const { return team.size(); }
  double memcpyGBs(double bytes) const {
    return bytes / seconds(memcpyName(bytes)) / 1e9;
  }
  double readGBs(double bytes) const {
    return bytes / seconds(readName(bytes)) / 1e9;
  }

private:
  void add(const std::string &name, std::function<void()> fn) {
    index[name] = timed.size();
    timed.push_back(Timed{name, std::move(fn)});
  }
  void addBandwidthReferences(std::size_t n) {
    buffers.push_back(std::make_unique<Buffer>(n));
    buffers.push_back(std::make_unique<Buffer>(n));
    float *src = buffers[buffers.size() - 2]->data;
    float *dst = buffers.back()->data;
    add(memcpyName(n), [=] { copy(dst, src, n); });
    std::size_t r = (n + kReadBlock - 1) / kReadBlock * kReadBlock;
    buffers.push_back(std::make_unique<Buffer>(r));
    float *rsrc = buffers.back()->data;
    add(readName(n), [=] {
      team.run([&](std::size_t i) {
        auto [begin, end] = share(r, kReadBlock, i, team.size());
        float s = readLoop(rsrc + begin / sizeof(float),
                           (end - begin) / sizeof(float));
        if (i == 0)
          sink = s;
      });
    });
  }
  /// memcpy split over the team, in cache lines.
  void copy(void *dst, const void *src, std::size_t n) {
    team.run([&](std::size_t i) {
      auto [begin, end] = share(n, 64, i, team.size());
      std::memcpy(static_cast<char *>(dst) + begin,
                  static_cast<const char *>(src) + begin, end - begin);
    });
  }

  /// With several threads, each library's runtime keeps its threads
  /// spinning for a while after its last parallel region (LLVM's libomp
  /// 200 ms, KMP_BLOCKTIME; libgomp and the BLAS pthread pools less): a
  /// measurement starts once the previous one's threads have gone to
  /// sleep, so that no runtime's idle threads take the cores from the next
  /// (BLIS with 2 threads ran at 0.02 of peak right after libomp kernels).
  void settle() const {
    if (team.size() > 1)
      std::this_thread::sleep_for(std::chrono::milliseconds(kSettleMs));
  }
  static constexpr int kSettleMs = 250;

  ThreadTeam &team;
  std::vector<Timed> timed;
  std::map<std::string, std::size_t> index;
  std::vector<std::unique_ptr<Buffer>> buffers;
};

/// One kernel's row: medians of its time and of its per-round ratios.
struct Row {
  double seconds, gflops, gbs, vsPeak, vsMemcpy, vsRead, vsFirst;
};

Row measureRow(const Kernel &k, const std::string &name,
               const std::string &first, bool failed, const Measurements &m) {
  const std::vector<double> &ts = m.rounds(name);
  Row r;
  r.seconds = failed ? NAN : m.seconds(name);
  r.gflops = k.flops > 0 ? k.flops / r.seconds / 1e9 : NAN;
  r.gbs = k.bytes > 0 ? k.bytes / r.seconds / 1e9 : NAN;
  UnitLoop unit = unitLoop(k.unit);
  r.vsPeak = k.flops > 0 && !m.rounds(unit.name).empty()
                 ? k.flops /
                       (unit.opsPerIteration * kFmaIterations * m.threads()) *
                       medianRatio(m.rounds(unit.name), ts)
                 : NAN;
  // Bandwidth over memcpy's bandwidth in the same round.
  r.vsMemcpy = k.copySrc && k.copyDst
                   ? k.bytes / ownCopyBytes(k) *
                         medianRatio(m.rounds(ownCopyName(k)), ts)
               : k.bytes > 0 ? medianRatio(m.rounds(memcpyName(k.bytes)), ts)
                             : NAN;
  r.vsRead = k.bytes > 0 ? medianRatio(m.rounds(readName(k.bytes)), ts) : NAN;
  r.vsFirst = medianRatio(m.rounds(first), ts);
  return r;
}

std::string cell(double v, const char *fmt) {
  if (std::isnan(v))
    return "-";
  char b[32];
  std::snprintf(b, sizeof(b), fmt, v);
  return b;
}

std::string jsonNumber(double v) {
  if (std::isnan(v))
    return "null";
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string tableHeader(const Measurements &m, int cpu,
                        const Options &options) {
  std::string where = m.threads() > 1
                          ? "cores 0-" + std::to_string(m.threads() - 1)
                          : "core " + std::to_string(cpu);
  std::string threadsText =
      m.threads() > 1 ? std::to_string(m.threads()) +
                            " threads (OMP_NUM_THREADS and the peers' "
                            "counts), pinned to " +
                            std::to_string(m.threads()) + " cores"
                      : "one thread pinned to one core";
  char line[1024];
  std::snprintf(
      line, sizeof(line),
      "Machine: %s (%s, same run): peak %.1f GFLOP/s (%s%s; one core "
      "%.1f); memcpy %s %.1f GB/s; read loop %s %.1f GB/s.\n"
      "Medians of %d interleaved rounds (every round times every "
      "variant and reference once; ratios are medians of per-round "
      "ratios), %s, %.0f ms or more per measurement; x peak: to the peak "
      "loop on as many threads; x memcpy: to memcpy between the kernel's "
      "own buffers where the driver names them, else of the same byte "
      "count.\n\n",
      cpuModel().c_str(), where.c_str(), m.peakFlops() / 1e9, kPeakLoop,
      m.threads() > 1 ? ", every thread" : "", m.onePeakFlops() / 1e9,
      formatBytes(kReferenceBytes).c_str(), m.memcpyGBs(kReferenceBytes),
      formatBytes(kReferenceBytes).c_str(), m.readGBs(kReferenceBytes),
      options.repetitions, threadsText.c_str(), options.minTime * 1e3);
  std::string units;
  std::string tiles;
  for (Unit unit :
       {Unit::Vpdpbusd, Unit::Vdpbf16ps, Unit::AmxInt8, Unit::AmxBf16}) {
    double peak = m.unitPeak(unit);
    if (std::isnan(peak))
      continue;
    bool tile = unit == Unit::AmxInt8 || unit == Unit::AmxBf16;
    std::string &list = tile ? tiles : units;
    char u[160];
    std::snprintf(u, sizeof(u), "%s%s peak loop %.1f GOP/s",
                  list.empty() ? "" : "; ", unitLoop(unit).label, peak / 1e9);
    list += u;
  }
  if (!tiles.empty())
    units += (units.empty() ? "" : ". ") +
             std::string("The AMX tile unit, for the same types (x peak is "
                         "to it only for kernels that name it): ") +
             tiles;
  if (!units.empty())
    units = "Dot-product units (x peak of the kernels on them: to these): " +
            units + ".\n\n";
  return std::string(line) + units +
         "| workload | variant | time (ms) | GFLOP/s | x peak | GB/s | x "
         "memcpy | x read loop | speed vs first variant |\n"
         "|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
}

std::string tableRow(const Kernel &k, const std::string &failure,
                     const Row &r) {
  std::ostringstream md;
  md << "| " << k.workload << " | " << k.variant;
  if (!failure.empty()) {
    md << " | WRONG RESULT: " << failure << " | | | | | | |\n";
    return md.str();
  }
  md << " | " << cell(r.seconds * 1e3, "%.4g") << " | "
     << cell(r.gflops, "%.1f") << " | " << cell(r.vsPeak, "%.2f") << " | "
     << cell(r.gbs, "%.1f") << " | " << cell(r.vsMemcpy, "%.2f") << " | "
     << cell(r.vsRead, "%.2f") << " | " << cell(r.vsFirst, "%.2f") << " |\n";
  return md.str();
}

std::string jsonMachine(const Measurements &m, int cpu,
                        const Options &options) {
  std::ostringstream json;
  json << "{\"cpu\": " << cpu << ", \"cpu_model\": \"" << cpuModel() << "\""
       << ", \"threads\": " << m.threads()
       << ", \"peak_gflops\": " << m.peakFlops() / 1e9
       << ", \"one_core_peak_gflops\": " << m.onePeakFlops() / 1e9
       << ", \"peak_vpdpbusd_gops\": "
       << jsonNumber(m.unitPeak(Unit::Vpdpbusd) / 1e9)
       << ", \"peak_vdpbf16ps_gflops\": "
       << jsonNumber(m.unitPeak(Unit::Vdpbf16ps) / 1e9)
       << ", \"peak_amx_int8_gops\": "
       << jsonNumber(m.unitPeak(Unit::AmxInt8) / 1e9)
       << ", \"peak_amx_bf16_gflops\": "
       << jsonNumber(m.unitPeak(Unit::AmxBf16) / 1e9)
       << ", \"memcpy_gbs\": " << m.memcpyGBs(kReferenceBytes)
       << ", \"memcpy_bytes\": " << kReferenceBytes
       << ", \"read_gbs\": " << m.readGBs(kReferenceBytes)
       << ", \"rounds\": " << options.repetitions
       << ", \"min_seconds_per_measurement\": " << options.minTime << "}";
  return json.str();
}

std::string jsonRow(const Kernel &k, const std::string &failure, const Row &r) {
  std::ostringstream json;
  json << "{\"workload\": \"" << jsonEscape(k.workload) << "\", \"variant\": \""
       << jsonEscape(k.variant) << "\", \"check\": \""
       << jsonEscape(failure.empty() ? "ok" : failure)
       << "\", \"seconds\": " << jsonNumber(r.seconds)
       << ", \"gflops\": " << jsonNumber(r.gflops)
       << ", \"peak_ratio\": " << jsonNumber(r.vsPeak)
       << ", \"gbs\": " << jsonNumber(r.gbs)
       << ", \"memcpy_ratio\": " << jsonNumber(r.vsMemcpy)
       << ", \"read_ratio\": " << jsonNumber(r.vsRead)
       << ", \"speed_vs_first\": " << jsonNumber(r.vsFirst) << ", \"unit\": \""
       << unitLoop(k.unit).name + 5 << "\"}";
  return json.str();
}

} // namespace

int prepareEnvironment(
    int argc, char **argv,
    const std::vector<std::pair<std::string, std::string>> &extra) {
  Options options;
  std::string filter;
  parseArgs(argc, argv, options, filter);
  std::string n = std::to_string(options.threads);
  std::vector<std::pair<std::string, std::string>> vars{
      {"OMP_NUM_THREADS", n},      {"BLIS_NUM_THREADS", n},
      {"OPENBLAS_NUM_THREADS", n}, {"HL_NUM_THREADS", n},
      {"OMP_PROC_BIND", "close"},  {"OMP_PLACES", "cores"}};
  vars.insert(vars.end(), extra.begin(), extra.end());
  bool changed = false;
  for (auto &[var, value] : vars) {
    const char *now = std::getenv(var.c_str());
    if (now && value == now)
      continue;
    setenv(var.c_str(), value.c_str(), 1);
    changed = true;
  }
  if (changed) {
    execv("/proc/self/exe", argv);
    std::perror("re-exec with the threads' environment");
    std::exit(2);
  }
  return options.threads;
}

int runThreads() {
  const char *n = std::getenv("OMP_NUM_THREADS");
  return n ? std::max(1, std::atoi(n)) : 1;
}

int main(int argc, char **argv, std::vector<Kernel> kernels, Options options) {
  std::string filter;
  if (!parseArgs(argc, argv, options, filter))
    return 2;
  if (!filter.empty())
    kernels.erase(std::remove_if(kernels.begin(), kernels.end(),
                                 [&](const Kernel &k) {
                                   return k.workload.find(filter) ==
                                          std::string::npos;
                                 }),
                  kernels.end());
  prepareEnvironment(argc, argv);
  std::vector<int> cores{options.cpu};
  if (options.threads > 1) {
    cores = threadCores(options.threads);
    if (cores.empty()) {
      std::fprintf(stderr, "--threads=%d: more threads than cores\n",
                   options.threads);
      return 2;
    }
    if (!pinToCores(cores))
      return 2;
  } else if ((cores[0] = pinToCore(options.cpu)) < 0) {
    return 2;
  }
  int cpu = cores[0];
  ThreadTeam team(cores);

  // Correctness first: a wrong kernel is not timed.
  std::vector<std::string> failures = checkKernels(kernels);
  Measurements m(kernels, failures, team);
  m.run(options);

  std::string md = tableHeader(m, cpu, options);
  std::string json = "{\n  \"machine\": " + jsonMachine(m, cpu, options) +
                     ",\n  \"kernels\": [";
  std::map<std::string, std::string> firstKernel;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const Kernel &k = kernels[i];
    firstKernel.emplace(k.workload, kernelName(i));
    Row r = measureRow(k, kernelName(i), firstKernel[k.workload],
                       !failures[i].empty(), m);
    md += tableRow(k, failures[i], r);
    json += (i ? ",\n    " : "\n    ") + jsonRow(k, failures[i], r);
  }
  json += "\n  ]\n}\n";
  std::fputs(md.c_str(), stdout);
  FILE *f = std::fopen(options.jsonPath.c_str(), "w");
  if (!f) {
    std::perror(options.jsonPath.c_str());
    return 2;
  }
  std::fputs(json.c_str(), f);
  std::fclose(f);
  std::printf("\nJSON: %s\n", options.jsonPath.c_str());
  bool anyFailure =
      std::any_of(failures.begin(), failures.end(),
                  [](const std::string &f) { return !f.empty(); });
  return anyFailure ? 1 : 0;
}

} // namespace regtile::bench
