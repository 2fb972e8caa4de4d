//===- VersionPaddedWindows.cpp - Read a padded input in place ------------===//

#include "regtile/Patterns/VersionPaddedWindows.h"
#include "regtile/Patterns/LoopUtils.h"

#include "PaddedTensors.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

using namespace mlir;

namespace regtile {
namespace {

/// A window of a padded tensor the loop's body reads.
struct Window {
  tensor::ExtractSliceOp slice;
  PaddedSource padded;
};

/// Whether `v` can be computed at the top of `loop`'s body: a value from
/// before the loop, its IV, or pure ops of those.
bool computableAtTop(Value v, scf::ForOp loop) {
  if (loop.isDefinedOutsideOfLoop(v) || v == loop.getInductionVar())
    return true;
  Operation *def = v.getDefiningOp();
  return def && isPure(def) && def->getNumRegions() == 0 &&
         llvm::all_of(def->getOperands(),
                      [&](Value o) { return computableAtTop(o, loop); });
}

bool computable(OpFoldResult ofr, scf::ForOp loop) {
  auto v = dyn_cast<Value>(ofr);
  return !v || computableAtTop(v, loop);
}

/// `ofr` computed at the builder's point (at the top of the loop's body):
/// the chain of ops defining it in the body cloned there (`map` holds the
/// IV, available there).
OpFoldResult computeAtTop(OpBuilder &b, OpFoldResult ofr, scf::ForOp loop,
                          IRMapping &map) {
  map.map(loop.getInductionVar(), loop.getInductionVar());
  return hoistInvariant(b, loop, ofr, map);
}

/// `ofr` for the IV's value `iv`, if index arithmetic of constants and the
/// IV gives it.
std::optional<int64_t> evaluate(OpFoldResult ofr, Value ivValue, int64_t iv,
                                unsigned depth = 0) {
  if (std::optional<int64_t> c = getConstantIntValue(ofr))
    return c;
  Value v = cast<Value>(ofr);
  if (v == ivValue)
    return iv;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 32)
    return std::nullopt;
  SmallVector<int64_t> args;
  for (Value o : def->getOperands()) {
    std::optional<int64_t> a = evaluate(o, ivValue, iv, depth + 1);
    if (!a)
      return std::nullopt;
    args.push_back(*a);
  }
  auto results = [&](AffineMap map) {
    SmallVector<AffineExpr> dims, syms;
    for (auto [i, a] : llvm::enumerate(args))
      (i < map.getNumDims() ? dims : syms)
          .push_back(getAffineConstantExpr(a, v.getContext()));
    SmallVector<int64_t> values;
    for (AffineExpr e : map.getResults()) {
      auto c = dyn_cast<AffineConstantExpr>(
          simplifyAffineExpr(e.replaceDimsAndSymbols(dims, syms), 0, 0));
      if (!c)
        return SmallVector<int64_t>();
      values.push_back(c.getValue());
    }
    return values;
  };
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    SmallVector<int64_t> r = results(apply.getAffineMap());
    return r.empty() ? std::nullopt : std::optional<int64_t>(r[0]);
  }
  if (auto min = dyn_cast<affine::AffineMinOp>(def)) {
    SmallVector<int64_t> r = results(min.getAffineMap());
    return r.empty() ? std::nullopt
                     : std::optional<int64_t>(*llvm::min_element(r));
  }
  if (auto max = dyn_cast<affine::AffineMaxOp>(def)) {
    SmallVector<int64_t> r = results(max.getAffineMap());
    return r.empty() ? std::nullopt
                     : std::optional<int64_t>(*llvm::max_element(r));
  }
  if (isa<arith::AddIOp>(def))
    return args[0] + args[1];
  if (isa<arith::SubIOp>(def))
    return args[0] - args[1];
  if (isa<arith::MulIOp>(def))
    return args[0] * args[1];
  return std::nullopt;
}

/// Whether a window lies inside its pad's source along dim `d` in every
/// iteration, in none, or in some (or it cannot say).
enum class Inside { Always, Never, Sometimes };

Inside insideAlong(Window &w, unsigned d, scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                         ub = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0 || (*ub - *lb) / *step > 4096 ||
      !w.padded.sizes[d])
    return Inside::Sometimes;
  unsigned inside = 0, trips = 0;
  Value ivValue = loop.getInductionVar();
  for (int64_t iv = *lb; iv < *ub; iv += *step, ++trips) {
    std::optional<int64_t> off =
        evaluate(w.slice.getMixedOffsets()[d], ivValue, iv);
    std::optional<int64_t> n =
        evaluate(w.slice.getMixedSizes()[d], ivValue, iv);
    std::optional<int64_t> low =
        evaluate(w.padded.pad.getMixedLowPad()[d], ivValue, iv);
    std::optional<int64_t> extent = evaluate(w.padded.sizes[d], ivValue, iv);
    if (!off || !n || !low || !extent)
      return Inside::Sometimes;
    inside += *off - *low >= 0 && *off - *low + *n <= *extent;
  }
  return inside == trips ? Inside::Always
         : inside == 0   ? Inside::Never
                         : Inside::Sometimes;
}

/// The windows of padded tensors `loop`'s body reads, or a reason.
FailureOr<SmallVector<Window>> findWindows(scf::ForOp loop,
                                           std::string &reason) {
  DominanceInfo dom(loop->getParentOfType<FunctionOpInterface>());
  auto before = [&](OpFoldResult ofr) {
    auto v = dyn_cast<Value>(ofr);
    return !v || dom.properlyDominates(v, loop);
  };
  SmallVector<Window> windows;
  WalkResult walk = loop.getBody()->walk([&](tensor::ExtractSliceOp slice) {
    if (!loop.isDefinedOutsideOfLoop(slice.getSource()))
      return WalkResult::advance();
    std::optional<PaddedSource> padded = resolvePadded(slice.getSource());
    if (!padded)
      return WalkResult::advance();
    if (slice.getDroppedDims().any() ||
        !llvm::all_of(slice.getMixedStrides(), [](OpFoldResult s) {
          return isConstantIntValue(s, 1);
        })) {
      reason = "a window of the padded tensor is rank-reducing or strided";
      return WalkResult::interrupt();
    }
    // Along the padded dims: the tests are made once, at the top.
    for (unsigned d = 0, e = slice.getType().getRank(); d < e; ++d) {
      if (!isPaddedDim(*padded, d))
        continue;
      if (!computable(slice.getMixedOffsets()[d], loop) ||
          !computable(slice.getMixedSizes()[d], loop)) {
        reason = "a window's position along a padded dim moves inside the "
                 "loop's body (it depends on a nested loop)";
        return WalkResult::interrupt();
      }
    }
    if (padded->offsets.empty()) {
      // The pad's source itself: offsets 0, its sizes (a tensor.dim, made
      // at the rewrite, where dynamic).
      auto type = cast<RankedTensorType>(padded->source.getType());
      Builder b(loop.getContext());
      for (int64_t size : type.getShape()) {
        padded->offsets.push_back(b.getIndexAttr(0));
        padded->sizes.push_back(ShapedType::isDynamic(size)
                                    ? OpFoldResult()
                                    : OpFoldResult(b.getIndexAttr(size)));
      }
    }
    if (!dom.properlyDominates(padded->source, loop) ||
        !llvm::all_of(padded->offsets, before) ||
        !llvm::all_of(llvm::make_filter_range(
                          padded->sizes, [](OpFoldResult s) { return !!s; }),
                      before) ||
        !llvm::all_of(padded->pad.getMixedLowPad(), before) ||
        !llvm::all_of(padded->pad.getMixedHighPad(), before) ||
        !dom.properlyDominates(padded->padValue, loop)) {
      reason = "the padded tensor's source, position, padding or padding "
               "value is not known before the loop";
      return WalkResult::interrupt();
    }
    windows.push_back({slice, *padded});
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return windows;
}

/// Per window and dim, at the top of the body: the window's first position
/// in the source's slice (`lo`) and its size. Along a dim the pad does not
/// pad, the window may move in a loop of the body (a depthwise
/// convolution's channel blocks): there, unless `atTop`, they are null and
/// taken from the slice where the window is built.
struct Placement {
  SmallVector<OpFoldResult> lo, size, extent;
  bool atTop = true;
};

Placement place(OpBuilder &b, Location loc, Window &w, scf::ForOp loop,
                IRMapping &map) {
  Placement p;
  AffineExpr s0, s1;
  bindSymbols(b.getContext(), s0, s1);
  unsigned rank = w.slice.getType().getRank();
  for (unsigned d = 0; d < rank; ++d)
    p.atTop &= isPaddedDim(w.padded, d) ||
               (computable(w.slice.getMixedOffsets()[d], loop) &&
                computable(w.slice.getMixedSizes()[d], loop));
  for (unsigned d = 0; d < rank; ++d) {
    OpFoldResult extent = w.padded.sizes[d];
    p.extent.push_back(
        extent ? extent : tensor::getMixedSize(b, loc, w.padded.source, d));
    if (!p.atTop && !isPaddedDim(w.padded, d)) {
      p.lo.push_back(OpFoldResult());
      p.size.push_back(OpFoldResult());
      continue;
    }
    OpFoldResult off = computeAtTop(b, w.slice.getMixedOffsets()[d], loop, map);
    p.size.push_back(computeAtTop(b, w.slice.getMixedSizes()[d], loop, map));
    p.lo.push_back(affine::makeComposedFoldedAffineApply(
        b, loc, s0 - s1, {off, w.padded.pad.getMixedLowPad()[d]}));
  }
  return p;
}

/// The placement completed at `at` (the window's slice, or its clone):
/// the dims left to it taken from its offsets and sizes (not padded: its
/// position in the pad is its position in the source).
Placement completeAt(const Placement &p, tensor::ExtractSliceOp at) {
  Placement q = p;
  for (unsigned d = 0, e = q.lo.size(); d < e; ++d) {
    if (q.lo[d])
      continue;
    q.lo[d] = at.getMixedOffsets()[d];
    q.size[d] = at.getMixedSizes()[d];
  }
  return q;
}

/// The window read in place: the source at the window's position.
Value insideWindow(OpBuilder &b, Location loc, Window &w, const Placement &p) {
  AffineExpr s0, s1;
  bindSymbols(b.getContext(), s0, s1);
  SmallVector<OpFoldResult> offsets;
  for (auto [o0, lo] : llvm::zip(w.padded.offsets, p.lo))
    offsets.push_back(
        affine::makeComposedFoldedAffineApply(b, loc, s0 + s1, {o0, lo}));
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(
      b, loc, w.slice.getType(), w.padded.source, offsets, p.size, strides);
}

/// The placement over the whole of each dim it leaves to the body.
Placement wholeAlongMoving(const Placement &p) {
  Placement q = p;
  for (unsigned d = 0, e = q.lo.size(); d < e; ++d) {
    if (q.lo[d])
      continue;
    q.lo[d] = Builder(q.extent[d].getContext()).getIndexAttr(0);
    q.size[d] = q.extent[d];
  }
  return q;
}

/// The type of the window `wholeAlongMoving(p)` builds.
RankedTensorType hullType(Window &w, const Placement &p) {
  SmallVector<int64_t> shape(w.slice.getType().getShape());
  for (unsigned d = 0, e = shape.size(); d < e; ++d)
    if (!p.lo[d])
      shape[d] =
          getConstantIntValue(p.extent[d]).value_or(ShapedType::kDynamic);
  return RankedTensorType::get(shape, w.slice.getType().getElementType());
}

/// The window built from the part of the source it covers, padded.
Value borderWindow(OpBuilder &b, Location loc, Window &w, const Placement &p,
                   RankedTensorType type) {
  MLIRContext *ctx = b.getContext();
  AffineExpr s0, s1;
  bindSymbols(ctx, s0, s1);
  auto clamp = [&](OpFoldResult x, OpFoldResult extent) {
    OpFoldResult positive = affine::makeComposedFoldedAffineMax(
        b, loc, AffineMap::get(0, 1, {s0, getAffineConstantExpr(0, ctx)}, ctx),
        {x});
    return affine::makeComposedFoldedAffineMin(
        b, loc, AffineMap::get(0, 2, {s0, s1}, ctx), {positive, extent});
  };
  SmallVector<OpFoldResult> offsets, sizes, low, high;
  for (unsigned d = 0, e = p.lo.size(); d < e; ++d) {
    if (!isPaddedDim(w.padded, d)) {
      offsets.push_back(affine::makeComposedFoldedAffineApply(
          b, loc, s0 + s1, {w.padded.offsets[d], p.lo[d]}));
      sizes.push_back(p.size[d]);
      low.push_back(b.getIndexAttr(0));
      high.push_back(b.getIndexAttr(0));
      continue;
    }
    OpFoldResult hi = affine::makeComposedFoldedAffineApply(
        b, loc, s0 + s1, {p.lo[d], p.size[d]});
    OpFoldResult first = clamp(p.lo[d], p.extent[d]);
    OpFoldResult last = clamp(hi, p.extent[d]);
    offsets.push_back(affine::makeComposedFoldedAffineApply(
        b, loc, s0 + s1, {w.padded.offsets[d], first}));
    sizes.push_back(
        affine::makeComposedFoldedAffineApply(b, loc, s0 - s1, {last, first}));
    low.push_back(affine::makeComposedFoldedAffineApply(b, loc, s0 - s1,
                                                        {first, p.lo[d]}));
    high.push_back(
        affine::makeComposedFoldedAffineApply(b, loc, s0 - s1, {hi, last}));
  }
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  Value part = tensor::ExtractSliceOp::create(b, loc, w.padded.source, offsets,
                                              sizes, strides);
  // The result's shape is the window's: static where the window's is.
  return tensor::PadOp::create(b, loc, type, part, low, high,
                               w.padded.padValue);
}

Value allTrue(OpBuilder &b, Location loc, ArrayRef<Value> conditions) {
  Value all = conditions.front();
  for (Value c : conditions.drop_front())
    all = b.createOrFold<arith::AndIOp>(loc, all, c);
  return all;
}

} // namespace

FailureOr<VersionPaddedWindowsResult>
versionPaddedWindows(RewriterBase &rewriter, scf::ForOp loop,
                     std::string &reason) {
  FailureOr<SmallVector<Window>> found = findWindows(loop, reason);
  if (failed(found))
    return failure();
  SmallVector<Window> &windows = *found;
  VersionPaddedWindowsResult result;
  result.windows = windows.size();
  if (windows.empty())
    return result;

  // Which dims to test at run time.
  SmallVector<SmallVector<unsigned>> tested(windows.size());
  for (auto [w, dims] : llvm::zip(windows, tested)) {
    for (unsigned d = 0, e = w.slice.getType().getRank(); d < e; ++d) {
      if (!isPaddedDim(w.padded, d))
        continue;
      Inside inside = insideAlong(w, d, loop);
      if (inside == Inside::Never) {
        result.kind = VersionPaddedWindowsResult::Kind::AllBorder;
        return result;
      }
      if (inside == Inside::Sometimes)
        dims.push_back(d);
    }
  }
  bool versioned = llvm::any_of(
      tested, [](const SmallVector<unsigned> &d) { return !d.empty(); });

  Block *body = loop.getBody();
  Operation *firstOp = &body->front();
  Operation *terminator = body->getTerminator();
  Location loc = loop.getLoc();
  rewriter.setInsertionPointToStart(body);
  IRMapping top;
  SmallVector<Placement> placements;
  SmallVector<Value> conditions;
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  for (auto [w, dims] : llvm::zip(windows, tested)) {
    placements.push_back(place(rewriter, loc, w, loop, top));
    Placement &p = placements.back();
    for (unsigned d : dims) {
      Value lo = getValueOrCreateConstantIndexOp(rewriter, loc, p.lo[d]);
      Value hi = getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(
              rewriter, loc,
              getAffineSymbolExpr(0, rewriter.getContext()) +
                  getAffineSymbolExpr(1, rewriter.getContext()),
              {p.lo[d], p.size[d]}));
      Value extent =
          getValueOrCreateConstantIndexOp(rewriter, loc, p.extent[d]);
      conditions.push_back(rewriter.createOrFold<arith::CmpIOp>(
          loc, arith::CmpIPredicate::sge, lo, zero));
      conditions.push_back(rewriter.createOrFold<arith::CmpIOp>(
          loc, arith::CmpIPredicate::sle, hi, extent));
    }
  }

  if (!versioned) {
    for (auto [w, p] : llvm::zip(windows, placements)) {
      rewriter.setInsertionPoint(w.slice);
      rewriter.replaceOp(
          w.slice, insideWindow(rewriter, loc, w, completeAt(p, w.slice)));
    }
    result.kind = VersionPaddedWindowsResult::Kind::AllInside;
    return result;
  }

  // scf.if inside { the body } else { the windows; the body cloned }.
  Value inside = allTrue(rewriter, loc, conditions);
  rewriter.setInsertionPoint(terminator);
  auto version =
      scf::IfOp::create(rewriter, loc, terminator->getOperandTypes(), inside,
                        /*withElseRegion=*/true);
  Block *thenBlock = version.thenBlock(), *elseBlock = version.elseBlock();
  // (With results, the builder leaves the blocks empty.)
  for (Block *block : {thenBlock, elseBlock})
    if (!block->empty())
      rewriter.eraseOp(block->getTerminator());
  thenBlock->getOperations().splice(thenBlock->end(), body->getOperations(),
                                    firstOp->getIterator(),
                                    version->getIterator());
  rewriter.setInsertionPointToEnd(thenBlock);
  scf::YieldOp::create(rewriter, loc, terminator->getOperands());
  rewriter.modifyOpInPlace(
      terminator, [&] { terminator->setOperands(version.getResults()); });

  // A border window is built once, at the top of the version. One that
  // moves along an unpadded dim in a loop of the body is built there over
  // the whole dim (a depthwise tile's window over all the channels, not one
  // per channel block: one allocation and copy per tile), the body taking
  // its slices.
  rewriter.setInsertionPointToStart(elseBlock);
  SmallVector<Value> built;
  for (auto [w, p] : llvm::zip(windows, placements))
    built.push_back(
        borderWindow(rewriter, loc, w, wholeAlongMoving(p), hullType(w, p)));
  IRMapping &clones = result.border;
  for (Operation &op : thenBlock->getOperations())
    rewriter.clone(op, clones);
  for (auto [w, p, window] : llvm::zip(windows, placements, built)) {
    auto clone =
        cast<tensor::ExtractSliceOp>(clones.lookup(w.slice.getOperation()));
    Value taken = window;
    if (!p.atTop) {
      rewriter.setInsertionPoint(clone);
      SmallVector<OpFoldResult> offsets;
      for (auto [d, lo] : llvm::enumerate(p.lo))
        offsets.push_back(lo ? OpFoldResult(rewriter.getIndexAttr(0))
                             : clone.getMixedOffsets()[d]);
      SmallVector<OpFoldResult> strides(offsets.size(),
                                        rewriter.getIndexAttr(1));
      taken = tensor::ExtractSliceOp::create(rewriter, loc, clone.getType(),
                                             window, offsets,
                                             clone.getMixedSizes(), strides);
    }
    rewriter.replaceOp(clone, taken);
  }
  for (auto [w, p] : llvm::zip(windows, placements)) {
    rewriter.setInsertionPoint(w.slice);
    rewriter.replaceOp(w.slice,
                       insideWindow(rewriter, loc, w, completeAt(p, w.slice)));
  }
  result.kind = VersionPaddedWindowsResult::Kind::Versioned;
  result.version = version;
  return result;
}

} // namespace regtile
