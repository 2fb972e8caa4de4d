//===- ConvertPointwiseToMatmul.td - convert_pointwise_to_matmul -*- tablegen -*-===//
//
// transform.regtile.convert_pointwise_to_matmul: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_CONVERTPOINTWISETOMATMUL
#define REGTILE_TRANSFORMOPS_CONVERTPOINTWISETOMATMUL

def ConvertPointwiseToMatmulOp : RegtileTransformOp<"regtile.convert_pointwise_to_matmul",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Rewrites an NCHW 1x1 convolution of one image as the GEMM "
                "it is, on views of its operands, its producer and "
                "elementwise consumer moved with it";
  let description = [{
    For each payload op, a dense 2-D convolution on tensors with a 1x1
    filter, stride 1 and one image (a batch of 1) whose input and output
    have their channels before the image — `linalg.conv_2d_nchw_fchw`, or a
    `linalg.generic` of its loops — rewrites it as the GEMM it is,
    `Y[f][h*W + w] = sum_c F[f][c] X[c][h*W + w]`: a `linalg.generic` with
    the loops (m, n, k) = (output channel, pixel, input channel) on
    `tensor.collapse_shape` views of the filter (F x C: A) and the input
    (C x H*W: B), into a view of the output (F x H*W), its body the
    convolution's, its result expanded back to 1 x F x H x W (library:
    `regtile::convertPointwiseToMatmul`,
    `patterns/include/regtile/Patterns/PointwiseToMatmul.h`). No transpose
    is made: the channels-last form (`convert_to_channels_last`) moves the
    input, the output and a residual through transposes, which cost a 1x1
    layer of few input channels more than its multiply-adds.

    ```
    %a = tensor.collapse_shape %filter [[0], [1, 2, 3]]  // F x C
    %b = tensor.collapse_shape %in [[0, 1], [2, 3]]      // C x H*W
    %y = linalg.generic {(m, k), (k, n), (m, n)} ins(%a, %b) outs(%c)
    %out = tensor.expand_shape %y [[0, 1], [2, 3]]       // 1 x F x H x W
    ```

    The output's producer (a fill of an empty tensor, an elementwise
    generic such as a bias broadcast) and the result's one elementwise
    consumer (bias, residual add, ReLU, ...) are rebuilt over (f, h*w), a
    per-channel operand read by f, a full-size one through a view, so that
    `@regtile_matmul`'s blocking fuses them (fill into the tiles, the
    consumer on the register tiles).

    The GEMM's vectors run along the pixels, the channels-last form's along
    the output channels: a layer whose H x W pixels fill less than 7/8 of
    the vectors they take (the target's vector length for the output's
    element type; 7 x 7 = 49 pixels fill 77% of four 16-lane vectors) is
    refused, since its wasted lanes cost more than the transposes saved.
    The target is `arch` if given, else the payload's `regtile.target`,
    else the host.

    The GEMM carries the mark
    `regtile.from_convolution`, by which `@regtile_conv2d` finds it again.

    Example:
    ```mlir
    %gemm = transform.regtile.convert_pointwise_to_matmul %conv
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Consumes the target handle and produces `matmul`, the GEMM of each
    target. The op does not verify if `arch` is not understood. Produces a
    definite failure if a payload op's `regtile.target` is not understood,
    and a silenceable failure, leaving the payload op
    unchanged, if a target is not a linalg op, does not have tensor
    semantics, is not a dense 2-D convolution, has a filter other than 1x1,
    a stride other than 1 or more than one image, its input or output does
    not have the channels before the image, its pixels fill less than 7/8
    of their vectors, or its elementwise consumer
    reads an operand that is neither per channel nor of the output's
    shape.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$matmul);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
}

#endif // REGTILE_TRANSFORMOPS_CONVERTPOINTWISETOMATMUL
