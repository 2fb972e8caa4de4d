//===- ReduceToVectorAccumulator.td ------------------------*- tablegen -*-===//
//
// transform.regtile.reduce_to_vector_accumulator: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_REDUCETOVECTORACCUMULATOR
#define REGTILE_TRANSFORMOPS_REDUCETOVECTORACCUMULATOR

def ReduceToVectorAccumulatorOp : RegtileTransformOp<"regtile.reduce_to_vector_accumulator",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     ReportTrackingListenerFailuresOpTrait, AttrSizedOperandSegments]> {
  let summary = "Innermost reduction accumulated in vector registers, "
                "horizontal reductions of several rows together";
  let description = [{
    Rewrites a linalg op whose innermost iteration dimension is a reduction
    (on tensors or buffers, static or dynamic sizes) into loops that carry
    the partial reductions in vector registers:

    ```
    for each block of R = rows output elements (every parallel dim, batch
    dims included; the innermost in blocks of R, the rows left over one
    by one):
      acc[i][k] = splat(identity) : vector<L x T>  i < R, k < K = accumulators,
                                                    L = lanes(T), W = K * L
      for each outer reduction dim:
        for r in [0, n - n mod W) step W:           unmasked main loop
          acc[i][k] = combine(acc[i][k],
                              prologue(inputs[row i, r + kL : r + (k+1)L]))
        acc[i][k] = combine(acc[i][k], select(mask[k], prologue(masked
                                                read), identity))
      part[i] = combine-tree(acc[i][0], ..., acc[i][K-1])
      R = 1: out[row] = vector.reduction <combine>, part[0], out[row]
      R > 1: out[rows] = combine(rows-together(part[0..R-1]), out[rows])
    ```

    The accumulators are separate native vectors, loop-carried and never
    stored (independent registers, so the combine latency is hidden), read
    in ascending address order. The tail is one masked step (no
    out-of-bounds reads); the horizontal reduction happens once per output
    element and is merged with the output's initial value.

    Supported bodies: `yield <combiner>(%out, f(%inputs))` where the
    combiner is `arith.addi/addf/muli/mulf/minsi/minui/maxsi/maxui/minimumf/
    maximumf/minnumf/maxnumf/andi/ori/xori` (either operand order) and `f`
    is any DAG of elementwise ops and scalar constants (e.g. `arith.extsi`/
    `extf` widening, a multiplication for dot products, `x * 0.5`, `x | 1`,
    a `select` against a constant). Inputs must be contiguous along the
    innermost reduction dimension; inputs that do not depend on it are
    broadcast. Several reduction dimensions are all reduced, the innermost
    one vectorized.

    i8 -> i32 sums (`addi(out, extsi/extui(x))`) and, on targets with
    AVX-512 VNNI (zmm) or AVX-VNNI (ymm), dot products (`addi(out, muli(ext(a), ext(b)))`, any
    signedness but u8 x u8) accumulate a native vector of bytes per step
    into each of `accumulators` separate `vector<Lxi32>` accumulators (L =
    16 with AVX-512, 8 with AVX2), in a portable 4-way dot form
    (`vector.multi_reduction` of `vector<Lx4xi32>`) that
    `regtile-lower-to-llvm` turns into `vpdpbusd` with VNNI, into
    `vpmaddubsw` + `vpmaddwd` (a sum: the other side all ones) with AVX-512
    BW or AVX2, and into ordinary vector code for other targets: a sum of
    s8 is a dot with u8 ones; an s8 x s8 dot is `(a ^ 0x80) * b` minus
    `128 * sum(b)`. Dot products without VNNI take the plain form
    (`vpmaddubsw` saturates a pair of u8 x s8 products).

    Floating-point add/mul reductions are reassociated: the combiner must
    carry `fastmath<reassoc>` (or `fast`), or `allow_reassociation` must be
    set. Floating-point min/max need no permission (the result does not
    depend on the order, NaN semantics and the IEEE order of -0 < +0
    included; the accumulators start at +-inf for `minimumf`/`maximumf`,
    at NaN for `minnumf`/`maxnumf`).

    The masked tail runs the body on lanes past the end too: integer
    division and remainder (`divsi`, `divui`, `remsi`, `remui`,
    `ceildivsi`, `ceildivui`, `floordivsi`) divide those lanes by 1, and a
    body op that is not speculatable otherwise is refused. Sub-byte element
    types (`i1`) are read and written one element at a time (memory holds
    one per byte, a vector load or store of them is bit-packed) and count a
    byte per lane (64 lanes with AVX-512).

    Attributes:
    - `accumulators`: independent native vector accumulators per row
      (default: the chains the target wants, shared by the `rows` rows
      and rounded up to a power of two: for floating-point add/mul,
      latency x throughput of the vector add/mul in LLVM's scheduling
      model of the target, at least 2 (3 on Zen 4/5, 4 on Ice Lake, 6 on
      Sapphire Rapids, 8 on Skylake-AVX512; 8 if the model has no data),
      4 otherwise, over `rows`; at most a quarter of the target's vector
      registers and as many as fit `rows` times beside 2 load registers);
      also accepted as a parameter
      (`accumulators = %p`, e.g. a `transform.tune.knob`), where 0 means
      the default;
    - `rows`: output elements of the innermost parallel dim reduced
      together (default 4, at most the lanes of a native vector of partial
      results and the static extent of that dim, a power of two; 1
      without a parallel dim; with a fixed `accumulators`, as many as fit
      the registers): the main loop reads `rows` rows at once (more
      memory streams in flight) with `rows x accumulators` registers, and
      the rows' horizontal reductions are done together (if `rows` is not
      more than the lanes of a native vector): a transpose-and-add network
      (pairs of rows interleaved by in-lane unpacks and added, level by
      level, until one vector holds every row; then upper halves added to
      lower ones: `rows - 1 + log2(lanes / rows)` combines instead of
      `rows * log2(lanes)`), merged with one vector read of the rows'
      initial values and written as one vector where the rows are
      contiguous in the output (element by element where not); the rows
      left over are reduced one by one; also as a parameter (`rows = %p`,
      0 = the default);
    - `allow_reassociation`: reassociate FP add/mul without fastmath flags;
    - `arch`: target description (default: the payload's `regtile.target`
      attribute, else the host); the native vector length comes from it.

    Example:
    ```mlir
    %loop, %combine = transform.regtile.reduce_to_vector_accumulator %sum
        {accumulators = 4}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Tunable (regtile-tune picks the option; 0 = the default):
    %k = transform.tune.knob<"accumulators"> = 0 from options = [0, 2, 4, 8, 12]
        -> !transform.param<i64>
    %l, %c = transform.regtile.reduce_to_vector_accumulator %sum accumulators = %k
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the `target` handle, reads the `accumulators` parameter. The
    op does not verify if `accumulators` is given both as an attribute and
    as a parameter. Produces a silenceable failure, changing nothing, if
    the parameter is not one non-negative integer. For each payload op,
    produces a silenceable failure without changing it if it is not a
    linalg op or
    cannot be rewritten: no innermost reduction, several outputs, an output
    indexed by a reduction dimension, an unrecognized combiner, an
    unsupported op in the body (not elementwise, or not speculatable and
    not an integer division), an input strided along the innermost
    reduction dimension, a floating-point add/mul without permission to
    reassociate, or `rows` > 1 without a parallel dim or with more
    accumulators than the register file holds. Produces a definite failure if the target description is
    not understood. Otherwise returns the unmasked innermost reduction loop
    in `loop` and the final combining step in `combine` (one each per
    payload op): the `vector.reduction` merging an output element with its
    initial value, or with `rows` > 1 the elementwise combine of a block's
    results with their initial values.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$accumulators_param,
                       Optional<TransformParamTypeInterface>:$rows_param,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$accumulators,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$rows,
                       UnitAttr:$allow_reassociation,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$loop,
                      TransformHandleTypeInterface:$combine);
  let assemblyFormat = [{
    $target (`accumulators` `=` $accumulators_param^)?
    (`rows` `=` $rows_param^)? attr-dict `:`
    functional-type(operands, results)
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

#endif // REGTILE_TRANSFORMOPS_REDUCETOVECTORACCUMULATOR
