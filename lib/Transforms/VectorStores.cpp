//===- VectorStores.cpp - what a vector store writes ----------------------===//

#include "VectorStores.h"

using namespace mlir;

namespace regtile {

std::optional<VectorStoreAccess> matchVectorStore(Operation *op) {
  VectorStoreAccess a;
  if (auto store = dyn_cast<vector::StoreOp>(op)) {
    a = {store.getBase(), store.getValueToStore(), store.getIndices(), true};
  } else if (auto store = dyn_cast<vector::MaskedStoreOp>(op)) {
    a = {store.getBase(), store.getValueToStore(), store.getIndices(), false};
  } else if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
    if (!isa<MemRefType>(write.getBase().getType()) ||
        !write.getPermutationMap().isMinorIdentity())
      return std::nullopt;
    bool inBounds =
        llvm::all_of(write.getInBoundsValues(), [](bool b) { return b; });
    a = {write.getBase(), write.getVector(), write.getIndices(),
         !write.getMask() && inBounds};
  } else {
    return std::nullopt;
  }
  auto type = cast<VectorType>(a.value.getType());
  if (type.getRank() != 1 || type.isScalable())
    return std::nullopt;
  return a;
}

bool isDefinedOutside(Value v, Operation *loop) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return !loop->isAncestor(arg.getOwner()->getParentOp());
  return !loop->isAncestor(v.getDefiningOp());
}

LogicalResult applyToMarkedOps(
    Operation *root, StringRef attrName, StringRef skipped,
    function_ref<StoreStageOutcome(Operation *, Attribute, std::string &)>
        apply) {
  SmallVector<Operation *> marked;
  root->walk([&](Operation *op) {
    if (op->hasAttr(attrName))
      marked.push_back(op);
  });
  bool ok = true;
  for (Operation *op : marked) {
    Attribute attr = op->getAttr(attrName);
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
  return success(ok);
}

} // namespace regtile
