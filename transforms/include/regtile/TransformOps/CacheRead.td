//===- CacheRead.td - transform.regtile.cache_read ---------*- tablegen -*-===//
//
// transform.regtile.cache_read: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_CACHEREAD
#define REGTILE_TRANSFORMOPS_CACHEREAD

def CacheReadOp : RegtileTransformOp<"regtile.cache_read",
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
    (`operand = %p`, one integer); exactly one of them. A parameter of -1
    stages nothing (`convolution_blocking`'s filter read in place): the
    payload is left as it is and both results are empty.

    A dim tiled by a unit-step inner loop may come before untiled dims: it
    moves out of the tile for free (the op reads one index of it), and the
    op reads the cache through a rank-reducing slice and an `expand_shape`.
    A convolution's filter `[ci][kh][kw][co]` staged at the output-channel
    loop, with a unit-step `kh` loop inside, is cached as `[kh][ci][kw][co]`
    panels: per `kh`, one panel the micro-kernel reads in `kw` passes of
    `co` contiguous elements per input channel (untiled dims keep the
    operand's order). When every tiled dim steps by 1 and the innermost
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
    whole by every row tile, is packed by the first row tile. The loop
    inside `loop` must not tile the operand (each of its iterations would
    read another part of the cache) and every loop inside it must (a loop
    that does not would fill each row again in each of its iterations);
    when the first one runs once, the copy is not
    marked (nothing follows it after canonicalization). The mark goes on
    the outermost loop of the copy that runs more than once: loops of the
    copy that run once (over the one micro-panel of a panel one register
    tile wide, at 2048^3) are folded first, as canonicalization would fold
    them with the mark. Loops between that run once (a batch of 1, a
    convolution's single row tile along the width) are left out of these
    conditions: canonicalization folds them. With
    `fill_on_first_use_if_able` instead, where the loops do not allow it,
    the copy stays before them (unmarked) rather than failing: for
    strategies whose loop nests change with the shape (a convolution's row
    tiles span the image's width on 7 x 7 images, not on 56 x 56 ones).
    If the pass finds
    the loop reading the cache differently from one iteration to the next
    (e.g. a micro-kernel left as a linalg op whose row loop's bounds move
    with the row tile), it warns and the copy stays.

    With `interleave`, when the innermost inner loop tiles a dim by a
    step `g` larger than 1 that is not the operand's innermost dim, the
    tiles are `[innermost][g]`: the operand's innermost dim (its inner
    loop's step, or all of it, padded to whole vectors of 32-bit lanes),
    then the grouped dim. A GEMM micro-kernel `tile_using_for [MR, NR, g]`
    gets B's cache `[N/NR][K/g][NR][g]`, the g consecutive K values of a
    column side by side (one 32-bit lane of i8 with g = 4, of bf16 with
    g = 2: the operands of `vpdpbusd` and `vdpbf16ps`), K padded with zeros
    to a multiple of g; a convolution tiled by kh and input-channel groups
    gets its HWCF filter as `[kh][ci/g][kw][1][channels][g]`. Other dims
    tiled by inner loops must step by 1 (they leave the tile); untiled ones
    stay in it, in their order. The op reads its tile with its indexing map
    permuted alike (it must be a `linalg.generic`, `matmul`,
    `batch_matmul` or `contract`: generalize named convolutions first). With a unit step nothing changes (the two
    layouts are the same bytes): a strategy can ask for it whatever g its
    element types give. An interleaved cache is filled before the inner
    loops even with `fill_on_first_use` (the dot-product micro-kernel reads
    it through a collapsed view that `regtile-fill-on-first-use` does not
    follow yet).

    With `unless_laid_out`, a footprint the source already stores as the
    cache would hold it is not staged: the op reads it where it is (e.g. a
    row-major B one micro-panel wide, a whole attention head's V of 64
    columns with `nr = 64`: the copy would move the same bytes elsewhere).
    That is, in the cache's order each dim of more than one element is
    outer (untiled or tiled by 1) or the whole of its tile (no padding),
    in the source's dim order, and the source holds the footprint
    contiguously (the dims after the first that varies are whole).

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
    parameter is not one integer of at least -1, with `interleave` the
    cache would have more or fewer than two tiled dims or the op is not one
    whose indexing maps can change, or, with
    `fill_on_first_use`, no loop is between `loop` and the op, the
    outermost of them that runs more than once tiles the operand, or
    another of them that runs more than once does not (not with
    `fill_on_first_use_if_able`).
    Otherwise returns the copies (the outermost loop of the tile copies;
    with `fill_on_first_use`, the marked loop) and the caches, none for
    the pairs `unless_laid_out` left unstaged.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       TransformHandleTypeInterface:$loop,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>>:$operand,
                       Optional<TransformParamTypeInterface>:$operand_param,
                       UnitAttr:$dense,
                       UnitAttr:$fill_on_first_use,
                       UnitAttr:$fill_on_first_use_if_able,
                       UnitAttr:$interleave,
                       UnitAttr:$unless_laid_out,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$copy,
                      TransformHandleTypeInterface:$cache);
  let assemblyFormat = [{
    $target `,` $loop (`operand` `=` $operand_param^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // REGTILE_TRANSFORMOPS_CACHEREAD
