//===- Passes.td - regtile's library passes ----------------*- tablegen -*-===//
//
// Passes over the library's functions, for pipelines that do not use the
// Transform dialect. Each pass that depends on the target takes a `target`
// option; without it, the nearest enclosing `regtile.target` attribute, else
// the host (see regtile/Target/TargetInfo.h).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_PASSES
#define REGTILE_PATTERNS_PASSES

include "mlir/Pass/PassBase.td"

defvar TargetOption = Option<"target", "target", "std::string",
    /*default=*/"\"\"",
    "Target description (default: the regtile.target attribute or the host)">;

def RegtileVerifyMarks : Pass<"regtile-verify-marks"> {
  let summary = "Check every regtile.* attribute: a known name, a value of "
                "its kind";
  let description = [{
    `regtile::verifyMarks` on the op: every discardable attribute named
    `regtile.*` must be one regtile reads (regtile/Patterns/Marks.h: the
    target description `regtile.target`, a string, and the loop marks
    `regtile.streaming_stores`, `regtile.prefetch_stores`,
    `regtile.fill_on_first_use`, `regtile.prefetch_ahead`,
    `regtile.prefetch_streams_ahead`, `regtile.prefetch_streams_next`) with
    a value of its kind (unit, integer or string); anything else is an
    error naming the known marks (and the nearest one for a misspelling),
    since the passes would silently ignore it. `regtile-lower-to-llvm` runs
    it first.
  }];
}

def RegtileLowerVectors : Pass<"regtile-lower-vectors"> {
  let summary = "Lower n-D vector ops to 1-D vector ops with x86 SIMD "
                "strategies";
  let description = [{
    `regtile::lowerVectors` on the op (usually a function): multi-reductions
    with the strategy that avoids transposes, per op; transfers that skip
    unit dims through rank-reduced slices; contractions to FMAs; transposes
    with the target's shuffles; on AVX-512 VNNI targets, 4-way i8 dot
    products to vpdpbusd.
  }];
  let options = [TargetOption];
  // tensor: the unit-dim patterns read through rank-reducing
  // tensor.extract_slice ops.
  let dependentDialects = [
    "mlir::vector::VectorDialect", "mlir::arith::ArithDialect",
    "mlir::scf::SCFDialect", "mlir::memref::MemRefDialect",
    "mlir::tensor::TensorDialect", "mlir::LLVM::LLVMDialect"
  ];
}

def RegtileVectorToAMX : Pass<"regtile-vector-to-amx"> {
  let summary = "Compute VNNI-layout vector contractions on the AMX tile "
                "unit, accumulators kept in tile registers";
  let description = [{
    `regtile::convertVectorToAMX` on the op: the `vector.contract` ops that
    the target's AMX unit computes (bf16 x bf16 -> f32 with AMX-BF16,
    i8 x i8 -> i32 with AMX-INT8; the VNNI layout of upstream's
    `convert-vector-to-amx`, at most 16 x 16 tiles) become `amx.tile_mulf`
    / `amx.tile_muli` through upstream's patterns, and then the tiles stay
    in tile registers: a loop-carried accumulator is carried as a tile
    instead of going through a vector and two stack buffers per
    iteration, tiles load from and store to the memory the vectors came
    from and went to, a zero accumulator is `amx.tile_zero`, and the
    buffers left are hoisted out of sequential loops. Nothing changes on
    a target without AMX, nor for a contraction with a masked operand. An
    error where a tile still moves through a stack buffer in a parallel
    loop's body (an accumulator used as a vector there), which the
    lowering cannot take. Memrefs only (after bufferization).
  }];
  let options = [TargetOption];
  let dependentDialects = [
    "mlir::amx::AMXDialect", "mlir::vector::VectorDialect",
    "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect", "mlir::affine::AffineDialect"
  ];
}

def RegtileStreamingStores : Pass<"regtile-streaming-stores"> {
  let summary = "Version loops marked regtile.streaming_stores so that their "
                "aligned full-vector stores are non-temporal";
  let description = [{
    `regtile::applyStreamingStores`: each loop carrying the
    `regtile.streaming_stores` unit attribute is versioned behind a runtime
    alignment check; in the aligned version its full-vector stores are
    non-temporal. Run after vectors are 1-D.
  }];
  let options = [TargetOption];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::affine::AffineDialect",
    "mlir::LLVM::LLVMDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect", "mlir::vector::VectorDialect"
  ];
}

def RegtilePrefetchStores : Pass<"regtile-prefetch-stores"> {
  let summary = "Prefetch for write ahead of the vector stores of loops "
                "marked regtile.prefetch_stores";
  let description = [{
    `regtile::applyStorePrefetches`: in each loop carrying
    `regtile.prefetch_stores = <bytes> : i64`, every vector store is preceded
    by a prefetch for write that many bytes ahead.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::LLVM::LLVMDialect",
    "mlir::memref::MemRefDialect"
  ];
}

def RegtileFillOnFirstUse : Pass<"regtile-fill-on-first-use"> {
  let summary = "Move the fill of a cache marked regtile.fill_on_first_use "
                "into the first iteration of the loop that reads it";
  let description = [{
    `regtile::applyFillOnFirstUse`: each scf.for nest carrying the unit
    attribute `regtile.fill_on_first_use` (a copy into a cache buffer) is
    erased and its body runs instead, row by row, in the peeled first
    iteration of the scf.for after it, just before that iteration first
    reads each row, when every iteration of that loop reads the same
    cache elements (their indices, views (subviews, casts, expand_shapes
    that add unit dims), and the bounds and conditions around the reads do not depend on the iteration; every loop around a
    read moves it along the cache) and the loop writes
    neither the cache nor what the fill reads. A loop marked
    `regtile.trimmed_from = array<i64: lb, ub>` (by
    `transform.regtile.skip_padded_taps`) counts by those old bounds: in
    the first iteration it runs them again, reading every row. Otherwise a
    warning, and the fill stays. Run on buffers, before the prefetch
    passes.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::affine::AffineDialect",
    "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect"
  ];
}

def RegtilePrefetchAhead : Pass<"regtile-prefetch-ahead"> {
  let summary = "Prefetch what later iterations of loops marked "
                "regtile.prefetch_ahead (or prefetch_streams_ahead / "
                "prefetch_streams_next) will access";
  let description = [{
    `regtile::applyPrefetchesAhead`: in each scf.for carrying
    `regtile.prefetch_ahead = <iterations> : i64`, every load or store whose
    address changes with the induction variable is preceded by a prefetch
    (for write when a store) of the address it will have that many
    iterations later, except accesses that provably move by less than a
    cache line per iteration of the loop or of a loop between it and the
    access (a scalar stream), and, in a loop of at most that many
    iterations, accesses whose address that far ahead is past the loop's
    run and not continued by the enclosing loop (never read). A loop that also (or only) carries
    `regtile.prefetch_streams_ahead = <iterations> : i64` gets a
    `memref.prefetch` of its own scalar streams (moving by less than a line,
    but not zero, per iteration of that loop) that many iterations ahead.
    A loop carrying the unit attribute `regtile.prefetch_streams_next`
    gets, for each of those streams, a `memref.prefetch` into L2 of the
    address it will have in the next iteration of the innermost enclosing
    loop that moves it (a GEMM's next row tile), in one `scf.if` at the top
    of the body taken once per cache line of the stream.
    Run after vectors are 1-D, before expand-strided-metadata.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::affine::AffineDialect",
    "mlir::LLVM::LLVMDialect", "mlir::memref::MemRefDialect"
  ];
}

#endif // REGTILE_PATTERNS_PASSES
