// x86 assembly of @regtile_matmul on a GEMM whose N (200 = 3 * 64 + 8)
// divides no register tile, for an AVX-512 CPU (znver4): the tiles of full
// width (three of the four per row of tiles) run a micro-kernel loop with
// no writemask, no mask computation (vpcmp / k-register ops), no vector
// register ever spilled or reloaded, no stack traffic at all in the blocks
// that hold the FMAs, and no call: 24 FMAs per reduction step (zmm
// accumulators, 6 x 64), however often llc unrolls it. The only stack
// accesses allowed are in the block, taken once per 16 steps, that
// prefetches the next row tile's A sliver (prefetch_next_streams): with
// M = 64 the rows are clamped, and the twelve row addresses (this tile's
// and the next one's) do not all fit the GPRs, so llc reloads up to six
// of them there. Only the edge versions (8 columns here) use masks.
// test/lib/asm_loops.py prints one line per innermost loop of llc's
// output.
// RUN: %regtile-opt %s -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 \
// RUN:   | %python %regtile-src/test/lib/asm_loops.py | FileCheck %s
// CHECK: loop {{.*}}: fma={{(24|48|72|96)}} masked=0 maskops=0 stack={{[0-6]}} vstack=0 fmastack=0 calls=0
// The same for an AVX2-only CPU (haswell: 16 ymm registers, 6 x 16 tiles
// of two ymm per row, 12 FMAs per step; the full-width tiles need no mask
// there either).
// RUN: sed 's/regtile.target = "znver4"/regtile.target = "haswell"/' %s \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=haswell \
// RUN:   | %python %regtile-src/test/lib/asm_loops.py | FileCheck %s --check-prefix=AVX2
// AVX2: loop {{.*}}: fma={{(12|24|36|48)}} masked=0 maskops=0 stack={{[0-6]}} vstack=0 fmastack=0 calls=0
module attributes {regtile.target = "znver4"} {
  func.func @gemm(%a: tensor<64x70xf32>, %b: tensor<70x200xf32>, %c: tensor<64x200xf32>) -> tensor<64x200xf32> {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<64x200xf32>) -> tensor<64x200xf32>
    %r = linalg.matmul ins(%a, %b : tensor<64x70xf32>, tensor<70x200xf32>) outs(%z : tensor<64x200xf32>) -> tensor<64x200xf32>
    return %r : tensor<64x200xf32>
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @regtile_matmul(%f: !transform.any_op {transform.readonly})
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
      transform.include @regtile_matmul failures(propagate) (%f) : (!transform.any_op) -> ()
      transform.yield
    }
  }
}
