//===- Epilogue.cpp - Elementwise consumers computed on a register tile ---===//

#include "regtile/Patterns/Epilogue.h"

using namespace mlir;

namespace regtile {

bool isWholeElementwiseConsumer(linalg::GenericOp e, Value value) {
  auto type = dyn_cast<RankedTensorType>(e->getResult(0).getType());
  auto valueType = dyn_cast<RankedTensorType>(value.getType());
  if (e.getNumDpsInits() != 1 || e.getNumParallelLoops() != e.getNumLoops() ||
      !type || !valueType || type.getShape() != valueType.getShape())
    return false;
  unsigned uses = 0;
  for (OpOperand *in : e.getDpsInputOperands()) {
    if (in->get() != value)
      continue;
    ++uses;
    if (!e.getMatchingIndexingMap(in).isIdentity())
      return false;
  }
  return uses == 1 &&
         e.getMatchingIndexingMap(e.getDpsInitOperand(0)).isIdentity();
}

Operation *epilogueRoot(linalg::LinalgOp op) {
  if (op->getNumResults() != 1)
    return op;
  Value result = op->getResult(0);
  if (result.hasOneUse())
    if (auto e = dyn_cast<linalg::GenericOp>(*result.getUsers().begin()))
      if (isWholeElementwiseConsumer(e, result))
        return e;
  return op;
}

} // namespace regtile
