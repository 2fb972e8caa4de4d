//===- Blocking.cpp - Register tiles, cache blocks, prefetch distances ----===//
//
// The blocking choices of the GEMM path in one place, each a function of the
// target (TargetInfo) and the op: cache_reduce's prefetch distances and
// contraction_blocking's register tile (mr x nr) and cache blocks (kc, nc).
// (The convolution's are in ConvolutionBlocking.cpp, the reductions' in
// ReduceToVectorAccumulator.cpp.)
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <cmath>

using namespace mlir;

namespace regtile {

namespace {
/// Cycles one iteration of `fmasPerIteration` native-vector FMAs takes at
/// the target's FMA throughput (2 per cycle when the model has none).
double cyclesPerIteration(const TargetInfo &target, int64_t fmasPerIteration) {
  double perFma = target.vectorFMA && target.vectorFMA->reciprocalThroughput > 0
                      ? target.vectorFMA->reciprocalThroughput
                      : 0.5;
  return std::max(1.0, fmasPerIteration * perFma);
}
} // namespace

int64_t defaultPrefetchAhead(const TargetInfo &target,
                             int64_t fmasPerIteration) {
  double cycles = cyclesPerIteration(target, fmasPerIteration);
  if (cycles >= kPrefetchLeadCycles)
    return 0;
  return static_cast<int64_t>(std::ceil(kPrefetchLeadCycles / cycles));
}

int64_t defaultStreamPrefetchAhead(const TargetInfo &target,
                                   int64_t fmasPerIteration) {
  double cycles = cyclesPerIteration(target, fmasPerIteration);
  return std::max<int64_t>(
      1, static_cast<int64_t>(std::ceil(kStreamPrefetchLeadCycles / cycles)));
}

int64_t staticReductionExtent(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (llvm::count(iterators, utils::IteratorType::reduction) != 1)
    return 0;
  int64_t k =
      op.getStaticLoopRanges()[llvm::find(iterators,
                                          utils::IteratorType::reduction) -
                               iterators.begin()];
  return ShapedType::isDynamic(k) ? 0 : k;
}

FailureOr<ContractionBlocking>
computeContractionBlocking(const TargetInfo &target, Type accType,
                           const ContractionBlocking &fixed,
                           std::string &reason, int64_t reductionExtent) {
  int64_t lanes = target.lanes(accType);
  int64_t regs = target.numVectorRegisters;
  int64_t bytes = std::max<int64_t>(1, accType.getIntOrFloatBitWidth() / 8);
  for (auto [name, value] : {std::pair<StringRef, int64_t>{"mr", fixed.mr},
                             {"nr", fixed.nr},
                             {"kc", fixed.kc},
                             {"nc", fixed.nc}}) {
    if (value < 0) {
      reason = (name + " = " + Twine(value) + " is negative").str();
      return failure();
    }
  }
  if (fixed.nr % lanes != 0) {
    reason = ("nr = " + Twine(fixed.nr) + " is not a multiple of the " +
              Twine(lanes) + " lanes of a native vector")
                 .str();
    return failure();
  }
  ContractionBlocking b;
  // The register tile: mr rows of nv native vectors, with nv registers for
  // a row of B and one for the broadcast of A.
  auto fits = [&](int64_t mr, int64_t nv) { return mr * nv + nv + 1 <= regs; };
  if (fixed.mr && fixed.nr) {
    b.mr = fixed.mr;
    b.nr = fixed.nr;
  } else {
    double best = -1;
    for (int64_t nv : {1, 2, 4}) {
      if (fixed.nr && nv != fixed.nr / lanes)
        continue;
      int64_t mr = fixed.mr ? fixed.mr : (regs - nv - 1) / nv;
      if (mr < 1 || !fits(mr, nv))
        continue;
      double score = double(mr * nv) / double(mr + nv);
      if (score > best) {
        best = score;
        b.mr = mr;
        b.nr = nv * lanes;
      }
    }
    if (best < 0) {
      // A fixed nr of more than 4 vectors, or a fixed mr no nv fits with.
      b.nr = fixed.nr ? fixed.nr : lanes;
      int64_t nv = b.nr / lanes;
      b.mr = fixed.mr ? fixed.mr : std::max<int64_t>(1, (regs - nv - 1) / nv);
    }
  }
  int64_t nv = b.nr / lanes;
  if (!fits(b.mr, nv)) {
    reason = ("a " + Twine(b.mr) + " x " + Twine(b.nr) +
              " register tile needs " + Twine(b.mr * nv) + " accumulators + " +
              Twine(nv) + " registers for B + 1 for A, more than the " +
              Twine(regs) + " vector registers of the target")
                 .str();
    return failure();
  }
  auto prevPow2 = [](int64_t x) {
    int64_t p = 1;
    while (p * 2 <= x)
      p *= 2;
    return p;
  };
  // The A panel (mr x kc) is reused across the N loop from L1 while B
  // streams through it: three quarters of L1. A deeper kc also means fewer
  // round trips of the C tiles (K / kc).
  int64_t l1Depth = std::clamp<int64_t>(
      prevPow2(target.l1dBytes * 3 / 4 / (b.mr * bytes)), 64, 1024);
  b.kc = fixed.kc ? fixed.kc : l1Depth;
  // One K block where that takes at most twice the L1 depth and one
  // micro-panel of B over the whole K (K x nr) fits the L2 budget below:
  // then the tiles of C are stored once and never loaded back (each starts
  // from the fill in registers), where every further K block loads every
  // tile again, from memory when C is large, before its FMAs can start.
  // The A sliver no longer fits L1 (it is reused from L2 by fewer tiles),
  // which costs less. Measured on Zen 5 (M = N = 2048, 6 x 64): K 1100,
  // 1536, 2048 in one block ran 1.03-1.04x, 1.03-1.04x, 1.02x the L1
  // depth's two blocks (nc 64 either way); K 4096 in two blocks of 2048
  // ran 0.96x four of 1024: a deeper kc only pays when it removes the
  // round trips of C altogether.
  if (!fixed.kc && reductionExtent > l1Depth &&
      reductionExtent <= 2 * l1Depth &&
      reductionExtent * b.nr * bytes <= target.l2Bytes / 2)
    b.kc = reductionExtent;
  // The B block (kc x nc) is streamed again by every row tile; each A
  // sliver (mr x kc) is reused from L1 by the nc / nr tiles of its row. The
  // block takes half of L2, which it shares with the A slivers and C tiles
  // streamed through it (measured on a Xeon with AMX, 2 MiB L2, kc 1024,
  // 1024^3: nc 256 ran 1.4x nc 512, the whole L2; Ice Lake's tuned blocks
  // were 0.5-1 MiB of its 1.25 MiB). Where L3 fills L2 fast enough for the
  // micro-kernel (TargetInfo::l3BytesPerCycle: AMD Zen) it takes L2 or half
  // the core's share of L3, the larger: a wider block reuses each A sliver
  // more. Fast enough: the micro-kernel's B stream at the FMA peak, nr
  // elements per mr x nr / lanes FMAs, needs at most half of that
  // bandwidth. Measured, 2048^3: on Zen 3 (6 x 16, 10.7 bytes per cycle of
  // 32) nc 512, a 2 MiB block, ran 1.11x nc 128 (L2); on Zen 4 (6 x 64 with
  // one zmm FMA per cycle: 10.7) the tuner picks nc 1024 over 256; on Zen 5
  // (two per cycle: 21.3) nc 128 (half of L2) ran 1.13x nc 512.
  double fmaCycles =
      target.vectorFMA ? target.vectorFMA->reciprocalThroughput : 0.0;
  bool l3Feeds = false;
  if (target.l3BytesPerCycle > 0 && fmaCycles > 0) {
    double bBytesPerCycle =
        double(b.nr * bytes) / (double(b.mr * nv) * fmaCycles);
    l3Feeds = 2 * bBytesPerCycle <= double(target.l3BytesPerCycle);
  }
  int64_t blockBytes = l3Feeds
                           ? std::max(target.l2Bytes, target.l3PerCoreBytes / 2)
                           : target.l2Bytes / 2;
  b.nc = fixed.nc ? fixed.nc
                  : std::max<int64_t>(b.nr, (blockBytes / (b.kc * bytes)) /
                                                b.nr * b.nr);
  if (b.nc % b.nr != 0) {
    reason =
        ("nc = " + Twine(b.nc) + " is not a multiple of nr = " + Twine(b.nr))
            .str();
    return failure();
  }
  return b;
}

ContractionBlocking computeContractionBlocking(const TargetInfo &target,
                                               Type accType,
                                               int64_t reductionExtent) {
  std::string reason;
  FailureOr<ContractionBlocking> b = computeContractionBlocking(
      target, accType, ContractionBlocking(), reason, reductionExtent);
  assert(succeeded(b) && "derived blocking must be valid");
  return *b;
}

} // namespace regtile
