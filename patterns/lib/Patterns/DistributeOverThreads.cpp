//===- DistributeOverThreads.cpp - One piece of an op per thread ----------===//
//
// transform.regtile.distribute_over_threads (see DistributeOverThreads.h):
// the thread count read at run time, the grid of pieces chosen at run time
// for it, the op tiled by scf.forall into those pieces.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/DistributeOverThreads.h"
#include "regtile/Patterns/Blocking.h"

#include "IndexMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;

namespace regtile {

namespace {

/// The runtime's entry points: how many threads a parallel region gets
/// (OMP_NUM_THREADS, or the CPUs of the affinity mask), and whether the
/// caller runs in an active parallel region already.
constexpr llvm::StringLiteral kThreadCountFn = "omp_get_max_threads";
constexpr llvm::StringLiteral kInParallelFn = "omp_in_parallel";

/// Declares `name`, a runtime function `() -> i32`, in the symbol table
/// around `at` unless it is there.
void declareRuntimeFn(RewriterBase &rewriter, Operation *at, StringRef name) {
  Operation *table = SymbolTable::getNearestSymbolTable(at->getParentOp());
  if (!table || SymbolTable::lookupSymbolIn(table, name))
    return;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&table->getRegion(0).front());
  auto type = rewriter.getFunctionType({}, {rewriter.getI32Type()});
  auto fn = func::FuncOp::create(rewriter, at->getLoc(), name, type);
  fn.setPrivate();
}

/// The grid search: threads t_1..t_k for the k distributed loops with
/// c_1..c_k grains each, t_1 x ... x t_k <= threads, minimizing the grains
/// of the busiest thread (prod ceil(c_d / t_d)); t_1..t_{k-1} enumerated in
/// ascending order (a loop nest of about threads * log(threads)^(k-2)
/// iterations), t_k taking what is left, the first minimum kept (ties go to
/// the later loops).
class GridSearch {
public:
  GridSearch(IndexMath &m, ArrayRef<Value> counts) : m(m), counts(counts) {}

  SmallVector<Value> run(Value threads) {
    SmallVector<Value> best{m.c(std::numeric_limits<int64_t>::max())};
    best.append(counts.size(), m.c(1));
    SmallVector<Value> chosen;
    best = level(0, threads, chosen, best);
    return SmallVector<Value>(llvm::drop_begin(best));
  }

private:
  /// `best` = (cost, t_1..t_k) updated with every grid that has `chosen`
  /// as t_1..t_{d}, `left` threads for the rest.
  SmallVector<Value> level(unsigned d, Value left,
                           SmallVectorImpl<Value> &chosen,
                           ArrayRef<Value> best) {
    if (d + 1 == counts.size()) {
      chosen.push_back(m.min(left, counts[d]));
      Value cost = m.c(1);
      for (auto [count, t] : llvm::zip(counts, chosen))
        cost = m.mul(cost, m.ceilDiv(count, t));
      Value better = arith::CmpIOp::create(
          m.b, m.loc, arith::CmpIPredicate::ult, cost, best[0]);
      SmallVector<Value> next{cost};
      llvm::append_range(next, chosen);
      chosen.pop_back();
      for (auto [n, old] : llvm::zip(next, best))
        n = arith::SelectOp::create(m.b, m.loc, better, n, old);
      return next;
    }
    Value upper = m.min(left, counts[d]);
    auto loop = scf::ForOp::create(
        m.b, m.loc, m.c(1), arith::AddIOp::create(m.b, m.loc, upper, m.c(1)),
        m.c(1), best);
    OpBuilder::InsertionGuard guard(m.b);
    m.b.setInsertionPointToStart(loop.getBody());
    Value t = loop.getInductionVar();
    chosen.push_back(t);
    SmallVector<Value> carried(loop.getRegionIterArgs());
    SmallVector<Value> inner = level(d + 1, m.div(left, t), chosen, carried);
    chosen.pop_back();
    scf::YieldOp::create(m.b, m.loc, inner);
    return SmallVector<Value>(loop.getResults());
  }

  IndexMath &m;
  ArrayRef<Value> counts;
};

LogicalResult checkOp(TilingInterface op,
                      const DistributeOverThreadsOptions &options,
                      std::string &reason) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(op.getOperation());
  if (!dps || !dps.hasPureTensorSemantics() || op->getNumResults() == 0) {
    reason = "expected an op on tensors (bufferize after distributing)";
    return failure();
  }
  SmallVector<utils::IteratorType> iterators = op.getLoopIteratorTypes();
  if (options.grains.size() > iterators.size()) {
    reason = "expected at most " + std::to_string(iterators.size()) +
             " grains (one per loop of the op), got " +
             std::to_string(options.grains.size());
    return failure();
  }
  if (llvm::none_of(options.grains, [](int64_t g) { return g > 0; })) {
    reason = "no loop to distribute (every grain is 0)";
    return failure();
  }
  for (auto [d, grain] : llvm::enumerate(options.grains)) {
    if (grain < 0) {
      reason = "grain " + std::to_string(grain) + " of loop " +
               std::to_string(d) + " is negative";
      return failure();
    }
    if (grain > 0 && iterators[d] != utils::IteratorType::parallel) {
      reason = "loop " + std::to_string(d) +
               " is a reduction: only parallel loops are distributed";
      return failure();
    }
  }
  if (options.threads < 0 || options.minPointsPerThread < 0 ||
      options.maxLoops < 0) {
    reason = "negative thread count, minimum work per thread or loop count";
    return failure();
  }
  return success();
}

/// `grains` with only the `maxLoops` loops of the most grains kept (see
/// DistributeOverThreadsOptions::maxLoops).
SmallVector<int64_t> keepWidestLoops(RewriterBase &rewriter, TilingInterface op,
                                     ArrayRef<int64_t> grains,
                                     int64_t maxLoops) {
  SmallVector<int64_t> kept(grains);
  SmallVector<int64_t> extents;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op.getOperation()))
    extents = linalgOp.getStaticLoopRanges();
  else
    for (Range r : op.getIterationDomain(rewriter))
      extents.push_back(
          getConstantIntValue(r.size).value_or(ShapedType::kDynamic));
  SmallVector<std::pair<int64_t, int64_t>> ranked; // (grains, loop)
  for (auto [d, grain] : llvm::enumerate(grains))
    if (grain > 0)
      ranked.push_back({ShapedType::isDynamic(extents[d])
                            ? std::numeric_limits<int64_t>::max()
                            : llvm::divideCeil(extents[d], grain),
                        d});
  if (maxLoops <= 0 || static_cast<int64_t>(ranked.size()) <= maxLoops)
    return kept;
  // Most grains first; of equals, the later loop first.
  llvm::sort(ranked, [](auto a, auto b) { return a > b; });
  for (auto [count, d] : llvm::drop_begin(ranked, maxLoops))
    kept[d] = 0;
  return kept;
}

/// The work of `op`, and with `producers`, of the ops it fuses (the
/// TilingInterface ops its operands come from, recursively: a convolution
/// under its ReLU): its iteration points and the bytes of its tensor
/// operands (what a memory-bound op moves).
struct Work {
  Value points, bytes;
};

Value buildTensorBytes(IndexMath &m, Value tensor) {
  auto type = dyn_cast<RankedTensorType>(tensor.getType());
  if (!type)
    return m.c(0);
  Value bytes =
      m.c(llvm::divideCeil(storageBitwidth(type.getElementType()), 8));
  for (int64_t d = 0; d < type.getRank(); ++d)
    bytes = m.mul(bytes, type.isDynamicDim(d)
                             ? tensor::DimOp::create(m.b, m.loc, tensor, d)
                             : m.c(type.getDimSize(d)));
  return bytes;
}

Work buildWork(IndexMath &m, TilingInterface op, bool producers) {
  Work work{m.c(1), m.c(0)};
  for (Range r : op.getIterationDomain(m.b))
    work.points =
        m.mul(work.points, getValueOrCreateConstantIndexOp(m.b, m.loc, r.size));
  for (Value operand : op->getOperands())
    work.bytes = m.add(work.bytes, buildTensorBytes(m, operand));
  if (!producers)
    return work;
  for (Value operand : op->getOperands())
    if (auto producer = operand.getDefiningOp<TilingInterface>()) {
      Work more = buildWork(m, producer, producers);
      work.points = m.add(work.points, more.points);
      work.bytes = m.add(work.bytes, more.bytes);
    }
  return work;
}

/// The most threads the work pays for: enough multiply-adds or enough
/// bytes to move per thread (Blocking.h), or with an explicit minimum,
/// enough points.
Value buildThreadCap(IndexMath &m, TilingInterface op, const TargetInfo &target,
                     const DistributeOverThreadsOptions &options) {
  Work work = buildWork(m, op, options.fuseProducers);
  if (options.minPointsPerThread)
    return m.div(work.points, m.c(options.minPointsPerThread));
  return m.max(m.div(work.points, m.c(minPointsPerThread(target))),
               m.div(work.bytes, m.c(minBytesPerThread(target))));
}

/// The tile sizes of the pieces (values at the insertion point; 0 for the
/// loops not distributed).
SmallVector<OpFoldResult>
buildPieceSizes(RewriterBase &rewriter, TilingInterface op,
                const TargetInfo &target,
                const DistributeOverThreadsOptions &options) {
  Location loc = op.getLoc();
  IndexMath m{rewriter, loc};
  SmallVector<Range> domain = op.getIterationDomain(rewriter);
  SmallVector<Value> extents;
  for (Range r : domain)
    extents.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, r.size));
  Value cap = buildThreadCap(m, op, target, options);
  std::optional<int64_t> staticCap = getConstantIntValue(cap);
  if ((staticCap && *staticCap <= 1) || options.threads == 1) {
    // Too little work for a second thread, known now: one piece, the whole
    // op (static sizes; the forall of one iteration folds away).
    SmallVector<OpFoldResult> whole;
    for (auto [r, grain] : llvm::zip(domain, options.grains))
      whole.push_back(grain > 0 ? r.size : rewriter.getIndexAttr(0));
    return whole;
  }
  Value threads = options.threads ? m.c(options.threads)
                                  : buildRuntimeThreadCount(rewriter, loc, op);
  threads = m.max(m.c(1), m.min(threads, cap));
  SmallVector<int64_t> grains =
      keepWidestLoops(rewriter, op, options.grains, options.maxLoops);
  SmallVector<Value> counts;
  for (auto [extent, grain] : llvm::zip(extents, grains))
    if (grain > 0)
      counts.push_back(m.max(m.c(1), m.ceilDiv(extent, m.c(grain))));
  SmallVector<Value> grid = GridSearch(m, counts).run(threads);
  SmallVector<OpFoldResult> sizes;
  unsigned next = 0;
  for (int64_t grain : grains) {
    if (grain == 0) {
      sizes.push_back(rewriter.getIndexAttr(0));
      continue;
    }
    Value perThread = m.ceilDiv(counts[next], grid[next]);
    sizes.push_back(m.mul(perThread, m.c(grain)));
    ++next;
  }
  return sizes;
}

/// The op tiled into the forall, alone or with its producers fused.
struct Tiled {
  SmallVector<LoopLikeOpInterface> loops;
  Operation *tiledOp = nullptr;
  SmallVector<Value> replacements;
};

FailureOr<Tiled> tile(RewriterBase &rewriter, TilingInterface op,
                      const scf::SCFTilingOptions &tiling, bool fuse) {
  Tiled t;
  if (!fuse) {
    FailureOr<scf::SCFTilingResult> r = scf::tileUsingSCF(rewriter, op, tiling);
    if (failed(r))
      return failure();
    t.loops = r->loops;
    t.tiledOp = r->tiledOps.back();
    t.replacements = r->replacements;
    return t;
  }
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  FailureOr<scf::SCFTileAndFuseResult> r =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, op, options);
  if (failed(r))
    return failure();
  t.loops = r->loops;
  t.tiledOp = r->tiledAndFusedOps.front();
  for (Value v : op->getResults())
    t.replacements.push_back(r->replacements.lookup(v));
  return t;
}

} // namespace

Value buildRuntimeThreadCount(RewriterBase &rewriter, Location loc,
                              Operation *at) {
  declareRuntimeFn(rewriter, at, kThreadCountFn);
  declareRuntimeFn(rewriter, at, kInParallelFn);
  Type i32 = rewriter.getI32Type();
  Value count =
      func::CallOp::create(rewriter, loc, kThreadCountFn, TypeRange{i32})
          .getResult(0);
  // In a piece of an enclosing thread loop (a batch over threads, each
  // batch's GEMM distributed again), a nested region would run on that
  // piece's one thread (OpenMP's nesting is off): one piece, not the work
  // split for nothing.
  Value inParallel =
      func::CallOp::create(rewriter, loc, kInParallelFn, TypeRange{i32})
          .getResult(0);
  Value zero = arith::ConstantIntOp::create(rewriter, loc, i32, 0);
  Value one = arith::ConstantIntOp::create(rewriter, loc, i32, 1);
  Value nested = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                       inParallel, zero);
  count = arith::SelectOp::create(rewriter, loc, nested, one, count);
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                    count);
}

FailureOr<DistributeOverThreadsResult> distributeOverThreads(
    RewriterBase &rewriter, TilingInterface op, const TargetInfo &target,
    const DistributeOverThreadsOptions &options, std::string &reason) {
  if (failed(checkOp(op, options, reason)))
    return failure();
  // Loops without a grain are not distributed.
  DistributeOverThreadsOptions padded = options;
  padded.grains.resize(op.getLoopIteratorTypes().size(), 0);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Operation *before = op->getPrevNode();
  Operation *table = SymbolTable::getNearestSymbolTable(op->getParentOp());
  bool declared =
      table && SymbolTable::lookupSymbolIn(table, kThreadCountFn) != nullptr;
  scf::SCFTilingOptions tiling;
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  tiling.setTileSizes(buildPieceSizes(rewriter, op, target, padded));
  FailureOr<Tiled> tiled = tile(rewriter, op, tiling, options.fuseProducers);
  if (failed(tiled) || tiled->loops.size() != 1 ||
      !isa<scf::ForallOp>(tiled->loops.front().getOperation())) {
    // Leave the IR as it was: erase what was built before the op.
    Block::iterator first =
        before ? std::next(before->getIterator()) : op->getBlock()->begin();
    SmallVector<Operation *> built;
    for (Operation &o : llvm::make_range(first, op->getIterator()))
      built.push_back(&o);
    for (Operation *o : llvm::reverse(built))
      rewriter.eraseOp(o);
    if (table && !declared)
      if (Operation *fn = SymbolTable::lookupSymbolIn(table, kThreadCountFn))
        rewriter.eraseOp(fn);
    reason = "tiling the op into an scf.forall failed";
    return failure();
  }
  rewriter.replaceOp(op, tiled->replacements);
  DistributeOverThreadsResult result;
  result.forall = cast<scf::ForallOp>(tiled->loops.front().getOperation());
  result.tiled = tiled->tiledOp;
  return result;
}

} // namespace regtile
