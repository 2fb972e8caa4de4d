//===- PrefetchAddress.cpp - An access in a later iteration ---------------===//

#include "PrefetchAheadInternals.h"

#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
#include <map>

using namespace mlir;

namespace regtile::prefetch_ahead {

bool NextIteration::dependsOnIv(Value v) {
  if (v == loop.getInductionVar())
    return true;
  auto it = depends.find(v);
  if (it != depends.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  bool result = def && loop->isProperAncestor(def) &&
                ((alsoInside && alsoInside->isProperAncestor(def)) ||
                 llvm::any_of(def->getOperands(),
                              [&](Value o) { return dependsOnIv(o); }));
  depends[v] = result;
  return result;
}

bool NextIteration::remappable(Value v) {
  // Built at the top of `alsoInside`'s body: the block arguments of the
  // regions nested in it (inner loops' IVs) do not exist there.
  if (auto arg = dyn_cast<BlockArgument>(v);
      arg && alsoInside &&
      alsoInside->isProperAncestor(arg.getOwner()->getParentOp()))
    return false;
  if (v == loop.getInductionVar() || !dependsOnIv(v))
    return true;
  Operation *def = v.getDefiningOp();
  return def->getNumRegions() == 0 && isPure(def) &&
         isa<arith::ArithDialect, affine::AffineDialect>(def->getDialect()) &&
         llvm::all_of(def->getOperands(),
                      [&](Value o) { return remappable(o); });
}

Value NextIteration::remap(OpBuilder &b, Value v) {
  if (v == loop.getInductionVar())
    return nextIv;
  if (!dependsOnIv(v))
    return v;
  Operation *def = v.getDefiningOp();
  IRMapping mapping;
  for (Value operand : def->getOperands())
    mapping.map(operand, remap(b, operand));
  Operation *clone = b.clone(*def, mapping);
  return clone->getResult(cast<OpResult>(v).getResultNumber());
}

/// Whether the address of `access` in the later iteration can be computed:
/// its indices and the offsets of the views between it and a buffer that
/// does not move with the IV (memref.subview and memref.cast only) are
/// remappable.
bool resolvable(NextIteration &next, const Access &access) {
  if (!llvm::all_of(access.indices,
                    [&](Value i) { return next.remappable(i); }))
    return false;
  for (Value m = access.memref; next.dependsOnIv(m);) {
    Operation *def = m.getDefiningOp();
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      m = cast.getSource();
      continue;
    }
    auto subview = dyn_cast<memref::SubViewOp>(def);
    if (!subview || !llvm::all_of(subview.getOffsets(),
                                  [&](Value o) { return next.remappable(o); }))
      return false;
    m = subview.getSource();
  }
  return true;
}

/// Rewrites `access` (resolvable) into the access of the later iteration
/// of the buffer that does not move with the IV (the root), its indices
/// the root's.
void resolveToRoot(OpBuilder &b, Location loc, NextIteration &next,
                   Access &access) {
  for (Value &index : access.indices)
    index = next.remap(b, index);
  resolveThroughViews(
      b, loc, access, [&](Value m) { return next.dependsOnIv(m); },
      [&](Value v) { return next.remap(b, v); });
}

namespace {

/// How much `v` (index arithmetic) changes per unit change of `var`, when
/// that is a known constant: through arith add/sub/mul by a constant,
/// index casts and affine.apply of maps linear in the operands that depend
/// on `var`; 0 for values that do not depend on it; nullopt otherwise.
class LinearCoefficient {
public:
  explicit LinearCoefficient(Value var) : var(var) {}

  std::optional<int64_t> of(Value v) {
    if (v == var)
      return 1;
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    std::optional<int64_t> c = compute(v);
    memo[v] = c;
    return c;
  }

private:
  bool dependsOnVar(Value v) {
    if (v == var)
      return true;
    Operation *def = v.getDefiningOp();
    return def && llvm::any_of(def->getOperands(),
                               [&](Value o) { return dependsOnVar(o); });
  }

  std::optional<int64_t> compute(Value v) {
    if (!dependsOnVar(v))
      return 0;
    Operation *def = v.getDefiningOp();
    auto both = [&](Value a, Value b, int64_t sign) -> std::optional<int64_t> {
      std::optional<int64_t> ca = of(a), cb = of(b);
      if (!ca || !cb)
        return std::nullopt;
      return *ca + sign * *cb;
    };
    if (auto add = dyn_cast<arith::AddIOp>(def))
      return both(add.getLhs(), add.getRhs(), 1);
    if (auto sub = dyn_cast<arith::SubIOp>(def))
      return both(sub.getLhs(), sub.getRhs(), -1);
    if (auto mul = dyn_cast<arith::MulIOp>(def)) {
      for (auto [a, b] : {std::pair(mul.getLhs(), mul.getRhs()),
                          std::pair(mul.getRhs(), mul.getLhs())}) {
        std::optional<int64_t> k = getConstantIntValue(b);
        std::optional<int64_t> c = of(a);
        if (k && c)
          return *k * *c;
      }
      return std::nullopt;
    }
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
      return of(def->getOperand(0));
    auto apply = dyn_cast<affine::AffineApplyOp>(def);
    if (!apply)
      return std::nullopt;
    AffineMap map = apply.getAffineMap();
    AffineExpr e = map.getResult(0);
    int64_t total = 0;
    for (auto [i, operand] : llvm::enumerate(apply.getMapOperands())) {
      std::optional<int64_t> c = of(operand);
      if (!c)
        return std::nullopt;
      if (*c == 0)
        continue;
      // The expression's change when operand i grows by one.
      AffineExpr x =
          i < map.getNumDims()
              ? getAffineDimExpr(i, def->getContext())
              : getAffineSymbolExpr(i - map.getNumDims(), def->getContext());
      AffineExpr delta = simplifyAffineExpr(
          e.replace(x, x + 1) - e, map.getNumDims(), map.getNumSymbols());
      auto constant = dyn_cast<AffineConstantExpr>(delta);
      if (!constant)
        return std::nullopt;
      total += constant.getValue() * *c;
    }
    return total;
  }

  Value var;
  DenseMap<Value, std::optional<int64_t>> memo;
};

} // namespace

/// Bytes by which `access` (resolved to its root buffer, its indices
/// computed from `nextIv`, the IV of `loop` or a value standing for it)
/// moves per iteration of `loop`, when known.
std::optional<int64_t> bytesPerIteration(scf::ForOp loop, Value nextIv,
                                         const Access &access) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  auto type = cast<MemRefType>(access.memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!step || failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  LinearCoefficient coefficient(nextIv);
  int64_t elements = 0;
  for (auto [index, stride] : llvm::zip_equal(access.indices, strides)) {
    std::optional<int64_t> c = coefficient.of(index);
    if (!c || (*c != 0 && ShapedType::isDynamic(stride)))
      return std::nullopt;
    if (*c != 0)
      elements += *c * stride;
  }
  return elements * *step * (type.getElementTypeBitWidth() / 8);
}

} // namespace regtile::prefetch_ahead
