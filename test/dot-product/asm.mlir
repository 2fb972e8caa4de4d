// x86 assembly of @regtile_matmul (strategies/) on bf16, u8 x s8 and s8 x s8
// GEMMs:
// - AVX-512 with VNNI and BF16 (znver4): the micro-kernel loop is
//   vdpbf16ps / vpdpbusd into register accumulators (24: a 6 x 64 tile of
//   f32 / i32), each A group broadcast once per row, no call;
// - AVX-512 without VNNI or BF16 (skylake-avx512) and AVX2 (haswell): no
//   dot-product instruction; bf16 widens to f32 FMAs; i8 takes K in pairs,
//   widened to i16 and multiplied by vpmaddwd (exact in any signedness):
//   24 per step on zmm (a 6 x 64 tile), 12 on ymm, no vector spill;
// - AVX2 with AVX-VNNI (alderlake): i8 on vpdpbusd on ymm ({vex}), 12 per
//   step, no stack access.
// Without bf16 instructions no loop calls anything and none spills a
// vector: LLVM 22 would promote each element of a bf16 vector crossing
// blocks through __truncsfbf2 (64 calls per step of the skylake-avx512
// micro-kernel, 16 on haswell) if regtile-lower-to-llvm did not keep bf16
// as i16 bits there (regtile-bf16-storage).
// NOCALL-NOT: {{calls=[1-9]|vstack=[1-9]}}
// The module carries its target (regtile.target): the tile sizes, the
// group and the instructions come from it.
// RUN: sed 's/TARGET/znver4/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 -o %t.znver4.s
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.znver4.s | FileCheck %s --check-prefix=DOT
// RUN: sed 's/TARGET/skylake-avx512/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -o %t.skx.s
// RUN: FileCheck %s --check-prefix=WIDEN < %t.skx.s
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.skx.s | FileCheck %s --check-prefix=PAIRS
// RUN: sed 's/TARGET/haswell/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=haswell -o %t.haswell.s
// RUN: FileCheck %s --check-prefix=WIDEN < %t.haswell.s
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.haswell.s | FileCheck %s --check-prefix=YMM
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.skx.s | FileCheck %s --check-prefix=NOCALL
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.haswell.s | FileCheck %s --check-prefix=NOCALL
// RUN: sed 's/TARGET/alderlake/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=alderlake -o %t.adl.s
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.adl.s | FileCheck %s --check-prefixes=NOCALL,VNNI256

// test/lib/asm_loops.py prints one line per innermost loop (its counts:
// FMAs, dot-product instructions, masked instructions, stack accesses).
// The full-width micro-kernel loops: 24 dot products per step, no mask, no
// vector spill, no call; u8 x s8 without any stack access in the blocks
// of the dot products. The bf16 loop reloads one A row address from the
// stack per step (llc runs short of GPRs: six row addresses, the B panel,
// its prefetch address, the counters), which the i8 loop does not: a
// known defect, bounded here so that it cannot grow.
// DOT: loop {{.*}}: fma=0 masked=0 maskops=0 stack={{[0-9]}} vstack=0 fmastack={{[01]}} calls=0 dot=24
// DOT: loop {{.*}}: fma=0 masked=0 maskops=0 stack={{[0-6]}} vstack=0 fmastack=0 calls=0 dot=24
// s8 x s8: each packed B block flipped to u8 in place (a vpxorq per 64
// bytes), the sums of each row tile's rows of A (one vpdpbusd with ones
// per row and 64 bytes), then the same micro-kernel, A's groups read as
// they are (no xor in it).
// DOT: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=0 vxor=4
// DOT: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=6 pairs=0 vxor=0
// DOT: loop {{.*}}: fma=0 masked=0 maskops=0 stack={{[0-6]}} vstack=0 fmastack=0 calls=0 dot=24 pairs=0 vxor=0

// u8 x s8 then s8 x s8 (no shift without vpdpbusd): the full tile's loop.
// PAIRS: loop {{.*}}: fma=0 masked=0 maskops=0 stack={{[0-6]}} vstack=0 fmastack=0 calls=0 dot=0 pairs=24
// PAIRS: loop {{.*}}: fma=0 masked=0 maskops=0 stack={{[0-6]}} vstack=0 fmastack=0 calls=0 dot=0 pairs=24
// YMM: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=12
// YMM: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=12
// u8 x s8, then s8 x s8 (B's block flipped, A's row sums, then the kernel,
// no xor in it).
// VNNI256: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=12
// VNNI256: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=12
// VNNI256: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=0 vxor=2
// VNNI256: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=6 pairs=0 vxor=0
// VNNI256: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=12 pairs=0 vxor=0

// WIDEN-LABEL: gemm_bf16:
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: vfmadd231ps
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN-LABEL: gemm_u8s8:
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: vpmaddwd
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN-LABEL: gemm_s8s8:
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: vpmaddwd
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: .Lfunc_end
module attributes {regtile.target = "TARGET"} {
  func.func @gemm_bf16(%a: tensor<96x512xbf16>, %b: tensor<512x256xbf16>, %c: tensor<96x256xf32>) -> tensor<96x256xf32> {
    %r = linalg.matmul ins(%a, %b : tensor<96x512xbf16>, tensor<512x256xbf16>) outs(%c : tensor<96x256xf32>) -> tensor<96x256xf32>
    return %r : tensor<96x256xf32>
  }
  func.func @gemm_u8s8(%a: tensor<96x512xi8>, %b: tensor<512x256xi8>, %c: tensor<96x256xi32>) -> tensor<96x256xi32> {
    %r = linalg.generic {
        indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
        iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<96x512xi8>, tensor<512x256xi8>) outs(%c : tensor<96x256xi32>) {
    ^bb0(%x: i8, %y: i8, %acc: i32):
      %ux = arith.extui %x : i8 to i32
      %sy = arith.extsi %y : i8 to i32
      %p = arith.muli %ux, %sy : i32
      %s = arith.addi %acc, %p : i32
      linalg.yield %s : i32
    } -> tensor<96x256xi32>
    return %r : tensor<96x256xi32>
  }
  func.func @gemm_s8s8(%a: tensor<96x512xi8>, %b: tensor<512x256xi8>, %c: tensor<96x256xi32>) -> tensor<96x256xi32> {
    %r = linalg.matmul ins(%a, %b : tensor<96x512xi8>, tensor<512x256xi8>) outs(%c : tensor<96x256xi32>) -> tensor<96x256xi32>
    return %r : tensor<96x256xi32>
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @regtile_matmul(%f: !transform.any_op {transform.readonly})
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
      transform.foreach %fs : !transform.any_op {
      ^bb0(%f: !transform.any_op):
        transform.include @regtile_matmul failures(propagate) (%f) : (!transform.any_op) -> ()
      }
      transform.yield
    }
  }
}
