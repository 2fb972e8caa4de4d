//===- LowerToLLVM.cpp - regtile's lowering pipeline ----------------------===//

#include "regtile/Patterns/LowerToLLVM.h"
#include "regtile/Patterns/FoldUnitDims.h"
#include "regtile/Patterns/PrefetchStores.h"
#include "regtile/Patterns/StreamingStores.h"
#include "regtile/Patterns/TargetedPass.h"
#include "regtile/Patterns/VectorAccumulatorReduction.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace regtile {

//===----------------------------------------------------------------------===//
// Vector lowering
//===----------------------------------------------------------------------===//

VectorLoweringOptions VectorLoweringOptions::forTarget(const TargetInfo &t) {
  VectorLoweringOptions options;
  // 16x16 f32 transposes have a dedicated AVX-512 shuffle sequence.
  options.transposeLowering =
      t.hasAVX512() ? vector::VectorTransposeLowering::Shuffle16x16
                    : vector::VectorTransposeLowering::Shuffle1D;
  options.avx512vnni = t.hasAVX512VNNI();
  return options;
}

/// True if the innermost dimension of the multi_reduction source is reduced.
static bool reducesInnermostDim(vector::MultiDimReductionOp op) {
  int64_t rank = op.getSourceVectorType().getRank();
  return llvm::is_contained(op.getReductionDims(), rank - 1);
}

LogicalResult lowerVectors(Operation *root,
                           const VectorLoweringOptions &options) {
  MLIRContext *ctx = root->getContext();

  // 0. Instruction selection that must see multi-reductions whole.
  if (options.avx512vnni) {
    RewritePatternSet patterns(ctx);
    populateVnniDotPatterns(patterns);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }

  // 1. Multi-reductions, per op, with the strategy that avoids transposes.
  SmallVector<Operation *> innerReductions, innerParallels;
  root->walk([&](vector::MultiDimReductionOp op) {
    (reducesInnermostDim(op) ? innerReductions : innerParallels).push_back(op);
  });
  for (auto [ops, strategy] :
       {std::make_pair(&innerReductions,
                       vector::VectorMultiReductionLowering::InnerReduction),
        std::make_pair(&innerParallels,
                       vector::VectorMultiReductionLowering::InnerParallel)}) {
    if (ops->empty())
      continue;
    RewritePatternSet patterns(ctx);
    vector::populateVectorMultiReductionLoweringPatterns(patterns, strategy);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    // Lowering may legitimately leave nothing to do; only a verifier failure
    // is an error, and that is caught by the pass manager.
    (void)applyOpPatternsGreedily(*ops, std::move(patterns), config);
  }

  // 2. Transfers that skip inner source dims (e.g. (d0..d6) -> (d2, d3), which
  //    casting away leading unit dims produces) read and write through
  //    rank-reduced subviews so that they lower to vector loads and stores,
  //    not to one scalar access per element.
  {
    // vector.mask regions first: the unit-dim patterns below rewrite the
    // transfer itself and must not insert ops into a mask region.
    RewritePatternSet maskPatterns(ctx);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(maskPatterns);
    if (failed(applyPatternsGreedily(root, std::move(maskPatterns))))
      return root->emitError("regtile vector lowering did not converge");
    RewritePatternSet patterns(ctx);
    populateTransferUnitDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }

  // 3. Contractions to outer products to FMAs; masks; broadcasts.
  {
    RewritePatternSet patterns(ctx);
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorOuterProductLoweringPatterns(patterns);
    vector::populateVectorMaskOpLoweringPatterns(patterns);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    vector::populateVectorBroadcastLoweringPatterns(patterns);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    vector::populateVectorGatherLoweringPatterns(patterns);
    vector::populateVectorStepLoweringPatterns(patterns);
    vector::populateVectorInterleaveLoweringPatterns(patterns);
    vector::populateVectorScanLoweringPatterns(patterns);
    vector::populateVectorBitCastLoweringPatterns(patterns);
    vector::ShapeCastOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }

  // 4. Transposes and shape casts last: the steps above create them.
  {
    RewritePatternSet patterns(ctx);
    vector::populateVectorTransposeLoweringPatterns(patterns,
                                                    options.transposeLowering);
    vector::populateVectorShapeCastLoweringPatterns(patterns);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return root->emitError("regtile vector lowering did not converge");
  }
  return success();
}

namespace {

struct LowerVectorsPass : public TargetedPass<LowerVectorsPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerVectorsPass)

  StringRef getArgument() const final { return "regtile-lower-vectors"; }
  StringRef getDescription() const final {
    return "Lower n-D vector ops to 1-D vector ops with x86 SIMD strategies";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    // tensor: the unit-dim patterns read through rank-reducing
    // tensor.extract_slice ops.
    registry.insert<vector::VectorDialect, arith::ArithDialect, scf::SCFDialect,
                    memref::MemRefDialect, tensor::TensorDialect>();
  }

  void runOnOperation() override {
    FailureOr<TargetInfo> info = resolveTarget();
    if (failed(info))
      return signalPassFailure();
    if (failed(lowerVectors(getOperation(),
                            VectorLoweringOptions::forTarget(*info))))
      return signalPassFailure();
  }
};

/// Ops allowed to remain after lowering to LLVM.
static bool isLoweredToLLVM(Operation *op) {
  return isa<ModuleOp>(op) ||
         op->getDialect() == op->getContext()->getLoadedDialect("llvm");
}

struct LowerToLLVMPass : public TargetedPass<LowerToLLVMPass, ModuleOp> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerToLLVMPass)
  LowerToLLVMPass() = default;
  LowerToLLVMPass(const LowerToLLVMPass &other) : TargetedPass(other) {}

  StringRef getArgument() const final { return "regtile-lower-to-llvm"; }
  StringRef getDescription() const final {
    return "Lower scheduled IR (tensors or memrefs, n-D vectors) to the LLVM "
           "dialect: strip the schedule, bufferize, lower vectors for x86 "
           "SIMD, convert to LLVM";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, bufferization::BufferizationDialect,
                    memref::MemRefDialect, scf::SCFDialect,
                    vector::VectorDialect, arith::ArithDialect,
                    cf::ControlFlowDialect, tensor::TensorDialect>();
  }

  Option<bool> reassociateFPReductions{
      *this, "reassociate-fp-reductions",
      llvm::cl::desc("Allow reassociation of all FP vector reductions"),
      llvm::cl::init(false)};

  void runOnOperation() override;
};

void LowerToLLVMPass::runOnOperation() {
  ModuleOp module = getOperation();
  FailureOr<TargetInfo> info = resolveTarget();
  if (failed(info))
    return signalPassFailure();

  // The schedule has been applied by now: drop it (top-level transform ops,
  // and nested modules that only held a schedule) so that a payload module
  // with its transform script lowers as is.
  SmallVector<ModuleOp> modules;
  module.walk([&](ModuleOp m) { modules.push_back(m); }); // post-order
  for (ModuleOp m : modules) {
    for (Operation &op : llvm::make_early_inc_range(m.getOps()))
      if (isa<transform::TransformDialect>(op.getDialect()))
        op.erase();
    m->removeAttr(transform::TransformDialect::kWithNamedSequenceAttrName);
    if (m != module && m.getBody()->empty())
      m.erase();
  }

  // Bufferization.
  {
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(bufferization::createEmptyTensorEliminationPass());
    pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
    bufferization::OneShotBufferizePassOptions bufferize;
    bufferize.bufferizeFunctionBoundaries = true;
    bufferize.functionBoundaryTypeConversion =
        bufferization::LayoutMapOption::IdentityLayoutMap;
    pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();
  }
  // vector.mask regions around transfers become masked transfers now: the
  // upstream deallocation pass inserts ops into mask regions otherwise
  // (invalid IR in MLIR 22).
  {
    RewritePatternSet patterns(&getContext());
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    if (failed(applyPatternsGreedily(module, std::move(patterns)))) {
      module.emitError("regtile-lower-to-llvm: vector.mask lowering did not "
                       "converge");
      return signalPassFailure();
    }
  }
  // Deallocation, unless the IR already manages its buffers (the upstream
  // deallocation pipeline rejects IR holding memref.dealloc).
  bool hasDeallocs = false;
  module.walk([&](memref::DeallocOp) {
    hasDeallocs = true;
    return WalkResult::interrupt();
  });
  {
    OpPassManager pm(ModuleOp::getOperationName());
    if (!hasDeallocs)
      bufferization::buildBufferDeallocationPipeline(pm);
    // bufferization.clone and dealloc helpers to memref ops.
    pm.addPass(createConvertBufferizationToMemRefPass());
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    fpm.addPass(createCanonicalizerPass());
    fpm.addPass(createCSEPass());
    fpm.addPass(createConvertLinalgToLoopsPass());
    fpm.addPass(createLoopInvariantCodeMotionPass());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();
  }

  // Vectors: n-D -> 1-D with x86 strategies, transfers fully unrolled.
  VectorLoweringOptions vectorOptions = VectorLoweringOptions::forTarget(*info);
  WalkResult lowered = module.walk([&](func::FuncOp func) {
    return failed(lowerVectors(func, vectorOptions)) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
  });
  if (lowered.wasInterrupted())
    return signalPassFailure();

  {
    OpPassManager pm(ModuleOp::getOperationName());
    VectorTransferToSCFOptions toSCF;
    toSCF.targetRank = 1;
    toSCF.unroll = true;
    pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(toSCF));
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();
  }

  // Loops marked regtile.streaming_stores or regtile.prefetch_stores: their
  // stores are 1-D by now.
  if (failed(applyStreamingStores(module, *info)) ||
      failed(applyStorePrefetches(module)))
    return signalPassFailure();

  {
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(memref::createExpandStridedMetadataPass());
    pm.addPass(createLowerAffinePass());
    pm.addPass(arith::createArithExpandOpsPass());
    pm.addPass(createSCFToControlFlowPass());
    ConvertVectorToLLVMPassOptions toLLVM;
    toLLVM.reassociateFPReductions = reassociateFPReductions;
    toLLVM.x86Vector = info->hasAVX512() || info->hasAVX2();
    toLLVM.vectorContractLowering =
        vector::VectorContractLowering::OuterProduct;
    toLLVM.vectorTransposeLowering = vectorOptions.transposeLowering;
    pm.addPass(createConvertVectorToLLVMPass(toLLVM));
    pm.addPass(createConvertMathToLLVMPass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
    pm.addPass(createArithToLLVMConversionPass());
    pm.addPass(createConvertIndexToLLVMPass());
    pm.addPass(createConvertFuncToLLVMPass());
    pm.addPass(createConvertControlFlowToLLVMPass());
    pm.addPass(createUBToLLVMConversionPass());
    pm.addPass(createReconcileUnrealizedCastsPass());
    pm.addPass(createCanonicalizerPass());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();
  }

  // The generated code is for the target: LLVM code generation (JIT or AOT)
  // uses these function attributes over its own default CPU.
  auto features =
      LLVM::TargetFeaturesAttr::get(&getContext(), info->llvmTargetFeatures());
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (func.isExternal() || func.getTargetCpu())
      return;
    func.setTargetCpu(info->cpu);
    func.setTargetFeaturesAttr(features);
  });

  // Anything left is IR this pipeline cannot lower: name it, once per kind
  // of op (unrealized casts are a symptom, not a cause: named only if alone).
  llvm::StringSet<> reported;
  SmallVector<Operation *> casts;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isLoweredToLLVM(op))
      return WalkResult::advance();
    if (isa<UnrealizedConversionCastOp>(op)) {
      casts.push_back(op);
      return WalkResult::advance();
    }
    if (reported.insert(op->getName().getStringRef()).second)
      op->emitError() << "regtile-lower-to-llvm: '" << op->getName()
                      << "' could not be lowered to the LLVM dialect";
    return WalkResult::skip();
  });
  if (reported.empty() && !casts.empty())
    casts.front()->emitError()
        << "regtile-lower-to-llvm: a type conversion could not be completed";
  if (!reported.empty() || !casts.empty())
    return signalPassFailure();
}

} // namespace

std::unique_ptr<Pass> createLowerVectorsPass() {
  return std::make_unique<LowerVectorsPass>();
}
std::unique_ptr<Pass> createLowerToLLVMPass() {
  return std::make_unique<LowerToLLVMPass>();
}

void registerPasses() {
  PassRegistration<LowerVectorsPass>();
  PassRegistration<LowerToLLVMPass>();
  ::mlir::registerPass([] { return createStreamingStoresPass(); });
  ::mlir::registerPass([] { return createPrefetchStoresPass(); });
}

} // namespace regtile
