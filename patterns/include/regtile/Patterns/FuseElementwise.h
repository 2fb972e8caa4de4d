//===- FuseElementwise.h - regtile.fuse_elementwise -------------*- C++ -*-===//
//
// The library's API for transform.apply_patterns.regtile.fuse_elementwise.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_FUSEELEMENTWISE_H
#define REGTILE_PATTERNS_FUSEELEMENTWISE_H

#include "mlir/IR/PatternMatch.h"

namespace regtile {

/// Makes a chain of elementwise ops one linalg.generic, the form of an
/// epilogue cache_reduce computes on a register tile (a bias add then a
/// GELU, as frameworks emit them):
/// - named elementwise linalg ops (linalg.add, linalg.max, linalg.exp,
///   linalg.elementwise, ...) become linalg.generic; a linalg.broadcast or
///   linalg.transpose does too when every user reads it as an input of an
///   elementwise op (a bias broadcast into an add: it then becomes that
///   input's indexing map), not as another op's output (a bias broadcast
///   into a convolution's output stays: the convolution starts from it);
/// - an elementwise linalg.generic whose result has one use, an input of
///   another elementwise linalg.generic, is fused into it (upstream's
///   elementwise fusion; computed once either way);
/// - an elementwise linalg.generic written in place on the result of
///   another linalg op (`outs(%conv)`, read in the body), that result's
///   one use, reads it as an input instead and writes a tensor.empty.
/// Fills, copies and non-elementwise ops are left alone.
void populateFuseElementwisePatterns(mlir::RewritePatternSet &patterns);

} // namespace regtile

#endif // REGTILE_PATTERNS_FUSEELEMENTWISE_H
