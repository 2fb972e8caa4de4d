// x86 assembly of a GEMM block scheduled with cache_read (B packed) and
// cache_reduce, for an AVX-512 CPU (znver4: 6 x 64 tile, 24 zmm
// accumulators) and an AVX2 CPU (haswell: 6 x 16, 12 ymm accumulators):
//   - the copy into the cache is a run of vector loads then a run of stores
//     (a whole 64-float row: 4 zmm loads, 4 zmm stores);
//   - the micro-kernel loop has FMAs with broadcast operands, no stack
//     (rsp-relative) vector loads or stores, so no spills, and no call.
// The module carries its target (regtile.target), so the tile sizes come
// from contraction_blocking for that CPU and the lowering targets it.
//   - the micro-kernel prefetches the packed B panel, 1024 bytes ahead
//     (cache_reduce's default prefetch_ahead: 4 iterations of 256 bytes on
//     znver4, 16 of 64 on haswell), one prefetch per line of a row (4 with
//     zmm, one per ymm load with AVX2), and not the broadcast A elements.
// RUN: sed 's/TARGET/znver4/' %s | %regtile-opt -p 'builtin.module(transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 -o %t.znver4.s
// RUN: FileCheck %s --check-prefixes=CHECK,AVX512 < %t.znver4.s
// RUN: FileCheck %s --check-prefixes=PF,PF512 < %t.znver4.s
// RUN: sed 's/TARGET/haswell/' %s | %regtile-opt -p 'builtin.module(transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=haswell -o %t.haswell.s
// RUN: FileCheck %s --check-prefixes=CHECK,AVX2 < %t.haswell.s
// RUN: FileCheck %s --check-prefixes=PF,PF256 < %t.haswell.s

// The copy of B into its micro-panels: a run of loads, then a run of
// stores.
// CHECK-LABEL: gemm:
// AVX512: vmovups {{.*}}), %zmm
// AVX512-NEXT: vmovups {{.*}}), %zmm
// AVX512-NEXT: vmovups {{.*}}), %zmm
// AVX512-NEXT: vmovups {{.*}}), %zmm
// AVX512-NOT: vmovups {{.*}}), %zmm
// AVX512: vmov{{u|a}}ps %zmm{{[0-9]+}}, {{.*}})
// AVX512-NEXT: vmov{{u|a}}ps %zmm{{[0-9]+}}, {{.*}})
// AVX512-NEXT: vmov{{u|a}}ps %zmm{{[0-9]+}}, {{.*}})
// AVX512-NEXT: vmov{{u|a}}ps %zmm{{[0-9]+}}, {{.*}})
// AVX2: vmovups {{.*}}), %ymm
// AVX2-NEXT: vmovups {{.*}}), %ymm
// AVX2-NOT: vmovups {{.*}}), %ymm
// AVX2: vmov{{u|a}}ps %ymm{{[0-9]+}}, {{.*}})
// AVX2-NEXT: vmov{{u|a}}ps %ymm{{[0-9]+}}, {{.*}})
// The micro-kernel (the innermost loop of the loop nest of depth 3):
// broadcasts of A and FMAs into register accumulators, no stack traffic (no
// spills), no call, up to the loop's back edge.
// CHECK: This Inner Loop Header: Depth=3
// CHECK-NOT: {{rsp|call}}
// CHECK: vbroadcastss
// CHECK-NOT: {{rsp|call}}
// AVX512-COUNT-24: vfmadd231ps {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// AVX2-COUNT-12: vfmadd231ps {{.*}}%ymm{{[0-9]+}}, %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
// CHECK-NOT: {{rsp|call}}
// CHECK: j{{[a-z]+}} .LBB

// The prefetches of the micro-kernel loop, and no other.
// PF-LABEL: gemm:
// PF-NOT: prefetch
// PF: This Inner Loop Header: Depth=3
// PF512-COUNT-4: prefetcht0 {{[0-9]+}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}})
// PF256-COUNT-2: prefetcht0 {{-?[0-9]*}}(%r{{[a-z0-9]+}})
// PF-NOT: prefetch
// PF: j{{[a-z]+}} .LBB
// PF-NOT: prefetch
// PF: .Lfunc_end
module attributes {regtile.target = "TARGET"} {
  func.func @gemm(%a: tensor<96x512xf32>, %b: tensor<512x256xf32>, %c: tensor<96x256xf32>) -> tensor<96x256xf32> {
    %r = linalg.matmul ins(%a, %b : tensor<96x512xf32>, tensor<512x256xf32>) outs(%c : tensor<96x256xf32>) -> tensor<96x256xf32>
    return %r : tensor<96x256xf32>
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
      %mr, %nr, %kc, %nc = transform.regtile.contraction_blocking %mm
          : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
      %block, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, %kc]
          : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      %micro, %ir, %jr, %k = transform.structured.tile_using_for %block tile_sizes [%mr, %nr, 1]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1}
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %loop = transform.regtile.cache_reduce %micro, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}
