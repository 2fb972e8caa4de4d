//===- VectorStores.cpp - what a memory access reads or writes ------------===//

#include "VectorStores.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

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

std::optional<Access> matchAccess(Operation *op) {
  Access a;
  Type accessed;
  // Vector reads: base, indices, vector type.
  auto vectorRead = [&](auto read) {
    a.memref = read.getBase();
    a.indices = llvm::to_vector(read.getIndices());
    accessed = read.getVectorType();
  };
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    a.memref = load.getMemRef();
    a.indices = llvm::to_vector(load.getIndices());
    accessed = load.getType();
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    a.memref = store.getMemRef();
    a.indices = llvm::to_vector(store.getIndices());
    accessed = store.getValueToStore().getType();
    a.write = true;
  } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
    vectorRead(load);
  } else if (auto load = dyn_cast<vector::MaskedLoadOp>(op)) {
    vectorRead(load);
  } else if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
    if (!read.getPermutationMap().isMinorIdentity())
      return std::nullopt;
    vectorRead(read);
  } else if (std::optional<VectorStoreAccess> store = matchVectorStore(op)) {
    a.memref = store->memref;
    a.indices = llvm::to_vector(store->indices);
    accessed = store->value.getType();
    a.write = true;
  } else {
    return std::nullopt;
  }
  auto memrefType = dyn_cast<MemRefType>(a.memref.getType());
  if (!memrefType || !memrefType.isStrided())
    return std::nullopt;
  Type element = getElementTypeOrSelf(accessed);
  auto vector = dyn_cast<VectorType>(accessed);
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0 ||
      (vector && (vector.getRank() != 1 || vector.isScalable())))
    return std::nullopt;
  a.bytes = element.getIntOrFloatBitWidth() / 8 *
            (vector ? vector.getNumElements() : 1);
  return a;
}

namespace {
/// `offset + index * stride` as an index value (folded where constant).
Value offsetIndex(OpBuilder &b, Location loc, OpFoldResult offset, Value index,
                  OpFoldResult stride) {
  AffineExpr s0, s1, s2;
  bindSymbols(b.getContext(), s0, s1, s2);
  return getValueOrCreateConstantIndexOp(
      b, loc,
      affine::makeComposedFoldedAffineApply(b, loc, s0 + s1 * s2,
                                            {offset, index, stride}));
}

} // namespace

bool isUnitDimExpansion(Value m) {
  auto expand = m.getDefiningOp<memref::ExpandShapeOp>();
  if (!expand)
    return false;
  ArrayRef<int64_t> shape = expand.getResultType().getShape();
  return llvm::all_of(
      expand.getReassociationIndices(), [&](const ReassociationIndices &g) {
        return llvm::count_if(g, [&](int64_t d) { return shape[d] != 1; }) <= 1;
      });
}

void resolveThroughViews(OpBuilder &b, Location loc, Access &access,
                         function_ref<bool(Value)> descend,
                         function_ref<Value(Value)> remap) {
  while (descend(access.memref)) {
    Operation *def = access.memref.getDefiningOp();
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      access.memref = cast.getSource();
      continue;
    }
    if (auto expand = dyn_cast<memref::ExpandShapeOp>(def)) {
      assert(isUnitDimExpansion(expand.getResult()) &&
             "only expand_shapes that add unit dims are views here");
      // Unit dims added: each source dim's index is
      // that of the one result dim of its group that is not a unit dim
      // (the last one if all are).
      SmallVector<Value> indices;
      ArrayRef<int64_t> shape = expand.getResultType().getShape();
      for (const ReassociationIndices &group :
           expand.getReassociationIndices()) {
        int64_t kept = group.back();
        for (int64_t d : group)
          if (shape[d] != 1)
            kept = d;
        indices.push_back(access.indices[kept]);
      }
      access.memref = expand.getSrc();
      access.indices = std::move(indices);
      continue;
    }
    auto subview = cast<memref::SubViewOp>(def);
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<OpFoldResult> strides = subview.getMixedStrides();
    SmallVector<Value> indices;
    unsigned k = 0;
    for (auto [d, offset] : llvm::enumerate(subview.getMixedOffsets())) {
      if (auto v = dyn_cast<Value>(offset))
        offset = remap(v);
      if (dropped.test(d)) {
        indices.push_back(getValueOrCreateConstantIndexOp(b, loc, offset));
        continue;
      }
      indices.push_back(
          offsetIndex(b, loc, offset, access.indices[k++], strides[d]));
    }
    access.memref = subview.getSource();
    access.indices = std::move(indices);
  }
}

BufferAddress BufferAddress::build(OpBuilder &b, Location loc, Value memref) {
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

Value BufferAddress::elementAddress(OpBuilder &b, Location loc,
                                    ValueRange indices,
                                    int64_t elementBytes) const {
  // base + (offset + sum(index * stride)) * elementBytes
  Value linear = offset;
  for (auto [index, stride] : llvm::zip(indices, strides))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  Value bytes = arith::MulIOp::create(
      b, loc, linear, arith::ConstantIndexOp::create(b, loc, elementBytes));
  return arith::AddIOp::create(b, loc, base, bytes);
}

void prefetchLines(OpBuilder &b, Location loc, Value address, int64_t bytes,
                   bool write) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  for (int64_t line = 0; line * kCacheLineBytes < bytes; ++line) {
    Value at = line == 0
                   ? address
                   : arith::AddIOp::create(b, loc, address,
                                           arith::ConstantIndexOp::create(
                                               b, loc, line * kCacheLineBytes))
                         .getResult();
    Value asInt =
        arith::IndexCastOp::create(b, loc, b.getI64Type(), at).getResult();
    Value ptr = LLVM::IntToPtrOp::create(b, loc, ptrType, asInt);
    LLVM::Prefetch::create(b, loc, ptr, /*rw=*/write ? 1 : 0, /*hint=*/3,
                           /*cache=*/1);
  }
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
