//===- PackUnpackToTileCopies.td ---------------------------*- tablegen -*-===//
//
// transform.regtile.pack_unpack_to_tile_copies and
// transform.apply_patterns.regtile.pack_unpack_to_tile_copies (included by
// RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_PACKUNPACKTOTILECOPIES
#define REGTILE_TRANSFORMOPS_PACKUNPACKTOTILECOPIES

def PackUnpackToTileCopiesOp : RegtileTransformOp<"regtile.pack_unpack_to_tile_copies",
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
      source's rows, then the register blocks (`max_registers` sets the
      group of rows). With `tiles_per_group = T` (also as a parameter, 0 = the
      default: all of them), the tiles along the source's rows are taken
      T at a time, each group of tiles streamed by groups of rows before
      the next (1 = tile by tile): a tuning knob. Tiles one row high stay tile by tile.

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

def ApplyPackUnpackToTileCopiesPatternsOp : RegtileTransformOp<"apply_patterns.regtile.pack_unpack_to_tile_copies",
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

#endif // REGTILE_TRANSFORMOPS_PACKUNPACKTOTILECOPIES
