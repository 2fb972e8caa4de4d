//===- PrefetchStores.cpp - prefetch-for-write ahead of stores ------------===//

#include "VectorStores.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace regtile {
namespace {

/// Whether `op` gets prefetches: a 1-D vector store into a strided buffer
/// (defined outside `loop`, or inside it, e.g. the subview of a tile).
bool qualifies(Operation *op) {
  std::optional<VectorStoreAccess> access = matchVectorStore(op);
  if (!access)
    return false;
  auto type = cast<MemRefType>(access->memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  Type element = type.getElementType();
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         element.isIntOrFloat() && element.getIntOrFloatBitWidth() % 8 == 0;
}

} // namespace

FailureOr<StorePrefetchResult>
insertStorePrefetches(RewriterBase &rewriter, Operation *loop,
                      const StorePrefetchOptions &options,
                      std::string &reason) {
  int64_t distance = options.distance;
  if (!isa<LoopLikeOpInterface>(loop)) {
    reason =
        "expected a loop, got '" + loop->getName().getStringRef().str() + "'";
    return failure();
  }
  if (distance <= 0) {
    reason = "expected a positive prefetch distance in bytes, got " +
             std::to_string(distance);
    return failure();
  }
  SmallVector<Operation *> stores;
  loop->walk([&](Operation *op) {
    if (qualifies(op))
      stores.push_back(op);
  });
  if (stores.empty()) {
    reason = "the loop has no 1-D vector store into a strided buffer";
    return failure();
  }

  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = loop->getLoc();
  // Each buffer's address once: before the loop, or where the buffer is
  // defined inside it.
  llvm::MapVector<Value, BufferAddress> buffers;
  for (Operation *op : stores) {
    Value memref = matchVectorStore(op)->memref;
    if (buffers.count(memref))
      continue;
    if (isDefinedOutside(memref, loop))
      rewriter.setInsertionPoint(loop);
    else
      rewriter.setInsertionPointAfterValue(memref);
    buffers[memref] = BufferAddress::build(rewriter, loc, memref);
  }
  for (Operation *op : stores) {
    VectorStoreAccess access = *matchVectorStore(op);
    const BufferAddress &a = buffers[access.memref];
    auto vectorType = cast<VectorType>(access.value.getType());
    int64_t elementBytes = vectorType.getElementTypeBitWidth() / 8;
    int64_t bytes = elementBytes * vectorType.getNumElements();
    rewriter.setInsertionPoint(op);
    Location l = op->getLoc();
    Value first = a.elementAddress(rewriter, l, access.indices, elementBytes);
    prefetchLines(rewriter, l,
                  arith::AddIOp::create(
                      rewriter, l, first,
                      arith::ConstantIndexOp::create(rewriter, l, distance)),
                  bytes, /*write=*/true);
  }
  return StorePrefetchResult{static_cast<unsigned>(stores.size())};
}

LogicalResult applyStorePrefetches(Operation *root) {
  IRRewriter rewriter(root->getContext());
  return applyToMarkedOps(
      root, kPrefetchStoresAttrName, "no prefetches",
      [&](Operation *op, Attribute attr, std::string &reason) {
        auto distance = dyn_cast<IntegerAttr>(attr);
        if (!distance) {
          reason = "expected an integer attribute (bytes ahead)";
          return StoreStageOutcome::Invalid;
        }
        if (succeeded(insertStorePrefetches(
                rewriter, op, StorePrefetchOptions{distance.getInt()}, reason)))
          return StoreStageOutcome::Applied;
        return isa<LoopLikeOpInterface>(op) && distance.getInt() > 0
                   ? StoreStageOutcome::Skipped
                   : StoreStageOutcome::Invalid;
      });
}

#define GEN_PASS_DEF_REGTILEPREFETCHSTORES
#include "regtile/Patterns/Passes.h.inc"

namespace {
struct RegtilePrefetchStoresPass
    : public impl::RegtilePrefetchStoresBase<RegtilePrefetchStoresPass> {
  void runOnOperation() override {
    if (failed(applyStorePrefetches(getOperation())))
      signalPassFailure();
  }
};
} // namespace

} // namespace regtile
