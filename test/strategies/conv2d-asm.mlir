// x86 assembly of a convolution + ReLU scheduled by @regtile_conv2d, for an
// AVX-512 CPU (znver4: 7 pixels x 48 channels, 21 zmm accumulators; 21
// pixels = 3 tiles of 7) and an AVX2 CPU (haswell: 3 x 24, 9 ymm
// accumulators): the micro-kernel loop has FMAs with broadcast operands
// (the input pixels), no stack (rsp-relative) loads or stores, so no
// spills, and no call; it prefetches the next tile's input (the strategy
// marks the pixel loop regtile.prefetch_ahead = 1). The module carries its target (regtile.target), so
// the tile comes from convolution_blocking for that CPU and the lowering
// targets it. (The first inner loop of the function is the filter's copy
// into its panels, the second the micro-kernel.)
// RUN: sed 's/TARGET/znver4/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: sed 's/TARGET/haswell/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=haswell \
// RUN:   | FileCheck %s --check-prefixes=CHECK,AVX2

// AVX2's largest tile, 6 pixels x 2 vectors (12-pixel rows, 64 channels):
// 12 ymm accumulators, 2 filter vectors and 2 broadcasts fill the 16
// registers, and nothing spills.
// RUN: %substitute --target haswell "N=1 H=4 W=12 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=6 WI=14 CI=8 CO=64" %S/Inputs/conv2d_strided.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=haswell \
// RUN:   | %python %regtile-src/test/lib/asm_loops.py | FileCheck %s --check-prefix=AVX2-6X16
// AVX2-6X16: loop {{.*}}: fma=0
// AVX2-6X16-NEXT: loop {{.*}}: fma=12 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0
// AVX2-6X16-NOT: loop

// CHECK-LABEL: conv:
// CHECK: This Inner Loop Header
// CHECK: This Inner Loop Header
// CHECK-NOT: {{rsp|call}}
// The next tile's input pixels, prefetched (regtile.prefetch_ahead), and
// this tile's broadcast:
// CHECK-DAG: prefetcht0
// CHECK-DAG: vbroadcastss
// CHECK-NOT: {{rsp|call}}
// AVX512-COUNT-21: vfmadd231ps {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// AVX2-COUNT-9: vfmadd231ps {{.*}}%ymm{{[0-9]+}}, %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
// CHECK-NOT: {{rsp|call}}
// CHECK: j{{[a-z]+}} .LBB
module attributes {regtile.target = "TARGET"} {
  func.func @conv(%in: tensor<1x10x23x32xf32>, %f: tensor<3x3x32x48xf32>) -> tensor<1x8x21x48xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x8x21x48xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x21x48xf32>) -> tensor<1x8x21x48xf32>
    %c = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x10x23x32xf32>, tensor<3x3x32x48xf32>) outs(%init : tensor<1x8x21x48xf32>) -> tensor<1x8x21x48xf32>
    %r = linalg.generic {
      iterator_types = ["parallel", "parallel", "parallel", "parallel"],
      indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                       affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]
    } ins(%c : tensor<1x8x21x48xf32>) outs(%e : tensor<1x8x21x48xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
    } -> tensor<1x8x21x48xf32>
    return %r : tensor<1x8x21x48xf32>
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
      transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
      transform.yield
    }
  }
}
