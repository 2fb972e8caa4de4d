//===- FuseTransposeIntoTiles.td - fuse_transpose_into_tiles -*- tablegen -*-===//
//
// transform.regtile.fuse_transpose_into_tiles: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_FUSETRANSPOSEINTOTILES
#define REGTILE_TRANSFORMOPS_FUSETRANSPOSEINTOTILES

def FuseTransposeIntoTilesOp : RegtileTransformOp<"regtile.fuse_transpose_into_tiles",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Moves a transpose of a tiled loop nest's result into the "
                "nest: each tile written transposed right after its store";
  let description = [{
    For each payload `linalg.transpose` on tensors whose input is the result
    of a tiled loop nest (an `scf.forall` or `scf.for`, with loops nested by
    tiling, the innermost writing the result by `tensor.insert_slice`),
    directly or through a `tensor.collapse_shape` undone by a
    `tensor.expand_shape` of the transpose's result, moves the transpose
    into the innermost loop (upstream consumer fusion,
    `scf::tileAndFuseConsumer`): each tile is transposed into the
    transpose's output, threaded through the loops, right after it is
    stored and while it is in L1, instead of in a pass over the whole
    result after the loops (which reads it back from memory, a
    latency-bound strided read once the loops have streamed other data
    through the caches). The reshapes fold into the permutation (the form
    `convert_to_channels_last` leaves after an NHWC convolution, (n, h*w,
    c) -> (n, c, h*w), becomes a 4-D transpose [0, 3, 1, 2] of each tile);
    the tiled transpose is vectorized at its tile's static upper bounds,
    masked where a tile is smaller (library:
    `regtile::fuseTransposeIntoTiles`,
    `patterns/include/regtile/Patterns/FuseTransposeIntoTiles.h`).

    Example:
    ```mlir
    %loops = transform.regtile.fuse_transpose_into_tiles %transpose
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Only reads the target handle: a fused transpose is erased, and drops
    out of it and of every other handle (so that a strategy can block the
    transposes left, as `@regtile_conv2d` does). Produces `loops`, for each
    target the loop that now holds its transposed tile copy. Produces a silenceable
    failure, leaving the payload unchanged, if a target is not a
    `linalg.transpose` on tensors, its input is not the result of such a
    loop nest, its reshapes group dims of dynamic size or do more than
    relabel the dims it moves, or the consumer fusion fails. Produces a
    definite failure if a fused tile has no static upper bound to
    vectorize at (the payload is then left valid, the tile a
    `linalg.transpose`).
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$loops);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
}

#endif // REGTILE_TRANSFORMOPS_FUSETRANSPOSEINTOTILES
