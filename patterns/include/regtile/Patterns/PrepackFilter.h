//===- PrepackFilter.h ------------------------------------------*- C++ -*-===//
//
// The library's API for transform.regtile.prepack_filter and
// transform.apply_patterns.regtile.fold_unpacked_tiles.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PREPACKFILTER_H
#define REGTILE_PATTERNS_PREPACKFILTER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

// A convolution's filter packed once, ahead of the calls that read it, as an
// inference runtime reorders its weights (oneDNN's users do): the filter,
// an argument of the function or computed from one by ops free of memory
// effects (reshapes and transposes: an NCHW layer's FCHW filter made
// [ci][kh][kw][oc] by convert_to_channels_last), is laid out in blocks of
// `channels` output channels, [oc / channels][kh][kw][ci][channels]
// (zero-padded to whole blocks), by a new function `@<f>__prepack` (those
// ops, then the pack), and `@<f>` takes the packed filter and reads it
// through a `linalg.unpack` as [kh][kw][ci][oc] (a generic's filter map
// changes with it):
//
//   func @f(%x, %fp: memref<OBxKHxKWxCIxCH>, ...)     (was %f: KHxKWxCIxCO)
//     %f = linalg.unpack (to_tensor %fp) outer_dims_perm = [3, 0, 1, 2]
//            inner_dims_pos = [3] inner_tiles = [CH]
//     ... conv(%x, %f) ...
//   func @f__prepack(%f: memref<KHxKWxCIxCO>) -> memref<OBxKHxKWxCIxCH>
//     linalg.pack %f padding_value(0) ...    (same layout; a new buffer)
//
// Tiled along the output channels by CH, the unpack is one block of the
// packed filter (fold_unpacked_tiles: a view), so the micro-kernel reads
// the block where it is instead of packing it in every call. Every
// `func.call @f` of the module is rewritten to pack first (the packed
// buffer freed after the call for a memref argument), so the module
// computes what it did; a caller that calls @f many times with one filter
// calls @f__prepack once (and frees its buffer).
struct PrepackFilterOptions {
  /// The output channels of a block: the register tile's
  /// (convolution_blocking's `channels`).
  int64_t channels = 0;
};

struct PrepackFilterResult {
  mlir::func::FuncOp prepack;
  mlir::linalg::UnPackOp unpack;
};

/// Packs the filter of `conv` as above. Fails without changing the IR,
/// setting `reason`, if `conv` is not a dense 2-D convolution on tensors
/// whose filter has static sizes and is indexed by (kh, kw, ci, oc) in some
/// order (HWCF for a named convolution), if the filter is not computed
/// from exactly one argument of the enclosing function (a tensor, or a
/// memref with the identity layout) by ops of its entry block free of
/// memory effects (a `bufferization.to_tensor` of the argument aside), if
/// the argument or those ops have other uses, if the function is
/// referenced other than by `func.call`, or if `@<f>__prepack` exists
/// already (one packed argument per function).
mlir::FailureOr<PrepackFilterResult>
prepackFilter(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp conv,
              const PrepackFilterOptions &options, std::string &reason);

/// Whether the blocks of `tile` along `dim` of `unpack`'s result are views
/// of its source: its one inner tile is `tile` along `dim`, the result's
/// innermost dim, and its outer dims keep their order (what prepackFilter
/// writes), so fold_unpacked_tiles turns the unpack of each block into a
/// slice of the packed tensor.
bool unpacksToViewsOfBlocks(mlir::linalg::UnPackOp unpack, int64_t dim,
                            int64_t tile);

/// Replaces a `linalg.unpack` of one tile along each tiled dim (the
/// source's outer size 1 there: what tiling an unpack by its tiles leaves)
/// whose dims keep their order by a rank-reducing `tensor.extract_slice`
/// of its source (the first elements of a partial tile): a view, not a
/// copy.
void populateFoldUnpackedTilesPatterns(mlir::RewritePatternSet &patterns);

} // namespace regtile

#endif // REGTILE_PATTERNS_PREPACKFILTER_H
