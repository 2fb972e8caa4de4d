// convolution_blocking refuses (silenceably, saying why) what is not a 2-D
// NHWC convolution, and fixed sizes that do not work.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @matmul(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot block the convolution: the op is not a convolution}}
    %r, %rows, %ch, %filter1, %filter1_inner = transform.regtile.convolution_blocking %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @nchw(%in: tensor<1x16x10x10xf32>, %f: tensor<16x16x3x3xf32>, %o: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nchw_fchw ins(%in, %f : tensor<1x16x10x10xf32>, tensor<16x16x3x3xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected the loops (n, oh, ow, oc, kh, kw, ci) and an NHWC output}}
    %r, %rows, %ch, %filter4, %filter4_inner = transform.regtile.convolution_blocking %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @conv(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x64xf32>, %o: tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x64xf32>) outs(%o : tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32>
  return %r : tensor<1x8x8x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.param.constant 24 : i64 -> !transform.param<i64>
    // expected-error @below {{channels = 24 is not a multiple of the 16 lanes of a native vector}}
    %r, %rows, %ch, %filter5, %filter5_inner = transform.regtile.convolution_blocking %op channels = %c {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @conv(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x64xf32>, %o: tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x64xf32>) outs(%o : tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32>
  return %r : tensor<1x8x8x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows = transform.param.constant 7 : i64 -> !transform.param<i64>
    %ch = transform.param.constant 64 : i64 -> !transform.param<i64>
    // expected-error @below {{a 7 x 64 register tile needs 28 accumulators + 4 registers for the filter + 2 for the input broadcasts, more than the 32 vector registers of the target}}
    %r, %r2, %c2, %filter6, %filter6_inner = transform.regtile.convolution_blocking %op rows = %rows channels = %ch {arch = "znver4"} : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// A depthwise tile that does not fit: 15 rows x 2 vectors need 30
// accumulators + 2 filter + 3 input registers.
func.func @depthwise(%in: tensor<1x10x20x32xf32>, %f: tensor<3x3x32xf32>, %o: tensor<1x8x18x32xf32>) -> tensor<1x8x18x32xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.depthwise_conv_2d_nhwc_hwc ins(%in, %f : tensor<1x10x20x32xf32>, tensor<3x3x32xf32>) outs(%o : tensor<1x8x18x32xf32>) -> tensor<1x8x18x32xf32>
  return %r : tensor<1x8x18x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.depthwise_conv_2d_nhwc_hwc"]} in %root : (!transform.any_op) -> !transform.any_op
    %rows = transform.param.constant 15 : i64 -> !transform.param<i64>
    %ch = transform.param.constant 32 : i64 -> !transform.param<i64>
    // expected-error @below {{a 15 x 32 register tile needs 30 accumulators + 2 registers for the filter + 3 for the input, more than the 32 vector registers of the target}}
    %r, %r2, %c2, %filter6, %filter6_inner = transform.regtile.convolution_blocking %op rows = %rows channels = %ch {arch = "znver4"} : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

func.func @conv(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x64xf32>, %o: tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32> {
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x64xf32>) outs(%o : tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32>
  return %r : tensor<1x8x8x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %rows = transform.merge_handles %two, %two : !transform.param<i64>
    // expected-error @below {{expected `rows` to be one non-negative integer parameter, got 2 value(s)}}
    %r, %r2, %c2, %filter7, %filter7_inner = transform.regtile.convolution_blocking %op rows = %rows : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{invalid target: unknown target CPU 'pentium9'}}
    %r, %rows, %ch, %filter8, %filter8_inner = transform.regtile.convolution_blocking %root {arch = "pentium9"} : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// No iterations (zero output channels): nothing to block.
func.func @empty(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x0xf32>, %o: tensor<1x8x8x0xf32>) -> tensor<1x8x8x0xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x0xf32>) outs(%o : tensor<1x8x8x0xf32>) -> tensor<1x8x8x0xf32>
  return %r : tensor<1x8x8x0xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot block the convolution: loop 3 of the op has no iterations: nothing to block}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// A depthwise convolution with a channel multiplier (a channel dim in the
// image, filter and output, and one in the filter and output): neither
// form regtile blocks.
func.func @depthwise_multiplier(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x2xf32>, %o: tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.depthwise_conv_2d_nhwc_hwcm ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x2xf32>) outs(%o : tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32>
  return %r : tensor<1x8x8x16x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.depthwise_conv_2d_nhwc_hwcm"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a 2-D convolution with one batch, two output image, one output channel, two filter loop and one input channel dims (or one depthwise channel dim instead of the channel dims); found 1, 2, 1, 2 and 0 (and 1 depthwise dims)}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// A depthwise convolution whose loops are not in the order of
// linalg.depthwise_conv_2d_nhwc_hwc (the channels outermost).
#dwin = affine_map<(c, n, h, w, kh, kw) -> (n, h + kh, w + kw, c)>
#dwf = affine_map<(c, n, h, w, kh, kw) -> (kh, kw, c)>
#dwout = affine_map<(c, n, h, w, kh, kw) -> (n, h, w, c)>
func.func @depthwise_order(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16xf32>, %o: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.generic {indexing_maps = [#dwin, #dwf, #dwout],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16xf32>) outs(%o : tensor<1x8x8x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot block the convolution: expected the loops (n, oh, ow, c, kh, kw) and an NHWC output (the order of linalg.depthwise_conv_2d_nhwc_hwc)}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// A 1-D convolution.
func.func @conv1d(%in: tensor<1x10x16xf32>, %f: tensor<3x16x32xf32>, %o: tensor<1x8x32xf32>) -> tensor<1x8x32xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_1d_nwc_wcf ins(%in, %f : tensor<1x10x16xf32>, tensor<3x16x32xf32>) outs(%o : tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  return %r : tensor<1x8x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.conv_1d_nwc_wcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a 2-D convolution with one batch, two output image, one output channel, two filter loop and one input channel dims (or one depthwise channel dim instead of the channel dims); found 1, 1, 1, 1 and 1}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// One input: not a convolution of an image by a filter.
func.func @copy(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.copy ins(%a : tensor<8xf32>) outs(%b : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.copy"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot block the convolution: expected a convolution with two inputs and one output}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// stage_filter: 0 (derive), 1 (stage) or 2 (read in place), nothing else.
func.func @stage_filter_3(%in: tensor<1x7x7x64xf32>, %f: tensor<1x1x64x32xf32>, %o: tensor<1x7x7x32xf32>)
    -> tensor<1x7x7x32xf32> {
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x7x7x64xf32>, tensor<1x1x64x32xf32>)
      outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %c : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `stage_filter` to be 0 (derive), 1 (stage) or 2 (read in place), got 3}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %c stage_filter = %three {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// Not in place when the dot-product unit reads the filter interleaved.
func.func @stage_filter_i8(%in8: tensor<1x7x7x64xi8>, %f8: tensor<1x1x64x32xi8>, %o8: tensor<1x7x7x32xi32>)
    -> tensor<1x7x7x32xi32> {
  // expected-note @below {{payload op}}
  %c8 = linalg.conv_2d_nhwc_hwcf ins(%in8, %f8 : tensor<1x7x7x64xi8>, tensor<1x1x64x32xi8>)
      outs(%o8 : tensor<1x7x7x32xi32>) -> tensor<1x7x7x32xi32>
  return %c8 : tensor<1x7x7x32xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c8 = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot block the convolution: the filter must be staged: the dot-product unit reads it in groups of 4 input channels}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %c8 stage_filter = %two {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// A depthwise filter is read in place: nothing to stage.
func.func @stage_filter_depthwise(%in: tensor<1x9x9x16xf32>, %fd: tensor<3x3x16xf32>, %od: tensor<1x7x7x16xf32>)
    -> tensor<1x7x7x16xf32> {
  // expected-note @below {{payload op}}
  %d = linalg.depthwise_conv_2d_nhwc_hwc ins(%in, %fd : tensor<1x9x9x16xf32>, tensor<3x3x16xf32>)
      outs(%od : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %d : tensor<1x7x7x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %d = transform.structured.match ops{["linalg.depthwise_conv_2d_nhwc_hwc"]} in %root : (!transform.any_op) -> !transform.any_op
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot block the convolution: a depthwise filter is read in place (no filter to stage)}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %d stage_filter = %one {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// Not in place when the filter's output channels are not its innermost dim
// (an FCHW filter read by an NHWC-order generic): the micro-kernel loads
// vectors of them.
func.func @stage_filter_fchw(%in: tensor<1x7x7x64xf32>, %f: tensor<32x64x1x1xf32>, %o: tensor<1x7x7x32xf32>)
    -> tensor<1x7x7x32xf32> {
  // expected-note @below {{payload op}}
  %c = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (c, ci, kh, kw)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x7x7x64xf32>, tensor<32x64x1x1xf32>) outs(%o : tensor<1x7x7x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x7x7x32xf32>
  return %c : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot block the convolution: the filter must be staged: its output channels are not its innermost dim (the micro-kernel loads them as vectors)}}
    %r, %rows, %ch, %fl, %fl_inner = transform.regtile.convolution_blocking %c stage_filter = %two {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}

// -----

// channels_innermost: 0 (derive), 1 (innermost) or 2 (outermost), nothing else.
func.func @channels_innermost_3(%in: tensor<1x9x9x64xf32>, %f: tensor<3x3x64x32xf32>, %o: tensor<1x7x7x32xf32>)
    -> tensor<1x7x7x32xf32> {
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x64xf32>, tensor<3x3x64x32xf32>)
      outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %c : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `channels_innermost` to be 0 (derive), 1 (innermost) or 2 (outermost), got 3}}
    %r, %rows, %ch, %fl, %inner = transform.regtile.convolution_blocking %c channels_innermost = %three {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.yield
  }
}
