// @regtile_matmul schedules the GEMM of a function and warns at each
// contraction it leaves (a vecmat, attention's two batch dims), saying
// why, instead of leaving them as scalar loops without a word; a
// convolution (not its kind) gets no warning.
// RUN: %regtile-opt %s -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter{entry-point=schedule})' \
// RUN:   2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err

// WARN: matmul-unscheduled.mlir:[[@LINE+20]]:8: warning: regtile: this contraction is not scheduled: expected one M, one N and one K dim and at most one batch dim (a GEMM or batched GEMM); found 0 M, 1 N, 1 K and 0 batch dims
// WARN: matmul-unscheduled.mlir:[[@LINE+20]]:9: warning: regtile: this contraction is not scheduled: expected one M, one N and one K dim and at most one batch dim (a GEMM or batched GEMM); found 1 M, 1 N, 1 K and 2 batch dims
// WARN-NOT: warning
// WARN-NOT: error

// CHECK-LABEL: func.func @gemm_and_others
// CHECK-NOT: linalg.matmul
// CHECK: linalg.vecmat
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic
// CHECK-NOT: linalg.matmul
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @gemm_and_others(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>,
                           %x: tensor<32xf32>, %y: tensor<32xf32>,
                           %a4: tensor<2x3x8x8xf32>, %b4: tensor<2x3x8x8xf32>, %c4: tensor<2x3x8x8xf32>,
                           %in: tensor<1x16x10x10xf32>, %f: tensor<16x16x3x3xf32>, %o: tensor<1x16x8x8xf32>)
    -> (tensor<32x32xf32>, tensor<32xf32>, tensor<2x3x8x8xf32>, tensor<1x16x8x8xf32>) {
  %m = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%c : tensor<32x32xf32>) -> tensor<32x32xf32>
  %v = linalg.vecmat ins(%x, %a : tensor<32xf32>, tensor<32x32xf32>) outs(%y : tensor<32xf32>) -> tensor<32xf32>
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
  %r = linalg.conv_2d_nchw_fchw ins(%in, %f : tensor<1x16x10x10xf32>, tensor<16x16x3x3xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %m, %v, %bb, %r : tensor<32x32xf32>, tensor<32xf32>, tensor<2x3x8x8xf32>, tensor<1x16x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_matmul failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
