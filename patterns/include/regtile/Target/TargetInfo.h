//===- TargetInfo.h - SIMD facts about a CPU target -------------*- C++ -*-===//
//
// The one place regtile asks "how wide are vectors, how many registers, which
// ISA extensions?". Every op that takes a vector size derives its default
// from here.
//
// A target description is a string:
//   host                      the machine regtile runs on
//   <cpu>                     any x86-64 CPU name known to LLVM
//                             (znver4, skylake-avx512, haswell, x86-64-v3, ...)
//   <cpu>,+feat,-feat,...     the CPU with features added or removed
//                             (LLVM feature names: avx512f, avx512vnni, ...)
//   <cpu>,...,fork-join-cycles=N
//                             the cost of an OpenMP fork/join on this
//                             machine (TargetInfo::forkJoinCycles; 0: any
//                             work is split, as tests of threaded code on
//                             small shapes do)
// IR carries it as a string attribute `regtile.target` on any enclosing op
// (usually the module); without one, the host is assumed.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TARGETINFO_H
#define REGTILE_TARGETINFO_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>

namespace regtile {

/// The bits an element of `type` (int, float or index) takes in memory: its
/// bit width rounded up to whole bytes. A memref of i1 or i4 holds an
/// element per byte, while a vector of them is bit-packed in LLVM, so lanes
/// and vector loads count a sub-byte type as a byte.
unsigned storageBitwidth(mlir::Type type);

/// Name of the discardable attribute that carries a target description.
constexpr llvm::StringLiteral kTargetAttrName = "regtile.target";

/// Latency and throughput of one instruction, from LLVM's scheduling model
/// of the CPU.
struct InstrTiming {
  /// Cycles from operands to result.
  int latency = 0;
  /// Cycles between two independent issues (0.5: two per cycle).
  double reciprocalThroughput = 0;
  /// Independent operations needed in flight to keep the units busy:
  /// ceil(latency / reciprocal throughput), at least 1.
  int64_t independentChains() const;
};

struct TargetInfo {
  /// The description this was parsed from (parseTarget(description) gives
  /// this target back).
  std::string description;
  /// LLVM CPU name ("znver4", "haswell", ...).
  std::string cpu;
  /// Enabled LLVM target features (names without '+').
  llvm::StringMap<bool> features;
  /// Widest native SIMD register, in bits (128, 256 or 512).
  unsigned simdBits = 128;
  /// Number of architectural vector registers (16 or 32 on x86-64).
  unsigned numVectorRegisters = 16;
  /// Data cache sizes in bytes, per core for L1 and L2, the whole L3: the
  /// host's as the OS reports them, documented defaults for named CPUs
  /// (see cacheDefaults in TargetInfo.cpp).
  int64_t l1dBytes = 32 * 1024;
  int64_t l2Bytes = 256 * 1024;
  int64_t l3Bytes = 8 * 1024 * 1024;
  /// An x86 L1d is indexed within a 4 KiB page (virtually indexed,
  /// physically tagged): each way holds 4 KiB, and addresses a multiple of
  /// 4 KiB apart share a set.
  static constexpr int64_t l1dWayBytes = 4096;
  int64_t l1dWays() const {
    return l1dBytes > l1dWayBytes ? l1dBytes / l1dWayBytes : 1;
  }
  /// The part of L3 one core can count on: the L3 of a core complex (AMD
  /// CCX) or socket divided by the cores that share it. Named CPUs and a
  /// host whose CPU model is one of them: documented values; other hosts:
  /// the OS's L3 over the CPUs it says share it, except in a virtual
  /// machine (which reports the sharing of its vCPUs, not of the cores:
  /// 480 MiB "shared by 2 CPUs" on a 2-vCPU Xeon guest), where it stays at
  /// the default.
  int64_t l3PerCoreBytes = 2 * 1024 * 1024;
  /// The bandwidth at which the core's share of L3 fills its L2, in bytes
  /// per cycle, where cache blocking may count on it to stream a block:
  /// 32 on AMD Zen 2-5 (the L3 of a core complex); 0 (unknown: blocks are
  /// sized by L2) for Intel's mesh-connected L3 (measured on a Xeon with
  /// AMX: a 2 MiB GEMM B block ran at 0.7x a 1 MiB one) and unknown CPUs.
  int64_t l3BytesPerCycle = 0;
  /// Cycles an OpenMP fork/join of a team whose threads are awake costs the
  /// thread that forks (libomp, threads spinning at the barrier as between
  /// a benchmark's calls), with 2 threads and LLVM 22's libomp: measured
  /// 2,000-2,400 cycles (0.8 us) on Zen 4, 3,900 (1.1 us at 3.5 GHz) on a
  /// Zen 5 KVM guest, where a kernel of 8-12 us on one core (MobileNetV2's
  /// 7x7 and 14x14 stride-2 depthwise layers) ran slower on two. A property
  /// of the runtime and the hypervisor more than of the core, so one value
  /// for every CPU, the larger measured. Sets the work below which kernels
  /// stay serial (minPointsPerThread in Blocking.h).
  int64_t forkJoinCycles = 4000;
  /// What LLVM's scheduling model of `cpu` says about full-width (simdBits)
  /// f32 vector add, multiply, FMA and load (register forms; load: an
  /// unaligned vector load), corrected where the model is known to be wrong
  /// (znver5); empty where the model has no data.
  std::optional<InstrTiming> vectorFAdd, vectorFMul, vectorFMA, vectorLoad;

  bool has(llvm::StringRef feature) const { return features.lookup(feature); }
  bool hasAVX2() const { return has("avx2"); }
  bool hasFMA() const { return has("fma"); }
  bool hasAVX512() const { return has("avx512f"); }
  /// AVX-512 VNNI (vpdpbusd on zmm).
  bool hasAVX512VNNI() const { return has("avx512vnni"); }
  /// AVX-512 BF16 (vdpbf16ps).
  bool hasAVX512BF16() const { return has("avx512bf16"); }
  /// Native conversions between f32 and bf16 (AVX-512 BF16,
  /// AVX-NE-CONVERT): with them, LLVM keeps bf16 vectors in registers;
  /// without, regtile-lower-to-llvm keeps bf16 as i16 bits.
  bool hasBF16Conversions() const {
    return hasAVX512BF16() || has("avxneconvert");
  }
  /// vpdpbusd on full-width vectors: AVX-512 VNNI on zmm; AVX-VNNI (or
  /// AVX-512 VNNI with VL) on ymm.
  bool hasI8DotProduct() const {
    if (simdBits == 512)
      return hasAVX512VNNI();
    return simdBits == 256 &&
           (has("avxvnni") || (hasAVX512VNNI() && has("avx512vl")));
  }

  /// Native vector length in elements of `elementType` (at least 1); a
  /// sub-byte type counts as the byte that holds it in memory
  /// (storageBitwidth).
  unsigned lanes(mlir::Type elementType) const;
  /// Native vector length for elements of `bitwidth` bits (at least 1).
  unsigned lanesForBitwidth(unsigned bitwidth) const;

  /// All known features as LLVM target-features ("+avx2,-avx512f,..."),
  /// sorted; what generated code may use.
  std::string llvmTargetFeatures() const;
};

/// Parse a target description (see file comment). On failure, returns
/// failure and sets `error` to a message naming what was not understood.
mlir::FailureOr<TargetInfo> parseTarget(llvm::StringRef description,
                                        std::string &error);

/// The target of the machine regtile runs on.
const TargetInfo &getHostTarget();

/// The target that applies to `op`: the nearest enclosing `regtile.target`
/// attribute, or the host. Emits an error at the attribute's owner and fails
/// if the description is not understood.
mlir::FailureOr<TargetInfo> getTargetFor(mlir::Operation *op);

/// As above, but an explicit non-empty `description` takes precedence over
/// the IR attribute. Diagnostics are emitted at `diagLoc`.
mlir::FailureOr<TargetInfo> getTargetFor(mlir::Operation *op,
                                         llvm::StringRef description,
                                         mlir::Location diagLoc);

} // namespace regtile

#endif // REGTILE_TARGETINFO_H
