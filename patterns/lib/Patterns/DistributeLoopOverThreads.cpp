//===- DistributeLoopOverThreads.cpp - A loop's pieces over threads -------===//
//
// transform.regtile.distribute_loop_over_threads (see
// DistributeLoopOverThreads.h): legality from the loop's accesses, an
// affine loop lowered to scf, then one piece per thread, or fixed chunks
// with partial results for a reduction.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/DistributeLoopOverThreads.h"
#include "regtile/Patterns/Blocking.h"
#include "regtile/Patterns/DistributeOverThreads.h"

#include "IndexMath.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace regtile {

namespace {

/// One memory access of the loop's body: per dimension of the buffer, the
/// index value (null where it is not a plain value) and the elements
/// covered from it.
struct Access {
  Operation *op;
  Value buffer;
  SmallVector<Value> indices;
  SmallVector<int64_t> extents;
  bool writes;
};

/// Index values of an affine access (null for a result that is not one
/// operand).
SmallVector<Value> affineIndices(AffineMap map, ValueRange operands) {
  SmallVector<Value> indices;
  for (AffineExpr e : map.getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(e))
      indices.push_back(operands[d.getPosition()]);
    else if (auto s = dyn_cast<AffineSymbolExpr>(e))
      indices.push_back(operands[map.getNumDims() + s.getPosition()]);
    else
      indices.push_back(Value());
  }
  return indices;
}

std::optional<Access> describeAccess(Operation *op) {
  auto ones = [](Value buffer) {
    return SmallVector<int64_t>(cast<MemRefType>(buffer.getType()).getRank(),
                                1);
  };
  auto trailing = [&](Value buffer, VectorType v) {
    SmallVector<int64_t> extents = ones(buffer);
    for (auto [i, size] : llvm::enumerate(llvm::reverse(v.getShape())))
      extents[extents.size() - 1 - i] = size;
    return extents;
  };
  if (auto o = dyn_cast<memref::LoadOp>(op))
    return Access{op, o.getMemRef(), o.getIndices(), ones(o.getMemRef()),
                  false};
  if (auto o = dyn_cast<memref::StoreOp>(op))
    return Access{op, o.getMemRef(), o.getIndices(), ones(o.getMemRef()), true};
  if (auto o = dyn_cast<affine::AffineLoadOp>(op))
    return Access{op, o.getMemRef(),
                  affineIndices(o.getAffineMap(), o.getMapOperands()),
                  ones(o.getMemRef()), false};
  if (auto o = dyn_cast<affine::AffineStoreOp>(op))
    return Access{op, o.getMemRef(),
                  affineIndices(o.getAffineMap(), o.getMapOperands()),
                  ones(o.getMemRef()), true};
  if (auto o = dyn_cast<vector::LoadOp>(op))
    return Access{op, o.getBase(), o.getIndices(),
                  trailing(o.getBase(), o.getVectorType()), false};
  if (auto o = dyn_cast<vector::StoreOp>(op))
    return Access{op, o.getBase(), o.getIndices(),
                  trailing(o.getBase(), o.getVectorType()), true};
  auto transfer = dyn_cast<VectorTransferOpInterface>(op);
  if (!transfer || !isa<MemRefType>(transfer.getBase().getType()))
    return std::nullopt;
  Access a{op, transfer.getBase(), transfer.getIndices(),
           ones(transfer.getBase()), isa<vector::TransferWriteOp>(op)};
  for (auto [i, e] : llvm::enumerate(transfer.getPermutationMap().getResults()))
    if (auto d = dyn_cast<AffineDimExpr>(e))
      a.extents[d.getPosition()] = transfer.getVectorType().getDimSize(i);
  return a;
}

/// The loop's facts, whichever dialect it is in.
struct LoopFacts {
  Value iv;
  std::optional<int64_t> step;
  SmallVector<BlockArgument> iterArgs;
  Region *body;
};

FailureOr<LoopFacts> loopFacts(Operation *loop, std::string &reason) {
  if (auto f = dyn_cast<affine::AffineForOp>(loop))
    return LoopFacts{f.getInductionVar(), f.getStepAsInt(),
                     llvm::to_vector(f.getRegionIterArgs()), &f.getRegion()};
  if (auto f = dyn_cast<scf::ForOp>(loop))
    return LoopFacts{f.getInductionVar(), getConstantIntValue(f.getStep()),
                     llvm::to_vector(f.getRegionIterArgs()), &f.getRegion()};
  reason = "expected an affine.for or scf.for, got '" +
           loop->getName().getStringRef().str() + "'";
  return failure();
}

/// The accesses of the body, or failure for an op with effects the
/// analysis does not know.
FailureOr<SmallVector<Access>> collectAccesses(Region &body,
                                               std::string &reason) {
  SmallVector<Access> accesses;
  WalkResult walk = body.walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(op))
      return WalkResult::advance();
    if (std::optional<Access> a = describeAccess(op)) {
      accesses.push_back(*a);
      return WalkResult::advance();
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (effects &&
        llvm::all_of(op->getResults(),
                     [](Value v) { return isa<MemRefType>(v.getType()); }) &&
        effects.hasEffect<MemoryEffects::Allocate>() &&
        !effects.hasEffect<MemoryEffects::Write>() &&
        !effects.hasEffect<MemoryEffects::Read>())
      return WalkResult::advance(); // A buffer of the iteration.
    reason = "cannot tell what '" + op->getName().getStringRef().str() +
             "' in the loop reads or writes";
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return failure();
  return accesses;
}

/// Whether the iterations touch disjoint elements of every buffer one of
/// them writes (see the header).
LogicalResult checkDisjoint(const LoopFacts &loop, ArrayRef<Access> accesses,
                            std::string &reason) {
  llvm::SetVector<Value> written;
  for (const Access &a : accesses)
    if (a.writes)
      written.insert(a.buffer);
  for (Value buffer : written) {
    int64_t rank = cast<MemRefType>(buffer.getType()).getRank();
    bool some = false;
    for (int64_t d = 0; d < rank && !some; ++d)
      some = llvm::all_of(accesses, [&](const Access &a) {
        return a.buffer != buffer || (a.indices[d] == loop.iv && loop.step &&
                                      a.extents[d] <= *loop.step);
      });
    if (!some) {
      reason = "the iterations may touch the same elements of a buffer they "
               "write: no dimension of it is indexed by the induction "
               "variable, at most a step wide, in every access";
      return failure();
    }
  }
  return success();
}

/// A reduction result of the loop: the kind of its combiner.
struct Reduction {
  arith::AtomicRMWKind kind;
};

std::optional<arith::AtomicRMWKind> reductionKind(Operation *op) {
  using K = arith::AtomicRMWKind;
  return llvm::TypeSwitch<Operation *, std::optional<K>>(op)
      .Case([](arith::AddFOp) { return K::addf; })
      .Case([](arith::MulFOp) { return K::mulf; })
      .Case([](arith::MaximumFOp) { return K::maximumf; })
      .Case([](arith::MinimumFOp) { return K::minimumf; })
      .Case([](arith::MaxNumFOp) { return K::maxnumf; })
      .Case([](arith::MinNumFOp) { return K::minnumf; })
      .Case([](arith::AddIOp) { return K::addi; })
      .Case([](arith::MulIOp) { return K::muli; })
      .Case([](arith::MaxSIOp) { return K::maxs; })
      .Case([](arith::MinSIOp) { return K::mins; })
      .Case([](arith::MaxUIOp) { return K::maxu; })
      .Case([](arith::MinUIOp) { return K::minu; })
      .Case([](arith::AndIOp) { return K::andi; })
      .Case([](arith::OrIOp) { return K::ori; })
      .Default([](Operation *) { return std::nullopt; });
}

FailureOr<SmallVector<Reduction>> matchReductions(const LoopFacts &loop,
                                                  std::string &reason) {
  SmallVector<Reduction> reductions;
  for (unsigned i = 0; i < loop.iterArgs.size(); ++i) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(loop.iterArgs, i, combiners) || combiners.size() != 1) {
      reason = "result " + std::to_string(i) +
               " is not a reduction by one combining op";
      return failure();
    }
    std::optional<arith::AtomicRMWKind> kind = reductionKind(combiners[0]);
    if (!kind) {
      reason = "result " + std::to_string(i) + " is combined by '" +
               combiners[0]->getName().getStringRef().str() +
               "', not a reduction with a neutral value";
      return failure();
    }
    auto fm = dyn_cast<arith::ArithFastMathInterface>(combiners[0]);
    if (fm && !arith::bitEnumContainsAll(fm.getFastMathFlagsAttr().getValue(),
                                         arith::FastMathFlags::reassoc)) {
      reason = "result " + std::to_string(i) + " is combined by '" +
               combiners[0]->getName().getStringRef().str() +
               "' without fastmath reassoc: splitting it reorders the sum";
      return failure();
    }
    reductions.push_back({*kind});
  }
  return reductions;
}

/// The affine loop, lowered to scf (its body's affine ops too).
FailureOr<scf::ForOp> lowerToSCF(RewriterBase &rewriter, Operation *loop) {
  if (auto f = dyn_cast<scf::ForOp>(loop))
    return f;
  // The bounds of the inner loops, hoisted by moveLoopInvariantCode after
  // lowering, count their iterations in the bytes of an iteration.
  SmallVector<Operation *> ops;
  loop->walk([&](Operation *op) {
    if (isa<affine::AffineDialect>(op->getDialect()))
      ops.push_back(op);
  });
  Block *block = loop->getBlock();
  Operation *prev = loop->getPrevNode();
  RewritePatternSet patterns(loop->getContext());
  populateAffineToStdConversionPatterns(patterns);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps)
      .enableFolding(false)
      .enableConstantCSE(false);
  if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
    return failure();
  for (Operation *op = prev ? prev->getNextNode() : &block->front(); op;
       op = op->getNextNode())
    if (auto f = dyn_cast<scf::ForOp>(op)) {
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(f.getOperation()));
      return f;
    }
  return failure();
}

/// The bytes an iteration of `loop` moves: each access's bytes times the
/// iterations of the loops around it inside `loop` (where their bounds are
/// defined outside `loop`; else counted once), at the insertion point.
Value buildBytesPerIteration(IndexMath &m, scf::ForOp loop) {
  Value total = m.c(0);
  loop.getBody()->walk([&](Operation *op) {
    std::optional<Access> a = describeAccess(op);
    if (!a)
      return;
    auto type = cast<MemRefType>(a->buffer.getType());
    int64_t elements = 1;
    for (int64_t e : a->extents)
      elements *= e;
    Value bytes = m.c(
        elements * llvm::divideCeil(storageBitwidth(type.getElementType()), 8));
    for (Operation *p = op->getParentOp(); p != loop; p = p->getParentOp()) {
      auto inner = dyn_cast<scf::ForOp>(p);
      if (inner && loop.isDefinedOutsideOfLoop(inner.getLowerBound()) &&
          loop.isDefinedOutsideOfLoop(inner.getUpperBound()) &&
          loop.isDefinedOutsideOfLoop(inner.getStep()))
        bytes = m.mul(bytes, m.trips(inner.getLowerBound(),
                                     inner.getUpperBound(), inner.getStep()));
    }
    total = m.add(total, bytes);
  });
  return m.max(total, m.c(1));
}

Value buildThreads(RewriterBase &rewriter, IndexMath &m, Operation *at,
                   const DistributeLoopOverThreadsOptions &options) {
  return options.threads ? m.c(options.threads)
                         : buildRuntimeThreadCount(rewriter, m.loc, at);
}

/// What both splits start from, built before the loop: its bounds, its
/// iterations, the bytes of one, and the most threads they pay for.
struct LoopWork {
  Value lb, ub, step, n, bytes, cap;
  int64_t minBytes;
};

LoopWork buildLoopWork(RewriterBase &rewriter, IndexMath &m, scf::ForOp loop,
                       const TargetInfo &target,
                       const DistributeLoopOverThreadsOptions &options) {
  rewriter.setInsertionPoint(loop);
  LoopWork w;
  w.lb = loop.getLowerBound();
  w.ub = loop.getUpperBound();
  w.step = loop.getStep();
  w.n = m.trips(w.lb, w.ub, w.step);
  w.minBytes = options.minBytesPerThread ? options.minBytesPerThread
                                         : minBytesPerThread(target);
  w.bytes = buildBytesPerIteration(m, loop);
  w.cap = m.div(m.mul(w.n, w.bytes), m.c(w.minBytes));
  return w;
}

/// A loop without results: one piece of iterations per thread.
DistributeLoopOverThreadsResult
distributeIterations(RewriterBase &rewriter, scf::ForOp loop,
                     const TargetInfo &target,
                     const DistributeLoopOverThreadsOptions &options) {
  Location loc = loop.getLoc();
  IndexMath m{rewriter, loc};
  LoopWork w = buildLoopWork(rewriter, m, loop, target, options);
  Value lb = w.lb, ub = w.ub, step = w.step, n = w.n, cap = w.cap;
  Value threads =
      m.max(m.c(1), m.min(buildThreads(rewriter, m, loop, options), cap));
  Value per = m.mul(m.max(m.c(1), m.ceilDiv(n, threads)), step);
  auto forall = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{lb}, ArrayRef<OpFoldResult>{ub},
      ArrayRef<OpFoldResult>{per}, ValueRange{}, std::nullopt);
  rewriter.setInsertionPointToStart(forall.getBody());
  Value lo = forall.getInductionVar(0);
  Value hi = m.b.createOrFold<arith::MinSIOp>(loc, m.add(lo, per), ub);
  rewriter.moveOpBefore(loop, forall.getBody()->getTerminator());
  rewriter.modifyOpInPlace(loop, [&] {
    loop.setLowerBound(lo);
    loop.setUpperBound(hi);
  });
  return {forall, loop};
}

/// The combiner's neutral value of `type` (a scalar or a vector).
Value buildNeutral(OpBuilder &b, Location loc, arith::AtomicRMWKind kind,
                   Type type) {
  auto vector = dyn_cast<VectorType>(type);
  TypedAttr scalar = arith::getIdentityValueAttr(
      kind, vector ? vector.getElementType() : type, b, loc);
  TypedAttr attr = vector ? DenseElementsAttr::get(vector, scalar) : scalar;
  return arith::ConstantOp::create(b, loc, attr);
}

/// A buffer of one partial result per chunk: memref<chunks x T> for a
/// scalar T, memref<chunks x shape x E> for a vector<shape x E>.
Value buildPartials(OpBuilder &b, Location loc, Type type, Value chunks) {
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  Type element = type;
  if (auto v = dyn_cast<VectorType>(type)) {
    llvm::append_range(shape, v.getShape());
    element = v.getElementType();
  }
  return memref::AllocOp::create(b, loc, MemRefType::get(shape, element),
                                 ValueRange{chunks});
}

void storePartial(OpBuilder &b, Location loc, Value value, Value partials,
                  Value chunk) {
  auto zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> indices{chunk};
  if (auto v = dyn_cast<VectorType>(value.getType())) {
    indices.append(v.getRank(), zero);
    vector::StoreOp::create(b, loc, value, partials, indices);
    return;
  }
  memref::StoreOp::create(b, loc, value, partials, indices);
}

Value loadPartial(OpBuilder &b, Location loc, Type type, Value partials,
                  Value chunk) {
  auto zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> indices{chunk};
  if (auto v = dyn_cast<VectorType>(type)) {
    indices.append(v.getRank(), zero);
    return vector::LoadOp::create(b, loc, v, partials, indices);
  }
  return memref::LoadOp::create(b, loc, partials, indices);
}

/// Default chunks per thread's minimum share of bytes (64 KB): a thread
/// takes whole chunks, so its work is at most one chunk off its exact
/// share (vecred's 4 MiB on two threads: 65 chunks, 33 against 32; one
/// chunk per share made 17, 9 against 8). Measured on Zen 4, two threads:
/// 0.89-0.91 of the read loop with 4, 0.85-0.86 with 1, 0.78-0.80 with 16
/// (16 KB chunks: the accumulators' restart and the partials' traffic).
constexpr int64_t kChunksPerShare = 4;

/// A reduction loop: fixed chunks, partial results, combined in order.
DistributeLoopOverThreadsResult
distributeChunks(RewriterBase &rewriter, scf::ForOp loop,
                 ArrayRef<Reduction> reductions, const TargetInfo &target,
                 const DistributeLoopOverThreadsOptions &options) {
  Location loc = loop.getLoc();
  IndexMath m{rewriter, loc};
  LoopWork w = buildLoopWork(rewriter, m, loop, target, options);
  Value lb = w.lb, ub = w.ub, step = w.step, n = w.n, bytes = w.bytes;
  int64_t minBytes = w.minBytes;
  Value chunk =
      options.chunkIterations
          ? m.c(options.chunkIterations)
          : m.max(m.c(1),
                  m.ceilDiv(m.c(minBytes), m.mul(bytes, m.c(kChunksPerShare))));
  Value chunks = m.max(m.c(1), m.ceilDiv(n, chunk));
  SmallVector<Value> partials;
  for (Value init : loop.getInitArgs())
    partials.push_back(buildPartials(rewriter, loc, init.getType(), chunks));
  Value threads = m.max(m.c(1), m.min(buildThreads(rewriter, m, loop, options),
                                      m.min(w.cap, chunks)));
  Value per = m.ceilDiv(chunks, threads);
  auto forall = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{chunks}, ArrayRef<OpFoldResult>{per}, ValueRange{},
      std::nullopt);
  // After the forall: the initial values combined with the partial
  // results in chunk order, on the calling thread.
  rewriter.setInsertionPointAfter(forall);
  auto combine = scf::ForOp::create(
      rewriter, loc, m.c(0), chunks, m.c(1), loop.getInitArgs(),
      [&](OpBuilder &b, Location l, Value c, ValueRange acc) {
        SmallVector<Value> next;
        for (auto [r, a, p] : llvm::zip(reductions, acc, partials))
          next.push_back(arith::getReductionOp(
              r.kind, b, l, a, loadPartial(b, l, a.getType(), p, c)));
        scf::YieldOp::create(b, l, next);
      });
  for (Value p : partials)
    memref::DeallocOp::create(rewriter, loc, p);
  rewriter.replaceAllUsesWith(loop.getResults(), combine.getResults());

  // In the forall: this thread's chunks, each from the neutral values.
  rewriter.setInsertionPointToStart(forall.getBody());
  Value first = forall.getInductionVar(0);
  Value end = m.min(m.add(first, per), chunks);
  auto chunkLoop = scf::ForOp::create(rewriter, loc, first, end, m.c(1));
  rewriter.setInsertionPointToStart(chunkLoop.getBody());
  Value c = chunkLoop.getInductionVar();
  Value lo = m.add(lb, m.mul(m.mul(c, chunk), step));
  Value hi = rewriter.createOrFold<arith::MinSIOp>(
      loc, m.add(lo, m.mul(chunk, step)), ub);
  SmallVector<Value> neutrals;
  for (auto [r, init] : llvm::zip(reductions, loop.getInitArgs()))
    neutrals.push_back(buildNeutral(rewriter, loc, r.kind, init.getType()));
  rewriter.moveOpBefore(loop, chunkLoop.getBody()->getTerminator());
  rewriter.modifyOpInPlace(loop, [&] {
    loop.setLowerBound(lo);
    loop.setUpperBound(hi);
    loop.getInitArgsMutable().assign(neutrals);
  });
  rewriter.setInsertionPointAfter(loop);
  for (auto [result, p] : llvm::zip(loop.getResults(), partials))
    storePartial(rewriter, loc, result, p, c);
  return {forall, loop};
}

} // namespace

FailureOr<DistributeLoopOverThreadsResult>
distributeLoopOverThreads(RewriterBase &rewriter, Operation *loop,
                          const TargetInfo &target,
                          const DistributeLoopOverThreadsOptions &options,
                          DistributeLoopOverThreadsFailure &diag) {
  std::string &reason = diag.reason;
  if (options.threads < 0 || options.chunkIterations < 0 ||
      options.minBytesPerThread < 0) {
    reason = "negative thread count, chunk or minimum bytes per thread";
    return failure();
  }
  FailureOr<LoopFacts> facts = loopFacts(loop, reason);
  if (failed(facts))
    return failure();
  FailureOr<SmallVector<Access>> accesses =
      collectAccesses(*facts->body, reason);
  if (failed(accesses) || failed(checkDisjoint(*facts, *accesses, reason)))
    return failure();
  FailureOr<SmallVector<Reduction>> reductions =
      matchReductions(*facts, reason);
  if (failed(reductions))
    return failure();
  FailureOr<scf::ForOp> lowered = lowerToSCF(rewriter, loop);
  if (failed(lowered)) {
    reason = "lowering the affine loop to scf did not converge";
    diag.payloadChanged = true;
    return failure();
  }
  if (reductions->empty())
    return distributeIterations(rewriter, *lowered, target, options);
  return distributeChunks(rewriter, *lowered, *reductions, target, options);
}

} // namespace regtile
