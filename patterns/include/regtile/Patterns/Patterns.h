//===- Patterns.h - regtile's library ---------------------------*- C++ -*-===//
//
// The C++ API of regtile, with no Transform-dialect dependency: each
// capability is a function `FailureOr<XResult> x(RewriterBase &, Op, const
// TargetInfo &, const XOptions &, std::string &reason)` or a
// `populateXPatterns(RewritePatternSet &)`. The Transform ops
// (regtile/TransformOps) and the passes (regtile/Patterns/Passes.h) are
// thin adapters over these.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PATTERNS_H
#define REGTILE_PATTERNS_PATTERNS_H

#include "regtile/Patterns/Blocking.h"
#include "regtile/Patterns/CacheRead.h"
#include "regtile/Patterns/CacheReduce.h"
#include "regtile/Patterns/ChannelsLast.h"
#include "regtile/Patterns/ConvolutionBlocking.h"
#include "regtile/Patterns/DistributeOverThreads.h"
#include "regtile/Patterns/Epilogue.h"
#include "regtile/Patterns/FillOnFirstUse.h"
#include "regtile/Patterns/FoldPaddingIntoReads.h"
#include "regtile/Patterns/FoldUnitDims.h"
#include "regtile/Patterns/FoldWholeSlices.h"
#include "regtile/Patterns/FuseElementwise.h"
#include "regtile/Patterns/LowerVectors.h"
#include "regtile/Patterns/PackUnpackToTileCopies.h"
#include "regtile/Patterns/PeelReductionBlock.h"
#include "regtile/Patterns/PrefetchAhead.h"
#include "regtile/Patterns/PrefetchStores.h"
#include "regtile/Patterns/PrepackFilter.h"
#include "regtile/Patterns/ReduceToVectorAccumulator.h"
#include "regtile/Patterns/SkipPaddedTaps.h"
#include "regtile/Patterns/StreamingStores.h"
#include "regtile/Patterns/SuperVectorize.h"
#include "regtile/Patterns/UnrollToNativeVectors.h"
#include "regtile/Patterns/VersionPaddedWindows.h"

#endif // REGTILE_PATTERNS_PATTERNS_H
