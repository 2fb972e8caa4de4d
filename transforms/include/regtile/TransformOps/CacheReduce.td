//===- CacheReduce.td - transform.regtile.cache_reduce -----*- tablegen -*-===//
//
// transform.regtile.cache_reduce: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_CACHEREDUCE
#define REGTILE_TRANSFORMOPS_CACHEREDUCE

def CacheReduceOp : RegtileTransformOp<"regtile.cache_reduce",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Keep a contraction's output tile in vector registers "
                "through the loop that reduces into it";
  let description = [{
    For each pair (op, loop) of the two handles (same number of payload
    ops; the i-th op with the i-th loop), where `op` is a single-output
    linalg op in the body of the `scf.for` `loop` and the loop reduces
    into the op's output tile (the tile does not move with the loop's
    induction variable), rewrites the pair so that the tile lives in vector
    registers for the whole loop (seed 002's "cache reduce"). The op may be
    inside `scf.for` loops in the loop's body that are reduction loops of
    the tile too (each only passes the tile, its one iter_arg, whole to the
    next loop or the op and yields the update: a convolution tiled by kh
    and input-channel groups): they carry the accumulators as well.

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
    sliced and updated in place, or handed to the inner loop), and through
    the threads' `scf.forall` (a shared output only sliced and inserted
    back at the same place: each thread owns its tiles): loops whose
    induction variable is a tile offset (extent at most their step) visit
    disjoint tiles; a loop no tile offset or extent depends on (the cache
    block loop over K) accumulates into the same tile, so the accumulators
    start from the fill value at its first iteration (`scf.if`) and from
    the tile after it: the tile is not loaded then. When the first
    iterations' tile stores provably overwrite the whole fill (static
    bounds, every such loop runs, extents are the tiling's), the fill is
    removed: no pass over the output before the GEMM. When the loop's result (the whole tile) has
    one user, an elementwise `linalg.generic` over it, scalars and tensors
    read along the tile's innermost dim (a ReLU; a per-channel scale or
    bias; a residual of the tile's shape), writing a tensor of the tile's
    shape in any element type (a requantization: i32 -> scale -> round ->
    clamp -> i8), that op is applied to the registers and its results are
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
    **Dot form.** When the op's body is `out + ext(a) * ext(b)` on i8
    (to i32) or bf16 (to f32) inputs (`regtile::matchDotProductBody`) and
    a reduction dim of 2 to g iterations (g = 4 for i8 on AVX-512 VNNI or AVX-VNNI, 2
    for i8 elsewhere and for bf16: the values a 32-bit lane of `vpdpbusd`
    / `vdpbf16ps` sums, or `vpmaddwd` an i16 pair of) is the innermost
    dim of both inputs, after the vector dim in the vectored one (the
    micro-kernel of `tile_using_for [MR, NR, g]` on a B packed by
    `cache_read {interleave}`), each step covers the whole group: per
    vector of the tile one load of lanes x g values (from the interleaved
    cache tile the input is a slice of, read whole: its zero padding makes
    that exact), per row the group of the broadcast input loaded as one
    word (32 bits; 16 for i8 pairs) and broadcast, and per accumulator the
    dot products in a portable form (`vector.multi_reduction <add>` over
    the group of the widened products) that `regtile-lower-to-llvm` turns
    into `vpdpbusd` (u8 x s8; AVX-512 VNNI on zmm, AVX-VNNI on ymm), `vpmaddwd` on the pairs
    widened to i16 (i8 pairs, AVX-512 BW or AVX2) or `vdpbf16ps` (AVX-512
    BF16) and lowers as ordinary vector code elsewhere. When the loop's range is not known to
    be a multiple of g, the whole groups run unmasked and a second loop
    (at most one iteration) takes the partial last group, its broadcast
    reads masked (zeros past the extent). A bf16 dot form sums each pair
    before adding it to the accumulator: the body's `addf` must carry
    `fastmath<reassoc>` or `allow_reassociation` must be set (on
    AVX-512 BF16 the instruction also flushes denormals to zero). s8 x s8
    and u8 x u8 (`vpdpbusd` multiplies u8 by s8) are the shifted dot form:
    one input is read with the other signedness after flipping its sign
    bits (s8 x as u8 x + 128; u8 x as s8 x - 128) and the accumulators
    start 128 x the other input's sums lower (s8 x s8) or higher (u8 x u8):
    the exact i32 result. Where each A row the tile reads is, over the
    loops, ranges of one tensor (A a unit-stride slice of a tensor the
    loops do not change, the innermost loop stepping its last dim, each
    outer one another dim the slice has one index of, the op's other
    reduction dims static, at most 64 points: a GEMM's A rows, a
    convolution's windows over kh, kw and the channels), the interleaved
    cache is flipped once, in place, right after it is packed, and each
    row tile's sums are taken before the loops (a `vpdpbusd` with ones per
    64 bytes, hoisted out of the loops they do not depend on, e.g. a
    GEMM's over N tiles): the micro-kernel is u8 x s8's. Else each A group
    is flipped as it is read (one `vpxord` per row and step) and the
    cache's column sums are computed once after it is packed (a `vpdpbusd`
    with ones per 16 columns and K group; in a nest over every cache dim
    the loops move along or a step reads whole: kh, channel groups, kw).
    Either way B must be a slice of such a cache, defined before the loop.

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
      versions, whose short iterations the prefetches would slow down)
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
      sliver serving few tiles;
    - `prefetch_next_streams`: also mark that loop
      `regtile.prefetch_streams_next`, so that what those streams will read
      in the next iteration of the innermost enclosing loop that moves
      them (a GEMM's next row tile: the next A sliver) is prefetched into
      L2, one prefetch per cache line, spread over the loop (in one
      iteration out of 16 for f32 rows, under an `scf.if`): the next
      sliver is in L2 when its tile starts. For schedules whose A slivers
      come from memory and serve few tiles each (`@regtile_matmul`);
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
    an `scf.for`, something other than `scf.for` loops is between the loop
    and the op, or a loop between them does not only pass the tile along,
    the loop does not reduce into the op's output tile, the output map is not a projected
    permutation with the reduction dims absent, an input is not contiguous
    along the vector dim, the body has a non-elementwise op, a tile extent
    has no static bound, the tile (accumulators + reserved registers)
    does not fit the register file, naming the numbers, or `add_at_end` is
    asked for a body that is not additive or a floating-point sum without
    permission to reassociate, or, in the dot form, a floating-point body
    without permission to reassociate, a vectored input that is not
    read in whole vectors (its last two dims, or those of the tensor it is
    a slice of at offset 0, static: at least the tile's vectors and g), or,
    for s8 x s8 or u8 x u8, a B that is not a slice of a cache defined
    before the loop, that the loops do not move along, or whose dims the
    tile reads partly.
    Otherwise returns
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

#endif // REGTILE_TRANSFORMOPS_CACHEREDUCE
