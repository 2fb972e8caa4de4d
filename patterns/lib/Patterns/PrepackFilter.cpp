//===- PrepackFilter.cpp - A convolution's filter packed ahead of calls ---===//

#include "regtile/Patterns/PrepackFilter.h"
#include "regtile/Patterns/ConvolutionBlocking.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace regtile {
namespace {

/// The filter as a function of one argument of the function: the ops that
/// compute it from the argument (`slice`, in program order: reshapes,
/// transposes, the argument's bufferization.to_tensor, constants), all in
/// the function's entry block and free of memory effects but the
/// to_tensor.
struct FilterSource {
  func::FuncOp func;
  BlockArgument arg;
  SmallVector<Operation *> slice;
};

FailureOr<FilterSource> findFilterSource(Operation *conv, Value filter,
                                         std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  FilterSource f;
  f.func = conv->getParentOfType<func::FuncOp>();
  if (!f.func || f.func.isExternal())
    return fail("expected the convolution in a func.func");
  Block *entry = &f.func.getBody().front();
  llvm::SetVector<Operation *> ops;
  llvm::SmallPtrSet<Value, 16> seen;
  SmallVector<Value> work = {filter};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != entry)
        return fail("the filter is computed inside a region (a loop): "
                    "nothing to pack ahead of the call");
      if (f.arg && f.arg != arg)
        return fail("the filter is computed from more than one argument "
                    "of the function");
      f.arg = arg;
      continue;
    }
    Operation *op = v.getDefiningOp();
    if (op->getBlock() != entry)
      return fail("the filter is computed inside a region (a loop): "
                  "nothing to pack ahead of the call");
    if (!isa<bufferization::ToTensorOp>(op) && !isMemoryEffectFree(op))
      return fail("the filter is computed by '" + op->getName().getStringRef() +
                  "', which has memory effects: nothing to pack ahead of "
                  "the call");
    ops.insert(op);
    llvm::append_range(work, op->getOperands());
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(op->getRegions(), above);
    llvm::append_range(work, above);
  }
  if (!f.arg)
    return fail("the filter is not computed from an argument of the "
                "function (a constant): nothing to pack ahead of the call");
  if (auto memref = dyn_cast<MemRefType>(f.arg.getType());
      memref && !memref.getLayout().isIdentity())
    return fail("expected the filter argument to be a memref with the "
                "identity layout");
  f.slice.assign(ops.begin(), ops.end());
  llvm::sort(f.slice,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  // What depends on the argument goes away from @f: every use of it must
  // be in the slice or the convolution's filter.
  llvm::SmallPtrSet<Operation *, 16> tainted;
  auto isTainted = [&](Value v) {
    return v == Value(f.arg) ||
           (v.getDefiningOp() && tainted.contains(v.getDefiningOp()));
  };
  for (Operation *op : f.slice) {
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(op->getRegions(), above);
    if (llvm::any_of(op->getOperands(), isTainted) ||
        llvm::any_of(above, isTainted))
      tainted.insert(op);
  }
  auto usedElsewhere = [&](Value v) {
    return llvm::any_of(v.getUses(), [&](OpOperand &use) {
      Operation *user =
          f.func.getBody().front().findAncestorOpInBlock(*use.getOwner());
      return !(user && ops.contains(user)) &&
             !(use.getOwner() == conv && use.get() == filter);
    });
  };
  if (usedElsewhere(f.arg) || llvm::any_of(tainted, [&](Operation *op) {
        return llvm::any_of(op->getResults(), usedElsewhere);
      }))
    return fail("the filter argument has other uses than this "
                "convolution's filter");
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
/// argument: the caller frees it): the filter's slice, then the pack.
func::FuncOp createPrepack(RewriterBase &rewriter, FilterSource f, Value filter,
                           StringRef name, RankedTensorType packedType,
                           Type packedArg, int64_t channels,
                           ArrayRef<int64_t> innerPos, ArrayRef<int64_t> perm) {
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
  IRMapping mapping;
  mapping.map(f.arg, body->getArgument(0));
  for (Operation *op : f.slice)
    rewriter.clone(*op, mapping);
  Value source = mapping.lookup(filter);
  Value empty = tensor::EmptyOp::create(rewriter, loc, packedType.getShape(),
                                        packedType.getElementType());
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(packedType.getElementType()));
  Value packed =
      linalg::PackOp::create(rewriter, loc, source, empty, innerPos,
                             {rewriter.getIndexAttr(channels)}, zero, perm);
  if (isa<MemRefType>(packedArg))
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
  Value filter = operand->get();
  auto filterType = dyn_cast<RankedTensorType>(filter.getType());
  if (!filterType || !filterType.hasStaticShape())
    return fail("expected a filter with static sizes");
  // Where each of (kh, kw, ci, oc) is in the filter: the packed layout is
  // [oc / ch][kh][kw][ci][ch] whatever the filter's, and @f reads it as
  // [kh][kw][ci][oc] (a generic's filter map changes with it).
  MLIRContext *ctx = conv.getContext();
  unsigned loops[] = {dims->filterLoop[0], dims->filterLoop[1],
                      dims->inputChannel[0], dims->outputChannel[0]};
  AffineMap map = conv.getMatchingIndexingMap(operand);
  SmallVector<int64_t> perm;
  for (unsigned d : loops) {
    std::optional<unsigned> pos =
        map.getResultPosition(getAffineDimExpr(d, ctx));
    if (!pos)
      break;
    perm.push_back(*pos);
  }
  if (perm.size() != 4 || map.getNumResults() != 4)
    return fail("expected the filter indexed by (kh, kw, ci, oc) in some "
                "order");
  AffineMap canonical =
      AffineMap::get(map.getNumDims(), 0,
                     llvm::map_to_vector(loops,
                                         [&](unsigned d) -> AffineExpr {
                                           return getAffineDimExpr(d, ctx);
                                         }),
                     ctx);
  auto generic = dyn_cast<linalg::GenericOp>(conv.getOperation());
  if (map != canonical && !generic)
    return fail("a named convolution whose filter is not [kh][kw][ci][oc] "
                "(HWCF): convert it to a linalg.generic first "
                "(convert_to_channels_last, generalize)");
  FailureOr<FilterSource> f = findFilterSource(conv, filter, reason);
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

  // The packed filter: [oc / ch][kh][kw][ci][ch], from the filter as it is.
  // (perm = (kh, kw, ci, oc) positions; the pack's outer order puts oc
  // first.)
  SmallVector<int64_t> outer = {perm[3], perm[0], perm[1], perm[2]};
  RankedTensorType packedType = linalg::PackOp::inferPackedType(
      filterType, {options.channels}, {perm[3]}, outer);
  bool viaMemref = isa<MemRefType>(f->arg.getType());
  Type packedArg = viaMemref
                       ? Type(MemRefType::get(packedType.getShape(),
                                              packedType.getElementType()))
                       : Type(packedType);
  PrepackFilterResult result;
  result.prepack = createPrepack(rewriter, *f, filter, name, packedType,
                                 packedArg, options.channels, {perm[3]}, outer);
  rewriteCalls(rewriter, calls, result.prepack, f->arg.getArgNumber());

  // @f takes the packed filter and reads it through an unpack, as
  // [kh][kw][ci][oc].
  rewriter.modifyOpInPlace(f->func, [&] {
    f->arg.setType(packedArg);
    SmallVector<Type> inputs(f->func.getArgumentTypes());
    inputs[f->arg.getArgNumber()] = packedArg;
    f->func.setType(rewriter.getFunctionType(
        inputs, f->func.getFunctionType().getResults()));
  });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&f->func.getBody().front());
  Location loc = filter.getLoc();
  Value packed = f->arg;
  if (viaMemref)
    packed = bufferization::ToTensorOp::create(rewriter, loc, packedType,
                                               f->arg, /*restrict=*/true,
                                               /*writable=*/false);
  SmallVector<int64_t> hwcf = llvm::map_to_vector(
      perm, [&](int64_t p) { return filterType.getDimSize(p); });
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, hwcf, filterType.getElementType());
  result.unpack = linalg::UnPackOp::create(
      rewriter, loc, packed, empty, {3},
      {rewriter.getIndexAttr(options.channels)}, {3, 0, 1, 2});
  rewriter.modifyOpInPlace(conv, [&] {
    operand->set(result.unpack.getResult());
    if (map != canonical) {
      SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
      maps[operand->getOperandNumber()] = canonical;
      generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    }
  });
  // The slice, dead in @f now (what else uses a constant keeps it).
  for (Operation *op : llvm::reverse(f->slice))
    if (op->use_empty())
      rewriter.eraseOp(op);
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
    for (auto [i, d] : llvm::enumerate(innerPos))
      sizes[rank + i] =
          tensor::getMixedSize(rewriter, loc, unpack.getDest(), d);
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
