//===- FoldWholeSlices.cpp - ApplyFoldWholeSlicesPatternsOp ---------------===//

#include "regtile/Patterns/FoldWholeSlices.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

using namespace mlir;

void regtile::transform_ops::ApplyFoldWholeSlicesPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  regtile::populateFoldWholeSlicesPatterns(patterns);
}
