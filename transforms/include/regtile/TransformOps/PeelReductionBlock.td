//===- PeelReductionBlock.td - regtile.peel_reduction_block *- tablegen -*-===//
//
// transform.regtile.peel_reduction_block: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_PEELREDUCTIONBLOCK
#define REGTILE_TRANSFORMOPS_PEELREDUCTIONBLOCK

def PeelReductionBlockOp : RegtileTransformOp<"regtile.peel_reduction_block",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Split the last block of a blocked reduction into an op of "
                "its own";
  let description = [{
    For each payload op (a linalg op with one reduction loop and one
    output: a GEMM, whose K a schedule blocks by `kc`), splits the
    reduction into two ops (upstream's `linalg::splitOp`; library:
    `regtile::peelReductionBlock`,
    `patterns/include/regtile/Patterns/PeelReductionBlock.h`):

    - `head`: the first `block * floor((K - 1) / block)` iterations, every
      block but the last (none when K is static and at most `block`: no
      split, `head` is empty);
    - `tail`: the last block, 1 to `block` iterations, accumulating into
      the head's result; its result replaces the op's.

    With a dynamic K the split is at `max(0, K - block)`, computed at run
    time: the tail is `block` long (all of K when K is smaller), a size
    with a static bound (a cache of the tail's operand needs one), and the
    head's last block is the partial one.

    Blocked by `block`, the head's tiles hold partial sums; the tail's
    register tiles hold the final values, so the op's elementwise consumer
    (`epilogue_root`) can be fused into the tail's tiles and computed on
    its accumulators before their one store (`cache_reduce`'s epilogue),
    with no pass over the output afterwards (`@regtile_matmul`).

    The parts are marked `regtile.reduction_head` and
    `regtile.reduction_tail` (unit attributes, kept by their tiles), so
    that a schedule finds them again after tiling and fusion
    (`transform.structured.match attributes{regtile.reduction_tail}`).

    `block` is an attribute or a parameter (`block = %kc`, e.g.
    `contraction_blocking`'s `kc`).

    Example:
    ```mlir
    %head, %tail = transform.regtile.peel_reduction_block %matmul block = %kc
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the target handle, reads the parameter. The verifier requires
    `block` as an attribute or a parameter, not both. Produces a
    silenceable failure without changing the payload if the parameter is
    not one positive integer, or for a payload op that is not a linalg op,
    has not exactly one reduction loop, or has more than one output.
    Otherwise returns the heads (one per split op) and the tails (one per
    payload op).
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$block,
                       Optional<TransformParamTypeInterface>:$block_param);
  let results = (outs TransformHandleTypeInterface:$head,
                      TransformHandleTypeInterface:$tail);
  let assemblyFormat = [{
    $target (`block` `=` $block_param^)? attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // REGTILE_TRANSFORMOPS_PEELREDUCTIONBLOCK
