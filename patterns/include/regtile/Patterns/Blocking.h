//===- Blocking.h -----------------------------------------------*- C++ -*-===//
//
// Every blocking choice of the library in one place, each a function of the
// target (TargetInfo) and the op's sizes: the GEMM path's register tile and
// cache blocks (transform.regtile.contraction_blocking), the convolution's
// register tile (convolution_blocking), the register block of a tile copy
// (pack_unpack_to_tile_copies), the reductions' rows and accumulators
// (reduce_to_vector_accumulator), and the prefetch distances (cache_reduce).
// Implemented in Blocking.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_BLOCKING_H
#define REGTILE_PATTERNS_BLOCKING_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <optional>
#include <string>

namespace regtile {

//===----------------------------------------------------------------------===//
// Prefetch distances
//===----------------------------------------------------------------------===//

/// Cycles by which a micro-kernel's prefetches run ahead of its loads by
/// default: an L2 hit while the kernel streams its panel from L2, with
/// margin (on a Xeon with AMX, 6 x 64 f32 tile, 12 cycles per iteration:
/// 4 to 16 iterations ahead ran alike, up to 4% faster than none).
constexpr int64_t kPrefetchLeadCycles = 96;

/// Iterations ahead that cover kPrefetchLeadCycles when one iteration of
/// the loop issues `fmasPerIteration` native-vector FMAs (at the target's
/// FMA throughput, from LLVM's scheduling model; 2 per cycle when it has
/// none); 0 (no prefetch) when one iteration takes that long already: its
/// own loads are spread over more time than a prefetch would win.
int64_t defaultPrefetchAhead(const TargetInfo &target,
                             int64_t fmasPerIteration);

/// Cycles by which the prefetches of scalar streams run ahead: a load from
/// DRAM (about 80 ns at 4.8 GHz). Measured on Zen 5, 2048^3 f32 GEMM whose
/// A slivers each serve one 6 x 64 tile (12 cycles per iteration): 16, 32,
/// 64, 128 iterations ahead ran 1.023, 1.045, 1.010, 1.007x none.
constexpr int64_t kStreamPrefetchLeadCycles = 384;

/// Iterations ahead that cover kStreamPrefetchLeadCycles when one iteration
/// issues `fmasPerIteration` native-vector FMAs (as defaultPrefetchAhead).
int64_t defaultStreamPrefetchAhead(const TargetInfo &target,
                                   int64_t fmasPerIteration);

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

/// How many times its share of the fork/join a thread's work must be for
/// the thread to be worth adding (the fork then costs at most a quarter of
/// what the thread saves).
constexpr int64_t kForkJoinPayback = 4;

/// Iteration points (multiply-adds of a GEMM) a thread must get for the
/// fork to pay: kForkJoinPayback fork/joins (TargetInfo::forkJoinCycles)
/// at one native f32 FMA per point lane at the target's FMA throughput
/// (512 Ki points on an AVX-512 core: a 64^3 GEMM stays serial, 128^3
/// takes up to 4 threads).
int64_t minPointsPerThread(const TargetInfo &target);

/// The most bytes a core moves per cycle through a loop that streams data
/// from outside L1 (one 64-byte line fill every other cycle, the L2 rate
/// of Zen 4 and of recent Intel cores): an upper bound, so that the byte
/// threshold below errs toward serial.
constexpr int64_t kMaxStreamBytesPerCycle = 32;

/// Bytes a memory-bound op (a pack, a copy, a row sum: few operations per
/// byte) must move on a thread for the fork to pay: kForkJoinPayback
/// fork/joins at kMaxStreamBytesPerCycle (500 KiB with the measured
/// fork/join).
int64_t minBytesPerThread(const TargetInfo &target);

//===----------------------------------------------------------------------===//
// Contractions (GEMM)
//===----------------------------------------------------------------------===//

/// Tile sizes of a GEMM-like contraction (C[M][N] += A[M][K] * B[K][N],
/// row-major) for `target`, with accumulators of `accType`:
///   - the register tile mr x nr for cache_reduce: nr = nv native vectors
///     (nv in 1, 2, 4), mr rows, maximizing FMAs per load
///     (mr*nv / (mr + nv)) within the register file, leaving nv registers
///     for the B row and one for the A broadcast (cache_reduce's default
///     reservation): 6 x 64 f32 with AVX-512 (32 registers), 6 x 16 with
///     AVX2 (16 registers);
///   - kc: the A micro-panel (mr x kc) fills three quarters of L1 (it is
///     reused across the N loop while B streams from L2), a power of two in
///     [64, 1024]; or the whole reduction (`reductionExtent`, when known),
///     one K block, if that is at most twice as deep and a K x nr panel of
///     B fits half of L2: the C tiles then make no round trip through
///     memory between K blocks;
///   - nc: the B block (kc x nc) fills half of L2, or half of the core's
///     share of L3 (TargetInfo::l3PerCoreBytes) or L2, the larger, where L3
///     keeps up: its fill bandwidth (TargetInfo::l3BytesPerCycle, AMD Zen)
///     is at least twice what the micro-kernel's B stream needs at the FMA
///     peak (nr x group elements per mr x nr / lanes FMAs or dot-product
///     instructions, `group` the reduction values one sums per lane); a
///     multiple of nr.
/// Sizes fixed by the caller (a schedule's tuning knobs) are taken as given,
/// after checks, and the others derived from them: `kc` from the given
/// `mr`, `nc` from `kc` and `nr`.
struct ContractionBlocking {
  int64_t mr = 0, nr = 0, kc = 0, nc = 0;
};
/// The sizes a caller fixes; 0 means "derive from the target".
struct ContractionBlockingOptions {
  int64_t mr = 0, nr = 0, kc = 0, nc = 0;
};

/// The blocking of `op` (a linalg op with one integer or float output, its
/// accumulators' type) for `target`, its K the static extent of its one
/// reduction loop if it has one. Fails, setting `reason`, if `op` has
/// another output, a loop with no iterations (nothing to block; upstream's
/// tiling crashes on such ops), or if chooseContractionBlocking fails.
mlir::FailureOr<ContractionBlocking>
computeContractionBlocking(mlir::linalg::LinalgOp op, const TargetInfo &target,
                           const ContractionBlockingOptions &options,
                           std::string &reason);

/// The blocking for accumulators of `accType`, inputs of `inputBytes` per
/// element (the widest input: what the A slivers and B blocks hold in the
/// caches; an i8 or bf16 GEMM's blocks go 4x or 2x deeper or wider than
/// f32's), a micro-kernel step summing `group` reduction values per lane
/// (dotProductGroup: 4 for vpdpbusd, 2 for vdpbf16ps, 1 for an FMA) and a
/// reduction of static extent `reductionExtent` (0: not known). Fails,
/// setting `reason`, if a
/// fixed size is negative, `nr` is not a multiple of the native vector
/// length, the mr x nr tile with the row of B and the broadcast of A does
/// not fit the register file, or `nc` is not a multiple of `nr`.
mlir::FailureOr<ContractionBlocking>
chooseContractionBlocking(const TargetInfo &target, mlir::Type accType,
                          int64_t inputBytes, int64_t group,
                          const ContractionBlockingOptions &options,
                          int64_t reductionExtent, std::string &reason);

/// Fails, setting `reason`, if a loop of `op` has a static extent of 0:
/// there is nothing to block (and upstream's tiling crashes on such ops).
mlir::LogicalResult checkNonEmptyLoops(mlir::linalg::LinalgOp op,
                                       std::string &reason);

//===----------------------------------------------------------------------===//
// 2-D convolutions
//===----------------------------------------------------------------------===//

/// A convolution's register tile: `rows` output pixels along ow x
/// `vectors` native vectors of output channels.
struct ConvolutionTile {
  int64_t rows = 0, vectors = 0;
};

/// The register tile of a convolution with accumulators of `accType` and
/// static (or dynamic) ow and oc extents: rows * nv accumulators, nv
/// registers for the filter's channel vectors and two for the input
/// broadcasts fit the register file, and no more rows' input lines fall
/// into one L1 set than it has ways, less one (`pixelBytes`: the input's
/// step from one output pixel to the next, 0 if unknown; a derived tile
/// only). A tile keeps the FMA units busy
/// if it has enough independent accumulators (FMA latency x throughput)
/// and loads no faster than the load units deliver; among those, the least
/// padding wins, then the most FMAs per load (rows * nv / (rows + nv)).
/// A `depthwise` convolution's input is a vector per row and channel
/// vector (no broadcast, no reuse but the filter's): one channel vector and
/// the most rows of the least padding, at most half the register file
/// (measured: Blocking.cpp), its input reserve as cache_reduce's.
/// Non-zero `fixedRows` / `fixedVectors` are taken as given. Fails, setting
/// `reason`, if no tile fits.
mlir::FailureOr<ConvolutionTile>
chooseConvolutionTile(const TargetInfo &target, mlir::Type accType,
                      int64_t owExtent, int64_t ocExtent, int64_t fixedRows,
                      int64_t fixedVectors, bool depthwise, int64_t pixelBytes,
                      std::string &reason);

//===----------------------------------------------------------------------===//
// Tile copies (pack_unpack_to_tile_copies)
//===----------------------------------------------------------------------===//

/// Vector registers a block of a tile copy uses by default: half the
/// register file (the block's loads all issue before its stores; the other
/// half is left to the address arithmetic and the next block's loads).
int64_t defaultTileCopyRegisters(const TargetInfo &target);

//===----------------------------------------------------------------------===//
// Reductions (reduce_to_vector_accumulator)
//===----------------------------------------------------------------------===//

/// Rows reduced together by default: 4 (one transpose-and-add network and
/// one vector store per 4 output elements instead of 4 horizontal
/// reductions, and 4 independent chains even with one accumulator each), at
/// most `partialLanes` (the lanes of the partial results) and the static
/// extent of the row dim (`rowExtent`, dynamic if unknown), and with a fixed
/// accumulator count as many as fit the register file beside 2 load
/// registers (a derived count never makes a fixed one fail), rounded down
/// to a power of two.
int64_t defaultReductionRows(const TargetInfo &target, int64_t partialLanes,
                             std::optional<int64_t> accumulators,
                             int64_t rowExtent);

/// Accumulators per row by default: enough independent chains to hide the
/// combine latency, shared by the `rows` rows reduced together (each row's
/// accumulators are chains of their own): for FP add/mul, latency x
/// throughput of the vector instruction in LLVM's scheduling model of the
/// target (3 on Zen 4/5 and Haswell, 4 on Ice Lake, 6 on Sapphire Rapids, 8
/// on Skylake-AVX512), at least 2; 8 where the model has no data. Integer
/// and min/max combiners: 4 (one-cycle ops; memory-bound). Per row, chains
/// / rows rounded up, to a power of two: a step of a power of two native
/// vectors divides the power-of-two rows payloads usually have (a 512-float
/// row is 8 steps of 4 x 16, but 10 steps of 3 x 16 and a masked tail of 2
/// x 16). At most a quarter of the registers, and with `rows` > 1 no more
/// than fit `rows` times beside the 2 load registers (a derived count never
/// makes a fixed `rows` fail: 4 rows on AVX2's 16 registers get 2
/// accumulators each), at least 1.
int64_t defaultReductionAccumulators(const TargetInfo &target,
                                     mlir::Type accType,
                                     mlir::vector::CombiningKind kind,
                                     int64_t rows);

} // namespace regtile

#endif // REGTILE_PATTERNS_BLOCKING_H
