//===- CacheReduceInternals.h - cache_reduce parts --------------*- C++ -*-===//
//
// What the parts of cache_reduce share (not an API): the plan computed
// before the IR changes (CacheReduceAnalysis.cpp: the op; CacheReduceLoop.cpp:
// its place in the loop, fills and epilogues), the register tile's emitter
// (CacheReduceEmitter.cpp; its dot form: CacheReduceDot.cpp), the rewrite
// of one (op, loop) pair (CacheReduce.cpp, with the entry point) and its
// versions by vector count (CacheReduceVersions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_LIB_CACHEREDUCEINTERNALS_H
#define REGTILE_PATTERNS_LIB_CACHEREDUCEINTERNALS_H

#include "regtile/Patterns/CacheReduce.h"
#include "regtile/Patterns/DotProduct.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallBitVector.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace regtile::cache_reduce {

using namespace mlir;

/// How an input of the op is read by the register tile.
enum class InputKind {
  Scalar,    // not a shaped value: used as is
  Broadcast, // does not depend on the vector dim: one scalar per row
  Vectored,  // contiguous along the vector dim: native vectors
};

/// The dot-product form (analyzeDot): reduction dim `dim` of the op, at
/// most `group` iterations (the values one dot-product instruction sums per
/// lane), is the innermost dim of both inputs; each step of the micro-
/// kernel reads a whole group per row of the broadcast input (one 32-bit
/// lane, broadcast) and per vector of the vectored one (lanes x group
/// values), and adds their dot products to the accumulators.
struct DotPlan {
  DotProductBody body;
  unsigned dim = 0;
  int64_t group = 0;
  /// The dim's extent is exactly `group` (else the broadcast input's group
  /// is read masked, zero-padded).
  bool exact = false;
  /// Input numbers of the vectored and the broadcast input.
  unsigned vectored = 0, broadcast = 0;
  /// The vectored input is this slice of a tensor whose last two dims are
  /// static, `group` and at least the tile's vectors (a cache_read
  /// interleaved cache: its zero-padded tile is read whole); null when the
  /// input itself has such dims.
  tensor::ExtractSliceOp slice;
  /// s8 x s8 or u8 x u8 on an instruction that multiplies u8 by s8
  /// (vpdpbusd): one input is read shifted by 128 (xor 0x80, then taken
  /// with the other signedness: s8 x as u8 x + 128, u8 x as s8 x - 128),
  /// and the accumulators start 128 x the other input's sums along the
  /// reduction lower or higher (TileEmitter::addShiftedSums):
  /// sum (a + 128) b - 128 sum b = sum (a - 128) b + 128 sum b = sum a b,
  /// exactly (i32 wraps alike). The shifted input is the vectored one's
  /// cache, copied shifted once per cache, where the broadcast rows are
  /// ranges of one tensor (`rowRange`: a GEMM's A rows, a convolution's
  /// windows; their sums are a few vector reads per row before the loops);
  /// else the broadcast groups, one xor per row and step in the
  /// micro-kernel, with the cache's column sums (`sumDims`).
  bool shifted = false;
  /// With `shifted`: the inputs are u8 (u8 x u8, shifted down).
  bool shiftedDown() const { return body.unsignedInput[broadcast]; }
  /// With `shifted`: where the broadcast input's row r reads, over the
  /// reduction loops: the values [start, end) of the last dim of `source`
  /// (the innermost loop steps along it), at `offsets` (its other dims;
  /// `dropped` those the op's input does not have) plus the row's indices
  /// at each value of the op's other reduction dims (`extents`, from 0;
  /// a convolution's kw) plus, along `outer[i].dim`, each value of the
  /// outer loop i (a convolution's kh). All defined before the loops.
  struct OuterLoop {
    unsigned dim;
    OpFoldResult lb, ub, step;
  };
  struct RowRange {
    Value source;
    SmallVector<OpFoldResult> offsets;
    llvm::SmallBitVector dropped;
    OpFoldResult start, end;
    SmallVector<OuterLoop> outer;
    SmallVector<int64_t> extents;
  };
  std::optional<RowRange> rowRange;
  /// With `rowRange`: the rows' sums, when summed before the versions of
  /// the tile (rewriteByVectorCount) for all of them.
  SmallVector<Value> rowSumValues;
  /// With `shifted`: the input read shifted.
  unsigned shiftedInput() const { return rowRange ? vectored : broadcast; }
  /// With `shifted`: the dims of the slice's source (besides the last two)
  /// the sums run over: those the reduction loops move along (a GEMM's K
  /// groups; a convolution's kh and channel groups) and those each step
  /// reads whole (its kw). The others select the tile's panel.
  SmallVector<unsigned> sumDims;
  /// The column sums or the shifted copy built per cache, shared by the
  /// versions of the tile (copies of the plan).
  std::shared_ptr<DenseMap<Value, Value>> perCache =
      std::make_shared<DenseMap<Value, Value>>();
};

/// Everything the rewrite needs, computed before the IR changes.
struct Plan {
  unsigned numLoops = 0;
  unsigned vecDim = 0;
  /// Output dims other than the vector dim (in output order) and their
  /// static upper bounds; whether each extent is exactly that bound.
  SmallVector<unsigned> rowDims;
  SmallVector<int64_t> rowBounds;
  SmallVector<bool> rowStatic;
  int64_t vecBound = 0;
  bool vecStatic = false;
  SmallVector<unsigned> redDims;
  SmallVector<InputKind> inputKinds;
  /// For vectored inputs (by operand number): which of their dims the
  /// vector runs along.
  DenseMap<unsigned, unsigned> vectorPos;
  int64_t lanes = 0, vectorsPerRow = 0, rows = 0;
  Type accType;
  /// Set when the op is computed by dot products.
  std::optional<DotPlan> dot;
  /// Body ops to emit (in order), with mul+add pairs fused into an FMA.
  DenseSet<Operation *> fusedMuls;
  /// Relation to the loop.
  bool onTensors = false;
  unsigned iterArgIdx = 0;
  tensor::ExtractSliceOp outSlice;
  tensor::InsertSliceOp outInsert;
  Value fillValue;
  /// The output tile is this broadcast of a vector along its innermost dim
  /// (initial accumulators: the vector in every row).
  linalg::BroadcastOp broadcast;
  /// The fill whose result is the loop's output (written through).
  linalg::FillOp fillOp;
  /// The fill value reached the tile through enclosing loops (see
  /// traceFillThroughLoops): these accumulate into the tile, so it holds
  /// the fill value only when each is at its first iteration.
  SmallVector<scf::ForOp> firstIterationOf;
  /// A fill every element of which the tile's write-backs overwrite at
  /// those first iterations before anything reads it: bypassed (its
  /// destination replaces it).
  linalg::FillOp chainFill;
  /// An elementwise op that is the only user of the tile the loop computes
  /// (e.g. a ReLU): applied to the registers before the single store.
  linalg::GenericOp epilogue;
  unsigned epilogueInput = 0;
  bool addAtEnd = false;
  /// The loop's regtile.prefetch_ahead mark (0: none).
  int64_t prefetchAhead = 0;
  /// The loop's regtile.prefetch_streams_ahead mark (0: none).
  int64_t prefetchStreamsAhead = 0;
  /// Whether the loop gets the regtile.prefetch_streams_next mark.
  bool prefetchNextStreams = false;

  bool masked() const {
    return !vecStatic || llvm::any_of(rowStatic, [](bool s) { return !s; });
  }
};

/// Whether `op` is an arith or math op on scalars with one result.
bool isElementwiseScalarOp(Operation *op);

/// Checks the op (loops, inputs, body, registers) and fills `plan`.
LogicalResult analyzeOp(linalg::LinalgOp op, const TargetInfo &target,
                        const CacheReduceOptions &options, Plan &plan,
                        std::string &reason);

/// The scf.for loops between `loop` and `op`, outermost first (the
/// reduction loops inside the one cache_reduce was given).
SmallVector<scf::ForOp> innerLoopsOf(Operation *op, scf::ForOp loop);

/// With plan.dot->shifted, once the reduction loop is known: the dims the
/// column sums run over (DotPlan::sumDims), or why there are none.
LogicalResult analyzeShift(linalg::LinalgOp op, scf::ForOp loop, Plan &plan,
                           std::string &reason);

/// Checks that `loop` reduces into the op's output tile (the tile does not
/// move with the loop) and records how the tile is threaded through it.
LogicalResult analyzeLoop(linalg::LinalgOp op, scf::ForOp loop, Plan &plan,
                          std::string &reason);

/// Emits the register tile.
class TileEmitter {
public:
  TileEmitter(linalg::LinalgOp op, const Plan &plan) : op(op), plan(plan) {}

  VectorType accVecType() const {
    return VectorType::get({plan.lanes}, plan.accType);
  }

  /// Row extents and the (clamped, for reads) row indices, defined where
  /// `tile` is available.
  void computeRowIndices(OpBuilder &b, Location loc, Value tile,
                         AffineMap outMap);

  SmallVector<int64_t> delinearize(int64_t r) const {
    SmallVector<int64_t> multi(plan.rowBounds.size());
    for (int k = plan.rowBounds.size() - 1; k >= 0; --k) {
      multi[k] = r % plan.rowBounds[k];
      r /= plan.rowBounds[k];
    }
    return multi;
  }

  /// Indices into a `tile` indexed like the output: rows then vector dim.
  SmallVector<Value> outIndices(OpBuilder &b, Location loc, AffineMap outMap,
                                int64_t r, int64_t j, bool forRead);

  bool vectorInBounds(int64_t j) const {
    return plan.vecStatic && (j + 1) * plan.lanes <= plan.vecBound;
  }

  Value zeroOf(OpBuilder &b, Location loc, Type t) {
    return arith::ConstantOp::create(b, loc, b.getZeroAttr(t));
  }

  /// Initial accumulators: the tile's values, the fill value, or zero
  /// (the tile is added at the end).
  SmallVector<Value> initialAccumulators(OpBuilder &b, Location loc, Value tile,
                                         AffineMap outMap);

  /// The tile as native vectors, one block of loads.
  SmallVector<Value> loadTile(OpBuilder &b, Location loc, Value tile,
                              AffineMap outMap);

  /// `accs` + the tile: a block of loads, then a block of adds.
  SmallVector<Value> addTile(OpBuilder &b, Location loc, Value tile,
                             AffineMap outMap, ValueRange accs);

  /// A 1-D read along dim `pos` of `source` (default: the innermost).
  Value transferRead(OpBuilder &b, Location loc, Value source,
                     ArrayRef<Value> indices, VectorType type, Value pad,
                     bool inBounds, std::optional<unsigned> pos = {});

  /// One reduction point: loads, then per row broadcast + body per vector
  /// (with plan.dot: one group of points, dotStep).
  SmallVector<Value> step(OpBuilder &b, Location loc, ArrayRef<Value> redIvs,
                          ValueRange accs);

  int64_t vectorsPerRow() const { return plan.vectorsPerRow; }

  /// Vector `j` of row `r` of input `i` of the epilogue `e` (a tensor read
  /// along the tile's innermost dim, DotPlan-independent): each distinct
  /// read once (a per-channel vector serves every row).
  Value readAlongTile(OpBuilder &b, Location loc, linalg::GenericOp e,
                      unsigned i, AffineMap outMap, int64_t r, int64_t j);

  /// `op` (an elementwise scalar op) at vectors of `lanes`, its operands
  /// looked up in (or broadcast into) `map`; maps its result.
  void vectorizeElementwise(OpBuilder &b, Location loc, IRMapping &map,
                            Operation &op);

  /// `v` as a vector of `lanes`: mapped, or a broadcast of a value defined
  /// outside the body.
  Value vectorized(OpBuilder &b, Location loc, IRMapping &map, Value v) {
    if (Value m = map.lookupOrNull(v))
      return m;
    Value splat = vector::BroadcastOp::create(
        b, loc, VectorType::get({plan.lanes}, v.getType()), v);
    map.map(v, splat);
    return splat;
  }

  /// Stores the accumulators into `tile` (a tensor: returns the new tensor;
  /// a buffer: returns null), one straight block of vector stores. Rows
  /// beyond a dynamic extent are stored at a clamped (valid) row under an
  /// all-false mask, so the block has no branches.
  Value store(OpBuilder &b, Location loc, Value tile, AffineMap outMap,
              ValueRange accs);

  /// With plan.dot->shifted: `accs` less (s8 x s8) or plus (u8 x u8) 128
  /// x the sums of the input not shifted: the broadcast rows' (summed
  /// here) or the column sums of the vectored input's cache (summed once
  /// per cache, right after it is filled), at the insertion point, before
  /// `loop`.
  SmallVector<Value> addShiftedSums(OpBuilder &b, Location loc, scf::ForOp loop,
                                    ValueRange accs);

  /// Row `r`'s sum of the broadcast input over the reduction (DotPlan::
  /// rowRange), each in every lane of a vector of i32.
  SmallVector<Value> rowSums(OpBuilder &b, Location loc, scf::ForOp loop);

  /// The reads of the broadcast groups dotBroadcast emitted (in bounds:
  /// a partial group's loop iteration reads them masked).
  ArrayRef<Operation *> groupReads() const { return groupReadOps; }

private:
  /// Native vectors of the vectored inputs, by (input, (row key, vector)).
  using InputVectors =
      std::map<std::pair<unsigned, std::pair<SmallVector<int64_t>, int64_t>>,
               Value>;
  /// Broadcast scalars of the broadcast inputs, by (input, row key).
  using InputScalars =
      std::map<std::pair<unsigned, SmallVector<int64_t>>, Value>;

  /// Indices of an input read at row `r`, vector `j`, reduction point
  /// `redIvs` (through its indexing `map`).
  SmallVector<Value> inputIndices(OpBuilder &b, Location loc, AffineMap map,
                                  int64_t r, int64_t j, ArrayRef<Value> redIvs);
  /// Key of a read: the row dims the map uses (others zeroed).
  SmallVector<int64_t> rowKey(AffineMap map, int64_t r) const;
  /// The block of loads of the vectored inputs, each read once.
  InputVectors loadVectoredInputs(OpBuilder &b, Location loc,
                                  ArrayRef<Value> redIvs);
  /// Row `r`'s scalar and broadcast inputs as vectors (null for vectored
  /// inputs), each broadcast read once per row key.
  SmallVector<Value> rowInputs(OpBuilder &b, Location loc, int64_t r,
                               ArrayRef<Value> redIvs, InputScalars &scalars);
  /// The op's body at vectors (fused mul + add as one FMA), its operands
  /// mapped in `map`; returns the yielded value.
  Value emitBody(OpBuilder &b, Location loc, IRMapping &map);
  /// One group of the dot dim: the vectored input's vectors, then per row
  /// the broadcast group and a dot product per vector.
  SmallVector<Value> dotStep(OpBuilder &b, Location loc, ArrayRef<Value> redIvs,
                             ValueRange accs);
  /// Vector `j` of the vectored input (row `r`'s key) in the dot form.
  Value dotVector(OpBuilder &b, Location loc, int64_t r, int64_t j,
                  ArrayRef<Value> redIvs);
  /// The column sums of the dot form's cache (its source tensor), as a
  /// tensor [other dims..., NR] of i32: built once after the cache is
  /// filled, found again by later calls (its loop is marked).
  Value columnSums(OpBuilder &b, Location loc);
  /// The dot form's cache (its source tensor) with each value's sign bit
  /// flipped, written over it once after it is filled.
  Value shiftedCache(OpBuilder &b, Location loc);
  /// Row `r`'s group of the broadcast input, in every 32-bit lane.
  Value dotBroadcast(OpBuilder &b, Location loc, int64_t r,
                     ArrayRef<Value> redIvs);

  linalg::LinalgOp op;
  const Plan &plan;
  SmallVector<Operation *> groupReadOps;
  /// The epilogue's reads (readAlongTile), by (input, row key, vector).
  InputVectors epilogueReads;
  SmallVector<Value> rowExtents;
  SmallVector<SmallVector<Value>> readRowIndex, exactRowIndex;
};

/// Nested loops over the op's reduction dims (extents from its operands),
/// carrying the accumulators; `step` at the innermost point. `innermost` is
/// set to the innermost loop built (none if every extent is 1).
SmallVector<Value> emitReductionNest(OpBuilder &b, Location loc,
                                     linalg::LinalgOp op, const Plan &plan,
                                     TileEmitter &emitter, ValueRange accs,
                                     scf::ForOp &innermost);

/// The rewrite of an analyzed (op, loop) pair.
CacheReduceResult rewrite(RewriterBase &rewriter, linalg::LinalgOp op,
                          scf::ForOp loop, Plan plan);

/// The rewrite of a tile that is partial along the vector dim: one version
/// of the loop per number of native vectors it needs.
/// With plan.dot->rowRange: the rows' sums (TileEmitter::rowSums) before
/// `loop`, for versions of it to share.
SmallVector<Value> sumRowsBeforeLoop(RewriterBase &rewriter,
                                     linalg::LinalgOp op, scf::ForOp loop,
                                     const Plan &plan);

CacheReduceResult rewriteByVectorCount(RewriterBase &rewriter,
                                       linalg::LinalgOp op, scf::ForOp loop,
                                       Plan plan);

} // namespace regtile::cache_reduce

#endif // REGTILE_PATTERNS_LIB_CACHEREDUCEINTERNALS_H
