//===- LoopUtils.cpp - Values invariant in a loop nest --------------------===//

#include "regtile/Patterns/LoopUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

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

void hoistOutOfLoops(ValueRange values) {
  if (values.empty())
    return;
  Block *block = values.front().getParentBlock();
  while (auto loop = dyn_cast_if_present<scf::ForOp>(block->getParentOp())) {
    // The ops of the block the values depend on (through nested regions
    // too), each once.
    llvm::SetVector<Operation *> ops;
    SmallVector<Value> worklist(values.begin(), values.end());
    bool movable = true;
    while (!worklist.empty() && movable) {
      Value v = worklist.pop_back_val();
      if (!loop->isAncestor(v.getParentRegion()->getParentOp()))
        continue;
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != block || !isMemoryEffectFree(def)) {
        movable = false;
        break;
      }
      if (!ops.insert(def))
        continue;
      llvm::append_range(worklist, def->getOperands());
      llvm::SetVector<Value> above;
      getUsedValuesDefinedAbove(def->getRegions(), above);
      llvm::append_range(worklist, above.getArrayRef());
    }
    if (!movable)
      return;
    SmallVector<Operation *> ordered(ops.begin(), ops.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    for (Operation *op : ordered)
      op->moveBefore(loop);
    block = loop->getBlock();
  }
}

} // namespace regtile

FailureOr<int64_t> regtile::constantUpperBound(OpFoldResult size) {
  if (std::optional<int64_t> c = getConstantIntValue(size))
    return *c;
  return ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB,
      ValueBoundsConstraintSet::Variable(cast<Value>(size)),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
}

FailureOr<int64_t> regtile::constantUpperBound(Value shaped, int64_t dim) {
  return ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB,
      ValueBoundsConstraintSet::Variable(shaped, dim),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
}
