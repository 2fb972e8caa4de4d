//===- FillOnFirstUseAnalysis.cpp - The fill and its reader ---------------===//

#include "FillOnFirstUseInternals.h"

#include "VectorStores.h"
#include "regtile/Patterns/Marks.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <map>

using namespace mlir;

namespace regtile::fill_on_first_use {

bool isView(Value m) {
  return m.getDefiningOp<memref::SubViewOp>() ||
         m.getDefiningOp<memref::CastOp>() || isUnitDimExpansion(m);
}

/// The buffer `m` is a view of (through memref.subview, memref.cast and
/// unit-dim memref.expand_shape).
Value viewRoot(Value m) {
  while (isView(m))
    m = m.getDefiningOp()->getOperand(0);
  return m;
}

namespace {

/// The buffers `m` may be a view of: through memref.subview / memref.cast
/// and the other view-like ops (expand_shape, collapse_shape, ...), and
/// through the values scf.for, scf.if and scf.index_switch carry
/// (initial and yielded values). False if some are not known (a buffer loaded,
/// or returned by an op the pass does not follow). Distinct function arguments
/// and allocations are distinct buffers.
bool mayRoots(Value m, llvm::SetVector<Value> &roots,
              llvm::SmallPtrSetImpl<Value> &visited) {
  m = viewRoot(m);
  if (!visited.insert(m).second)
    return true;
  auto follow = [&](ArrayRef<Value> values) {
    return llvm::all_of(values,
                        [&](Value v) { return mayRoots(v, roots, visited); });
  };
  if (auto arg = dyn_cast<BlockArgument>(m)) {
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
      if (arg == loop.getInductionVar())
        return false;
      OpOperand *init = loop.getTiedLoopInit(arg);
      OpOperand *yielded = loop.getTiedLoopYieldedValue(arg);
      return follow({init->get(), yielded->get()});
    }
    if (isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
      return roots.insert(m), true;
    return false;
  }
  Operation *def = m.getDefiningOp();
  unsigned n = cast<OpResult>(m).getResultNumber();
  if (auto loop = dyn_cast<scf::ForOp>(def))
    return follow({loop.getInitArgs()[n], loop.getYieldedValues()[n]});
  if (isa<scf::IfOp, scf::IndexSwitchOp>(def))
    return llvm::all_of(def->getRegions(), [&](Region &r) {
      return mayRoots(r.front().getTerminator()->getOperand(n), roots, visited);
    });
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return roots.insert(m), true;
  // Any other view (an expand_shape / collapse_shape of a transposed
  // filter): the buffers its source may be.
  if (auto view = dyn_cast<ViewLikeOpInterface>(def);
      view && view->getNumResults() == 1)
    return follow({view.getViewSource()});
  return false;
}

/// Calls `visit(effect)` for each memory effect of `op` and of the ops
/// nested in it; false if some op's effects are unknown.
bool forEachEffect(
    Operation *op,
    function_ref<bool(Operation *, const MemoryEffects::EffectInstance &)>
        visit) {
  WalkResult result = op->walk([&](Operation *nested) {
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!iface)
      return nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects)
      if (!visit(nested, effect))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// The indices of `access`'s buffer (through views) without building any
/// op: a null entry where the index is not an existing value (an offset
/// added to an index, a strided view).
SmallVector<OpFoldResult> rootIndices(const Access &access) {
  SmallVector<OpFoldResult> indices(access.indices.begin(),
                                    access.indices.end());
  Value m = access.memref;
  for (; isView(m); m = m.getDefiningOp()->getOperand(0)) {
    auto subview = m.getDefiningOp<memref::SubViewOp>();
    if (!subview)
      continue;
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<OpFoldResult> source;
    unsigned k = 0;
    for (auto [d, offset] : llvm::enumerate(subview.getMixedOffsets())) {
      if (dropped.test(d)) {
        source.push_back(offset);
        continue;
      }
      OpFoldResult index = indices[k++];
      if (isConstantIntValue(offset, 0) &&
          isConstantIntValue(subview.getMixedStrides()[d], 1))
        source.push_back(index);
      else if (isConstantIntValue(index, 0))
        source.push_back(offset);
      else
        source.push_back(OpFoldResult());
    }
    indices = std::move(source);
  }
  return indices;
}

/// The fill's loop tree: loops without carried values, counting in
/// indices; ops beside loops pure; every leaf (a body without loops) at
/// the same depth. Sets `fill.depth`; returns the leaves and the loops.
LogicalResult matchLoopTree(scf::ForOp outer, Fill &fill,
                            SmallVectorImpl<Block *> &leaves,
                            SmallVectorImpl<scf::ForOp> &tree,
                            std::string &reason) {
  SmallVector<std::pair<scf::ForOp, unsigned>> worklist{{outer, 1}};
  while (!worklist.empty()) {
    auto [loop, depth] = worklist.pop_back_val();
    tree.push_back(loop);
    if (!loop.getInitArgs().empty()) {
      reason = "the fill's loops carry values";
      return failure();
    }
    if (!loop.getInductionVar().getType().isIndex()) {
      reason = "the fill's loops count in integers, not indices";
      return failure();
    }
    // (A loop carrying values, e.g. the gather of a vector of a
    // transposed operand's elements one by one, is part of a copy.)
    auto isBranch = [](Operation &op) {
      auto inner = dyn_cast<scf::ForOp>(op);
      return inner && inner.getInitArgs().empty();
    };
    bool branch = false;
    for (Operation &op : loop.getBody()->without_terminator())
      if (isBranch(op)) {
        branch = true;
        worklist.push_back({cast<scf::ForOp>(op), depth + 1});
      }
    if (!branch) {
      if (fill.depth && fill.depth != depth) {
        reason = "the fill's copies are at different loop depths";
        return failure();
      }
      fill.depth = depth;
      leaves.push_back(loop.getBody());
      continue;
    }
    for (Operation &op : loop.getBody()->without_terminator())
      if (!isBranch(op) && !isPure(&op)) {
        reason = "the fill has an op with side effects beside its loops";
        return failure();
      }
  }
  return success();
}

/// Checks that `store` (by `op`, into the cache `root`) puts the IVs of the
/// loops around it in the cache's leading dims, one loop per dim (any
/// order), each loop at the same dim for every store. Unit dims of the
/// cache among them are at 0 (e.g. the one micro-panel when a panel is one
/// register tile wide: its loop ran once and was folded). Records the dims
/// in `fill.dimOfLoop` and `fill.rowDims`.
LogicalResult matchStoreIndices(Fill &fill, Operation *op, const Access &store,
                                Value root, std::string &reason) {
  SmallVector<OpFoldResult> indices = rootIndices(store);
  auto rootType = dyn_cast<MemRefType>(root.getType());
  ArrayRef<int64_t> shape =
      rootType ? rootType.getShape() : ArrayRef<int64_t>();
  SmallVector<Operation *> seen;
  unsigned d = 0;
  for (unsigned matched = 0; matched < fill.depth; ++matched, ++d) {
    while (d < indices.size() && d < shape.size() && shape[d] == 1 &&
           isConstantIntValue(indices[d], 0))
      ++d;
    auto iv =
        d < indices.size() ? dyn_cast_if_present<Value>(indices[d]) : Value();
    auto arg = dyn_cast_or_null<BlockArgument>(iv);
    auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                    : scf::ForOp();
    if (!loop || loop.getInductionVar() != iv ||
        !fill.outer->isAncestor(loop) || !loop->isAncestor(op) ||
        llvm::is_contained(seen, loop)) {
      reason = "the fill's stores are not at the loops' induction "
               "variables in the cache's leading dims";
      return failure();
    }
    seen.push_back(loop);
    auto [it, inserted] = fill.dimOfLoop.try_emplace(loop, d);
    if (!inserted && it->second != d) {
      reason = "the fill's stores put a loop's induction variable in "
               "different dims of the cache";
      return failure();
    }
  }
  if (fill.rowDims && fill.rowDims != d) {
    reason = "the fill's stores index rows of the cache differently";
    return failure();
  }
  fill.rowDims = d;
  return success();
}

} // namespace

LogicalResult matchFill(scf::ForOp outer, Fill &fill, std::string &reason) {
  fill.outer = outer;
  SmallVector<Block *> leaves;
  SmallVector<scf::ForOp> tree;
  if (failed(matchLoopTree(outer, fill, leaves, tree, reason)))
    return failure();
  // Reads from buffers of known origin; writes only by the leaves' stores,
  // into one cache.
  bool ok = forEachEffect(outer, [&](Operation *op,
                                     const MemoryEffects::EffectInstance &e) {
    Value buffer = e.getValue();
    if (isa<MemoryEffects::Read>(e.getEffect()) && buffer) {
      llvm::SmallPtrSet<Value, 8> visited;
      if (mayRoots(buffer, fill.sources, visited))
        return true;
      reason = "the fill reads a buffer whose origin is not known";
      return false;
    }
    if (!isa<MemoryEffects::Write>(e.getEffect()) || !buffer ||
        !llvm::is_contained(leaves, op->getBlock())) {
      reason = "the fill does more than copy into one buffer ('" +
               op->getName().getStringRef().str() + "')";
      return false;
    }
    std::optional<Access> store = matchAccess(op);
    Value root = viewRoot(buffer);
    if (!store || !store->write || (fill.cache && fill.cache != root)) {
      reason = "the fill writes more than one buffer, or not by a load/store";
      return false;
    }
    fill.cache = root;
    return succeeded(matchStoreIndices(fill, op, *store, root, reason));
  });
  if (!ok) {
    if (reason.empty())
      reason = "the fill has an op with unknown memory effects";
    return failure();
  }
  if (!fill.cache)
    reason = "the fill writes nothing";
  else if (fill.sources.contains(fill.cache))
    reason = "the fill reads the cache it writes";
  else if (llvm::any_of(tree,
                        [&](scf::ForOp l) { return !fill.dimOfLoop.count(l); }))
    reason = "a loop of the fill stores nothing";
  else
    return success();
  return failure();
}

namespace {

/// Whether values inside `loop` depend on its induction variable (or on
/// anything not known to be the same in every iteration).
/// The operands that fix which values a loop's IV takes: its bounds and
/// step; only its step for a loop skip_padded_taps trimmed (marked
/// regtile.trimmed_from), whose IV stays in its old bounds, reading part
/// of the rows it read there (the rewrite fills the others before it in
/// the first iteration).
SmallVector<Value> rangeOperands(scf::ForOp loop) {
  if (loop->hasAttr(kTrimmedFromAttrName))
    return {loop.getStep()};
  return {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()};
}

class IterationDependence {
public:
  explicit IterationDependence(scf::ForOp loop) : loop(loop) {}

  bool depends(Value v) {
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    bool result = compute(v);
    memo[v] = result;
    return result;
  }

private:
  bool compute(Value v) {
    if (v == loop.getInductionVar())
      return true;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (!loop->isProperAncestor(owner))
        return false;
      // An inner loop's IV is as fixed as its bounds; other block
      // arguments (carried values) may be anything.
      auto inner = dyn_cast<scf::ForOp>(owner);
      if (!inner || v != inner.getInductionVar())
        return true;
      return llvm::any_of(rangeOperands(inner),
                          [&](Value o) { return depends(o); });
    }
    Operation *def = v.getDefiningOp();
    if (!loop->isProperAncestor(def))
      return false;
    if (def->getNumRegions() != 0 || !isPure(def))
      return true;
    return llvm::any_of(def->getOperands(),
                        [&](Value o) { return depends(o); });
  }

  scf::ForOp loop;
  DenseMap<Value, bool> memo;
};

/// Every read of the cache inside `consumer` (through views); fails if the
/// cache is used in another way, or outside the fill and `consumer`.
LogicalResult collectReads(const Fill &fill, Operation *consumer,
                           SmallVectorImpl<Operation *> &reads,
                           std::string &reason) {
  SmallVector<Value> worklist{fill.cache};
  while (!worklist.empty()) {
    Value m = worklist.pop_back_val();
    for (Operation *user : m.getUsers()) {
      if (user->getNumResults() == 1 && isView(user->getResult(0))) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (isa<memref::DeallocOp>(user) || fill.outer->isAncestor(user))
        continue;
      std::optional<Access> access = matchAccess(user);
      if (!consumer->isAncestor(user) || !access || access->write ||
          access->memref != m) {
        reason = "the cache is used by '" +
                 user->getName().getStringRef().str() +
                 "' other than read in the loop after the fill";
        return failure();
      }
      reads.push_back(user);
    }
  }
  if (reads.empty()) {
    reason = "the loop after the fill does not read the cache";
    return failure();
  }
  return success();
}

/// Whether every iteration of `consumer` reads the same cache elements as
/// its first one: the reads' indices, the views they read through and the
/// bounds and conditions of the ops around them do not depend on the
/// iteration.
LogicalResult sameReadsEveryIteration(scf::ForOp consumer,
                                      ArrayRef<Operation *> reads,
                                      std::string &reason) {
  IterationDependence dep(consumer);
  auto anyDepends = [&](ValueRange values) {
    return llvm::any_of(values, [&](Value v) { return dep.depends(v); });
  };
  for (Operation *read : reads) {
    Access access = *matchAccess(read);
    bool moves = anyDepends(access.indices);
    for (Value m = access.memref;
         !moves && isView(m) && consumer->isProperAncestor(m.getDefiningOp());
         m = m.getDefiningOp()->getOperand(0))
      moves = anyDepends(m.getDefiningOp()->getOperands());
    for (Operation *p = read->getParentOp(); !moves && p != consumer;
         p = p->getParentOp()) {
      if (auto loop = dyn_cast<scf::ForOp>(p))
        moves = anyDepends(rangeOperands(loop));
      else if (auto ifOp = dyn_cast<scf::IfOp>(p))
        moves = dep.depends(ifOp.getCondition());
      else if (auto sw = dyn_cast<scf::IndexSwitchOp>(p))
        moves = dep.depends(sw.getArg());
      else {
        reason = "the loop reads the cache inside '" +
                 p->getName().getStringRef().str() + "'";
        return failure();
      }
    }
    if (moves) {
      reason = "which cache elements the loop reads depends on its "
               "iteration: its first iteration is not where every element "
               "is first read";
      return failure();
    }
    // Each loop around the read moves it along the cache: a loop that does
    // not would run the fill of the row again in each of its iterations.
    SmallVector<Value> address(access.indices);
    for (Value m = access.memref;
         isView(m) && consumer->isProperAncestor(m.getDefiningOp());
         m = m.getDefiningOp()->getOperand(0))
      llvm::append_range(address, m.getDefiningOp()->getOperands());
    for (Operation *p = read->getParentOp(); p != consumer;
         p = p->getParentOp()) {
      auto loop = dyn_cast<scf::ForOp>(p);
      if (!loop)
        continue;
      Value iv = loop.getInductionVar();
      std::function<bool(Value)> uses = [&](Value v) {
        if (v == iv)
          return true;
        Operation *def = v.getDefiningOp();
        return def && loop->isProperAncestor(def) &&
               def->getNumRegions() == 0 && isPure(def) &&
               llvm::any_of(def->getOperands(), uses);
      };
      if (!llvm::any_of(address, uses)) {
        reason = "a loop around a read of the cache does not move it along "
                 "the cache: the fill of a row would run in each of its "
                 "iterations";
        return failure();
      }
    }
  }
  return success();
}

} // namespace

/// The loop after the fill (pure ops between them) that reads the cache,
/// the same elements at every iteration, and writes neither the cache nor
/// the fill's sources; its reads of the cache.
FailureOr<scf::ForOp> matchConsumer(const Fill &fill,
                                    SmallVectorImpl<Operation *> &reads,
                                    std::string &reason) {
  Operation *next = fill.outer->getNextNode();
  while (next && !isa<scf::ForOp>(next) && isMemoryEffectFree(next))
    next = next->getNextNode();
  auto consumer = dyn_cast_or_null<scf::ForOp>(next);
  if (!consumer) {
    reason = "no scf.for follows the fill";
    return failure();
  }
  if (failed(collectReads(fill, consumer, reads, reason)) ||
      failed(sameReadsEveryIteration(consumer, reads, reason)))
    return failure();
  // The fill's sources must hold the same data at every read: the loop
  // writes none of them (nor the cache).
  std::string written;
  bool known = forEachEffect(
      consumer, [&](Operation *op, const MemoryEffects::EffectInstance &e) {
        if (!isa<MemoryEffects::Write>(e.getEffect()))
          return true;
        llvm::SetVector<Value> roots;
        llvm::SmallPtrSet<Value, 8> visited;
        if (!e.getValue() || !mayRoots(e.getValue(), roots, visited) ||
            llvm::any_of(roots, [&](Value r) {
              return r == fill.cache || fill.sources.contains(r);
            })) {
          written = op->getName().getStringRef().str();
          return false;
        }
        return true;
      });
  if (known)
    return consumer;
  reason = written.empty()
               ? "the loop after the fill has an op with unknown memory "
                 "effects"
               : "the loop after the fill may write a buffer the fill "
                 "reads or the cache ('" +
                     written + "')";
  return failure();
}

} // namespace regtile::fill_on_first_use
