//===- FuseElementwise.cpp - ApplyFuseElementwisePatternsOp ---------------===//

#include "regtile/Patterns/FuseElementwise.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;

void regtile::transform_ops::ApplyFuseElementwisePatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::populateFuseElementwisePatterns(patterns);
}
