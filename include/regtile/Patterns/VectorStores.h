//===- VectorStores.h - what a vector store writes --------------*- C++ -*-===//
//
// What regtile's store stages (streaming stores, store prefetches) share:
// which vector stores they work on and what those write, and the driver
// that applies a stage to the loops a schedule marked for it.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_VECTORSTORES_H
#define REGTILE_PATTERNS_VECTORSTORES_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace regtile {

/// A write of a 1-D vector into a buffer, starting at `indices`.
struct VectorStoreAccess {
  mlir::Value memref;
  mlir::Value value;
  mlir::ValueRange indices;
  /// Writes every lane (no mask, in bounds, minor identity).
  bool whole = false;
};

/// vector.store, vector.maskedstore, or a minor-identity
/// vector.transfer_write of a fixed 1-D vector into a memref; nullopt for
/// anything else.
inline std::optional<VectorStoreAccess> matchVectorStore(mlir::Operation *op) {
  VectorStoreAccess a;
  if (auto store = llvm::dyn_cast<mlir::vector::StoreOp>(op)) {
    a = {store.getBase(), store.getValueToStore(), store.getIndices(), true};
  } else if (auto store = llvm::dyn_cast<mlir::vector::MaskedStoreOp>(op)) {
    a = {store.getBase(), store.getValueToStore(), store.getIndices(), false};
  } else if (auto write = llvm::dyn_cast<mlir::vector::TransferWriteOp>(op)) {
    if (!llvm::isa<mlir::MemRefType>(write.getBase().getType()) ||
        !write.getPermutationMap().isMinorIdentity())
      return std::nullopt;
    bool inBounds =
        llvm::all_of(write.getInBoundsValues(), [](bool b) { return b; });
    a = {write.getBase(), write.getVector(), write.getIndices(),
         !write.getMask() && inBounds};
  } else {
    return std::nullopt;
  }
  auto type = llvm::cast<mlir::VectorType>(a.value.getType());
  if (type.getRank() != 1 || type.isScalable())
    return std::nullopt;
  return a;
}

/// True if `v` is defined outside `loop` (so a check or an address can be
/// built before it).
inline bool isDefinedOutside(mlir::Value v, mlir::Operation *loop) {
  if (auto arg = llvm::dyn_cast<mlir::BlockArgument>(v))
    return !loop->isAncestor(arg.getOwner()->getParentOp());
  return !loop->isAncestor(v.getDefiningOp());
}

/// What a store stage made of a marked op.
enum class StoreStageOutcome {
  Applied,
  /// A loop the stage found nothing to do in: a warning.
  Skipped,
  /// A misplaced or malformed mark: an error.
  Invalid,
};

/// For every op under `root` carrying `attrName`: removes the attribute and
/// calls `apply(op, attr, reason)`; reports Skipped as a warning
/// ("<attrName>: <skipped>: <reason>") and Invalid as an error
/// ("<attrName>: <reason>"). Fails if any mark was invalid.
inline mlir::LogicalResult applyToMarkedOps(
    mlir::Operation *root, llvm::StringRef attrName, llvm::StringRef skipped,
    llvm::function_ref<StoreStageOutcome(mlir::Operation *, mlir::Attribute,
                                         std::string &)>
        apply) {
  llvm::SmallVector<mlir::Operation *> marked;
  root->walk([&](mlir::Operation *op) {
    if (op->hasAttr(attrName))
      marked.push_back(op);
  });
  bool ok = true;
  for (mlir::Operation *op : marked) {
    mlir::Attribute attr = op->getAttr(attrName);
    op->removeAttr(attrName);
    std::string reason;
    switch (apply(op, attr, reason)) {
    case StoreStageOutcome::Applied:
      break;
    case StoreStageOutcome::Skipped:
      op->emitWarning() << attrName << ": " << skipped << ": " << reason;
      break;
    case StoreStageOutcome::Invalid:
      op->emitError() << attrName << ": " << reason;
      ok = false;
      break;
    }
  }
  return mlir::success(ok);
}

} // namespace regtile

#endif // REGTILE_PATTERNS_VECTORSTORES_H
