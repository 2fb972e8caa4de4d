//===- SuperVectorize.td -----------------------------------*- tablegen -*-===//
//
// transform.regtile.super_vectorize: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_SUPERVECTORIZE
#define REGTILE_TRANSFORMOPS_SUPERVECTORIZE

def SuperVectorizeOp : RegtileTransformOp<"regtile.super_vectorize",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Affine super-vectorization of the loop nest rooted at a "
                "handle, with virtual vector sizes";
  let description = [{
    Vectorizes the affine loop nest rooted at each `target` loop (seed 003):
    the root loop and loops nested in it become vector loops whose step is
    multiplied by a *virtual* vector size, any multiple of the native vector
    (`vector<32x256xf32>` on a 16-lane machine); `affine.load`/`store`
    become `vector.transfer_read`/`write`, scalars used in the nest are
    broadcast, elementwise ops widened. Upstream's vectorizer
    (`affine::vectorizeAffineLoopNest`) does the rewrite; upstream exposes it
    only as the `affine-super-vectorize` pass over whole functions.

    The loops: vector dimension 0 is the root loop; vector dimension `k` is
    each outermost loop nested (at any depth) in a loop of dimension `k-1`
    that can be vectorized along memref dimension
    `fastest_varying_pattern[k]` (counted from the fastest varying, 0 =
    innermost); loops in between keep their steps. A loop can be vectorized
    if it is parallel (or a reduction, with `vectorize_reductions`), has
    step 1, and every access in it is invariant in its induction variable
    or contiguous along it (unit stride) in a single memref dimension.

    Beyond upstream: a parallel loop whose trip count is not a known
    multiple of its vector size is split into whole vectors (`lb` to
    `lb + (ub - lb) floordiv V * V`: no masks, every access `in_bounds`) and
    a remainder loop (at most one iteration) whose stores are masked to the
    iterations the scalar loop ran (`vector.create_mask` of the lanes left;
    upstream writes whole vectors past the loop bound); a loop with a
    `min`/`max` bound is not split, its stores are masked throughout. A
    reduction loop accumulates a vector (over whole vectors unmasked, then
    a remainder masked by an `arith.select`, continuing the accumulation),
    followed by one `vector.reduction`. Accesses whose
    lanes are all iterations of the scalar loop are marked `in_bounds`. The nest is checked first and refused with a reason
    (rather than miscompiled, or crashing, as upstream's pass does) when it
    has a dependence, a strided access (`A[2 * i]`), a non-unit step, a
    nested loop whose bounds use an induction variable of the nest, a
    conditional, a non-affine memory access, an op that cannot be widened,
    or an integer division that padded lanes could run on zero.

    Attributes:
    - `vector_sizes`: one virtual size per vectorized loop, outermost first
      (default: one loop, the target's native lanes for the widest element
      type accessed: 16 for f32 on AVX-512, 8 on AVX2);
    - `fastest_varying_pattern`: the memref dimension each vectorized loop
      must access along (default `[n-1, ..., 1, 0]`);
    - `vectorize_reductions`: allow the root to be a reduction loop (1-D);
    - `allow_reassociation`: vectorize floating-point add/mul reductions
      whose combiner lacks `fastmath<reassoc>`;
    - `mask_partial_vectors`: do not split loops with a partial last
      vector; mask their stores (or, for a reduction, the accumulation) on
      every iteration and keep the reads bounds-checked (masked loads):
      more instructions, fewer loops; a choice to make by measurement
      (docs/ops.md);
    - `arch`: target description for the default size (default: the
      payload's `regtile.target` attribute, else the host).

    Example (seed 003's `vector_add_2d` and `vecred`):
    ```mlir
    %rows, %cols = transform.regtile.super_vectorize %nest
        {vector_sizes = array<i64: 32, 256>}
        : (!transform.op<"affine.for">) -> (!transform.any_op, !transform.any_op)
    %v = transform.regtile.super_vectorize %red
        {vector_sizes = array<i64: 128>, vectorize_reductions}
        : (!transform.op<"affine.for">) -> !transform.any_op
    ```
    Break the super-vectors into registers afterwards with
    `transform.apply_patterns.regtile.unroll_to_native_vectors`.

    #### Return modes

    Consumes the `target` handle (its loops are replaced). Produces a
    silenceable failure, leaving the payload unchanged, for a payload op that
    is not an `affine.for` or a nest that cannot be vectorized (the reason is
    named). Produces a definite failure if the target description is not
    understood. Otherwise returns one handle per vector dimension with the
    vectorized loops of that dimension: the whole-vector loops first, then
    the remainder loops.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<DenseI64ArrayAttr>:$vector_sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$fastest_varying_pattern,
                       UnitAttr:$vectorize_reductions,
                       UnitAttr:$allow_reassociation,
                       UnitAttr:$mask_partial_vectors,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs Variadic<TransformHandleTypeInterface>:$loops);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // REGTILE_TRANSFORMOPS_SUPERVECTORIZE
