//===- PackUnpackInternals.h - pack_unpack_to_tile_copies parts -*- C++ -*-===//
//
// What the parts of pack_unpack_to_tile_copies share (not an API): the
// relayout a pack or unpack describes, and the copier of one outer tile
// (TileCopier.cpp) that the rewrite (PackUnpackToTileCopies.cpp) drives.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LIB_PACKUNPACKINTERNALS_H
#define REGTILE_PATTERNS_LIB_PACKUNPACKINTERNALS_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace regtile::tile_copies {

using namespace mlir;

/// The relayout, in terms of an unpacked tensor U (rank n) and a packed
/// tensor K (rank n + k): K[outer (permuted by `perm`), inner] = U[...].
struct Relayout {
  bool isPack;
  Value unpacked, packed; // the values read from / written to
  Value dest;             // the DPS init (packed for pack, unpacked for unpack)
  RankedTensorType unpackedType, packedType;
  SmallVector<int64_t> innerPos, tiles, perm;
  Value padding; // pack only; may be null
  Operation *op;
};

/// Emits the tile copies of one outer tile.
class TileCopier {
public:
  TileCopier(const Relayout &r, const TargetInfo &target, int64_t budget,
             std::optional<int64_t> tilesPerGroup = std::nullopt);

  /// Copies the tile at packed outer indices `outer` (in packed order);
  /// `dest` is the tensor being written; returns its new value. A tile that
  /// fits in the register file is copied as straight-line blocks; a larger
  /// one as loops whose body is one block, so the IR grows with the
  /// register block, not with the tile.
  Value copyTile(OpBuilder &b, Location loc, ValueRange outer, Value dest) {
    // Unpacked outer index of each unpacked dim.
    SmallVector<Value> o(n);
    for (int64_t a = 0; a < n; ++a)
      o[r.perm[a]] = outer[a];
    SmallVector<OpFoldResult> offsets(k, b.getIndexAttr(0));
    return copyBlocks(b, loc, 0, outer, o, offsets, dest);
  }

  /// The packed outer dim whose tiles step along the unpacked innermost
  /// dim, if this is a pack whose two tile dims are the unpacked layout's
  /// two innermost dims (in either order): consecutive tiles along that
  /// outer dim are then consecutive in the source's rows, and
  /// copyRowGroups streams them.
  std::optional<int64_t> rowGroupsOuterDim() const;

  /// The tiles along packed outer dim `colOuter` (`tileCount` of them; the
  /// other outer indices, in packed order, are `outer`) by groups of source
  /// rows: in groups of `tilesPerGroup` consecutive tiles, for each group of
  /// rows of the tiles (the register block's extent along the source's
  /// rows), the group of every tile of the group, left to right, in
  /// register blocks. The source is read as one sequential run per row of
  /// the group and group of tiles instead of one short run per row and tile
  /// (plain C++ on Zen 4: pack A 512x1024 in 32x32 tiles 0.86-0.89x memcpy
  /// in groups of 4-8 rows across the whole row, 0.93x across groups of 4
  /// tiles, 0.75x tile by tile; the transposing pack B 1024x512 0.83x in
  /// groups of 16 rows through 16x16 transposes, 0.74x tile by tile).
  Value copyRowGroups(OpBuilder &b, Location loc, ValueRange outer,
                      int64_t colOuter, Value tileCount, Value dest);

private:
  /// Tiles [first, end) along packed outer dim `colOuter` by groups of
  /// source rows (see copyRowGroups).
  Value copyTileGroup(OpBuilder &b, Location loc, ValueRange outer,
                      int64_t colOuter, Value first, Value end, Value dest);

  /// With two tile dims covering the source's two innermost dims: the tile
  /// dim along the source's rows (0, or 1 if the tiles are transposed).
  int64_t sourceRowTileDim() const { return r.innerPos[0] == n - 2 ? 0 : 1; }
  /// The register block's extent along tile dim `j` of two (blockRows x
  /// blockCols covers tile dims k-2 x k-1).
  int64_t blockExtent(int64_t j) const {
    return j == 0 ? blockRows : blockCols;
  }

  /// The blocks of tile dims `j` and inner: leading tile dims one index at a
  /// time, the last two in blocks of blockRows x blockCols (the last one
  /// only for k == 1), remainders in smaller blocks.
  Value copyBlocks(OpBuilder &b, Location loc, int64_t j, ValueRange outer,
                   ArrayRef<Value> o, SmallVectorImpl<OpFoldResult> &off,
                   Value dest);

  using BlockFn =
      llvm::function_ref<Value(OpBuilder &, OpFoldResult, int64_t, Value)>;

  /// Calls `fn(offset, size, dest)` for [0, total) in steps of `step` and
  /// a smaller remainder: as straight-line code if the tile is unrolled,
  /// else the full steps as one scf.for carrying `dest` (the remainder,
  /// whose size is static, after it).
  Value forRange(OpBuilder &b, Location loc, int64_t total, int64_t step,
                 Value dest, BlockFn fn);

  /// A block's access to one side: indices, vector type, permutation map,
  /// in-bounds flags of a transfer.
  struct BlockAccess {
    SmallVector<Value> indices;
    VectorType type;
    AffineMap map;
    SmallVector<bool> inBounds;
  };
  /// Packed side: [outer..., tileOff...], a rows x cols block of the
  /// tile's two innermost dims, always in bounds.
  BlockAccess packedAccess(OpBuilder &b, Location loc, ValueRange outer,
                           ArrayRef<OpFoldResult> tileOff, int64_t rows,
                           int64_t cols) const;
  /// Unpacked side: the same elements (unpacked outer indices `o`); its
  /// vector dims follow the unpacked dims' order (transposed relative to
  /// the packed block if the tile is).
  BlockAccess unpackedAccess(OpBuilder &b, Location loc, ArrayRef<Value> o,
                             ArrayRef<OpFoldResult> tileOff, int64_t rows,
                             int64_t cols) const;
  /// Leading tile dims (k > 2) are not vector dims: a block there is at one
  /// index, which is past the end of a partial tile unless the dim divides.
  /// Such a block is all padding (pack) or not written (unpack): a mask
  /// that is all-false past the end (null if every such dim divides), the
  /// unpacked index clamped to a valid address. (Masks, not scf.if on
  /// tensors: chains of those make one-shot bufferization's analysis very
  /// slow.)
  Value leadingDimsMask(OpBuilder &b, Location loc,
                        BlockAccess &unpacked) const;
  /// Copies one rows x cols block of the tile at `tileOff`: a read of one
  /// side, a transpose if the tile is transposed, a write of the other.
  Value copyBlock(OpBuilder &b, Location loc, ValueRange outer,
                  ArrayRef<Value> o, ArrayRef<OpFoldResult> tileOff,
                  int64_t rows, int64_t cols, Value dest);

  const Relayout &r;
  int64_t n = 0, k = 0, lanes = 1, blockRows = 1, blockCols = 1;
  /// Tiles along the source's rows that a group of rows covers (all of
  /// them if unset: one sequential run per source row). Groups of fewer
  /// tiles keep a group's lines in L1 between its groups of rows, which
  /// sometimes helps a pack of a source in cache (Zen 4, pack A 512x1024
  /// into 32x32 f32 tiles: groups of 2-8 tiles within +-5% of whole rows,
  /// both ways between runs), never one beyond the caches (pack 4096x4096:
  /// groups of 4 tiles 1.14x slower, 1.58x with streaming stores) nor the
  /// padded pack 500x1000 (1.16x slower): a tuning knob, no default.
  std::optional<int64_t> tilesPerGroup;
  bool transposed = false;
  /// Whether a whole tile is straight-line code (it fits in the registers).
  bool unrolled = true;
};

} // namespace regtile::tile_copies

#endif // REGTILE_PATTERNS_LIB_PACKUNPACKINTERNALS_H
