// Execution: @regtile_matmul (strategies/) on linalg.batch_matmul in s8 x s8
// (the shifted vpdpbusd form: its interleaved cache has a batch dim beside
// the panel and K-group dims, the column sums keep it) and bf16 (vdpbf16ps),
// compared exactly with the unscheduled payload (i8 over the whole range;
// bf16 multiples of 1/8: exact sums), on shapes that divide no tile or
// group (K = 29 and 601), with 1 and 3 threads.
// RUN: %difftest --threads 1,3 %s --no-warnings --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s
// CHECK: PASS 4 cases

// DIFFTEST-CASE: B=2 M=37 N=53 K=29
// DIFFTEST-CASE: B=1 M=70 N=130 K=601
func.func @kernel(%a: tensor<${B}x${M}x${K}xi8>, %b: tensor<${B}x${K}x${N}xi8>, %c: tensor<${B}x${M}x${N}xi32>) -> tensor<${B}x${M}x${N}xi32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<${B}x${M}x${K}xi8>, tensor<${B}x${K}x${N}xi8>) outs(%c : tensor<${B}x${M}x${N}xi32>) -> tensor<${B}x${M}x${N}xi32>
  return %r : tensor<${B}x${M}x${N}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${B}x${M}x${K}xi8>
  %b = memref.alloc() : memref<${B}x${K}x${N}xi8>
  %c = memref.alloc() : memref<${B}x${M}x${N}xi32>
  %ua = memref.cast %a : memref<${B}x${M}x${K}xi8> to memref<*xi8>
  %ub = memref.cast %b : memref<${B}x${K}x${N}xi8> to memref<*xi8>
  %uc = memref.cast %c : memref<${B}x${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub, %s2) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uc, %s3) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${B}x${M}x${K}xi8> to tensor<${B}x${M}x${K}xi8>
  %tb = bufferization.to_tensor %b restrict : memref<${B}x${K}x${N}xi8> to tensor<${B}x${K}x${N}xi8>
  %tc = bufferization.to_tensor %c restrict writable : memref<${B}x${M}x${N}xi32> to tensor<${B}x${M}x${N}xi32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${B}x${M}x${K}xi8>, tensor<${B}x${K}x${N}xi8>, tensor<${B}x${M}x${N}xi32>) -> tensor<${B}x${M}x${N}xi32>
  %rm = bufferization.to_buffer %r : tensor<${B}x${M}x${N}xi32> to memref<${B}x${M}x${N}xi32>
  %ur = memref.cast %rm : memref<${B}x${M}x${N}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
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

// -----

// DIFFTEST-CASE: B=2 M=37 N=53 K=29
// DIFFTEST-CASE: B=1 M=70 N=130 K=601
func.func @kernel(%a: tensor<${B}x${M}x${K}xbf16>, %b: tensor<${B}x${K}x${N}xbf16>, %c: tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<${B}x${M}x${K}xbf16>, tensor<${B}x${K}x${N}xbf16>) outs(%c : tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  return %r : tensor<${B}x${M}x${N}xf32>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${B}x${M}x${K}xbf16>
  %b = memref.alloc() : memref<${B}x${K}x${N}xbf16>
  %c = memref.alloc() : memref<${B}x${M}x${N}xf32>
  %ua = memref.cast %a : memref<${B}x${M}x${K}xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${B}x${K}x${N}xbf16> to memref<*xbf16>
  %uc = memref.cast %c : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtileFillBF16(%ua, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%ub, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${B}x${M}x${K}xbf16> to tensor<${B}x${M}x${K}xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${B}x${K}x${N}xbf16> to tensor<${B}x${K}x${N}xbf16>
  %tc = bufferization.to_tensor %c restrict writable : memref<${B}x${M}x${N}xf32> to tensor<${B}x${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${B}x${M}x${K}xbf16>, tensor<${B}x${K}x${N}xbf16>, tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${B}x${M}x${N}xf32> to memref<${B}x${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${B}x${M}x${N}xf32> to memref<*xf32>
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
