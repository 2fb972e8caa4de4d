//===- PackUnpackTileCopies.h - linalg.pack/unpack as tile copies -*- C++
//-*-===//
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
// Partial edge tiles use out-of-bounds transfers: pack reads return the
// padding value, unpack writes only the valid elements.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PACKUNPACKTILECOPIES_H
#define REGTILE_PATTERNS_PACKUNPACKTILECOPIES_H

#include "regtile/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

struct TileCopyResult {
  /// The loops over outer tiles, outermost first (at least one).
  llvm::SmallVector<mlir::Operation *> loops;
};

/// Rewrites a linalg.pack or linalg.unpack (`op`) into tile copies and
/// replaces it. Fails without changing the IR and sets `reason` if `op` is
/// neither, or has dynamic inner tile sizes or a non-int/float element type.
mlir::FailureOr<TileCopyResult>
packUnpackToTileCopies(mlir::RewriterBase &rewriter, mlir::Operation *op,
                       const TargetInfo &target, std::string &reason);

/// Pattern set: every linalg.pack / linalg.unpack (with static inner tiles)
/// to tile copies, for the target that applies to each op.
void populatePackUnpackToTileCopiesPatterns(mlir::RewritePatternSet &patterns);

} // namespace regtile

#endif // REGTILE_PATTERNS_PACKUNPACKTILECOPIES_H
