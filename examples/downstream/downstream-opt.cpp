//===- downstream-opt.cpp - regtile's library in a downstream tool --------===//
//
// An mlir-opt-like driver of a downstream project: its own pass
// (`downstream-fold-unit-dims`) applies regtile's pattern set
// `populateFoldUnitDimsPatterns`, and regtile's passes (lowering stages,
// regtile-lower-to-llvm) are registered from the library.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/Patterns.h"
#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {
struct FoldUnitDimsPass
    : public PassWrapper<FoldUnitDimsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FoldUnitDimsPass)
  StringRef getArgument() const final { return "downstream-fold-unit-dims"; }
  StringRef getDescription() const final {
    return "regtile's unit-dim folding, in a downstream pipeline";
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    regtile::populateFoldUnitDimsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

int main(int argc, char **argv) {
  DialectRegistry registry;
  registry.insert<affine::AffineDialect, arith::ArithDialect, func::FuncDialect,
                  linalg::LinalgDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect, vector::VectorDialect>();
  regtile::registerLowerToLLVMInterfaces(registry);
  PassRegistration<FoldUnitDimsPass>();
  regtile::registerPasses();
  return asMainReturnCode(
      MlirOptMain(argc, argv, "regtile downstream example\n", registry));
}
