//===- AMXGemm.h - regtile.amx_gemm_block -----------------------*- C++ -*-===//
//
// The library's API for transform.regtile.amx_gemm_block: a GEMM block on
// the AMX tile unit, its edges left as GEMMs for the vector micro-kernel.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_AMXGEMM_H
#define REGTILE_PATTERNS_AMXGEMM_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

struct TargetInfo;

struct AMXGemmBlockResult {
  /// The outermost loop of the tile kernel (32-column panels).
  mlir::Operation *loop = nullptr;
  /// The pack of B's part into the tiles' VNNI layout (a linalg.pack):
  /// [N'/16][K'/g][16][g], g = 2 (bf16) or 4 (i8) values per 32-bit lane.
  mlir::Operation *pack = nullptr;
  /// The parts of the GEMM outside the tiles, each a clone of the op on
  /// slices of its operands (none where a part is statically empty): the
  /// K remainder of the tiled rows and columns, the columns after the last
  /// 32-column panel, the rows after the last 32-row tile.
  llvm::SmallVector<mlir::Operation *> edges;
};

/// Whether the AMX unit of `target` computes `op`: a GEMM (the contraction
/// interface, maps (m, k), (k, n) -> (m, n)) on tensors, bf16 x bf16 -> f32
/// on a target with AMX-BF16 or s8 x s8 -> i32 with AMX-INT8, with whole
/// tiles where its sizes are static. Sets `reason` if not.
bool amxComputesGemm(mlir::linalg::LinalgOp op, const TargetInfo &target,
                     std::string &reason);

/// Computes the part of `op` (see amxComputesGemm) made of whole 32 x 32
/// output tiles and whole K steps (16 groups of g) with 2 x 2 accumulators
/// of 16 x 16 in the VNNI form regtile-vector-to-amx puts on the tiles:
///   Bp = pack B[0:K', 0:N'] as [N'/16][K'/g][16][g]
///   for j < N' step 32, for i < M' step 32:
///     4 accumulators from C[i:i+32, j:j+32]
///     for k < K' step 16g: A[i.., k..] as [32][16][g] (rows read in place),
///                          Bp's two panels, 4 contractions
///     store them
/// (M', N' = M, N rounded down to 32, K' = K to 16g), and the rest as
/// `edges`.
/// Replaces `op`. Fails without changing the IR, setting `reason`, if the
/// unit does not compute `op`.
mlir::FailureOr<AMXGemmBlockResult> amxGemmBlock(mlir::RewriterBase &rewriter,
                                                 mlir::linalg::LinalgOp op,
                                                 const TargetInfo &target,
                                                 std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_AMXGEMM_H
