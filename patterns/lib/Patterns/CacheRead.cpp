//===- CacheRead.cpp - Operand tiles staged in a packed cache -------------===//

#include "regtile/Patterns/LoopUtils.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace regtile {
namespace {

/// How one dim of the footprint is read by the op.
struct DimAccess {
  /// The inner loop tiling this dim (null: the dim is not tiled).
  scf::ForOp loop;
  int64_t step = 0;
  /// Offset terms of the op's slice that are the same in every inner
  /// iteration (untiled dims: where the footprint starts).
  SmallVector<OpFoldResult> fixed;
};

struct Analysis {
  Value source;                       // what the footprint is a slice of
  SmallVector<scf::ForOp> innerLoops; // outermost first
  SmallVector<DimAccess> dims;
  SmallVector<OpFoldResult> opSizes; // the op operand's sizes
  SmallVector<int64_t> bounds;       // static bounds of the footprint dims
  /// The same before clamping to the source's extents: what the op's
  /// tile may span (its vectors, padded).
  SmallVector<int64_t> tileBounds;
  Operation *nest = nullptr; // the outermost inner loop, or the op
  /// Packed: dims tiled by unit steps come before untiled dims (they move
  /// out of the tile; the op reads the tile through a reshape).
  bool movesUnitDims = false;
  /// options.interleave: the dim tiled into groups (interleavedDim).
  std::optional<unsigned> grouped;
};

/// Whether `loop` may have a second iteration: not when its trip count is
/// static and at most 1, or its upper bound is at most lb + step (a loop
/// over one thread's piece of a dim smaller than the step).
bool mayRunTwice(scf::ForOp loop) {
  if (std::optional<APInt> trips = loop.getStaticTripCount())
    return trips->getZExtValue() > 1;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  FailureOr<int64_t> ub = constantUpperBound(loop.getUpperBound());
  return !lb || !step || failed(ub) || *ub > *lb + *step;
}

/// The static extent of dim `d` of the tensor that `v` is, through
/// rank-preserving tensor.extract_slice ops, a slice of (INT64_MAX if
/// dynamic): a footprint is never larger, whatever the tile sizes (cache
/// blocks larger than a small operand).
int64_t wholeExtent(Value v, unsigned d) {
  while (auto slice = v.getDefiningOp<tensor::ExtractSliceOp>()) {
    if (slice.getSourceType().getRank() != slice.getResultType().getRank())
      break;
    v = slice.getSource();
  }
  int64_t extent = cast<ShapedType>(v.getType()).getDimSize(d);
  return ShapedType::isDynamic(extent) ? std::numeric_limits<int64_t>::max()
                                       : extent;
}

/// The scf.for loops between `loop` and the op (`a.innerLoops`, `a.nest`).
LogicalResult analyzeInnerLoops(linalg::LinalgOp op, scf::ForOp loop,
                                Analysis &a, std::string &reason) {
  if (!loop->isProperAncestor(op)) {
    reason = "the op is not inside the loop";
    return failure();
  }
  for (Operation *p = op->getParentOp(); p != loop; p = p->getParentOp()) {
    auto inner = dyn_cast<scf::ForOp>(p);
    if (!inner) {
      reason = ("only scf.for loops may be between the loop and the op, "
                "found '" +
                p->getName().getStringRef() + "'")
                   .str();
      return failure();
    }
    a.innerLoops.insert(a.innerLoops.begin(), inner);
  }
  a.nest = a.innerLoops.empty() ? op.getOperation()
                                : a.innerLoops.front().getOperation();
  return success();
}

/// The slices the operand is taken by inside the nest (or by the loop's
/// body for the op's own operand), innermost first; sets `a.source`.
FailureOr<SmallVector<tensor::ExtractSliceOp>>
sliceChain(Value operand, scf::ForOp loop, Analysis &a, std::string &reason) {
  auto insideNest = [&](Value v) {
    Operation *owner = v.getParentRegion()->getParentOp();
    return !a.innerLoops.empty() && a.nest->isAncestor(owner);
  };
  SmallVector<tensor::ExtractSliceOp> chain;
  Value v = operand;
  // The op's operand itself, when the op is directly in the loop's body,
  // is a slice taken in that body: it is the footprint's last step.
  if (auto s = v.getDefiningOp<tensor::ExtractSliceOp>();
      s && a.innerLoops.empty() && s->getBlock() == loop.getBody()) {
    chain.push_back(s);
    v = s.getSource();
  }
  while (insideNest(v)) {
    auto slice = v.getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice) {
      reason = "the operand is computed inside the loop nest (expected "
               "slices of a value available in the loop's body)";
      return failure();
    }
    chain.push_back(slice);
    v = slice.getSource();
  }
  for (tensor::ExtractSliceOp slice : chain)
    if (!slice.hasUnitStride() ||
        slice.getSourceType().getRank() != slice.getType().getRank()) {
      reason = "the operand is a strided or rank-reducing slice";
      return failure();
    }
  a.source = v;
  return chain;
}

/// Offsets, per dim: an inner loop's IV (a tile dim) or invariant terms.
LogicalResult analyzeOffsets(ArrayRef<tensor::ExtractSliceOp> chain,
                             Analysis &a, std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  for (tensor::ExtractSliceOp slice : chain) {
    for (auto [d, offset] : llvm::enumerate(slice.getMixedOffsets())) {
      if (isConstantIntValue(offset, 0))
        continue;
      // A constant offset is the same in every inner iteration.
      if (!isa<Value>(offset)) {
        a.dims[d].fixed.push_back(offset);
        continue;
      }
      auto iv = dyn_cast<BlockArgument>(cast<Value>(offset));
      scf::ForOp tiling;
      for (scf::ForOp l : a.innerLoops)
        if (iv && l.getInductionVar() == iv)
          tiling = l;
      if (!tiling) {
        if (!isLoopInvariant(a.nest, cast<Value>(offset)))
          return fail(llvm::formatv("the offset of dim {0} of the operand "
                                    "depends on the inner loops other than "
                                    "as a tile index",
                                    d));
        a.dims[d].fixed.push_back(offset);
        continue;
      }
      if (a.dims[d].loop)
        return fail(llvm::formatv("dim {0} of the operand is tiled by more "
                                  "than one loop inside the loop; stage "
                                  "it at an inner loop",
                                  d));
      std::optional<int64_t> lb = getConstantIntValue(tiling.getLowerBound());
      std::optional<int64_t> step = getConstantIntValue(tiling.getStep());
      if (!lb || *lb != 0 || !step)
        return fail(llvm::formatv("the loop tiling dim {0} does not start "
                                  "at 0 with a constant step",
                                  d));
      a.dims[d].loop = tiling;
      a.dims[d].step = *step;
    }
  }
  return success();
}

/// Checks the order of tiled and untiled dims (`grouped`: the dim the
/// interleaved layout moves innermost, which transposes nothing else).
LogicalResult checkDimOrder(const CacheReadOptions &options, Analysis &a,
                            std::optional<unsigned> grouped,
                            std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  // A dim tiled by a unit step moves out of the tile for free (the op reads
  // one index of it: the cache's tile is the op's operand up to unit dims);
  // a larger tile moved out past an untiled dim would transpose the data
  // the op reads.
  bool seenTiled = false, seenUnitTiled = false;
  for (auto [d, dim] : llvm::enumerate(a.dims)) {
    if (dim.loop) {
      if (!dim.fixed.empty())
        return fail(llvm::formatv("dim {0} is tiled at a nonzero offset", d));
      seenTiled |= dim.step != 1 && d != grouped;
      seenUnitTiled |= dim.step == 1;
      continue;
    }
    a.movesUnitDims |= seenUnitTiled && options.packed;
    if (isa_and_present<Value>(a.opSizes[d]) &&
        !isLoopInvariant(a.nest, cast<Value>(a.opSizes[d])))
      return fail(llvm::formatv("the extent of dim {0} of the operand "
                                "changes in the inner loops",
                                d));
    if (seenTiled && options.packed)
      return fail(llvm::formatv(
          "the packed cache would transpose the operand: dim {0} is not "
          "tiled by an inner loop but a dim before it is, by a step larger "
          "than 1 (tile it too, e.g. by a unit-step loop)",
          d));
  }
  return success();
}

/// Static bounds of the footprint: the source's dims where tiled, the op's
/// extent elsewhere.
LogicalResult computeBounds(Analysis &a, std::string &reason) {
  for (unsigned d = 0, rank = a.dims.size(); d < rank; ++d) {
    FailureOr<int64_t> ub = !a.dims[d].loop && a.opSizes[d]
                                ? constantUpperBound(a.opSizes[d])
                                : constantUpperBound(a.source, d);
    if (failed(ub)) {
      reason = llvm::formatv("dim {0} of the operand's footprint has no "
                             "static upper bound",
                             d);
      return failure();
    }
    a.tileBounds.push_back(*ub);
    a.bounds.push_back(std::min(*ub, wholeExtent(a.source, d)));
    if (a.bounds.back() <= 0) {
      reason = llvm::formatv("dim {0} of the operand is empty: nothing "
                             "to stage",
                             d);
      return failure();
    }
  }
  return success();
}

/// With options.interleave: the dim the innermost inner loop tiles by a
/// step larger than 1 (a dot product's K groups), when it is not the
/// operand's innermost dim: the tiles are [innermost][group], the group
/// innermost. None when there is nothing to interleave (a unit step, or
/// the group already innermost: same bytes either way).
FailureOr<std::optional<unsigned>>
interleavedDim(linalg::LinalgOp op, const Analysis &a,
               const CacheReadOptions &options, std::string &reason) {
  if (!options.interleave || a.innerLoops.empty())
    return std::optional<unsigned>();
  std::optional<unsigned> dim;
  for (auto [d, access] : llvm::enumerate(a.dims))
    if (access.loop == a.innerLoops.back() && access.step > 1)
      dim = d;
  unsigned rank = a.dims.size();
  if (!dim || *dim == rank - 1)
    return std::optional<unsigned>();
  auto fail = [&](const Twine &why) {
    reason = ("interleave: " + why).str();
    return failure();
  };
  if (!options.packed)
    return fail("needs a packed cache");
  // The other dims leave the tile (unit steps) or stay in it in their
  // order (untiled).
  for (unsigned d = 0; d + 1 < rank; ++d)
    if (d != *dim && a.dims[d].loop && a.dims[d].step != 1)
      return fail(llvm::formatv("dim {0} is tiled by a step larger than 1 "
                                "besides the group and the innermost dim",
                                d));
  if (!isa<linalg::GenericOp, linalg::MatmulOp, linalg::BatchMatmulOp,
           linalg::ContractOp>(op.getOperation()))
    return fail("changes the op's indexing map of the operand: expected a "
                "linalg.generic, matmul, batch_matmul or contract, not '" +
                op->getName().getStringRef().str() + "' (generalize it first)");
  return dim;
}

LogicalResult analyze(linalg::LinalgOp op, scf::ForOp loop,
                      const CacheReadOptions &options, Analysis &a,
                      std::string &reason) {
  if (options.operand >= op.getNumDpsInputs()) {
    reason = llvm::formatv("operand {0} is out of range: the op has {1} "
                           "inputs",
                           options.operand, op.getNumDpsInputs());
    return failure();
  }
  if (!op.hasPureTensorSemantics()) {
    reason = "expected an op on tensors (stage before bufferization)";
    return failure();
  }
  if (failed(analyzeInnerLoops(op, loop, a, reason)))
    return failure();
  Value operand = op.getDpsInputOperand(options.operand)->get();
  auto type = dyn_cast<RankedTensorType>(operand.getType());
  if (!type || type.getRank() == 0) {
    reason = type ? "the operand is a 0-d tensor: nothing to stage"
                  : "the operand is not a ranked tensor";
    return failure();
  }
  a.dims.assign(type.getRank(), {});
  FailureOr<SmallVector<tensor::ExtractSliceOp>> chain =
      sliceChain(operand, loop, a, reason);
  if (failed(chain))
    return failure();
  // Without slices the op reads the whole source: its sizes are the
  // source's (static ones as attributes, dynamic ones filled in later).
  if (chain->empty()) {
    Builder b(op.getContext());
    for (int64_t size : type.getShape())
      a.opSizes.push_back(ShapedType::isDynamic(size)
                              ? OpFoldResult()
                              : OpFoldResult(b.getIndexAttr(size)));
  } else {
    a.opSizes = chain->front().getMixedSizes();
  }
  if (failed(analyzeOffsets(*chain, a, reason)))
    return failure();
  FailureOr<std::optional<unsigned>> grouped =
      interleavedDim(op, a, options, reason);
  if (failed(grouped) || failed(checkDimOrder(options, a, *grouped, reason)))
    return failure();
  a.grouped = *grouped;
  return computeBounds(a, reason);
}

/// Outermost scf.for enclosing `loop` (or `loop` itself) in the same
/// function-like region: the place of the cache allocation.
Operation *outermostLoop(scf::ForOp loop) {
  Operation *outer = loop;
  for (Operation *p = loop->getParentOp(); p && isa<scf::ForOp>(p);
       p = p->getParentOp())
    outer = p;
  return outer;
}

/// The cache's layout. Packed: the tiled dims (inner loops' order) outer,
/// then the untiled dims; the tiles, in dim order, inner. Dense: the
/// footprint's own layout, as one tile spanning the (bound of the)
/// innermost dim.
struct CacheLayout {
  SmallVector<int64_t> innerPos, tiles, perm, shape;
  /// The tile's dims are stored in reverse order (options.interleave).
  bool interleaved = false;
  /// Whether dim `d` is tiled by an inner loop in the packed layout.
  std::function<bool(unsigned)> tiled;

  int64_t tileOf(int64_t d) const {
    auto it = llvm::find(innerPos, d);
    return it == innerPos.end() ? 0 : tiles[it - innerPos.begin()];
  }
  bool identityPerm() const {
    return llvm::equal(perm, llvm::seq<int64_t>(0, perm.size()));
  }
  /// Interleaved: the operand's dims in the order the op reads its tile of
  /// the cache (the outer dims but the two tiled ones, then those).
  SmallVector<int64_t> viewOrder() const {
    SmallVector<int64_t> order;
    for (int64_t d : perm)
      if (!llvm::is_contained(innerPos, d))
        order.push_back(d);
    llvm::append_range(order, innerPos);
    return order;
  }
};

/// `lanes32`: the 32-bit lanes of the target's vectors, which the
/// interleaved tile's innermost dim is padded to (the dot-product
/// micro-kernel reads whole vectors of groups).
CacheLayout computeLayout(const Analysis &a, bool packed, int64_t lanes32) {
  CacheLayout l;
  unsigned rank = a.dims.size();
  l.tiled = [&a, packed](unsigned d) { return packed && a.dims[d].loop; };
  if (a.grouped) {
    // Tiles [innermost][group]: the innermost dim's inner loop step (or
    // all of it), then the group.
    unsigned last = rank - 1;
    l.interleaved = true;
    l.innerPos = {last, *a.grouped};
    int64_t columns =
        a.dims[last].loop ? a.dims[last].step : a.tileBounds[last];
    l.tiles = {static_cast<int64_t>(llvm::alignTo(columns, lanes32)),
               a.dims[*a.grouped].step};
  }
  // Tiles of one element are no tiles: when every tiled dim steps by 1 and
  // the innermost dim is untiled (a convolution's filter: kh by the
  // reduction loop, [ci][kw][co] read whole), the tiled dims only move to
  // the front, indexed by their IV, and the innermost dim is the tile (as
  // in the dense layout), so the copy moves whole vectors along it instead
  // of one element per tile.
  bool unitTilesOnly =
      packed && !a.dims[rank - 1].loop &&
      llvm::all_of(a.dims, [](const DimAccess &d) { return d.step <= 1; });
  for (unsigned d = 0; d < rank && !a.grouped; ++d)
    if (l.tiled(d) && !unitTilesOnly) {
      l.innerPos.push_back(d);
      l.tiles.push_back(a.dims[d].step);
    }
  // (Also when no inner loop tiles the footprint.)
  if (l.innerPos.empty()) {
    l.innerPos.push_back(rank - 1);
    l.tiles.push_back(a.bounds[rank - 1]);
  }
  for (scf::ForOp loop : a.innerLoops)
    for (unsigned d = 0; d < rank; ++d)
      if (l.tiled(d) && a.dims[d].loop == loop)
        l.perm.push_back(d);
  for (unsigned d = 0; d < rank; ++d)
    if (!l.tiled(d))
      l.perm.push_back(d);
  for (int64_t d : l.perm)
    l.shape.push_back(l.tileOf(d) ? llvm::divideCeil(a.bounds[d], l.tileOf(d))
                                  : a.bounds[d]);
  llvm::append_range(l.shape, l.tiles);
  return l;
}

/// Whether the footprint is stored in the source as `l` would hold it in
/// the cache: each dim of more than one element is, in the cache, either
/// outer (untiled, or tiled by 1) or the whole of its tile (tiled by its
/// bound, no padding), these dims come in the source's order, and the
/// source holds the footprint contiguously (each dim after the first of
/// them whole). E.g. a row-major B as wide as its one micro-panel.
bool laidOutAsCache(const Analysis &a, const CacheLayout &l) {
  if (l.interleaved)
    return false;
  SmallVector<int64_t> order; // the dims that vary, in the cache's order
  for (int64_t d : l.perm) {
    int64_t tile = l.tileOf(d);
    if (a.bounds[d] == 1)
      continue;
    if (tile <= 1)
      order.push_back(d);
    else if (tile != a.bounds[d])
      return false; // split into several tiles, or padded
  }
  for (auto [d, tile] : llvm::zip(l.innerPos, l.tiles))
    if (a.bounds[d] > 1 && tile > 1)
      order.push_back(d);
  if (!llvm::is_sorted(order))
    return false;
  for (int64_t d = order.empty() ? 0 : order.front() + 1, rank = a.dims.size();
       d < rank; ++d)
    if (a.bounds[d] != wholeExtent(a.source, d))
      return false;
  return true;
}

/// Before the inner loops: the footprint packed into (the part of) `cache`
/// it fills. Fills in the op's sizes of `a` where they are the source's.
linalg::PackOp fillCache(RewriterBase &rewriter, Location loc, Analysis &a,
                         const CacheLayout &l, Value cache) {
  MLIRContext *ctx = rewriter.getContext();
  unsigned rank = a.dims.size();
  rewriter.setInsertionPoint(a.nest);
  IRMapping hoisted;
  SmallVector<OpFoldResult> fpOffsets, fpSizes;
  SmallVector<OpFoldResult> sourceSizes =
      tensor::getMixedSizes(rewriter, loc, a.source);
  for (unsigned d = 0; d < rank; ++d)
    if (!a.opSizes[d])
      a.opSizes[d] = sourceSizes[d];
  for (unsigned d = 0; d < rank; ++d) {
    if (a.dims[d].loop) {
      fpOffsets.push_back(rewriter.getIndexAttr(0));
      fpSizes.push_back(sourceSizes[d]);
      continue;
    }
    OpFoldResult sum = rewriter.getIndexAttr(0);
    for (OpFoldResult term : a.dims[d].fixed) {
      AffineExpr s0 = getAffineSymbolExpr(0, ctx),
                 s1 = getAffineSymbolExpr(1, ctx);
      sum = affine::makeComposedFoldedAffineApply(
          rewriter, loc, s0 + s1,
          {sum, hoistInvariant(rewriter, a.nest, term, hoisted)});
    }
    fpOffsets.push_back(sum);
    fpSizes.push_back(hoistInvariant(rewriter, a.nest, a.opSizes[d], hoisted));
  }
  Value footprint = a.source;
  bool whole =
      llvm::all_of(fpOffsets,
                   [](OpFoldResult o) { return isConstantIntValue(o, 0); }) &&
      llvm::all_of(llvm::zip(fpSizes, sourceSizes),
                   [](auto p) { return std::get<0>(p) == std::get<1>(p); });
  if (!whole) {
    SmallVector<OpFoldResult> ones(rank, rewriter.getIndexAttr(1));
    footprint = tensor::ExtractSliceOp::create(rewriter, loc, a.source,
                                               fpOffsets, fpSizes, ones);
  }
  SmallVector<OpFoldResult> destSizes;
  bool needsPadding = false;
  for (int64_t d : l.perm) {
    if (!l.tileOf(d)) {
      destSizes.push_back(fpSizes[d]);
      continue;
    }
    int64_t step = l.tileOf(d);
    std::optional<int64_t> size = getConstantIntValue(fpSizes[d]);
    needsPadding |= !size || *size % step != 0;
    AffineExpr s0 = getAffineSymbolExpr(0, ctx);
    destSizes.push_back(affine::makeComposedFoldedAffineApply(
        rewriter, loc, s0.ceilDiv(step), {fpSizes[d]}));
  }
  for (int64_t t : l.tiles)
    destSizes.push_back(rewriter.getIndexAttr(t));
  Value dest = cache;
  bool fullCache = llvm::all_of(llvm::zip(destSizes, l.shape), [](auto p) {
    return isConstantIntValue(std::get<0>(p), std::get<1>(p));
  });
  if (!fullCache) {
    SmallVector<OpFoldResult> zeros(l.shape.size(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> ones(l.shape.size(), rewriter.getIndexAttr(1));
    dest = tensor::ExtractSliceOp::create(rewriter, loc, cache, zeros,
                                          destSizes, ones);
  }
  // A pack (without tiles: a plain copy) that regtile lowers to register
  // tile copies.
  Type element = cast<ShapedType>(cache.getType()).getElementType();
  Value padding;
  if (needsPadding)
    padding =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element));
  SmallVector<OpFoldResult> tileSizes;
  for (int64_t t : l.tiles)
    tileSizes.push_back(rewriter.getIndexAttr(t));
  return linalg::PackOp::create(
      rewriter, loc, footprint, dest, l.innerPos, tileSizes, padding,
      l.identityPerm() ? ArrayRef<int64_t>() : ArrayRef<int64_t>(l.perm));
}

/// At the insertion point (before the op): the op's tile of the filled
/// cache, as its operand's type.
Value cacheView(RewriterBase &rewriter, Location loc, Analysis &a,
                const CacheLayout &l, Value filled, Type element,
                Value operand) {
  SmallVector<OpFoldResult> offsets, sizes;
  auto operandType = cast<RankedTensorType>(operand.getType());
  for (int64_t d : l.perm) {
    if (l.tiled(d)) {
      // The tile index: iv / step, unsigned (iv counts from 0), so that a
      // power-of-two step is a shift.
      Value step =
          arith::ConstantIndexOp::create(rewriter, loc, a.dims[d].step);
      offsets.push_back(arith::DivUIOp::create(rewriter, loc,
                                               a.dims[d].loop.getInductionVar(),
                                               step)
                            .getResult());
      sizes.push_back(rewriter.getIndexAttr(1));
      continue;
    }
    // Untiled: at the start of the footprint, or (dense) at the inner
    // loop's IV; the dense layout's one tile is outer index 0.
    OpFoldResult at = a.dims[d].loop
                          ? OpFoldResult(a.dims[d].loop.getInductionVar())
                          : rewriter.getIndexAttr(0);
    bool denseTile = l.tileOf(d) != 0;
    offsets.push_back(denseTile ? rewriter.getIndexAttr(0) : at);
    sizes.push_back(denseTile ? rewriter.getIndexAttr(1) : a.opSizes[d]);
  }
  for (int64_t d : l.innerPos) {
    offsets.push_back(l.tiled(d) || !a.dims[d].loop
                          ? OpFoldResult(rewriter.getIndexAttr(0))
                          : OpFoldResult(a.dims[d].loop.getInductionVar()));
    sizes.push_back(a.opSizes[d]);
  }
  SmallVector<OpFoldResult> strides(offsets.size(), rewriter.getIndexAttr(1));
  if (l.interleaved) {
    // The operand's dims in the tile's order (the op's map is permuted
    // alike): the unit and untiled dims, then [innermost][group].
    SmallVector<int64_t> shape;
    for (int64_t d : l.viewOrder())
      shape.push_back(operandType.getDimSize(d));
    return tensor::ExtractSliceOp::create(rewriter, loc,
                                          RankedTensorType::get(shape, element),
                                          filled, offsets, sizes, strides);
  }
  if (!a.movesUnitDims)
    return tensor::ExtractSliceOp::create(rewriter, loc, operandType, filled,
                                          offsets, sizes, strides);
  // Unit-step dims moved out of the tile: the tile without its unit dims is
  // the op's operand without its unit dims (analyze checked the order), so
  // a rank-reduced slice and an expand_shape give the operand.
  SmallVector<int64_t> reducedShape;
  for (OpFoldResult size : sizes) {
    std::optional<int64_t> c = getConstantIntValue(size);
    if (c != 1)
      reducedShape.push_back(c ? *c : ShapedType::kDynamic);
  }
  auto reduced = RankedTensorType::get(reducedShape, element);
  std::optional<SmallVector<ReassociationIndices>> reassoc =
      getReassociationIndicesForReshape(reduced, operandType);
  assert(reassoc && "analyze checked that the tile is the operand up to "
                    "unit dims");
  Value slice = tensor::ExtractSliceOp::create(rewriter, loc, reduced, filled,
                                               offsets, sizes, strides);
  return tensor::ExpandShapeOp::create(
      rewriter, loc, operandType, slice, *reassoc,
      tensor::getMixedSizes(rewriter, loc, operand));
}

/// The op's indexing map of `operand` with its results in `order`.
void permuteMapResults(RewriterBase &rewriter, linalg::LinalgOp op,
                       OpOperand *operand, ArrayRef<int64_t> order) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap &map = maps[operand->getOperandNumber()];
  SmallVector<AffineExpr> results;
  for (int64_t d : order)
    results.push_back(map.getResult(d));
  map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                       op.getContext());
  ArrayAttr attr = rewriter.getAffineMapArrayAttr(maps);
  rewriter.modifyOpInPlace(op, [&] {
    llvm::TypeSwitch<Operation *>(op.getOperation())
        .Case<linalg::GenericOp, linalg::MatmulOp, linalg::BatchMatmulOp,
              linalg::ContractOp>(
            [&](auto named) { named.setIndexingMapsAttr(attr); });
  });
}

/// Whether the copy can be filled on first use (fill_on_first_use): the
/// loop right inside `loop` must read the same footprint in each iteration
/// (it does not tile the operand) and the loops inside it must tile it
/// (each reads a cache row once per iteration of the first; otherwise the
/// fill of a row would run in each of their iterations). Loops that run
/// once (a batch of 1, one row tile along a dim) neither repeat the fill
/// nor hold it: canonicalization folds them, they are left out. False
/// (nothing to mark) when no loop runs more than once or the one right
/// inside runs once and the others tile the operand; fails with `reason`
/// when the loops do not allow it.
FailureOr<bool> fillsOnFirstUse(const Analysis &a, std::string &reason) {
  if (a.innerLoops.empty()) {
    reason = "fill_on_first_use: no loop between the loop and the op to "
             "fill the cache in";
    return failure();
  }
  auto tilesOperand = [&](scf::ForOp l) {
    return llvm::any_of(a.dims,
                        [&](const DimAccess &d) { return d.loop == l; });
  };
  auto runsOnce = [](scf::ForOp l) {
    std::optional<APInt> trips = l.getStaticTripCount();
    return trips && trips->isOne();
  };
  SmallVector<scf::ForOp> loops = llvm::to_vector(llvm::make_filter_range(
      a.innerLoops, [&](scf::ForOp l) { return !runsOnce(l); }));
  if (loops.empty())
    return false;
  if (tilesOperand(loops.front())) {
    // The loop right inside runs once and reads the whole footprint, the
    // others tile it (a GEMM of one row tile): no loop repeats the reads,
    // nothing to fill on first use.
    scf::ForOp once = a.innerLoops.front();
    if (runsOnce(once) && !tilesOperand(once) &&
        llvm::all_of(loops, tilesOperand))
      return false;
    reason = "fill_on_first_use: the loop inside the staging loop tiles "
             "the operand (each of its iterations reads a different part "
             "of the cache)";
    return failure();
  }
  if (!llvm::all_of(llvm::drop_begin(loops), tilesOperand)) {
    reason = "fill_on_first_use: a loop inside the first one does not "
             "tile the operand (the fill of a row would run in each of "
             "its iterations)";
    return failure();
  }
  return mayRunTwice(loops.front());
}

} // namespace

FailureOr<CacheReadResult> cacheRead(RewriterBase &rewriter,
                                     linalg::LinalgOp op, scf::ForOp loop,
                                     const TargetInfo &target,
                                     const CacheReadOptions &options,
                                     std::string &reason) {
  Analysis a;
  OpBuilder::InsertionGuard guard(rewriter);
  if (failed(analyze(op, loop, options, a, reason)))
    return failure();
  bool markFill = false;
  if (options.fillOnFirstUse) {
    std::string why;
    FailureOr<bool> mark = fillsOnFirstUse(a, why);
    if (failed(mark) && !options.fillOnFirstUseIfAble) {
      reason = std::move(why);
      return failure();
    }
    markFill = succeeded(mark) && *mark;
  }
  Location loc = op.getLoc();
  auto sourceType = cast<RankedTensorType>(a.source.getType());
  CacheLayout layout = computeLayout(
      a, options.packed, std::max<int64_t>(target.simdBits / 32, 1));
  // The dot-product micro-kernel reads an interleaved tile through a
  // collapsed view, which regtile-fill-on-first-use does not follow: the
  // copy stays before the loop nest, unmarked.
  if (layout.interleaved)
    markFill = false;
  if (options.unlessLaidOut && laidOutAsCache(a, layout))
    return CacheReadResult();

  // The cache: static, once, before the loop nest; filled before the inner
  // loops; read by the op.
  rewriter.setInsertionPoint(outermostLoop(loop));
  auto cache = tensor::EmptyOp::create(rewriter, loc, layout.shape,
                                       sourceType.getElementType());
  linalg::PackOp pack = fillCache(rewriter, loc, a, layout, cache);
  OpOperand *operand = op.getDpsInputOperand(options.operand);
  rewriter.setInsertionPoint(op);
  Value view = cacheView(rewriter, loc, a, layout, pack.getResult(),
                         sourceType.getElementType(), operand->get());
  rewriter.modifyOpInPlace(op, [&] { operand->set(view); });
  if (layout.interleaved)
    permuteMapResults(rewriter, op, operand, layout.viewOrder());

  CacheReadResult result;
  result.cache = cache;
  result.copy = pack;
  // The copy as register tile copies (the pack lowering of regtile).
  std::string ignored;
  FailureOr<TileCopyResult> copies = packUnpackToTileCopies(
      rewriter, pack, target, TileCopyOptions(), ignored);
  if (succeeded(copies))
    result.copy = copies->loops.front();
  if (markFill) {
    // The mark goes on the outermost loop of the copy that canonicalization
    // keeps: a loop that runs once (one micro-panel when nc = nr) is folded
    // into its parent and would take the mark with it.
    auto root = dyn_cast<scf::ForOp>(result.copy);
    while (root && root.getStaticTripCount() &&
           root.getStaticTripCount()->isOne()) {
      auto inner = root.getBody()->getOps<scf::ForOp>();
      if (!llvm::hasSingleElement(inner))
        break;
      scf::ForOp child = *inner.begin();
      if (failed(root.promoteIfSingleIteration(rewriter)))
        break;
      root = child;
    }
    if (root &&
        !(root.getStaticTripCount() && root.getStaticTripCount()->isOne())) {
      result.copy = root;
      result.copy->setAttr(kFillOnFirstUseAttrName, rewriter.getUnitAttr());
    }
  }
  return result;
}

} // namespace regtile
