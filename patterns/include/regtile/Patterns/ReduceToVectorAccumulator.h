//===- ReduceToVectorAccumulator.h ------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.reduce_to_vector_accumulator.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_REDUCETOVECTORACCUMULATOR_H
#define REGTILE_PATTERNS_REDUCETOVECTORACCUMULATOR_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

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
  /// vpdpbusd on 512 bits (AVX-512 VNNI) or 256 bits (AVX-VNNI, or
  /// AVX-512 VNNI with VL): every form.
  bool vnni512 = false, vnni256 = false;
  /// vpmaddubsw + vpmaddwd on 512 (AVX-512 BW) or 256 bits (AVX2): sums
  /// (one side all ones) only; a u8 x s8 product pair can saturate i16.
  /// vpmaddwd alone: the 2-way form.
  bool avx512bw = false, avx2 = false;
};

/// Patterns that select instructions for the portable 4-way i8 dot form
/// that reduceToVectorAccumulator emits for i8 sums and dot products:
///   vector.multi_reduction <add>, P, %acc [1] : vector<Lx4xi32> to
///   vector<Lxi32>, with P = extui(u) * extsi(s), extsi(s) or extui(u),
///   u, s shape_casts of vector<4Lxi8>, L = 16 or 8;
/// vpdpbusd for any P (L = 16, AVX-512 VNNI), and for P = extsi(s) or
/// extui(u) `acc + vpmaddwd(vpmaddubsw(u, s), 1)` with the other side all
/// ones (L = 16 with AVX-512 BW, L = 8 with AVX2). And the 2-way form of
/// cache_reduce without VNNI (vector<Lx2xi32>, P = ext(x) * ext(y) in any
/// signedness, x, y from vector<2Lxi8>): `acc + vpmaddwd(x, y)` on the
/// bytes widened to i16 (L = 16 with AVX-512 BW, L = 8 with AVX2). The
/// lowering pipeline applies them for its target; forms without an
/// instruction lower as ordinary vector code, with the same result.
void populateI8DotPatterns(mlir::RewritePatternSet &patterns,
                           const I8DotOptions &options);

} // namespace regtile

#endif // REGTILE_PATTERNS_REDUCETOVECTORACCUMULATOR_H
