//===- FoldPaddingIntoReads.td - fold_padding_into_reads ---*- tablegen -*-===//
//
// transform.regtile.fold_padding_into_reads: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_FOLDPADDINGINTOREADS
#define REGTILE_TRANSFORMOPS_FOLDPADDINGINTOREADS

def FoldPaddingIntoReadsOp : RegtileTransformOp<"regtile.fold_padding_into_reads",
    [TransformOpInterface, TransformEachOpTrait,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Read a padded tensor's source in place, with no padded copy";
  let description = [{
    For each `tensor.pad` of `target` with a constant padding value (or a
    value from before it), maybe yielded by the guard tiling leaves (an
    `scf.if` whose other branch is a `tensor.generate` of the same value),
    all of whose uses are, through `tensor.extract_slice` ops of static
    strides, `vector.transfer_read`s (the vector along dims the pad does
    not pad) and `tensor.extract`s: replaces each read by a read of the
    pad's source and erases the pad. Along each padded dim, value-bounds
    analysis (the loops' bounds, e.g. those `skip_padded_taps` trims)
    decides whether the read is inside the source (read as it is), in the
    padding (the padding value, no read), or neither: the source is then
    read at the position clamped into it and an `arith.select` against the
    padding value keeps the result exact. A read that is masked or out of
    bounds (a channel block narrower than its vector) reads the source,
    which may hold more, with a mask of the lanes inside the read's own
    source (and its mask): the lanes it masks keep its padding value.
    Library: `regtile::foldPaddingIntoReads`
    (`patterns/include/regtile/Patterns/FoldPaddingIntoReads.h`).

    Apply it once the tile's reads are vector reads (after `cache_reduce`):
    ```mlir
    %pads = transform.structured.match ops{["tensor.pad"]} in %loop
        : (!transform.any_op) -> !transform.any_op
    transform.regtile.fold_padding_into_reads %pads : !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure, leaving that pad unchanged, if a payload
    op is not a `tensor.pad`, if its padding value is not uniform, if the
    padded tensor has a use other than a slice or such a read, if a read's
    vector spans a padded dim or a strided slice, if a masked or
    out-of-bounds read is transposed or broadcast or lies in a
    `vector.mask` region, or if the pad's source or position is not
    defined where it is read. With `skip_with_warning`, such a pad gets a
    warning saying why and is left as it is instead (a strategy that folds
    every pad it can: the pad stays a correct, slower copy). Consumes the
    handle (the pads are erased) and modifies the payload.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       UnitAttr:$skip_with_warning);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // REGTILE_TRANSFORMOPS_FOLDPADDINGINTOREADS
