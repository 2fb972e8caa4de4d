//===- TargetInfo.cpp - SIMD facts about a CPU target ---------------------===//

#include "regtile/Target/TargetInfo.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"

#include <cmath>
#include <fstream>
#include <mutex>
#include <unistd.h>

// From the X86 target of the LLVM library regtile links (libLLVM); only its
// MC layer (instruction info, scheduling models) is used.
extern "C" void LLVMInitializeX86TargetInfo();
extern "C" void LLVMInitializeX86TargetMC();

using namespace mlir;

namespace regtile {

/// The features that decide SIMD width, register count and special
/// instructions, in the order they are printed.
static constexpr llvm::StringLiteral kInterestingFeatures[] = {
    "sse4.2",     "avx",      "avx2",        "fma",          "avx512f",
    "avx512bw",   "avx512vl", "avx512dq",    "avx512vnni",   "avx512bf16",
    "avx512fp16", "avxvnni",  "avxvnniint8", "avxneconvert", "amx-tile",
    "amx-int8",   "amx-bf16"};

static void deriveSimdFacts(TargetInfo &info) {
  if (info.has("avx512f")) {
    info.simdBits = 512;
    info.numVectorRegisters = 32;
  } else if (info.has("avx")) {
    info.simdBits = 256;
    info.numVectorRegisters = 16;
  } else {
    info.simdBits = 128;
    info.numVectorRegisters = 16;
  }
}

/// Cache sizes of named CPUs (per core for L1d and L2; L3 of a typical
/// part, and its share per core: the L3 of a core complex or socket over
/// its cores), from the vendors' documentation. Unknown CPUs get the
/// smallest common x86-64 values (32 KiB, 256 KiB, 8 MiB, 2 MiB per core).
/// Returns whether the CPU is one of the named ones.
static bool cacheDefaults(TargetInfo &info) {
  constexpr int64_t K = 1024, M = 1024 * 1024;
  struct Caches {
    int64_t l1, l2, l3, l3PerCore;
    int64_t l3BytesPerCycle = 0;
  };
  std::optional<Caches> named =
      llvm::StringSwitch<std::optional<Caches>>(info.cpu)
          // Zen 2-5: 16 or 32 MiB of L3 per 4- or 8-core complex, which
          // fills a core's L2 at 32 bytes per cycle.
          .Case("znver5", Caches{48 * K, 1 * M, 32 * M, 4 * M, 32})
          .Case("znver4", Caches{32 * K, 1 * M, 32 * M, 4 * M, 32})
          .Case("znver3", Caches{32 * K, 512 * K, 32 * M, 4 * M, 32})
          .Case("znver2", Caches{32 * K, 512 * K, 16 * M, 4 * M, 32})
          // 1.875 MiB of L3 per core; Emerald Rapids 320 MiB for 64
          // cores, Granite Rapids 504 MiB for 128.
          .Case("sapphirerapids", Caches{48 * K, 2 * M, 64 * M, 1920 * K})
          .Case("emeraldrapids", Caches{48 * K, 2 * M, 64 * M, 5 * M})
          .Case("graniterapids", Caches{48 * K, 2 * M, 64 * M, 4 * M})
          .Case("icelake-server", Caches{48 * K, 1280 * K, 32 * M, 1536 * K})
          .Cases({"skylake-avx512", "cascadelake", "cooperlake"},
                 Caches{32 * K, 1 * M, 32 * M, 1408 * K})
          .Default(std::nullopt);
  Caches c = named.value_or(Caches{32 * K, 256 * K, 8 * M, 2 * M});
  info.l1dBytes = c.l1;
  info.l2Bytes = c.l2;
  info.l3Bytes = c.l3;
  info.l3PerCoreBytes = c.l3PerCore;
  info.l3BytesPerCycle = c.l3BytesPerCycle;
  return named.has_value();
}

/// How many CPUs share the L3 of CPU 0, as Linux reports it (0 if unknown).
static int64_t hostL3SharingCpus() {
  std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index3/shared_cpu_list");
  std::string list;
  if (!std::getline(in, list))
    return 0;
  // "0-7,16-23": count the CPUs of each range.
  int64_t count = 0;
  SmallVector<StringRef> ranges;
  StringRef(list).trim().split(ranges, ',', -1, /*KeepEmpty=*/false);
  for (StringRef r : ranges) {
    auto [lo, hi] = r.split('-');
    int64_t a = 0, b = 0;
    if (lo.trim().getAsInteger(10, a))
      return 0;
    if (hi.empty())
      b = a;
    else if (hi.trim().getAsInteger(10, b) || b < a)
      return 0;
    count += b - a + 1;
  }
  return count;
}

int64_t InstrTiming::independentChains() const {
  if (latency <= 0 || reciprocalThroughput <= 0)
    return 1;
  return std::max<int64_t>(
      1, int64_t(std::ceil(double(latency) / reciprocalThroughput - 1e-9)));
}

/// Latency and throughput of full-width f32 vector add, mul, FMA and load
/// on info.cpu, from LLVM's scheduling model (the X86 MC layer), corrected
/// where it is known to be wrong (correctSchedulingModel).
static void querySchedulingModel(TargetInfo &info);

/// The same, memoized per (CPU, width, FMA) (target descriptions are
/// parsed once per payload op).
static void schedulingModelFacts(TargetInfo &info) {
  static std::mutex mutex;
  static llvm::StringMap<TargetInfo> cache;
  std::string key = info.cpu + "/" + std::to_string(info.simdBits) + "/" +
                    (info.hasFMA() || info.hasAVX512() ? "fma" : "") +
                    (info.has("avx") ? "avx" : "");
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(key);
  if (it == cache.end()) {
    querySchedulingModel(info);
    it = cache.try_emplace(key, info).first;
  }
  info.vectorFAdd = it->second.vectorFAdd;
  info.vectorFMul = it->second.vectorFMul;
  info.vectorFMA = it->second.vectorFMA;
  info.vectorLoad = it->second.vectorLoad;
}

/// Corrections where LLVM 22's scheduling model is known to be wrong. Its
/// znver5 is the Zen 4 model, in which 512-bit FP operations take a
/// 256-bit unit twice (one FMA per cycle, 3-cycle adds); Zen 5 executes
/// them at full width: two FMAs, adds or multiplies per cycle at any width,
/// with 4-, 2- and 3-cycle latencies (AMD's Zen 5 software optimization
/// guide; measured on an EPYC family 26 model 2: 64 flop/cycle from 16
/// independent zmm FMA chains, and dependent chains 8, 4 and 6 times as
/// long per operation for FMA, add and multiply). Its loads are right (two
/// per cycle at 512 bits, measured).
static void correctSchedulingModel(TargetInfo &info) {
  if (info.cpu == "znver5" && info.simdBits >= 256) {
    info.vectorFAdd = InstrTiming{2, 0.5};
    info.vectorFMul = InstrTiming{3, 0.5};
    if (info.vectorFMA)
      info.vectorFMA = InstrTiming{4, 0.5};
  }
}

static void querySchedulingModel(TargetInfo &info) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86TargetMC();
  });
  llvm::Triple triple("x86_64-unknown-linux-gnu");
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return;
  std::unique_ptr<llvm::MCInstrInfo> instrInfo(target->createMCInstrInfo());
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, info.cpu, ""));
  if (!instrInfo || !subtarget)
    return;
  const llvm::MCSchedModel &model = subtarget->getSchedModel();
  if (!model.hasInstrSchedModel())
    return;
  auto timing = [&](StringRef opcode) -> std::optional<InstrTiming> {
    for (unsigned i = 0, e = instrInfo->getNumOpcodes(); i < e; ++i) {
      if (instrInfo->getName(i) != opcode)
        continue;
      const llvm::MCSchedClassDesc *desc =
          model.getSchedClassDesc(instrInfo->get(i).getSchedClass());
      if (!desc || !desc->isValid() || desc->isVariant())
        return std::nullopt;
      InstrTiming t;
      t.latency = llvm::MCSchedModel::computeInstrLatency(*subtarget, *desc);
      t.reciprocalThroughput =
          llvm::MCSchedModel::getReciprocalThroughput(*subtarget, *desc);
      if (t.latency <= 0 || t.reciprocalThroughput <= 0)
        return std::nullopt;
      return t;
    }
    return std::nullopt;
  };
  // Opcode names of the register (and load) forms at the native width.
  StringRef suffix = info.simdBits == 512   ? "Z"
                     : info.simdBits == 256 ? "Y"
                                            : "";
  bool vex = info.simdBits > 128 || info.has("avx");
  std::string v = vex ? "V" : "";
  info.vectorFAdd = timing((v + "ADDPS" + suffix + "rr").str());
  info.vectorFMul = timing((v + "MULPS" + suffix + "rr").str());
  if (info.hasFMA() || info.hasAVX512())
    info.vectorFMA = timing(("VFMADD231PS" + suffix + "r").str());
  info.vectorLoad = timing((v + "MOVUPS" + suffix + "rm").str());
  correctSchedulingModel(info);
}

/// Whether this process runs in a virtual machine (CPUID leaf 1, ECX bit
/// 31: the hypervisor-present bit).
static bool underHypervisor() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 1, ebx = 0, ecx = 0, edx = 0;
  __asm__("cpuid" : "+a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx));
  return (ecx >> 31) & 1;
#else
  return false;
#endif
}

/// The host's caches as the OS reports them (defaults where it does not).
/// The L3 share per core: the documented one of a known CPU model, else the
/// OS's L3 over the CPUs sharing it, except in a virtual machine, which
/// reports the sharing of its vCPUs (32 MiB "shared by 2 CPUs" on a 2-vCPU
/// Zen 3 guest whose core shares it with 7 others; 480 MiB on a 2-vCPU
/// Xeon guest whose CPU model is masked): there the default stays.
static void hostCaches(TargetInfo &info) {
  bool known = cacheDefaults(info);
  long l1 = sysconf(_SC_LEVEL1_DCACHE_SIZE),
       l2 = sysconf(_SC_LEVEL2_CACHE_SIZE), l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (l1 > 0)
    info.l1dBytes = l1;
  if (l2 > 0)
    info.l2Bytes = l2;
  if (l3 > 0)
    info.l3Bytes = l3;
  if (!known && l3 > 0 && !underHypervisor())
    if (int64_t sharing = hostL3SharingCpus(); sharing > 0)
      info.l3PerCoreBytes = l3 / sharing;
}

unsigned TargetInfo::lanesForBitwidth(unsigned bitwidth) const {
  if (bitwidth == 0 || bitwidth >= simdBits)
    return 1;
  return simdBits / bitwidth;
}

unsigned storageBitwidth(Type type) {
  // Index lowers to i64 on x86-64.
  unsigned bits = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  return llvm::alignTo(bits, 8);
}

unsigned TargetInfo::lanes(Type elementType) const {
  if (!elementType.isIntOrIndexOrFloat())
    return 1;
  return lanesForBitwidth(storageBitwidth(elementType));
}

std::string TargetInfo::llvmTargetFeatures() const {
  SmallVector<std::string> parts;
  for (const auto &kv : features)
    parts.push_back((kv.getValue() ? "+" : "-") + kv.getKey().str());
  llvm::sort(parts);
  return llvm::join(parts, ",");
}

/// A `name=value` part of a target description: a measured cost the
/// defaults cannot know (a test also sets it to 0, to split small shapes
/// over threads).
static LogicalResult parseTargetOption(StringRef part, TargetInfo &info,
                                       std::string &error) {
  auto [name, value] = part.split('=');
  if (name.trim() != "fork-join-cycles") {
    error = ("unknown target option '" + name.trim() +
             "' (known: fork-join-cycles)")
                .str();
    return failure();
  }
  int64_t cycles;
  if (value.trim().getAsInteger(10, cycles) || cycles < 0) {
    error = ("malformed target option '" + part +
             "' (expected fork-join-cycles=N, N >= 0 cycles)")
                .str();
    return failure();
  }
  info.forkJoinCycles = cycles;
  return success();
}

FailureOr<TargetInfo> parseTarget(StringRef description, std::string &error) {
  SmallVector<StringRef> parts;
  description.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef &p : parts)
    p = p.trim();
  if (parts.empty()) {
    error = "empty target description";
    return failure();
  }

  TargetInfo info;
  StringRef cpu = parts.front();
  if (cpu == "host") {
    info.cpu = llvm::sys::getHostCPUName().str();
    for (const auto &kv : llvm::sys::getHostCPUFeatures())
      info.features[kv.getKey()] = kv.getValue();
    hostCaches(info);
  } else {
    if (llvm::X86::parseArchX86(cpu, /*Only64Bit=*/true) ==
        llvm::X86::CK_None) {
      error = ("unknown target CPU '" + cpu +
               "' (expected 'host' or an x86-64 CPU name known to LLVM, "
               "e.g. 'znver4', 'skylake-avx512', 'haswell', 'x86-64-v3')")
                  .str();
      return failure();
    }
    info.cpu = cpu.str();
    SmallVector<StringRef> cpuFeatures;
    llvm::X86::getFeaturesForCPU(cpu, cpuFeatures, /*NeedPlus=*/false);
    // With what each implies: the x86-64-vN levels list avx2 but not avx.
    for (StringRef f : cpuFeatures) {
      info.features[f] = true;
      llvm::X86::updateImpliedFeatures(f, /*Enabled=*/true, info.features);
    }
    cacheDefaults(info);
  }

  for (StringRef mod : llvm::drop_begin(parts)) {
    if (mod.contains('=')) {
      if (failed(parseTargetOption(mod, info, error)))
        return failure();
      continue;
    }
    StringRef name = mod.drop_front();
    if (mod.size() < 2 || (mod.front() != '+' && mod.front() != '-')) {
      error = ("malformed target feature '" + mod +
               "' (expected '+name' or '-name')")
                  .str();
      return failure();
    }
    if (!llvm::is_contained(kInterestingFeatures, name)) {
      SmallVector<StringRef> known(std::begin(kInterestingFeatures),
                                   std::end(kInterestingFeatures));
      error = ("unknown target feature '" + name +
               "' (known: " + llvm::join(known, ", ") + ")")
                  .str();
      return failure();
    }
    // Enabling a feature enables what it implies (avx512vnni -> avx512f ->
    // avx2 ...); disabling one disables what depends on it.
    llvm::X86::updateImpliedFeatures(name, mod.front() == '+', info.features);
  }
  deriveSimdFacts(info);
  schedulingModelFacts(info);
  info.description = description.str();
  return info;
}

const TargetInfo &getHostTarget() {
  static const TargetInfo host = [] {
    std::string error;
    FailureOr<TargetInfo> info = parseTarget("host", error);
    return succeeded(info) ? *info : TargetInfo{};
  }();
  return host;
}

FailureOr<TargetInfo> getTargetFor(Operation *op, StringRef description,
                                   Location diagLoc) {
  std::string error;
  if (!description.empty()) {
    FailureOr<TargetInfo> info = parseTarget(description, error);
    if (failed(info))
      return emitError(diagLoc) << "invalid target: " << error, failure();
    return info;
  }
  for (Operation *cur = op; cur; cur = cur->getParentOp()) {
    auto attr = cur->getAttrOfType<StringAttr>(kTargetAttrName);
    if (!attr) {
      if (cur->hasAttr(kTargetAttrName))
        return cur->emitError()
                   << "'" << kTargetAttrName << "' must be a string attribute",
               failure();
      continue;
    }
    FailureOr<TargetInfo> info = parseTarget(attr.getValue(), error);
    if (failed(info))
      return cur->emitError()
                 << "invalid '" << kTargetAttrName << "': " << error,
             failure();
    return info;
  }
  return getHostTarget();
}

FailureOr<TargetInfo> getTargetFor(Operation *op) {
  return getTargetFor(op, /*description=*/"", op->getLoc());
}

} // namespace regtile
