//===- RegtileTransformOps.td - regtile Transform dialect ops -*- tablegen -*-===//
//
// Transform dialect extension ops of regtile. Each op is a thin adapter over
// a function or pattern set of the regtile pattern library (patterns/).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORM_OPS
#define REGTILE_TRANSFORM_OPS

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Dialect/Transform/IR/TransformTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Pattern sets
//===----------------------------------------------------------------------===//

def ApplyFoldUnitDimsPatternsOp : Op<Transform_Dialect,
    "apply_patterns.regtile.fold_unit_dims",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Remove unit dimensions from linalg, tensor, memref and "
                "vector ops in one pattern set";
  let description = [{
    Collects regtile's unit-dimension folding patterns, for use inside
    `transform.apply_patterns`. Code tiled by 1 (for example the
    `tensor<1x1x1x16xf32>` ops that tiling a convolution by 1 leaves) then
    vectorizes to rank-1 native vectors instead of `vector<1x1x1x16xf32>`.

    The set covers, in one greedy application:
    - linalg ops: unit loops of `linalg.generic` are dropped (upstream's
      folder); named ops (`linalg.matmul`, `linalg.add`, `linalg.fill`,
      `linalg.broadcast`, `linalg.reduce`, ...) with a loop of static extent
      1 are generalized first, which upstream's folder does not do;
      convolutions with unit windows become lower-dimensional convolutions.
      Tensor operands are rank-reduced with `tensor.collapse_shape` and
      results re-expanded with `tensor.expand_shape` (bufferizes in place;
      never a rank-reducing `tensor.insert_slice`, which upstream's
      vectorizer miscompiles in MLIR 22); memref operands with rank-reducing
      `memref.subview`s.
    - vector transfers: unit vector dims are dropped at any position, not
      only leading ones; a possibly out-of-bounds unit dim is dropped under
      an `scf.if` that yields the padding otherwise (upstream's leading-dim
      cast drops it unguarded); masks are kept. A transfer whose map skips
      inner source dims (e.g. `(d0, ..., d6) -> (d2, d3)`, which lowers to
      one scalar access per element) reads through a rank-reduced
      `tensor.extract_slice` / writes through a rank-reduced `memref.subview`
      so the map becomes a minor identity.
    - other vector ops: upstream's leading-unit-dim casts and shape_cast
      unit-dim dropping for elementwise ops, contractions, broadcasts,
      transposes and `scf.for` iter_args; unit-dim multi-reductions are
      elided; the `vector.shape_cast`s left over cancel out.

    The patterns only change ranks, never values. Apply the set before
    vectorization (to linalg) and after it (to vectors).

    Example (seed 000's tiled convolution; see `examples/conv_relu`):
    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %func
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %v {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    ```

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles.
  }];

  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Target queries
//===----------------------------------------------------------------------===//

def TargetInfoOp : Op<Transform_Dialect, "regtile.target_info",
    [TransformOpInterface, TransformEachOpTrait,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Query SIMD width, register count and lanes of the target";
  let description = [{
    For each payload op of `scope`, returns the facts of the target that
    applies to it, as parameters a schedule can use for tile and vector
    sizes:
    - `simd_bits`: the widest native SIMD register in bits (128/256/512);
    - `vector_registers`: the number of architectural vector registers;
    - `lanes`: native vector length for `element_type` (default `f32`).

    The target is the `arch` attribute of this op if given, otherwise the
    nearest enclosing `regtile.target` string attribute of the payload op,
    otherwise the host. A target description is `host`, an x86-64 CPU name
    known to LLVM (`znver4`, `skylake-avx512`, `haswell`, `x86-64-v3`, ...),
    optionally followed by `,+feature` / `,-feature` modifiers, e.g.
    `"znver4,-avx512f"`.

    Example:
    ```mlir
    %bits, %regs, %lanes = transform.regtile.target_info %func
        {element_type = f32, arch = "haswell"}
        : (!transform.any_op) -> (!transform.param<i64>,
                                  !transform.param<i64>,
                                  !transform.param<i64>)
    ```

    #### Return modes

    The op does not verify if its `arch` attribute is not understood
    (unknown CPU, unknown or malformed feature). Produces a definite failure
    if a payload op's `regtile.target` attribute is not understood. Otherwise
    succeeds and returns one parameter per payload op in each result. Reads
    the handle only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$scope,
                       OptionalAttr<StrAttr>:$arch,
                       OptionalAttr<TypeAttr>:$element_type);
  let results = (outs TransformParamTypeInterface:$simd_bits,
                      TransformParamTypeInterface:$vector_registers,
                      TransformParamTypeInterface:$lanes);
  let assemblyFormat = [{
    $scope attr-dict `:` functional-type(operands, results)
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

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def ReduceToVectorAccumulatorOp : Op<Transform_Dialect,
    "regtile.reduce_to_vector_accumulator",
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
    AVX-512 VNNI, dot products (`addi(out, muli(ext(a), ext(b)))`, any
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

//===----------------------------------------------------------------------===//
// Pack / unpack
//===----------------------------------------------------------------------===//

def PackUnpackToTileCopiesOp : Op<Transform_Dialect,
    "regtile.pack_unpack_to_tile_copies",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "linalg.pack / linalg.unpack as register tile copies";
  let description = [{
    Rewrites each `linalg.pack` or `linalg.unpack` (on tensors, any rank,
    any `inner_dims_pos`, `outer_dims_perm` and padding, static inner
    tiles, static or dynamic outer sizes) into a loop nest over the packed
    layout's outer tiles whose body moves the tile through vector registers:

    - loops follow the packed layout's outer dims, so `outer_dims_perm` is
      loop order and addressing, not a separate pass over memory;
    - tiles that keep their row order move as blocks of whole rows, as many
      rows as fit in `max_registers` vector registers (default: half the
      target's; also as a parameter, `max_registers = %p`, e.g. a tuning
      knob, 0 = the default): a block is loaded, then stored;
    - tiles whose two innermost tile dims are transposed relative to the
      unpacked layout (`inner_dims_pos` decreasing, e.g. the B operand of a
      GEMM) move as `lanes x lanes` sub-blocks through `vector.transpose`,
      which `regtile-lower-to-llvm` lowers to in-register shuffles;
    - a tile that fits in the register file is straight-line code; a
      larger one is copied by loops over register blocks inside the tile
      (the IR grows with the register block, not with the tile);
    - partial edge tiles use out-of-bounds transfers: pack fills with the
      padding value, unpack writes only the valid elements;
    - an unpack whose two innermost dims carry the tiles (in order, kept
      last by `outer_dims_perm`) writes whole destination rows as
      sequential streams: loops over outer dims, groups of rows of a tile
      row (as many as fit in `max_registers`), tile columns, then the rows
      left one at a time;
    - a pack whose two tile dims are the source's two innermost dims (in
      either order, so also the transposing pack of a GEMM's B) reads the
      source as sequential streams: loops over the outer dims but the one
      along the source's rows, then over groups of source rows (the
      register block's extent along them), then over the tiles along the
      source's rows, then the register blocks (on Zen 4: pack A 512x1024
      into 32x32 tiles 0.86x memcpy against 0.74x tile by tile; the
      transposing pack B 1024x512 0.84x against 0.77x; `max_registers`
      sets the group: 8 registers, groups of 4 rows, ran 4% faster for
      pack A). With `tiles_per_group = T` (also as a parameter, 0 = the
      default: all of them), the tiles along the source's rows are taken
      T at a time, each group of tiles streamed by groups of rows before
      the next (1 = tile by tile): a tuning knob (on Zen 4, groups of a few
      tiles within +-5% of whole rows for pack A, 1.14x slower for a pack
      beyond the caches). Tiles one row high stay tile by tile.

    The result bufferizes in place (no per-tile allocation, no stack
    temporary).

    A pack whose result is not read again while it is still in cache (one
    larger than L2, or done well ahead of the kernel that reads it) is
    faster with streaming (non-temporal) stores, which write destination
    lines without reading them first: annotate the returned loops with
    `regtile.streaming_stores` and `regtile-lower-to-llvm` versions them
    behind a runtime alignment check (see `regtile-streaming-stores`). For
    destinations that stay in cache but not in L1, annotating them
    `regtile.prefetch_stores = 4096 : i64` instead prefetches destination
    lines for write 4096 bytes ahead (see `regtile-prefetch-stores`).

    Example:
    ```mlir
    %loops = transform.regtile.pack_unpack_to_tile_copies %pack
        : (!transform.any_op) -> !transform.any_op
    // Optional, for packs beyond the caches:
    transform.annotate %loops "regtile.streaming_stores" : !transform.any_op
    ```

    #### Return modes

    Consumes the `target` handle. For each payload op, produces a
    silenceable failure without changing it if it is not a `linalg.pack`
    or `linalg.unpack`, has dynamic inner tile sizes, or an element type
    that is not an integer or float of at least 8 bits, or if a parameter
    is not one non-negative integer. Produces a definite
    failure if the target description is not understood. Otherwise returns
    the outermost generated loop (one per payload op) in `loops`.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$max_registers_param,
                       Optional<TransformParamTypeInterface>:$tiles_per_group_param,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$max_registers,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$tiles_per_group,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$loops);
  let assemblyFormat = [{
    $target (`max_registers` `=` $max_registers_param^)?
    (`tiles_per_group` `=` $tiles_per_group_param^)? attr-dict `:`
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

def ApplyPackUnpackToTileCopiesPatternsOp : Op<Transform_Dialect,
    "apply_patterns.regtile.pack_unpack_to_tile_copies",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Every linalg.pack / linalg.unpack to register tile copies";
  let description = [{
    The pattern form of `transform.regtile.pack_unpack_to_tile_copies`, for
    function-wide use without handles, inside `transform.apply_patterns`.
    The target of each op is the nearest enclosing `regtile.target`
    attribute, else the host. Ops with dynamic inner tiles or unsupported
    element types are left unchanged.

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles.
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Register blocking (seed 002)
//===----------------------------------------------------------------------===//

def ConvolutionBlockingOp : Op<Transform_Dialect,
    "regtile.convolution_blocking",
    [DeclareOpInterfaceMethods<TransformOpInterface>, AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Register tile of a 2-D convolution, and the op to tile";
  let description = [{
    For each payload op, a 2-D convolution in the loop order of
    `linalg.conv_2d_nhwc_hwcf`, `(n, oh, ow, oc, kh, kw, ci)`, with an NHWC
    output (the named op, or a `linalg.generic` with those loops), returns
    what a schedule needs to keep its output tiles in registers
    (`cache_reduce`):
    - `root`: the op whose tiles the loops should produce, with the
      convolution (and its own producers, e.g. a bias broadcast) fused into
      them: the convolution's elementwise consumer (a ReLU: a
      `linalg.generic` of parallel loops over the whole output, with
      identity maps) if it is the convolution's only user, else the
      convolution itself. Both have (n, oh, ow, oc) as their first loops;
    - `rows` x `channels`: the register tile, output pixels along `ow` x
      output channels (a multiple of the native vector length), with the
      most FMAs per load that fits the register file with a register per
      filter vector and one per row for the input broadcasts: 5 x 64 f32
      with AVX-512, 3 x 24 with AVX2;
    - `filter`: which input of the convolution is the filter (for
      `cache_read ... operand = %filter`): 1 for `linalg.conv_2d_nhwc_hwcf`,
      0 for seed 000's generic.

    `rows = %p` and `channels = %q` fix either (0: derive; e.g. a
    `transform.tune.knob`); the result is checked as above.

    Example (tile the root 1 x 1 x rows x channels, the convolution fused):
    ```mlir
    %root, %rows, %channels, %filter = transform.regtile.convolution_blocking %conv
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>,
                                  !transform.param<i64>, !transform.param<i64>)
    %tile, %loops:4 = transform.structured.fuse %root
        tile_sizes [1, 1, %rows, %channels] : ...
    ```

    #### Return modes

    The op does not verify if `arch` is not understood. Produces a definite
    failure if a payload op's `regtile.target` is not understood, and a
    silenceable failure (naming why) for a payload op that is not such a
    convolution (other loop orders or layouts, depthwise or 1-D/3-D
    convolutions, strides or dilations other than 1, a loop of no
    iterations), for a fixing
    parameter that is not one non-negative integer, and for fixed sizes
    that fail the checks (with the numbers). Reads the handles only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$fixed_rows,
                       Optional<TransformParamTypeInterface>:$fixed_channels,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$root,
                      TransformParamTypeInterface:$rows,
                      TransformParamTypeInterface:$channels,
                      TransformParamTypeInterface:$filter);
  let assemblyFormat = [{
    $target (`rows` `=` $fixed_rows^)? (`channels` `=` $fixed_channels^)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::LinalgOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def ContractionBlockingOp : Op<Transform_Dialect,
    "regtile.contraction_blocking",
    [DeclareOpInterfaceMethods<TransformOpInterface>, AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Register tile and cache blocks of a contraction, from the "
                "target";
  let description = [{
    For each payload op (a linalg op with one output), returns the tile
    sizes of a GEMM-like contraction on the target, for the op's
    accumulator (output element) type, as parameters a schedule passes to
    `tile_using_for`, `cache_read` and `cache_reduce`:
    - `mr`, `nr`: the register tile (`nr` a multiple of the native vector
      length): `nr / lanes` native vectors per row and `mr` rows, the pair
      with the most FMAs per load (`mr*nv / (mr + nv)`, `nv` in 1, 2, 4)
      that fits the register file with `nv` registers left for a row of B
      and one for the broadcast of A (what `cache_reduce` reserves): 6 x 64
      f32 with AVX-512, 6 x 16 with AVX2;
    - `kc`: the depth of a K block: an `mr x kc` panel of A, reused from
      L1 across the N loop while B streams through, fills three quarters
      of L1 (a power of two in [64, 1024]); or, when the op has one
      reduction loop of static extent K at most twice that deep and a
      `K x nr` panel of B fits half of L2, K itself: one K block, so that
      the C tiles are stored once and never loaded back (measured on
      Zen 5 at M = N = 2048: K 1100, 1536, 2048 in one block 1.02-1.04x
      two blocks; K 4096 in two blocks of 2048 0.96x four of 1024);
    - `nc`: the width of an N block: the `kc x nc` block of B, the one
      operand every row tile streams again, fills half of the core's
      share of L3 or L2, the larger, where the L3 keeps up (it fills L2
      at least twice as fast as the micro-kernel's B stream needs at the
      FMA peak: AMD Zen 3 and 4, 2 MiB blocks, each A sliver reused by
      more tiles), else half of L2, which it shares with the A slivers
      and C tiles (Intel: 1 MiB on Sapphire Rapids and later; Zen 5, whose
      two zmm FMAs per cycle need B at 21 bytes per cycle: 512 KiB) (a
      multiple of `nr`).

    Cache sizes are the host's as the OS reports them, or documented
    defaults for named CPUs (`arch`, or the payload's `regtile.target`).

    Any of the four can be fixed by a parameter (`mr = %p`, ..., e.g. a
    `transform.tune.knob`); 0 means "derive". The others are then derived
    from the fixed ones (`kc` from `mr`, `nc` from `kc` and `nr`), and the
    result is checked: `nr` a multiple of the native vector length, the
    register tile plus a row of B and the A broadcast within the register
    file, `nc` a multiple of `nr`.

    Example:
    ```mlir
    %mr, %nr, %kc, %nc = transform.regtile.contraction_blocking %matmul
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>,
                                  !transform.param<i64>, !transform.param<i64>)
    // N blocks of 1024 columns, the rest from the target:
    %w = transform.param.constant 1024 : i64 -> !transform.param<i64>
    %mr2, %nr2, %kc2, %nc2 = transform.regtile.contraction_blocking %matmul nc = %w
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.param<i64>, !transform.param<i64>,
            !transform.param<i64>, !transform.param<i64>)
    ```

    #### Return modes

    The op does not verify if `arch` is not understood. Produces a definite
    failure if a payload op's `regtile.target` is not understood, and a
    silenceable failure for a payload op that is not a linalg op with one
    integer or float output or has a loop of no iterations (nothing to
    block; upstream's tiling crashes on such ops), for a fixing parameter
    that is not one non-negative integer, and for fixed sizes that fail the
    checks above (with the numbers). Reads the handles only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$fixed_mr,
                       Optional<TransformParamTypeInterface>:$fixed_nr,
                       Optional<TransformParamTypeInterface>:$fixed_kc,
                       Optional<TransformParamTypeInterface>:$fixed_nc,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformParamTypeInterface:$mr,
                      TransformParamTypeInterface:$nr,
                      TransformParamTypeInterface:$kc,
                      TransformParamTypeInterface:$nc);
  let assemblyFormat = [{
    $target (`mr` `=` $fixed_mr^)? (`nr` `=` $fixed_nr^)?
    (`kc` `=` $fixed_kc^)? (`nc` `=` $fixed_nc^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::LinalgOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def CacheReadOp : Op<Transform_Dialect, "regtile.cache_read",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Stage what one iteration of a loop reads of an operand in "
                "a packed cache buffer, allocated once";
  let description = [{
    For each pair (op, loop) of the two handles (same number of payload
    ops), where `op` is a tiled linalg op on tensors nested in the
    `scf.for` `loop` (through `scf.for` loops only), stages input `operand`
    of the op (seed 002's "cache copy", a GEMM's packing):

    - the **footprint**: the slice of the operand that one iteration of
      `loop` holds (what tiling extracted at that level; the op reads
      sub-slices of it in the inner loops);
    - the **cache**: a `tensor.empty` of static shape (the footprint's
      bounds) created once before the outermost enclosing `scf.for`, so
      bufferization allocates it once, outside the loop nest: no allocation
      per iteration, no `alloca` in a loop;
    - the **copy**: at the start of each iteration of `loop`, the footprint
      is packed into the cache and lowered at once to register tile copies
      (`pack_unpack_to_tile_copies`: blocks of native-vector loads, then
      the block of stores);
    - the op reads its tile of the cache instead of the operand.

    The cache layout follows the op's inner loops: each footprint dim that
    an inner loop tiles (offset = that loop's induction variable, extent at
    most its step) becomes a tile dim; tiles are stored in the inner loops'
    order, each one contiguous, zero-padded at the edges. After
    `tile_using_for [MR, NR, 1]` of a GEMM block, B's cache is `[N/NR][K][1][NR]`
    (each K step of a micro-panel is NR contiguous elements, full native
    vectors) and A's `[M/MR][K][MR][1]` (each K step is MR contiguous
    scalars: the broadcasts are sequential loads). With `dense`, the cache
    is a copy of the footprint in its own layout.

    The input is given by the `operand` attribute or, e.g. when another op
    computes it (`convolution_blocking`'s filter), by a parameter
    (`operand = %p`, one non-negative integer); exactly one of them.

    A dim tiled by a unit-step inner loop may come before untiled dims: it
    moves out of the tile for free (the op reads one index of it), and the
    op reads the cache through a rank-reducing slice and an `expand_shape`.
    A convolution's filter `[ci][kh][kw][co]` staged at the output-channel
    loop, with a unit-step `kh` loop inside, is cached as `[kh][ci][kw][co]`
    panels: per `kh`, one panel the micro-kernel reads in `kw` passes of
    `co` contiguous elements per input channel (untiled dims keep the
    operand's order; a `[kh][kw][ci][co]` layout, contiguous per pass, ran
    no faster on Zen 4). When every tiled dim steps by 1 and the innermost
    dim is untiled, as there, the unit tiles are not tiles of the cache:
    the innermost dim is (`[kh][ci][kw][1][co]`), and the copy moves
    whole vectors of it.

    With `fill_on_first_use`, the copy carries `regtile.fill_on_first_use`:
    `regtile-lower-to-llvm` (pass `regtile-fill-on-first-use`, after
    bufferization) then moves it into the first iteration of the loop right
    inside `loop`, one cache row (a K step of a micro-panel) just before the
    micro-kernel first reads it, which then takes the stored vectors
    themselves: the loads of the operand overlap with that iteration's
    compute instead of running alone before it. A GEMM's B panel, read
    whole by every row tile, is packed by the first row tile (Zen 5: 512^3
    1.011x, 1024^3 1.017x the copy before the loop; 2048^3 and
    1000x1100x900, where B comes from memory or L3, unchanged). The loop
    inside `loop` must not tile the operand (each of its iterations would
    read another part of the cache) and every loop inside it must (a loop
    that does not would fill each row again in each of its iterations);
    when the first one runs once, the copy is not
    marked (nothing follows it after canonicalization). The mark goes on
    the outermost loop of the copy that runs more than once: loops of the
    copy that run once (over the one micro-panel of a panel one register
    tile wide, at 2048^3) are folded first, as canonicalization would fold
    them with the mark. If the pass finds
    the loop reading the cache differently from one iteration to the next
    (e.g. a micro-kernel left as a linalg op whose row loop's bounds move
    with the row tile), it warns and the copy stays.

    Example (GEMM: B packed per (NC, KC) block, A per (MC, KC) block):
    ```mlir
    %copyB, %cacheB = transform.regtile.cache_read %micro, %kc {operand = 1}
        : (!transform.any_op, !transform.any_op)
        -> (!transform.any_op, !transform.any_op)
    %copyA, %cacheA = transform.regtile.cache_read %micro, %mc {operand = 0}
        : (!transform.any_op, !transform.any_op)
        -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Reads both handles (the op and the loop stay valid; the op's operand
    and the loop's body change). Produces a definite failure if the handles
    do not hold as many payload ops as each other or the target
    description is not understood. For each pair, produces a silenceable
    failure without changing the payload if `op` is not a linalg op on
    tensors or `loop` not an `scf.for` enclosing it through `scf.for` loops,
    `operand` is not one of its inputs, the operand is not a chain of
    unit-stride slices of a value available in the loop's body, a dim is
    tiled by several inner loops or at a nonzero offset, the footprint has
    no static bound, or the packed layout would transpose the operand (an
    untiled dim after a dim tiled by a step larger than 1), the operand
    parameter is not one non-negative integer, or, with
    `fill_on_first_use`, no loop is between `loop` and the op, the
    outermost of them tiles the operand, or another one does not.
    Otherwise returns the copies (the outermost loop of the tile copies;
    with `fill_on_first_use`, the marked loop) and the caches.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       TransformHandleTypeInterface:$loop,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>>:$operand,
                       Optional<TransformParamTypeInterface>:$operand_param,
                       UnitAttr:$dense,
                       UnitAttr:$fill_on_first_use,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$copy,
                      TransformHandleTypeInterface:$cache);
  let assemblyFormat = [{
    $target `,` $loop (`operand` `=` $operand_param^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def CacheReduceOp : Op<Transform_Dialect, "regtile.cache_reduce",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Keep a contraction's output tile in vector registers "
                "through the loop that reduces into it";
  let description = [{
    For each pair (op, loop) of the two handles (same number of payload
    ops; the i-th op with the i-th loop), where `op` is a single-output
    linalg op directly in the body of the `scf.for` `loop` and the loop
    reduces into the op's output tile (the tile does not move with the
    loop's induction variable), rewrites the pair so that the tile lives in
    vector registers for the whole loop (seed 002's "cache reduce"):

    ```
    acc[r][j] = load out[r, j*L : (j+1)*L]      // or splat(fill value)
    scf.for ... iter_args(acc...) {             // the loop
      for each point p of the op's reduction dims:
        b[j] = load <vectored input>(p, j*L)     // the block of loads
        a[r] = broadcast(load <broadcast input>(r, p))
        acc[r][j] = body(a[r], b[j], acc[r][j])  // vector.fma for mul+add
    }
    store acc[r][j] -> out[r, j*L : (j+1)*L]    // one block of stores
    ```

    `r` ranges over the tile's rows (every output dim but the innermost),
    `j` over the native vectors of `L` lanes (from the target) along the
    innermost output dim. The accumulators are loop-carried native
    vectors: no memory, no stack temporary. When the loop's output comes
    from a `linalg.fill`, the accumulators start from the fill value and
    the tile is never loaded; when it is a `linalg.broadcast` of a vector
    along the innermost dim (a bias, as `structured.fuse` leaves it), they
    start from that vector in every row. A fill or broadcast that only
    made the loop's initial output is bypassed (the tile is stored into its
    destination) and erased. The fill may also reach the tile through the
    loops that tiling wraps around the reduction loop (an iter_arg only
    sliced and updated in place, or handed to the inner loop): loops whose
    induction variable is a tile offset (extent at most their step) visit
    disjoint tiles; a loop no tile offset or extent depends on (the cache
    block loop over K) accumulates into the same tile, so the accumulators
    start from the fill value at its first iteration (`scf.if`) and from
    the tile after it: the tile is not loaded then. When the first
    iterations' tile stores provably overwrite the whole fill (static
    bounds, every such loop runs, extents are the tiling's), the fill is
    removed: no pass over the output before the GEMM. When the loop's result (the whole tile) has
    one user, an elementwise `linalg.generic` over it and scalars (a ReLU,
    a scale), that op is applied to the registers and the registers are
    stored into its destination instead: the tile is never stored.

    The op may be any contraction-like linalg op (`linalg.matmul`,
    `linalg.batch_matmul` with a unit batch tile, transposed operands via
    `indexing_maps`, a convolution written as `linalg.generic`): an input
    that indexes the innermost output dim must index its own innermost dim
    with it (a row of native vectors); other inputs are broadcast per row.
    The body may hold any elementwise `arith`/`math` ops; a `mulf` feeding
    an `addf` becomes one `vector.fma` (as upstream's contraction lowering
    does). The order of the reduction per output element is unchanged, so
    no fastmath flag is needed.

    Tile sizes must be static or bounded by a static size (partial tiles
    after `tile_using_for`): partial tiles read the vector dim with masks,
    clamp row indices for reads and store only the rows that exist. When
    the vector dim of the tile may be partial, the loop is versioned by the
    number of native vectors the tile needs (`scf.index_switch`, one
    register tile per count), so an edge tile computes only its vectors,
    and tiles exactly as wide as the static tile get a version of their
    own with whole vectors (case 0: no masks on the hot path); the handle
    returned is the loop of the (masked) version with all vectors. Works
    on tensors (the loop carries the output as an iter_arg, possibly
    through an invariant `tensor.extract_slice`/`tensor.insert_slice` pair)
    and on buffers (an output defined outside the loop or an invariant
    `memref.subview`, which is hoisted).

    Attributes:
    - `max_registers`: vector registers the tile may use in all (default:
      the target's, 32 with AVX-512, 16 with AVX2);
    - `reserved_registers`: registers left for the loads (default: one per
      native vector of a row and vectored input, plus one for the
      broadcast);
    - `add_at_end`: start the accumulators at zero and add the tile after
      the loop, as a block of loads, a block of adds and a block of stores,
      instead of loading it before the loop (the loop's FMAs then do not
      wait for the tile's loads). It needs an additive body (`yield out +
      x`) and reassociates a floating-point sum: the body's `addf` must
      carry `fastmath<reassoc>` or `allow_reassociation` must be set;
    - `prefetch_ahead`: mark the innermost loop that carries the
      accumulators (the rewritten loop, or, when the op's tile has more
      than one reduction point, the innermost loop of the nest over them;
      in the versions as wide as the tile, not in the narrower edge
      versions, whose short iterations the prefetches would slow down:
      1.012-1.016x at 1000x1100x900 and 1.038x at 2048x80x2048 on Zen 5)
      `regtile.prefetch_ahead = N`, so that
      `regtile-lower-to-llvm` prefetches what it streams N iterations
      ahead (the packed B panel of a GEMM micro-kernel, 256 bytes per
      iteration for a 6 x 64 f32 tile; a convolution's filter panel;
      accesses that move by less than a cache line per iteration, like the
      broadcast elements, are left to the hardware); 0: no mark. Default:
      the iterations that cover 96 cycles at one FMA per accumulator at
      the target's FMA throughput (LLVM's scheduling model, corrected for
      znver5): 6 x 64 f32 on skylake-avx512 and znver5: 8, on znver4: 4,
      6 x 16 on haswell: 16. Also as a parameter, `prefetch_ahead = %p`
      (a tuning knob: whether and how far to prefetch is the machine's
      choice), one integer: N >= 0 as the attribute, -1 for the default;
    - `prefetch_streams`: also mark that loop
      `regtile.prefetch_streams_ahead = N`, so that the scalar streams it
      reads (the broadcast elements, one row of A each, which move by 4
      bytes per iteration) are prefetched N iterations ahead, N covering
      384 cycles, a load from DRAM (6 x 64 f32 on znver5: 32; on znver4:
      16). For schedules in which those rows come from memory, each A
      sliver serving few tiles (`@regtile_matmul`: measured on Zen 5 at
      2048^3, 1.045x none; 16 / 64 / 128 iterations ahead: 1.023 / 1.010
      / 1.007x);
    - `prefetch_next_streams`: also mark that loop
      `regtile.prefetch_streams_next`, so that what those streams will read
      in the next iteration of the innermost enclosing loop that moves
      them (a GEMM's next row tile: the next A sliver) is prefetched into
      L2, one prefetch per cache line, spread over the loop (in one
      iteration out of 16 for f32 rows, under an `scf.if`): the next
      sliver is in L2 when its tile starts. For schedules whose A slivers
      come from memory and serve few tiles each (`@regtile_matmul`:
      measured on Zen 5 at 2048^3, 1.039x `prefetch_streams`, level with
      oneDNN; 512^3, 1024^3, 1000x1100x900 unchanged);
    - `arch`: target description (default: the payload's `regtile.target`,
      else the host).

    Example:
    ```mlir
    %mm, %loops:3 = transform.structured.tile_using_for %matmul
        tile_sizes [6, 64, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
                                  !transform.any_op, !transform.any_op)
    %k = transform.regtile.cache_reduce %mm, %loops#2
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Consumes both handles (reads the `prefetch_ahead` parameter). The
    verifier rejects `prefetch_ahead` given both as an attribute and as a
    parameter. Produces a definite failure if the handles do not hold as
    many payload ops as each other or the target description is not
    understood, a silenceable failure without changing the payload if the
    `prefetch_ahead` parameter is not one integer of at least -1. For each
    pair, produces a silenceable failure
    without changing the payload if `op` is not a linalg op or `loop` not
    an `scf.for`, the op is not directly in the loop, the loop does not
    reduce into the op's output tile, the output map is not a projected
    permutation with the reduction dims absent, an input is not contiguous
    along the vector dim, the body has a non-elementwise op, a tile extent
    has no static bound, the tile (accumulators + reserved registers)
    does not fit the register file, naming the numbers, or `add_at_end` is
    asked for a body that is not additive or a floating-point sum without
    permission to reassociate. Otherwise returns
    the rewritten loops.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       TransformHandleTypeInterface:$loop,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$max_registers,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>>:$reserved_registers,
                       UnitAttr:$add_at_end,
                       UnitAttr:$allow_reassociation,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>>:$prefetch_ahead,
                       Optional<TransformParamTypeInterface>:$prefetch_ahead_param,
                       UnitAttr:$prefetch_streams,
                       UnitAttr:$prefetch_next_streams,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target `,` $loop (`prefetch_ahead` `=` $prefetch_ahead_param^)? attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Super-vectorization (seed 003)
//===----------------------------------------------------------------------===//

def SuperVectorizeOp : Op<Transform_Dialect, "regtile.super_vectorize",
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
      every iteration and keep the reads bounds-checked (masked loads). More instructions, yet measured 1.2x
      faster on the memory-bound `vector_add_2d` on an AMD Zen 4 VM (see
      docs/benchmarks.md): a choice to make by measurement;
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

def ApplyUnrollToNativeVectorsPatternsOp : Op<Transform_Dialect,
    "apply_patterns.regtile.unroll_to_native_vectors",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Break vector ops wider than the native register into "
                "native pieces";
  let description = [{
    Breaks every vector op wider than the target's native register into
    native pieces (16 x f32 on AVX-512, 8 x f32 on AVX2; `vector<32x256xf32>`
    into 512 `vector<16xf32>`): transfers, masked transfers, elementwise
    ops, `vector.contract` (into one-lane-row contractions, i.e. FMAs),
    `vector.reduction`, `vector.multi_reduction`, broadcasts and transposes
    (square native tiles). Masks are sliced where they are used; slices of
    `vector.create_mask` and `vector.constant_mask` fold into native masks.
    Shapes whose innermost dimension is neither shorter than a register nor
    a multiple of it are left whole.

    The order is register-friendly (seeds 000 and 002): a chain of reads,
    elementwise ops, splats and scalar broadcasts ending in a
    `vector.transfer_write` is broken as a whole, a group of native tiles at
    a time: the group's loads, grouped, then its arithmetic, then its
    stores, with as many tiles per group as the register file holds (splats
    and broadcasts are made once, before the groups). Unrolling op by op, as
    upstream's patterns do, loads a whole super-vector before its first use
    and spills once it exceeds the registers. Other ops are unrolled op by
    op with upstream's patterns.

    Attributes:
    - `arch`: target description (default: each op's nearest
      `regtile.target` attribute, else the host);
    - `native_bits`: the native vector width in bits, overriding the
      target's.

    Example:
    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    ```

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles. Ops whose target
    attribute is not understood are left unchanged.
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$arch,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<8>]>>:$native_bits);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // REGTILE_TRANSFORM_OPS
