//===- RegtileTransformOps.cpp - regtile Transform dialect ops ------------===//
//
// The transform.regtile.* op classes and their registration. The adapters
// (verifiers, applyToOne: thin calls into the pattern library) are in one
// file per op, named after it; AdapterUtils.h has what they share.
//
//===----------------------------------------------------------------------===//

#include "regtile/TransformOps/RegtileTransformOps.h"

#include "regtile/Patterns/Patterns.h"
#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "regtile/TransformOps/RegtileTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Extension registration
//===----------------------------------------------------------------------===//

namespace {
class RegtileTransformDialectExtension
    : public transform::TransformDialectExtension<
          RegtileTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RegtileTransformDialectExtension)

  RegtileTransformDialectExtension() {
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<func::FuncDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<ub::UBDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "regtile/TransformOps/RegtileTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void regtile::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<RegtileTransformDialectExtension>();
}
