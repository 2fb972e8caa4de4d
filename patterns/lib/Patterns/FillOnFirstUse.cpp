//===- FillOnFirstUse.cpp - fill a cache where it is first read -----------===//

#include "VectorStores.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <map>

using namespace mlir;

namespace regtile {
namespace {

bool isView(Value m) {
  return m.getDefiningOp<memref::SubViewOp>() ||
         m.getDefiningOp<memref::CastOp>();
}

/// The buffer `m` is a view of (through memref.subview / memref.cast).
Value viewRoot(Value m) {
  while (isView(m))
    m = m.getDefiningOp()->getOperand(0);
  return m;
}

/// The buffers `m` may be a view of: through memref.subview / memref.cast,
/// and through the values scf.for, scf.if and scf.index_switch carry
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
  return false;
}

/// The fill: a tree of scf.for loops without carried values (a body holds
/// pure ops and loops, or, at the leaves, the copy), every leaf at the same
/// depth, every store at the IVs of the loops around it in the cache's
/// leading dims (and at 0 in unit dims among them).
struct Fill {
  scf::ForOp outer;
  Value cache;                    // the buffer it writes
  llvm::SetVector<Value> sources; // the buffers it reads
  unsigned depth = 0;             // loops around each store
  /// The leading dims of the cache that name a row: one per loop around a
  /// store, and unit dims at 0 among them.
  unsigned rowDims = 0;
  /// The cache dim each loop's IV indexes.
  DenseMap<Operation *, unsigned> dimOfLoop;
};

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

LogicalResult matchFill(scf::ForOp outer, Fill &fill, std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  fill.outer = outer;
  // The loop tree: leaves (bodies without loops) all at one depth; ops
  // beside loops pure.
  SmallVector<std::pair<scf::ForOp, unsigned>> worklist{{outer, 1}};
  SmallVector<Block *> leaves;
  SmallVector<scf::ForOp> tree;
  while (!worklist.empty()) {
    auto [loop, depth] = worklist.pop_back_val();
    tree.push_back(loop);
    if (!loop.getInitArgs().empty())
      return fail("the fill's loops carry values");
    if (!loop.getInductionVar().getType().isIndex())
      return fail("the fill's loops count in integers, not indices");
    bool branch = false;
    for (Operation &op : loop.getBody()->without_terminator())
      if (auto inner = dyn_cast<scf::ForOp>(op)) {
        branch = true;
        worklist.push_back({inner, depth + 1});
      }
    if (!branch) {
      if (fill.depth && fill.depth != depth)
        return fail("the fill's copies are at different loop depths");
      fill.depth = depth;
      leaves.push_back(loop.getBody());
      continue;
    }
    for (Operation &op : loop.getBody()->without_terminator())
      if (!isa<scf::ForOp>(op) && !isPure(&op))
        return fail("the fill has an op with side effects beside its loops");
  }
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
    // The leading dims of the cache at the IVs of the loops around the
    // store, one loop per dim (any order), each loop at the same dim for
    // every store.
    // Unit dims of the cache among them are at 0 (e.g. the one micro-panel
    // when a panel is one register tile wide: its loop ran once and was
    // folded).
    SmallVector<OpFoldResult> indices = rootIndices(*store);
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
      if (!loop || loop.getInductionVar() != iv || !outer->isAncestor(loop) ||
          !loop->isAncestor(op) || llvm::is_contained(seen, loop)) {
        reason = "the fill's stores are not at the loops' induction "
                 "variables in the cache's leading dims";
        return false;
      }
      seen.push_back(loop);
      auto [it, inserted] = fill.dimOfLoop.try_emplace(loop, d);
      if (!inserted && it->second != d) {
        reason = "the fill's stores put a loop's induction variable in "
                 "different dims of the cache";
        return false;
      }
    }
    if (fill.rowDims && fill.rowDims != d) {
      reason = "the fill's stores index rows of the cache differently";
      return false;
    }
    fill.rowDims = d;
    return true;
  });
  if (!ok) {
    if (reason.empty())
      reason = "the fill has an op with unknown memory effects";
    return failure();
  }
  if (!fill.cache)
    return fail("the fill writes nothing");
  if (fill.sources.contains(fill.cache))
    return fail("the fill reads the cache it writes");
  if (llvm::any_of(tree,
                   [&](scf::ForOp l) { return !fill.dimOfLoop.count(l); }))
    return fail("a loop of the fill stores nothing");
  return success();
}

/// Clones the body of `loop` (a loop of the fill) at the rewriter's
/// insertion point for the cache row at `indices`: its loops' IVs become
/// those indices, its loops their bodies. Records the whole vector stores
/// it clones.
void cloneForRow(RewriterBase &rewriter, const Fill &fill, scf::ForOp loop,
                 ArrayRef<Value> indices, IRMapping &mapping,
                 SmallVectorImpl<Operation *> &stores) {
  mapping.map(loop.getInductionVar(), indices[fill.dimOfLoop.lookup(loop)]);
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto inner = dyn_cast<scf::ForOp>(op)) {
      cloneForRow(rewriter, fill, inner, indices, mapping, stores);
      continue;
    }
    Operation *clone = rewriter.clone(op, mapping);
    if (std::optional<VectorStoreAccess> store = matchVectorStore(clone);
        store && store->whole)
      stores.push_back(clone);
  }
}

/// Whether values inside `loop` depend on its induction variable (or on
/// anything not known to be the same in every iteration).
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
      return depends(inner.getLowerBound()) || depends(inner.getUpperBound()) ||
             depends(inner.getStep());
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
      if (isa<memref::SubViewOp, memref::CastOp>(user)) {
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
        moves = anyDepends(
            {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()});
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

/// Records the ops a rewrite creates (and forgets those it erases), for
/// the index arithmetic it leaves unused to be erased afterwards.
struct CreatedOps : public RewriterBase::ForwardingListener {
  using ForwardingListener::ForwardingListener;
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    ops.insert(op);
    ForwardingListener::notifyOperationInserted(op, previous);
  }
  void notifyOperationErased(Operation *op) override {
    ops.remove(op);
    ForwardingListener::notifyOperationErased(op);
  }
  llvm::SetVector<Operation *> ops;
};

/// Whether the last dim of the view `m` is the last dim of its buffer (a
/// 1-D vector access of it runs along the buffer's last dim).
bool vectorAlongLastDim(Value m) {
  for (; isView(m); m = m.getDefiningOp()->getOperand(0)) {
    auto subview = m.getDefiningOp<memref::SubViewOp>();
    if (subview &&
        subview.getDroppedDims().test(subview.getSourceType().getRank() - 1))
      return false;
  }
  return true;
}

/// What a copy of the fill's body stored: a whole 1-D vector at `indices`
/// of the cache.
struct Stored {
  Value value;
  SmallVector<Value> indices;
};

bool sameIndex(Value a, Value b) {
  if (a == b)
    return true;
  std::optional<int64_t> x = getConstantIntValue(a), y = getConstantIntValue(b);
  return x && y && *x == *y;
}

/// Replaces `read` (a 1-D vector read of the cache at `indices`, the
/// cache's) by the part of a stored vector that covers it, with the read's
/// mask, bounds and padding applied. False if no store covers it (or the
/// read is not a vector read): it stays a load.
bool forwardStore(RewriterBase &rewriter, Operation *read,
                  ArrayRef<Value> indices, ArrayRef<Stored> stores) {
  if (!isa<vector::LoadOp, vector::MaskedLoadOp, vector::TransferReadOp>(
          read) ||
      indices.empty() || !vectorAlongLastDim(matchAccess(read)->memref))
    return false;
  auto type = cast<VectorType>(read->getResult(0).getType());
  std::optional<int64_t> offset = getConstantIntValue(indices.back());
  for (const Stored &s : stores) {
    auto storedType = cast<VectorType>(s.value.getType());
    std::optional<int64_t> start = getConstantIntValue(s.indices.back());
    if (storedType.getElementType() != type.getElementType() || !offset ||
        !start || *offset < *start ||
        *offset + type.getNumElements() >
            *start + storedType.getNumElements() ||
        s.indices.size() != indices.size() ||
        !llvm::all_of(llvm::seq<size_t>(0, indices.size() - 1), [&](size_t d) {
          return sameIndex(s.indices[d], indices[d]);
        }))
      continue;
    Location loc = read->getLoc();
    Value value = s.value;
    if (type != storedType)
      value = vector::ExtractStridedSliceOp::create(
          rewriter, loc, value, ArrayRef<int64_t>{*offset - *start},
          ArrayRef<int64_t>{type.getNumElements()}, ArrayRef<int64_t>{1});
    // Lanes the read does not take from memory.
    Value mask, passThru;
    if (auto load = dyn_cast<vector::MaskedLoadOp>(read)) {
      mask = load.getMask();
      passThru = load.getPassThru();
    } else if (auto transfer = dyn_cast<vector::TransferReadOp>(read)) {
      mask = transfer.getMask();
      if (!transfer.getInBoundsValues()[0]) {
        Value base = transfer.getBase();
        int64_t last = cast<MemRefType>(base.getType()).getRank() - 1;
        Value size = rewriter.createOrFold<memref::DimOp>(loc, base, last);
        Value left = rewriter.createOrFold<arith::SubIOp>(
            loc, size, transfer.getIndices().back());
        Value inBounds = vector::CreateMaskOp::create(
            rewriter, loc,
            VectorType::get(type.getShape(), rewriter.getI1Type()),
            ValueRange{left});
        mask = mask ? arith::AndIOp::create(rewriter, loc, mask, inBounds)
                          .getResult()
                    : inBounds;
      }
      if (mask)
        passThru = vector::BroadcastOp::create(rewriter, loc, type,
                                               transfer.getPadding());
    }
    if (mask)
      value = arith::SelectOp::create(rewriter, loc, mask, value, passThru);
    rewriter.replaceOp(read, value);
    return true;
  }
  return false;
}

} // namespace

FailureOr<FillOnFirstUseResult>
fillOnFirstUse(RewriterBase &rewriter, scf::ForOp outer, std::string &reason) {
  Fill fill;
  if (failed(matchFill(outer, fill, reason)))
    return failure();
  // The loop that reads the cache: the next op but pure ones.
  Operation *next = outer->getNextNode();
  while (next && !isa<scf::ForOp>(next) && isMemoryEffectFree(next))
    next = next->getNextNode();
  auto consumer = dyn_cast_or_null<scf::ForOp>(next);
  if (!consumer) {
    reason = "no scf.for follows the fill";
    return failure();
  }
  SmallVector<Operation *> reads;
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
  if (!known) {
    reason = written.empty()
                 ? "the loop after the fill has an op with unknown memory "
                   "effects"
                 : "the loop after the fill may write a buffer the fill "
                   "reads or the cache ('" +
                       written + "')";
    return failure();
  }

  // Peel the first iteration: [lb, min(lb + step, ub)), then the rest.
  OpBuilder::InsertionGuard guard(rewriter);
  OpBuilder::Listener *listener = rewriter.getListener();
  CreatedOps created(listener);
  rewriter.setListener(&created);
  Location loc = consumer.getLoc();
  rewriter.setInsertionPoint(consumer);
  Value second = rewriter.createOrFold<arith::AddIOp>(
      loc, consumer.getLowerBound(), consumer.getStep());
  Value firstUb = consumer.getUnsignedCmp()
                      ? rewriter.createOrFold<arith::MinUIOp>(
                            loc, second, consumer.getUpperBound())
                      : rewriter.createOrFold<arith::MinSIOp>(
                            loc, second, consumer.getUpperBound());
  auto first = cast<scf::ForOp>(rewriter.clone(*consumer));
  rewriter.modifyOpInPlace(
      first, [&] { first.getUpperBoundMutable().assign(firstUb); });
  rewriter.modifyOpInPlace(consumer, [&] {
    consumer.getLowerBoundMutable().assign(second);
    consumer.getInitArgsMutable().assign(first.getResults());
  });

  // In the first iteration, the fill's iteration of each row read, just
  // before the first read of that row in its block; the reads of the row
  // after it in that block take the stored value itself where a store of
  // the fill covers them (a load right after a store of the same line
  // would wait for it: masked loads are not forwarded stores).
  SmallVector<Operation *> firstReads;
  first->walk([&](Operation *op) {
    std::optional<Access> a = matchAccess(op);
    if (a && !a->write && viewRoot(a->memref) == fill.cache)
      firstReads.push_back(op);
  });
  unsigned rowDims = fill.rowDims;
  std::map<std::pair<Block *, SmallVector<void *>>, SmallVector<Stored>> filled;
  FillOnFirstUseResult result;
  result.firstIteration = first;
  for (Operation *read : firstReads) {
    rewriter.setInsertionPoint(read);
    Location l = read->getLoc();
    Access access = *matchAccess(read);
    resolveThroughViews(rewriter, l, access, isView, [](Value v) { return v; });
    SmallVector<void *> key;
    auto cacheType = dyn_cast<MemRefType>(fill.cache.getType());
    for (unsigned d = 0; d < rowDims; ++d)
      if (!cacheType || cacheType.getDimSize(d) != 1 ||
          !isConstantIntValue(access.indices[d], 0))
        key.push_back(access.indices[d].getAsOpaquePointer());
    auto [it, inserted] =
        filled.try_emplace(std::make_pair(read->getBlock(), key));
    if (inserted) {
      IRMapping mapping;
      SmallVector<Operation *> stores;
      cloneForRow(rewriter, fill, outer, access.indices, mapping, stores);
      for (Operation *clone : stores) {
        VectorStoreAccess store = *matchVectorStore(clone);
        if (!vectorAlongLastDim(store.memref))
          continue;
        Access stored{store.memref, llvm::to_vector(store.indices)};
        resolveThroughViews(rewriter, l, stored, isView,
                            [](Value v) { return v; });
        it->second.push_back({store.value, std::move(stored.indices)});
      }
      ++result.fills;
    }
    if (forwardStore(rewriter, read, access.indices, it->second))
      ++result.forwarded;
  }
  rewriter.eraseOp(outer);
  // Unused index arithmetic, views and constants the rewrite left behind.
  SmallVector<Operation *> createdOps = created.ops.takeVector();
  for (Operation *op : llvm::reverse(createdOps))
    if (op->getNumRegions() == 0 && isOpTriviallyDead(op))
      rewriter.eraseOp(op);
  rewriter.setListener(listener);
  return result;
}

LogicalResult applyFillOnFirstUse(Operation *root) {
  IRRewriter rewriter(root->getContext());
  return applyToMarkedOps(
      root, kFillOnFirstUseAttrName, "filled before the loop",
      [&](Operation *op, Attribute attr, std::string &reason) {
        auto loop = dyn_cast<scf::ForOp>(op);
        if (!isa<UnitAttr>(attr) || !loop) {
          reason = loop ? "expected a unit attribute"
                        : "expected an scf.for (the fill), got '" +
                              op->getName().getStringRef().str() + "'";
          return StoreStageOutcome::Invalid;
        }
        return succeeded(fillOnFirstUse(rewriter, loop, reason))
                   ? StoreStageOutcome::Applied
                   : StoreStageOutcome::Skipped;
      });
}

#define GEN_PASS_DEF_REGTILEFILLONFIRSTUSE
#include "regtile/Patterns/Passes.h.inc"

namespace {
struct RegtileFillOnFirstUsePass
    : public impl::RegtileFillOnFirstUseBase<RegtileFillOnFirstUsePass> {
  void runOnOperation() override {
    if (failed(applyFillOnFirstUse(getOperation())))
      signalPassFailure();
  }
};
} // namespace

} // namespace regtile
