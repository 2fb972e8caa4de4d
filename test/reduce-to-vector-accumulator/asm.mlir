// x86 assembly of sums reduced with the default accumulator count and
// several rows (what clang -O3 makes of regtile-lower-to-llvm's output, as
// the benchmarks compile it): the main loop is native vector adds from
// memory, no element inserts, no stack. Derived counts share the chains the
// target wants among the rows, rounded up to a power of two (3 chains on Zen
// 4 and Haswell, latency 3 x one add per cycle: 1 per row with 4 rows, 2 with
// 2 rows); an explicit count that is not one gets the same loop: the
// accumulators are separate native vectors (LLVM scalarized a loop-carried
// vector<48xf32> with several rows: vinsertps chains and spills).
// RUN: sed 's/TARGET/znver4/;s/ROWS/4/' %s | %regtile-opt -p 'builtin.module(transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=ZMM
// RUN: sed 's/TARGET/haswell/;s/ROWS/2/' %s | %regtile-opt -p 'builtin.module(transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=haswell \
// RUN:   | FileCheck %s --check-prefix=YMM
// RUN: sed 's/TARGET/znver4/;s/ROWS/4, accumulators = 3/' %s | %regtile-opt -p 'builtin.module(transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=ZMM3
// RUN: sed 's/TARGET/haswell/;s/ROWS/2, accumulators = 6/' %s | %regtile-opt -p 'builtin.module(transform-interpreter, regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=haswell \
// RUN:   | FileCheck %s --check-prefix=YMM6

// ZMM-LABEL: sum:
// ZMM: Inner Loop Header
// ZMM-NOT: {{rsp|vinsertps|call}}
// 4 rows x 1 accumulator:
// ZMM-COUNT-4: vaddps {{.*}}(%r{{[a-z0-9]+}}{{.*}}), %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// ZMM-NOT: {{rsp|vinsertps|call}}
// ZMM: j{{[a-z]+}} .LBB
// Then the 4 rows' horizontal reductions together: in-lane unpacks, upper
// halves added to lower ones, one vector add of the 4 initial values and
// one 16-byte store (no per-row reduction or scalar store).
// ZMM-NOT: {{vmovss|vhaddps}}
// ZMM: vunpcklps
// ZMM: vunpcklpd
// ZMM: vextractf64x4
// ZMM: vextractf128
// ZMM: vaddps {{.*}}(%r{{[a-z0-9]+}}{{.*}}), %xmm{{[0-9]+}}, %xmm{{[0-9]+}}
// ZMM-NEXT: vmovups %xmm{{[0-9]+}}, {{.*}}(%r

// YMM-LABEL: sum:
// YMM: Inner Loop Header
// YMM-NOT: {{rsp|vinsertps|call}}
// 2 rows x 2 accumulators:
// YMM-COUNT-4: vaddps {{.*}}(%r{{[a-z0-9]+}}{{.*}}), %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
// YMM-NOT: {{rsp|vinsertps|call}}
// YMM: j{{[a-z]+}} .LBB
// ZMM3-LABEL: sum:
// ZMM3: Inner Loop Header
// ZMM3-NOT: {{rsp|vinsertps|call}}
// 4 rows x 3 accumulators:
// ZMM3-COUNT-12: vaddps {{.*}}(%r{{[a-z0-9]+}}{{.*}}), %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// ZMM3-NOT: {{rsp|vinsertps|call}}
// ZMM3: j{{[a-z]+}} .LBB

// YMM6-LABEL: sum:
// YMM6: Inner Loop Header
// YMM6-NOT: {{rsp|vinsertps|call}}
// 2 rows x 6 accumulators:
// YMM6-COUNT-12: vaddps {{.*}}(%r{{[a-z0-9]+}}{{.*}}), %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
// YMM6-NOT: {{rsp|vinsertps|call}}
// YMM6: j{{[a-z]+}} .LBB
module attributes {regtile.target = "TARGET"} {
  func.func @sum(%a: memref<384x512xf32>, %o: memref<384xf32>) {
    linalg.reduce ins(%a : memref<384x512xf32>) outs(%o : memref<384xf32>) dimensions = [1]
      (%x: f32, %acc: f32) {
        %s = arith.addf %x, %acc fastmath<reassoc> : f32
        linalg.yield %s : f32
      }
    return
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %g = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
      %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = ROWS} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.yield
    }
  }
}
