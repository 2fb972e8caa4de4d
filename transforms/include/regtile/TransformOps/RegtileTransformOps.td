//===- RegtileTransformOps.td - regtile Transform ops ------*- tablegen -*-===//
//
// Transform dialect extension ops of regtile. Each op is a thin adapter over
// a function or pattern set of the regtile pattern library (patterns/).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORM_OPS
#define REGTILE_TRANSFORM_OPS

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Dialect/Transform/IR/TransformTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

// A transform.regtile.* op (or pattern descriptor): an op of the Transform
// dialect whose C++ class lives in regtile's namespace.
class RegtileTransformOp<string mnemonic, list<Trait> traits = []>
    : Op<Transform_Dialect, mnemonic, traits> {
  let cppNamespace = "::regtile::transform_ops";
}

// One file per op (or per op and its pattern set), in the order of the
// op reference (docs/TransformOps.md).
include "regtile/TransformOps/FoldUnitDims.td"
include "regtile/TransformOps/FoldWholeSlices.td"
include "regtile/TransformOps/FuseElementwise.td"
include "regtile/TransformOps/TargetInfo.td"
include "regtile/TransformOps/ReduceToVectorAccumulator.td"
include "regtile/TransformOps/PackUnpackToTileCopies.td"
include "regtile/TransformOps/ConvolutionBlocking.td"
include "regtile/TransformOps/ConvertToChannelsLast.td"
include "regtile/TransformOps/ConvertPointwiseToMatmul.td"
include "regtile/TransformOps/FuseTransposeIntoTiles.td"
include "regtile/TransformOps/PrepackFilter.td"
include "regtile/TransformOps/EpilogueRoot.td"
include "regtile/TransformOps/ContractionBlocking.td"
include "regtile/TransformOps/DotProductGroup.td"
include "regtile/TransformOps/PeelReductionBlock.td"
include "regtile/TransformOps/ReportUnscheduled.td"
include "regtile/TransformOps/DistributeOverThreads.td"
include "regtile/TransformOps/DistributeLoopOverThreads.td"
include "regtile/TransformOps/CacheRead.td"
include "regtile/TransformOps/CacheReduce.td"
include "regtile/TransformOps/AMXGemmBlock.td"
include "regtile/TransformOps/SkipPaddedTaps.td"
include "regtile/TransformOps/VersionPaddedWindows.td"
include "regtile/TransformOps/FoldPaddingIntoReads.td"
include "regtile/TransformOps/SuperVectorize.td"
include "regtile/TransformOps/UnrollToNativeVectors.td"

#endif // REGTILE_TRANSFORM_OPS
