// Execution of transform.regtile.amx_gemm_block alone (its pack lowered by
// pack_unpack_to_tile_copies, its edges left unscheduled) on the host's
// tile unit, compared exactly with the unscheduled payload (bf16 multiples
// of 1/8: exact sums in any order), on whole tiles and on sizes that
// divide no tile or K step. (The strategy's use of it, with threads:
// test/strategies/matmul-amx-exec.mlir.)
// REQUIRES: host-amx
// RUN: %difftest %s --no-warnings | FileCheck %s
// CHECK: PASS 9 cases

// DIFFTEST-CASE: M=64 N=96 K=128
// DIFFTEST-CASE: M=70 N=53 K=45
// DIFFTEST-CASE: M=33 N=65 K=97
// DIFFTEST-CASE: M=32 N=32 K=32
// DIFFTEST-CASE: M=161 N=34 K=300
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %mm
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %copies = transform.regtile.pack_unpack_to_tile_copies %pack : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// s8 x s8 -> i32 (tdpbssd; K steps of 64, B packed [N'/16][K'/4][16][4]),
// over the whole i8 range: exact.
// DIFFTEST-CASE: M=64 N=96 K=128
// DIFFTEST-CASE: M=70 N=53 K=75
// DIFFTEST-CASE: M=33 N=65 K=197
// DIFFTEST-CASE: M=161 N=34 K=300
func.func @kernel(%a: tensor<${M}x${K}xi8>, %b: tensor<${K}x${N}xi8>, %c: tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>)
      outs(%c : tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  return %r : tensor<${M}x${N}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xi8>
  %b = memref.alloc() : memref<${K}x${N}xi8>
  %c = memref.alloc() : memref<${M}x${N}xi32>
  %ua = memref.cast %a : memref<${M}x${K}xi8> to memref<*xi8>
  %ub = memref.cast %b : memref<${K}x${N}xi8> to memref<*xi8>
  %uc = memref.cast %c : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub, %s2) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uc, %s3) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xi8> to tensor<${M}x${K}xi8>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xi8> to tensor<${K}x${N}xi8>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>, tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xi32> to memref<${M}x${N}xi32>
  %ur = memref.cast %rm : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %mm
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %copies = transform.regtile.pack_unpack_to_tile_copies %pack : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
