// convolution_blocking: the register tile from the target (registers, FMA
// and load timings) and the output's shape (the least padding among tiles
// that keep the FMA units busy), and the op to tile: the convolution's
// elementwise consumer when it is its only user.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: conv_56
// AVX-512 (Zen 4): 56 pixels = 14 tiles of 4 (5 would pad to 60).
// CHECK: remark: znver4 rows 4 : i64
// CHECK: remark: znver4 channels 64 : i64
// CHECK: remark: root
// CHECK-NEXT: linalg.conv_2d_nhwc_hwcf
// CHECK: remark: filter operand 1 : i64
// AVX2 (16 registers): 6 pixels x 2 vectors (12 accumulators, 2 filter
// vectors, 2 broadcasts; 3 x 3 vectors, as many FMAs per load, pads the
// 64 channels).
// CHECK: remark: haswell rows 6 : i64
// CHECK: remark: haswell channels 16 : i64
// Fixed channels: the rows derived from them (14 x 2 accumulators, 2
// filter vectors and 2 broadcasts: the 32 registers).
// CHECK: remark: fixed rows 14 : i64
// CHECK: remark: fixed channels 32 : i64
func.func @conv_56(%in: tensor<1x58x58x64xf32>, %f: tensor<3x3x64x64xf32>,
                   %o: tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32> {
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>)
      outs(%o : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %r : tensor<1x56x56x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "conv_56" : !transform.any_op
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %r, %rows, %ch, %filter1, %filter1_inner = transform.regtile.convolution_blocking %c {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows, "znver4 rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch, "znver4 channels" : !transform.param<i64>
    transform.debug.emit_remark_at %r, "root" : !transform.any_op
    transform.debug.emit_param_as_remark %filter1, "filter operand" : !transform.param<i64>
    %r2, %rows2, %ch2, %filter2, %filter2_inner = transform.regtile.convolution_blocking %c {arch = "haswell"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows2, "haswell rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch2, "haswell channels" : !transform.param<i64>
    %c32 = transform.param.constant 32 : i64 -> !transform.param<i64>
    %r3, %rows3, %ch3, %filter3, %filter3_inner = transform.regtile.convolution_blocking %c channels = %c32 {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows3, "fixed rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch3, "fixed channels" : !transform.param<i64>
    transform.yield
  }
}

// -----

// Seed 000's conv as a linalg.generic (filter first), with a ReLU: the
// ReLU is the op to tile; 100 pixels: 5-pixel tiles (Halide's).
// CHECK-LABEL: conv_relu_generic
// CHECK: remark: rows 5 : i64
// CHECK: remark: channels 64 : i64
// The remark shows the source line of the ReLU (%r), not the conv (%c):
// CHECK: remark: root
// CHECK-NEXT: %r = linalg.generic
// The filter is the first input:
// CHECK: remark: filter operand 0 : i64
func.func @conv_relu_generic(%filter: tensor<128x3x3x128xf32>, %input: tensor<5x82x102x128xf32>,
                             %init: tensor<5x80x100x128xf32>) -> tensor<5x80x100x128xf32> {
  %c = linalg.generic {
    iterator_types = ["parallel", "parallel", "parallel", "parallel",
                      "reduction", "reduction", "reduction"],
    indexing_maps = [
      affine_map<(n, y, x, c, rz, ry, rx) -> (rx, rz, ry, c)>,
      affine_map<(n, y, x, c, rz, ry, rx) -> (n, y + rz, x + ry, rx)>,
      affine_map<(n, y, x, c, rz, ry, rx) -> (n, y, x, c)>]
  } ins(%filter, %input : tensor<128x3x3x128xf32>, tensor<5x82x102x128xf32>)
    outs(%init : tensor<5x80x100x128xf32>) {
  ^bb0(%f: f32, %in: f32, %b: f32):
    %m = arith.mulf %in, %f fastmath<fast> : f32
    %s = arith.addf %b, %m fastmath<fast> : f32
    linalg.yield %s : f32
  } -> tensor<5x80x100x128xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x80x100x128xf32>
  %r = linalg.generic {
    iterator_types = ["parallel", "parallel", "parallel", "parallel"],
    indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>,
                     affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                     affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]
  } ins(%zero, %c : f32, tensor<5x80x100x128xf32>) outs(%e : tensor<5x80x100x128xf32>) {
  ^bb0(%z: f32, %v: f32, %o: f32):
    %m = arith.maximumf %z, %v : f32
    linalg.yield %m : f32
  } -> tensor<5x80x100x128xf32>
  return %r : tensor<5x80x100x128xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "conv_relu_generic" : !transform.any_op
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %conv, %relu = transform.split_handle %g : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %r, %rows, %ch, %filter4, %filter4_inner = transform.regtile.convolution_blocking %conv {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows, "rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch, "channels" : !transform.param<i64>
    transform.debug.emit_remark_at %r, "root" : !transform.any_op
    transform.debug.emit_param_as_remark %filter4, "filter operand" : !transform.param<i64>
    transform.yield
  }
}

// -----

// 14-pixel rows: 14 x 32 (28 accumulators) where the rows' input pixels
// spread over the L1 sets (256 channels: 1 KiB apart); 7 x 32 where each
// pixel is 4 KiB after the last (1024 channels, or 512 at stride 2), which
// would put 14 rows' lines into one set of Zen 4's 8-way L1 (at most
// 8 - 1 rows per set, a way left for the filter). Fixed rows are taken as
// given.
// CHECK-LABEL: remark: l1_sets
// CHECK: remark: spread rows 14 : i64
// CHECK: remark: spread channels 32 : i64
// CHECK: remark: one-set rows 7 : i64
// CHECK: remark: one-set channels 32 : i64
// CHECK: remark: step-2 one-set rows 7 : i64
// CHECK: remark: fixed one-set rows 14 : i64
func.func @l1_sets(%a: tensor<1x14x14x256xf32>, %fa: tensor<1x1x256x256xf32>,
                   %b: tensor<1x14x14x1024xf32>, %fb: tensor<1x1x1024x256xf32>,
                   %c: tensor<1x27x27x512xf32>, %fc: tensor<1x1x512x256xf32>,
                   %o: tensor<1x14x14x256xf32>)
    -> (tensor<1x14x14x256xf32>, tensor<1x14x14x256xf32>, tensor<1x14x14x256xf32>) {
  %ra = linalg.conv_2d_nhwc_hwcf {__spread__} ins(%a, %fa : tensor<1x14x14x256xf32>, tensor<1x1x256x256xf32>)
      outs(%o : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %rb = linalg.conv_2d_nhwc_hwcf {__one_set__} ins(%b, %fb : tensor<1x14x14x1024xf32>, tensor<1x1x1024x256xf32>)
      outs(%o : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %rc = linalg.conv_2d_nhwc_hwcf {__step2__, strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%c, %fc : tensor<1x27x27x512xf32>, tensor<1x1x512x256xf32>)
      outs(%o : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  return %ra, %rb, %rc : tensor<1x14x14x256xf32>, tensor<1x14x14x256xf32>, tensor<1x14x14x256xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "l1_sets" : !transform.any_op
    %a = transform.structured.match attributes{__spread__} in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.structured.match attributes{__one_set__} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match attributes{__step2__} in %root : (!transform.any_op) -> !transform.any_op
    %r1, %rows1, %ch1, %f1, %f1_inner = transform.regtile.convolution_blocking %a {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows1, "spread rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch1, "spread channels" : !transform.param<i64>
    %r2, %rows2, %ch2, %f2, %f2_inner = transform.regtile.convolution_blocking %b {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows2, "one-set rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch2, "one-set channels" : !transform.param<i64>
    %r3, %rows3, %ch3, %f3, %f3_inner = transform.regtile.convolution_blocking %c {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows3, "step-2 one-set rows" : !transform.param<i64>
    %c14 = transform.param.constant 14 : i64 -> !transform.param<i64>
    %r4, %rows4, %ch4, %f4, %f4_inner = transform.regtile.convolution_blocking %b rows = %c14 {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows4, "fixed one-set rows" : !transform.param<i64>
    transform.yield
  }
}

// -----

// Strides and dilations: the tile rows are output pixels whatever the
// input step (the micro-kernel reads the input at its stride): the tile of
// the output's shape, as for unit steps (8 x 8 x 16 outputs: one row of 8
// pixels; 12 x 12: one row of 12).
// CHECK-LABEL: strided
// CHECK: remark: strided rows 8 : i64
// CHECK: remark: strided channels 32 : i64
// CHECK: remark: unit-step rows 8 : i64
// CHECK: remark: unit-step channels 32 : i64
// CHECK: remark: dilated rows 12 : i64
// CHECK: remark: dilated channels 32 : i64
func.func @strided(%in: tensor<1x17x17x16xf32>, %f: tensor<3x3x16x16xf32>, %o: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x17x17x16xf32>, tensor<3x3x16x16xf32>) outs(%o : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}
func.func @unit_step(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x16xf32>, %o: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf
      ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x16xf32>) outs(%o : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}
func.func @dilated(%in: tensor<1x16x16x16xf32>, %f: tensor<3x3x16x16xf32>, %o: tensor<1x12x12x16xf32>) -> tensor<1x12x12x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x16x16xf32>, tensor<3x3x16x16xf32>) outs(%o : tensor<1x12x12x16xf32>) -> tensor<1x12x12x16xf32>
  return %r : tensor<1x12x12x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "strided"} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "strided" : !transform.any_op
    %s = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %f : (!transform.any_op) -> !transform.any_op
    %r, %rows, %ch, %filter, %filter_inner = transform.regtile.convolution_blocking %s {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows, "strided rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch, "strided channels" : !transform.param<i64>
    %u = transform.structured.match ops{["func.func"]} attributes{sym_name = "unit_step"} in %root : (!transform.any_op) -> !transform.any_op
    %uc = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %u : (!transform.any_op) -> !transform.any_op
    %r1, %rows1, %ch1, %filter1, %filter1_inner = transform.regtile.convolution_blocking %uc {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows1, "unit-step rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch1, "unit-step channels" : !transform.param<i64>
    %g = transform.structured.match ops{["func.func"]} attributes{sym_name = "dilated"} in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %g : (!transform.any_op) -> !transform.any_op
    %r2, %rows2, %ch2, %filter2, %filter2_inner = transform.regtile.convolution_blocking %d {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows2, "dilated rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch2, "dilated channels" : !transform.param<i64>
    transform.yield
  }
}

// -----

// Depthwise convolutions: each FMA loads its input (no broadcast), so the
// tile is one channel vector and the most rows of the least padding, at
// most half the register file. Znver4: 112 pixels x 32 channels: 16 x 16
// (7 x 16 pixels, 2 channel tiles); 7 pixels x 960 channels: 7 x 16.
// Haswell (16 registers): 8 x 8. The channel blocks are the innermost
// tile loop where 3 input rows over all the channels fit in L1 (3 x 114 x
// 32 f32, 44 KB, on znver5's 48 KiB), or the input and output do not fit
// in L2 (3.2 MB, over znver4's 1 MiB), else the outermost: 3 x 9 x 960 f32
// rows (104 KB) of a 0.5 MB layer. The channels of a pass (a sixth
// result): 0 (all) innermost; 96 for the 960-channel layer (3 x 9 x 96 f32,
// 10 KB, the most blocks dividing 960 within half of znver4's 32 KiB L1d);
// one block (16) where the order is fixed outermost.
// CHECK-LABEL: depthwise
// CHECK: remark: znver4 rows 16 : i64
// CHECK: remark: znver4 channels 16 : i64
// CHECK: remark: root
// CHECK-NEXT: linalg.generic
// CHECK: remark: depthwise filter -1 : i64
// CHECK: remark: haswell rows 8 : i64
// CHECK: remark: haswell channels 8 : i64
// CHECK: remark: small rows 7 : i64
// CHECK: remark: small channels 16 : i64
// CHECK: remark: depthwise channels innermost 0 : i64
// CHECK: remark: depthwise pass channels 96 : i64
// CHECK: remark: znver5 channels innermost 1 : i64
// CHECK: remark: znver5 pass channels 0 : i64
// CHECK: remark: znver4 channels innermost 1 : i64
// CHECK: remark: fixed channels innermost 0 : i64
// CHECK: remark: fixed pass channels 16 : i64
func.func @depthwise(%in: tensor<1x114x114x32xf32>, %f: tensor<3x3x32xf32>, %o: tensor<1x112x112x32xf32>,
                     %in7: tensor<1x9x9x960xf32>, %f7: tensor<3x3x960xf32>, %o7: tensor<1x7x7x960xf32>)
    -> (tensor<1x112x112x32xf32>, tensor<1x7x7x960xf32>) {
  %c = linalg.depthwise_conv_2d_nhwc_hwc ins(%in, %f : tensor<1x114x114x32xf32>, tensor<3x3x32xf32>)
      outs(%o : tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c : tensor<1x112x112x32xf32>) outs(%o : tensor<1x112x112x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x112x112x32xf32>
  %c7 = linalg.depthwise_conv_2d_nhwc_hwc ins(%in7, %f7 : tensor<1x9x9x960xf32>, tensor<3x3x960xf32>)
      outs(%o7 : tensor<1x7x7x960xf32>) -> tensor<1x7x7x960xf32>
  return %r, %c7 : tensor<1x112x112x32xf32>, tensor<1x7x7x960xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "depthwise" : !transform.any_op
    %all = transform.structured.match ops{["linalg.depthwise_conv_2d_nhwc_hwc"]} in %root : (!transform.any_op) -> !transform.any_op
    %c, %c7 = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %r, %rows, %ch, %filter, %filter_inner = transform.regtile.convolution_blocking %c {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows, "znver4 rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch, "znver4 channels" : !transform.param<i64>
    transform.debug.emit_remark_at %r, "root" : !transform.any_op
    transform.debug.emit_param_as_remark %filter, "depthwise filter" : !transform.param<i64>
    %r2, %rows2, %ch2, %filter2, %filter2_inner = transform.regtile.convolution_blocking %c {arch = "haswell"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows2, "haswell rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch2, "haswell channels" : !transform.param<i64>
    %r3, %rows3, %ch3, %filter3, %filter3_inner, %pass3 = transform.regtile.convolution_blocking %c7 {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %rows3, "small rows" : !transform.param<i64>
    transform.debug.emit_param_as_remark %ch3, "small channels" : !transform.param<i64>
    transform.debug.emit_param_as_remark %filter3_inner, "depthwise channels innermost" : !transform.param<i64>
    transform.debug.emit_param_as_remark %pass3, "depthwise pass channels" : !transform.param<i64>
    %r4, %rows4, %ch4, %filter4, %inner4, %pass4 = transform.regtile.convolution_blocking %c {arch = "znver5"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner4, "znver5 channels innermost" : !transform.param<i64>
    transform.debug.emit_param_as_remark %pass4, "znver5 pass channels" : !transform.param<i64>
    transform.debug.emit_param_as_remark %filter_inner, "znver4 channels innermost" : !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %r5, %rows5, %ch5, %filter5, %inner5, %pass5 = transform.regtile.convolution_blocking %c channels_innermost = %two {arch = "znver5"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner5, "fixed channels innermost" : !transform.param<i64>
    transform.debug.emit_param_as_remark %pass5, "fixed pass channels" : !transform.param<i64>
    transform.yield
  }
}

// -----

// The filter of a 1x1 convolution with few row tiles (7 x 7 pixels: 7)
// and a filter within twice L2 (960 x 160 f32) is read in place (filter =
// -1: nothing for cache_read to stage) unless fixed (stage_filter = 1) or
// the dot-product unit reads it in groups of input channels (i8:
// quadruples with VNNI, pairs through vpmaddwd on Haswell; interleaved, so
// staged); staged with many row tiles (56 x 56 pixels) or a filter larger
// than twice L2 (2048 x 512 f32, 4 MiB; znver4: 1 MiB of L2); a 3x3
// filter is staged unless fixed.
// CHECK-LABEL: pointwise
// CHECK: remark: 1x1 filter -1 : i64
// CHECK: remark: 1x1 staged filter 1 : i64
// CHECK: remark: 1x1 derived again -1 : i64
// CHECK: remark: 1x1 i8 filter 1 : i64
// CHECK: remark: 1x1 i8 on haswell filter 1 : i64
// CHECK: remark: 3x3 in place filter -1 : i64
// CHECK: remark: 1x1 many tiles filter 1 : i64
// CHECK: remark: 1x1 large filter 1 : i64
func.func @pointwise(%in: tensor<1x7x7x960xf32>, %f: tensor<1x1x960x160xf32>, %o: tensor<1x7x7x160xf32>,
                     %in8: tensor<1x7x7x64xi8>, %f8: tensor<1x1x64x32xi8>, %o8: tensor<1x7x7x32xi32>,
                     %in3: tensor<1x9x9x16xf32>, %f3: tensor<3x3x16x16xf32>, %o3: tensor<1x7x7x16xf32>,
                     %in56: tensor<1x56x56x64xf32>, %f56: tensor<1x1x64x64xf32>, %o56: tensor<1x56x56x64xf32>,
                     %inl: tensor<1x7x7x2048xf32>, %fl: tensor<1x1x2048x512xf32>, %ol: tensor<1x7x7x512xf32>)
    -> (tensor<1x7x7x160xf32>, tensor<1x7x7x32xi32>, tensor<1x7x7x16xf32>, tensor<1x56x56x64xf32>, tensor<1x7x7x512xf32>) {
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x7x7x960xf32>, tensor<1x1x960x160xf32>)
      outs(%o : tensor<1x7x7x160xf32>) -> tensor<1x7x7x160xf32>
  %c8 = linalg.conv_2d_nhwc_hwcf ins(%in8, %f8 : tensor<1x7x7x64xi8>, tensor<1x1x64x32xi8>)
      outs(%o8 : tensor<1x7x7x32xi32>) -> tensor<1x7x7x32xi32>
  %c3 = linalg.conv_2d_nhwc_hwcf ins(%in3, %f3 : tensor<1x9x9x16xf32>, tensor<3x3x16x16xf32>)
      outs(%o3 : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  %c56 = linalg.conv_2d_nhwc_hwcf ins(%in56, %f56 : tensor<1x56x56x64xf32>, tensor<1x1x64x64xf32>)
      outs(%o56 : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %cl = linalg.conv_2d_nhwc_hwcf ins(%inl, %fl : tensor<1x7x7x2048xf32>, tensor<1x1x2048x512xf32>)
      outs(%ol : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  return %c, %c8, %c3, %c56, %cl : tensor<1x7x7x160xf32>, tensor<1x7x7x32xi32>, tensor<1x7x7x16xf32>, tensor<1x56x56x64xf32>, tensor<1x7x7x512xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fn = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %fn, "pointwise" : !transform.any_op
    %all = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %c, %c8, %c3, %c56, %cl = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %r, %rows, %ch, %filter, %filter_inner = transform.regtile.convolution_blocking %c {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter, "1x1 filter" : !transform.param<i64>
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %r1, %rows1, %ch1, %filter1, %filter1_inner = transform.regtile.convolution_blocking %c stage_filter = %one {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter1, "1x1 staged filter" : !transform.param<i64>
    %r0, %rows0, %ch0, %filter0, %filter0_inner = transform.regtile.convolution_blocking %c stage_filter = %zero {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter0, "1x1 derived again" : !transform.param<i64>
    %r8, %rows8, %ch8, %filter8, %filter8_inner = transform.regtile.convolution_blocking %c8 {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter8, "1x1 i8 filter" : !transform.param<i64>
    %r9, %rows9, %ch9, %filter9, %filter9_inner = transform.regtile.convolution_blocking %c8 {arch = "haswell"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter9, "1x1 i8 on haswell filter" : !transform.param<i64>
    %r3, %rows3, %ch3, %filter3, %filter3_inner = transform.regtile.convolution_blocking %c3 stage_filter = %two {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter3, "3x3 in place filter" : !transform.param<i64>
    %r56, %rows56, %ch56, %filter56, %filter56_inner = transform.regtile.convolution_blocking %c56 {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter56, "1x1 many tiles filter" : !transform.param<i64>
    %rl, %rowsl, %chl, %filterl, %filterl_inner = transform.regtile.convolution_blocking %cl {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filterl, "1x1 large filter" : !transform.param<i64>
    transform.yield
  }
}

// -----

// A filter read through the unpack of one packed ahead of the call
// (prepack_filter: blocks of output channels along its innermost dim):
// the tile takes the blocks' channels (16 here, where a 3x3 layer of
// 14-pixel rows would get 32) and the filter is read in place (filter =
// -1); with blocks that make no register tile (24: not a multiple of the
// 16 lanes) the tile is derived as without them, and staged; fixing
// stage_filter = 1 stages it.
// CHECK-LABEL: prepacked
// CHECK: remark: prepacked channels 16 : i64
// CHECK: remark: prepacked filter -1 : i64
// CHECK: remark: odd blocks channels 32 : i64
// CHECK: remark: odd blocks filter 1 : i64
// CHECK: remark: prepacked staged filter 1 : i64
func.func @prepacked(%in: tensor<1x16x16x64xf32>, %fp: tensor<8x3x3x64x16xf32>, %fq: tensor<6x3x3x64x24xf32>, %o: tensor<1x14x14x128xf32>)
    -> (tensor<1x14x14x128xf32>, tensor<1x14x14x128xf32>) {
  %e = tensor.empty() : tensor<3x3x64x128xf32>
  %f = linalg.unpack %fp outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [16] into %e : tensor<8x3x3x64x16xf32> -> tensor<3x3x64x128xf32>
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x16x16x64xf32>, tensor<3x3x64x128xf32>)
      outs(%o : tensor<1x14x14x128xf32>) -> tensor<1x14x14x128xf32>
  %g = linalg.unpack %fq outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [24] into %e : tensor<6x3x3x64x24xf32> -> tensor<3x3x64x128xf32>
  %d = linalg.conv_2d_nhwc_hwcf ins(%in, %g : tensor<1x16x16x64xf32>, tensor<3x3x64x128xf32>)
      outs(%o : tensor<1x14x14x128xf32>) -> tensor<1x14x14x128xf32>
  return %c, %d : tensor<1x14x14x128xf32>, tensor<1x14x14x128xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fn = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %fn, "prepacked" : !transform.any_op
    %all = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %c, %d = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %r, %rows, %ch, %filter, %filter_inner = transform.regtile.convolution_blocking %c {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %ch, "prepacked channels" : !transform.param<i64>
    transform.debug.emit_param_as_remark %filter, "prepacked filter" : !transform.param<i64>
    %r2, %rows2, %ch2, %filter2, %filter2_inner = transform.regtile.convolution_blocking %d {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %ch2, "odd blocks channels" : !transform.param<i64>
    transform.debug.emit_param_as_remark %filter2, "odd blocks filter" : !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %r3, %rows3, %ch3, %filter3, %filter3_inner = transform.regtile.convolution_blocking %c stage_filter = %one {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %filter3, "prepacked staged filter" : !transform.param<i64>
    transform.yield
  }
}

// -----

// The tile loops' order: the output channel blocks innermost where the
// filter, as staged (input channels padded to the dot-product group,
// output channels to the tile), takes at most a third of L2. 3 x 3 x 64 x
// 64 f32 (147 KB): innermost on znver4 (1 MiB L2), outermost on haswell
// (256 KiB). u8 x s8 with 64 output channels on znver4 (a third of L2:
// 349525 bytes): 604 input channels (9 x 604 x 64 = 347904 bytes)
// innermost, 605 (padded to 608: 350208 bytes) outermost. Fixed: 2 is
// outermost, 1 innermost.
// CHECK-LABEL: loop_order
// CHECK: remark: znver4 f32 innermost 1 : i64
// CHECK: remark: haswell f32 innermost 0 : i64
// CHECK: remark: i8 604 innermost 1 : i64
// CHECK: remark: i8 605 innermost 0 : i64
// CHECK: remark: fixed outermost 0 : i64
// CHECK: remark: fixed innermost 1 : i64
func.func @loop_order(%in: tensor<1x58x58x64xf32>, %f: tensor<3x3x64x64xf32>, %o: tensor<1x56x56x64xf32>,
                      %a: tensor<1x3x3x604xi8>, %fa: tensor<3x3x604x64xi8>, %oa: tensor<1x1x1x64xi32>,
                      %b: tensor<1x3x3x605xi8>, %fb: tensor<3x3x605x64xi8>, %ob: tensor<1x1x1x64xi32>)
    -> (tensor<1x56x56x64xf32>, tensor<1x1x1x64xi32>, tensor<1x1x1x64xi32>) {
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>)
      outs(%o : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %ca = linalg.conv_2d_nhwc_hwcf ins(%a, %fa : tensor<1x3x3x604xi8>, tensor<3x3x604x64xi8>)
      outs(%oa : tensor<1x1x1x64xi32>) -> tensor<1x1x1x64xi32>
  %cb = linalg.conv_2d_nhwc_hwcf ins(%b, %fb : tensor<1x3x3x605xi8>, tensor<3x3x605x64xi8>)
      outs(%ob : tensor<1x1x1x64xi32>) -> tensor<1x1x1x64xi32>
  return %c, %ca, %cb : tensor<1x56x56x64xf32>, tensor<1x1x1x64xi32>, tensor<1x1x1x64xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "loop_order" : !transform.any_op
    %all = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %c, %ca, %cb = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %r1, %rows1, %ch1, %f1, %inner1 = transform.regtile.convolution_blocking %c {arch = "znver4"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner1, "znver4 f32 innermost" : !transform.param<i64>
    %r2, %rows2, %ch2, %f2, %inner2 = transform.regtile.convolution_blocking %c {arch = "haswell"}
        : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner2, "haswell f32 innermost" : !transform.param<i64>
    %c64 = transform.param.constant 64 : i64 -> !transform.param<i64>
    %r3, %rows3, %ch3, %f3, %inner3 = transform.regtile.convolution_blocking %ca channels = %c64 {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner3, "i8 604 innermost" : !transform.param<i64>
    %r4, %rows4, %ch4, %f4, %inner4 = transform.regtile.convolution_blocking %cb channels = %c64 {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner4, "i8 605 innermost" : !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %r5, %rows5, %ch5, %f5, %inner5 = transform.regtile.convolution_blocking %c channels_innermost = %two {arch = "znver4"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner5, "fixed outermost" : !transform.param<i64>
    %r6, %rows6, %ch6, %f6, %inner6 = transform.regtile.convolution_blocking %c channels_innermost = %one {arch = "haswell"}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %inner6, "fixed innermost" : !transform.param<i64>
    transform.yield
  }
}
