//===- PointwiseToMatmul.cpp - NCHW 1x1 convolutions as GEMMs -------------===//

#include "regtile/Patterns/PointwiseToMatmul.h"
#include "regtile/Patterns/ConvolutionBlocking.h"
#include "regtile/Patterns/Epilogue.h"
#include "regtile/Patterns/Marks.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace regtile {
namespace {

/// An operand of an op over the output's (n, c, h, w) loops as read over
/// the GEMM's (f, p) loops: its map and how its dims collapse.
struct Collapsed {
  AffineMap map;
  SmallVector<ReassociationIndices> groups;
};

/// `map` (over loops where n, c, h, w are the loops `loops` names) over
/// (f, p): c -> f, h followed by w -> p (those two dims collapsed), n (of
/// range 1) -> its dim merged into the next group (or the last one), a
/// constant kept. None if any other expression appears, or n indexes a dim
/// that is not of static size 1 in `shape`.
std::optional<Collapsed> collapseMap(AffineMap map, ArrayRef<int64_t> shape,
                                     const int64_t (&loops)[4]) {
  MLIRContext *ctx = map.getContext();
  auto [n, c, h, w] = loops;
  Collapsed out;
  SmallVector<AffineExpr> results;
  ReassociationIndices pending; // dims of n, waiting for a group
  auto isDim = [&](AffineExpr e, int64_t d) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    return dim && static_cast<int64_t>(dim.getPosition()) == d;
  };
  auto addGroup = [&](ReassociationIndices dims, AffineExpr e) {
    ReassociationIndices g = pending;
    llvm::append_range(g, dims);
    pending.clear();
    out.groups.push_back(g);
    results.push_back(e);
  };
  for (int64_t k = 0, r = map.getNumResults(); k < r; ++k) {
    AffineExpr e = map.getResult(k);
    if (isDim(e, n)) {
      if (shape[k] != 1)
        return std::nullopt;
      pending.push_back(k);
    } else if (isa<AffineConstantExpr>(e)) {
      addGroup({k}, e);
    } else if (isDim(e, c)) {
      addGroup({k}, getAffineDimExpr(0, ctx));
    } else if (isDim(e, h) && k + 1 < r && isDim(map.getResult(k + 1), w)) {
      addGroup({k, k + 1}, getAffineDimExpr(1, ctx));
      ++k;
    } else {
      return std::nullopt;
    }
  }
  if (!pending.empty()) {
    if (out.groups.empty())
      addGroup({}, getAffineConstantExpr(0, ctx));
    else
      llvm::append_range(out.groups.back(), pending);
  }
  out.map = AffineMap::get(2, 0, results, ctx);
  return out;
}

/// `v` with its dims collapsed as `c` says (itself if nothing collapses).
Value collapseValue(OpBuilder &b, Location loc, Value v, const Collapsed &c) {
  auto type = cast<RankedTensorType>(v.getType());
  if (static_cast<int64_t>(c.groups.size()) == type.getRank())
    return v;
  return tensor::CollapseShapeOp::create(b, loc, v, c.groups);
}

/// The loops of an elementwise generic over the output: (n, c, h, w) in
/// order (its init is indexed by the identity, like the output).
constexpr int64_t kOutputLoops[4] = {0, 1, 2, 3};

/// Whether `g` is an elementwise generic over the 4-D output whose every
/// operand reads through a map collapseMap takes.
bool isCollapsibleElementwise(linalg::GenericOp g) {
  if (g.getNumDpsInits() != 1 || g.getNumLoops() != 4 ||
      g.getNumParallelLoops() != 4 ||
      !g.getMatchingIndexingMap(g.getDpsInitOperand(0)).isIdentity() ||
      !g.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  for (OpOperand &operand : g->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!type || !collapseMap(g.getMatchingIndexingMap(&operand),
                              type.getShape(), kOutputLoops))
      return false;
  }
  return true;
}

/// `g` (see isCollapsibleElementwise) over (f, p), its operands collapsed;
/// `replace` maps an operand to the 2-D value to read instead. Returns the
/// 2-D result.
Value collapseElementwise(OpBuilder &b, linalg::GenericOp g,
                          const IRMapping &replace) {
  Location loc = g.getLoc();
  SmallVector<Value> inputs, inits;
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : g->getOpOperands()) {
    Collapsed c =
        *collapseMap(g.getMatchingIndexingMap(&operand),
                     cast<RankedTensorType>(operand.get().getType()).getShape(),
                     kOutputLoops);
    Value v = replace.lookupOrNull(operand.get());
    if (!v)
      v = collapseValue(b, loc, operand.get(), c);
    (g.isDpsInit(&operand) ? inits : inputs).push_back(v);
    maps.push_back(c.map);
  }
  auto copy = linalg::GenericOp::create(
      b, loc, inits[0].getType(), inputs, inits, maps,
      SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel));
  IRMapping mapping;
  g.getRegion().cloneInto(&copy.getRegion(), mapping);
  return copy->getResult(0);
}

/// The GEMM's init: the output's producer rebuilt over (f, p) where it is
/// a fill of an empty tensor or an elementwise generic used only here (so
/// that the GEMM strategy fuses it into the tiles), else a collapse of it.
Value collapseInit(OpBuilder &b, Location loc, Value init) {
  Collapsed whole = *collapseMap(
      AffineMap::getMultiDimIdentityMap(4, b.getContext()),
      cast<RankedTensorType>(init.getType()).getShape(), kOutputLoops);
  if (init.hasOneUse()) {
    if (auto fill = init.getDefiningOp<linalg::FillOp>())
      return linalg::FillOp::create(
                 b, loc, fill.getInputs()[0],
                 collapseValue(b, loc, fill.getDpsInits()[0], whole))
          ->getResult(0);
    if (auto g = init.getDefiningOp<linalg::GenericOp>())
      if (isCollapsibleElementwise(g))
        return collapseElementwise(b, g, IRMapping());
  }
  return collapseValue(b, loc, init, whole);
}

/// `map` with the loops `zero` replaced by 0, simplified.
AffineMap withLoopsAtZero(AffineMap map, ArrayRef<unsigned> zero) {
  MLIRContext *ctx = map.getContext();
  SmallVector<AffineExpr> dims;
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    dims.push_back(llvm::is_contained(zero, d) ? getAffineConstantExpr(0, ctx)
                                               : getAffineDimExpr(d, ctx));
  return simplifyAffineMap(
      map.replaceDimsAndSymbols(dims, {}, map.getNumDims(), 0));
}

/// Whether `map`'s results are exactly the dims `dims`, in order.
bool isDims(AffineMap map, ArrayRef<int64_t> dims) {
  if (map.getNumResults() != dims.size())
    return false;
  for (auto [e, d] : llvm::zip(map.getResults(), dims)) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim || static_cast<int64_t>(dim.getPosition()) != d)
      return false;
  }
  return true;
}

} // namespace

FailureOr<PointwiseToMatmulResult>
convertPointwiseToMatmul(RewriterBase &rewriter, linalg::LinalgOp op,
                         unsigned lanes, std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  unsigned filter;
  FailureOr<linalg::ConvolutionDimensions> dims =
      classifyTensorConvolution(op, filter, reason);
  if (failed(dims))
    return failure();
  if (!isDenseConvolution(*dims))
    return fail("expected a dense 2-D convolution (one batch, output "
                "channel and input channel dim)");
  unsigned image = 1 - filter;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (unsigned f : dims->filterLoop)
    if (ranges[f] != 1)
      return fail("expected a 1x1 filter");
  if (ranges[dims->batch[0]] != 1)
    return fail("expected one image (a batch of 1): the pixels of several "
                "are not one GEMM's columns");

  // Loops in the output's order: (n, oc, oh, ow).
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  AffineMap inMap =
      withLoopsAtZero(op.getMatchingIndexingMap(op.getDpsInputOperand(image)),
                      dims->filterLoop);
  if (outMap.getNumResults() != 4 || !outMap.isProjectedPermutation())
    return fail("expected the output indexed by its four loops");
  int64_t b = dims->batch[0], oc = dims->outputChannel[0],
          ci = dims->inputChannel[0], oh = outMap.getDimPosition(2),
          ow = outMap.getDimPosition(3);
  if (!isDims(outMap, {b, oc, oh, ow}))
    return fail("expected an output with the channels before the image "
                "(NCHW)");
  for (AffineExpr e : inMap.getResults())
    if (!isa<AffineDimExpr>(e))
      return fail("expected stride 1 (the input read at the output pixel)");
  if (!isDims(inMap, {b, ci, oh, ow}))
    return fail("expected an input with the channels before the image "
                "(NCHW)");
  if (int64_t pixels = ranges[oh] * ranges[ow];
      lanes > 0 && !ShapedType::isDynamic(ranges[oh]) &&
      !ShapedType::isDynamic(ranges[ow])) {
    int64_t padded = llvm::divideCeil(pixels, lanes) * lanes;
    if (8 * pixels < 7 * padded)
      return fail("its " + Twine(pixels) + " pixels fill only " +
                  Twine(100 * pixels / padded) + "% of their " + Twine(lanes) +
                  "-lane vectors (at least 7/8 wanted; the "
                  "channels-last form's vectors run along the channels)");
  }
  AffineMap filterMap =
      op.getMatchingIndexingMap(op.getDpsInputOperand(filter));
  std::optional<unsigned> ocPos = filterMap.getResultPosition(
                              getAffineDimExpr(oc, op.getContext())),
                          ciPos = filterMap.getResultPosition(
                              getAffineDimExpr(ci, op.getContext()));
  if (!ocPos || !ciPos || !filterMap.isProjectedPermutation())
    return fail("expected a filter indexed by its output and input channel "
                "and its filter loops");

  // The result's one elementwise consumer, moved with it if its operands
  // read through 2-D maps (else the convolution is left: the channels-last
  // form fuses it).
  Value result = op->getResult(0);
  linalg::GenericOp consumer;
  if (result.hasOneUse())
    if (auto e = dyn_cast<linalg::GenericOp>(*result.getUsers().begin()))
      if (isWholeElementwiseConsumer(e, result)) {
        if (!isCollapsibleElementwise(e))
          return fail("its elementwise consumer reads an operand that is "
                      "neither per channel nor of the output's shape");
        consumer = e;
      }

  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  Value in = op.getDpsInputs()[image], flt = op.getDpsInputs()[filter];
  auto fltType = cast<RankedTensorType>(flt.getType());
  int64_t split = std::max(*ocPos, *ciPos);
  SmallVector<ReassociationIndices> fltGroups = {
      llvm::to_vector(llvm::seq<int64_t>(0, split)),
      llvm::to_vector(llvm::seq<int64_t>(split, fltType.getRank()))};
  Value a = tensor::CollapseShapeOp::create(rewriter, loc, flt, fltGroups);
  Value bIn = tensor::CollapseShapeOp::create(
      rewriter, loc, in, SmallVector<ReassociationIndices>{{0, 1}, {2, 3}});
  Value init = collapseInit(rewriter, loc, op.getDpsInits()[0]);

  // (m, n, k) = (oc, pixel, ci); A = filter (in its order), B = image.
  AffineExpr m = getAffineDimExpr(0, ctx), n = getAffineDimExpr(1, ctx),
             k = getAffineDimExpr(2, ctx);
  SmallVector<AffineMap> maps = {
      AffineMap::get(3, 0,
                     *ocPos < *ciPos ? ArrayRef<AffineExpr>{m, k}
                                     : ArrayRef<AffineExpr>{k, m},
                     ctx),
      AffineMap::get(3, 0, {k, n}, ctx), AffineMap::get(3, 0, {m, n}, ctx)};
  Block *body = &op->getRegion(0).front();
  auto gemm = linalg::GenericOp::create(
      rewriter, loc, init.getType(), ValueRange{a, bIn}, init, maps,
      {utils::IteratorType::parallel, utils::IteratorType::parallel,
       utils::IteratorType::reduction},
      [&](OpBuilder &nb, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(body->getArgument(filter), args[0]);
        mapping.map(body->getArgument(image), args[1]);
        mapping.map(body->getArgument(2), args[2]);
        for (Operation &inner : body->without_terminator())
          nb.clone(inner, mapping);
        SmallVector<Value> yielded;
        for (Value v : body->getTerminator()->getOperands())
          yielded.push_back(mapping.lookupOrDefault(v));
        linalg::YieldOp::create(nb, loc, yielded);
      });
  gemm->setAttr(kFromConvolutionAttrName, UnitAttr::get(ctx));

  auto expand = [&](Value v, Type type) -> Value {
    return tensor::ExpandShapeOp::create(
        rewriter, loc, type, v,
        SmallVector<ReassociationIndices>{{0, 1}, {2, 3}});
  };
  PointwiseToMatmulResult res{gemm, nullptr};
  Value outInit = op.getDpsInits()[0];
  rewriter.replaceOp(op, expand(gemm->getResult(0), result.getType()));
  if (outInit.use_empty())
    if (Operation *producer = outInit.getDefiningOp();
        producer && isOpTriviallyDead(producer))
      rewriter.eraseOp(producer);
  if (consumer) {
    rewriter.setInsertionPoint(consumer);
    IRMapping replace;
    for (Value v : consumer.getDpsInputs())
      if (auto e = v.getDefiningOp<tensor::ExpandShapeOp>();
          e && e.getSrc() == gemm->getResult(0))
        replace.map(v, gemm->getResult(0));
    Value moved = collapseElementwise(rewriter, consumer, replace);
    res.epilogue = moved.getDefiningOp<linalg::GenericOp>();
    rewriter.replaceOp(consumer,
                       expand(moved, consumer->getResult(0).getType()));
  }
  return res;
}

} // namespace regtile
