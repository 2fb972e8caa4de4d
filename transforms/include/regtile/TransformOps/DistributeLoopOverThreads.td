//===- DistributeLoopOverThreads.td ------------------------*- tablegen -*-===//
//
// transform.regtile.distribute_loop_over_threads: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_DISTRIBUTELOOPOVERTHREADS
#define REGTILE_TRANSFORMOPS_DISTRIBUTELOOPOVERTHREADS

def DistributeLoopOverThreadsOp
    : RegtileTransformOp<"regtile.distribute_loop_over_threads",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Split a loop on buffers over threads, the thread count "
                "read at run time; a reduction in fixed chunks";
  let description = [{
    For each payload loop (`affine.for` or `scf.for` on buffers, before or
    after vectorization: `super_vectorize`'s loops), proves that its
    iterations touch disjoint elements of every buffer one of them writes
    (each access to such a buffer indexes one same dimension by the
    induction variable itself, at most a step wide: a row per iteration,
    or a vector of `step` rows; distinct buffer values are taken not to
    alias, as upstream's affine dependence analysis does), lowers an affine
    loop to scf, and splits it over threads, the count read when it runs
    (`omp_get_max_threads`) and capped by the bytes the loop moves (four
    fork/joins at 32 bytes per cycle per added thread:
    `minBytesPerThread`):

    - a loop without results: one piece of `ceil(iterations / threads)`
      iterations per thread (`scf.forall`);
    - a reduction loop (each result combined by one arith op with a neutral
      value: add, mul, min, max, and, or; floating-point ones need fastmath
      `reassoc`): the iterations cut into chunks of `chunk` iterations (0:
      enough to move a quarter of `minBytesPerThread`, 64 KB: a thread
      takes whole chunks), fixed by the loop and not by the thread count; each chunk reduced from the neutral value into a
      buffer of partial results (heap, one per call), a thread's chunks
      contiguous; then, on the calling thread, the initial value combined
      with the partial results in chunk order. **The result is the same for
      every thread count**, 1 included; it differs from the unsplit loop's
      by the reassociation `reassoc` allowed.

    `threads` fixes the thread count at compile time (0: the runtime's).
    `regtile-lower-to-llvm` runs a forall of one piece without waking the
    team.

    Example (the rows of a vectorized 2-D loop nest):
    ```mlir
    %loop, %forall = transform.regtile.distribute_loop_over_threads %rows
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the target handle. Produces a silenceable failure without
    changing the payload for an op that is not an `affine.for` or
    `scf.for`, a loop whose iterations may touch the same elements of a
    buffer they write, a body op whose memory effects it cannot tell, a
    result that is not a reduction by one known combining op, or a
    floating-point combiner without `reassoc`. Otherwise returns the loop
    over one piece (or one chunk) and the `scf.forall`.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>, "0">:$threads,
                       DefaultValuedAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>, "0">:$chunk,
                       DefaultValuedAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>, "0">:$min_bytes_per_thread,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$loop,
                      TransformHandleTypeInterface:$forall);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // REGTILE_TRANSFORMOPS_DISTRIBUTELOOPOVERTHREADS
