//===- Marks.cpp - The regtile.* attributes -------------------------------===//

#include "regtile/Patterns/Marks.h"
#include "regtile/Patterns/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEVERIFYMARKS
#include "regtile/Patterns/Passes.h.inc"

ArrayRef<MarkInfo> getMarks() {
  static const MarkInfo marks[] = {
      {kTargetAttrName, MarkKind::String},
      {kStreamingStoresAttrName, MarkKind::Unit},
      {kPrefetchStoresAttrName, MarkKind::Integer},
      {kFillOnFirstUseAttrName, MarkKind::Unit},
      {kPrefetchAheadAttrName, MarkKind::Integer},
      {kPrefetchStreamsAheadAttrName, MarkKind::Integer},
      {kPrefetchStreamsNextAttrName, MarkKind::Unit},
      {kReductionHeadAttrName, MarkKind::Unit},
      {kReductionTailAttrName, MarkKind::Unit},
      {kFromConvolutionAttrName, MarkKind::Unit},
      {kChannelsLastTransposeAttrName, MarkKind::Unit},
      {kTrimmedFromAttrName, MarkKind::Range},
  };
  return marks;
}

namespace {

StringRef kindName(MarkKind kind) {
  switch (kind) {
  case MarkKind::Unit:
    return "a unit attribute";
  case MarkKind::Integer:
    return "an integer";
  case MarkKind::String:
    return "a string";
  case MarkKind::Range:
    return "array<i64: lb, ub> with lb <= ub";
  }
  llvm_unreachable("unknown mark kind");
}

bool hasKind(Attribute value, MarkKind kind) {
  switch (kind) {
  case MarkKind::Unit:
    return isa<UnitAttr>(value);
  case MarkKind::Integer:
    return isa<IntegerAttr>(value);
  case MarkKind::String:
    return isa<StringAttr>(value);
  case MarkKind::Range: {
    auto range = dyn_cast<DenseI64ArrayAttr>(value);
    return range && range.size() == 2 && range[0] <= range[1];
  }
  }
  llvm_unreachable("unknown mark kind");
}

/// The known mark nearest to `name` if it looks like a misspelling of it.
const MarkInfo *nearest(StringRef name) {
  const MarkInfo *best = nullptr;
  unsigned bestDistance = 4; // more edits than this: not a misspelling
  for (const MarkInfo &mark : getMarks()) {
    unsigned d =
        name.edit_distance(mark.name, /*AllowReplacements=*/true, bestDistance);
    if (d < bestDistance) {
      best = &mark;
      bestDistance = d;
    }
  }
  return best;
}

LogicalResult verifyMark(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  const MarkInfo *mark = llvm::find_if(
      getMarks(), [&](const MarkInfo &m) { return m.name == name; });
  if (mark == getMarks().end()) {
    InFlightDiagnostic diag = op->emitError()
                              << "unknown regtile attribute '" << name << "'";
    if (const MarkInfo *guess = nearest(name))
      diag << " (did you mean '" << guess->name << "'?)";
    diag << "; the known ones are";
    llvm::interleave(
        getMarks(), [&](const MarkInfo &m) { diag << " '" << m.name << "'"; },
        [&] { diag << ","; });
    return diag;
  }
  if (!hasKind(attr.getValue(), mark->kind))
    return op->emitError() << "'" << name << "' must be "
                           << kindName(mark->kind) << ", got "
                           << attr.getValue();
  return success();
}

} // namespace

LogicalResult verifyMarks(Operation *root) {
  bool failed = false;
  root->walk([&](Operation *op) {
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().getValue().starts_with("regtile."))
        failed |= mlir::failed(verifyMark(op, attr));
  });
  return failure(failed);
}

namespace {
struct RegtileVerifyMarksPass
    : public impl::RegtileVerifyMarksBase<RegtileVerifyMarksPass> {
  void runOnOperation() override {
    if (failed(verifyMarks(getOperation())))
      signalPassFailure();
  }
};
} // namespace

} // namespace regtile
