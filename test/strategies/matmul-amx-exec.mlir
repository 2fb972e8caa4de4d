// Execution of @regtile_matmul (strategies/) on a bf16 GEMM on a host
// with AMX-BF16: each cache block's whole 32 x 32 tiles on the tile unit
// (amx_gemm_block), its edges with the vdpbf16ps micro-kernel, compared
// exactly with the unscheduled payload (bf16 multiples of 1/8: exact sums)
// on whole tiles and on sizes that divide no tile, K step or cache block,
// on 1, 2, 3 and 7 threads (more than the cores).
// REQUIRES: host-amx
// RUN: %difftest --threads 1,2,3,7 %s --no-warnings --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s
// CHECK: PASS 4 cases
// The lowered kernel computes on the tiles (M=64 N=96 K=128).
// RUN: sed -e '/DIFFTEST-CASE/d; s/\${M}/64/g; s/\${N}/96/g; s/\${K}/128/g' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.call_intrinsic "llvm.x86.tdpbf16ps.internal"

// DIFFTEST-CASE: M=64 N=96 K=128
// DIFFTEST-CASE: M=130 N=129 K=131
// DIFFTEST-CASE: M=200 N=67 K=601
// DIFFTEST-CASE: M=31 N=300 K=64
func.func @kernel(%a: tensor<${M}x${K}xbf16>, %b: tensor<${K}x${N}xbf16>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>)
      outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xbf16>
  %b = memref.alloc() : memref<${K}x${N}xbf16>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${K}x${N}xbf16> to memref<*xbf16>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillBF16(%ua, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%ub, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xbf16> to tensor<${M}x${K}xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xbf16> to tensor<${K}x${N}xbf16>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_matmul failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
