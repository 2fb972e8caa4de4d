//===- AMXTiles.h - vector contractions on AMX tiles ------------*- C++ -*-===//
//
// The library's API for regtile-vector-to-amx: contractions in the VNNI
// layout (upstream's convert-vector-to-amx form) on the AMX tile unit, with
// the accumulators kept in tile registers across the reduction loop.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_AMXTILES_H
#define REGTILE_PATTERNS_AMXTILES_H

#include "mlir/IR/PatternMatch.h"

namespace regtile {

struct TargetInfo;

/// Patterns that keep AMX tiles in tile registers where upstream's
/// convert-vector-to-amx moves each tile through a vector and a stack
/// buffer, around every `amx.tile_mulf` / `amx.tile_muli`:
/// - a loop-carried vector accumulator that each iteration writes to a
///   buffer, loads as a tile and yields back from a tile stored to another
///   buffer: the loop carries the tile itself (one tile register, no
///   memory traffic per iteration);
/// - a tile loaded from a buffer that only holds a vector just read from
///   memory with contiguous rows: loaded from that memory; from a zero
///   constant: `amx.tile_zero`;
/// - a tile stored to a buffer only read back to be written to memory with
///   contiguous rows: stored there;
/// - a tile load of what an earlier load in the block read, nothing written
///   in between: that load's tile (upstream loads an operand once per
///   contraction that uses it).
void populateAMXTileForwardingPatterns(mlir::RewritePatternSet &patterns);

/// Moves `memref.alloca` ops that AMX ops use out of the sequential loops
/// around them, to the start of the nearest function, parallel-loop or
/// alloca-scope body: an alloca inside a loop takes new stack space on
/// every iteration. Safe for these buffers: each is written before it is
/// read, in one iteration.
void hoistAMXBuffers(mlir::Operation *root);

/// Converts the vector contractions under `root` that the AMX unit of
/// `target` computes (bf16 x bf16 -> f32 with AMX-BF16, i8 x i8 -> i32
/// with AMX-INT8; in the VNNI layout, at most 16 x 16 tiles: upstream's
/// convert-vector-to-amx form) to AMX ops, then forwards the tiles
/// (populateAMXTileForwardingPatterns) and hoists their buffers. Others,
/// and those with a masked operand, are left as they are. Returns the
/// number of contractions converted; fails, with an error at the buffer,
/// where a tile still moves through a stack buffer in a parallel loop's
/// body (regtile-lower-to-llvm cannot lower an alloca there).
mlir::FailureOr<int64_t> convertVectorToAMX(mlir::Operation *root,
                                            const TargetInfo &target);

} // namespace regtile

#endif // REGTILE_PATTERNS_AMXTILES_H
