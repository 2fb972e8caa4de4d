//===- DistributeOverThreads.td ----------------------------*- tablegen -*-===//
//
// transform.regtile.distribute_over_threads: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_DISTRIBUTEOVERTHREADS
#define REGTILE_TRANSFORMOPS_DISTRIBUTEOVERTHREADS

def DistributeOverThreadsOp
    : RegtileTransformOp<"regtile.distribute_over_threads",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Split an op's parallel loops into one piece per thread, "
                "the thread count read at run time";
  let description = [{
    For each payload op (an op on tensors implementing `TilingInterface`),
    tiles the loops with a positive grain (one grain per loop, in loop
    order; loops past the last grain are not distributed) by an
    `scf.forall` whose pieces are chosen when the op runs, for the threads
    it runs with:

    ```
    %t    = omp_get_max_threads()            // OMP_NUM_THREADS, affinity
    %t    = max(1, min(%t, points / min_points_per_thread))
    %grid = t_1 x ... x t_k <= %t            // minimizes the busiest
                                             // thread's grains
    %size = ceil(ceil(extent / grain) / t_d) * grain   // per loop
    scf.forall ... step (%size...)           // at most %t pieces
    ```

    One compiled kernel serves any thread count, 1 included: each piece is
    a multiple of its loop's grain (give the register tile: no thread gets
    a partial tile but the last), the forall has at most one iteration per
    thread (OpenMP's static schedule gives each its own), and a thread is
    idle only when the grains cannot be split further. The grid search
    (about `%t * log(%t)^(k-2)` steps for k loops, once per call) keeps the
    first minimum in the order of the loops: ties go to the later loops
    (for a GEMM's `[mr, nr, 0]`, columns: each thread then packs only its
    own part of B). Work below `min_points_per_thread` points per added
    thread (default: four fork/joins at the target's FMA rate,
    `TargetInfo::forkJoinCycles`) stays with fewer threads, down to one;
    `regtile-lower-to-llvm` then runs the loop without waking the team.

    `fuse_producers` computes the op's producers in each piece too
    (upstream's tile-and-fuse through tensor slices: a convolution under
    its ReLU, the bias broadcast into its output), not once before the
    loop. `max_loops = n` distributes only the n loops with the most grains
    (static extents; a dynamic extent counts as the most; ties go to the
    later loop), chosen at compile time: each distributed loop gives the
    piece a dynamic extent, and a GEMM micro-kernel whose rows and columns
    both have one leaves llc short of registers for its row addresses
    (`@regtile_matmul` distributes one loop). The grains may be parameters
    (`transform.tune.knob`: which loops to split is a tuning choice);
    `threads` fixes the thread count at compile time instead (0: the
    runtime's).

    Example (a GEMM's rows and columns in register tiles; the serial
    schedule continues on `%piece`):
    ```mlir
    %piece, %forall = transform.regtile.distribute_over_threads %mm
        grains [%mr, %nr, 0]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the target handle, reads the grain parameters. Produces a
    silenceable failure without changing the payload if a grain parameter
    is not one non-negative integer, or for an op that does not implement
    `TilingInterface` or is not on tensors, more grains than loops, all
    zero, or positive on a reduction loop, or when tiling fails.
    Otherwise returns the op on its piece and the `scf.forall`.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Variadic<TransformParamTypeInterface>:$grains,
                       DefaultValuedOptionalAttr<DenseI64ArrayAttr, "{}">:$static_grains,
                       DefaultValuedAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>, "0">:$max_loops,
                       UnitAttr:$fuse_producers,
                       DefaultValuedAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>, "0">:$threads,
                       DefaultValuedAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>, "0">:$min_points_per_thread,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$tiled,
                      TransformHandleTypeInterface:$forall);
  let assemblyFormat = [{
    $target `grains` custom<DynamicIndexList>($grains, $static_grains)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // REGTILE_TRANSFORMOPS_DISTRIBUTEOVERTHREADS
