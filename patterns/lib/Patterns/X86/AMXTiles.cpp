//===- AMXTiles.cpp - Vector contractions on AMX tiles --------------------===//
//
// regtile-vector-to-amx (see regtile/Patterns/AMXTiles.h): upstream's
// convert-vector-to-amx per contraction, then the tiles kept in tile
// registers where it moves them through vectors and stack buffers.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/AMXTiles.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Conversion/VectorToAMX/VectorToAMX.h"
#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEVECTORTOAMX
#include "regtile/Patterns/Passes.h.inc"

namespace {

bool allZero(ValueRange indices) {
  return llvm::all_of(indices,
                      [](Value v) { return isConstantIntValue(v, 0); });
}

/// Whether `op` may write memory. Tile loads do not: their write effect
/// only asks for a tile register of their own.
bool mayWrite(Operation *op) {
  if (isa<amx::TileLoadOp>(op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return !effects ? !isMemoryEffectFree(op)
                  : effects.hasEffect<MemoryEffects::Write>();
}

/// A 2-D transfer without a mask, in bounds, over the two innermost dims
/// of its buffer.
bool isPlain2DTransfer(VectorTransferOpInterface xfer) {
  return xfer.getVectorType().getRank() == 2 && !xfer.getMask() &&
         !xfer.hasOutOfBoundsDim() &&
         xfer.getPermutationMap().isMinorIdentity();
}

/// A plain transfer of a whole fresh buffer (a memref.alloca of the
/// vector's shape) at zero indices; returns the buffer.
memref::AllocaOp wholeBufferOf(VectorTransferOpInterface xfer) {
  auto alloca = xfer.getBase().getDefiningOp<memref::AllocaOp>();
  if (!alloca || !isPlain2DTransfer(xfer) || !allZero(xfer.getIndices()) ||
      alloca.getType().getShape() != xfer.getVectorType().getShape())
    return {};
  return alloca;
}

/// Whether `type` is a memref whose innermost dim is contiguous, of rank 2
/// or more: AMX loads and stores a 2-D transfer's rows straight from it,
/// the row stride being that of the second innermost dim.
bool hasContiguousRows(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || memref.getRank() < 2)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(memref.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

/// The one user of `buffer` besides `known`: an OpT (a tile load or store)
/// of the whole buffer in `known`'s block, after `known` if `after`, else
/// before it; null if there is any other user.
template <typename OpT>
OpT otherTileAccess(memref::AllocaOp buffer, Operation *known, bool after) {
  OpT found;
  for (Operation *user : buffer->getUsers()) {
    if (user == known)
      continue;
    auto candidate = dyn_cast<OpT>(user);
    if (!candidate || found || candidate.getStride() ||
        !allZero(candidate.getIndices()) ||
        candidate->getBlock() != known->getBlock() ||
        (after ? !known->isBeforeInBlock(candidate)
               : !candidate->isBeforeInBlock(known)))
      return {};
    found = candidate;
  }
  return found;
}

/// The tile load that reads `vec` back: `vec`'s one use writes it whole
/// into a fresh buffer whose only other user is one `amx.tile_load` of it
/// later in the same block.
amx::TileLoadOp tileLoadOf(Value vec) {
  if (!vec.hasOneUse())
    return {};
  auto write = dyn_cast<vector::TransferWriteOp>(*vec.getUsers().begin());
  if (!write || write.getVector() != vec)
    return {};
  memref::AllocaOp buffer = wholeBufferOf(write);
  return buffer ? otherTileAccess<amx::TileLoadOp>(buffer, write, true)
                : amx::TileLoadOp();
}

/// The tile store whose value `vec` reads back: `vec` is a whole read of a
/// fresh buffer whose only other user is one `amx.tile_store` into it
/// earlier in the same block.
amx::TileStoreOp tileStoreOf(Value vec) {
  auto read = vec.getDefiningOp<vector::TransferReadOp>();
  memref::AllocaOp buffer = read ? wholeBufferOf(read) : memref::AllocaOp();
  return buffer ? otherTileAccess<amx::TileStoreOp>(buffer, read, false)
                : amx::TileStoreOp();
}

/// Erases `op` and then the buffer it accessed if nothing else uses it.
void eraseWithBuffer(RewriterBase &rewriter, Operation *op, Value buffer) {
  rewriter.eraseOp(op);
  if (buffer.use_empty())
    rewriter.eraseOp(buffer.getDefiningOp());
}

/// A fresh buffer for one tile, at the insertion point (hoistAMXBuffers
/// moves it out of the loops).
Value createTileBuffer(RewriterBase &rewriter, Location loc,
                       amx::TileType type) {
  return memref::AllocaOp::create(
      rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()));
}

/// A vector as a tile, through a buffer (the forwarding patterns load it
/// from where the vector came from, when they can).
Value vectorToTile(RewriterBase &rewriter, Location loc, Value vec,
                   amx::TileType type) {
  Value buffer = createTileBuffer(rewriter, loc, type);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  vector::TransferWriteOp::create(rewriter, loc, vec, buffer,
                                  ValueRange{zero, zero});
  return amx::TileLoadOp::create(rewriter, loc, type, buffer,
                                 ValueRange{zero, zero});
}

/// A tile as a vector, through a buffer.
Value tileToVector(RewriterBase &rewriter, Location loc, Value tile,
                   VectorType type) {
  auto tileType = cast<amx::TileType>(tile.getType());
  Value buffer = createTileBuffer(rewriter, loc, tileType);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  amx::TileStoreOp::create(rewriter, loc, buffer, ValueRange{zero, zero}, tile);
  return vector::TransferReadOp::create(rewriter, loc, type, buffer,
                                        ValueRange{zero, zero},
                                        /*padding=*/std::nullopt);
}

/// A loop-carried vector that each iteration turns into a tile (the
/// accumulator of an AMX product) and back: the loop carries the tile.
struct CarryTileThroughLoop : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i) {
      BlockArgument arg = loop.getRegionIterArg(i);
      auto vecType = dyn_cast<VectorType>(arg.getType());
      if (!vecType)
        continue;
      amx::TileLoadOp load = tileLoadOf(arg);
      amx::TileStoreOp store = tileStoreOf(yield.getOperand(i));
      if (!load || !store || load.getTileType() != store.getTileType() ||
          load.getTileType().getShape() != vecType.getShape() ||
          load.getTileType().getElementType() != vecType.getElementType())
        continue;
      carry(rewriter, loop, i, load, store);
      return success();
    }
    return rewriter.notifyMatchFailure(loop, "no vector carried as a tile");
  }

private:
  static void carry(PatternRewriter &rewriter, scf::ForOp loop, unsigned i,
                    amx::TileLoadOp load, amx::TileStoreOp store) {
    Location loc = loop.getLoc();
    amx::TileType tileType = load.getTileType();
    auto vecType = cast<VectorType>(loop.getRegionIterArg(i).getType());
    // The tile from the initial vector, before the loop.
    rewriter.setInsertionPoint(loop);
    SmallVector<Value> inits(loop.getInitArgs());
    inits[i] = vectorToTile(rewriter, loc, inits[i], tileType);
    auto newLoop =
        scf::ForOp::create(rewriter, loc, loop.getLowerBound(),
                           loop.getUpperBound(), loop.getStep(), inits);
    newLoop->setAttrs(loop->getAttrs());
    if (Block *empty = newLoop.getBody(); !empty->empty())
      rewriter.eraseOp(empty->getTerminator());
    // The body: the tile comes from the new iter_arg, not through memory.
    auto write = cast<vector::TransferWriteOp>(
        *loop.getRegionIterArg(i).getUsers().begin());
    Value loadBuffer = load.getBase();
    rewriter.replaceAllUsesWith(load.getResult(), newLoop.getRegionIterArg(i));
    rewriter.eraseOp(load);
    eraseWithBuffer(rewriter, write, loadBuffer);
    SmallVector<Value> blockArgs(newLoop.getBody()->getArguments());
    rewriter.mergeBlocks(loop.getBody(), newLoop.getBody(), blockArgs);
    // The yield: the tile itself.
    auto yield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
    auto read = yield.getOperand(i).getDefiningOp<vector::TransferReadOp>();
    rewriter.modifyOpInPlace(yield,
                             [&] { yield.setOperand(i, store.getVal()); });
    if (read->use_empty()) {
      Value storeBuffer = read.getBase();
      rewriter.eraseOp(read);
      eraseWithBuffer(rewriter, store, storeBuffer);
    }
    // The vector after the loop, for its users.
    rewriter.setInsertionPointAfter(newLoop);
    SmallVector<Value> results(newLoop.getResults());
    results[i] = tileToVector(rewriter, loc, results[i], vecType);
    rewriter.replaceOp(loop, results);
  }
};

/// A tile loaded from a fresh buffer that holds a vector read from memory
/// with contiguous rows (nothing written in between), or a zero constant:
/// loaded from that memory, or `amx.tile_zero`.
struct ForwardTileLoad : OpRewritePattern<amx::TileLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(amx::TileLoadOp load,
                                PatternRewriter &rewriter) const override {
    auto buffer = load.getBase().getDefiningOp<memref::AllocaOp>();
    if (!buffer || load.getStride() || !allZero(load.getIndices()))
      return rewriter.notifyMatchFailure(load, "not a whole fresh buffer");
    vector::TransferWriteOp write;
    for (Operation *user : buffer->getUsers()) {
      if (user == load)
        continue;
      auto candidate = dyn_cast<vector::TransferWriteOp>(user);
      if (!candidate || write)
        return rewriter.notifyMatchFailure(load, "buffer used otherwise");
      write = candidate;
    }
    if (!write || !wholeBufferOf(write) ||
        write->getBlock() != load->getBlock() || !write->isBeforeInBlock(load))
      return rewriter.notifyMatchFailure(load, "no whole write before");
    Value vec = write.getVector();
    if (matchPattern(vec, m_AnyZeroFloat()) || matchPattern(vec, m_Zero())) {
      rewriter.replaceOpWithNewOp<amx::TileZeroOp>(load, load.getTileType());
      eraseWithBuffer(rewriter, write, buffer);
      return success();
    }
    auto read = vec.getDefiningOp<vector::TransferReadOp>();
    if (!read || !isPlain2DTransfer(read) ||
        !hasContiguousRows(read.getBase().getType()) ||
        read->getBlock() != load->getBlock() ||
        !writesNothingBetween(read, load))
      return rewriter.notifyMatchFailure(load, "not a read of memory rows");
    rewriter.replaceOpWithNewOp<amx::TileLoadOp>(
        load, load.getTileType(), read.getBase(), read.getIndices());
    eraseWithBuffer(rewriter, write, buffer);
    return success();
  }

private:
  /// Whether no op from `first` to `last` (same block) may write memory
  /// that `first` reads: the ops between write nothing, only fresh buffers
  /// (the other accumulators' round trips, which upstream makes one after
  /// another), or are tile loads (whose write effect only asks for a
  /// register of their own).
  static bool writesNothingBetween(vector::TransferReadOp first,
                                   Operation *last) {
    if (!first->isBeforeInBlock(last))
      return false;
    for (Operation *op = first->getNextNode(); op != last;
         op = op->getNextNode()) {
      if (auto write = dyn_cast<vector::TransferWriteOp>(op))
        if (write.getBase().getDefiningOp<memref::AllocaOp>() &&
            write.getBase() !=
                memref::skipViewLikeOps(
                    cast<TypedValue<MemRefType>>(first.getBase())))
          continue;
      if (mayWrite(op))
        return false;
    }
    return true;
  }
};

/// A vector read back from a fresh buffer that a tile was stored into,
/// written to memory with contiguous rows: the tile stored there.
struct ForwardTileStore : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    if (!isPlain2DTransfer(write) ||
        !hasContiguousRows(write.getBase().getType()))
      return rewriter.notifyMatchFailure(write, "not a write of memory rows");
    amx::TileStoreOp store = tileStoreOf(write.getVector());
    if (!store)
      return rewriter.notifyMatchFailure(write, "not a tile read back");
    auto read = write.getVector().getDefiningOp<vector::TransferReadOp>();
    rewriter.setInsertionPoint(write);
    amx::TileStoreOp::create(rewriter, write.getLoc(), write.getBase(),
                             write.getIndices(), store.getVal());
    rewriter.eraseOp(write);
    if (read->use_empty()) {
      Value buffer = read.getBase();
      rewriter.eraseOp(read);
      eraseWithBuffer(rewriter, store, buffer);
    }
    return success();
  }
};

/// A tile load of what an earlier load of the same block read (same
/// buffer, indices, stride and tile; no write in between but other tile
/// loads, whose write effect only asks for a register of their own): that
/// load's tile. Upstream loads an operand for each contraction that uses
/// it; a 2 x 2 register tile then needs 12 tile registers of the 8.
struct ReuseTileLoad : OpRewritePattern<amx::TileLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(amx::TileLoadOp load,
                                PatternRewriter &rewriter) const override {
    for (Operation *op = load->getPrevNode(); op; op = op->getPrevNode()) {
      auto earlier = dyn_cast<amx::TileLoadOp>(op);
      if (earlier && earlier.getOperands() == load.getOperands() &&
          earlier.getType() == load.getType()) {
        rewriter.replaceOp(load, earlier.getResult());
        return success();
      }
      if (mayWrite(op))
        break;
    }
    return rewriter.notifyMatchFailure(load, "no earlier load of the same");
  }
};

/// Whether the AMX unit of `target` computes `contract` (by element types;
/// the shapes are upstream's pattern's to check).
bool amxComputes(vector::ContractionOp contract, const TargetInfo &target) {
  // Upstream loads a read's rows straight into a tile whatever its mask
  // (it checks in_bounds only): a masked operand is left to the vectors.
  if (llvm::any_of(contract->getOperands(), [](Value operand) {
        auto read = operand.getDefiningOp<vector::TransferReadOp>();
        return read && read.getMask();
      }))
    return false;
  Type lhs = contract.getLhsType().getElementType();
  Type acc = getElementTypeOrSelf(contract.getAccType());
  if (!target.has("amx-tile"))
    return false;
  if (lhs.isBF16() && acc.isF32())
    return target.has("amx-bf16");
  return lhs.isInteger(8) && acc.isInteger(32) && target.has("amx-int8");
}

int64_t countTileProducts(Operation *root) {
  int64_t n = 0;
  root->walk([&](Operation *op) {
    if (isa<amx::TileMulFOp, amx::TileMulIOp>(op))
      ++n;
  });
  return n;
}

} // namespace

void populateAMXTileForwardingPatterns(RewritePatternSet &patterns) {
  patterns.add<CarryTileThroughLoop, ForwardTileLoad, ForwardTileStore,
               ReuseTileLoad>(patterns.getContext());
}

/// Whether `alloca` holds tiles for AMX ops.
static bool isTileBuffer(memref::AllocaOp alloca) {
  return llvm::any_of(alloca->getUsers(), [](Operation *user) {
    return isa<amx::AMXDialect>(user->getDialect());
  });
}

void hoistAMXBuffers(Operation *root) {
  root->walk([](memref::AllocaOp alloca) {
    if (!alloca.getType().hasStaticShape() || !isTileBuffer(alloca))
      return;
    Operation *outermost = alloca;
    while (
        isa_and_nonnull<scf::ForOp, scf::IfOp, scf::WhileOp, scf::IndexSwitchOp,
                        scf::ExecuteRegionOp>(outermost->getParentOp()))
      outermost = outermost->getParentOp();
    if (outermost != alloca.getOperation())
      alloca->moveBefore(&outermost->getBlock()->front());
  });
}

FailureOr<int64_t> convertVectorToAMX(Operation *root,
                                      const TargetInfo &target) {
  SmallVector<Operation *> contracts;
  root->walk([&](vector::ContractionOp contract) {
    if (amxComputes(contract, target))
      contracts.push_back(contract);
  });
  if (contracts.empty())
    return 0;
  MLIRContext *context = root->getContext();
  int64_t before = countTileProducts(root);
  RewritePatternSet conversion(context);
  populateVectorToAMXConversionPatterns(conversion);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  if (failed(applyOpPatternsGreedily(contracts, std::move(conversion), config)))
    return failure();
  int64_t converted = countTileProducts(root) - before;
  if (converted == 0)
    return 0;
  // Upstream gives each tile load its own view of the buffer: merged, the
  // loads of one operand have the same operands (ReuseTileLoad).
  IRRewriter rewriter(context);
  DominanceInfo dominance(root);
  eliminateCommonSubExpressions(rewriter, dominance, root);
  RewritePatternSet forwarding(context);
  populateAMXTileForwardingPatterns(forwarding);
  if (failed(applyPatternsGreedily(root, std::move(forwarding))))
    return failure();
  hoistAMXBuffers(root);
  // A stack buffer in a parallel loop's body keeps the alloca scope that
  // convert-scf-to-openmp wraps it in, which then cannot hold the body's
  // lowered loops: say so here rather than fail later.
  WalkResult walk = root->walk([](memref::AllocaOp alloca) {
    if (isTileBuffer(alloca) && isa_and_nonnull<scf::ParallelOp, scf::ForallOp>(
                                    alloca->getParentOp())) {
      alloca.emitError("regtile-vector-to-amx: a tile moves through a stack "
                       "buffer in a parallel loop (an accumulator used as a "
                       "vector, or an operand not read from memory), which "
                       "regtile-lower-to-llvm cannot lower");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return converted;
}

namespace {
struct RegtileVectorToAMXPass
    : public impl::RegtileVectorToAMXBase<RegtileVectorToAMXPass> {
  using Base::Base;
  void runOnOperation() override {
    Operation *op = getOperation();
    FailureOr<TargetInfo> info = getTargetFor(op, target, op->getLoc());
    if (failed(info) || failed(convertVectorToAMX(op, *info)))
      return signalPassFailure();
  }
};
} // namespace

} // namespace regtile
