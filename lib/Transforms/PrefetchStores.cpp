//===- PrefetchStores.cpp - prefetch-for-write ahead of stores ------------===//

#include "VectorStores.h"
#include "regtile/Transforms/Passes.h"
#include "regtile/Transforms/Transforms.h"

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

constexpr int64_t kLineBytes = 64;

/// Base address, offset and strides of a buffer, as index values built
/// before the loop (constants where the type knows them).
struct BufferAddress {
  Value base, offset;
  SmallVector<Value> strides;
};

BufferAddress buildBufferAddress(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  BufferAddress a;
  a.base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  memref::ExtractStridedMetadataOp metadata;
  auto dynamic = [&]() {
    if (!metadata)
      metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
    return metadata;
  };
  a.offset = ShapedType::isDynamic(offset)
                 ? dynamic().getOffset()
                 : arith::ConstantIndexOp::create(b, loc, offset).getResult();
  for (auto [dim, stride] : llvm::enumerate(strides))
    a.strides.push_back(
        ShapedType::isDynamic(stride)
            ? dynamic().getStrides()[dim]
            : arith::ConstantIndexOp::create(b, loc, stride).getResult());
  return a;
}

/// Whether `op` gets prefetches: a 1-D vector store into a strided buffer
/// defined outside `loop`.
bool qualifies(Operation *op, Operation *loop) {
  std::optional<VectorStoreAccess> access = matchVectorStore(op);
  if (!access || !isDefinedOutside(access->memref, loop))
    return false;
  auto type = cast<MemRefType>(access->memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  Type element = type.getElementType();
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         element.isIntOrFloat() && element.getIntOrFloatBitWidth() % 8 == 0;
}

} // namespace

FailureOr<unsigned> insertStorePrefetches(RewriterBase &rewriter,
                                          Operation *loop, int64_t distance,
                                          std::string &reason) {
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
    if (qualifies(op, loop))
      stores.push_back(op);
  });
  if (stores.empty()) {
    reason = "the loop has no 1-D vector store into a buffer defined "
             "outside it";
    return failure();
  }

  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = loop->getLoc();
  llvm::MapVector<Value, BufferAddress> buffers;
  rewriter.setInsertionPoint(loop);
  for (Operation *op : stores) {
    Value memref = matchVectorStore(op)->memref;
    if (!buffers.count(memref))
      buffers[memref] = buildBufferAddress(rewriter, loc, memref);
  }
  auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
  for (Operation *op : stores) {
    VectorStoreAccess access = *matchVectorStore(op);
    const BufferAddress &a = buffers[access.memref];
    auto vectorType = cast<VectorType>(access.value.getType());
    int64_t elementBytes = vectorType.getElementTypeBitWidth() / 8;
    int64_t bytes = elementBytes * vectorType.getNumElements();
    rewriter.setInsertionPoint(op);
    Location l = op->getLoc();
    // base + (offset + sum(index * stride)) * elementBytes + distance
    Value linear = a.offset;
    for (auto [index, stride] : llvm::zip(access.indices, a.strides))
      linear = arith::AddIOp::create(
          rewriter, l, linear,
          arith::MulIOp::create(rewriter, l, index, stride));
    Value byteOffset = arith::MulIOp::create(
        rewriter, l, linear,
        arith::ConstantIndexOp::create(rewriter, l, elementBytes));
    Value first = arith::AddIOp::create(rewriter, l, a.base, byteOffset);
    for (int64_t line = 0; line * kLineBytes < bytes; ++line) {
      Value address =
          arith::AddIOp::create(rewriter, l, first,
                                arith::ConstantIndexOp::create(
                                    rewriter, l, distance + line * kLineBytes));
      Value asInt = arith::IndexCastOp::create(rewriter, l,
                                               rewriter.getI64Type(), address);
      Value ptr = LLVM::IntToPtrOp::create(rewriter, l, ptrType, asInt);
      LLVM::Prefetch::create(rewriter, l, ptr, /*rw=*/1, /*hint=*/3,
                             /*cache=*/1);
    }
  }
  return static_cast<unsigned>(stores.size());
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
        if (succeeded(
                insertStorePrefetches(rewriter, op, distance.getInt(), reason)))
          return StoreStageOutcome::Applied;
        return isa<LoopLikeOpInterface>(op) && distance.getInt() > 0
                   ? StoreStageOutcome::Skipped
                   : StoreStageOutcome::Invalid;
      });
}

#define GEN_PASS_DEF_REGTILEPREFETCHSTORES
#include "regtile/Transforms/Passes.h.inc"

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
