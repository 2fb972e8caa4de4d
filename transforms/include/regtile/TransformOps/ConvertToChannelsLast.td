//===- ConvertToChannelsLast.td - convert_to_channels_last -*- tablegen -*-===//
//
// transform.regtile.convert_to_channels_last: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_CONVERTTOCHANNELSLAST
#define REGTILE_TRANSFORMOPS_CONVERTTOCHANNELSLAST

def ConvertToChannelsLastOp : RegtileTransformOp<"regtile.convert_to_channels_last",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Rewrites an NCHW convolution as an NHWC one between transposes, "
                "its producer and elementwise consumer moved with it";
  let description = [{
    For each payload op, a 2-D convolution on tensors (dense or depthwise
    with a channel multiplier of 1, one batch dim, any strides and
    dilations) whose loops or image operands are not in NHWC order —
    `linalg.conv_2d_nchw_fchw`, `linalg.depthwise_conv_2d_nchw_chw`, or a
    `linalg.generic` of the same loops in any order — rewrites it as a
    `linalg.generic` with the loops of `linalg.conv_2d_nhwc_hwcf`, (n, oh,
    ow, oc, kh, kw, ci) (depthwise: (n, oh, ow, c, kh, kw)), reading an
    NHWC input and writing an NHWC output, which
    `transform.regtile.convolution_blocking` and `@regtile_conv2d`
    schedule (library: `regtile::convertToChannelsLast`,
    `patterns/include/regtile/Patterns/ChannelsLast.h`):

    ```
    %in_nhwc = transpose %in          // (n, c, h*w) -> (n, h*w, c)
    %conv = linalg.generic ins(%in_nhwc, %filter) outs(%init_nhwc)
    %out = transpose %conv            // (n, h*w, c) -> (n, c, h*w)
    ```

    A dense filter is transposed from (f, c, kh, kw) to (c, kh, kw, f), so
    that its output channels are innermost as the micro-kernel reads them
    (`cache_read` keeps an operand's dim order); a depthwise filter is
    transposed to (kh, kw, c). The
    output's producer (an empty tensor, a fill, an elementwise generic such
    as a bias broadcast) is rebuilt in NHWC, the result's one elementwise
    consumer (bias, ReLU, a residual add; its other full-size inputs are
    transposed) moves before the transpose back, and a transpose of a
    transpose's result folds, so that consecutive converted convolutions
    transpose only at the ends of the chain. The transposes that move the
    channels between position 1 and the end are 3-D `linalg.transpose`
    ops with the permutation [0, 2, 1] between `tensor.collapse_shape` and
    `tensor.expand_shape` (views once bufferized).

    Example:
    ```mlir
    %nhwc, %transposes = transform.regtile.convert_to_channels_last %conv
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the target handle and produces `convolution`, one op per
    target (the target itself if it was in NHWC order already; a handle to
    a convolution rewritten here points to the new op), and `transposes`,
    the `linalg.transpose` ops added (none for an NHWC target). Produces a
    silenceable failure, leaving the payload op unchanged, if a target is
    not a linalg op, does not have tensor semantics, is not a 2-D
    convolution of that kind, or an image operand is not indexed by one
    batch, two image and one channel expression.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$convolution,
                      TransformHandleTypeInterface:$transposes);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
}

#endif // REGTILE_TRANSFORMOPS_CONVERTTOCHANNELSLAST
