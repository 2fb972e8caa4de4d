//===- LowerToLLVM.h - regtile's lowering pipeline --------------*- C++ -*-===//
//
// The one lowering pipeline of regtile: scheduled IR (tensors or memrefs,
// vectors of any shape) to the LLVM dialect, with vector lowering strategies
// chosen for x86 SIMD from the target. Built from small passes that
// downstream pipelines can also use piecewise; `regtile-lower-to-llvm` is the
// one-flag entry.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PIPELINES_LOWERTOLLVM_H
#define REGTILE_PIPELINES_LOWERTOLLVM_H

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace regtile {

#define GEN_PASS_DECL
#include "regtile/Pipelines/Passes.h.inc"

struct LowerToLLVMOptions {
  /// Target description (see regtile/Target/TargetInfo.h); empty: each
  /// stage's nearest `regtile.target` attribute, and the host where the
  /// pipeline itself needs the target (vector-to-LLVM options).
  std::string target;
  /// Allow reassociation of all FP vector reductions.
  bool reassociateFPReductions = false;
};

/// Appends regtile's lowering to the LLVM dialect to a module pass manager:
///   regtile-strip-schedule; regtile-verify-marks; one-shot bufferization
///   (function boundaries, identity layouts); lower-vector-mask;
///   regtile-deallocate-buffers; bufferization to memref, canonicalize, CSE,
///   linalg to loops, LICM; regtile-lower-vectors; vector transfers to SCF
///   (1-D, unrolled); regtile-fill-on-first-use; regtile-streaming-stores,
///   regtile-prefetch-stores, regtile-prefetch-ahead; expand strided
///   metadata, lower affine, regtile-expand-arith; upstream conversions to
///   LLVM; regtile-finalize-llvm.
/// Fails (with a diagnostic at `loc`) on an invalid target description.
mlir::LogicalResult buildLowerToLLVMPipeline(mlir::OpPassManager &pm,
                                             const LowerToLLVMOptions &options,
                                             mlir::Location loc);

/// Registers the external interface models the pipeline needs (bufferization
/// of arith, func, linalg, scf, tensor and vector ops). Stock mlir-opt
/// registers them all; a downstream tool calls this on its registry.
void registerLowerToLLVMInterfaces(mlir::DialectRegistry &registry);

/// Registers every regtile pass (library and pipeline stages) with the
/// global registry.
void registerPasses();

} // namespace regtile

#endif // REGTILE_PIPELINES_LOWERTOLLVM_H
