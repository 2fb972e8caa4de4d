//===- RegtileTransformOps.cpp - regtile Transform dialect ops ------------===//
//
// Thin adapters from Transform ops to the regtile pattern library.
//
//===----------------------------------------------------------------------===//

#include "regtile/Transforms/RegtileTransformOps.h"

#include "regtile/Patterns/FoldUnitDims.h"
#include "regtile/TargetInfo.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

#define GET_OP_CLASSES
#include "regtile/Transforms/RegtileTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ApplyFoldUnitDimsPatternsOp
//===----------------------------------------------------------------------===//

void transform::ApplyFoldUnitDimsPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::populateFoldUnitDimsPatterns(patterns);
}

//===----------------------------------------------------------------------===//
// TargetInfoOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::TargetInfoOp::applyToOne(transform::TransformRewriter &rewriter,
                                    Operation *target,
                                    transform::ApplyToEachResultList &results,
                                    transform::TransformState &state) {
  FailureOr<regtile::TargetInfo> info =
      getTarget() ? regtile::getTargetFor(target, *getTarget(), getLoc())
                  : regtile::getTargetFor(target);
  if (failed(info))
    return DiagnosedSilenceableFailure::definiteFailure();
  Builder b(getContext());
  Type elementType =
      getElementType().has_value() ? *getElementType() : b.getF32Type();
  results.push_back(b.getI64IntegerAttr(info->simdBits));
  results.push_back(b.getI64IntegerAttr(info->numVectorRegisters));
  results.push_back(b.getI64IntegerAttr(info->lanes(elementType)));
  return DiagnosedSilenceableFailure::success();
}

LogicalResult transform::TargetInfoOp::verify() {
  if (!getTarget())
    return success();
  std::string error;
  if (failed(regtile::parseTarget(*getTarget(), error)))
    return emitOpError() << "invalid target: " << error;
  return success();
}

void transform::TargetInfoOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getScopeMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  onlyReadsPayload(effects);
}

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
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "regtile/Transforms/RegtileTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void regtile::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<RegtileTransformDialectExtension>();
}
