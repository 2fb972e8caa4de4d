//===- PrepackFilter.cpp - A convolution's filter packed ahead of calls ---===//

#include "regtile/Patterns/PrepackFilter.h"
#include "regtile/Patterns/ConvolutionBlocking.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace regtile {
namespace {

/// The filter's source: a block argument of the function, directly or
/// through one bufferization.to_tensor.
struct FilterArgument {
  func::FuncOp func;
  BlockArgument arg;
  bufferization::ToTensorOp toTensor; // null: a tensor argument
};

FailureOr<FilterArgument> findFilterArgument(Value filter,
                                             std::string &reason) {
  FilterArgument f;
  f.toTensor = filter.getDefiningOp<bufferization::ToTensorOp>();
  Value arg = f.toTensor ? f.toTensor.getBuffer() : filter;
  f.arg = dyn_cast<BlockArgument>(arg);
  if (f.arg)
    f.func = dyn_cast<func::FuncOp>(f.arg.getOwner()->getParentOp());
  if (!f.func || f.arg.getOwner() != &f.func.getBody().front()) {
    reason = "the filter is not an argument of the function (nor a "
             "bufferization.to_tensor of one): nothing to pack ahead of "
             "the call";
    return failure();
  }
  if (!filter.hasOneUse() || (f.toTensor && !f.arg.hasOneUse())) {
    reason = "the filter argument has other uses than this convolution";
    return failure();
  }
  if (f.toTensor) {
    auto memref = dyn_cast<MemRefType>(f.arg.getType());
    if (!memref || !memref.getLayout().isIdentity()) {
      reason = "expected the filter argument to be a memref with the "
               "identity layout";
      return failure();
    }
  }
  return f;
}

/// Fails unless every use of `func`'s symbol is a func.call.
LogicalResult collectCalls(func::FuncOp func,
                           SmallVectorImpl<func::CallOp> &calls,
                           std::string &reason) {
  Operation *table = SymbolTable::getNearestSymbolTable(func->getParentOp());
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(func, table);
  if (!uses) {
    reason = "cannot see every use of the function";
    return failure();
  }
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<func::CallOp>(use.getUser());
    if (!call) {
      reason = llvm::formatv("@{0} is used other than by func.call (by {1})",
                             func.getName(), use.getUser()->getName());
      return failure();
    }
    calls.push_back(call);
  }
  return success();
}

/// @<f>__prepack: filter -> packed filter (a new buffer for a memref
/// argument: the caller frees it).
func::FuncOp createPrepack(RewriterBase &rewriter, FilterArgument f,
                           StringRef name, RankedTensorType filterType,
                           RankedTensorType packedType, Type packedArg,
                           int64_t channels, ArrayRef<int64_t> perm) {
  Location loc = f.func.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(f.func);
  auto prepack = func::FuncOp::create(
      rewriter, loc, name,
      rewriter.getFunctionType(f.arg.getType(), packedArg));
  prepack.setVisibility(f.func.getVisibility());
  if (f.func->hasAttr("llvm.emit_c_interface"))
    prepack->setAttr("llvm.emit_c_interface", rewriter.getUnitAttr());
  Block *body = prepack.addEntryBlock();
  rewriter.setInsertionPointToStart(body);
  Value source = body->getArgument(0);
  if (f.toTensor)
    source = bufferization::ToTensorOp::create(rewriter, loc, filterType,
                                               source, /*restrict=*/true,
                                               /*writable=*/false);
  Value empty = tensor::EmptyOp::create(rewriter, loc, packedType.getShape(),
                                        packedType.getElementType());
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(packedType.getElementType()));
  int64_t rank = filterType.getRank();
  Value packed =
      linalg::PackOp::create(rewriter, loc, source, empty, {rank - 1},
                             {rewriter.getIndexAttr(channels)}, zero, perm);
  if (f.toTensor)
    packed =
        bufferization::ToBufferOp::create(rewriter, loc, packedArg, packed);
  func::ReturnOp::create(rewriter, loc, packed);
  return prepack;
}

/// Each call of @f packs the filter first (and frees a packed buffer
/// after).
void rewriteCalls(RewriterBase &rewriter, ArrayRef<func::CallOp> calls,
                  func::FuncOp prepack, unsigned argIndex) {
  OpBuilder::InsertionGuard guard(rewriter);
  for (func::CallOp call : calls) {
    Location loc = call.getLoc();
    rewriter.setInsertionPoint(call);
    Value packed =
        func::CallOp::create(rewriter, loc, prepack, call.getOperand(argIndex))
            .getResult(0);
    rewriter.modifyOpInPlace(call, [&] { call->setOperand(argIndex, packed); });
    if (isa<MemRefType>(packed.getType())) {
      rewriter.setInsertionPointAfter(call);
      memref::DeallocOp::create(rewriter, loc, packed);
    }
  }
}

/// The packed filter's outer dims: the output channel blocks first, the
/// others in their order.
SmallVector<int64_t> blockedFirst(int64_t rank) {
  SmallVector<int64_t> perm = {rank - 1};
  for (int64_t d = 0; d + 1 < rank; ++d)
    perm.push_back(d);
  return perm;
}

} // namespace

FailureOr<PrepackFilterResult>
prepackFilter(RewriterBase &rewriter, linalg::LinalgOp conv,
              const PrepackFilterOptions &options, std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  if (!conv.hasPureTensorSemantics())
    return fail("expected an op on tensors");
  unsigned filterOperand;
  FailureOr<linalg::ConvolutionDimensions> dims =
      classifyConvolution(conv, filterOperand);
  if (failed(dims) || !isDenseConvolution(*dims))
    return fail("expected a dense 2-D convolution (one batch, two output "
                "image, one output channel, two filter loop and one input "
                "channel dims)");
  if (options.channels <= 0)
    return fail(llvm::formatv("channels = {0}: expected a positive block",
                              options.channels));
  OpOperand *operand = conv.getDpsInputOperand(filterOperand);
  auto filterType = dyn_cast<RankedTensorType>(operand->get().getType());
  if (!filterType || !filterType.hasStaticShape())
    return fail("expected a filter with static sizes");
  AffineMap map = conv.getMatchingIndexingMap(operand);
  if (map.getResults().back() !=
      getAffineDimExpr(dims->outputChannel[0], conv.getContext()))
    return fail("the filter's output channels are not its innermost dim "
                "(HWCF): the micro-kernel reads blocks of them as vectors");
  FailureOr<FilterArgument> f = findFilterArgument(operand->get(), reason);
  if (failed(f))
    return failure();
  std::string name = (f->func.getName() + "__prepack").str();
  ModuleOp module = f->func->getParentOfType<ModuleOp>();
  if (module && module.lookupSymbol(name))
    return fail("@" + name +
                " exists already (one packed argument per function)");
  SmallVector<func::CallOp> calls;
  if (failed(collectCalls(f->func, calls, reason)))
    return failure();

  int64_t rank = filterType.getRank();
  SmallVector<int64_t> perm = blockedFirst(rank);
  RankedTensorType packedType = linalg::PackOp::inferPackedType(
      filterType, {options.channels}, {rank - 1}, perm);
  Type packedArg = f->toTensor
                       ? Type(MemRefType::get(packedType.getShape(),
                                              packedType.getElementType()))
                       : Type(packedType);
  PrepackFilterResult result;
  result.prepack = createPrepack(rewriter, *f, name, filterType, packedType,
                                 packedArg, options.channels, perm);
  rewriteCalls(rewriter, calls, result.prepack, f->arg.getArgNumber());

  // @f takes the packed filter and reads it through an unpack.
  rewriter.modifyOpInPlace(f->func, [&] {
    f->arg.setType(packedArg);
    SmallVector<Type> inputs(f->func.getArgumentTypes());
    inputs[f->arg.getArgNumber()] = packedArg;
    f->func.setType(rewriter.getFunctionType(
        inputs, f->func.getFunctionType().getResults()));
  });
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = operand->get().getLoc();
  Value packed = f->arg;
  if (f->toTensor) {
    rewriter.setInsertionPoint(f->toTensor);
    packed = bufferization::ToTensorOp::create(
        rewriter, loc, packedType, f->arg, f->toTensor.getRestrict(),
        f->toTensor.getWritable());
  } else {
    rewriter.setInsertionPointToStart(&f->func.getBody().front());
  }
  Value empty = tensor::EmptyOp::create(rewriter, loc, filterType.getShape(),
                                        filterType.getElementType());
  result.unpack =
      linalg::UnPackOp::create(rewriter, loc, packed, empty, {rank - 1},
                               {rewriter.getIndexAttr(options.channels)}, perm);
  rewriter.modifyOpInPlace(conv,
                           [&] { operand->set(result.unpack.getResult()); });
  if (f->toTensor)
    rewriter.eraseOp(f->toTensor);
  return result;
}

bool unpacksToViewsOfBlocks(linalg::UnPackOp unpack, int64_t dim,
                            int64_t tile) {
  int64_t rank = unpack.getDestType().getRank();
  SmallVector<int64_t> tiles = unpack.getStaticTiles();
  if (unpack.getInnerDimsPos() != ArrayRef<int64_t>{dim} || dim != rank - 1 ||
      tiles != ArrayRef<int64_t>{tile})
    return false;
  // The outer dims but `dim` in order.
  ArrayRef<int64_t> perm = unpack.getOuterDimsPerm();
  int64_t next = 0;
  for (int64_t d : perm) {
    if (d == dim)
      continue;
    if (d != next++)
      return false;
  }
  return true;
}

namespace {

/// See populateFoldUnpackedTilesPatterns.
struct FoldUnpackedTile : OpRewritePattern<linalg::UnPackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::UnPackOp unpack,
                                PatternRewriter &rewriter) const override {
    if (!unpack.hasPureTensorSemantics())
      return failure();
    RankedTensorType sourceType = unpack.getSourceType();
    int64_t rank = unpack.getDestType().getRank();
    ArrayRef<int64_t> innerPos = unpack.getInnerDimsPos();
    SmallVector<int64_t> perm(unpack.getOuterDimsPerm());
    if (perm.empty())
      perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    // The result's dims in the source's order, the unit outer dims of the
    // tiled ones left out: a view iff that is 0, 1, ..., rank - 1.
    SmallVector<int64_t> order;
    for (auto [k, d] : llvm::enumerate(perm)) {
      if (!llvm::is_contained(innerPos, d)) {
        order.push_back(d);
        continue;
      }
      if (sourceType.getDimSize(k) != 1)
        return rewriter.notifyMatchFailure(unpack, "more than one tile");
    }
    llvm::append_range(order, innerPos);
    if (!llvm::equal(order, llvm::seq<int64_t>(0, rank)))
      return rewriter.notifyMatchFailure(unpack, "dims out of order");
    // The source's sizes, the tiled dims' inner sizes the result's.
    Location loc = unpack.getLoc();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, unpack.getSource());
    SmallVector<OpFoldResult> destSizes =
        tensor::getMixedSizes(rewriter, loc, unpack.getDest());
    for (auto [i, d] : llvm::enumerate(innerPos))
      sizes[rank + i] = destSizes[d];
    int64_t sourceRank = sourceType.getRank();
    SmallVector<OpFoldResult> zeros(sourceRank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> ones(sourceRank, rewriter.getIndexAttr(1));
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        unpack, unpack.getDestType(), unpack.getSource(), zeros, sizes, ones);
    return success();
  }
};

} // namespace

void populateFoldUnpackedTilesPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldUnpackedTile>(patterns.getContext());
}

} // namespace regtile
