//===- SkipPaddedTaps.td - transform.regtile.skip_padded_taps -*- tablegen -*-===//
//
// transform.regtile.skip_padded_taps: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_SKIPPADDEDTAPS
#define REGTILE_TRANSFORMOPS_SKIPPADDEDTAPS

def SkipPaddedTapsOp : RegtileTransformOp<"regtile.skip_padded_taps",
    [TransformOpInterface, TransformEachOpTrait,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Run a convolution's filter-row loop only over the rows "
                "whose input is inside the image";
  let description = [{
    For each `scf.for` of `target`, a loop that `tile_using_for` made along
    a reduction dim of a linalg op whose body is `yield out + a * b` (the
    inputs maybe widened), where an input multiplied is a slice of a
    `tensor.pad` with zero padding that the loop moves (a convolution
    tiled by kh, its input padded by a producer): trims the loop's bounds
    to the iterations whose slice holds some of the pad's source along
    each dim it moves in. The other iterations multiply only zeros and
    leave the output as it was (up to the sign of a zero). Near the top
    and bottom of the image, a 3x3 layer's row tile then runs 2 of its 3
    filter rows: 4.8% fewer multiply-adds at 14 x 14, 9.5% at 7 x 7
    (oneDNN's brgconv skips them too). Library:
    `regtile::skipPaddedTaps`
    (`patterns/include/regtile/Patterns/SkipPaddedTaps.h`).

    The new bounds are `affine.max` / `affine.min` of the old ones and of
    the row tile's position; the loop is marked
    `regtile.trimmed_from = array<i64: lb, ub>` (its old bounds), which lets
    `regtile-fill-on-first-use` still pack the filter in the first row
    tile: that tile runs the old bounds, reading (and packing) every row.

    0 * inf and 0 * NaN are NaN: the multiplication must carry the `nnan`
    and `ninf` fastmath flags, or the op the `assume_finite` attribute (the
    filter is taken to hold finite values, as oneDNN does).

    Apply it after `cache_read` (which sizes the filter's cache by the
    loop's constant bounds) and before `cache_reduce`:
    ```mlir
    %reduced, %kh = transform.structured.tile_using_for %conv
        tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure, leaving the payload unchanged, if a
    payload op is not an `scf.for` of constant bounds and step carrying the
    output of the one linalg op in its body, if the op's body is not
    `yield out + a * b`, if the multiplication may see inf or NaN (no
    fastmath flags, no `assume_finite`), if the padding value is not a
    constant zero, or if no input multiplied is padding the loop moves
    along (a layer without padding: nothing to skip). Reads the handle,
    which stays valid (the loop is changed in place), and modifies the
    payload.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       UnitAttr:$assume_finite);
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

#endif // REGTILE_TRANSFORMOPS_SKIPPADDEDTAPS
