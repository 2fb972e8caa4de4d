//===- LoopInvariance.cpp - Values invariant in a loop nest ---------------===//

#include "regtile/Patterns/LoopUtils.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace regtile {

static bool definedOutside(Operation *loop, Value v) {
  return !loop->isAncestor(v.getParentRegion()->getParentOp());
}

bool isLoopInvariant(Operation *loop, Value v) {
  if (definedOutside(loop, v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || !isPure(def) || def->getNumRegions() != 0)
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value o) { return isLoopInvariant(loop, o); });
}

Value hoistInvariant(OpBuilder &b, Operation *loop, Value v,
                     IRMapping &hoisted) {
  if (definedOutside(loop, v))
    return v;
  if (Value h = hoisted.lookupOrNull(v))
    return h;
  Operation *def = v.getDefiningOp();
  for (Value o : def->getOperands())
    hoisted.map(o, hoistInvariant(b, loop, o, hoisted));
  Operation *clone = b.clone(*def, hoisted);
  return clone->getResult(cast<OpResult>(v).getResultNumber());
}

OpFoldResult hoistInvariant(OpBuilder &b, Operation *loop, OpFoldResult v,
                            IRMapping &hoisted) {
  if (auto value = dyn_cast<Value>(v))
    return hoistInvariant(b, loop, value, hoisted);
  return v;
}

} // namespace regtile
