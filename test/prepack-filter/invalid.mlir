// prepack_filter refuses, with the reason and a note at the payload op,
// what it cannot pack ahead of the call, and leaves the payload unchanged:
// a handle to a non-linalg op, a depthwise convolution, a named
// convolution with an FCHW filter, a filter computed from two arguments, a
// constant filter, a filter computed by an op with memory effects, a
// filter argument with other uses, a
// function used other than by func.call, a second packed argument, a
// channels parameter that is no integer, a filter the dot-product unit
// reads interleaved (bf16 on AVX-512 BF16), a dynamic filter, a convolution
// on buffers, a strided memref argument, a filter computed in a loop, no
// register tile to derive the block from. With skip_with_warning, a
// warning instead, and the op goes on.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// expected-note @below {{payload op}}
func.func @not_linalg() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: expected a linalg op, got 'func.func'}}
    %p = transform.regtile.prepack_filter %f {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @depthwise(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16xf32>, %o: tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.depthwise_conv_2d_nhwc_hwc ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16xf32>) outs(%o : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %r : tensor<1x7x7x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.depthwise_conv_2d_nhwc_hwc"]} in %root : (!transform.any_op) -> !transform.any_op
    %ch = transform.param.constant 16 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot prepack the filter: expected a dense 2-D convolution (one batch, two output image, one output channel, two filter loop and one input channel dims)}}
    %p = transform.regtile.prepack_filter %c channels = %ch {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @fchw(%in: tensor<1x16x9x9xf32>, %f: tensor<32x16x3x3xf32>, %o: tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nchw_fchw ins(%in, %f : tensor<1x16x9x9xf32>, tensor<32x16x3x3xf32>) outs(%o : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  return %r : tensor<1x32x7x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    %ch = transform.param.constant 32 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot prepack the filter: a named convolution whose filter is not [kh][kw][ci][oc] (HWCF): convert it to a linalg.generic first (convert_to_channels_last, generalize)}}
    %p = transform.regtile.prepack_filter %c channels = %ch {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @computed(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16x32xf32>, %d: tensor<3x3x16x32xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %e = tensor.empty() : tensor<3x3x16x32xf32>
  %g = linalg.add ins(%f, %d : tensor<3x3x16x32xf32>, tensor<3x3x16x32xf32>) outs(%e : tensor<3x3x16x32xf32>) -> tensor<3x3x16x32xf32>
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %g : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: the filter is computed from more than one argument of the function}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @constant(%in: tensor<1x9x9x16xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %g = arith.constant dense<1.0> : tensor<3x3x16x32xf32>
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %g : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: the filter is not computed from an argument of the function (a constant): nothing to pack ahead of the call}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func private @make_filter() -> tensor<3x3x16x32xf32>
func.func @effects(%in: tensor<1x9x9x16xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %g = func.call @make_filter() : () -> tensor<3x3x16x32xf32>
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %g : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: the filter is computed by 'func.call', which has memory effects: nothing to pack ahead of the call}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @shared(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16x32xf32>, %o: tensor<1x7x7x32xf32>) -> (tensor<1x7x7x32xf32>, tensor<3x3x16x32xf32>) {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r, %f : tensor<1x7x7x32xf32>, tensor<3x3x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: the filter argument has other uses than this convolution}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @referenced(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16x32xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
func.func @takes_address() {
  %fn = func.constant @referenced : (tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>, tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: @referenced is used other than by func.call (by func.constant)}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @two(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16x32xf32>, %g: tensor<3x3x16x32xf32>, %o: tensor<1x7x7x32xf32>) -> (tensor<1x7x7x32xf32>, tensor<1x7x7x32xf32>) {
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  // expected-note @below {{payload op}}
  %s = linalg.conv_2d_nhwc_hwcf ins(%in, %g : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r, %s : tensor<1x7x7x32xf32>, tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: @two__prepack exists already (one packed argument per function)}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @bad_channels(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16x32xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %ch = transform.param.constant -32 : i64 -> !transform.param<i64>
    // expected-error @below {{expected `channels` to be one non-negative integer parameter, got 1 value(s): -32 : i64}}
    %p = transform.regtile.prepack_filter %c channels = %ch {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @bf16(%in: tensor<1x9x9x16xbf16>, %f: tensor<3x3x16x32xbf16>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xbf16>, tensor<3x3x16x32xbf16>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: the dot-product unit reads this filter in groups of 2 input channels (cache_read interleaves it)}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// skip_with_warning: the constant filter is skipped with a warning, the
// next convolution packed (its prepack function in the result).
func.func @skip(%in: tensor<1x9x9x16xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %g = arith.constant dense<1.0> : tensor<3x3x16x32xf32>
  // expected-warning @below {{cannot prepack the filter: the filter is not computed from an argument of the function (a constant): nothing to pack ahead of the call}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %g : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
func.func @packed(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16x32xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-note @below {{skipped by this transform op}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4", skip_with_warning} : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %p : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{1}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{invalid target}}
    %p = transform.regtile.prepack_filter %root {arch = "pentium"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @dynamic(%in: tensor<1x9x9x16xf32>, %f: tensor<3x3x16x?xf32>, %o: tensor<1x7x7x?xf32>) -> tensor<1x7x7x?xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x?xf32>) outs(%o : tensor<1x7x7x?xf32>) -> tensor<1x7x7x?xf32>
  return %r : tensor<1x7x7x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %ch = transform.param.constant 16 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot prepack the filter: expected a filter with static sizes}}
    %p = transform.regtile.prepack_filter %c channels = %ch {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @buffers(%in: memref<1x9x9x16xf32>, %f: memref<3x3x16x32xf32>, %o: memref<1x7x7x32xf32>) {
  // expected-note @below {{payload op}}
  linalg.conv_2d_nhwc_hwcf ins(%in, %f : memref<1x9x9x16xf32>, memref<3x3x16x32xf32>) outs(%o : memref<1x7x7x32xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %ch = transform.param.constant 16 : i64 -> !transform.param<i64>
    // expected-error @below {{cannot prepack the filter: expected an op on tensors}}
    %p = transform.regtile.prepack_filter %c channels = %ch {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @strided(%in: tensor<1x9x9x16xf32>, %mf: memref<3x3x16x32xf32, strided<[3072, 1024, 64, 1]>>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %f = bufferization.to_tensor %mf restrict : memref<3x3x16x32xf32, strided<[3072, 1024, 64, 1]>> to tensor<3x3x16x32xf32>
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: expected the filter argument to be a memref with the identity layout}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @in_loop(%in: tensor<1x9x9x16xf32>, %fs: tensor<4x3x3x16x32xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %o) -> (tensor<1x7x7x32xf32>) {
    %f = tensor.extract_slice %fs[%i, 0, 0, 0, 0] [1, 3, 3, 16, 32] [1, 1, 1, 1, 1] : tensor<4x3x3x16x32xf32> to tensor<3x3x16x32xf32>
    // expected-note @below {{payload op}}
    %c = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x9x9x16xf32>, tensor<3x3x16x32xf32>) outs(%acc : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
    scf.yield %c : tensor<1x7x7x32xf32>
  }
  return %r : tensor<1x7x7x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: the filter is computed inside a region (a loop): nothing to pack ahead of the call}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// No register tile for the channels to derive from: an NCHW convolution
// (convert_to_channels_last first, as @regtile_prepack_filters does).
func.func @no_tile(%in: tensor<1x16x9x9xf32>, %f: tensor<32x16x3x3xf32>, %o: tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32> {
  // expected-note @below {{payload op}}
  %r = linalg.conv_2d_nchw_fchw ins(%in, %f : tensor<1x16x9x9xf32>, tensor<32x16x3x3xf32>) outs(%o : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  return %r : tensor<1x32x7x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prepack the filter: no register tile: expected the loops (n, oh, ow, oc, kh, kw, ci) and an NHWC output (the order of linalg.conv_2d_nhwc_hwcf)}}
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
