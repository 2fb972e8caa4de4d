//===- PrefetchAhead.cpp - prefetch what the next iterations access -------===//

#include "VectorStores.h"
#include "regtile/Patterns/Passes.h"
#include "regtile/Patterns/Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
#include <map>

using namespace mlir;
#include "PrefetchAheadInternals.h"

namespace regtile {
namespace prefetch_ahead {
namespace {

/// The prefetches of the next runs of a loop's scalar streams (see
/// insertPrefetchesAhead's `streamsNext`): each is built in an `scf.if` at
/// the top of the loop's body, one per number of iterations between
/// prefetches, taken in the iterations whose number is a multiple of it.
class NextRunPrefetcher {
public:
  explicit NextRunPrefetcher(scf::ForOp loop) : loop(loop) {}

  /// Prefetches into L2 what `access` (a scalar stream of the loop, moving
  /// `moves` bytes per iteration, |moves| < a line) will read in the next
  /// iteration of the innermost loop enclosing the loop whose IV moves it,
  /// at the same point of the loop, in one iteration of the loop out of
  /// kCacheLineBytes / |moves|. Fails, building nothing, when no enclosing
  /// loop moves the access or its address there cannot be computed.
  LogicalResult add(RewriterBase &rewriter, Location loc, Access access,
                    int64_t moves) {
    scf::ForOp outer;
    for (auto p = loop->getParentOfType<scf::ForOp>(); p && !outer;
         p = p->getParentOfType<scf::ForOp>()) {
      NextIteration probe(p, p.getInductionVar());
      if (probe.dependsOnIv(access.memref) ||
          llvm::any_of(access.indices,
                       [&](Value i) { return probe.dependsOnIv(i); }))
        outer = p;
    }
    if (!outer)
      return failure();
    {
      NextIteration probe(outer, outer.getInductionVar(), loop);
      if (!resolvable(probe, access))
        return failure();
    }
    OpBuilder::InsertionGuard guard(rewriter);
    Value &nextIv = nextIvs[outer];
    if (!nextIv) {
      rewriter.setInsertionPointToStart(outer.getBody());
      nextIv = arith::AddIOp::create(rewriter, outer.getLoc(),
                                     outer.getInductionVar(), outer.getStep());
    }
    int64_t every = std::max<int64_t>(1, kCacheLineBytes / std::abs(moves));
    scf::IfOp &guardIf = ifs[every];
    if (!guardIf) {
      // The iteration number (iv - lb) / step, a multiple of `every`. At
      // the top of the body: the body's loads and FMAs stay one block
      // (after the branch, LLVM would issue all of an iteration's loads
      // before it, more registers live at once than the FMAs need).
      rewriter.setInsertionPointToStart(loop.getBody());
      Location l = loop.getLoc();
      Value n = arith::SubIOp::create(rewriter, l, loop.getInductionVar(),
                                      loop.getLowerBound());
      if (getConstantIntValue(loop.getStep()) != 1)
        n = arith::DivUIOp::create(rewriter, l, n, loop.getStep());
      Value rem = arith::RemUIOp::create(
          rewriter, l, n, arith::ConstantIndexOp::create(rewriter, l, every));
      Value taken =
          arith::CmpIOp::create(rewriter, l, arith::CmpIPredicate::eq, rem,
                                arith::ConstantIndexOp::create(rewriter, l, 0));
      guardIf = scf::IfOp::create(rewriter, l, taken,
                                  /*withElseRegion=*/false);
    }
    rewriter.setInsertionPoint(guardIf.thenBlock()->getTerminator());
    NextIteration next(outer, nextIv, loop);
    resolveToRoot(rewriter, loc, next, access);
    memref::PrefetchOp::create(rewriter, loc, access.memref, access.indices,
                               /*isWrite=*/access.write,
                               /*localityHint=*/2, /*isDataCache=*/true);
    return success();
  }

private:
  scf::ForOp loop;
  DenseMap<Operation *, Value> nextIvs;
  std::map<int64_t, scf::IfOp> ifs;
};

/// insertPrefetchesAhead on one loop: each access of the body that moves
/// with the IV is classified (a scalar stream, a small step the hardware
/// covers, or lines to prefetch) and prefetched accordingly.
class PrefetchInserter {
public:
  PrefetchInserter(RewriterBase &rewriter, scf::ForOp loop, int64_t ahead,
                   int64_t streamsAhead, bool streamsNext)
      : rewriter(rewriter), loop(loop), loc(loop.getLoc()), ahead(ahead),
        streamsAhead(streamsAhead), streamsNext(streamsNext), nextRuns(loop) {
    rewriter.setInsertionPointToStart(loop.getBody());
    top = rewriter.getInsertionPoint();
    // Every access is classified against the later IV of `ahead` (or, with
    // only streams asked for, of `streamsAhead`); streams are then resolved
    // again against theirs.
    nextIv = laterIv(ahead > 0 ? ahead : (streamsAhead > 0 ? streamsAhead : 1));
    next.emplace(loop, nextIv);
    if (streamsAhead > 0) {
      streamIv =
          streamsAhead == ahead || ahead == 0 ? nextIv : laterIv(streamsAhead);
      streamNext.emplace(loop, streamIv);
    }
  }

  /// Prefetches for the access `inner`, if it moves with the IV.
  void visit(Operation *inner) {
    Access access = *matchAccess(inner);
    bool changes = next->dependsOnIv(access.memref) ||
                   llvm::any_of(access.indices,
                                [&](Value i) { return next->dependsOnIv(i); });
    if (!changes || !resolvable(*next, access))
      return;
    rewriter.setInsertionPoint(inner);
    Location l = inner->getLoc();
    Operation *before = inner->getPrevNode();
    auto eraseBuilt = [&] {
      while (inner->getPrevNode() != before)
        rewriter.eraseOp(inner->getPrevNode());
    };
    Access original = access;
    resolveToRoot(rewriter, l, *next, access);
    auto [stream, small] = classify(inner, access);
    if (stream && (streamsNext || streamNext)) {
      std::optional<int64_t> moves = bytesPerIteration(loop, nextIv, access);
      eraseBuilt();
      prefetchStream(l, original, *moves);
      return;
    }
    if (small || ahead == 0) {
      eraseBuilt();
      ++skipped;
      return;
    }
    if (!continuesIntoNextRun(inner, original, access)) {
      eraseBuilt();
      ++notContinued;
      return;
    }
    prefetchAccessLines(l, access);
    ++count;
  }

  /// Erases the later IVs nothing used; the number of prefetches, or a
  /// failure saying why there is none.
  FailureOr<unsigned> finish(std::string &reason) {
    SmallVector<Value, 2> laterIvs = {nextIv};
    if (streamIv && streamIv != nextIv)
      laterIvs.push_back(streamIv);
    for (Value iv : laterIvs) {
      if (!iv.use_empty())
        continue;
      auto add = iv.getDefiningOp<arith::AddIOp>();
      Operation *mul = add.getRhs().getDefiningOp();
      Operation *constant = mul->getOperand(1).getDefiningOp();
      rewriter.eraseOp(add);
      rewriter.eraseOp(mul);
      rewriter.eraseOp(constant);
    }
    // A short loop whose lines ahead are never read (see
    // continuesIntoNextRun) has nothing to prefetch: not a failure, the
    // distance (one for all the nests a strategy marks) outruns it.
    if (count > 0 || (notContinued > 0 && !noNextRun))
      return count;
    reason = noNextRun ? llvm::formatv("no enclosing loop moves the {0} scalar "
                                       "streams of the loop (no next run to "
                                       "prefetch), or their addresses there "
                                       "cannot be computed",
                                       noNextRun)
                             .str()
             : skipped
                 ? llvm::formatv("the {0} accesses that move with the "
                                 "induction variable move by less than a "
                                 "cache line per iteration",
                                 skipped)
                       .str()
                 : "no load or store in the loop has an address that changes "
                   "with its induction variable through subviews and index "
                   "arithmetic";
    return failure();
  }

private:
  /// The IV `distance` iterations later, at the top of the body (erased
  /// again by finish if nothing used it).
  Value laterIv(int64_t distance) {
    OpBuilder::InsertionGuard at(rewriter);
    rewriter.setInsertionPoint(loop.getBody(), top);
    Value steps = arith::MulIOp::create(
        rewriter, loc, loop.getStep(),
        arith::ConstantIndexOp::create(rewriter, loc, distance));
    return arith::AddIOp::create(rewriter, loc, loop.getInductionVar(), steps)
        .getResult();
  }

  /// (stream, small) for `access` (by `inner`). An access that moves by
  /// less than a line per iteration (a scalar stream: the broadcast operand
  /// of a GEMM micro-kernel) touches a new line only every few iterations;
  /// the hardware's sequential prefetchers cover it, and a prefetch per
  /// iteration would mostly ask for the line already asked for. It gets a
  /// prefetch only when the loop asks for its streams (`streamsAhead`, a
  /// distance that covers a load from memory, for streams that come from
  /// there). The same holds in a loop between the access and the marked
  /// one: an access that moves by less than a line per iteration of that
  /// loop (a convolution's input pixel along its channels) would get a
  /// prefetch per element of a stream the hardware follows; never
  /// prefetched.
  std::pair<bool, bool> classify(Operation *inner, const Access &access) {
    auto smallSteps = [&](scf::ForOp l, Value iv, bool zeroIsSmall) {
      std::optional<int64_t> moves = bytesPerIteration(l, iv, access);
      return moves && (*moves != 0 || zeroIsSmall) &&
             std::abs(*moves) < kCacheLineBytes;
    };
    bool innerSmall = false;
    for (auto l = inner->getParentOfType<scf::ForOp>();
         !innerSmall && l != loop; l = l->getParentOfType<scf::ForOp>())
      innerSmall = smallSteps(l, l.getInductionVar(), /*zeroIsSmall=*/false);
    bool stream =
        !innerSmall && smallSteps(loop, nextIv, /*zeroIsSmall=*/false);
    bool small = innerSmall || smallSteps(loop, nextIv, /*zeroIsSmall=*/true);
    return {stream, small};
  }

  /// Whether the lines `ahead` iterations later along the loop are read at
  /// all. A loop of at most `ahead` iterations (a convolution's kw taps)
  /// prefetches past its own run in every iteration: the address
  /// extrapolated along the loop is what the next run reads only if the
  /// innermost enclosing loop that moves the access continues it (moves it
  /// by the run's bytes: a filter staged [ci][kw]). An input pixel read
  /// along kw, then along its channels (4 bytes), is not: its next lines
  /// are the next tile's, which that tile's loop fetches. `original` is
  /// the access in the loop, `access` it resolved to the root buffer; what
  /// is built to find the enclosing loop's move, before `inner`, is erased.
  /// Unknown extents or moves count as continuing.
  bool continuesIntoNextRun(Operation *inner, const Access &original,
                            const Access &access) {
    std::optional<APInt> trips = loop.getStaticTripCount();
    if (!trips || trips->getSExtValue() > ahead)
      return true;
    std::optional<int64_t> moves = bytesPerIteration(loop, nextIv, access);
    if (!moves)
      return true;
    for (auto outer = loop->getParentOfType<scf::ForOp>(); outer;
         outer = outer->getParentOfType<scf::ForOp>()) {
      Value iv = outer.getInductionVar();
      NextIteration probe(outer, iv);
      if (!probe.dependsOnIv(original.memref) &&
          llvm::none_of(original.indices,
                        [&](Value i) { return probe.dependsOnIv(i); }))
        continue;
      if (!resolvable(probe, original))
        return true;
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(inner);
      Operation *before = inner->getPrevNode();
      Access atOuter = original;
      resolveToRoot(rewriter, inner->getLoc(), probe, atOuter);
      std::optional<int64_t> outerMoves = bytesPerIteration(outer, iv, atOuter);
      while (inner->getPrevNode() != before)
        rewriter.eraseOp(inner->getPrevNode());
      return !outerMoves || *outerMoves == trips->getSExtValue() * *moves;
    }
    return true;
  }

  /// A scalar stream (`original`, unresolved): the stream of the next
  /// iteration of the innermost enclosing loop that moves it (the next
  /// tile's sliver), into L2, once per line, if asked for; and the element
  /// `streamsAhead` iterations later, if asked for. The stream moves by
  /// `moves` bytes per iteration.
  void prefetchStream(Location l, const Access &original, int64_t moves) {
    bool prefetched = false;
    if (streamsNext) {
      prefetched = succeeded(nextRuns.add(rewriter, l, original, moves));
      noNextRun += !prefetched;
    }
    if (streamNext) {
      // A memref.prefetch of the root buffer: its lowering addresses the
      // element as the access's own lowering does (a GEP from the same
      // base, without `inbounds`: the last iterations' addresses may be
      // past the end), so LLVM shares the per-row base registers between
      // the two instead of keeping one more register per stream (GPR
      // spills in a 6-row micro-kernel). A scalar touches one line.
      Access access = original;
      resolveToRoot(rewriter, l, *streamNext, access);
      memref::PrefetchOp::create(rewriter, l, access.memref, access.indices,
                                 /*isWrite=*/access.write,
                                 /*localityHint=*/3, /*isDataCache=*/true);
      prefetched = true;
    }
    count += prefetched;
  }

  /// The lines of `access` (resolved `ahead` iterations later), addressed
  /// from its root buffer's address, computed once: before the loop, or
  /// where the buffer is defined inside it (it does not depend on the IV).
  void prefetchAccessLines(Location l, const Access &access) {
    auto it = buffers.find(access.memref);
    if (it == buffers.end()) {
      OpBuilder::InsertionGuard at(rewriter);
      if (isDefinedOutside(access.memref, loop))
        rewriter.setInsertionPoint(loop);
      else
        rewriter.setInsertionPointAfterValue(access.memref);
      it = buffers
               .insert({access.memref,
                        BufferAddress::build(rewriter, loc, access.memref)})
               .first;
    }
    int64_t elementBytes =
        cast<MemRefType>(access.memref.getType()).getElementTypeBitWidth() / 8;
    prefetchLines(
        rewriter, l,
        it->second.elementAddress(rewriter, l, access.indices, elementBytes),
        access.bytes, access.write);
  }

  RewriterBase &rewriter;
  scf::ForOp loop;
  Location loc;
  int64_t ahead, streamsAhead;
  bool streamsNext;
  Block::iterator top;
  Value nextIv, streamIv;
  std::optional<NextIteration> next, streamNext;
  llvm::MapVector<Value, BufferAddress> buffers;
  NextRunPrefetcher nextRuns;
  unsigned count = 0, skipped = 0, noNextRun = 0, notContinued = 0;
};

} // namespace
} // namespace prefetch_ahead

using namespace prefetch_ahead;

FailureOr<PrefetchAheadResult>
insertPrefetchesAhead(RewriterBase &rewriter, Operation *op,
                      const PrefetchAheadOptions &options,
                      std::string &reason) {
  int64_t ahead = options.ahead, streamsAhead = options.streamsAhead;
  bool streamsNext = options.streamsNext;
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop) {
    reason =
        "expected an scf.for, got '" + op->getName().getStringRef().str() + "'";
    return failure();
  }
  if (ahead < 0 || streamsAhead < 0 ||
      (ahead == 0 && streamsAhead == 0 && !streamsNext)) {
    reason = "expected a positive number of iterations ahead, got " +
             std::to_string(ahead > 0 ? streamsAhead : ahead);
    return failure();
  }
  SmallVector<Operation *> candidates;
  loop.getBody()->walk([&](Operation *inner) {
    if (matchAccess(inner))
      candidates.push_back(inner);
  });
  OpBuilder::InsertionGuard guard(rewriter);
  PrefetchInserter inserter(rewriter, loop, ahead, streamsAhead, streamsNext);
  for (Operation *inner : candidates)
    inserter.visit(inner);
  FailureOr<unsigned> count = inserter.finish(reason);
  if (failed(count))
    return failure();
  return PrefetchAheadResult{*count};
}

LogicalResult applyPrefetchesAhead(Operation *root) {
  IRRewriter rewriter(root->getContext());
  // A distance attribute: a positive integer (else false, with `reason`
  // naming `name` when given).
  auto distanceOf = [](Attribute attr, StringRef name, int64_t &distance,
                       std::string &reason) {
    auto n = dyn_cast_or_null<IntegerAttr>(attr);
    if (!n) {
      reason = ("expected an integer attribute (iterations ahead)" +
                (name.empty() ? "" : " for " + name))
                   .str();
      return false;
    }
    distance = n.getInt();
    if (distance <= 0) {
      reason =
          ("expected a positive number of iterations ahead" +
           (name.empty() ? "" : " for " + name) + ", got " + Twine(distance))
              .str();
      return false;
    }
    return true;
  };
  // `ahead` from regtile.prefetch_ahead (0 without it), `streams` the
  // regtile.prefetch_streams_ahead attribute (null without it); `next`:
  // whether the op had regtile.prefetch_streams_next.
  auto apply = [&](Operation *op, int64_t ahead, Attribute streams, bool next,
                   std::string &reason) {
    int64_t streamsAhead = 0;
    if (streams && !distanceOf(streams,
                               ahead ? StringRef(kPrefetchStreamsAheadAttrName)
                                     : StringRef(),
                               streamsAhead, reason))
      return StoreStageOutcome::Invalid;
    if (succeeded(insertPrefetchesAhead(
            rewriter, op, PrefetchAheadOptions{ahead, streamsAhead, next},
            reason)))
      return StoreStageOutcome::Applied;
    return isa<scf::ForOp>(op) ? StoreStageOutcome::Skipped
                               : StoreStageOutcome::Invalid;
  };
  // Takes the op's regtile.prefetch_streams_next off, setting `next` to
  // whether it had it; false (with `reason`) if it is not a unit attribute.
  auto takeNext = [](Operation *op, bool &next, std::string &reason) {
    Attribute attr = op->removeAttr(kPrefetchStreamsNextAttrName);
    next = static_cast<bool>(attr);
    if (attr && !isa<UnitAttr>(attr)) {
      reason = ("expected a unit attribute for " + kPrefetchStreamsNextAttrName)
                   .str();
      return false;
    }
    return true;
  };
  // Loops with regtile.prefetch_ahead (and maybe the stream marks), then
  // those with streams ahead (and maybe next), then next only.
  LogicalResult withAhead = applyToMarkedOps(
      root, kPrefetchAheadAttrName, "no prefetches",
      [&](Operation *op, Attribute attr, std::string &reason) {
        Attribute streams = op->getAttr(kPrefetchStreamsAheadAttrName);
        op->removeAttr(kPrefetchStreamsAheadAttrName);
        bool next;
        int64_t ahead;
        if (!takeNext(op, next, reason) || !distanceOf(attr, "", ahead, reason))
          return StoreStageOutcome::Invalid;
        return apply(op, ahead, streams, next, reason);
      });
  LogicalResult streamsOnly =
      applyToMarkedOps(root, kPrefetchStreamsAheadAttrName, "no prefetches",
                       [&](Operation *op, Attribute attr, std::string &reason) {
                         bool next;
                         if (!takeNext(op, next, reason))
                           return StoreStageOutcome::Invalid;
                         return apply(op, /*ahead=*/0, attr, next, reason);
                       });
  LogicalResult nextOnly =
      applyToMarkedOps(root, kPrefetchStreamsNextAttrName, "no prefetches",
                       [&](Operation *op, Attribute attr, std::string &reason) {
                         if (!isa<UnitAttr>(attr)) {
                           reason = "expected a unit attribute";
                           return StoreStageOutcome::Invalid;
                         }
                         return apply(op, /*ahead=*/0, /*streams=*/nullptr,
                                      /*next=*/true, reason);
                       });
  return success(succeeded(withAhead) && succeeded(streamsOnly) &&
                 succeeded(nextOnly));
}

#define GEN_PASS_DEF_REGTILEPREFETCHAHEAD
#include "regtile/Patterns/Passes.h.inc"

namespace {
struct RegtilePrefetchAheadPass
    : public impl::RegtilePrefetchAheadBase<RegtilePrefetchAheadPass> {
  void runOnOperation() override {
    if (failed(applyPrefetchesAhead(getOperation())))
      signalPassFailure();
  }
};
} // namespace

} // namespace regtile
