//===- TargetInfo.cpp - SIMD facts about a CPU target ---------------------===//

#include "regtile/Target/TargetInfo.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/X86TargetParser.h"

#include <unistd.h>

using namespace mlir;

namespace regtile {

/// The features that decide SIMD width, register count and special
/// instructions, in the order they are printed.
static constexpr llvm::StringLiteral kInterestingFeatures[] = {
    "sse4.2",      "avx",        "avx2",       "fma",
    "avx512f",     "avx512bw",   "avx512vl",   "avx512dq",
    "avx512vnni",  "avx512bf16", "avx512fp16", "avxvnni",
    "avxvnniint8", "amx-tile",   "amx-int8",   "amx-bf16"};

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
/// part), from the vendors' documentation. Unknown CPUs get the smallest
/// common x86-64 values (32 KiB, 256 KiB, 8 MiB).
static void cacheDefaults(TargetInfo &info) {
  constexpr int64_t K = 1024, M = 1024 * 1024;
  struct Caches {
    int64_t l1, l2, l3;
  };
  Caches c = llvm::StringSwitch<Caches>(info.cpu)
                 .Case("znver5", {48 * K, 1 * M, 32 * M})
                 .Case("znver4", {32 * K, 1 * M, 32 * M})
                 .Case("znver3", {32 * K, 512 * K, 32 * M})
                 .Case("znver2", {32 * K, 512 * K, 16 * M})
                 .Cases({"sapphirerapids", "emeraldrapids", "graniterapids"},
                        {48 * K, 2 * M, 64 * M})
                 .Case("icelake-server", {48 * K, 1280 * K, 32 * M})
                 .Cases({"skylake-avx512", "cascadelake", "cooperlake"},
                        {32 * K, 1 * M, 32 * M})
                 .Default({32 * K, 256 * K, 8 * M});
  info.l1dBytes = c.l1;
  info.l2Bytes = c.l2;
  info.l3Bytes = c.l3;
}

/// The host's caches as the OS reports them (defaults where it does not).
static void hostCaches(TargetInfo &info) {
  cacheDefaults(info);
  long l1 = sysconf(_SC_LEVEL1_DCACHE_SIZE),
       l2 = sysconf(_SC_LEVEL2_CACHE_SIZE), l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (l1 > 0)
    info.l1dBytes = l1;
  if (l2 > 0)
    info.l2Bytes = l2;
  if (l3 > 0)
    info.l3Bytes = l3;
}

unsigned TargetInfo::lanesForBitwidth(unsigned bitwidth) const {
  if (bitwidth == 0 || bitwidth >= simdBits)
    return 1;
  return simdBits / bitwidth;
}

unsigned TargetInfo::lanes(Type elementType) const {
  if (!elementType.isIntOrIndexOrFloat())
    return 1;
  // Index lowers to i64 on x86-64.
  unsigned bits =
      elementType.isIndex() ? 64 : elementType.getIntOrFloatBitWidth();
  return lanesForBitwidth(bits);
}

std::string TargetInfo::llvmTargetFeatures() const {
  SmallVector<std::string> parts;
  for (const auto &kv : features)
    parts.push_back((kv.getValue() ? "+" : "-") + kv.getKey().str());
  llvm::sort(parts);
  return llvm::join(parts, ",");
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
    for (StringRef f : cpuFeatures)
      info.features[f] = true;
    cacheDefaults(info);
  }

  for (StringRef mod : llvm::drop_begin(parts)) {
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
