// report_unscheduled warns at each linalg op of its kinds left in the
// function, with why regtile does not schedule it; other ops (fills,
// copies, ops of a kind not asked for) get no warning.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @convs(%in: tensor<1x16x10x10xf32>, %f: tensor<16x16x3x3xf32>, %o: tensor<1x16x8x8xf32>,
                 %din: tensor<1x10x10x16xf32>, %df: tensor<3x3x16xf32>, %do: tensor<1x8x8x16xf32>,
                 %hin: tensor<1x10x10x16xf32>, %hf: tensor<3x3x16x16xf32>, %ho: tensor<1x8x8x16xf32>,
                 %a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>,
                 %dmf: tensor<3x3x16x2xf32>, %dmo: tensor<1x8x8x16x2xf32>)
    -> (tensor<1x16x8x8xf32>, tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>, tensor<8x8xf32>, tensor<1x8x8x16x2xf32>) {
  // expected-warning @below {{regtile: this convolution is not scheduled: expected the loops (n, oh, ow, oc, kh, kw, ci) and an NHWC output (the order of linalg.conv_2d_nhwc_hwcf)}}
  %r = linalg.conv_2d_nchw_fchw ins(%in, %f : tensor<1x16x10x10xf32>, tensor<16x16x3x3xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  // expected-warning @below {{regtile: this convolution is not scheduled: regtile's convolution blocking accepts it, but no strategy op reached it}}
  %d = linalg.depthwise_conv_2d_nhwc_hwc ins(%din, %df : tensor<1x10x10x16xf32>, tensor<3x3x16xf32>) outs(%do : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  // expected-warning @below {{regtile: this convolution is not scheduled: regtile's convolution blocking accepts it, but no strategy op reached it}}
  %h = linalg.conv_2d_nhwc_hwcf ins(%hin, %hf : tensor<1x10x10x16xf32>, tensor<3x3x16x16xf32>) outs(%ho : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  // expected-warning @below {{regtile: this convolution is not scheduled: expected a 2-D convolution with one batch, two output image, one output channel, two filter loop and one input channel dims (or one depthwise channel dim instead of the channel dims); found 1, 2, 1, 2 and 0 (and 1 depthwise dims)}}
  %dm = linalg.depthwise_conv_2d_nhwc_hwcm ins(%din, %dmf : tensor<1x10x10x16xf32>, tensor<3x3x16x2xf32>) outs(%dmo : tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32>
  // Pooling (upstream counts it as a convolution): not of the kind.
  %pw = tensor.empty() : tensor<3x3xf32>
  %pool = linalg.pooling_nhwc_max ins(%hin, %pw : tensor<1x10x10x16xf32>, tensor<3x3xf32>) outs(%ho : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  // A contraction: not of the kind asked for.
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r, %d, %h, %m, %dm : tensor<1x16x8x8xf32>, tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>, tensor<8x8xf32>, tensor<1x8x8x16x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.regtile.report_unscheduled %f {kinds = ["convolution"], arch = "znver4"} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @contractions(%a: tensor<8x8xf32>, %x: tensor<8xf32>, %y: tensor<8xf32>,
                        %b: tensor<8x8xf32>, %c: tensor<8x8xf32>,
                        %a4: tensor<2x3x8x8xf32>, %b4: tensor<2x3x8x8xf32>, %c4: tensor<2x3x8x8xf32>)
    -> (tensor<8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<2x3x8x8xf32>) {
  // expected-warning @below {{regtile: this contraction is not scheduled: expected one M, one N and one K dim and at most one batch dim (a GEMM or batched GEMM); found 1 M, 0 N, 1 K and 0 batch dims}}
  %v = linalg.matvec ins(%a, %x : tensor<8x8xf32>, tensor<8xf32>) outs(%y : tensor<8xf32>) -> tensor<8xf32>
  // expected-warning @below {{regtile: this contraction is not scheduled: regtile's contraction blocking accepts it, but no strategy op reached it}}
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  // Two batch dims (a generic: attention's batch x heads).
  // expected-warning @below {{found 1 M, 1 N, 1 K and 2 batch dims}}
  %bb = linalg.generic {
      indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>,
                       affine_map<(b, h, m, n, k) -> (b, h, k, n)>,
                       affine_map<(b, h, m, n, k) -> (b, h, m, n)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%a4, %b4 : tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>) outs(%c4 : tensor<2x3x8x8xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %t = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %t : f32
    linalg.yield %s : f32
  } -> tensor<2x3x8x8xf32>
  // Not compute ops of the kind: no warning.
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %relu = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%z : tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %r = arith.maximumf %p, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x8xf32>
  return %v, %m, %relu, %bb : tensor<8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<2x3x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.regtile.report_unscheduled %f {kinds = ["contraction", "convolution"]} : !transform.any_op
    transform.yield
  }
}

// -----

// Elementwise ops and reductions (neither convolutions nor contractions,
// pooling included); fills, copies, broadcasts and transposes are data
// movement, not compute: no warning.
func.func @elementwise_and_reductions(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>, %r: tensor<8xf32>,
                                      %img: tensor<1x10x10x16xf32>, %po: tensor<1x8x8x16xf32>, %v: tensor<16xf32>)
    -> (tensor<8x16xf32>, tensor<8xf32>, tensor<1x8x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x16xf32>) {
  // expected-warning @below {{regtile: this elementwise is not scheduled: regtile's strategies compute an elementwise op only as the one elementwise consumer of a convolution or contraction}}
  %e = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%y : tensor<8x16xf32>) {
  ^bb0(%p: f32, %o: f32):
    %t = math.tanh %p : f32
    linalg.yield %t : f32
  } -> tensor<8x16xf32>
  // expected-warning @below {{regtile: this reduction is not scheduled: no strategy schedules reductions yet}}
  %s = linalg.reduce ins(%x : tensor<8x16xf32>) outs(%r : tensor<8xf32>) dimensions = [1]
    (%p: f32, %acc: f32) {
      %t = arith.addf %p, %acc : f32
      linalg.yield %t : f32
    }
  %pw = tensor.empty() : tensor<3x3xf32>
  // expected-warning @below {{regtile: this reduction is not scheduled}}
  %pool = linalg.pooling_nhwc_max ins(%img, %pw : tensor<1x10x10x16xf32>, tensor<3x3xf32>) outs(%po : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%y : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.copy ins(%x : tensor<8x16xf32>) outs(%y : tensor<8x16xf32>) -> tensor<8x16xf32>
  %e2 = tensor.empty() : tensor<16x8xf32>
  %t = linalg.transpose ins(%x : tensor<8x16xf32>) outs(%e2 : tensor<16x8xf32>) permutation = [1, 0]
  %b = linalg.broadcast ins(%v : tensor<16xf32>) outs(%y : tensor<8x16xf32>) dimensions = [0]
  return %e, %s, %pool, %z, %c, %t, %b : tensor<8x16xf32>, tensor<8xf32>, tensor<1x8x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.regtile.report_unscheduled %f {kinds = ["elementwise", "reduction"]} : !transform.any_op
    transform.yield
  }
}
