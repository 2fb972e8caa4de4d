// Execution: minimumf / maximumf reductions give IEEE 754-2019 results bit
// for bit, signed zeros included (minimum(-0, +0) = -0, maximum = +0) and
// NaN propagated: inputs and initial values are +0 or positive with a -0
// (about 4 in 1000) or a NaN (1 in 1000) in varying lanes, rows and tails;
// maximumf reduces the negated values (-0 from +0). f32, f16 and bf16 widened
// or not, a transposed input, a product prologue, fixed and default knobs,
// dynamic shapes. (regtile-lower-to-llvm used to expand minimumf/maximumf
// with upstream arith-expand: a cmpf + select that returns the second
// operand for -0 vs +0.)
// RUN: %difftest %s | FileCheck %s
// CHECK: PASS 6 cases

// DIFFTEST-CASE: M=3 N=31
// DIFFTEST-CASE: M=13 N=13
// DIFFTEST-CASE: M=5 N=257
// DIFFTEST-CASE: M=64 N=17
// DIFFTEST-CASE: M=33 N=100
// DIFFTEST-CASE: M=1 N=1

func.func @min_f32(%in0: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x0: f32, %acc: f32):
    %r = arith.minimumf %x0, %acc : f32
    linalg.yield %r : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @max_f32(%in0: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x0: f32, %acc: f32):
    %n = arith.negf %x0 : f32
    %r = arith.maximumf %acc, %n : f32
    linalg.yield %r : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @min_f16_f64_transposed(%in0: tensor<3x${M}x${N}xf16>, %o: tensor<${M}x3xf64>) -> tensor<${M}x3xf64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, b, j) -> (b, i, j)>, affine_map<(i, b, j) -> (i, b)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%in0 : tensor<3x${M}x${N}xf16>) outs(%o : tensor<${M}x3xf64>) {
  ^bb0(%x0: f16, %acc: f64):
    %w = arith.extf %x0 : f16 to f64
    %r = arith.minimumf %w, %acc : f64
    linalg.yield %r : f64
  } -> tensor<${M}x3xf64>
  return %r : tensor<${M}x3xf64>
}
func.func @max_dot_f32_f64(%in0: tensor<${M}x${N}xf32>, %in1: tensor<${M}x${N}xf32>, %o: tensor<${M}xf64>) -> tensor<${M}xf64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<${M}x${N}xf32>, tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf64>) {
  ^bb0(%x0: f32, %x1: f32, %acc: f64):
    %p = arith.mulf %x0, %x1 : f32
    %n = arith.negf %p : f32
    %w = arith.extf %n : f32 to f64
    %r = arith.maximumf %w, %acc : f64
    linalg.yield %r : f64
  } -> tensor<${M}xf64>
  return %r : tensor<${M}xf64>
}
func.func @min_bf16_dynamic(%in0: tensor<?x?xbf16>, %o: tensor<?xbf16>) -> tensor<?xbf16> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<?x?xbf16>) outs(%o : tensor<?xbf16>) {
  ^bb0(%x0: bf16, %acc: bf16):
    %r = arith.minimumf %acc, %x0 : bf16
    linalg.yield %r : bf16
  } -> tensor<?xbf16>
  return %r : tensor<?xbf16>
}
func.func @max_f64_rows4(%in0: tensor<?x?xf64>, %o: tensor<?xf64>) -> tensor<?xf64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<?x?xf64>) outs(%o : tensor<?xf64>) {
  ^bb0(%x0: f64, %acc: f64):
    %n = arith.negf %x0 : f64
    %r = arith.maximumf %n, %acc : f64
    linalg.yield %r : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
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
  %c9 = arith.constant 9 : i64
  %c10 = arith.constant 10 : i64
  %c11 = arith.constant 11 : i64
  %c12 = arith.constant 12 : i64
  %c13 = arith.constant 13 : i64
  %min_f32_b0 = memref.alloc() : memref<${M}x${N}xf32>
  %min_f32_b0u = memref.cast %min_f32_b0 : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%min_f32_b0u, %c1, %c4, %c1) : (memref<*xf32>, i64, i64, i64) -> ()
  %min_f32_b0t = bufferization.to_tensor %min_f32_b0 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %min_f32_b1 = memref.alloc() : memref<${M}xf32>
  %min_f32_b1u = memref.cast %min_f32_b1 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%min_f32_b1u, %c2, %c4, %c1) : (memref<*xf32>, i64, i64, i64) -> ()
  %min_f32_b1t = bufferization.to_tensor %min_f32_b1 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %min_f32_r = call @min_f32(%min_f32_b0t, %min_f32_b1t) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %min_f32_m = bufferization.to_buffer %min_f32_r : tensor<${M}xf32> to memref<${M}xf32>
  %min_f32_u = memref.cast %min_f32_m : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%min_f32_u) : (memref<*xf32>) -> ()
  %max_f32_b0 = memref.alloc() : memref<${M}x${N}xf32>
  %max_f32_b0u = memref.cast %max_f32_b0 : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%max_f32_b0u, %c3, %c4, %c1) : (memref<*xf32>, i64, i64, i64) -> ()
  %max_f32_b0t = bufferization.to_tensor %max_f32_b0 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %max_f32_b1 = memref.alloc() : memref<${M}xf32>
  %max_f32_b1u = memref.cast %max_f32_b1 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%max_f32_b1u, %c4, %c4, %c1) : (memref<*xf32>, i64, i64, i64) -> ()
  %max_f32_b1t = bufferization.to_tensor %max_f32_b1 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %max_f32_r = call @max_f32(%max_f32_b0t, %max_f32_b1t) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %max_f32_m = bufferization.to_buffer %max_f32_r : tensor<${M}xf32> to memref<${M}xf32>
  %max_f32_u = memref.cast %max_f32_m : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%max_f32_u) : (memref<*xf32>) -> ()
  %min_f16_f64_transposed_b0 = memref.alloc() : memref<3x${M}x${N}xf16>
  %min_f16_f64_transposed_b0u = memref.cast %min_f16_f64_transposed_b0 : memref<3x${M}x${N}xf16> to memref<*xf16>
  call @regtileFillZerosF16(%min_f16_f64_transposed_b0u, %c5, %c4, %c1) : (memref<*xf16>, i64, i64, i64) -> ()
  %min_f16_f64_transposed_b0t = bufferization.to_tensor %min_f16_f64_transposed_b0 restrict : memref<3x${M}x${N}xf16> to tensor<3x${M}x${N}xf16>
  %min_f16_f64_transposed_b1 = memref.alloc() : memref<${M}x3xf64>
  %min_f16_f64_transposed_b1u = memref.cast %min_f16_f64_transposed_b1 : memref<${M}x3xf64> to memref<*xf64>
  call @regtileFillZerosF64(%min_f16_f64_transposed_b1u, %c6, %c4, %c1) : (memref<*xf64>, i64, i64, i64) -> ()
  %min_f16_f64_transposed_b1t = bufferization.to_tensor %min_f16_f64_transposed_b1 restrict writable : memref<${M}x3xf64> to tensor<${M}x3xf64>
  %min_f16_f64_transposed_r = call @min_f16_f64_transposed(%min_f16_f64_transposed_b0t, %min_f16_f64_transposed_b1t) : (tensor<3x${M}x${N}xf16>, tensor<${M}x3xf64>) -> tensor<${M}x3xf64>
  %min_f16_f64_transposed_m = bufferization.to_buffer %min_f16_f64_transposed_r : tensor<${M}x3xf64> to memref<${M}x3xf64>
  %min_f16_f64_transposed_u = memref.cast %min_f16_f64_transposed_m : memref<${M}x3xf64> to memref<*xf64>
  call @regtilePrintF64(%min_f16_f64_transposed_u) : (memref<*xf64>) -> ()
  %max_dot_f32_f64_b0 = memref.alloc() : memref<${M}x${N}xf32>
  %max_dot_f32_f64_b0u = memref.cast %max_dot_f32_f64_b0 : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%max_dot_f32_f64_b0u, %c7, %c4, %c1) : (memref<*xf32>, i64, i64, i64) -> ()
  %max_dot_f32_f64_b0t = bufferization.to_tensor %max_dot_f32_f64_b0 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %max_dot_f32_f64_b1 = memref.alloc() : memref<${M}x${N}xf32>
  %max_dot_f32_f64_b1u = memref.cast %max_dot_f32_f64_b1 : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillZerosF32(%max_dot_f32_f64_b1u, %c8, %c4, %c1) : (memref<*xf32>, i64, i64, i64) -> ()
  %max_dot_f32_f64_b1t = bufferization.to_tensor %max_dot_f32_f64_b1 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %max_dot_f32_f64_b2 = memref.alloc() : memref<${M}xf64>
  %max_dot_f32_f64_b2u = memref.cast %max_dot_f32_f64_b2 : memref<${M}xf64> to memref<*xf64>
  call @regtileFillZerosF64(%max_dot_f32_f64_b2u, %c9, %c4, %c1) : (memref<*xf64>, i64, i64, i64) -> ()
  %max_dot_f32_f64_b2t = bufferization.to_tensor %max_dot_f32_f64_b2 restrict writable : memref<${M}xf64> to tensor<${M}xf64>
  %max_dot_f32_f64_r = call @max_dot_f32_f64(%max_dot_f32_f64_b0t, %max_dot_f32_f64_b1t, %max_dot_f32_f64_b2t) : (tensor<${M}x${N}xf32>, tensor<${M}x${N}xf32>, tensor<${M}xf64>) -> tensor<${M}xf64>
  %max_dot_f32_f64_m = bufferization.to_buffer %max_dot_f32_f64_r : tensor<${M}xf64> to memref<${M}xf64>
  %max_dot_f32_f64_u = memref.cast %max_dot_f32_f64_m : memref<${M}xf64> to memref<*xf64>
  call @regtilePrintF64(%max_dot_f32_f64_u) : (memref<*xf64>) -> ()
  %min_bf16_dynamic_b0 = memref.alloc() : memref<${M}x${N}xbf16>
  %min_bf16_dynamic_b0u = memref.cast %min_bf16_dynamic_b0 : memref<${M}x${N}xbf16> to memref<*xbf16>
  call @regtileFillZerosBF16(%min_bf16_dynamic_b0u, %c10, %c4, %c1) : (memref<*xbf16>, i64, i64, i64) -> ()
  %min_bf16_dynamic_b0t = bufferization.to_tensor %min_bf16_dynamic_b0 restrict : memref<${M}x${N}xbf16> to tensor<${M}x${N}xbf16>
  %min_bf16_dynamic_b0d = tensor.cast %min_bf16_dynamic_b0t : tensor<${M}x${N}xbf16> to tensor<?x?xbf16>
  %min_bf16_dynamic_b1 = memref.alloc() : memref<${M}xbf16>
  %min_bf16_dynamic_b1u = memref.cast %min_bf16_dynamic_b1 : memref<${M}xbf16> to memref<*xbf16>
  call @regtileFillZerosBF16(%min_bf16_dynamic_b1u, %c11, %c4, %c1) : (memref<*xbf16>, i64, i64, i64) -> ()
  %min_bf16_dynamic_b1t = bufferization.to_tensor %min_bf16_dynamic_b1 restrict writable : memref<${M}xbf16> to tensor<${M}xbf16>
  %min_bf16_dynamic_b1d = tensor.cast %min_bf16_dynamic_b1t : tensor<${M}xbf16> to tensor<?xbf16>
  %min_bf16_dynamic_r = call @min_bf16_dynamic(%min_bf16_dynamic_b0d, %min_bf16_dynamic_b1d) : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?xbf16>
  %min_bf16_dynamic_m = bufferization.to_buffer %min_bf16_dynamic_r : tensor<?xbf16> to memref<?xbf16>
  %min_bf16_dynamic_u = memref.cast %min_bf16_dynamic_m : memref<?xbf16> to memref<*xbf16>
  call @regtilePrintBF16(%min_bf16_dynamic_u) : (memref<*xbf16>) -> ()
  %max_f64_rows4_b0 = memref.alloc() : memref<${M}x${N}xf64>
  %max_f64_rows4_b0u = memref.cast %max_f64_rows4_b0 : memref<${M}x${N}xf64> to memref<*xf64>
  call @regtileFillZerosF64(%max_f64_rows4_b0u, %c12, %c4, %c1) : (memref<*xf64>, i64, i64, i64) -> ()
  %max_f64_rows4_b0t = bufferization.to_tensor %max_f64_rows4_b0 restrict : memref<${M}x${N}xf64> to tensor<${M}x${N}xf64>
  %max_f64_rows4_b0d = tensor.cast %max_f64_rows4_b0t : tensor<${M}x${N}xf64> to tensor<?x?xf64>
  %max_f64_rows4_b1 = memref.alloc() : memref<${M}xf64>
  %max_f64_rows4_b1u = memref.cast %max_f64_rows4_b1 : memref<${M}xf64> to memref<*xf64>
  call @regtileFillZerosF64(%max_f64_rows4_b1u, %c13, %c4, %c1) : (memref<*xf64>, i64, i64, i64) -> ()
  %max_f64_rows4_b1t = bufferization.to_tensor %max_f64_rows4_b1 restrict writable : memref<${M}xf64> to tensor<${M}xf64>
  %max_f64_rows4_b1d = tensor.cast %max_f64_rows4_b1t : tensor<${M}xf64> to tensor<?xf64>
  %max_f64_rows4_r = call @max_f64_rows4(%max_f64_rows4_b0d, %max_f64_rows4_b1d) : (tensor<?x?xf64>, tensor<?xf64>) -> tensor<?xf64>
  %max_f64_rows4_m = bufferization.to_buffer %max_f64_rows4_r : tensor<?xf64> to memref<?xf64>
  %max_f64_rows4_u = memref.cast %max_f64_rows4_m : memref<?xf64> to memref<*xf64>
  call @regtilePrintF64(%max_f64_rows4_u) : (memref<*xf64>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f0 = transform.structured.match ops{["func.func"]} attributes{sym_name = "min_f32"} in %root : (!transform.any_op) -> !transform.any_op
    %g0 = transform.structured.match ops{["linalg.generic"]} in %f0 : (!transform.any_op) -> !transform.any_op
    %l0, %c0 = transform.regtile.reduce_to_vector_accumulator %g0  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "max_f32"} in %root : (!transform.any_op) -> !transform.any_op
    %g1 = transform.structured.match ops{["linalg.generic"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %l1, %c1 = transform.regtile.reduce_to_vector_accumulator %g1 {accumulators = 3, rows = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "min_f16_f64_transposed"} in %root : (!transform.any_op) -> !transform.any_op
    %g2 = transform.structured.match ops{["linalg.generic"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g2  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f3 = transform.structured.match ops{["func.func"]} attributes{sym_name = "max_dot_f32_f64"} in %root : (!transform.any_op) -> !transform.any_op
    %g3 = transform.structured.match ops{["linalg.generic"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %l3, %c3 = transform.regtile.reduce_to_vector_accumulator %g3 {accumulators = 8} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f4 = transform.structured.match ops{["func.func"]} attributes{sym_name = "min_bf16_dynamic"} in %root : (!transform.any_op) -> !transform.any_op
    %g4 = transform.structured.match ops{["linalg.generic"]} in %f4 : (!transform.any_op) -> !transform.any_op
    %l4, %c4 = transform.regtile.reduce_to_vector_accumulator %g4 {accumulators = 1, rows = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f5 = transform.structured.match ops{["func.func"]} attributes{sym_name = "max_f64_rows4"} in %root : (!transform.any_op) -> !transform.any_op
    %g5 = transform.structured.match ops{["linalg.generic"]} in %f5 : (!transform.any_op) -> !transform.any_op
    %l5, %c5 = transform.regtile.reduce_to_vector_accumulator %g5 {rows = 4, accumulators = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

