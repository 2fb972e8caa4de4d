//===- ParallelIf.cpp - regtile-parallel-if -------------------------------===//
//
// An omp.parallel whose one work-sharing loop has at most one iteration
// runs on the thread that reaches it (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEPARALLELIF
#include "regtile/Pipelines/Passes.h.inc"

namespace {

/// The one work-sharing loop nest directly in `parallel`, if its bounds are
/// defined outside the region.
omp::LoopNestOp soleLoopNest(omp::ParallelOp parallel) {
  auto loops = parallel.getRegion().getOps<omp::WsloopOp>();
  if (!llvm::hasSingleElement(loops))
    return nullptr;
  auto nest = dyn_cast<omp::LoopNestOp>((*loops.begin()).getWrappedLoop());
  if (!nest)
    return nullptr;
  for (Value v : nest->getOperands())
    if (parallel->isAncestor(v.getParentRegion()->getParentOp()))
      return nullptr;
  return nest;
}

/// `true` if some dim of `nest` has a second iteration, before `parallel`.
Value buildHasSecondIteration(OpBuilder &b, omp::ParallelOp parallel,
                              omp::LoopNestOp nest) {
  Location loc = parallel.getLoc();
  b.setInsertionPoint(parallel);
  auto less = nest.getLoopInclusive() ? arith::CmpIPredicate::sle
                                      : arith::CmpIPredicate::slt;
  Value any;
  for (auto [lb, ub, step] :
       llvm::zip(nest.getLoopLowerBounds(), nest.getLoopUpperBounds(),
                 nest.getLoopSteps())) {
    Value second = arith::AddIOp::create(b, loc, lb, step);
    Value has = arith::CmpIOp::create(b, loc, less, second, ub);
    any = any ? arith::OrIOp::create(b, loc, any, has).getResult() : has;
  }
  return any;
}

struct RegtileParallelIfPass
    : public impl::RegtileParallelIfBase<RegtileParallelIfPass> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    getOperation()->walk([&](omp::ParallelOp parallel) {
      if (parallel.getIfExpr())
        return;
      if (omp::LoopNestOp nest = soleLoopNest(parallel))
        parallel.getIfExprMutable().assign(
            buildHasSecondIteration(b, parallel, nest));
    });
  }
};

} // namespace

} // namespace regtile
