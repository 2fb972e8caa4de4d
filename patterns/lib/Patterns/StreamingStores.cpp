//===- StreamingStores.cpp - non-temporal stores for a loop ---------------===//

#include "VectorStores.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace regtile {
namespace {

/// Divisors are tracked as powers of two up to 2^kMaxLog2 (0 is divisible by
/// everything).
constexpr unsigned kMaxLog2 = 40;

unsigned log2DivisorOfConstant(int64_t c) {
  if (c == 0)
    return kMaxLog2;
  return std::min<unsigned>(kMaxLog2, llvm::countr_zero(uint64_t(c)));
}

/// log2 of the largest power of two known to divide the index `v`.
unsigned knownLog2Divisor(Value v, unsigned depth = 0);

unsigned knownLog2Divisor(AffineExpr e, ValueRange dims, ValueRange syms,
                          unsigned depth) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return log2DivisorOfConstant(c.getValue());
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return knownLog2Divisor(dims[d.getPosition()], depth + 1);
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return knownLog2Divisor(syms[s.getPosition()], depth + 1);
  auto bin = cast<AffineBinaryOpExpr>(e);
  unsigned l = knownLog2Divisor(bin.getLHS(), dims, syms, depth);
  unsigned r = knownLog2Divisor(bin.getRHS(), dims, syms, depth);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return std::min(l, r);
  case AffineExprKind::Mul:
    return std::min(kMaxLog2, l + r);
  default: // mod, floordiv, ceildiv: nothing known.
    return 0;
  }
}

unsigned knownLog2Divisor(Value v, unsigned depth) {
  if (depth > 16)
    return 0;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (arg != loop.getInductionVar())
        return 0;
      return std::min(knownLog2Divisor(loop.getLowerBound(), depth + 1),
                      knownLog2Divisor(loop.getStep(), depth + 1));
    }
    if (auto loop = dyn_cast<affine::AffineForOp>(parent)) {
      if (arg != loop.getInductionVar())
        return 0;
      // lb + k * step: every result of the (max) lower bound map and the
      // step.
      unsigned d = log2DivisorOfConstant(loop.getStepAsInt());
      AffineMap lb = loop.getLowerBoundMap();
      ValueRange operands = loop.getLowerBoundOperands();
      for (AffineExpr e : lb.getResults())
        d = std::min(d, knownLog2Divisor(
                            e, operands.take_front(lb.getNumDims()),
                            operands.drop_front(lb.getNumDims()), depth + 1));
      return d;
    }
    return 0;
  }
  Operation *op = v.getDefiningOp();
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return log2DivisorOfConstant(constant.getSExtValue());
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return std::min(knownLog2Divisor(op->getOperand(0), depth + 1),
                    knownLog2Divisor(op->getOperand(1), depth + 1));
  if (isa<arith::MulIOp>(op))
    return std::min(kMaxLog2,
                    knownLog2Divisor(op->getOperand(0), depth + 1) +
                        knownLog2Divisor(op->getOperand(1), depth + 1));
  if (auto shl = dyn_cast<arith::ShLIOp>(op)) {
    APInt amount;
    if (matchPattern(shl.getRhs(), m_ConstantInt(&amount)))
      return std::min<uint64_t>(kMaxLog2,
                                knownLog2Divisor(shl.getLhs(), depth + 1) +
                                    amount.getLimitedValue(kMaxLog2));
    return knownLog2Divisor(shl.getLhs(), depth + 1);
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return knownLog2Divisor(op->getOperand(0), depth + 1);
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    AffineMap map = apply.getAffineMap();
    return knownLog2Divisor(map.getResult(0), apply.getDimOperands(),
                            apply.getSymbolOperands(), depth);
  }
  return 0;
}

/// A store that can stream, and what must hold at runtime for it to.
struct StreamableStore {
  Operation *op;
  Value memref;
  uint64_t alignment;
  /// Dynamic strides (by dimension) that must be multiples of the alignment
  /// (in bytes); a dynamic offset is checked likewise.
  SmallVector<unsigned> dynamicStrideDims;
  bool dynamicOffset = false;
};

/// Why `op` cannot stream, or nullopt if it can (then `out` is filled).
std::optional<std::string> analyzeStore(Operation *op, Operation *loop,
                                        const TargetInfo &target,
                                        StreamableStore &out) {
  std::optional<VectorStoreAccess> access = matchVectorStore(op);
  if (!access)
    return std::string("is not a 1-D vector store into a buffer");
  if (!access->whole)
    return std::string("is masked or may be out of bounds");
  Value memref = access->memref, valueToStore = access->value;
  ValueRange indices = access->indices;
  auto vectorType = cast<VectorType>(valueToStore.getType());
  auto memrefType = cast<MemRefType>(memref.getType());
  Type element = vectorType.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::string("stores sub-byte elements");
  uint64_t elementBytes = element.getIntOrFloatBitWidth() / 8;
  uint64_t bytes = elementBytes * vectorType.getNumElements();
  uint64_t alignment = std::min<uint64_t>(
      uint64_t(1) << llvm::countr_zero(bytes), target.simdBits / 8);
  if (alignment < 16)
    return std::string("stores less than 16 aligned bytes");
  if (!isDefinedOutside(memref, loop))
    return std::string("writes a buffer defined inside the loop");
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memrefType.getStridesAndOffset(strides, offset)))
    return std::string("writes a buffer without a strided layout");
  if (strides.empty() || strides.back() != 1)
    return std::string("writes a buffer whose innermost stride is not 1");
  unsigned need = llvm::Log2_64(alignment);
  unsigned elementLog2 = llvm::countr_zero(elementBytes);
  out = StreamableStore{op, memref, alignment, {}, false};
  if (ShapedType::isDynamic(offset))
    out.dynamicOffset = true;
  else if (uint64_t(offset) * elementBytes % alignment != 0)
    return std::string("writes at a misaligned static offset");
  for (auto [dim, stride] : llvm::enumerate(strides)) {
    if (ShapedType::isDynamic(stride)) {
      out.dynamicStrideDims.push_back(dim);
      continue;
    }
    unsigned have = knownLog2Divisor(indices[dim]) + elementLog2 +
                    log2DivisorOfConstant(stride);
    if (have < need)
      return "index " + std::to_string(dim) +
             " is not provably a multiple of the alignment";
  }
  return std::nullopt;
}

/// The runtime condition under which every store of `stores` is aligned,
/// built at the rewriter's insertion point (before the loop).
Value buildAlignmentCheck(RewriterBase &b, Location loc,
                          ArrayRef<StreamableStore> stores) {
  SmallVector<Value> conditions;
  auto requireMultiple = [&](Value bytes, uint64_t alignment) {
    Value mask = arith::ConstantIndexOp::create(b, loc, alignment - 1);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value low = arith::AndIOp::create(b, loc, bytes, mask);
    conditions.push_back(
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low, zero));
  };
  // One check per buffer and alignment, covering the dynamic offset and
  // strides that any of its stores relies on.
  llvm::MapVector<std::pair<Value, uint64_t>,
                  std::pair<llvm::SmallDenseSet<unsigned>, bool>>
      buffers;
  for (const StreamableStore &s : stores) {
    auto &[strideDims, offset] = buffers[{s.memref, s.alignment}];
    strideDims.insert(s.dynamicStrideDims.begin(), s.dynamicStrideDims.end());
    offset |= s.dynamicOffset;
  }
  for (auto &[key, dynamic] : buffers) {
    auto [memref, alignment] = key;
    auto &[strideDims, offset] = dynamic;
    requireMultiple(
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref),
        alignment);
    if (strideDims.empty() && !offset)
      continue;
    auto type = cast<MemRefType>(memref.getType());
    Value elementBytes = arith::ConstantIndexOp::create(
        b, loc, type.getElementTypeBitWidth() / 8);
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
    SmallVector<Value> quantities;
    if (offset)
      quantities.push_back(metadata.getOffset());
    for (unsigned dim = 0; dim < type.getRank(); ++dim)
      if (strideDims.contains(dim))
        quantities.push_back(metadata.getStrides()[dim]);
    for (Value q : quantities)
      requireMultiple(arith::MulIOp::create(b, loc, q, elementBytes),
                      alignment);
  }
  Value all = conditions.front();
  for (Value c : ArrayRef(conditions).drop_front())
    all = arith::AndIOp::create(b, loc, all, c);
  return all;
}

/// Collects the streamable stores of `loop`; sets `reason` to why none is.
SmallVector<StreamableStore> collectStreamableStores(Operation *loop,
                                                     const TargetInfo &target,
                                                     std::string &reason) {
  SmallVector<StreamableStore> stores;
  std::string firstRefusal;
  loop->walk([&](Operation *op) {
    if (!matchVectorStore(op))
      return;
    StreamableStore s;
    if (std::optional<std::string> why = analyzeStore(op, loop, target, s)) {
      if (firstRefusal.empty())
        firstRefusal = *why;
      return;
    }
    stores.push_back(s);
  });
  if (stores.empty())
    reason = firstRefusal.empty()
                 ? "the loop has no vector store"
                 : "no store of the loop can stream (the first one " +
                       firstRefusal + ")";
  return stores;
}

} // namespace

FailureOr<StreamingStoresResult>
versionForStreamingStores(RewriterBase &rewriter, Operation *loop,
                          const TargetInfo &target, std::string &reason) {
  if (!isa<LoopLikeOpInterface>(loop)) {
    reason =
        "expected a loop, got '" + loop->getName().getStringRef().str() + "'";
    return failure();
  }
  if (llvm::any_of(loop->getResultTypes(),
                   [](Type t) { return isa<TensorType>(t); })) {
    reason = "the loop works on tensors; streaming stores need buffers "
             "(bufferize first)";
    return failure();
  }
  // Work on a copy: subviews inside it become store indices (so that the
  // stores address buffers defined outside the loop), then its stores are
  // analyzed; if none can stream, the copy goes and the IR is unchanged.
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  Operation *streaming = rewriter.clone(*loop);
  {
    RewritePatternSet patterns(loop->getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    SmallVector<Operation *> ops;
    streaming->walk([&](Operation *op) {
      if (op != streaming)
        ops.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
  }
  SmallVector<StreamableStore> stores =
      collectStreamableStores(streaming, target, reason);
  if (stores.empty()) {
    rewriter.eraseOp(streaming);
    return failure();
  }

  Location loc = loop->getLoc();
  Value aligned = buildAlignmentCheck(rewriter, loc, stores);
  auto ifOp = scf::IfOp::create(rewriter, loc, loop->getResultTypes(), aligned,
                                /*withElseRegion=*/true);
  rewriter.replaceAllUsesWith(loop->getResults(), ifOp.getResults());

  // scf.if builds its terminators only when it has no results.
  auto terminator = [&](Block *block, ValueRange values) -> Operation * {
    if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
      return &block->back();
    rewriter.setInsertionPointToEnd(block);
    return scf::YieldOp::create(rewriter, loc, values);
  };

  // Then: the copy with streaming stores, and a fence (streaming stores are
  // weakly ordered with respect to other cores).
  Operation *thenYield = terminator(ifOp.thenBlock(), streaming->getResults());
  rewriter.moveOpBefore(streaming, thenYield);
  streaming->removeAttr(kStreamingStoresAttrName);
  for (const StreamableStore &s : stores) {
    rewriter.setInsertionPoint(s.op);
    VectorStoreAccess access = *matchVectorStore(s.op);
    vector::StoreOp::create(rewriter, s.op->getLoc(), access.value, s.memref,
                            access.indices, /*nontemporal=*/true,
                            llvm::MaybeAlign(s.alignment));
    rewriter.eraseOp(s.op);
  }
  rewriter.setInsertionPoint(thenYield);
  LLVM::CallIntrinsicOp::create(rewriter, loc,
                                rewriter.getStringAttr("llvm.x86.sse.sfence"),
                                ValueRange());

  // Else: the loop as it was.
  Operation *elseYield = terminator(ifOp.elseBlock(), loop->getResults());
  rewriter.moveOpBefore(loop, elseYield);
  rewriter.modifyOpInPlace(loop,
                           [&] { loop->removeAttr(kStreamingStoresAttrName); });

  return StreamingStoresResult{ifOp, streaming, loop,
                               static_cast<unsigned>(stores.size())};
}

LogicalResult applyStreamingStores(Operation *root, const TargetInfo &target) {
  IRRewriter rewriter(root->getContext());
  return applyToMarkedOps(
      root, kStreamingStoresAttrName, "no streaming stores",
      [&](Operation *op, Attribute, std::string &reason) {
        if (succeeded(versionForStreamingStores(rewriter, op, target, reason)))
          return StoreStageOutcome::Applied;
        return isa<LoopLikeOpInterface>(op) ? StoreStageOutcome::Skipped
                                            : StoreStageOutcome::Invalid;
      });
}

#define GEN_PASS_DEF_REGTILESTREAMINGSTORES
#include "regtile/Patterns/Passes.h.inc"

namespace {
struct RegtileStreamingStoresPass
    : public impl::RegtileStreamingStoresBase<RegtileStreamingStoresPass> {
  using Base::Base;
  void runOnOperation() override {
    Operation *op = getOperation();
    FailureOr<TargetInfo> info = getTargetFor(op, target, op->getLoc());
    if (failed(info) || failed(applyStreamingStores(op, *info)))
      return signalPassFailure();
  }
};
} // namespace

} // namespace regtile
