//===- LowerToLLVM.cpp - regtile's lowering pipeline ----------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILESTRIPSCHEDULE
#define GEN_PASS_DEF_REGTILEDEALLOCATEBUFFERS
#define GEN_PASS_DEF_REGTILEAPPROXIMATEMATH
#define GEN_PASS_DEF_REGTILEMATHTOLIBM
#define GEN_PASS_DEF_REGTILEEXPANDARITH
#define GEN_PASS_DEF_REGTILEFINALIZELLVM
#define GEN_PASS_DEF_REGTILELOWERTOLLVM
#include "regtile/Pipelines/Passes.h.inc"

namespace {

struct RegtileStripSchedulePass
    : public impl::RegtileStripScheduleBase<RegtileStripSchedulePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
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
  }
};

struct RegtileDeallocateBuffersPass
    : public impl::RegtileDeallocateBuffersBase<RegtileDeallocateBuffersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Functions that free buffers themselves are hidden from the pipeline
    // (it rejects memref.dealloc): their bodies move out and they stay as
    // private declarations, so that calls to them still verify; every other
    // function gets its deallocations.
    struct Hidden {
      Operation *function;
      Operation *holder;
      SymbolTable::Visibility visibility;
    };
    SmallVector<Hidden> hidden;
    bool anyOther = false;
    module.walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      bool managed =
          function
              ->walk([](memref::DeallocOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
      if (!managed) {
        anyOther = true;
        return;
      }
      Operation *holder = function->cloneWithoutRegions();
      holder->getRegion(0).takeBody(function->getRegion(0));
      hidden.push_back(
          {function, holder, SymbolTable::getSymbolVisibility(function)});
      SymbolTable::setSymbolVisibility(function,
                                       SymbolTable::Visibility::Private);
    });
    LogicalResult result = success();
    if (anyOther) {
      OpPassManager pm(ModuleOp::getOperationName());
      bufferization::buildBufferDeallocationPipeline(pm);
      result = runPipeline(pm, module);
    }
    for (Hidden &h : hidden) {
      h.function->getRegion(0).takeBody(h.holder->getRegion(0));
      SymbolTable::setSymbolVisibility(h.function, h.visibility);
      h.holder->destroy();
    }
    if (failed(result))
      signalPassFailure();
  }
};

struct RegtileExpandArithPass
    : public impl::RegtileExpandArithBase<RegtileExpandArithPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateExpandScalingExtTruncPatterns(patterns);
    if (expandBF16)
      arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

struct RegtileApproximateMathPass
    : public impl::RegtileApproximateMathBase<RegtileApproximateMathPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<Operation *> vectorMath;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) &&
          llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>))
        vectorMath.push_back(op);
    });
    if (vectorMath.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
    // The ops the approximations create are vector ops too.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(
            applyOpPatternsGreedily(vectorMath, std::move(patterns), config)))
      signalPassFailure();
  }
};

struct RegtileMathToLibmPass
    : public impl::RegtileMathToLibmBase<RegtileMathToLibmPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

/// Ops allowed to remain after lowering to LLVM.
/// LLVM dialect ops, and the OpenMP ops on LLVM types that
/// convert-openmp-to-llvm leaves for the translation to LLVM IR (the
/// `__kmpc_*` calls).
static bool isLoweredToLLVM(Operation *op) {
  return isa<ModuleOp>(op) || isa<LLVM::LLVMDialect>(op->getDialect()) ||
         isa<omp::OpenMPDialect>(op->getDialect());
}

struct RegtileFinalizeLLVMPass
    : public impl::RegtileFinalizeLLVMBase<RegtileFinalizeLLVMPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<TargetInfo> info = getTargetFor(module, target, module.getLoc());
    if (failed(info))
      return signalPassFailure();
    // The generated code is for the target: LLVM code generation (JIT or
    // AOT) uses these function attributes over its own default CPU.
    auto features = LLVM::TargetFeaturesAttr::get(&getContext(),
                                                  info->llvmTargetFeatures());
    module.walk([&](LLVM::LLVMFuncOp func) {
      if (func.isExternal() || func.getTargetCpu())
        return;
      func.setTargetCpu(info->cpu);
      func.setTargetFeaturesAttr(features);
    });

    // Anything left is IR the pipeline could not lower: name it, once per
    // kind of op (unrealized casts are a symptom, not a cause: named only if
    // alone).
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
};

struct RegtileLowerToLLVMPass
    : public impl::RegtileLowerToLLVMBase<RegtileLowerToLLVMPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The module's target, resolved once, for every stage.
    FailureOr<TargetInfo> info = getTargetFor(module, target, module.getLoc());
    if (failed(info))
      return signalPassFailure();
    LowerToLLVMOptions options;
    options.target = info->description;
    options.reassociateFPReductions = reassociateFPReductions;
    OpPassManager pm(ModuleOp::getOperationName());
    if (failed(buildLowerToLLVMPipeline(pm, options, module.getLoc())) ||
        failed(runPipeline(pm, module)))
      return signalPassFailure();
  }
};

} // namespace

LogicalResult buildLowerToLLVMPipeline(OpPassManager &pm,
                                       const LowerToLLVMOptions &options,
                                       Location loc) {
  // The pipeline's own target-dependent choices (vector-to-LLVM options).
  TargetInfo info = getHostTarget();
  if (!options.target.empty()) {
    std::string error;
    FailureOr<TargetInfo> parsed = parseTarget(options.target, error);
    if (failed(parsed))
      return emitError(loc) << "invalid target: " << error;
    info = *parsed;
  }
  VectorLoweringOptions vectorOptions = VectorLoweringOptions::forTarget(info);

  pm.addPass(createRegtileStripSchedule());
  // A misspelled or mistyped regtile.* mark would be ignored by its pass.
  pm.addPass(createRegtileVerifyMarks());

  // Bufferization (a result expanded into its destination written into a
  // view of it, so that empty-tensor elimination reaches it).
  pm.addNestedPass<func::FuncOp>(createRegtileMaterializeThroughReshapes());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addNestedPass<func::FuncOp>(createRegtileForwardBuffers());
  // vector.mask regions around transfers become masked transfers now: the
  // upstream deallocation pass inserts ops into mask regions otherwise
  // (invalid IR in MLIR 22).
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
  pm.addPass(createRegtileDeallocateBuffers());
  // Threads: scf.forall (with no shared outputs after bufferization)
  // becomes scf.parallel here; OpenMP comes late (see below).
  pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
  // bufferization.clone and dealloc helpers to memref ops.
  pm.addPass(createConvertBufferizationToMemRefPass());
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  fpm.addPass(createCanonicalizerPass());
  fpm.addPass(createCSEPass());
  // Copies of a buffer onto itself (an in-place tile written back into the
  // slice it was read from) are only recognizable after CSE merged the two
  // subviews: canonicalize once more so that they are erased, not lowered
  // to memrefCopy calls.
  fpm.addPass(createCanonicalizerPass());
  fpm.addPass(createRegtileStridedCopiesToLoops({options.target}));
  fpm.addPass(createConvertLinalgToLoopsPass());
  fpm.addPass(createLoopInvariantCodeMotionPass());

  // No vector libm: vector math functions as polynomials, before the
  // vectors they make are lowered with the rest.
  fpm.addPass(createRegtileApproximateMath());
  // Contractions in the VNNI layout on the AMX tile unit, where the target
  // has one (before the vector lowering below unrolls them).
  fpm.addPass(createRegtileVectorToAMX({options.target}));
  // Vectors: n-D -> 1-D with x86 strategies, transfers fully unrolled.
  fpm.addPass(createRegtileLowerVectors({options.target}));
  VectorTransferToSCFOptions toSCF;
  toSCF.targetRank = 1;
  toSCF.unroll = true;
  fpm.addPass(createConvertVectorToSCFPass(toSCF));

  // Caches marked regtile.fill_on_first_use are filled in the first
  // iteration of the loop that reads them (before the prefetch passes:
  // the loads of the fill get theirs).
  pm.addPass(createRegtileFillOnFirstUse());
  // Loops marked regtile.streaming_stores, regtile.prefetch_stores or
  // regtile.prefetch_ahead: their accesses are 1-D by now, their views
  // still subviews.
  pm.addPass(createRegtileStreamingStores({options.target}));
  pm.addPass(createRegtilePrefetchStores());
  pm.addPass(createRegtilePrefetchAhead());

  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Without native bf16 conversions, bf16 is storage only (see
  // RegtileBF16Storage).
  bool bf16Storage = !info.hasBF16Conversions();
  pm.addPass(createRegtileExpandArith({/*expandBF16=*/bf16Storage}));
  // scf.parallel -> omp.parallel { omp.wsloop { omp.loop_nest } } only now:
  // earlier, loop-invariant code motion and canonicalization treat the
  // wsloop as a loop and hoist ops into its wrapper region, which must hold
  // exactly one op (invalid IR).
  pm.addPass(createConvertSCFToOpenMPPass());
  // A loop of one piece (a kernel kept serial) does not wake the team.
  pm.addPass(createRegtileParallelIf());
  // The memref.alloca_scope it wraps each body in goes where the body
  // allocates nothing (kernels without threads lower exactly as before).
  pm.addPass(createRegtileInlineAllocaScopes());
  pm.addPass(createSCFToControlFlowPass());
  ConvertVectorToLLVMPassOptions toLLVM;
  toLLVM.reassociateFPReductions = options.reassociateFPReductions;
  toLLVM.x86Vector = info.hasAVX512() || info.hasAVX2();
  toLLVM.amx = info.has("amx-tile");
  toLLVM.vectorContractLowering = vector::VectorContractLowering::OuterProduct;
  toLLVM.vectorTransposeLowering = vectorOptions.transposeLowering;
  pm.addPass(createConvertVectorToLLVMPass(toLLVM));
  pm.addPass(createConvertMathToLLVMPass());
  // Scalar math functions without an LLVM intrinsic (erf, cbrt, ...):
  // libm calls.
  pm.addPass(createRegtileMathToLibm());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createRegtileConvertControlFlowToLLVM());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createRegtileRequestAMX());
  if (bf16Storage)
    pm.addPass(createRegtileBF16Storage());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createRegtileFinalizeLLVM({options.target}));
  return success();
}

void registerLowerToLLVMInterfaces(DialectRegistry &registry) {
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
}

#define GEN_PASS_REGISTRATION
#include "regtile/Pipelines/Passes.h.inc"

void registerPasses() {
  registerRegtilePatternsPasses();
  registerRegtilePipelinesPasses();
}

} // namespace regtile
