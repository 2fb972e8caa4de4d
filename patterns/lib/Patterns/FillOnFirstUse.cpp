//===- FillOnFirstUse.cpp - fill a cache where it is first read -----------===//

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
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <map>

using namespace mlir;

namespace regtile {

namespace fill_on_first_use {
namespace {

/// Clones the body of `loop` (a loop of the fill) at the rewriter's
/// insertion point for the cache row at `indices`: its loops' IVs become
/// those indices, its loops their bodies. Records the whole vector stores
/// it clones.
void cloneForRow(RewriterBase &rewriter, const Fill &fill, scf::ForOp loop,
                 ArrayRef<Value> indices, IRMapping &mapping,
                 SmallVectorImpl<Operation *> &stores) {
  mapping.map(loop.getInductionVar(), indices[fill.dimOfLoop.lookup(loop)]);
  for (Operation &op : loop.getBody()->without_terminator()) {
    // The fill's loops (a loop carrying values is part of a copy, cloned
    // whole: see matchLoopTree).
    if (auto inner = dyn_cast<scf::ForOp>(op);
        inner && inner.getInitArgs().empty()) {
      cloneForRow(rewriter, fill, inner, indices, mapping, stores);
      continue;
    }
    Operation *clone = rewriter.clone(op, mapping);
    if (std::optional<VectorStoreAccess> store = matchVectorStore(clone);
        store && store->whole)
      stores.push_back(clone);
  }
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

/// Peels the first iteration of `consumer`: returns a loop over
/// [lb, min(lb + step, ub)); `consumer` runs the rest.
scf::ForOp peelFirstIteration(RewriterBase &rewriter, scf::ForOp consumer) {
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
  return first;
}

/// In `first` (the consumer's first iteration), the fill's iteration of
/// each row read, just before the first read of that row in its block; the
/// reads of the row after it in that block take the stored value itself
/// where a store of the fill covers them (a load right after a store of the
/// same line would wait for it: masked loads are not forwarded stores).
void fillRowsAtFirstReads(RewriterBase &rewriter, const Fill &fill,
                          scf::ForOp first, FillOnFirstUseResult &result) {
  SmallVector<Operation *> firstReads;
  first->walk([&](Operation *op) {
    std::optional<Access> a = matchAccess(op);
    if (a && !a->write && viewRoot(a->memref) == fill.cache)
      firstReads.push_back(op);
  });
  auto cacheType = dyn_cast<MemRefType>(fill.cache.getType());
  std::map<std::pair<Block *, SmallVector<void *>>, SmallVector<Stored>> filled;
  for (Operation *read : firstReads) {
    rewriter.setInsertionPoint(read);
    Location l = read->getLoc();
    Access access = *matchAccess(read);
    resolveThroughViews(rewriter, l, access, isView, [](Value v) { return v; });
    // The row read (unit dims at 0 left out), in this block.
    SmallVector<void *> key;
    for (unsigned d = 0; d < fill.rowDims; ++d)
      if (!cacheType || cacheType.getDimSize(d) != 1 ||
          !isConstantIntValue(access.indices[d], 0))
        key.push_back(access.indices[d].getAsOpaquePointer());
    auto [it, inserted] =
        filled.try_emplace(std::make_pair(read->getBlock(), key));
    if (inserted) {
      IRMapping mapping;
      SmallVector<Operation *> stores;
      cloneForRow(rewriter, fill, fill.outer, access.indices, mapping, stores);
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
}

/// In `first`, each loop skip_padded_taps trimmed (marked
/// `regtile.trimmed_from = [lb, ub)`) runs its old bounds again, so that
/// the first iteration still reads, and fills, every row of the cache (the
/// mark says the extra iterations add nothing). Filling the rows it skips
/// in a loop of their own instead costs more than computing them: their
/// loads no longer overlap compute (measured on ResNet-50's 7 x 7 layers,
/// Zen 5: 10% slower).
void untrimFirstIteration(RewriterBase &rewriter, scf::ForOp first) {
  first->walk([&](scf::ForOp loop) {
    auto range = dyn_cast_or_null<DenseI64ArrayAttr>(
        loop->getAttr(kTrimmedFromAttrName));
    if (!range)
      return;
    rewriter.setInsertionPoint(loop);
    Location loc = loop.getLoc();
    Value lb = arith::ConstantIndexOp::create(rewriter, loc, range[0]);
    Value ub = arith::ConstantIndexOp::create(rewriter, loc, range[1]);
    rewriter.modifyOpInPlace(loop, [&] {
      loop.getLowerBoundMutable().assign(lb);
      loop.getUpperBoundMutable().assign(ub);
      loop->removeAttr(kTrimmedFromAttrName);
    });
  });
}

} // namespace

} // namespace fill_on_first_use

using namespace fill_on_first_use;

FailureOr<FillOnFirstUseResult>
fillOnFirstUse(RewriterBase &rewriter, scf::ForOp outer, std::string &reason) {
  Fill fill;
  SmallVector<Operation *> reads;
  if (failed(matchFill(outer, fill, reason)))
    return failure();
  FailureOr<scf::ForOp> consumer = matchConsumer(fill, reads, reason);
  if (failed(consumer))
    return failure();

  OpBuilder::InsertionGuard guard(rewriter);
  OpBuilder::Listener *listener = rewriter.getListener();
  CreatedOps created(listener);
  rewriter.setListener(&created);
  FillOnFirstUseResult result;
  result.firstIteration = peelFirstIteration(rewriter, *consumer);
  untrimFirstIteration(rewriter, result.firstIteration);
  fillRowsAtFirstReads(rewriter, fill, result.firstIteration, result);
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
