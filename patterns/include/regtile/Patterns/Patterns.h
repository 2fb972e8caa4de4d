//===- Patterns.h - regtile's library ---------------------------*- C++ -*-===//
//
// The C++ API of regtile, with no Transform-dialect dependency: each
// capability is a function `FailureOr<XResult> x(RewriterBase &, Op, const
// TargetInfo &, const XOptions &, std::string &reason)` or a
// `populateXPatterns(RewritePatternSet &)`. The Transform ops
// (regtile/TransformOps) and the passes (regtile/Patterns/Passes.h) are
// thin adapters over these.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PATTERNS_H
#define REGTILE_PATTERNS_PATTERNS_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <memory>
#include <optional>
#include <string>

namespace regtile {

//===----------------------------------------------------------------------===//
// transform.regtile.reduce_to_vector_accumulator
//===----------------------------------------------------------------------===//
//
// Rewrites a linalg op whose innermost iteration dimension is a reduction
// into loops that accumulate in vector registers:
//
//   for each block of R = rows output elements (parallel dims, incl. batch
//   dims; the rows left over one by one):
//     acc[i][k] = splat(identity) : vector<L x T>   // i < R, k < accumulators
//     for each outer reduction dim:
//       for r in [0, n - n % W) step W:          // unmasked main loop,
//         acc[i][k] = combine(acc[i][k],         // W = accumulators * L
//                             prologue(read(row i, r + kL : r + (k+1)L)))
//       acc[i][k] = combine(acc[i][k], select(mask[k], prologue(masked
//                                             read), identity))
//     part[i] = combine-tree(acc[i][*])
//     out[block] = combine(rows-together(part), out[block])   // once
//
// The accumulators are separate native vectors (independent registers that
// hide the combine latency), carried by the loops, never stored. The R
// rows' horizontal reductions are done together by a transpose-and-add
// network and merged with the outputs' initial values at the end (with
// R = 1: one vector.reduction).
//
// i8 -> i32 sums and dot products accumulate in a 4-way dot form instead
// (vpdpbusd with AVX-512 VNNI; sums also vpmaddubsw + vpmaddwd with AVX2 or
// AVX-512 BW), each accumulator a separate loop-carried vector<L x i32>.

struct VectorAccumulatorOptions {
  /// Independent native vector accumulators per row. Default: the chains
  /// the target and the combiner want (FP add/mul: latency x throughput in
  /// LLVM's scheduling model of the target; 4 otherwise) over `rows`,
  /// rounded up to a power of two, capped so that `rows` rows of them fit
  /// the register file beside 2 load registers.
  std::optional<int64_t> accumulators;
  /// Output elements (rows of the innermost parallel dim) reduced together:
  /// the main loop carries `rows` x `accumulators` registers and reads
  /// `rows` streams at once, and the rows' horizontal reductions are done
  /// together (a transpose-and-add network, one vector read and write of
  /// the rows' outputs where they are contiguous); the rows left over
  /// (extent not a multiple) are reduced one by one. Default: 4, at most
  /// the lanes of a native vector of partial results and the static extent
  /// of the row dim (a power of two); 1 without a parallel dim.
  std::optional<int64_t> rows;
  /// Reassociate floating-point add/mul even without `reassoc` fastmath
  /// flags on the combiner.
  bool allowReassociation = false;
};

struct VectorAccumulatorResult {
  /// The unmasked loop over the innermost reduction dim (with `rows` > 1:
  /// the one of the blocks of rows).
  mlir::scf::ForOp reductionLoop;
  /// The final combining step: the vector.reduction of an output element
  /// with its initial value, or with `rows` > 1 (not more than the lanes of
  /// a native vector) the elementwise combine of the block's results with
  /// its initial values.
  mlir::Operation *finalReduction = nullptr;
  /// Elements of the innermost dim consumed per main-loop iteration.
  int64_t width = 0;
  /// Whether the i8 sum or dot product accumulates in the 4-way dot form
  /// (vpdpbusd with AVX-512 VNNI; vpmaddubsw + vpmaddwd for sums with AVX2
  /// or AVX-512 BW).
  bool usesI8Dot = false;
};

/// Checks that `op` can be rewritten; on failure, `reason` says why.
mlir::LogicalResult
canReduceToVectorAccumulator(mlir::linalg::LinalgOp op,
                             const VectorAccumulatorOptions &options,
                             std::string &reason);

/// Rewrites `op` (on tensors or buffers) as described above and replaces it.
/// Fails without changing the IR (and sets `reason`) if the precondition
/// does not hold.
mlir::FailureOr<VectorAccumulatorResult>
reduceToVectorAccumulator(mlir::RewriterBase &rewriter,
                          mlir::linalg::LinalgOp op, const TargetInfo &target,
                          const VectorAccumulatorOptions &options,
                          std::string &reason);

/// The x86 instructions available for the 4-way i8 dot form.
struct I8DotOptions {
  /// vpdpbusd (512-bit): every form.
  bool avx512vnni = false;
  /// vpmaddubsw + vpmaddwd on 512 (AVX-512 BW) or 256 bits (AVX2): sums
  /// (one side all ones) only; a u8 x s8 product pair can saturate i16.
  bool avx512bw = false, avx2 = false;
};

/// Patterns that select instructions for the portable 4-way i8 dot form
/// that reduceToVectorAccumulator emits for i8 sums and dot products:
///   vector.multi_reduction <add>, P, %acc [1] : vector<Lx4xi32> to
///   vector<Lxi32>, with P = extui(u) * extsi(s), extsi(s) or extui(u),
///   u, s shape_casts of vector<4Lxi8>, L = 16 or 8;
/// vpdpbusd for any P (L = 16, AVX-512 VNNI), and for P = extsi(s) or
/// extui(u) `acc + vpmaddwd(vpmaddubsw(u, s), 1)` with the other side all
/// ones (L = 16 with AVX-512 BW, L = 8 with AVX2). The lowering pipeline
/// applies them for its target; forms without an instruction lower as
/// ordinary vector code, with the same result.
void populateI8DotPatterns(mlir::RewritePatternSet &patterns,
                           const I8DotOptions &options);

//===----------------------------------------------------------------------===//
// transform.regtile.pack_unpack_to_tile_copies
//===----------------------------------------------------------------------===//
//
// Rewrites linalg.pack / linalg.unpack into a loop nest over the packed
// layout's outer tiles whose body moves each tile through vector registers:
//
//   for each outer tile (in the packed layout's order, so outer_dims_perm
//   is loop order and addressing, not a separate pass over memory):
//     for each register block of the tile:
//       v = vector.transfer_read  <block of the tile>   // pack: padding
//       [v = vector.transpose v]                      // transposed tiles
//       vector.transfer_write v, <block of the tile>  // unpack: masked
//
// Tiles that keep their row order move as blocks of whole rows (as many as
// fit in half the vector registers: load the block, then store it); tiles
// whose two innermost tile dims are transposed move as lanes x lanes
// sub-blocks through vector.transpose, which regtile-lower-to-llvm lowers
// to in-register shuffles (the AVX-512 16x16 network for 32-bit types).
// A pack whose tile dims are the source's two innermost dims (either order)
// moves groups of source rows across the tiles of a tile row, tile after
// tile, so the source is read as sequential streams; an unpack into such
// dims writes groups of destination rows the same way.
// Partial edge tiles use out-of-bounds transfers: pack reads return the
// padding value, unpack writes only the valid elements.

struct TileCopyOptions {
  /// Vector registers a block of a tile may occupy between its loads and
  /// its stores (default: half the target's).
  std::optional<int64_t> maxRegisters;
  /// Packs streamed by groups of source rows: how many consecutive tiles
  /// along the source's rows a group of rows covers before the next group
  /// (default: all of them, whole source rows).
  std::optional<int64_t> tilesPerGroup;
};

struct TileCopyResult {
  /// The loops over outer tiles, outermost first (at least one).
  llvm::SmallVector<mlir::Operation *> loops;
};

/// Rewrites a linalg.pack or linalg.unpack (`op`) into tile copies and
/// replaces it. Fails without changing the IR and sets `reason` if `op` is
/// neither, or has dynamic inner tile sizes or a non-int/float element type.
mlir::FailureOr<TileCopyResult>
packUnpackToTileCopies(mlir::RewriterBase &rewriter, mlir::Operation *op,
                       const TargetInfo &target, const TileCopyOptions &options,
                       std::string &reason);

/// Pattern set: every linalg.pack / linalg.unpack (with static inner tiles)
/// to tile copies, for the target that applies to each op.
void populatePackUnpackToTileCopiesPatterns(mlir::RewritePatternSet &patterns);

//===----------------------------------------------------------------------===//
// transform.regtile.cache_reduce, transform.regtile.contraction_blocking
//===----------------------------------------------------------------------===//
//
// Keeps the output tile of a contraction-like linalg op in vector registers
// through a loop that reduces into it (seed 002's "cache reduce"):
//
//   acc[r][j] = load out[r, j*L : j*L+L]     // or splat(fill value)
//   for iv in loop:                          // the reduction loop
//     for each reduction point p of the op (its reduction dims):
//       b[j]   = load vectored input at (p, j*L)
//       a[r]   = broadcast(load broadcast input at (r, p))
//       acc[r][j] = body(a[r], b[j], acc[r][j])   // fma for mul+add
//   store acc[r][j] -> out[r, j*L : j*L+L]   // one block of stores
//
// `r` ranges over the output tile's rows (every parallel dim but the
// innermost output dim), `j` over native vectors along the innermost output
// dim. The accumulators are loop-carried native vectors: never memory.
// Partial tiles (sizes bounded by a static tile) use masked transfers for
// the vector dim and clamped rows, with guarded row stores.
//
// A linalg.fill that reaches the tile through the loops tiling wrapped
// around the reduction loop gives the initial accumulators at the first
// iteration of every loop that revisits the tile (a cache block loop over
// K; `scf.if`, the tile is loaded only after it), and is removed when the
// tile stores of those first iterations overwrite all of it.

struct CacheReduceOptions {
  /// Vector registers the tile may use in all (default: the target's).
  std::optional<int64_t> maxRegisters;
  /// Registers left for the vectored input's loads and the broadcast
  /// (default: one per native vector of a row, plus one).
  std::optional<int64_t> reservedRegisters;
  /// Start the accumulators at zero and add the tile once after the loop
  /// (a block of loads, a block of adds, a block of stores) instead of
  /// loading it before the loop: the loop does not wait for the tile. Needs
  /// an additive body; for floating point it reassociates the sum, so the
  /// body's add must carry fastmath `reassoc` or `allowReassociation` be
  /// set.
  bool addAtEnd = false;
  bool allowReassociation = false;
  /// Mark the innermost loop that carries the accumulators (the loop, or
  /// the innermost loop of the nest over the op's reduction points inside
  /// it) `regtile.prefetch_ahead = N` (see regtile-prefetch-ahead: what its
  /// iterations stream, such as the packed panel of a GEMM micro-kernel, is
  /// prefetched N iterations ahead); 0: no mark. Default: derived from the
  /// target, defaultPrefetchAhead with one FMA per accumulator.
  std::optional<int64_t> prefetchAhead;
  /// Also mark that loop `regtile.prefetch_streams_ahead = N` (N from
  /// defaultStreamPrefetchAhead): the scalar streams it reads (the
  /// broadcast elements of a GEMM's A rows), which move by less than a
  /// cache line per iteration, are prefetched N iterations ahead. For
  /// schedules in which those rows come from memory: each A sliver serves
  /// few tiles.
  bool prefetchStreams = false;
  /// Also mark that loop `regtile.prefetch_streams_next`: what its scalar
  /// streams will read in the next iteration of the innermost enclosing
  /// loop that moves them (the next row tile's A sliver) is prefetched
  /// into L2, once per cache line, spread over the loop: the sliver is in
  /// L2 when its tile starts, however far its memory is.
  bool prefetchNextStreams = false;
};

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

struct CacheReduceResult {
  /// The reduction loop, now carrying the accumulators.
  mlir::scf::ForOp loop;
  /// Rows and native vectors per row of the register tile.
  int64_t rows = 0, vectorsPerRow = 0;
  /// Whether the tile is partial-capable (masked) rather than static.
  bool masked = false;
  /// Whether the accumulators start from a fill value (no tile load).
  bool fromFill = false;
  /// Whether the tile is added after the loop (addAtEnd).
  bool addedAtEnd = false;
  /// Whether a fill that initialized the output through enclosing loops
  /// was removed (the tile stores overwrite all of it first).
  bool fillBypassed = false;
  /// The regtile.prefetch_ahead mark of the innermost loop that carries
  /// the accumulators (0: none).
  int64_t prefetchAhead = 0;
  /// Its regtile.prefetch_streams_ahead mark (0: none).
  int64_t prefetchStreamsAhead = 0;
  /// Whether it has the regtile.prefetch_streams_next mark.
  bool prefetchNextStreams = false;
};

/// Checks and rewrites as described above. `loop` must be the scf.for whose
/// body directly holds `op` and over whose iterations the op's output tile
/// does not move. Fails without changing the IR, setting `reason`, if `op`
/// is not a single-output linalg op with a projected-permutation output,
/// the loop is not a reduction loop of it, an input is not contiguous along
/// the vector dim, the body has an op that is not elementwise arith/math,
/// the tile is not statically bounded, or it does not fit the registers.
mlir::FailureOr<CacheReduceResult>
cacheReduce(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
            mlir::scf::ForOp loop, const TargetInfo &target,
            const CacheReduceOptions &options, std::string &reason);

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
///     peak (nr elements per mr x nr / lanes FMAs); a multiple of nr.
/// Sizes fixed by the caller (a schedule's tuning knobs) are taken as given,
/// after checks, and the others derived from them: `kc` from the given
/// `mr`, `nc` from `kc` and `nr`. 0 means "derive from the target".
struct ContractionBlocking {
  int64_t mr = 0, nr = 0, kc = 0, nc = 0;
};
/// `reductionExtent`: the static extent of the contraction's reduction
/// loop (K), or 0 when it is not known (staticReductionExtent).
ContractionBlocking computeContractionBlocking(const TargetInfo &target,
                                               mlir::Type accType,
                                               int64_t reductionExtent = 0);
/// The static extent of the one reduction loop of `op` (K of a matmul or
/// batch matmul); 0 when it is dynamic or `op` has several reduction loops.
int64_t staticReductionExtent(mlir::linalg::LinalgOp op);
/// Fails, setting `reason`, if a loop of `op` has a static extent of 0:
/// there is nothing to block (and upstream's tiling crashes on such ops).
mlir::LogicalResult checkNonEmptyLoops(mlir::linalg::LinalgOp op,
                                       std::string &reason);
/// The same with some sizes fixed by `fixed` (its zero fields are derived).
/// Fails, setting `reason`, if a fixed size is negative, `nr` is not a
/// multiple of the native vector length, the mr x nr tile with the row of
/// B and the broadcast of A does not fit the register file, or `nc` is not
/// a multiple of `nr`.
mlir::FailureOr<ContractionBlocking>
computeContractionBlocking(const TargetInfo &target, mlir::Type accType,
                           const ContractionBlocking &fixed,
                           std::string &reason, int64_t reductionExtent = 0);

//===----------------------------------------------------------------------===//
// transform.regtile.convolution_blocking
//===----------------------------------------------------------------------===//
//
// The register tile of a 2-D convolution in the loop order of
// linalg.conv_2d_nhwc_hwcf, (n, oh, ow, oc, kh, kw, ci), for cache_reduce:
// `rows` output pixels along ow x `channels` output channels (a multiple
// of the native vector length), the reduction over (kh, kw, ci) carried in
// rows * channels / lanes accumulators. The pair with the most FMAs per
// load (rows * nv / (rows + nv), nv = channels / lanes in 1..4) such that
// the accumulators, nv registers for the filter's channel vectors and one
// register per row for the input broadcasts fit the register file: 5 x 64
// f32 with AVX-512 (32 registers; Halide's conv_layer tile), 3 x 24 with
// AVX2 (16). Also names the op whose tiles a schedule's loops produce (and
// into which the convolution is fused): the convolution's elementwise
// consumer if it is its only user, else the convolution; and which input is
// the filter.

struct ConvolutionBlocking {
  int64_t rows = 0, channels = 0;
  mlir::Operation *root = nullptr;
  /// The input that is the filter (0 or 1).
  unsigned filterOperand = 1;
};

/// Fails, setting `reason`, if `op` is not a 2-D convolution with one
/// batch, input channel and output channel dim in the loop order above, an
/// NHWC output, unit strides and dilations, and an integer or float output;
/// or if a fixed size (non-zero field of `fixed`) is negative, `channels`
/// is not a multiple of the native vector length, or the tile does not fit
/// the register file.
mlir::FailureOr<ConvolutionBlocking>
computeConvolutionBlocking(const TargetInfo &target, mlir::linalg::LinalgOp op,
                           const ConvolutionBlocking &fixed,
                           std::string &reason);

//===----------------------------------------------------------------------===//
// transform.regtile.cache_read
//===----------------------------------------------------------------------===//
//
// Stages what one iteration of a loop reads of an input of a tiled linalg op
// into a cache buffer, in the layout the op's inner loops consume it (seed
// 002's "cache copy", the packing of a GEMM):
//
//   %cache = tensor.empty                  // once, outside the loop nest
//   scf.for ... {                          // the chosen loop
//     %fp = <the operand's footprint in this iteration>
//     %c = linalg.pack %fp into %cache     // lowered to register tile copies
//     scf.for %t = ... step T {            // the inner loops (tiling)
//       ... op(ins(extract_slice %c[%t / T, ...]), ...)
//
// The footprint is the slice of the operand that the chosen loop's body
// holds (what tiling extracted at that level); each of its dims that an
// inner loop tiles (offset = that loop's IV, extent at most its step)
// becomes a tile dim of the cache: the cache holds the tiles in the inner
// loops' order, each tile contiguous (micro-panels: with a unit-step loop
// over K inside, a row of B's panel is NR contiguous elements and a column
// of A's panel is MR contiguous scalars). Partial tiles are zero-padded, so
// the op reads whole tiles from the cache.

struct CacheReadOptions {
  /// The DPS input of the op to stage.
  unsigned operand = 0;
  /// Pack the cache into the inner loops' tiles (micro-panels). Without it
  /// the cache is a dense copy of the footprint in its own layout.
  bool packed = true;
  /// Mark the copy `regtile.fill_on_first_use`: after bufferization, it
  /// runs row by row in the first iteration of the loop that reads the
  /// cache (see regtile-fill-on-first-use), when that loop reads the same
  /// cache elements in every iteration (the op's access to the operand does
  /// not depend on that loop) and each loop inside it tiles the operand.
  /// Fails if there is no loop between, or they are not so; does not mark
  /// when the first runs once.
  bool fillOnFirstUse = false;
};

struct CacheReadResult {
  /// The copy into the cache: the outermost loop of the register tile
  /// copies (or the linalg.pack if it could not be lowered).
  mlir::Operation *copy = nullptr;
  /// The cache buffer (a tensor.empty outside the loop nest).
  mlir::Operation *cache = nullptr;
};

/// Stages input `options.operand` of `op` at `loop` (an scf.for enclosing
/// `op`, through scf.for loops only). Fails without changing the IR, setting
/// `reason`, if the operand index is not an input, the op is not on tensors
/// or not inside the loop, the operand is not a chain of unit-stride,
/// non-rank-reducing slices of a value available in the loop's body, a dim
/// is tiled by several inner loops or at a nonzero offset, the footprint
/// has no static bound, or the packed layout would transpose the operand.
mlir::FailureOr<CacheReadResult>
cacheRead(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
          mlir::scf::ForOp loop, const TargetInfo &target,
          const CacheReadOptions &options, std::string &reason);

//===----------------------------------------------------------------------===//
// transform.apply_patterns.regtile.fold_unit_dims
//===----------------------------------------------------------------------===//
//
// One pattern set that removes unit dimensions from linalg ops (named and
// generic), tensor/memref slices and reshapes, and vector transfer,
// elementwise, broadcast, reduction and contraction ops, so that code tiled
// by 1 vectorizes to rank-1 native vectors.

/// Populate `patterns` with regtile's unit-dimension folding patterns. They
/// never change results; they only change ranks. Safe to apply with the
/// greedy driver together with canonicalization.
void populateFoldUnitDimsPatterns(mlir::RewritePatternSet &patterns);

/// The transfer-level subset of the set above: drop in-bounds unit vector
/// dims of vector.transfer_read/write (any position, tensors and memrefs), and
/// access through a rank-reduced tensor.extract_slice / memref.subview when
/// the permutation map skips inner source dims. Also used by the lowering
/// pipeline, where it turns such transfers into contiguous vector accesses.
void populateTransferUnitDimPatterns(mlir::RewritePatternSet &patterns);

//===----------------------------------------------------------------------===//
// regtile-streaming-stores
//===----------------------------------------------------------------------===//
//
// A loop that writes far more data than the caches hold (a large pack, a
// copy) is limited by memory traffic; ordinary stores first read every
// destination cache line (read-for-ownership), so a copy moves 3 bytes per
// byte copied. Non-temporal (streaming) stores write whole lines without
// reading them, as memcpy does for large sizes.
//
// x86 streaming stores must be aligned to the vector size. The rewrite
// therefore versions the loop:
//
//   if (every destination base is aligned, and every dynamic offset and
//       stride keeps the stores aligned) {
//     <loop with its qualifying stores as vector.store {nontemporal = true,
//      alignment = A}>
//     sfence      // streaming stores are weakly ordered
//   } else {
//     <the loop unchanged>
//   }
//
// A store qualifies when it writes a whole 1-D vector of at least 16 bytes
// without a mask (vector.store, or an in-bounds unmasked minor-identity
// vector.transfer_write) into a contiguous memref defined outside the loop,
// and its address is provably a multiple of A (the largest power of two
// dividing the vector's size, at most the SIMD register width) once the
// runtime check holds: static offsets and strides are checked at compile
// time, index arithmetic (constants, loop induction variables, +, -, *,
// <<, affine.apply) through its known power-of-two divisors. Subviews
// inside the loop are folded into the store indices first.
//
// It runs on buffers with 1-D vectors, i.e. after bufferization and vector
// lowering; regtile-lower-to-llvm runs it on every loop that carries the
// `regtile.streaming_stores` unit attribute (e.g. set by the schedule with
// `transform.annotate %loop "regtile.streaming_stores"`).

struct StreamingStoresResult {
  /// The runtime alignment check.
  mlir::scf::IfOp versionCheck;
  /// The copy of the loop with streaming stores (then-branch) and the
  /// original loop (else-branch).
  mlir::Operation *streamingLoop = nullptr;
  mlir::Operation *fallbackLoop = nullptr;
  /// How many stores of the loop body stream.
  unsigned numStreamingStores = 0;
};

/// Versions `loop` (an op implementing LoopLikeOpInterface, on buffers) so
/// that its qualifying stores stream when the runtime alignment check holds
/// (see file comment). Fails without changing the IR, and sets `reason`, if
/// `loop` is not a loop or no store of it qualifies.
mlir::FailureOr<StreamingStoresResult>
versionForStreamingStores(mlir::RewriterBase &rewriter, mlir::Operation *loop,
                          const TargetInfo &target, std::string &reason);

/// Applies versionForStreamingStores to every op under `root` carrying
/// `regtile.streaming_stores` and removes the attribute. An annotated op
/// that is not a loop is an error; a loop without a qualifying store gets a
/// warning and is left as it is.
mlir::LogicalResult applyStreamingStores(mlir::Operation *root,
                                         const TargetInfo &target);

//===----------------------------------------------------------------------===//
// regtile-prefetch-stores
//===----------------------------------------------------------------------===//
//
// A copy loop whose destination is not in L1 waits for each destination
// line to be read for ownership before the store can complete. Asking for
// the line early, with a prefetch for write (x86 prefetchw) a fixed number
// of bytes ahead of the store, overlaps those reads with the copy; in
// regtile's row-order unpack of seed 004's 1 MiB tensor (a working set of
// the L2's size) this is what separates a vector copy from memcpy.
//
// For a loop carrying `regtile.prefetch_stores = D : i64` (D > 0, bytes),
// every 1-D vector store in it into a strided buffer (defined outside the
// loop, or inside it: the subview of the tile an iteration writes) gets,
// just before it, one `llvm.intr.prefetch` (write, high locality, data) per
// 64-byte line of the stored vector, D bytes past the store's first byte.
// Prefetches never fault, so addresses past the buffer's end (the last D
// bytes' worth of iterations) are harmless. Runs on buffers with 1-D
// vectors (after bufferization and vector lowering); regtile-lower-to-llvm
// applies it to annotated loops.

/// Inserts the prefetches into `loop` (a LoopLikeOpInterface op on
/// buffers); returns how many stores got them. Fails without changing the
/// IR, and sets `reason`, if `loop` is not a loop, `distance` is not
/// positive, or no store qualifies.
mlir::FailureOr<unsigned> insertStorePrefetches(mlir::RewriterBase &rewriter,
                                                mlir::Operation *loop,
                                                int64_t distance,
                                                std::string &reason);

/// Applies insertStorePrefetches to every op under `root` carrying
/// `regtile.prefetch_stores` and removes the attribute. A non-loop or a
/// distance that is not a positive integer is an error; a loop without a
/// qualifying store gets a warning.
mlir::LogicalResult applyStorePrefetches(mlir::Operation *root);

//===----------------------------------------------------------------------===//
// regtile-fill-on-first-use
//===----------------------------------------------------------------------===//
//
// A cache (cache_read's packed B panel of a GEMM) is filled by a loop nest
// and then read by every iteration of the loop after it (the row tiles):
// while the fill runs, nothing computes, and its loads wait on memory (the
// panel's rows are far apart in B). When every iteration of that loop reads
// the same cache elements, its first iteration reads all of them, so the
// fill can be done there instead, one row at a time, just before the row
// is first read: the loads of the source then overlap with the first
// iteration's compute, and the value stored is the one read next (store to
// load forwarding).
//
// For an scf.for carrying the unit attribute `regtile.fill_on_first_use`
// (the fill): a tree of scf.for loops without carried values (bodies of
// pure ops and loops; at the leaves, all at one depth, the copy: any reads,
// and stores into one buffer, the cache, at the induction variables of the
// loops around them in the cache's leading dims, in any order, and at 0 in
// unit dims among them, through views that keep those dims). The first scf.for
// after it (only side-effect-free ops in between; it may carry values) must
// read the cache through memref.subview / memref.cast and loads only (no other
// use of the cache but the fill and deallocation), at indices, through views
// and under scf.for / scf.if / scf.index_switch bounds and conditions that
// do not depend on its iteration, with every scf.for between its body
// and a read moving the read (each row is read once per block: the fill of
// a row runs where it is first read), and must not write the cache or any
// buffer the fill reads (followed through views and the buffers scf.for /
// scf.if / scf.index_switch carry; distinct function arguments and
// allocations are taken as distinct buffers, as bufferization does). Its
// first iteration is peeled into a loop [lb, min(lb + step, ub)) (so that
// passes looking for an enclosing loop, like prefetch_streams_next, still
// find one), and just before the first read of each cache row (the
// leading dims) in each block of it, the fill's body runs for that row.
// The vector reads of the row that a whole vector store of that body
// covers, along the cache's last dim, take the stored value (a slice of
// it, with the read's mask, bounds and padding): a load right behind a
// store of the same line would wait for it (masked loads are not forwarded
// stores). The fill is erased. The mark asserts what the pass cannot see:
// the loop reads no cache element the fill does not write (cache_read's
// copies cover exactly what the op reads). Runs on buffers, after
// bufferization and vector lowering to 1-D.

struct FillOnFirstUseResult {
  /// The loop running the first iteration of the loop after the fill.
  mlir::scf::ForOp firstIteration;
  /// How many copies of the fill's body it holds (one per row and block).
  unsigned fills = 0;
  /// How many of its reads of the cache take a stored value instead.
  unsigned forwarded = 0;
};

/// Moves the fill `fill` (an scf.for, see above) into the first iteration
/// of the loop after it. Fails without changing the IR, setting `reason`,
/// if `fill` is not such a loop tree, no such loop follows it, or that
/// loop reads the cache differently from one iteration to the next, uses it
/// otherwise, or may write what the fill reads.
mlir::FailureOr<FillOnFirstUseResult>
fillOnFirstUse(mlir::RewriterBase &rewriter, mlir::scf::ForOp fill,
               std::string &reason);

/// Applies fillOnFirstUse to every op under `root` carrying
/// `regtile.fill_on_first_use` and removes the attribute. A non-loop or a
/// non-unit attribute is an error; a fill that cannot move gets a warning
/// (it stays before the loop).
mlir::LogicalResult applyFillOnFirstUse(mlir::Operation *root);

//===----------------------------------------------------------------------===//
// regtile-prefetch-ahead
//===----------------------------------------------------------------------===//
//
// A loop over tiles whose every iteration reads data that no earlier
// iteration touched (the new input columns of a convolution's next row of
// output pixels) and writes lines no one has read (its output tile) waits
// on memory at each iteration's first touches when the hardware
// prefetchers do not follow its strided streams. Asking, during an
// iteration, for the lines the same accesses will touch `K` iterations
// later hides that latency behind the iteration's compute (seed 000's conv
// layer: 0.96 -> 0.98 of peak on Zen 4, when its input pixels were still
// prefetched per channel).
//
// For an scf.for carrying `regtile.prefetch_ahead = K : i64` (K > 0,
// iterations): every load and store in its body (memref.load/store,
// vector.load/store/maskedload/maskedstore, minor-identity 1-D
// vector.transfer_read/write; at any depth) whose address changes with the
// loop's induction variable, through memref.subview / memref.cast views
// and pure arith/affine index arithmetic, gets just before it one
// `llvm.intr.prefetch` (data, high locality; for write when it is a store)
// per 64-byte line of what it accesses, at the address it will access K
// iterations later (inner loops' induction variables unchanged). The
// address is computed from the root buffer's metadata, not through
// subviews of the later iteration, which may be out of bounds; prefetches
// never fault, so the addresses past the end (the last K iterations) are
// harmless. Accesses whose address does not depend on the induction
// variable (a filter cache reused by every iteration) get nothing, nor do
// those that provably move by less than a cache line per iteration (index
// arithmetic linear in the IV, static strides: a scalar stream such as a
// GEMM micro-kernel's broadcast elements, which touches a new line every
// few iterations and which the hardware's sequential prefetchers follow),
// of the loop or of a loop between it and the access (a convolution's
// input pixel in the loop over channels inside the loop over pixel tiles:
// a prefetch per channel would ask for each line 16 times).
// `regtile.prefetch_streams_ahead = S : i64` on the loop asks for those
// scalar streams of the loop itself too: a `memref.prefetch` of the address
// S iterations later (a GEMM's rows of A when they come from memory: one
// per row and iteration, most for a line already asked for).
// `regtile.prefetch_streams_next` (a unit attribute) on the loop asks for
// the next runs of those streams instead (or as well): a `memref.prefetch`
// into L2 of the address each will have in the next iteration of the
// innermost enclosing loop that moves it (a GEMM micro-kernel's next row
// tile: its A sliver), in one `scf.if` at the top of the body taken once
// per cache line of the stream (every 16th iteration for f32 rows).
// Runs on
// buffers with 1-D vectors (after bufferization and vector lowering);
// regtile-lower-to-llvm applies it to annotated loops.

/// Inserts the prefetches into `loop` (an scf.for on buffers): `ahead`
/// iterations ahead for the accesses described above, `streamsAhead`
/// iterations ahead for the scalar streams of the loop itself (accesses
/// that move by less than a line, but not zero, per iteration of `loop`,
/// and by a line or more per iteration of any loop between: one prefetch
/// per access and iteration, most of them for a line already asked for,
/// at a distance that covers a load from memory); 0 for either: none of
/// that kind. Returns how many accesses got them. Fails, and sets
/// `reason`, if `loop` is not an scf.for, a distance is negative or both
/// are 0 (and `streamsNext` is not set), or no access qualifies (the IR is
/// then unchanged).
/// `streamsNext`: the scalar streams of the loop (as above) also get a
/// prefetch into L2 of the address they will read in the next iteration
/// of the innermost enclosing scf.for whose IV moves them, at the same
/// point of `loop`, in one iteration out of every cache line's worth
/// (`scf.if` on the iteration number): one prefetch per line of the next
/// stream, spread over the whole loop, a whole run of it ahead.
mlir::FailureOr<unsigned>
insertPrefetchesAhead(mlir::RewriterBase &rewriter, mlir::Operation *loop,
                      int64_t ahead, std::string &reason,
                      int64_t streamsAhead = 0, bool streamsNext = false);

/// Applies insertPrefetchesAhead to every op under `root` carrying
/// `regtile.prefetch_ahead`, `regtile.prefetch_streams_ahead` or
/// `regtile.prefetch_streams_next` (or several) and removes the attributes. A
/// non-loop or a count that is not a positive integer is an error; a loop
/// without a qualifying access gets a warning.
mlir::LogicalResult applyPrefetchesAhead(mlir::Operation *root);

//===----------------------------------------------------------------------===//
// transform.regtile.super_vectorize
//===----------------------------------------------------------------------===//
//
// Affine super-vectorization (seed 003) of one loop nest: the loop `root` and
// loops nested in it become vector loops over *virtual* vector sizes (any
// multiple of the native vector, e.g. vector<32x256xf32>), with upstream's
// vectorizer (affine::vectorizeAffineLoopNest) doing the rewrite. Before it,
// regtile checks what upstream does not (and would miscompile or crash on):
// dependences, strided or non-affine accesses, non-unit steps, bounds that
// depend on a vectorized induction variable, ops that cannot be widened,
// reassociation of floating-point reductions. After it, a parallel loop
// whose trip count is not a known multiple of the vector size is split into
// whole vectors and a remainder whose stores are masked to the iterations
// the scalar loop runs (upstream writes whole vectors past the loop bound),
// and accesses proven within the loop's iterations are marked in_bounds.

struct SuperVectorizeOptions {
  /// Virtual vector size per vectorized loop (outermost first). Empty: one
  /// loop, the target's native lanes for the widest element type accessed.
  llvm::SmallVector<int64_t> vectorSizes;
  /// Memref dimension (counted from the fastest varying, 0 = innermost)
  /// along which each vectorized loop must access memory (outermost loop
  /// first). Empty: [n-1, ..., 1, 0] for n vector sizes.
  llvm::SmallVector<int64_t> fastestVaryingPattern;
  /// Vectorize a loop that carries a reduction (1-D only): the loop carries
  /// a vector of partial results (whole vectors unmasked, then a masked
  /// remainder), and one vector.reduction follows the loop.
  bool vectorizeReductions = false;
  /// Reassociate floating-point add/mul reductions even without `reassoc`
  /// fastmath flags on the combiner.
  bool allowReassociation = false;
  /// Do not split a loop with a partial last vector into whole vectors and a
  /// remainder: mask its stores on every iteration (reads bounds-checked).
  bool maskPartialVectors = false;
};

struct SuperVectorizeResult {
  /// The vectorized loops, per vector dimension (outermost first): the
  /// whole-vector loops, then the remainder loops split from them.
  llvm::SmallVector<llvm::SmallVector<mlir::Operation *>> loops;
  /// The virtual vector sizes used.
  llvm::SmallVector<int64_t> vectorSizes;
};

/// Vectorizes the affine loop nest rooted at `root` (an affine.for). On
/// failure, `reason` says why and the IR is unchanged.
mlir::FailureOr<SuperVectorizeResult>
superVectorize(mlir::RewriterBase &rewriter, mlir::Operation *root,
               const TargetInfo &target, const SuperVectorizeOptions &options,
               std::string &reason);

//===----------------------------------------------------------------------===//
// transform.apply_patterns.regtile.unroll_to_native_vectors
//===----------------------------------------------------------------------===//
//
// Breaks vector ops wider than the target's native register into native
// pieces: upstream's unroll patterns (transfers, elementwise ops,
// contractions, reductions, multi-reductions, broadcasts, transposes) with
// native shapes from the target, plus what upstream leaves whole: masked
// transfers (the mask is sliced; slices of vector.create_mask /
// vector.constant_mask fold to native masks). A chain that ends in a
// vector.transfer_write (reads, elementwise ops, splats, broadcasts) is
// broken as a whole, a group of native tiles at a time: the group's loads,
// then its arithmetic, then its stores, with the group sized so its values
// fit in the register file, instead of op by op (which loads the whole
// super-vector before the first use and spills when it exceeds the
// registers).

struct NativeVectorOptions {
  /// Bits of a native vector register (default: the target's).
  std::optional<unsigned> nativeBits;
  /// Vector registers the grouped chains may use (default: the target's).
  std::optional<unsigned> registers;
};

/// The native shape `op` is unrolled to (std::nullopt: left as is).
std::optional<llvm::SmallVector<int64_t>>
getNativeVectorShape(mlir::Operation *op, unsigned nativeBits);

/// Adds the patterns. The target of each op is `arch` if given, else the
/// nearest enclosing `regtile.target` attribute, else the host; an op whose
/// target is not understood is left alone.
void populateUnrollToNativeVectorsPatterns(
    mlir::RewritePatternSet &patterns, std::optional<std::string> arch,
    const NativeVectorOptions &options = {});

//===----------------------------------------------------------------------===//
// regtile-lower-vectors
//===----------------------------------------------------------------------===//

struct VectorLoweringOptions {
  /// Transposes use shuffles sized for the target. (Contractions always
  /// become vector.outerproduct chains, i.e. FMAs.)
  mlir::vector::VectorTransposeLowering transposeLowering =
      mlir::vector::VectorTransposeLowering::Shuffle1D;
  /// Instructions for 4-way i8 dot products (populateI8DotPatterns).
  I8DotOptions i8Dot;

  static VectorLoweringOptions forTarget(const TargetInfo &target);
};

/// Lower n-D vector ops of `root` (a function or module) to 1-D vector ops and
/// scalar loops. vector.multi_reduction picks per op the strategy that avoids
/// transposes: inner-reduction when the innermost dim is reduced, inner-
/// parallel otherwise.
mlir::LogicalResult lowerVectors(mlir::Operation *root,
                                 const VectorLoweringOptions &options);

} // namespace regtile

#endif // REGTILE_PATTERNS_PATTERNS_H
