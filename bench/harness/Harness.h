//===- Harness.h - regtile benchmark harness --------------------*- C++ -*-===//
//
// The one benchmark harness of regtile. A driver describes kernels (workload,
// variant, flops, bytes moved, a function to time, an optional check) and
// calls regtile::bench::main(). In one process, pinned to one core (or to
// --threads=N cores, everything then running on N threads), the
// harness checks every kernel, then times, in interleaved rounds (each round
// times each of them once, so that every ratio compares measurements taken
// moments apart on a machine whose state drifts):
//   - the machine's single-core peak: an FMA loop with enough independent
//     accumulators to saturate the FMA units (and, for kernels on the
//     dot-product units, a vpdpbusd or vdpbf16ps loop alike, where the CPU
//     has them, and the AMX tile unit's loop beside each where it has one);
//   - memcpy bandwidth, for a reference size and for each kernel's byte
//     count (between the kernel's own buffers when it names them);
//   - a read-bandwidth loop (vector loads summed into registers), for a
//     reference size and for each kernel's byte count;
//   - every kernel,
// and reports each kernel as medians over rounds of its ratios: to peak, to
// memcpy and to the read loop over the same bytes, and to the first variant
// of its workload. Output: a markdown table on stdout and a JSON file.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_BENCH_HARNESS_H
#define REGTILE_BENCH_HARNESS_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace regtile::bench {

/// The unit a kernel's operations run on: its "x peak" is to that unit's
/// peak loop (an int8 GEMM to vpdpbusd's, not to the f32 FMA loop's).
enum class Unit {
  Fma,       // f32 FMA (2 flops per lane)
  Vpdpbusd,  // u8 x s8 -> i32 4-way dot products (8 ops per 32-bit lane)
  Vdpbf16ps, // bf16 x bf16 -> f32 2-way dot products (4 flops per lane)
  // The AMX tile unit (Sapphire Rapids and later Xeons): 16 x 16 tile
  // products, tdpbusd on i8 (16 x 16 x 64 multiply-adds) and tdpbf16ps on
  // bf16 (16 x 16 x 32). Its loops run beside vpdpbusd's and vdpbf16ps's
  // where the CPU exposes it (peers such as oneDNN use it there).
  AmxInt8,
  AmxBf16
};

struct Kernel {
  /// What is computed ("conv_relu 5x80x100x128"); variants of one workload
  /// are compared with each other.
  std::string workload;
  /// How it is computed ("regtile", "upstream", "C++ -O3", a peer library).
  std::string variant;
  /// Useful floating-point (or integer) operations per call; 0 if the kernel
  /// is bandwidth-bound and flops mean nothing.
  double flops = 0;
  /// Bytes a call must move at least (each input read once, each output
  /// written once); the memcpy and read-loop ratios compare against memcpy
  /// of, and a read loop over, this many bytes. 0 to skip.
  double bytes = 0;
  /// The timed call.
  std::function<void()> run;
  /// Optional: after one call of `run`, returns an empty string if the
  /// result is right, or what is wrong. A kernel that fails is reported as
  /// failing and not timed.
  std::function<std::string()> check;
  /// Optional: the kernel's own source and destination. If set, the memcpy
  /// reference of this kernel copies `copyBytes` (default: `bytes`) from
  /// `copySrc` to `copyDst` instead of between the harness's buffers: the
  /// same physical pages, hence the same cache-set conflicts, which decide
  /// the speed of working sets near a cache's size.
  const void *copySrc = nullptr;
  void *copyDst = nullptr;
  double copyBytes = 0;
  /// The unit whose peak loop `flops` are compared with.
  Unit unit = Unit::Fma;
};

struct Options {
  /// Written next to the table (--json=PATH overrides).
  std::string jsonPath = "regtile-bench.json";
  /// Core to pin to; -1 for the last core (--cpu=N overrides). With
  /// several threads, the process runs on cores 0 to threads - 1.
  int cpu = -1;
  /// Threads of the kernels and of the machine references (--threads=N
  /// overrides): the process is pinned to that many cores (every runtime
  /// starts with that many: prepareEnvironment); the peak, memcpy and read
  /// loops run split over as many threads.
  int threads = 1;
  /// Interleaved rounds (--reps=N overrides); medians over them are used.
  int repetitions = 11;
  /// Minimum time of one measurement in a round, in seconds (--min-time=S
  /// overrides); enough calls are made to fill it.
  double minTime = 0.02;
};

/// The first thing a driver's main does: reads --threads=N from the command
/// line (default 1) and, unless the environment already says so, sets the
/// thread counts of every runtime to N (OMP_NUM_THREADS, BLIS_NUM_THREADS,
/// OPENBLAS_NUM_THREADS, HL_NUM_THREADS; OMP_PROC_BIND=close,
/// OMP_PLACES=cores) and the driver's own `extra` variables, and runs the
/// program again: runtimes read them when they start, some (libgomp) before
/// main. Returns N.
int prepareEnvironment(
    int argc, char **argv,
    const std::vector<std::pair<std::string, std::string>> &extra = {});

/// The thread count of this run (what prepareEnvironment set up; 1 before).
int runThreads();

/// Run the harness on `kernels`; returns the process exit code (non-zero if
/// a kernel check failed).
int main(int argc, char **argv, std::vector<Kernel> kernels,
         Options options = {});

/// Aligned buffer helpers for drivers.
float *allocFloats(std::size_t count);
void freeFloats(float *p);
/// Deterministic fill: multiples of 1/8 in [-4, 4], like the test runtime.
void fillFloats(float *p, std::size_t count, std::uint64_t seed);
/// Max |a - b| / max(1, |b|) over `count` elements.
double maxRelativeError(const float *a, const float *b, std::size_t count);

} // namespace regtile::bench

#endif // REGTILE_BENCH_HARNESS_H
