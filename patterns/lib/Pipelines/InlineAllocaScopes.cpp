//===- InlineAllocaScopes.cpp - regtile-inline-alloca-scopes --------------===//
//
// Inlines the memref.alloca_scope ops that hold no stack allocation (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEINLINEALLOCASCOPES
#include "regtile/Pipelines/Passes.h.inc"

namespace {

/// Whether `scope` allocates on the stack outside its nested allocation
/// scopes. Only the allocation ops count: upstream's AllocaScopeInliner
/// also takes every op without memory effects for one (the streaming
/// stores' fence, an llvm.call_intrinsic), and keeps such a scope.
bool allocatesOnStack(memref::AllocaScopeOp scope) {
  return scope
      ->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op != scope.getOperation() &&
            op->hasTrait<OpTrait::AutomaticAllocationScope>())
          return WalkResult::skip();
        if (isa<memref::AllocaOp, LLVM::AllocaOp>(op))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

struct RegtileInlineAllocaScopesPass
    : public impl::RegtileInlineAllocaScopesBase<
          RegtileInlineAllocaScopesPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation()->walk([&](memref::AllocaScopeOp scope) {
      if (scope.getBodyRegion().hasOneBlock() && !allocatesOnStack(scope))
        scopes.push_back(scope);
    });
    IRRewriter rewriter(&getContext());
    for (memref::AllocaScopeOp scope : scopes) {
      Block *body = &scope.getBodyRegion().front();
      Operation *ret = body->getTerminator();
      SmallVector<Value> results(ret->getOperands());
      rewriter.eraseOp(ret);
      rewriter.inlineBlockBefore(body, scope);
      rewriter.replaceOp(scope, results);
    }
  }
};

} // namespace

} // namespace regtile
