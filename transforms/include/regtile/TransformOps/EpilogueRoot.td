//===- EpilogueRoot.td - regtile.epilogue_root -------------*- tablegen -*-===//
//
// transform.regtile.epilogue_root: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_EPILOGUEROOT
#define REGTILE_TRANSFORMOPS_EPILOGUEROOT

def EpilogueRootOp : RegtileTransformOp<"regtile.epilogue_root",
    [TransformOpInterface, TransformEachOpTrait,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "The op whose tiles a schedule produces so that an op's "
                "elementwise consumer runs on the op's register tiles";
  let description = [{
    For each payload op (a linalg op: a contraction, a convolution),
    returns its elementwise consumer if it has one, else the op itself
    (library: `regtile::epilogueRoot`,
    `patterns/include/regtile/Patterns/Epilogue.h`). The consumer must be
    the only user of the op's one result, a `linalg.generic` of parallel
    loops reading the result once and writing one result of its shape with
    identity maps (any element type; its other inputs are free: a bias
    broadcast along a dim, a residual tensor, a per-channel scale). A bias
    add followed by a GELU is one such generic once
    `transform.apply_patterns.regtile.fuse_elementwise` has fused them.

    Tiling the returned op and fusing the producers into its tiles
    (`transform.structured.fuse`, `distribute_over_threads
    {fuse_producers}`) puts a tile of the op and the consumer of that tile
    side by side; `cache_reduce` then applies the consumer to the
    accumulators before their one store (`@regtile_matmul` with
    `peel_reduction_block`).

    Example:
    ```mlir
    %root = transform.regtile.epilogue_root %matmul
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Reads the handle and the payload only. Produces a silenceable failure
    if a payload op is not a linalg op; otherwise one op per payload op (the
    op itself when it has no such consumer).
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$root);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // REGTILE_TRANSFORMOPS_EPILOGUEROOT
