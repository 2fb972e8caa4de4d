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

/// A copy between ranked buffers of which one is strided (unranked ones
/// have no layout to loop over).
bool isStridedCopy(memref::CopyOp copy) {
  auto source = dyn_cast<MemRefType>(copy.getSource().getType());
  auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
  return source && target &&
         !(source.getLayout().isIdentity() && target.getLayout().isIdentity());
}

struct RegtileStridedCopiesToLoopsPass
    : public impl::RegtileStridedCopiesToLoopsBase<
          RegtileStridedCopiesToLoopsPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      if (isStridedCopy(copy))
        copies.push_back(copy);
    });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                  copy.getTarget());
    }
  }
};

} // namespace

} // namespace regtile
