//===- ConvolutionBlocking.td ------------------------------*- tablegen -*-===//
//
// transform.regtile.convolution_blocking: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_CONVOLUTIONBLOCKING
#define REGTILE_TRANSFORMOPS_CONVOLUTIONBLOCKING

def ConvolutionBlockingOp : RegtileTransformOp<"regtile.convolution_blocking",
    [DeclareOpInterfaceMethods<TransformOpInterface>, AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Register tile of a 2-D convolution, and the op to tile";
  let description = [{
    For each payload op, a 2-D convolution in the loop order of
    `linalg.conv_2d_nhwc_hwcf`, `(n, oh, ow, oc, kh, kw, ci)`, with an NHWC
    output (the named op, or a `linalg.generic` with those loops), of any
    strides and dilations (the tile's rows are output pixels; the
    micro-kernel reads each row's input at its stride), or a depthwise
    convolution in the loop order of `linalg.depthwise_conv_2d_nhwc_hwc`,
    `(n, oh, ow, c, kh, kw)` (channel multiplier 1), returns
    what a schedule needs to keep its output tiles in registers
    (`cache_reduce`):
    - `root`: the op whose tiles the loops should produce, with the
      convolution (and its own producers, e.g. a bias broadcast) fused into
      them: the convolution's elementwise consumer (a ReLU: a
      `linalg.generic` of parallel loops over the whole output, with
      identity maps) if it is the convolution's only user, else the
      convolution itself. Both have (n, oh, ow, oc) as their first loops;
    - `rows` x `channels`: the register tile, output pixels along `ow` x
      output channels (a multiple of the native vector length), with the
      most FMAs per load that fits the register file with a register per
      filter vector and two for the input broadcasts (one row's, the
      next row's): 6 x 64 f32 with AVX-512 (5 x 64 for 100-pixel rows,
      14 x 32 for 14-pixel rows), 6 x 16 with AVX2; and at most the
      L1's ways less one rows whose input pixels share an L1 set (pixels
      4 KiB apart: 7 x 32 for 14-pixel rows). Depthwise, each FMA has its own
      input vector and the filter vector is the only reuse: one channel
      vector and the most rows of the least padding of the output's width,
      at most half the register file (16 x 16 f32 for 112-pixel rows with
      AVX-512, 14 x 16 for 56, 28 and 14, 7 x 16 for 7; on Zen 5 14 to 16
      rows of one vector ran at 0.45 to 0.5 of the FMA peak, 20 to 28 rows
      or two to three vectors at 0.25 to 0.45);
    - `filter`: which input of the convolution is the filter, to stage in
      a packed cache at the output-channel loop (for `cache_read ...
      operand = %filter`): 1 for `linalg.conv_2d_nhwc_hwcf`, 0 for seed
      000's generic; or -1 when the micro-kernel reads the filter where it
      is (`cache_read` then stages nothing): a depthwise filter, and a 1x1
      filter without a dot-product group to interleave whose channel
      blocks each serve at most 8 row tiles (n x oh x ow / rows), no
      larger than twice L2. There, packing per call cost more than it
      gained (on Zen 5, MobileNetV2's 1x1 layers on 7x7 images ran 1.08
      to 1.19x faster with the filter in place on one thread, up to 1.27x
      on two); with more row tiles or larger filters it did not (ResNet-50's
      1x1 layers ran up to 2x slower in place), nor for 3x3 filters (up to
      1.5x slower). A filter read through the `linalg.unpack` of one packed
      ahead of the call (`transform.regtile.prepack_filter`: blocks of
      output channels along its innermost dim) is read in place too, and
      the tile takes the blocks' channels where they make a register tile
      (each tile then reads one block: `fold_unpacked_tiles`);
    - `channels_innermost`: the order of the tile loops, 0 for the output
      channel blocks outermost, `(oc, n, oh, ow)` (the filter staged per
      channel block), 1 for them innermost, `(n, oh, ow, oc)` (the whole
      filter staged at the batch loop, once per image): 1 where the filter,
      as staged (input channels padded to the dot-product group, output
      channels to the tile), takes at most a third of L2. With the channels
      innermost, each row tile reads its input window once for all the
      channels (it stays in L1) and writes its pixels' output lines whole,
      but reads the whole filter from L2. Measured on a Xeon Emerald Rapids
      (2 MiB L2), one thread: f32 filters of 64 KB to 590 KB ran 1.00 to
      1.07x faster innermost (the u8 x s8 seed layer's 147 KB one 1.05 to
      1.10x), a 1 MB one 0.97x, 2.4 MB 0.87x, 9.4 MB 0.56x. For a depthwise
      convolution (loops `(n, oh, ow, c)` or `(c, n, oh, ow)`): 1 unless kh
      rows of its input over all the channels overflow L1 (the rows a row of
      tiles re-reads of the last one's are then lost), kh >= 2 x the stride
      (those rows are at least half its reads) and its input and output fit
      in L2 together (the passes through them hit L2): then the channels
      go in passes (`pass_channels`) whose rows stay in L1 instead. On an
      Intel Xeon (48 KiB L1d, 2 MiB L2) passes of one block took
      MobileNetV2's stride-1 28 x 28 x 192 to 7 x 7 x 960 layers 1.16 to
      1.31x faster with a producer `tensor.pad`, 0.97 to 1.13x with the
      input padded ahead; its stride-2 layers ran 0.70 to 1.21x, its 3.7 MB
      to 6.2 MB layers 0.52 to 1.01x. On an AMD EPYC Zen 5 (48 KiB L1d,
      1 MiB L2) passes of 96 and 64 channels took the stride-2 14 x 14 x
      576 and 28 x 28 x 192 layers 1.2 to 1.9x faster than innermost.
      For `transform.tune.alternatives ... selected_region = %it`;
    - `pass_channels` (returned where a sixth result type is given): the
      output channels of one pass of the tile loops, `(c0 step
      pass_channels, n, oh, ow, oc step channels)`: 0 (all, one pass)
      where the channels are innermost; else one block of `channels`, or,
      for a depthwise convolution whose order is derived, the most blocks
      dividing the channel count whose kh input rows take at most half of
      L1 (96 channels of 16-pixel rows, 3 x 16 x 96 f32 = 18 KB of 48 KiB;
      one block where the channel count is not a multiple of `channels`).
      A pass of all the channels or of one block is the innermost or the
      outermost order.

    `rows = %p` and `channels = %q` fix either (0: derive; e.g. a
    `transform.tune.knob`); the result is checked as above.
    `stage_filter = %s` fixes the filter's staging: 0 derive, 1 stage, 2
    read in place (refused where the dot-product unit needs the filter
    interleaved, or a depthwise filter is to be staged).
    `channels_innermost = %c` fixes the loop order: 0 derive, 1 channels
    innermost, 2 outermost (passes of one block).

    Example (tile the root 1 x 1 x rows x channels, the convolution fused):
    ```mlir
    %root, %rows, %channels, %filter, %inner = transform.regtile.convolution_blocking %conv
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>,
                                  !transform.param<i64>, !transform.param<i64>,
                                  !transform.param<i64>)
    %tile, %loops:4 = transform.structured.fuse %root
        tile_sizes [1, 1, %rows, %channels] : ...
    ```

    #### Return modes

    The op does not verify if `arch` is not understood. Produces a definite
    failure if a payload op's `regtile.target` is not understood, and a
    silenceable failure (naming why) for a payload op that is not such a
    convolution (other loop orders or layouts, a depthwise channel
    multiplier, 1-D/3-D convolutions, a loop of no
    iterations), for a fixing
    parameter that is not one non-negative integer (`stage_filter` and
    `channels_innermost`: 0, 1 or 2), and for fixed choices that fail the checks (with the numbers).
    Reads the handles only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$fixed_rows,
                       Optional<TransformParamTypeInterface>:$fixed_channels,
                       Optional<TransformParamTypeInterface>:$stage_filter,
                       Optional<TransformParamTypeInterface>:$fixed_channels_innermost,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformHandleTypeInterface:$root,
                      TransformParamTypeInterface:$rows,
                      TransformParamTypeInterface:$channels,
                      TransformParamTypeInterface:$filter,
                      TransformParamTypeInterface:$channels_innermost,
                      Optional<TransformParamTypeInterface>:$pass_channels);
  let assemblyFormat = [{
    $target (`rows` `=` $fixed_rows^)? (`channels` `=` $fixed_channels^)?
    (`stage_filter` `=` $stage_filter^)? (`channels_innermost` `=` $fixed_channels_innermost^)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::LinalgOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // REGTILE_TRANSFORMOPS_CONVOLUTIONBLOCKING
