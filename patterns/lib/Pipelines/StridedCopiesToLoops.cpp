//===- StridedCopiesToLoops.cpp - regtile-strided-copies-to-loops ---------===//
//
// memref.copy between strided buffers as linalg.copy (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILESTRIDEDCOPIESTOLOOPS
#include "regtile/Pipelines/Passes.h.inc"

namespace {

bool hasIdentityLayout(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  return type && type.getLayout().isIdentity();
}

struct RegtileStridedCopiesToLoopsPass
    : public impl::RegtileStridedCopiesToLoopsBase<
          RegtileStridedCopiesToLoopsPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      if (!hasIdentityLayout(copy.getSource()) ||
          !hasIdentityLayout(copy.getTarget()))
        copies.push_back(copy);
    });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies) {
      // Unranked buffers have no layout to loop over.
      if (!isa<MemRefType>(copy.getSource().getType()) ||
          !isa<MemRefType>(copy.getTarget().getType()))
        continue;
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                  copy.getTarget());
    }
  }
};

} // namespace

} // namespace regtile
