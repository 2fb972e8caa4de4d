//===- FoldPaddingIntoReads.cpp - Read a padded tensor's source -----------===//

#include "regtile/Patterns/FoldPaddingIntoReads.h"

#include "PaddedTensors.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;

namespace regtile {
namespace {

/// One read of the padded tensor: its position along each of the padded
/// tensor's dims, an affine expression of `operands` (symbols), and the
/// padded tensor's dims its vector spans.
struct Read {
  Operation *op;
  SmallVector<AffineExpr> position;
  SmallVector<Value> operands;
  /// Per dim of the read's source: the padded tensor's dim it is.
  SmallVector<unsigned> dimOf;
  llvm::SmallBitVector vectorDims;
};

AffineExpr symbolFor(Read &r, OpFoldResult ofr) {
  MLIRContext *ctx = r.op->getContext();
  if (std::optional<int64_t> c = getConstantIntValue(ofr))
    return getAffineConstantExpr(*c, ctx);
  Value v = cast<Value>(ofr);
  unsigned pos = llvm::find(r.operands, v) - r.operands.begin();
  if (pos == r.operands.size())
    r.operands.push_back(v);
  return getAffineSymbolExpr(pos, ctx);
}

/// The read `op` of `chain.back()` (or of the padded value if `chain` is
/// empty) in the padded tensor's coordinates, or a reason.
FailureOr<Read> describeRead(Operation *op,
                             ArrayRef<tensor::ExtractSliceOp> chain,
                             unsigned rank, std::string &reason) {
  Read r{op, {}, {}, {}, llvm::SmallBitVector(rank)};
  ValueRange indices;
  SmallVector<unsigned> vectorSourceDims;
  if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
    // The replacement is several ops; a vector.mask region holds one.
    if (isa<vector::MaskOp>(op->getParentOp())) {
      reason = "a read of the padded tensor is inside a vector.mask region";
      return failure();
    }
    // Its lanes beyond the read's source are masked in the new read, a mask
    // built lane for lane along the read's own dims.
    if ((read.getMask() || read.hasOutOfBoundsDim()) &&
        !read.getPermutationMap().isMinorIdentity()) {
      reason = "a masked or out-of-bounds read of the padded tensor is "
               "transposed or broadcast";
      return failure();
    }
    indices = read.getIndices();
    for (AffineExpr e : read.getPermutationMap().getResults())
      if (auto d = dyn_cast<AffineDimExpr>(e))
        vectorSourceDims.push_back(d.getPosition());
  } else {
    indices = cast<tensor::ExtractOp>(op).getIndices();
  }
  for (Value i : indices)
    r.position.push_back(symbolFor(r, i));
  // The read's source dims, numbered in its source, then up the chain.
  r.dimOf = llvm::to_vector(llvm::seq<unsigned>(0, indices.size()));
  llvm::SmallBitVector vec(indices.size());
  for (unsigned d : vectorSourceDims)
    vec.set(d);
  for (tensor::ExtractSliceOp slice : llvm::reverse(chain)) {
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    unsigned parentRank = slice.getSourceType().getRank();
    SmallVector<AffineExpr> position;
    llvm::SmallBitVector parentVec(parentRank);
    SmallVector<unsigned> childToParent;
    for (unsigned p = 0, c = 0; p < parentRank; ++p) {
      AffineExpr off = symbolFor(r, slice.getMixedOffsets()[p]);
      if (dropped.test(p)) {
        position.push_back(off);
        continue;
      }
      std::optional<int64_t> stride =
          getConstantIntValue(slice.getMixedStrides()[p]);
      if (!stride) {
        reason = "a slice of the padded tensor has a dynamic stride";
        return failure();
      }
      if (vec.test(c)) {
        if (*stride != 1) {
          reason = "a read's vector spans a strided slice of the padded "
                   "tensor";
          return failure();
        }
        parentVec.set(p);
      }
      position.push_back(off + r.position[c] * *stride);
      childToParent.push_back(p);
      ++c;
    }
    for (unsigned &d : r.dimOf)
      d = childToParent[d];
    r.position = std::move(position);
    vec = parentVec;
  }
  r.vectorDims = vec;
  return r;
}

/// The padded value `pad` defines (its result, or the result of the guard
/// tiling leaves around it) and the reads of it, or a reason.
LogicalResult collectReads(Value value,
                           SmallVector<tensor::ExtractSliceOp> &chain,
                           unsigned rank, SmallVector<Read> &reads,
                           SmallVector<Operation *> &slices,
                           std::string &reason) {
  for (Operation *user : value.getUsers()) {
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(user)) {
      chain.push_back(slice);
      slices.push_back(slice);
      LogicalResult ok =
          collectReads(slice.getResult(), chain, rank, reads, slices, reason);
      chain.pop_back();
      if (failed(ok))
        return failure();
      continue;
    }
    if (isa<vector::TransferReadOp, tensor::ExtractOp>(user) &&
        user->getOperand(0) == value) {
      FailureOr<Read> r = describeRead(user, chain, rank, reason);
      if (failed(r))
        return failure();
      reads.push_back(std::move(*r));
      continue;
    }
    reason = "the padded tensor is used by '" +
             user->getName().getStringRef().str() +
             "', not a slice, a vector.transfer_read or a tensor.extract";
    return failure();
  }
  return success();
}

/// The padded value of `pad`: its result, through a tensor.cast and the
/// guard tiling leaves (an scf.if yielding it or a tensor.generate).
Value paddedValue(tensor::PadOp pad) {
  Value v = pad.getResult();
  if (v.hasOneUse())
    if (auto cast = dyn_cast<tensor::CastOp>(*v.getUsers().begin()))
      v = cast.getResult();
  if (v.hasOneUse())
    if (auto yield = dyn_cast<scf::YieldOp>(*v.getUsers().begin()))
      if (auto guard = dyn_cast<scf::IfOp>(yield->getParentOp())) {
        Value result = guard.getResult(v.getUses().begin()->getOperandNumber());
        std::optional<PaddedSource> p = resolvePadded(result);
        if (p && p->pad == pad)
          return result;
      }
  return v;
}

/// The size of `read`'s source along its dim `d`, from the slice that
/// defines it (no tensor.dim of the slice, which is erased) or the padded
/// tensor's own (`paddedSize`, the pad's source along an unpadded dim).
OpFoldResult sourceSize(OpBuilder &b, Location loc, Value source, unsigned d,
                        function_ref<OpFoldResult(unsigned)> paddedSize) {
  auto slice = source.getDefiningOp<tensor::ExtractSliceOp>();
  if (!slice)
    return paddedSize(d);
  llvm::SmallBitVector dropped = slice.getDroppedDims();
  for (unsigned p = 0, c = 0; p < dropped.size(); ++p) {
    if (dropped.test(p))
      continue;
    if (c++ == d)
      return slice.getMixedSizes()[p];
  }
  llvm_unreachable("dim out of range");
}

/// The lanes of `read` (minor identity) inside its source and its mask:
/// what a read of a larger tensor at the same place must mask to read the
/// same values. Null if every lane is in bounds and unmasked.
Value laneMask(OpBuilder &b, vector::TransferReadOp read,
               function_ref<OpFoldResult(unsigned)> paddedSize) {
  if (!read.hasOutOfBoundsDim())
    return read.getMask();
  Location loc = read.getLoc();
  VectorType vt = read.getVectorType();
  unsigned first = read.getIndices().size() - vt.getRank();
  SmallVector<Value> bounds;
  for (unsigned j = 0; j < vt.getRank(); ++j) {
    if (read.isDimInBounds(j)) {
      bounds.push_back(
          arith::ConstantIndexOp::create(b, loc, vt.getDimSize(j)));
      continue;
    }
    AffineExpr s0, s1;
    bindSymbols(b.getContext(), s0, s1);
    OpFoldResult left = affine::makeComposedFoldedAffineApply(
        b, loc, s0 - s1,
        {sourceSize(b, loc, read.getBase(), first + j, paddedSize),
         read.getIndices()[first + j]});
    bounds.push_back(getValueOrCreateConstantIndexOp(b, loc, left));
  }
  Value mask = vector::CreateMaskOp::create(
      b, loc, VectorType::get(vt.getShape(), b.getI1Type()), bounds);
  if (Value original = read.getMask())
    mask = arith::AndIOp::create(b, loc, mask, original);
  return mask;
}

enum class Where { Inside, Padding, Tested };

/// Whether `q` (a position in the pad's source along one dim) is provably
/// in [0, size), provably outside, or neither.
Where classify(const ValueBoundsConstraintSet::Variable &q,
               const ValueBoundsConstraintSet::Variable &size,
               MLIRContext *ctx) {
  using Cmp = ValueBoundsConstraintSet::ComparisonOperator;
  ValueBoundsConstraintSet::Variable zero(
      OpFoldResult(Builder(ctx).getIndexAttr(0)));
  if (ValueBoundsConstraintSet::compare(q, Cmp::LT, zero) ||
      ValueBoundsConstraintSet::compare(q, Cmp::GE, size))
    return Where::Padding;
  if (ValueBoundsConstraintSet::compare(q, Cmp::GE, zero) &&
      ValueBoundsConstraintSet::compare(q, Cmp::LT, size))
    return Where::Inside;
  return Where::Tested;
}

} // namespace

FailureOr<FoldPaddingIntoReadsResult>
foldPaddingIntoReads(RewriterBase &rewriter, tensor::PadOp pad,
                     std::string &reason) {
  Value padded = paddedValue(pad);
  std::optional<PaddedSource> source = resolvePadded(padded);
  if (!source || source->pad != pad) {
    reason = "the padding value is not a constant or a value from outside "
             "the pad";
    return failure();
  }
  unsigned rank = pad.getResultType().getRank();
  SmallVector<Read> reads;
  SmallVector<Operation *> slices;
  SmallVector<tensor::ExtractSliceOp> chain;
  if (failed(collectReads(padded, chain, rank, reads, slices, reason)))
    return failure();

  // The pad's source is `root[offsets +: sizes]`.
  Builder b(pad.getContext());
  Value root = source->source;
  SmallVector<OpFoldResult> offsets = source->offsets, sizes = source->sizes;
  if (offsets.empty())
    for (unsigned d = 0; d < rank; ++d) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(OpFoldResult());
    }
  DominanceInfo dom(pad->getParentOfType<FunctionOpInterface>());
  auto dominates = [&](OpFoldResult ofr, Operation *at) {
    auto v = dyn_cast<Value>(ofr);
    return !v || dom.properlyDominates(v, at);
  };
  Attribute padAttr;
  bool constantPad = matchPattern(source->padValue, m_Constant(&padAttr));
  for (Read &r : reads) {
    bool known = dom.properlyDominates(root, r.op) &&
                 (constantPad || dom.properlyDominates(source->padValue, r.op));
    for (unsigned d = 0; d < rank; ++d) {
      known &= dominates(offsets[d], r.op) && dominates(sizes[d], r.op) &&
               dominates(pad.getMixedLowPad()[d], r.op);
      if (r.vectorDims.test(d) && isPaddedDim(*source, d)) {
        reason = "a read's vector spans a padded dim";
        return failure();
      }
    }
    if (!known) {
      reason = "the pad's source, its position or the padding value is not "
               "known where the padded tensor is read";
      return failure();
    }
  }

  FoldPaddingIntoReadsResult result;
  MLIRContext *ctx = pad.getContext();
  for (Read &r : reads) {
    Location loc = r.op->getLoc();
    rewriter.setInsertionPoint(r.op);
    // Position in the pad's source: q = position - low.
    SmallVector<AffineExpr> q;
    SmallVector<Where> where;
    for (unsigned d = 0; d < rank; ++d) {
      q.push_back(r.position[d] - symbolFor(r, pad.getMixedLowPad()[d]));
      if (!isPaddedDim(*source, d)) {
        where.push_back(Where::Inside);
        continue;
      }
      ValueBoundsConstraintSet::Variable qv(
          AffineMap::get(0, r.operands.size(), q[d]), r.operands);
      ValueBoundsConstraintSet::Variable size =
          sizes[d] ? ValueBoundsConstraintSet::Variable(sizes[d])
                   : ValueBoundsConstraintSet::Variable(pad.getSource(), d);
      where.push_back(classify(qv, size, ctx));
    }
    Type type = r.op->getResult(0).getType();
    Value padValue =
        constantPad
            ? arith::ConstantOp::create(rewriter, loc, cast<TypedAttr>(padAttr))
                  .getResult()
            : source->padValue;
    // The lanes a read masks (or reads out of bounds) are its transfer
    // padding, whatever the pad's.
    auto read = dyn_cast<vector::TransferReadOp>(r.op);
    Value mask;
    if (read)
      mask = laneMask(rewriter, read, [&](unsigned d) -> OpFoldResult {
        // The padded tensor itself: along an unpadded dim, its source's.
        return sizes[r.dimOf[d]]
                   ? sizes[r.dimOf[d]]
                   : tensor::getMixedSize(rewriter, loc, pad.getSource(),
                                          r.dimOf[d]);
      });
    auto splat = [&]() -> Value {
      auto vt = dyn_cast<VectorType>(type);
      if (!vt)
        return padValue;
      Value v = vector::BroadcastOp::create(rewriter, loc, vt, padValue);
      Attribute readPadAttr;
      bool samePadding =
          read.getPadding() == source->padValue ||
          (constantPad &&
           matchPattern(read.getPadding(), m_Constant(&readPadAttr)) &&
           readPadAttr == padAttr);
      if (mask && !samePadding)
        v = arith::SelectOp::create(
            rewriter, loc, mask, v,
            vector::BroadcastOp::create(rewriter, loc, vt, read.getPadding()));
      return v;
    };
    if (llvm::is_contained(where, Where::Padding)) {
      rewriter.replaceOp(r.op, splat());
      ++result.padding;
      continue;
    }
    auto apply = [&](AffineExpr e) {
      SmallVector<OpFoldResult> operands(r.operands.begin(), r.operands.end());
      return getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(
              rewriter, loc, AffineMap::get(0, r.operands.size(), e),
              operands));
    };
    SmallVector<Value> indices;
    Value inside;
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    for (unsigned d = 0; d < rank; ++d) {
      Value g = apply(symbolFor(r, offsets[d]) + q[d]);
      if (where[d] == Where::Tested) {
        Value qd = apply(q[d]);
        Value size = getValueOrCreateConstantIndexOp(
            rewriter, loc,
            sizes[d] ? sizes[d]
                     : tensor::getMixedSize(rewriter, loc, pad.getSource(), d));
        Value in = arith::AndIOp::create(
            rewriter, loc,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, qd,
                                  zero),
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, qd,
                                  size));
        inside =
            inside
                ? arith::AndIOp::create(rewriter, loc, inside, in).getResult()
                : in;
        // A position the source holds, whatever the test says (the read
        // runs either way).
        Value last = arith::SubIOp::create(
            rewriter, loc,
            getValueOrCreateConstantIndexOp(
                rewriter, loc, tensor::getMixedSize(rewriter, loc, root, d)),
            arith::ConstantIndexOp::create(rewriter, loc, 1));
        g = arith::MaxSIOp::create(
            rewriter, loc, zero,
            arith::MinSIOp::create(rewriter, loc, g, last));
      }
      indices.push_back(g);
    }
    Value value;
    if (read) {
      SmallVector<AffineExpr> results;
      for (AffineExpr e : read.getPermutationMap().getResults()) {
        if (auto dim = dyn_cast<AffineDimExpr>(e))
          e = getAffineDimExpr(r.dimOf[dim.getPosition()], ctx);
        results.push_back(e);
      }
      value = vector::TransferReadOp::create(
          rewriter, loc, read.getVectorType(), root, indices,
          AffineMap::get(rank, 0, results, ctx), read.getPadding(), mask,
          // The lanes the mask keeps lie inside the read's source.
          rewriter.getBoolArrayAttr(
              SmallVector<bool>(read.getVectorType().getRank(), true)));
    } else {
      value = tensor::ExtractOp::create(rewriter, loc, root, indices);
    }
    if (inside) {
      value = arith::SelectOp::create(rewriter, loc, inside, value, splat());
      ++result.tested;
    } else {
      ++result.inside;
    }
    rewriter.replaceOp(r.op, value);
  }

  // The slices, then the padded value's producers, are dead.
  for (Operation *slice : llvm::reverse(slices))
    if (slice->use_empty())
      rewriter.eraseOp(slice);
  bool padErased = false;
  if (padded.use_empty()) {
    if (auto guard = padded.getDefiningOp<scf::IfOp>();
        guard && guard->use_empty()) {
      rewriter.eraseOp(guard); // (and the pad, in one of its branches)
      padErased = true;
    } else if (auto cast = padded.getDefiningOp<tensor::CastOp>()) {
      rewriter.eraseOp(cast);
    }
  }
  if (!padErased && pad.getResult().use_empty())
    rewriter.eraseOp(pad);
  return result;
}

} // namespace regtile
