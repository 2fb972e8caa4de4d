// Execution: minnumf / maxnumf reductions ignore NaNs as the payload does:
// inputs and initial values are mostly NaN (700 in 1000; -0 100 in 1000,
// the rest +0 or positive), so that whole rows, their initial values
// included, are NaN (the result is NaN: the accumulators' identity must be
// NaN, not an infinity). Which zero a minnum(-0, +0) returns is unspecified:
// zeros compare without their sign.
// RUN: %difftest %s --any-zero-sign | FileCheck %s
// CHECK: PASS 5 cases

// DIFFTEST-CASE: M=64 N=1
// DIFFTEST-CASE: M=33 N=2
// DIFFTEST-CASE: M=17 N=5
// DIFFTEST-CASE: M=9 N=17
// DIFFTEST-CASE: M=5 N=100

func.func @minnum_f32(%in0: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x0: f32, %acc: f32):
    %r = arith.minnumf %x0, %acc : f32
    linalg.yield %r : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @maxnum_f32(%in0: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x0: f32, %acc: f32):
    %n = arith.negf %x0 : f32
    %r = arith.maxnumf %acc, %n : f32
    linalg.yield %r : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @minnum_f16_f64(%in0: tensor<${M}x${N}xf16>, %o: tensor<${M}xf64>) -> tensor<${M}xf64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xf16>) outs(%o : tensor<${M}xf64>) {
  ^bb0(%x0: f16, %acc: f64):
    %w = arith.extf %x0 : f16 to f64
    %r = arith.minnumf %w, %acc : f64
    linalg.yield %r : f64
  } -> tensor<${M}xf64>
  return %r : tensor<${M}xf64>
}
func.func @maxnum_bf16_dynamic(%in0: tensor<?x?xbf16>, %o: tensor<?xbf16>) -> tensor<?xbf16> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<?x?xbf16>) outs(%o : tensor<?xbf16>) {
  ^bb0(%x0: bf16, %acc: bf16):
    %r = arith.maxnumf %acc, %x0 : bf16
    linalg.yield %r : bf16
  } -> tensor<?xbf16>
  return %r : tensor<?xbf16>
}
func.func private @regtileFillZerosBF16(memref<*xbf16>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillZerosF16(memref<*xf16>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillZerosF32(memref<*xf32>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillZerosF64(memref<*xf64>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtilePrintBF16(memref<*xbf16>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func @main() {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  %c7 = arith.constant 7 : i64
  %c8 = arith.constant 8 : i64
  %c100 = arith.constant 100 : i64
  %c700 = arith.constant 700 : i64
  %minnum_f32_b0 = memref.alloc() : memref<${M}x${N}xf32>
  %minnum_f32_b0u = memref.cast %minnum_f32_b0 : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%minnum_f32_b0u, %c1, %c100, %c700) : (memref<*xf32>, i64, i64, i64) -> ()
  %minnum_f32_b0t = bufferization.to_tensor %minnum_f32_b0 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %minnum_f32_b1 = memref.alloc() : memref<${M}xf32>
  %minnum_f32_b1u = memref.cast %minnum_f32_b1 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%minnum_f32_b1u, %c2, %c100, %c700) : (memref<*xf32>, i64, i64, i64) -> ()
  %minnum_f32_b1t = bufferization.to_tensor %minnum_f32_b1 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %minnum_f32_r = call @minnum_f32(%minnum_f32_b0t, %minnum_f32_b1t) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %minnum_f32_m = bufferization.to_buffer %minnum_f32_r : tensor<${M}xf32> to memref<${M}xf32>
  %minnum_f32_u = memref.cast %minnum_f32_m : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%minnum_f32_u) : (memref<*xf32>) -> ()
  %maxnum_f32_b0 = memref.alloc() : memref<${M}x${N}xf32>
  %maxnum_f32_b0u = memref.cast %maxnum_f32_b0 : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%maxnum_f32_b0u, %c3, %c100, %c700) : (memref<*xf32>, i64, i64, i64) -> ()
  %maxnum_f32_b0t = bufferization.to_tensor %maxnum_f32_b0 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %maxnum_f32_b1 = memref.alloc() : memref<${M}xf32>
  %maxnum_f32_b1u = memref.cast %maxnum_f32_b1 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%maxnum_f32_b1u, %c4, %c100, %c700) : (memref<*xf32>, i64, i64, i64) -> ()
  %maxnum_f32_b1t = bufferization.to_tensor %maxnum_f32_b1 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %maxnum_f32_r = call @maxnum_f32(%maxnum_f32_b0t, %maxnum_f32_b1t) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %maxnum_f32_m = bufferization.to_buffer %maxnum_f32_r : tensor<${M}xf32> to memref<${M}xf32>
  %maxnum_f32_u = memref.cast %maxnum_f32_m : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%maxnum_f32_u) : (memref<*xf32>) -> ()
  %minnum_f16_f64_b0 = memref.alloc() : memref<${M}x${N}xf16>
  %minnum_f16_f64_b0u = memref.cast %minnum_f16_f64_b0 : memref<${M}x${N}xf16> to memref<*xf16>
  call @regtileFillZerosF16(%minnum_f16_f64_b0u, %c5, %c100, %c700) : (memref<*xf16>, i64, i64, i64) -> ()
  %minnum_f16_f64_b0t = bufferization.to_tensor %minnum_f16_f64_b0 restrict : memref<${M}x${N}xf16> to tensor<${M}x${N}xf16>
  %minnum_f16_f64_b1 = memref.alloc() : memref<${M}xf64>
  %minnum_f16_f64_b1u = memref.cast %minnum_f16_f64_b1 : memref<${M}xf64> to memref<*xf64>
  call @regtileFillZerosF64(%minnum_f16_f64_b1u, %c6, %c100, %c700) : (memref<*xf64>, i64, i64, i64) -> ()
  %minnum_f16_f64_b1t = bufferization.to_tensor %minnum_f16_f64_b1 restrict writable : memref<${M}xf64> to tensor<${M}xf64>
  %minnum_f16_f64_r = call @minnum_f16_f64(%minnum_f16_f64_b0t, %minnum_f16_f64_b1t) : (tensor<${M}x${N}xf16>, tensor<${M}xf64>) -> tensor<${M}xf64>
  %minnum_f16_f64_m = bufferization.to_buffer %minnum_f16_f64_r : tensor<${M}xf64> to memref<${M}xf64>
  %minnum_f16_f64_u = memref.cast %minnum_f16_f64_m : memref<${M}xf64> to memref<*xf64>
  call @regtilePrintF64(%minnum_f16_f64_u) : (memref<*xf64>) -> ()
  %maxnum_bf16_dynamic_b0 = memref.alloc() : memref<${M}x${N}xbf16>
  %maxnum_bf16_dynamic_b0u = memref.cast %maxnum_bf16_dynamic_b0 : memref<${M}x${N}xbf16> to memref<*xbf16>
  call @regtileFillZerosBF16(%maxnum_bf16_dynamic_b0u, %c7, %c100, %c700) : (memref<*xbf16>, i64, i64, i64) -> ()
  %maxnum_bf16_dynamic_b0t = bufferization.to_tensor %maxnum_bf16_dynamic_b0 restrict : memref<${M}x${N}xbf16> to tensor<${M}x${N}xbf16>
  %maxnum_bf16_dynamic_b0d = tensor.cast %maxnum_bf16_dynamic_b0t : tensor<${M}x${N}xbf16> to tensor<?x?xbf16>
  %maxnum_bf16_dynamic_b1 = memref.alloc() : memref<${M}xbf16>
  %maxnum_bf16_dynamic_b1u = memref.cast %maxnum_bf16_dynamic_b1 : memref<${M}xbf16> to memref<*xbf16>
  call @regtileFillZerosBF16(%maxnum_bf16_dynamic_b1u, %c8, %c100, %c700) : (memref<*xbf16>, i64, i64, i64) -> ()
  %maxnum_bf16_dynamic_b1t = bufferization.to_tensor %maxnum_bf16_dynamic_b1 restrict writable : memref<${M}xbf16> to tensor<${M}xbf16>
  %maxnum_bf16_dynamic_b1d = tensor.cast %maxnum_bf16_dynamic_b1t : tensor<${M}xbf16> to tensor<?xbf16>
  %maxnum_bf16_dynamic_r = call @maxnum_bf16_dynamic(%maxnum_bf16_dynamic_b0d, %maxnum_bf16_dynamic_b1d) : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?xbf16>
  %maxnum_bf16_dynamic_m = bufferization.to_buffer %maxnum_bf16_dynamic_r : tensor<?xbf16> to memref<?xbf16>
  %maxnum_bf16_dynamic_u = memref.cast %maxnum_bf16_dynamic_m : memref<?xbf16> to memref<*xbf16>
  call @regtilePrintBF16(%maxnum_bf16_dynamic_u) : (memref<*xbf16>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f0 = transform.structured.match ops{["func.func"]} attributes{sym_name = "minnum_f32"} in %root : (!transform.any_op) -> !transform.any_op
    %g0 = transform.structured.match ops{["linalg.generic"]} in %f0 : (!transform.any_op) -> !transform.any_op
    %l0, %c0 = transform.regtile.reduce_to_vector_accumulator %g0  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "maxnum_f32"} in %root : (!transform.any_op) -> !transform.any_op
    %g1 = transform.structured.match ops{["linalg.generic"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %l1, %c1 = transform.regtile.reduce_to_vector_accumulator %g1 {accumulators = 3, rows = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "minnum_f16_f64"} in %root : (!transform.any_op) -> !transform.any_op
    %g2 = transform.structured.match ops{["linalg.generic"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g2 {accumulators = 8} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f3 = transform.structured.match ops{["func.func"]} attributes{sym_name = "maxnum_bf16_dynamic"} in %root : (!transform.any_op) -> !transform.any_op
    %g3 = transform.structured.match ops{["linalg.generic"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %l3, %c3 = transform.regtile.reduce_to_vector_accumulator %g3 {accumulators = 1, rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

