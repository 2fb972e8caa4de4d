//===- StreamingStores.h - regtile-streaming-stores -------------*- C++ -*-===//
//
// The library's API for regtile-streaming-stores.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_STREAMINGSTORES_H
#define REGTILE_PATTERNS_STREAMINGSTORES_H

#include "regtile/Patterns/Marks.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace regtile {

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

} // namespace regtile

#endif // REGTILE_PATTERNS_STREAMINGSTORES_H
