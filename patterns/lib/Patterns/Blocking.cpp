//===- Blocking.cpp - Register tiles, cache blocks, prefetch distances ----===//
//
// Every blocking choice of the library (see Blocking.h): prefetch
// distances, the GEMM register tile and cache blocks, the convolution's
// register tile, the reductions' rows and accumulators.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/Blocking.h"
#include "regtile/Patterns/DotProduct.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <numeric>

using namespace mlir;

namespace regtile {

namespace {
/// The static extent of the one reduction loop of `op` (K of a matmul or
/// batch matmul); 0 when it is dynamic or `op` has several reduction loops.
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

int64_t minPointsPerThread(const TargetInfo &target) {
  // Points per cycle: one f32 lane of a native FMA each.
  double perFma = target.vectorFMA && target.vectorFMA->reciprocalThroughput > 0
                      ? target.vectorFMA->reciprocalThroughput
                      : 0.5;
  double pointsPerCycle = target.lanesForBitwidth(32) / perFma;
  return std::max<int64_t>(
      1, static_cast<int64_t>(std::ceil(
             kForkJoinPayback * target.forkJoinCycles * pointsPerCycle)));
}

int64_t minBytesPerThread(const TargetInfo &target) {
  return std::max<int64_t>(1, kForkJoinPayback * target.forkJoinCycles *
                                  kMaxStreamBytesPerCycle);
}

namespace {

/// The register tile mr x nr: mr rows of nv native vectors, with nv
/// registers for a row of B and one for the broadcast of A; the most FMAs
/// per load (mr * nv / (mr + nv)) with nv in 1, 2, 4, within the fixed
/// sizes. Fails if the tile does not fit the register file.
LogicalResult chooseRegisterTile(const TargetInfo &target, int64_t lanes,
                                 const ContractionBlockingOptions &fixed,
                                 ContractionBlocking &b, std::string &reason) {
  int64_t regs = target.numVectorRegisters;
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
  if (fits(b.mr, nv))
    return success();
  reason = ("a " + Twine(b.mr) + " x " + Twine(b.nr) + " register tile needs " +
            Twine(b.mr * nv) + " accumulators + " + Twine(nv) +
            " registers for B + 1 for A, more than the " + Twine(regs) +
            " vector registers of the target")
               .str();
  return failure();
}

/// kc, the depth of a K block, for the tile `b` and elements of `bytes`.
int64_t chooseKc(const TargetInfo &target, const ContractionBlocking &b,
                 int64_t bytes, int64_t reductionExtent) {
  // The A panel (mr x kc) is reused across the N loop from L1 while B
  // streams through it: three quarters of L1. A deeper kc also means fewer
  // round trips of the C tiles (K / kc).
  int64_t l1Elements =
      std::max<int64_t>(1, target.l1dBytes * 3 / 4 / (b.mr * bytes));
  int64_t l1Depth = std::clamp<int64_t>(
      llvm::bit_floor(static_cast<uint64_t>(l1Elements)), 64, 1024);
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
  if (reductionExtent > l1Depth && reductionExtent <= 2 * l1Depth &&
      reductionExtent * b.nr * bytes <= target.l2Bytes / 2)
    return reductionExtent;
  return l1Depth;
}

/// nc, the width of the B block (kc x nc), for the tile and depth of `b`.
int64_t chooseNc(const TargetInfo &target, const ContractionBlocking &b,
                 int64_t lanes, int64_t bytes, int64_t group) {
  // The B block (kc x nc) is streamed again by every row tile; each A
  // sliver (mr x kc) is reused from L1 by the nc / nr tiles of its row. The
  // block takes half of L2, which it shares with the A slivers and C tiles
  // streamed through it (measured on a Xeon with AMX, 2 MiB L2, kc 1024,
  // 1024^3: nc 256 ran 1.4x nc 512, the whole L2; Ice Lake's tuned blocks
  // were 0.5-1 MiB of its 1.25 MiB). Where L3 fills L2 fast enough for the
  // micro-kernel (TargetInfo::l3BytesPerCycle: AMD Zen) it takes L2 or half
  // the core's share of L3, the larger: a wider block reuses each A sliver
  // more. Fast enough: the micro-kernel's B stream at the FMA peak, nr x
  // group elements per mr x nr / lanes FMAs (or dot-product instructions,
  // which issue at the FMA's rate on these AMD cores), needs at most half
  // of that bandwidth. Measured, 2048^3: on Zen 3 (6 x 16, 10.7 bytes per
  // cycle of 32) nc 512, a 2 MiB block, ran 1.11x nc 128 (L2); on Zen 4
  // (6 x 64 with one zmm FMA per cycle: 10.7) the tuner picks nc 1024 over
  // 256; on Zen 5 (two per cycle: 21.3) nc 128 (half of L2) ran 1.13x nc
  // 512. An i8 step of vpdpbusd reads 4 bytes per lane as f32's reads 4
  // (21.3 on Zen 5 too); counted as 1 byte, it took 2 MiB blocks there.
  double fmaCycles =
      target.vectorFMA ? target.vectorFMA->reciprocalThroughput : 0.0;
  bool l3Feeds = false;
  if (target.l3BytesPerCycle > 0 && fmaCycles > 0) {
    double bBytesPerCycle = double(b.nr * bytes * group) /
                            (double(b.mr * (b.nr / lanes)) * fmaCycles);
    l3Feeds = 2 * bBytesPerCycle <= double(target.l3BytesPerCycle);
  }
  int64_t blockBytes = l3Feeds
                           ? std::max(target.l2Bytes, target.l3PerCoreBytes / 2)
                           : target.l2Bytes / 2;
  return std::max<int64_t>(b.nr, (blockBytes / (b.kc * bytes)) / b.nr * b.nr);
}

} // namespace

FailureOr<ContractionBlocking>
chooseContractionBlocking(const TargetInfo &target, Type accType,
                          int64_t inputBytes, int64_t group,
                          const ContractionBlockingOptions &fixed,
                          int64_t reductionExtent, std::string &reason) {
  int64_t lanes = target.lanes(accType);
  // The caches hold the inputs' elements (A slivers, B blocks).
  int64_t bytes = std::max<int64_t>(1, inputBytes);
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
  if (failed(chooseRegisterTile(target, lanes, fixed, b, reason)))
    return failure();
  b.kc = fixed.kc ? fixed.kc : chooseKc(target, b, bytes, reductionExtent);
  b.nc = fixed.nc
             ? fixed.nc
             : chooseNc(target, b, lanes, bytes, std::max<int64_t>(1, group));
  if (b.nc % b.nr != 0) {
    reason =
        ("nc = " + Twine(b.nc) + " is not a multiple of nr = " + Twine(b.nr))
            .str();
    return failure();
  }
  return b;
}

FailureOr<ContractionBlocking>
computeContractionBlocking(linalg::LinalgOp op, const TargetInfo &target,
                           const ContractionBlockingOptions &options,
                           std::string &reason) {
  Type accType =
      op.getNumDpsInits() == 1
          ? getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType())
          : Type();
  if (!accType || !accType.isIntOrFloat()) {
    reason = "expected a linalg op with one integer or float output";
    return failure();
  }
  if (failed(checkNonEmptyLoops(op, reason)))
    return failure();
  int64_t inputBytes = 0;
  for (OpOperand *in : op.getDpsInputOperands()) {
    Type t = getElementTypeOrSelf(in->get().getType());
    if (t.isIntOrFloat())
      inputBytes = std::max<int64_t>(inputBytes, t.getIntOrFloatBitWidth() / 8);
  }
  if (inputBytes == 0)
    inputBytes = accType.getIntOrFloatBitWidth() / 8;
  return chooseContractionBlocking(target, accType, inputBytes,
                                   dotProductGroup(op, target), options,
                                   staticReductionExtent(op), reason);
}

LogicalResult checkNonEmptyLoops(linalg::LinalgOp op, std::string &reason) {
  for (auto [d, extent] : llvm::enumerate(op.getStaticLoopRanges()))
    if (extent == 0) {
      reason = llvm::formatv("loop {0} of the op has no iterations: nothing "
                             "to block",
                             d);
      return failure();
    }
  return success();
}

namespace {
/// The fraction of `extent` points that tiles of `tile` points compute (the
/// rest pads a partial tile: clamped rows or masked lanes); 1 if dynamic.
double usefulFraction(int64_t extent, int64_t tile) {
  if (ShapedType::isDynamic(extent) || extent <= 0)
    return 1.0;
  return double(extent) / double(llvm::divideCeil(extent, tile) * tile);
}

/// A depthwise convolution's tile: one channel vector (unless fixed) and
/// as many rows as fit with its filter vector and the input's reserve,
/// at most half the register file of accumulators; the least padding of
/// the output's width first, then the most rows. Measured on Zen 5
/// (MobileNetV2's layers, bench_mobilenetv2): 14 to 16 rows of one vector
/// ran at 0.45 to 0.5 of the FMA peak, 20 to 28 rows at 0.26 to 0.32, and
/// two or three vectors per row at 0.25 to 0.45.
FailureOr<ConvolutionTile> chooseDepthwiseTile(const TargetInfo &target,
                                               int64_t lanes, int64_t owExtent,
                                               int64_t fixedRows,
                                               int64_t fixedVectors,
                                               std::string &reason) {
  int64_t regs = target.numVectorRegisters;
  int64_t nv = fixedVectors ? fixedVectors : 1;
  // rows x nv accumulators, nv filter vectors, and nv + 1 registers for the
  // input vectors (what cache_reduce reserves for a second vectored input).
  auto needs = [&](int64_t rows) { return rows * nv + nv + nv + 1; };
  int64_t rows = fixedRows;
  if (!rows) {
    int64_t cap = std::max<int64_t>(1, regs / 2 / nv);
    double bestUseful = -1;
    for (int64_t r = 1; r <= cap && needs(r) <= regs; ++r) {
      double useful = usefulFraction(owExtent, r);
      if (useful > bestUseful + 1e-3 || std::abs(useful - bestUseful) <= 1e-3)
        rows = r, bestUseful = std::max(bestUseful, useful);
    }
  }
  if (rows && needs(rows) <= regs)
    return ConvolutionTile{rows, nv};
  rows = std::max<int64_t>(rows, 1);
  reason = llvm::formatv(
      "a {0} x {1} register tile needs {2} accumulators + {3} registers for "
      "the filter + {4} for the input, more than the {5} vector registers "
      "of the target",
      rows, nv * lanes, rows * nv, nv, nv + 1, regs);
  return failure();
}
} // namespace

FailureOr<ConvolutionTile>
chooseConvolutionTile(const TargetInfo &target, Type accType, int64_t owExtent,
                      int64_t ocExtent, int64_t fixedRows, int64_t fixedVectors,
                      bool depthwise, int64_t pixelBytes, std::string &reason) {
  int64_t lanes = target.lanes(accType);
  if (depthwise)
    return chooseDepthwiseTile(target, lanes, owExtent, fixedRows, fixedVectors,
                               reason);
  int64_t regs = target.numVectorRegisters;
  // rows x nv accumulators, nv registers for the filter's channel vectors
  // and two for the input broadcasts: one row's FMAs read one while the
  // next row's broadcast loads into the other (the core renames them; a
  // register per row, the model before, kept 14-pixel rows at 7 x 32,
  // where 14 x 32 ran 4% faster on Zen 5).
  auto needs = [](int64_t rows, int64_t nv) { return rows * nv + nv + 2; };
  // Busy: rows * nv FMAs per rows + nv loads (broadcasts included) at least
  // load / FMA reciprocal throughput, and at least 1. Padding: partial
  // tiles compute clamped rows and masked lanes (wasted FMAs).
  double fmaCost =
      target.vectorFMA ? target.vectorFMA->reciprocalThroughput : 0.5;
  double loadCost =
      target.vectorLoad ? target.vectorLoad->reciprocalThroughput : 0.5;
  double minScore = std::max(1.0, fmaCost > 0 ? loadCost / fmaCost : 1.0);
  int64_t minAccumulators =
      target.vectorFMA ? target.vectorFMA->independentChains() : 8;
  // Each row broadcasts from its own input pixel, `pixelBytes` after the
  // last: at a multiple of a way (4 KiB: a 1x1 layer of 1024 channels)
  // every row's line falls into the same L1 set, and more rows than ways
  // evict each other. On Zen 5 (12 ways) 14 such rows ran at 0.56 to 0.91
  // of peak from run to run, 7 at 0.88 to 0.92. The rows' offsets in a way
  // repeat every `period` rows.
  const int64_t way = TargetInfo::l1dWayBytes;
  auto rowsPerSet = [&](int64_t rows) -> int64_t {
    if (pixelBytes <= 0)
      return 1;
    int64_t offset = pixelBytes % way;
    int64_t period =
        offset == 0 ? 1 : std::min<int64_t>(way / std::gcd(offset, way), 64);
    return llvm::divideCeil(rows, period);
  };
  struct Candidate {
    int64_t rows, nv;
    double score, useful;
    bool busy;
  };
  std::optional<Candidate> best;
  auto better = [](const Candidate &a, const Candidate &b) {
    if (a.busy != b.busy)
      return a.busy;
    if (a.busy && std::abs(a.useful - b.useful) > 1e-3)
      return a.useful > b.useful;
    return a.score > b.score;
  };
  for (int64_t nv = 1; nv <= 4; ++nv) {
    if (fixedVectors && nv != fixedVectors)
      continue;
    for (int64_t rows = 1; needs(rows, nv) <= regs; ++rows) {
      if (fixedRows && rows != fixedRows)
        continue;
      if (!fixedRows && rows > 1 && rowsPerSet(rows) > target.l1dWays() - 1)
        continue;
      Candidate c{rows, nv, double(rows * nv) / double(rows + nv),
                  usefulFraction(owExtent, rows) *
                      usefulFraction(ocExtent, nv * lanes),
                  false};
      c.busy = rows * nv >= minAccumulators && c.score >= minScore;
      if (!best || better(c, *best))
        best = c;
    }
  }
  if (best)
    return ConvolutionTile{best->rows, best->nv};
  int64_t nv = fixedVectors ? fixedVectors : 1;
  int64_t rows = fixedRows ? fixedRows : 1;
  reason = llvm::formatv(
      "a {0} x {1} register tile needs {2} accumulators + {3} registers for "
      "the filter + 2 for the input broadcasts, more than the {4} vector "
      "registers of the target",
      rows, nv * lanes, rows * nv, nv, regs);
  return failure();
}

int64_t defaultTileCopyRegisters(const TargetInfo &target) {
  return std::max<int64_t>(1, target.numVectorRegisters / 2);
}

int64_t defaultReductionRows(const TargetInfo &target, int64_t partialLanes,
                             std::optional<int64_t> accumulators,
                             int64_t rowExtent) {
  int64_t rows = std::min<int64_t>(4, partialLanes);
  if (accumulators && *accumulators > 0)
    rows = std::min<int64_t>(rows, (int64_t(target.numVectorRegisters) - 2) /
                                       *accumulators);
  if (!ShapedType::isDynamic(rowExtent))
    rows = std::min(rows, std::max<int64_t>(1, rowExtent));
  return llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, rows)));
}

int64_t defaultReductionAccumulators(const TargetInfo &target, Type accType,
                                     vector::CombiningKind kind, int64_t rows) {
  bool fpArith =
      isa<FloatType>(accType) && (kind == vector::CombiningKind::ADD ||
                                  kind == vector::CombiningKind::MUL);
  int64_t chains = 4;
  if (fpArith) {
    const std::optional<InstrTiming> &timing =
        kind == vector::CombiningKind::ADD ? target.vectorFAdd
                                           : target.vectorFMul;
    chains = timing ? std::max<int64_t>(2, timing->independentChains()) : 8;
  }
  int64_t limit = target.numVectorRegisters / 4;
  if (rows > 1)
    limit = std::min<int64_t>(limit, (target.numVectorRegisters - 2) / rows);
  int64_t perRow = llvm::divideCeil(chains, rows);
  int64_t wanted = 1;
  while (wanted < perRow && wanted * 2 <= limit)
    wanted *= 2;
  return wanted;
}

} // namespace regtile
