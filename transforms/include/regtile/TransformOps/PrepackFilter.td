//===- PrepackFilter.td ------------------------------------*- tablegen -*-===//
//
// transform.regtile.prepack_filter and
// transform.apply_patterns.regtile.fold_unpacked_tiles: op definitions
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_PREPACKFILTER
#define REGTILE_TRANSFORMOPS_PREPACKFILTER

def PrepackFilterOp : RegtileTransformOp<"regtile.prepack_filter",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Packs a convolution's filter once, ahead of the calls that "
                "read it, in a function of its own";
  let description = [{
    For each payload op, a dense 2-D convolution on tensors whose filter
    has static sizes, is indexed by (kh, kw, ci, oc) in some order (HWCF
    for a named convolution; a `linalg.generic` in any order) and is an
    argument of the enclosing function or computed from one argument alone
    by ops free of memory effects in its entry block (a tensor argument,
    or a memref one read through `bufferization.to_tensor`; reshapes and
    transposes, e.g. the FCHW -> [ci][kh][kw][oc] transpose
    `convert_to_channels_last` adds), used by this convolution alone,
    moves the packing of the filter out of the function, as an inference
    runtime reorders its weights once (library: `regtile::prepackFilter`,
    `patterns/include/regtile/Patterns/PrepackFilter.h`):

    - a new function `@<f>__prepack` computes the filter from the argument
      (those ops, cloned) and lays it out in blocks of `channels` output
      channels, `[oc / channels][kh][kw][ci][channels]` whatever the
      filter's own order (a `linalg.pack`, zero-padded to whole blocks),
      `(filter) -> packed` (for a memref argument a new buffer, which the
      caller frees);
    - `@<f>` takes the packed filter instead (the ops that computed the
      filter erased), and its convolution reads it through a
      `linalg.unpack` as `[kh][kw][ci][oc]` (a generic's filter map
      changes with it): tiled along the output channels by
      `channels`, each tile of the unpack is a view of one block
      (`transform.apply_patterns.regtile.fold_unpacked_tiles`), and
      `convolution_blocking` derives that the filter is read in place (no
      per-call packing by `cache_read`);
    - each `func.call @<f>` of the module calls `@<f>__prepack` first (and
      frees the packed buffer after, for a memref argument), so
      the module computes what it did. A caller that runs `@<f>` many times
      on one filter (a benchmark, an inference loop) calls
      `@<f>__prepack` once.

    `channels` defaults to the register tile's (`convolution_blocking` for
    the target: `arch`, else the payload's `regtile.target`, else the
    host); `channels = %p` fixes it. The `linalg.pack` (and any
    transpose) in `@<f>__prepack` is left for the schedule (e.g.
    `transform.regtile.pack_unpack_to_tile_copies`).

    Example:
    ```mlir
    %prepack = transform.regtile.prepack_filter %conv {skip_with_warning}
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Reads the target handle (the convolution stays the same op, reading
    the unpack) and produces `prepack`, the new functions, one per
    convolution packed. Produces a silenceable failure, leaving the
    payload unchanged, if a target is not such a convolution (a named
    convolution whose filter is not HWCF, a filter computed from two
    arguments, a constant filter, one computed by an op with memory
    effects or inside a loop, an argument shared with another op, a
    function used other than by `func.call`, a second packed argument of
    one function), if `channels` is not one positive integer, if no
    register tile is derived for it (`convolution_blocking`'s refusal), or
    if the target's dot-product unit reads the filter interleaved (bf16,
    u8 x s8: `cache_read` packs those). With `skip_with_warning`, such a
    target gets a warning saying why and is skipped instead (a strategy
    that packs every filter it can). The op does not verify if `arch` is
    not understood.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$channels,
                       OptionalAttr<StrAttr>:$arch,
                       UnitAttr:$skip_with_warning);
  let results = (outs TransformHandleTypeInterface:$prepack);
  let assemblyFormat = [{
    $target (`channels` `=` $channels^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def ApplyFoldUnpackedTilesPatternsOp : RegtileTransformOp<"apply_patterns.regtile.fold_unpacked_tiles",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Fold the unpack of one tile into a slice of its source";
  let description = [{
    Collects patterns, for use inside `transform.apply_patterns`, that
    replace a `linalg.unpack` on tensors whose source holds one tile along
    each tiled dim (outer size 1: what tiling an unpack by its tiles
    leaves) and whose dims keep their order once those unit dims are left
    out, by a rank-reducing `tensor.extract_slice` of the source (the first
    elements of each tile where the result is a partial tile): a view once
    bufferized, not a copy (library:
    `regtile::populateFoldUnpackedTilesPatterns`,
    `patterns/include/regtile/Patterns/PrepackFilter.h`). A filter packed
    by `transform.regtile.prepack_filter` is read this way by the
    convolution's tiles.

    Example:
    ```mlir
    transform.apply_patterns to %loop {
      transform.apply_patterns.regtile.fold_unpacked_tiles
    } : !transform.any_op
    ```

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles.
  }];

  let assemblyFormat = "attr-dict";
}

#endif // REGTILE_TRANSFORMOPS_PREPACKFILTER
