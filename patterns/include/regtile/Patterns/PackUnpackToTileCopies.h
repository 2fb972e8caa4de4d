//===- PackUnpackToTileCopies.h ---------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.pack_unpack_to_tile_copies.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PACKUNPACKTOTILECOPIES_H
#define REGTILE_PATTERNS_PACKUNPACKTOTILECOPIES_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

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

} // namespace regtile

#endif // REGTILE_PATTERNS_PACKUNPACKTOTILECOPIES_H
