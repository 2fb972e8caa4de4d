//===- Marks.h - The regtile.* attributes -----------------------*- C++ -*-===//
//
// Every discardable `regtile.*` attribute regtile reads, in one place. A
// schedule sets the loop marks with `transform.annotate` (or a regtile op
// sets them); passes of `regtile-lower-to-llvm` read them. The pipeline
// starts with `regtile-verify-marks`, so that a misspelled or mistyped mark
// is an error instead of being ignored.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_MARKS_H
#define REGTILE_PATTERNS_MARKS_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace regtile {

/// A loop that asks for streaming (non-temporal) stores: unit, read by
/// regtile-streaming-stores.
constexpr llvm::StringLiteral kStreamingStoresAttrName =
    "regtile.streaming_stores";
/// A loop that asks for store prefetches that many bytes ahead: i64, read
/// by regtile-prefetch-stores.
constexpr llvm::StringLiteral kPrefetchStoresAttrName =
    "regtile.prefetch_stores";
/// A fill nest to move into the first iteration of the loop after it: unit,
/// read by regtile-fill-on-first-use.
constexpr llvm::StringLiteral kFillOnFirstUseAttrName =
    "regtile.fill_on_first_use";
/// An scf.for whose accesses are prefetched that many iterations ahead:
/// i64, read by regtile-prefetch-ahead.
constexpr llvm::StringLiteral kPrefetchAheadAttrName = "regtile.prefetch_ahead";
/// An scf.for whose scalar streams (accesses that move by less than a cache
/// line per iteration) are prefetched that many iterations ahead: i64, read
/// by regtile-prefetch-ahead.
constexpr llvm::StringLiteral kPrefetchStreamsAheadAttrName =
    "regtile.prefetch_streams_ahead";
/// An scf.for whose scalar streams are prefetched, into L2, for the next
/// iteration of the innermost enclosing loop that moves them: unit, read by
/// regtile-prefetch-ahead.
constexpr llvm::StringLiteral kPrefetchStreamsNextAttrName =
    "regtile.prefetch_streams_next";
/// A loop whose bounds skip_padded_taps trimmed from [lb, ub): the
/// iterations in that range it no longer runs add nothing and may run
/// (array<i64: lb, ub>), read by regtile-fill-on-first-use.
constexpr llvm::StringLiteral kTrimmedFromAttrName = "regtile.trimmed_from";

/// What a mark's value must be.
/// The two parts of a reduction split by peel_reduction_block (on the
/// linalg ops, and on their tiles: schedules find them again with
/// `transform.structured.match attributes{...}` after fusion).
constexpr llvm::StringLiteral kReductionHeadAttrName = "regtile.reduction_head";
constexpr llvm::StringLiteral kReductionTailAttrName = "regtile.reduction_tail";
/// A GEMM that convert_pointwise_to_matmul made of a 1x1 convolution (unit):
/// the convolution strategy finds it again by it and blocks it as a GEMM.
constexpr llvm::StringLiteral kFromConvolutionAttrName =
    "regtile.from_convolution";

/// A transpose convert_to_channels_last added (unit): the convolution
/// strategy finds it again by it, once the convolutions are scheduled (and
/// fuses it into their tiles or blocks it).
constexpr llvm::StringLiteral kChannelsLastTransposeAttrName =
    "regtile.channels_last_transpose";

enum class MarkKind { Unit, Integer, String, Range };

struct MarkInfo {
  llvm::StringLiteral name;
  MarkKind kind;
};

/// Every regtile.* attribute: the loop marks above and the target
/// description (kTargetAttrName, a string on any op).
llvm::ArrayRef<MarkInfo> getMarks();

/// Checks every discardable `regtile.*` attribute of the ops under `root`
/// (`root` included): an unknown name is an error naming the known ones
/// (and the nearest, for a misspelling), a value of the wrong kind an error
/// naming the kind. Fails if any is reported.
mlir::LogicalResult verifyMarks(mlir::Operation *root);

} // namespace regtile

#endif // REGTILE_PATTERNS_MARKS_H
