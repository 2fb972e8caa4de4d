//===- ControlFlowToLLVM.cpp - regtile-convert-cf-to-llvm -----------------===//
//
// Upstream's convert-cf-to-llvm, AMX tiles included (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILECONVERTCONTROLFLOWTOLLVM
#include "regtile/Pipelines/Passes.h.inc"

namespace {

struct RegtileConvertControlFlowToLLVMPass
    : public impl::RegtileConvertControlFlowToLLVMBase<
          RegtileConvertControlFlowToLLVMPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    // A tile carried by a loop is a block argument of its branches.
    converter.addConversion([ctx](amx::TileType) -> Type {
      return LLVM::LLVMX86AMXType::get(ctx);
    });
    RewritePatternSet patterns(ctx);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns);
    LLVMConversionTarget target(*ctx);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

} // namespace regtile
