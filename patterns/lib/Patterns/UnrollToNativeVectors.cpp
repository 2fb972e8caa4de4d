//===- UnrollToNativeVectors.cpp - super-vectors to native registers ------===//
//
// transform.apply_patterns.regtile.unroll_to_native_vectors: upstream's
// vector unroll patterns with native shapes from the target, masked
// transfers (upstream leaves them whole), and chains ending in a
// vector.transfer_write broken a register-sized group of tiles at a time.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace regtile {

//===----------------------------------------------------------------------===//
// Native shapes
//===----------------------------------------------------------------------===//

/// The element type whose lanes decide the native shape of `op`: the data
/// it computes on (for comparisons, the compared values; for writes, the
/// written vector).
static Type dataElementType(Operation *op) {
  if (auto write = dyn_cast<vector::TransferWriteOp>(op))
    return write.getVectorType().getElementType();
  if (auto contract = dyn_cast<vector::ContractionOp>(op))
    return getElementTypeOrSelf(contract.getResultType());
  if (auto red = dyn_cast<vector::MultiDimReductionOp>(op))
    return red.getSourceVectorType().getElementType();
  if (auto red = dyn_cast<vector::ReductionOp>(op))
    return red.getSourceVectorType().getElementType();
  if (isa<arith::CmpFOp, arith::CmpIOp>(op))
    return getElementTypeOrSelf(op->getOperand(0).getType());
  for (Type t : op->getResultTypes())
    if (isa<VectorType>(t))
      return getElementTypeOrSelf(t);
  for (Type t : op->getOperandTypes())
    if (isa<VectorType>(t))
      return getElementTypeOrSelf(t);
  return {};
}

/// The native extent of a dim of `size` elements with `lanes` per register:
/// whole registers, or the whole dim if it is shorter than one.
static std::optional<int64_t> nativeExtent(int64_t size, int64_t lanes) {
  if (size <= lanes)
    return size;
  if (size % lanes == 0)
    return lanes;
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> getNativeVectorShape(Operation *op,
                                                         unsigned nativeBits) {
  auto unrollable = dyn_cast<VectorUnrollOpInterface>(op);
  if (!unrollable)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> shape = unrollable.getShapeForUnroll();
  if (!shape || shape->empty())
    return std::nullopt;
  Type elementType = dataElementType(op);
  if (!elementType || !elementType.isIntOrIndexOrFloat() ||
      elementType.isInteger(1))
    return std::nullopt; // masks are sliced where they are used
  unsigned bits =
      elementType.isIndex() ? 64 : elementType.getIntOrFloatBitWidth();
  int64_t lanes = std::max<int64_t>(1, nativeBits / bits);
  SmallVector<int64_t> native(shape->size(), 1);

  if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
    // Iteration space: the dim of the result's innermost dim gets the lanes;
    // every other dim is unrolled to 1 (outer-product FMAs).
    AffineMap accMap = contract.getIndexingMapsArray()[2];
    if (accMap.getNumResults() == 0)
      return std::nullopt;
    auto dim = dyn_cast<AffineDimExpr>(accMap.getResults().back());
    if (!dim)
      return std::nullopt;
    std::optional<int64_t> e = nativeExtent((*shape)[dim.getPosition()], lanes);
    if (!e)
      return std::nullopt;
    native[dim.getPosition()] = *e;
    return native;
  }
  if (isa<vector::TransposeOp>(op) && shape->size() >= 2) {
    // Square register tiles (16x16 f32 on AVX-512 has a shuffle lowering).
    for (size_t d = shape->size() - 2; d < shape->size(); ++d) {
      std::optional<int64_t> e = nativeExtent((*shape)[d], lanes);
      if (!e)
        return std::nullopt;
      native[d] = *e;
    }
    return native;
  }
  std::optional<int64_t> e = nativeExtent(shape->back(), lanes);
  if (!e)
    return std::nullopt;
  native.back() = *e;
  return native;
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace {

/// Resolves the native register width for ops: a fixed target, or each
/// op's nearest `regtile.target` attribute (else the host). Never emits
/// diagnostics: an op whose target is not understood is left alone.
class NativeWidth {
public:
  explicit NativeWidth(NativeVectorOptions options) : options(options) {}

  std::optional<TargetInfo> targetFor(Operation *op) const {
    if (options.target)
      return options.target;
    for (Operation *cur = op; cur; cur = cur->getParentOp()) {
      if (!cur->hasAttr(kTargetAttrName))
        continue;
      auto attr = cur->getAttrOfType<StringAttr>(kTargetAttrName);
      if (!attr)
        return std::nullopt;
      std::string error;
      FailureOr<TargetInfo> t = parseTarget(attr.getValue(), error);
      if (failed(t))
        return std::nullopt;
      return *t;
    }
    return getHostTarget();
  }

  std::optional<unsigned> bits(Operation *op) const {
    if (options.nativeBits)
      return options.nativeBits;
    std::optional<TargetInfo> t = targetFor(op);
    if (!t)
      return std::nullopt;
    return t->simdBits;
  }

  std::optional<unsigned> registers(Operation *op) const {
    if (options.registers)
      return options.registers;
    std::optional<TargetInfo> t = targetFor(op);
    if (!t)
      return std::nullopt;
    return t->numVectorRegisters;
  }

  /// The native shape of `op` if it must be unrolled (not already native).
  std::optional<SmallVector<int64_t>> unrollShape(Operation *op) const {
    std::optional<unsigned> b = bits(op);
    if (!b)
      return std::nullopt;
    std::optional<SmallVector<int64_t>> native = getNativeVectorShape(op, *b);
    if (!native)
      return std::nullopt;
    auto unrollable = cast<VectorUnrollOpInterface>(op);
    SmallVector<int64_t> shape = *unrollable.getShapeForUnroll();
    if (shape == *native)
      return std::nullopt;
    return native;
  }

private:
  NativeVectorOptions options;
};

/// Indices of the slice at `offsets` of a minor-identity transfer.
SmallVector<Value> sliceIndices(RewriterBase &rewriter, Location loc,
                                ValueRange indices, ArrayRef<int64_t> offsets) {
  SmallVector<Value> sliced(indices);
  size_t first = sliced.size() - offsets.size();
  for (auto [i, offset] : llvm::enumerate(offsets)) {
    if (offset == 0)
      continue;
    AffineExpr d0 = rewriter.getAffineDimExpr(0);
    sliced[first + i] = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, d0 + offset), sliced[first + i]);
  }
  return sliced;
}

/// The slice at `offsets` of `value` (of `shape` pieces), folded where it can.
Value sliceValue(RewriterBase &rewriter, Location loc, Value value,
                 ArrayRef<int64_t> offsets, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  return rewriter.createOrFold<vector::ExtractStridedSliceOp>(
      loc, value, offsets, shape, strides);
}

/// `value` with `slice` inserted at `offsets`.
Value insertSlice(RewriterBase &rewriter, Location loc, Value slice, Value into,
                  ArrayRef<int64_t> offsets) {
  SmallVector<int64_t> strides(offsets.size(), 1);
  return rewriter.createOrFold<vector::InsertStridedSliceOp>(loc, slice, into,
                                                             offsets, strides);
}

//===----------------------------------------------------------------------===//
// Masked transfers
//===----------------------------------------------------------------------===//

struct UnrollMaskedTransferRead
    : public OpRewritePattern<vector::TransferReadOp> {
  UnrollMaskedTransferRead(MLIRContext *ctx,
                           std::shared_ptr<const NativeWidth> width)
      : OpRewritePattern(ctx), width(width) {}

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    if (!read.getMask() || !read.getPermutationMap().isMinorIdentity())
      return failure();
    std::optional<SmallVector<int64_t>> native = width->unrollShape(read);
    if (!native)
      return failure();
    VectorType type = read.getVectorType();
    Location loc = read.getLoc();
    auto pieceType = VectorType::get(*native, type.getElementType());
    Value result = arith::ConstantOp::create(rewriter, loc, type,
                                             rewriter.getZeroAttr(type));
    for (SmallVector<int64_t> offsets :
         StaticTileOffsetRange(type.getShape(), *native)) {
      Value mask = sliceValue(rewriter, loc, read.getMask(), offsets, *native);
      Value piece = vector::TransferReadOp::create(
          rewriter, loc, pieceType, read.getBase(),
          sliceIndices(rewriter, loc, read.getIndices(), offsets),
          read.getPermutationMapAttr(), read.getPadding(), mask,
          read.getInBoundsAttr());
      result = insertSlice(rewriter, loc, piece, result, offsets);
    }
    rewriter.replaceOp(read, result);
    return success();
  }

  std::shared_ptr<const NativeWidth> width;
};

struct UnrollMaskedTransferWrite
    : public OpRewritePattern<vector::TransferWriteOp> {
  UnrollMaskedTransferWrite(MLIRContext *ctx,
                            std::shared_ptr<const NativeWidth> width)
      : OpRewritePattern(ctx), width(width) {}

  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    if (!write.getMask() || !write.getPermutationMap().isMinorIdentity() ||
        !write.hasPureBufferSemantics())
      return failure();
    std::optional<SmallVector<int64_t>> native = width->unrollShape(write);
    if (!native)
      return failure();
    VectorType type = write.getVectorType();
    Location loc = write.getLoc();
    for (SmallVector<int64_t> offsets :
         StaticTileOffsetRange(type.getShape(), *native)) {
      Value mask = sliceValue(rewriter, loc, write.getMask(), offsets, *native);
      Value piece =
          sliceValue(rewriter, loc, write.getVector(), offsets, *native);
      vector::TransferWriteOp::create(
          rewriter, loc, piece, write.getBase(),
          sliceIndices(rewriter, loc, write.getIndices(), offsets),
          write.getPermutationMapAttr(), mask, write.getInBoundsAttr());
    }
    rewriter.eraseOp(write);
    return success();
  }

  std::shared_ptr<const NativeWidth> width;
};

//===----------------------------------------------------------------------===//
// Chains ending in a store, a register-sized group of tiles at a time
//===----------------------------------------------------------------------===//

/// The ops computing the vector a transfer_write stores, within its block:
/// leaves (reads, splat constants, scalar broadcasts, other values) and
/// elementwise ops, all of the stored vector's shape.
struct Chain {
  SmallVector<vector::TransferReadOp> reads;
  SmallVector<Operation *> invariants; // splat constants, scalar broadcasts
  SmallVector<Value> otherLeaves;      // sliced with extract_strided_slice
  SmallVector<Operation *> compute;    // elementwise ops, in block order
};

bool isSplatConstant(Operation *op) {
  auto cst = dyn_cast<arith::ConstantOp>(op);
  auto attr = cst ? dyn_cast<SplatElementsAttr>(cst.getValue()) : nullptr;
  return attr != nullptr;
}

bool isScalarBroadcast(Operation *op) {
  auto b = dyn_cast<vector::BroadcastOp>(op);
  return b && !isa<VectorType>(b.getSourceType());
}

/// Collects the chain of `write`, or fails if it is not one this pattern
/// handles (then the op-by-op patterns apply).
FailureOr<Chain> collectChain(vector::TransferWriteOp write) {
  ArrayRef<int64_t> shape = write.getVectorType().getShape();
  Block *block = write->getBlock();
  Chain chain;
  llvm::SetVector<Operation *> ops; // every op of the chain
  SmallVector<Value> worklist{write.getVector()};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    auto vt = dyn_cast<VectorType>(v.getType());
    if (!vt || vt.getShape() != shape || vt.isScalable())
      return failure();
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != block) {
      chain.otherLeaves.push_back(v);
      continue;
    }
    if (auto read = dyn_cast<vector::TransferReadOp>(def)) {
      if (!read.getPermutationMap().isMinorIdentity() ||
          !isa<MemRefType>(read.getBase().getType()))
        return failure();
      chain.reads.push_back(read);
      ops.insert(def);
      continue;
    }
    if (isSplatConstant(def) || isScalarBroadcast(def)) {
      chain.invariants.push_back(def);
      continue;
    }
    if (def->getNumResults() == 1 &&
        OpTrait::hasElementwiseMappableTraits(def) && isMemoryEffectFree(def) &&
        def->getNumRegions() == 0) {
      ops.insert(def);
      chain.compute.push_back(def);
      for (Value operand : def->getOperands())
        worklist.push_back(operand);
      continue;
    }
    chain.otherLeaves.push_back(v);
  }
  if (chain.compute.empty() && chain.reads.empty())
    return failure();
  // Everything the chain computes is used only by the chain: it is erased.
  for (Operation *op : ops)
    for (Operation *user : op->getUsers())
      if (user != write.getOperation() && !ops.contains(user))
        return failure();
  // The reads move down to the store: nothing between may write memory.
  Operation *first = write;
  for (Operation *op : ops)
    if (op->isBeforeInBlock(first))
      first = op;
  for (Operation *op = first; op != write.getOperation();
       op = op->getNextNode()) {
    if (ops.contains(op) || isMemoryEffectFree(op))
      continue;
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface || iface.hasEffect<MemoryEffects::Write>())
      return failure();
  }
  llvm::sort(chain.compute,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  llvm::sort(chain.reads,
             [](vector::TransferReadOp a, vector::TransferReadOp b) {
               return a->isBeforeInBlock(b);
             });
  return chain;
}

/// The native pieces of the chain's invariants (splat constants, scalar
/// broadcasts), made once before every group.
IRMapping invariantPieces(PatternRewriter &rewriter, Location loc,
                          const Chain &chain, ArrayRef<int64_t> native) {
  IRMapping invariantMap;
  for (Operation *op : chain.invariants) {
    Type pieceType = VectorType::get(
        native, getElementTypeOrSelf(op->getResult(0).getType()));
    Value piece;
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      auto splat = cast<SplatElementsAttr>(cst.getValue());
      piece = arith::ConstantOp::create(
          rewriter, loc,
          cast<TypedAttr>(splat.reshape(cast<ShapedType>(pieceType))));
    } else {
      piece = vector::BroadcastOp::create(rewriter, loc, pieceType,
                                          op->getOperand(0));
    }
    invariantMap.map(op->getResult(0), piece);
  }
  return invariantMap;
}

/// One group of tiles (at `tiles`) of the chain ending in `write`: the
/// group's loads, operand by operand, then its arithmetic, op by op, then
/// its stores; `maps` (one per tile) map the chain's values to the pieces.
void emitGroup(PatternRewriter &rewriter, Location loc,
               vector::TransferWriteOp write, const Chain &chain,
               ArrayRef<SmallVector<int64_t>> tiles, ArrayRef<int64_t> native,
               MutableArrayRef<IRMapping> maps) {
  for (vector::TransferReadOp read : chain.reads) {
    auto pieceType =
        VectorType::get(native, read.getVectorType().getElementType());
    for (auto [tile, map] : llvm::zip_equal(tiles, maps)) {
      Value mask = read.getMask()
                       ? sliceValue(rewriter, loc, read.getMask(), tile, native)
                       : Value();
      Value piece = vector::TransferReadOp::create(
          rewriter, read.getLoc(), pieceType, read.getBase(),
          sliceIndices(rewriter, loc, read.getIndices(), tile),
          read.getPermutationMapAttr(), read.getPadding(), mask,
          read.getInBoundsAttr());
      map.map(read.getResult(), piece);
    }
  }
  for (Operation *op : chain.compute) {
    for (auto [tile, map] : llvm::zip_equal(tiles, maps)) {
      SmallVector<Value> operands;
      for (Value operand : op->getOperands()) {
        Value mapped = map.lookupOrNull(operand);
        if (!mapped) {
          mapped = sliceValue(rewriter, loc, operand, tile, native);
          map.map(operand, mapped);
        }
        operands.push_back(mapped);
      }
      Type resultType = VectorType::get(
          native, getElementTypeOrSelf(op->getResult(0).getType()));
      Operation *piece =
          rewriter.create(op->getLoc(), op->getName().getIdentifier(), operands,
                          resultType, op->getAttrs());
      map.map(op->getResult(0), piece->getResult(0));
    }
  }
  for (auto [tile, map] : llvm::zip_equal(tiles, maps)) {
    Value value = map.lookupOrNull(write.getVector());
    if (!value)
      value = sliceValue(rewriter, loc, write.getVector(), tile, native);
    Value mask = write.getMask()
                     ? sliceValue(rewriter, loc, write.getMask(), tile, native)
                     : Value();
    vector::TransferWriteOp::create(
        rewriter, loc, value, write.getBase(),
        sliceIndices(rewriter, loc, write.getIndices(), tile),
        write.getPermutationMapAttr(), mask, write.getInBoundsAttr());
  }
}

struct UnrollStoreChainInGroups
    : public OpRewritePattern<vector::TransferWriteOp> {
  UnrollStoreChainInGroups(MLIRContext *ctx,
                           std::shared_ptr<const NativeWidth> width)
      : OpRewritePattern(ctx, /*benefit=*/2), width(width) {}

  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    if (!write.getPermutationMap().isMinorIdentity() ||
        !write.hasPureBufferSemantics())
      return failure();
    std::optional<SmallVector<int64_t>> native = width->unrollShape(write);
    std::optional<unsigned> registers = width->registers(write);
    if (!native || !registers)
      return failure();
    FailureOr<Chain> chain = collectChain(write);
    if (failed(chain))
      return failure();
    // Every compute op must have the same native shape as the store.
    for (Operation *op : chain->compute) {
      std::optional<SmallVector<int64_t>> n = width->unrollShape(op);
      if (n && *n != *native)
        return failure();
    }

    // Tiles per group: each tile keeps its reads plus about two values of
    // the computation live; the invariants stay in registers throughout.
    int64_t live = chain->reads.size() + 2;
    int64_t free = std::max<int64_t>(1, (int64_t)*registers -
                                            (int64_t)chain->invariants.size());
    int64_t groupSize = std::max<int64_t>(1, free / live);

    ArrayRef<int64_t> shape = write.getVectorType().getShape();
    SmallVector<SmallVector<int64_t>> tiles;
    for (SmallVector<int64_t> offsets : StaticTileOffsetRange(shape, *native))
      tiles.push_back(offsets);

    Location loc = write.getLoc();
    rewriter.setInsertionPoint(write);
    IRMapping invariantMap = invariantPieces(rewriter, loc, *chain, *native);
    for (size_t begin = 0; begin < tiles.size(); begin += groupSize) {
      size_t end = std::min(tiles.size(), begin + groupSize);
      SmallVector<IRMapping> maps(end - begin, invariantMap);
      emitGroup(rewriter, loc, write, *chain,
                ArrayRef(tiles).slice(begin, end - begin), *native, maps);
    }
    rewriter.eraseOp(write);
    for (Operation *op : llvm::reverse(chain->compute))
      rewriter.eraseOp(op);
    for (vector::TransferReadOp read : chain->reads)
      rewriter.eraseOp(read);
    return success();
  }

  std::shared_ptr<const NativeWidth> width;
};

//===----------------------------------------------------------------------===//
// Reductions: vertical combination of the pieces, one horizontal step
//===----------------------------------------------------------------------===//

/// vector.reduction of a super-vector: its native pieces are combined
/// elementwise (a tree of vertical ops), and only the last native vector is
/// reduced horizontally, instead of one horizontal reduction per piece.
struct UnrollReductionVertically
    : public OpRewritePattern<vector::ReductionOp> {
  UnrollReductionVertically(MLIRContext *ctx,
                            std::shared_ptr<const NativeWidth> width)
      : OpRewritePattern(ctx, /*benefit=*/2), width(width) {}

  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    if (op.isMasked())
      return failure();
    std::optional<SmallVector<int64_t>> native = width->unrollShape(op);
    if (!native)
      return failure();
    VectorType type = op.getSourceVectorType();
    Location loc = op.getLoc();
    SmallVector<Value> pieces;
    for (SmallVector<int64_t> offsets :
         StaticTileOffsetRange(type.getShape(), *native))
      pieces.push_back(
          sliceValue(rewriter, loc, op.getVector(), offsets, *native));
    while (pieces.size() > 1) {
      SmallVector<Value> next;
      for (size_t i = 0; i + 1 < pieces.size(); i += 2)
        next.push_back(vector::makeArithReduction(rewriter, loc, op.getKind(),
                                                  pieces[i], pieces[i + 1],
                                                  op.getFastmathAttr()));
      if (pieces.size() % 2)
        next.push_back(pieces.back());
      pieces = std::move(next);
    }
    rewriter.replaceOpWithNewOp<vector::ReductionOp>(
        op, op.getKind(), pieces.front(), op.getAcc(), op.getFastmath());
    return success();
  }

  std::shared_ptr<const NativeWidth> width;
};

} // namespace

void populateUnrollToNativeVectorsPatterns(RewritePatternSet &patterns,
                                           const NativeVectorOptions &options) {
  MLIRContext *ctx = patterns.getContext();
  auto width = std::make_shared<NativeWidth>(options);
  vector::UnrollVectorOptions unroll;
  unroll.setNativeShapeFn(
      [width](Operation *op) { return width->unrollShape(op); });
  vector::populateVectorUnrollPatterns(patterns, unroll);
  patterns.add<UnrollMaskedTransferRead, UnrollMaskedTransferWrite,
               UnrollStoreChainInGroups, UnrollReductionVertically>(ctx, width);
  vector::ExtractStridedSliceOp::getCanonicalizationPatterns(patterns, ctx);
  vector::InsertStridedSliceOp::getCanonicalizationPatterns(patterns, ctx);
  vector::CreateMaskOp::getCanonicalizationPatterns(patterns, ctx);
  vector::ExtractOp::getCanonicalizationPatterns(patterns, ctx);
}

} // namespace regtile
