// @regtile_schedule: every convolution and contraction of a function,
// each by its strategy, and a warning for each it leaves.
//
// Execution: a conv with bias and ReLU and a GEMM from a zero fill in one
// function, against the unscheduled payload (exact: inputs are multiples
// of 1/8), on sizes that divide nothing, with 1, 3 and 7 threads.
// DEFINE: %{schedule} = --no-warnings --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/schedule_layers_schedule.mlir},transform-interpreter{entry-point=schedule}'
// DEFINE: %{cases} = --case "H=5 W=7 HI=7 WI=9 CI=3 CO=17 M=13 N=40 K=29" --case "H=12 W=20 HI=14 WI=22 CI=16 CO=64 M=70 N=130 K=67"
// RUN: %difftest --threads 1,3,7 %S/Inputs/schedule_layers.mlir %{schedule} %{cases} | FileCheck %s --check-prefix=EXEC
// EXEC: PASS 2 cases
//
// Nothing of either layer is left outside the strategies' loops: no linalg
// op, the conv's and the GEMM's FMAs on vectors.
// RUN: %substitute "H=5 W=7 HI=7 WI=9 CI=3 CO=17 M=13 N=40 K=29" %S/Inputs/schedule_layers.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/schedule_layers_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @layers
// IR-NOT: linalg.
// IR: vector.fma
// IR-NOT: linalg.
// IR: vector.fma
// IR-NOT: linalg.
// IR-LABEL: func.func private @regtileFillF32
//
// What it cannot schedule it leaves with a warning each: a depthwise conv
// with a channel multiplier, a vecmat, an elementwise op that is no conv's or GEMM's consumer and a
// reduction, beside the GEMM it schedules (its in-place ReLU fused).
// RUN: %regtile-opt %s -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter{entry-point=schedule})' \
// RUN:   2> %t.err | FileCheck %s --check-prefix=LEFT
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// WARN: schedule.mlir:[[@LINE+27]]:8: warning: regtile: this convolution is not scheduled: expected a 2-D convolution with one batch, two output image, one output channel, two filter loop and one input channel dims (or one depthwise channel dim instead of the channel dims); found 1, 2, 1, 2 and 0 (and 1 depthwise dims)
// WARN: schedule.mlir:[[@LINE+27]]:8: warning: regtile: this contraction is not scheduled: expected one M, one N and one K dim and at most one batch dim (a GEMM or batched GEMM); found 0 M, 1 N, 1 K and 0 batch dims
// WARN: schedule.mlir:[[@LINE+35]]:9: warning: regtile: this elementwise is not scheduled: regtile's strategies compute an elementwise op only as the one elementwise consumer of a convolution or contraction
// WARN: schedule.mlir:[[@LINE+40]]:10: warning: regtile: this reduction is not scheduled: no strategy schedules reductions yet
// WARN-NOT: warning
// WARN-NOT: error
// LEFT-LABEL: func.func @left
// LEFT: linalg.depthwise_conv_2d_nhwc_hwcm
// LEFT-NOT: linalg.matmul
// LEFT: linalg.vecmat
// LEFT-NOT: linalg.{{matmul|generic}}
// LEFT: scf.for
// LEFT-NOT: linalg.{{matmul|generic}}
// LEFT: vector.fma
// LEFT-NOT: linalg.{{matmul|generic}}
// LEFT: arith.maximumf {{.*}} : vector<16xf32>
// LEFT-NOT: linalg.{{matmul|generic}}
// LEFT: linalg.generic
// LEFT: math.tanh
// LEFT: linalg.reduce
// LEFT-NOT: linalg.matmul
// LEFT: return

func.func @left(%in: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x2xf32>, %o: tensor<1x8x8x16x2xf32>,
                %a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>,
                %x: tensor<32xf32>, %y: tensor<32xf32>)
    -> (tensor<1x8x8x16x2xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm ins(%in, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x2xf32>) outs(%o : tensor<1x8x8x16x2xf32>) -> tensor<1x8x8x16x2xf32>
  %v = linalg.vecmat ins(%x, %a : tensor<32xf32>, tensor<32x32xf32>) outs(%y : tensor<32xf32>) -> tensor<32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%c : tensor<32x32xf32>) -> tensor<32x32xf32>
  %zero = arith.constant 0.0 : f32
  %relu = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%m : tensor<32x32xf32>) {
  ^bb0(%out: f32):
    %t = arith.maximumf %out, %zero : f32
    linalg.yield %t : f32
  } -> tensor<32x32xf32>
  %th = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<32xf32>) outs(%y : tensor<32xf32>) {
  ^bb0(%p: f32, %out: f32):
    %t = math.tanh %p : f32
    linalg.yield %t : f32
  } -> tensor<32xf32>
  %sum = linalg.reduce ins(%a : tensor<32x32xf32>) outs(%y : tensor<32xf32>) dimensions = [1]
    (%p: f32, %acc: f32) {
      %t = arith.addf %p, %acc : f32
      linalg.yield %t : f32
    }
  return %r, %relu, %v, %th, %sum : tensor<1x8x8x16x2xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_schedule(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_schedule failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}

