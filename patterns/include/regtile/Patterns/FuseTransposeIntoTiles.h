//===- FuseTransposeIntoTiles.h ---------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.fuse_transpose_into_tiles.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_FUSETRANSPOSEINTOTILES_H
#define REGTILE_PATTERNS_FUSETRANSPOSEINTOTILES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

// Moves a transpose of a tiled loop nest's result into the nest's innermost
// loop: each tile, right after its store and while it is in L1, is written
// transposed into the transpose's output (threaded through the loops as a
// new iter_arg / shared_out), instead of one pass over the whole result
// after the loops, which reads it back from memory. The form
// convert_to_channels_last leaves behind an NHWC convolution,
//
//   %nhwc = scf.forall ... { scf.for ... { ... tensor.insert_slice %tile } }
//   %c = tensor.collapse_shape %nhwc    // (n, h, w, c) -> (n, h*w, c)
//   %t = linalg.transpose %c [0, 2, 1]  // -> (n, c, h*w)
//   %out = tensor.expand_shape %t       // -> (n, c, h, w)
//
// becomes, per tile of the nest (a row of pixels x a block of channels),
//
//   %tile = ...                         // the tile, as before
//   %t = linalg.transpose %tile [0, 3, 1, 2] into a slice of %out_iter
//
// with the reshapes folded into the permutation (a collapse and an expand
// that only relabel the dims they group). The tiled transpose is
// vectorized at its tile's static upper bounds (masked where the tile is
// smaller): a vector.transpose in registers.
/// Fuses `transpose` as above; returns the loop holding the tiled,
/// vectorized transpose. Fails without changing the IR (`fused` false),
/// setting `reason`, if the transpose is not on tensors, its
/// input (through an optional collapse_shape) is not the result of an
/// scf.forall or scf.for whose innermost loop writes it by tiles
/// (tensor.insert_slice / tensor.parallel_insert_slice), if a reshape groups
/// dims of dynamic size or does not relabel the dims the transpose moves,
/// or if upstream's consumer fusion fails. Fails after fusing (`fused`
/// true; the tile left a valid linalg.transpose) if the tile's sizes have
/// no static upper bound or it does not vectorize.
mlir::FailureOr<mlir::Operation *>
fuseTransposeIntoTiles(mlir::RewriterBase &rewriter,
                       mlir::linalg::TransposeOp transpose, std::string &reason,
                       bool &fused);

} // namespace regtile

#endif // REGTILE_PATTERNS_FUSETRANSPOSEINTOTILES_H
