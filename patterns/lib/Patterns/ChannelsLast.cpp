//===- ChannelsLast.cpp - NCHW convolutions to the NHWC micro-kernel ------===//

#include "regtile/Patterns/ChannelsLast.h"
#include "regtile/Patterns/ConvolutionBlocking.h"
#include "regtile/Patterns/Epilogue.h"
#include "regtile/Patterns/Marks.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace regtile {
namespace {

using Perm = SmallVector<int64_t>;

/// The groups an image operand's dims fall into, in NHWC order.
enum Group : int64_t { Batch = 0, Row = 1, Column = 2, Channel = 3 };

bool isIdentity(ArrayRef<int64_t> perm) {
  for (auto [i, p] : llvm::enumerate(perm))
    if (p != static_cast<int64_t>(i))
      return false;
  return true;
}

/// `perm` as [0..a) ++ [b..r) ++ [a..b): a swap of two adjacent groups of
/// dims after a leading one, possibly empty (NCHW <-> NHWC; FCHW -> CHWF),
/// which is a 3-D (2-D) transpose between reshapes. Returns (a, b).
std::optional<std::pair<int64_t, int64_t>> asGroupSwap(ArrayRef<int64_t> perm) {
  int64_t r = perm.size(), a = 0;
  while (a < r && perm[a] == a)
    ++a;
  if (a == r)
    return std::nullopt;
  int64_t b = perm[a];
  Perm expected = llvm::to_vector(llvm::seq<int64_t>(0, a));
  llvm::append_range(expected, llvm::seq<int64_t>(b, r));
  llvm::append_range(expected, llvm::seq<int64_t>(a, b));
  if (expected != Perm(perm))
    return std::nullopt;
  return std::make_pair(a, b);
}

ReassociationIndices range(int64_t from, int64_t to) {
  return llvm::to_vector(llvm::seq<int64_t>(from, to));
}

/// Creates `transpose(v, perm)` (result dim i = dim perm[i] of `v`): a
/// group swap as (collapse, 3-D transpose [0, 2, 1], expand), anything else
/// as one linalg.transpose. Records the linalg.transpose in `created` and
/// marks it (kChannelsLastTransposeAttrName).
Value emitTranspose(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> perm,
                    SmallVectorImpl<Operation *> &created) {
  auto type = cast<RankedTensorType>(v.getType());
  Type elem = type.getElementType();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, v);
  SmallVector<OpFoldResult> outSizes = applyPermutation(sizes, perm);
  auto outType = RankedTensorType::get(
      applyPermutation(type.getShape(), ArrayRef<int64_t>(perm)), elem);
  auto swap = asGroupSwap(perm);
  if (!swap) {
    Value init = tensor::EmptyOp::create(b, loc, outSizes, elem);
    auto t = linalg::TransposeOp::create(b, loc, v, init, perm);
    t->setAttr(kChannelsLastTransposeAttrName, b.getUnitAttr());
    created.push_back(t);
    return t->getResult(0);
  }
  auto [a, s] = *swap;
  int64_t r = perm.size();
  SmallVector<ReassociationIndices> groups = {range(a, s), range(s, r)};
  SmallVector<ReassociationIndices> outGroups = {range(a, a + r - s),
                                                 range(a + r - s, r)};
  Perm flatPerm = {1, 0};
  if (a > 0) {
    groups.insert(groups.begin(), range(0, a));
    outGroups.insert(outGroups.begin(), range(0, a));
    flatPerm = {0, 2, 1};
  }
  Value flat = tensor::CollapseShapeOp::create(b, loc, v, groups);
  SmallVector<OpFoldResult> flatSizes = tensor::getMixedSizes(b, loc, flat);
  Value init = tensor::EmptyOp::create(
      b, loc, applyPermutation(flatSizes, flatPerm), elem);
  auto t = linalg::TransposeOp::create(b, loc, flat, init, flatPerm);
  t->setAttr(kChannelsLastTransposeAttrName, b.getUnitAttr());
  created.push_back(t);
  return tensor::ExpandShapeOp::create(b, loc, outType, t->getResult(0),
                                       outGroups, outSizes);
}

/// If `v` is a transpose of some `x` as emitTranspose creates them (static
/// shapes for the reshaped form), returns x and the permutation.
std::optional<std::pair<Value, Perm>> matchTranspose(Value v) {
  if (auto t = v.getDefiningOp<linalg::TransposeOp>())
    return std::make_pair(t.getInput(), Perm(t.getPermutation()));
  auto expand = v.getDefiningOp<tensor::ExpandShapeOp>();
  auto t = expand ? expand.getSrc().getDefiningOp<linalg::TransposeOp>()
                  : linalg::TransposeOp();
  if (!t)
    return std::nullopt;
  bool leading = t.getPermutation() == ArrayRef<int64_t>{0, 2, 1};
  if (!leading && t.getPermutation() != ArrayRef<int64_t>{1, 0})
    return std::nullopt;
  auto collapse = t.getInput().getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse || !collapse.getSrcType().hasStaticShape())
    return std::nullopt;
  SmallVector<ReassociationIndices> g = collapse.getReassociationIndices();
  SmallVector<ReassociationIndices> eg = expand.getReassociationIndices();
  if (!leading) {
    g.insert(g.begin(), ReassociationIndices());
    eg.insert(eg.begin(), ReassociationIndices());
  }
  if (g.size() != 3 || eg.size() != 3 || eg[0].size() != g[0].size() ||
      eg[1].size() != g[2].size() || eg[2].size() != g[1].size())
    return std::nullopt;
  Perm perm = llvm::to_vector(g[0]);
  llvm::append_range(perm, g[2]);
  llvm::append_range(perm, g[1]);
  if (expand.getResultType().getShape() !=
      ArrayRef<int64_t>(applyPermutation(collapse.getSrcType().getShape(),
                                         ArrayRef<int64_t>(perm))))
    return std::nullopt;
  return std::make_pair(collapse.getSrc(), perm);
}

/// The dim exprs that rename loop j of an op to loop i of a copy whose loop
/// i is the op's loop order[i].
SmallVector<AffineExpr> renamedLoops(Builder &b, ArrayRef<int64_t> order) {
  SmallVector<AffineExpr> renamed;
  for (int64_t i : invertPermutationVector(order))
    renamed.push_back(b.getAffineDimExpr(i));
  return renamed;
}

Value transposeValue(OpBuilder &b, Location loc, Value v,
                     ArrayRef<int64_t> perm,
                     SmallVectorImpl<Operation *> &created);

/// Whether `g` can be rebuilt with its loops permuted: parallel loops only,
/// one init indexed by the identity, no linalg.index in its body.
bool isPermutableElementwise(linalg::GenericOp g) {
  return g.getNumDpsInits() == 1 &&
         g.getNumParallelLoops() == g.getNumLoops() &&
         g.getMatchingIndexingMap(g.getDpsInitOperand(0)).isIdentity() &&
         g.getBody()->getOps<linalg::IndexOp>().empty();
}

/// `g`'s result transposed by `perm`, computed by a copy of `g` whose loop
/// i is `g`'s loop perm[i]: its full-size inputs and its init transposed
/// alike (transposes of transposes fold), the other inputs (broadcasts)
/// read through the permuted maps.
Value permuteElementwise(OpBuilder &b, linalg::GenericOp g,
                         ArrayRef<int64_t> perm,
                         SmallVectorImpl<Operation *> &created) {
  Location loc = g.getLoc();
  unsigned n = g.getNumLoops();
  SmallVector<AffineExpr> renamed = renamedLoops(b, perm);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *in : g.getDpsInputOperands()) {
    AffineMap map =
        g.getMatchingIndexingMap(in).replaceDimsAndSymbols(renamed, {}, n, 0);
    Value value = in->get();
    if (map.isPermutation() && !map.isIdentity()) {
      Perm loops;
      for (unsigned k = 0; k < map.getNumResults(); ++k)
        loops.push_back(map.getDimPosition(k));
      value = transposeValue(b, loc, value, invertPermutationVector(loops),
                             created);
      map = b.getMultiDimIdentityMap(n);
    }
    inputs.push_back(value);
    maps.push_back(map);
  }
  Value init = transposeValue(b, loc, g.getDpsInits()[0], perm, created);
  maps.push_back(b.getMultiDimIdentityMap(n));
  auto copy = linalg::GenericOp::create(b, loc, init.getType(), inputs, init,
                                        maps, g.getIteratorTypesArray());
  IRMapping mapping;
  g.getRegion().cloneInto(&copy.getRegion(), mapping);
  return copy->getResult(0);
}

/// `v` transposed by `perm` (result dim i = dim perm[i] of `v`), built from
/// what produces `v` where that saves a pass over memory: a transpose back
/// folds, an empty tensor or a fill of one is made in the new shape, an
/// elementwise generic used only here is rebuilt (a bias broadcast).
Value transposeValue(OpBuilder &b, Location loc, Value v,
                     ArrayRef<int64_t> perm,
                     SmallVectorImpl<Operation *> &created) {
  if (isIdentity(perm))
    return v;
  if (auto t = matchTranspose(v)) {
    // transpose(transpose(x, p), perm) = x when p[perm[i]] = i.
    Perm composed = applyPermutation(ArrayRef<int64_t>(t->second), perm);
    if (isIdentity(composed))
      return t->first;
  }
  Type elem = getElementTypeOrSelf(v.getType());
  if (auto empty = v.getDefiningOp<tensor::EmptyOp>())
    return tensor::EmptyOp::create(
        b, loc, applyPermutation(empty.getMixedSizes(), perm), elem);
  if (auto fill = v.getDefiningOp<linalg::FillOp>())
    if (v.hasOneUse() && fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>())
      return linalg::FillOp::create(
                 b, loc, fill.getInputs()[0],
                 transposeValue(b, loc, fill.getDpsInits()[0], perm, created))
          ->getResult(0);
  if (auto g = v.getDefiningOp<linalg::GenericOp>())
    if (v.hasOneUse() && isPermutableElementwise(g))
      return permuteElementwise(b, g, perm, created);
  // A constant padding (a "same" convolution's): pad the transposed
  // source, so that the padding copy stays the only one.
  if (auto pad = v.getDefiningOp<tensor::PadOp>())
    if (Value value = pad.getConstantPaddingValue();
        value && v.hasOneUse() && !pad.getNofold()) {
      // (A constant defined in the padding's body is copied out of it.)
      if (value.getParentRegion() == &pad.getRegion())
        value = b.clone(*value.getDefiningOp())->getResult(0);
      Value source = transposeValue(b, loc, pad.getSource(), perm, created);
      auto type = RankedTensorType::get(
          applyPermutation(pad.getResultType().getShape(), perm), elem);
      return tensor::PadOp::create(
          b, loc, type, source, applyPermutation(pad.getMixedLowPad(), perm),
          applyPermutation(pad.getMixedHighPad(), perm), value);
    }
  return emitTranspose(b, loc, v, perm, created);
}

/// The group of each loop: the batch, the output image dims (in the order
/// the output lays them out) and the filter loop sliding along each (the
/// one the input indexes together with it), the channel dims.
FailureOr<SmallVector<int64_t>>
loopGroups(linalg::LinalgOp op, unsigned image,
           const linalg::ConvolutionDimensions &dims, std::string &reason) {
  SmallVector<int64_t> group(op.getNumLoops(), -1);
  group[dims.batch[0]] = Batch;
  for (unsigned d : dims.outputChannel)
    group[d] = Channel;
  for (unsigned d : dims.inputChannel)
    group[d] = Channel;
  for (unsigned d : dims.depth)
    group[d] = Channel;
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  int64_t next = Row;
  for (AffineExpr e : out.getResults())
    if (auto dim = dyn_cast<AffineDimExpr>(e))
      if (llvm::is_contained(dims.outputImage, dim.getPosition()))
        group[dim.getPosition()] = next++;
  AffineMap in = op.getMatchingIndexingMap(op.getDpsInputOperand(image));
  for (unsigned f : dims.filterLoop)
    for (AffineExpr e : in.getResults())
      if (e.isFunctionOfDim(f))
        for (unsigned o : dims.outputImage)
          if (e.isFunctionOfDim(o))
            group[f] = group[o];
  if (llvm::is_contained(group, -1)) {
    reason = "expected each filter loop to slide along one output image dim "
             "(indexed with it by one input expression)";
    return failure();
  }
  return group;
}

/// For an operand's map, the result position of each group (in group
/// order), if each result is a function of the loops of exactly one group
/// and `groups` groups each appear once.
std::optional<Perm> layoutOf(AffineMap map, ArrayRef<int64_t> loopGroup,
                             ArrayRef<int64_t> groups) {
  if (map.getNumResults() != groups.size())
    return std::nullopt;
  Perm layout(groups.size(), -1);
  for (auto [k, e] : llvm::enumerate(map.getResults())) {
    int64_t g = -1;
    for (unsigned d = 0; d < map.getNumDims(); ++d) {
      if (!e.isFunctionOfDim(d))
        continue;
      if (g != -1 && g != loopGroup[d])
        return std::nullopt;
      g = loopGroup[d];
    }
    auto it = llvm::find(groups, g);
    if (it == groups.end() || layout[it - groups.begin()] != -1)
      return std::nullopt;
    layout[it - groups.begin()] = k;
  }
  return layout;
}

/// The filter's dims with the one the output channel loop `oc` indexes
/// moved last (the micro-kernel and the filter's packed cache read vectors
/// of output channels): FCHW -> CHWF, identity for HWCF.
std::optional<Perm> outputChannelsLast(AffineMap map, unsigned oc) {
  std::optional<unsigned> pos =
      map.getResultPosition(getAffineDimExpr(oc, map.getContext()));
  if (!pos)
    return std::nullopt;
  Perm perm;
  for (unsigned k = 0; k < map.getNumResults(); ++k)
    if (k != *pos)
      perm.push_back(k);
  perm.push_back(*pos);
  return perm;
}

/// Erases the ops that produced `v` and are now dead, but not transposes
/// made before this rewrite (a caller may hold them: they are left for the
/// next canonicalization, which tells its listener).
void eraseDead(RewriterBase &rewriter, Value v,
               SmallVectorImpl<Operation *> &created) {
  Operation *op = v.getDefiningOp();
  if (!op || !isOpTriviallyDead(op) ||
      (isa<linalg::TransposeOp>(op) && !llvm::is_contained(created, op)))
    return;
  SmallVector<Value> operands(op->getOperands());
  llvm::erase(created, op);
  rewriter.eraseOp(op);
  for (Value operand : operands)
    eraseDead(rewriter, operand, created);
}

} // namespace

FailureOr<linalg::LinalgOp>
convertToChannelsLast(RewriterBase &rewriter, linalg::LinalgOp op,
                      SmallVectorImpl<Operation *> &transposes,
                      std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  unsigned filter;
  FailureOr<linalg::ConvolutionDimensions> dims =
      classifyTensorConvolution(op, filter, reason);
  if (failed(dims))
    return failure();
  bool depthwise = isDepthwiseConvolution(*dims);
  if (!depthwise && !isDenseConvolution(*dims))
    return fail("expected a 2-D convolution with one batch, two output "
                "image, two filter loop dims and either an output and an "
                "input channel dim or one depthwise channel dim");
  unsigned image = 1 - filter;
  FailureOr<SmallVector<int64_t>> group = loopGroups(op, image, *dims, reason);
  if (failed(group))
    return failure();

  // The new loop order: (n, oh, ow, oc, kh, kw, ci) / (n, oh, ow, c, kh, kw).
  unsigned oc = depthwise ? dims->depth[0] : dims->outputChannel[0];
  auto imageLoop = [&](ArrayRef<unsigned> loops, int64_t g) {
    return *llvm::find_if(loops, [&](unsigned d) { return (*group)[d] == g; });
  };
  Perm order = {dims->batch[0],
                imageLoop(dims->outputImage, Row),
                imageLoop(dims->outputImage, Column),
                oc,
                imageLoop(dims->filterLoop, Row),
                imageLoop(dims->filterLoop, Column)};
  if (!depthwise)
    order.push_back(dims->inputChannel[0]);

  AffineMap inMap = op.getMatchingIndexingMap(op.getDpsInputOperand(image));
  AffineMap filterMap =
      op.getMatchingIndexingMap(op.getDpsInputOperand(filter));
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  std::optional<Perm> inLayout =
      layoutOf(inMap, *group, {Batch, Row, Column, Channel});
  std::optional<Perm> outLayout =
      layoutOf(outMap, *group, {Batch, Row, Column, Channel});
  if (!inLayout || !outLayout || !outMap.isProjectedPermutation())
    return fail("expected the input and the output indexed by one batch, "
                "two image and one channel expression each");
  std::optional<Perm> filterLayout =
      depthwise ? layoutOf(filterMap, *group, {Row, Column, Channel})
                : outputChannelsLast(filterMap, oc);
  if (!filterLayout)
    return fail(depthwise ? "expected a depthwise filter indexed by its two "
                            "filter loops and its channel"
                          : "expected the filter to index its output "
                            "channels by one dim");
  if (isIdentity(order) && isIdentity(*inLayout) && isIdentity(*outLayout) &&
      isIdentity(*filterLayout))
    return op;

  // The generic with its body, then its NHWC copy.
  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> g = linalg::generalizeNamedOp(rewriter, op);
    if (failed(g))
      return fail("the named convolution has no generic form");
    generic = *g;
  }
  Location loc = generic.getLoc();
  unsigned n = generic.getNumLoops();
  SmallVector<AffineExpr> renamed = renamedLoops(rewriter, order);
  auto rename = [&](AffineMap map, ArrayRef<int64_t> layout) {
    AffineMap m = map.replaceDimsAndSymbols(renamed, {}, n, 0);
    if (layout.empty())
      return m;
    SmallVector<AffineExpr> results;
    for (int64_t k : layout)
      results.push_back(m.getResult(k));
    return AffineMap::get(n, 0, results, rewriter.getContext());
  };

  SmallVector<Operation *> created;
  SmallVector<Value> inputs(2);
  SmallVector<AffineMap> maps(3);
  inputs[image] = transposeValue(rewriter, loc, generic.getDpsInputs()[image],
                                 *inLayout, created);
  maps[image] = rename(inMap, *inLayout);
  inputs[filter] = transposeValue(rewriter, loc, generic.getDpsInputs()[filter],
                                  *filterLayout, created);
  maps[filter] = rename(filterMap, *filterLayout);
  Value init = transposeValue(rewriter, loc, generic.getDpsInits()[0],
                              *outLayout, created);
  maps[2] = rename(outMap, *outLayout);
  SmallVector<utils::IteratorType> iterators =
      applyPermutation(generic.getIteratorTypesArray(), order);
  auto nhwc = linalg::GenericOp::create(rewriter, loc, init.getType(), inputs,
                                        init, maps, iterators);
  IRMapping mapping;
  generic.getRegion().cloneInto(&nhwc.getRegion(), mapping);

  // The result back in the original layout, then its elementwise consumer
  // moved before that transpose.
  Perm back = invertPermutationVector(*outLayout);
  Value result =
      transposeValue(rewriter, loc, nhwc->getResult(0), back, created);
  SmallVector<Value> oldOperands(generic->getOperands());
  rewriter.replaceOp(generic, result);
  for (Value v : oldOperands)
    eraseDead(rewriter, v, created);
  if (result.hasOneUse())
    if (auto e = dyn_cast<linalg::GenericOp>(*result.getUsers().begin()))
      if (isWholeElementwiseConsumer(e, result) && isPermutableElementwise(e)) {
        rewriter.setInsertionPoint(e);
        Value moved = permuteElementwise(rewriter, e, *outLayout, created);
        SmallVector<Value> eOperands(e->getOperands());
        rewriter.replaceOp(
            e, transposeValue(rewriter, e.getLoc(), moved, back, created));
        for (Value v : eOperands)
          eraseDead(rewriter, v, created);
      }
  llvm::append_range(transposes, created);
  return cast<linalg::LinalgOp>(nhwc.getOperation());
}

} // namespace regtile
