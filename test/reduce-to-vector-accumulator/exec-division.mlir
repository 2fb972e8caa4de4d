// Execution: integer division and remainder in the prologue (divsi, divui,
// remsi, remui, ceildivsi, ceildivui, floordivsi) with divisors that are
// never 0 among the real elements, on rows that leave a masked tail: the
// lanes past the end hold padding (poison, often 0), and x86 traps on a
// zero divisor (SIGFPE), so the tail divides those lanes by 1. Negative and
// positive divisors, remainders, a divisor broadcast along the rows,
// static and dynamic shapes; and on buffers whose rows go on with zeros.
// RUN: %difftest %s | FileCheck %s
// CHECK: PASS 8 cases

// DIFFTEST-CASE: M=5 N=129
// DIFFTEST-CASE: M=3 N=7
// DIFFTEST-CASE: M=17 N=33
// DIFFTEST-CASE: M=4 N=64
// DIFFTEST-CASE: M=1 N=1

func.func @divsi_i8(%in0: tensor<?x?xi8>, %in1: tensor<?x?xi8>, %o: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?xi8>, tensor<?x?xi8>) outs(%o : tensor<?xi32>) {
  ^bb0(%x0: i8, %x1: i8, %acc: i32):
    %q = arith.divsi %x0, %x1 : i8
    %w = arith.extsi %q : i8 to i32
    %r = arith.addi %w, %acc : i32
    linalg.yield %r : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @divui_i8(%in0: tensor<${M}x${N}xi8>, %in1: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x0: i8, %x1: i8, %acc: i32):
    %q = arith.divui %x0, %x1 : i8
    %w = arith.extsi %q : i8 to i32
    %r = arith.xori %w, %acc : i32
    linalg.yield %r : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @remsi_i32(%in0: tensor<?x?xi32>, %in1: tensor<?x?xi32>, %o: tensor<?xi64>) -> tensor<?xi64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?xi32>, tensor<?x?xi32>) outs(%o : tensor<?xi64>) {
  ^bb0(%x0: i32, %x1: i32, %acc: i64):
    %q = arith.remsi %x0, %x1 : i32
    %w = arith.extsi %q : i32 to i64
    %r = arith.addi %w, %acc : i64
    linalg.yield %r : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @remui_i16(%in0: tensor<${M}x${N}xi16>, %in1: tensor<${N}xi16>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<${M}x${N}xi16>, tensor<${N}xi16>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x0: i16, %x1: i16, %acc: i32):
    %q = arith.remui %x0, %x1 : i16
    %w = arith.extsi %q : i16 to i32
    %r = arith.maxui %w, %acc : i32
    linalg.yield %r : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @ceildivsi_i64(%in0: tensor<?x?xi64>, %in1: tensor<?x?xi64>, %o: tensor<?xi64>) -> tensor<?xi64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?xi64>, tensor<?x?xi64>) outs(%o : tensor<?xi64>) {
  ^bb0(%x0: i64, %x1: i64, %acc: i64):
    %q = arith.ceildivsi %x0, %x1 : i64
    %r = arith.addi %q, %acc : i64
    linalg.yield %r : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @ceildivui_i32(%in0: tensor<${M}x${N}xi32>, %in1: tensor<${M}x${N}xi32>, %o: tensor<${M}xi64>) -> tensor<${M}xi64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<${M}x${N}xi32>, tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi64>) {
  ^bb0(%x0: i32, %x1: i32, %acc: i64):
    %q = arith.ceildivui %x0, %x1 : i32
    %w = arith.extsi %q : i32 to i64
    %r = arith.addi %w, %acc : i64
    linalg.yield %r : i64
  } -> tensor<${M}xi64>
  return %r : tensor<${M}xi64>
}
func.func @floordivsi_i8(%in0: tensor<?x?xi8>, %in1: tensor<?x?xi8>, %o: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?xi8>, tensor<?x?xi8>) outs(%o : tensor<?xi32>) {
  ^bb0(%x0: i8, %x1: i8, %acc: i32):
    %q = arith.floordivsi %x0, %x1 : i8
    %w = arith.extsi %q : i8 to i32
    %r = arith.minsi %w, %acc : i32
    linalg.yield %r : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func private @regtileFillI16(memref<*xi16>, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillI64(memref<*xi64>, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillI8(memref<*xi8>, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillRangeI16(memref<*xi16>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillRangeI32(memref<*xi32>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillRangeI64(memref<*xi64>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillRangeI8(memref<*xi8>, i64, i64, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func @main() {
  %cm127 = arith.constant -127 : i64
  %cm100 = arith.constant -100 : i64
  %cm5 = arith.constant -5 : i64
  %cm1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : i64
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
  %c14 = arith.constant 14 : i64
  %c15 = arith.constant 15 : i64
  %c16 = arith.constant 16 : i64
  %c17 = arith.constant 17 : i64
  %c18 = arith.constant 18 : i64
  %c19 = arith.constant 19 : i64
  %c20 = arith.constant 20 : i64
  %c21 = arith.constant 21 : i64
  %c100 = arith.constant 100 : i64
  %c127 = arith.constant 127 : i64
  %c1000 = arith.constant 1000 : i64
  %divsi_i8_b0 = memref.alloc() : memref<${M}x${N}xi8>
  %divsi_i8_b0u = memref.cast %divsi_i8_b0 : memref<${M}x${N}xi8> to memref<*xi8>
  call @regtileFillRangeI8(%divsi_i8_b0u, %c1, %cm127, %c127) : (memref<*xi8>, i64, i64, i64) -> ()
  %divsi_i8_b0t = bufferization.to_tensor %divsi_i8_b0 restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %divsi_i8_b0d = tensor.cast %divsi_i8_b0t : tensor<${M}x${N}xi8> to tensor<?x?xi8>
  %divsi_i8_b1 = memref.alloc() : memref<${M}x${N}xi8>
  %divsi_i8_b1u = memref.cast %divsi_i8_b1 : memref<${M}x${N}xi8> to memref<*xi8>
  call @regtileFillRangeI8(%divsi_i8_b1u, %c2, %cm100, %cm1) : (memref<*xi8>, i64, i64, i64) -> ()
  %divsi_i8_b1t = bufferization.to_tensor %divsi_i8_b1 restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %divsi_i8_b1d = tensor.cast %divsi_i8_b1t : tensor<${M}x${N}xi8> to tensor<?x?xi8>
  %divsi_i8_b2 = memref.alloc() : memref<${M}xi32>
  %divsi_i8_b2u = memref.cast %divsi_i8_b2 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%divsi_i8_b2u, %c3) : (memref<*xi32>, i64) -> ()
  %divsi_i8_b2t = bufferization.to_tensor %divsi_i8_b2 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %divsi_i8_b2d = tensor.cast %divsi_i8_b2t : tensor<${M}xi32> to tensor<?xi32>
  %divsi_i8_r = call @divsi_i8(%divsi_i8_b0d, %divsi_i8_b1d, %divsi_i8_b2d) : (tensor<?x?xi8>, tensor<?x?xi8>, tensor<?xi32>) -> tensor<?xi32>
  %divsi_i8_m = bufferization.to_buffer %divsi_i8_r : tensor<?xi32> to memref<?xi32>
  %divsi_i8_u = memref.cast %divsi_i8_m : memref<?xi32> to memref<*xi32>
  call @regtilePrintI32(%divsi_i8_u) : (memref<*xi32>) -> ()
  %divui_i8_b0 = memref.alloc() : memref<${M}x${N}xi8>
  %divui_i8_b0u = memref.cast %divui_i8_b0 : memref<${M}x${N}xi8> to memref<*xi8>
  call @regtileFillI8(%divui_i8_b0u, %c4) : (memref<*xi8>, i64) -> ()
  %divui_i8_b0t = bufferization.to_tensor %divui_i8_b0 restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %divui_i8_b1 = memref.alloc() : memref<${M}x${N}xi8>
  %divui_i8_b1u = memref.cast %divui_i8_b1 : memref<${M}x${N}xi8> to memref<*xi8>
  call @regtileFillRangeI8(%divui_i8_b1u, %c5, %c1, %c100) : (memref<*xi8>, i64, i64, i64) -> ()
  %divui_i8_b1t = bufferization.to_tensor %divui_i8_b1 restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %divui_i8_b2 = memref.alloc() : memref<${M}xi32>
  %divui_i8_b2u = memref.cast %divui_i8_b2 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%divui_i8_b2u, %c6) : (memref<*xi32>, i64) -> ()
  %divui_i8_b2t = bufferization.to_tensor %divui_i8_b2 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %divui_i8_r = call @divui_i8(%divui_i8_b0t, %divui_i8_b1t, %divui_i8_b2t) : (tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %divui_i8_m = bufferization.to_buffer %divui_i8_r : tensor<${M}xi32> to memref<${M}xi32>
  %divui_i8_u = memref.cast %divui_i8_m : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%divui_i8_u) : (memref<*xi32>) -> ()
  %remsi_i32_b0 = memref.alloc() : memref<${M}x${N}xi32>
  %remsi_i32_b0u = memref.cast %remsi_i32_b0 : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI32(%remsi_i32_b0u, %c7) : (memref<*xi32>, i64) -> ()
  %remsi_i32_b0t = bufferization.to_tensor %remsi_i32_b0 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %remsi_i32_b0d = tensor.cast %remsi_i32_b0t : tensor<${M}x${N}xi32> to tensor<?x?xi32>
  %remsi_i32_b1 = memref.alloc() : memref<${M}x${N}xi32>
  %remsi_i32_b1u = memref.cast %remsi_i32_b1 : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillRangeI32(%remsi_i32_b1u, %c8, %c1, %c7) : (memref<*xi32>, i64, i64, i64) -> ()
  %remsi_i32_b1t = bufferization.to_tensor %remsi_i32_b1 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %remsi_i32_b1d = tensor.cast %remsi_i32_b1t : tensor<${M}x${N}xi32> to tensor<?x?xi32>
  %remsi_i32_b2 = memref.alloc() : memref<${M}xi64>
  %remsi_i32_b2u = memref.cast %remsi_i32_b2 : memref<${M}xi64> to memref<*xi64>
  call @regtileFillI64(%remsi_i32_b2u, %c9) : (memref<*xi64>, i64) -> ()
  %remsi_i32_b2t = bufferization.to_tensor %remsi_i32_b2 restrict writable : memref<${M}xi64> to tensor<${M}xi64>
  %remsi_i32_b2d = tensor.cast %remsi_i32_b2t : tensor<${M}xi64> to tensor<?xi64>
  %remsi_i32_r = call @remsi_i32(%remsi_i32_b0d, %remsi_i32_b1d, %remsi_i32_b2d) : (tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi64>) -> tensor<?xi64>
  %remsi_i32_m = bufferization.to_buffer %remsi_i32_r : tensor<?xi64> to memref<?xi64>
  %remsi_i32_u = memref.cast %remsi_i32_m : memref<?xi64> to memref<*xi64>
  call @regtilePrintI64(%remsi_i32_u) : (memref<*xi64>) -> ()
  %remui_i16_b0 = memref.alloc() : memref<${M}x${N}xi16>
  %remui_i16_b0u = memref.cast %remui_i16_b0 : memref<${M}x${N}xi16> to memref<*xi16>
  call @regtileFillI16(%remui_i16_b0u, %c10) : (memref<*xi16>, i64) -> ()
  %remui_i16_b0t = bufferization.to_tensor %remui_i16_b0 restrict : memref<${M}x${N}xi16> to tensor<${M}x${N}xi16>
  %remui_i16_b1 = memref.alloc() : memref<${N}xi16>
  %remui_i16_b1u = memref.cast %remui_i16_b1 : memref<${N}xi16> to memref<*xi16>
  call @regtileFillRangeI16(%remui_i16_b1u, %c11, %c1, %c9) : (memref<*xi16>, i64, i64, i64) -> ()
  %remui_i16_b1t = bufferization.to_tensor %remui_i16_b1 restrict : memref<${N}xi16> to tensor<${N}xi16>
  %remui_i16_b2 = memref.alloc() : memref<${M}xi32>
  %remui_i16_b2u = memref.cast %remui_i16_b2 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%remui_i16_b2u, %c12) : (memref<*xi32>, i64) -> ()
  %remui_i16_b2t = bufferization.to_tensor %remui_i16_b2 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %remui_i16_r = call @remui_i16(%remui_i16_b0t, %remui_i16_b1t, %remui_i16_b2t) : (tensor<${M}x${N}xi16>, tensor<${N}xi16>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %remui_i16_m = bufferization.to_buffer %remui_i16_r : tensor<${M}xi32> to memref<${M}xi32>
  %remui_i16_u = memref.cast %remui_i16_m : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%remui_i16_u) : (memref<*xi32>) -> ()
  %ceildivsi_i64_b0 = memref.alloc() : memref<${M}x${N}xi64>
  %ceildivsi_i64_b0u = memref.cast %ceildivsi_i64_b0 : memref<${M}x${N}xi64> to memref<*xi64>
  call @regtileFillI64(%ceildivsi_i64_b0u, %c13) : (memref<*xi64>, i64) -> ()
  %ceildivsi_i64_b0t = bufferization.to_tensor %ceildivsi_i64_b0 restrict : memref<${M}x${N}xi64> to tensor<${M}x${N}xi64>
  %ceildivsi_i64_b0d = tensor.cast %ceildivsi_i64_b0t : tensor<${M}x${N}xi64> to tensor<?x?xi64>
  %ceildivsi_i64_b1 = memref.alloc() : memref<${M}x${N}xi64>
  %ceildivsi_i64_b1u = memref.cast %ceildivsi_i64_b1 : memref<${M}x${N}xi64> to memref<*xi64>
  call @regtileFillRangeI64(%ceildivsi_i64_b1u, %c14, %cm5, %cm1) : (memref<*xi64>, i64, i64, i64) -> ()
  %ceildivsi_i64_b1t = bufferization.to_tensor %ceildivsi_i64_b1 restrict : memref<${M}x${N}xi64> to tensor<${M}x${N}xi64>
  %ceildivsi_i64_b1d = tensor.cast %ceildivsi_i64_b1t : tensor<${M}x${N}xi64> to tensor<?x?xi64>
  %ceildivsi_i64_b2 = memref.alloc() : memref<${M}xi64>
  %ceildivsi_i64_b2u = memref.cast %ceildivsi_i64_b2 : memref<${M}xi64> to memref<*xi64>
  call @regtileFillI64(%ceildivsi_i64_b2u, %c15) : (memref<*xi64>, i64) -> ()
  %ceildivsi_i64_b2t = bufferization.to_tensor %ceildivsi_i64_b2 restrict writable : memref<${M}xi64> to tensor<${M}xi64>
  %ceildivsi_i64_b2d = tensor.cast %ceildivsi_i64_b2t : tensor<${M}xi64> to tensor<?xi64>
  %ceildivsi_i64_r = call @ceildivsi_i64(%ceildivsi_i64_b0d, %ceildivsi_i64_b1d, %ceildivsi_i64_b2d) : (tensor<?x?xi64>, tensor<?x?xi64>, tensor<?xi64>) -> tensor<?xi64>
  %ceildivsi_i64_m = bufferization.to_buffer %ceildivsi_i64_r : tensor<?xi64> to memref<?xi64>
  %ceildivsi_i64_u = memref.cast %ceildivsi_i64_m : memref<?xi64> to memref<*xi64>
  call @regtilePrintI64(%ceildivsi_i64_u) : (memref<*xi64>) -> ()
  %ceildivui_i32_b0 = memref.alloc() : memref<${M}x${N}xi32>
  %ceildivui_i32_b0u = memref.cast %ceildivui_i32_b0 : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillRangeI32(%ceildivui_i32_b0u, %c16, %c0, %c1000) : (memref<*xi32>, i64, i64, i64) -> ()
  %ceildivui_i32_b0t = bufferization.to_tensor %ceildivui_i32_b0 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %ceildivui_i32_b1 = memref.alloc() : memref<${M}x${N}xi32>
  %ceildivui_i32_b1u = memref.cast %ceildivui_i32_b1 : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillRangeI32(%ceildivui_i32_b1u, %c17, %c1, %c6) : (memref<*xi32>, i64, i64, i64) -> ()
  %ceildivui_i32_b1t = bufferization.to_tensor %ceildivui_i32_b1 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %ceildivui_i32_b2 = memref.alloc() : memref<${M}xi64>
  %ceildivui_i32_b2u = memref.cast %ceildivui_i32_b2 : memref<${M}xi64> to memref<*xi64>
  call @regtileFillI64(%ceildivui_i32_b2u, %c18) : (memref<*xi64>, i64) -> ()
  %ceildivui_i32_b2t = bufferization.to_tensor %ceildivui_i32_b2 restrict writable : memref<${M}xi64> to tensor<${M}xi64>
  %ceildivui_i32_r = call @ceildivui_i32(%ceildivui_i32_b0t, %ceildivui_i32_b1t, %ceildivui_i32_b2t) : (tensor<${M}x${N}xi32>, tensor<${M}x${N}xi32>, tensor<${M}xi64>) -> tensor<${M}xi64>
  %ceildivui_i32_m = bufferization.to_buffer %ceildivui_i32_r : tensor<${M}xi64> to memref<${M}xi64>
  %ceildivui_i32_u = memref.cast %ceildivui_i32_m : memref<${M}xi64> to memref<*xi64>
  call @regtilePrintI64(%ceildivui_i32_u) : (memref<*xi64>) -> ()
  %floordivsi_i8_b0 = memref.alloc() : memref<${M}x${N}xi8>
  %floordivsi_i8_b0u = memref.cast %floordivsi_i8_b0 : memref<${M}x${N}xi8> to memref<*xi8>
  call @regtileFillRangeI8(%floordivsi_i8_b0u, %c19, %cm127, %c127) : (memref<*xi8>, i64, i64, i64) -> ()
  %floordivsi_i8_b0t = bufferization.to_tensor %floordivsi_i8_b0 restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %floordivsi_i8_b0d = tensor.cast %floordivsi_i8_b0t : tensor<${M}x${N}xi8> to tensor<?x?xi8>
  %floordivsi_i8_b1 = memref.alloc() : memref<${M}x${N}xi8>
  %floordivsi_i8_b1u = memref.cast %floordivsi_i8_b1 : memref<${M}x${N}xi8> to memref<*xi8>
  call @regtileFillRangeI8(%floordivsi_i8_b1u, %c20, %c1, %c5) : (memref<*xi8>, i64, i64, i64) -> ()
  %floordivsi_i8_b1t = bufferization.to_tensor %floordivsi_i8_b1 restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %floordivsi_i8_b1d = tensor.cast %floordivsi_i8_b1t : tensor<${M}x${N}xi8> to tensor<?x?xi8>
  %floordivsi_i8_b2 = memref.alloc() : memref<${M}xi32>
  %floordivsi_i8_b2u = memref.cast %floordivsi_i8_b2 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%floordivsi_i8_b2u, %c21) : (memref<*xi32>, i64) -> ()
  %floordivsi_i8_b2t = bufferization.to_tensor %floordivsi_i8_b2 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %floordivsi_i8_b2d = tensor.cast %floordivsi_i8_b2t : tensor<${M}xi32> to tensor<?xi32>
  %floordivsi_i8_r = call @floordivsi_i8(%floordivsi_i8_b0d, %floordivsi_i8_b1d, %floordivsi_i8_b2d) : (tensor<?x?xi8>, tensor<?x?xi8>, tensor<?xi32>) -> tensor<?xi32>
  %floordivsi_i8_m = bufferization.to_buffer %floordivsi_i8_r : tensor<?xi32> to memref<?xi32>
  %floordivsi_i8_u = memref.cast %floordivsi_i8_m : memref<?xi32> to memref<*xi32>
  call @regtilePrintI32(%floordivsi_i8_u) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f0 = transform.structured.match ops{["func.func"]} attributes{sym_name = "divsi_i8"} in %root : (!transform.any_op) -> !transform.any_op
    %g0 = transform.structured.match ops{["linalg.generic"]} in %f0 : (!transform.any_op) -> !transform.any_op
    %l0, %c0 = transform.regtile.reduce_to_vector_accumulator %g0  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "divui_i8"} in %root : (!transform.any_op) -> !transform.any_op
    %g1 = transform.structured.match ops{["linalg.generic"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %l1, %c1 = transform.regtile.reduce_to_vector_accumulator %g1 {accumulators = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "remsi_i32"} in %root : (!transform.any_op) -> !transform.any_op
    %g2 = transform.structured.match ops{["linalg.generic"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g2 {rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f3 = transform.structured.match ops{["func.func"]} attributes{sym_name = "remui_i16"} in %root : (!transform.any_op) -> !transform.any_op
    %g3 = transform.structured.match ops{["linalg.generic"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %l3, %c3 = transform.regtile.reduce_to_vector_accumulator %g3  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f4 = transform.structured.match ops{["func.func"]} attributes{sym_name = "ceildivsi_i64"} in %root : (!transform.any_op) -> !transform.any_op
    %g4 = transform.structured.match ops{["linalg.generic"]} in %f4 : (!transform.any_op) -> !transform.any_op
    %l4, %c4 = transform.regtile.reduce_to_vector_accumulator %g4 {accumulators = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f5 = transform.structured.match ops{["func.func"]} attributes{sym_name = "ceildivui_i32"} in %root : (!transform.any_op) -> !transform.any_op
    %g5 = transform.structured.match ops{["linalg.generic"]} in %f5 : (!transform.any_op) -> !transform.any_op
    %l5, %c5 = transform.regtile.reduce_to_vector_accumulator %g5 {accumulators = 1, rows = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f6 = transform.structured.match ops{["func.func"]} attributes{sym_name = "floordivsi_i8"} in %root : (!transform.any_op) -> !transform.any_op
    %g6 = transform.structured.match ops{["linalg.generic"]} in %f6 : (!transform.any_op) -> !transform.any_op
    %l6, %c6 = transform.regtile.reduce_to_vector_accumulator %g6  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}


// -----

// Buffers: the divisors are a view of a buffer whose rows go on with zeros
// (64 more elements per row), so a tail that read or divided past the end
// of a row would divide by 0.
// DIFFTEST-CASE: M=5 N=129 W=193
// DIFFTEST-CASE: M=3 N=7 W=71
// DIFFTEST-CASE: M=2 N=64 W=128
#view = strided<[?, 1], offset: ?>
func.func @divsi_view(%a: memref<?x?xi8, #view>, %b: memref<?x?xi8, #view>, %o: memref<?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : memref<?x?xi8, #view>, memref<?x?xi8, #view>) outs(%o : memref<?xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %q = arith.divsi %x, %y : i8
    %w = arith.extsi %q : i8 to i32
    %r = arith.addi %w, %acc : i32
    linalg.yield %r : i32
  }
  return
}
func.func @remui_view(%a: memref<?x?xi8, #view>, %b: memref<?x?xi8, #view>, %o: memref<?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : memref<?x?xi8, #view>, memref<?x?xi8, #view>) outs(%o : memref<?xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %q = arith.remui %x, %y : i8
    %w = arith.extui %q : i8 to i32
    %r = arith.addi %w, %acc : i32
    linalg.yield %r : i32
  }
  return
}
func.func @floordivsi_view(%a: memref<?x?xi8, #view>, %b: memref<?x?xi8, #view>, %o: memref<?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : memref<?x?xi8, #view>, memref<?x?xi8, #view>) outs(%o : memref<?xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %q = arith.floordivsi %x, %y : i8
    %w = arith.extsi %q : i8 to i32
    %r = arith.xori %w, %acc : i32
    linalg.yield %r : i32
  }
  return
}
func.func private @regtileFillRangeI8(memref<*xi8>, i64, i64, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
// A ${M} x ${N} view of a ${M} x (${N} + 64) buffer of zeros, filled in [lo, hi].
func.func @view(%seed: i64, %lo: i64, %hi: i64) -> memref<?x?xi8, #view> {
  %z = arith.constant 0 : i64
  %buf = memref.alloc() : memref<${M}x${W}xi8>
  %ub = memref.cast %buf : memref<${M}x${W}xi8> to memref<*xi8>
  call @regtileFillRangeI8(%ub, %seed, %z, %z) : (memref<*xi8>, i64, i64, i64) -> ()
  %v = memref.subview %buf[0, 0] [${M}, ${N}] [1, 1] : memref<${M}x${W}xi8> to memref<${M}x${N}xi8, strided<[${W}, 1]>>
  %uv = memref.cast %v : memref<${M}x${N}xi8, strided<[${W}, 1]>> to memref<*xi8>
  call @regtileFillRangeI8(%uv, %seed, %lo, %hi) : (memref<*xi8>, i64, i64, i64) -> ()
  %d = memref.cast %v : memref<${M}x${N}xi8, strided<[${W}, 1]>> to memref<?x?xi8, #view>
  return %d : memref<?x?xi8, #view>
}
func.func @output(%seed: i64) -> memref<?xi32> {
  %o = memref.alloc() : memref<${M}xi32>
  %uo = memref.cast %o : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%uo, %seed) : (memref<*xi32>, i64) -> ()
  %d = memref.cast %o : memref<${M}xi32> to memref<?xi32>
  return %d : memref<?xi32>
}
func.func @main() {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %cm127 = arith.constant -127 : i64
  %cm1 = arith.constant -1 : i64
  %c127 = arith.constant 127 : i64
  %c100 = arith.constant 100 : i64
  %a = call @view(%c1, %cm127, %c127) : (i64, i64, i64) -> memref<?x?xi8, #view>
  %bneg = call @view(%c2, %cm127, %cm1) : (i64, i64, i64) -> memref<?x?xi8, #view>
  %bpos = call @view(%c3, %c1, %c100) : (i64, i64, i64) -> memref<?x?xi8, #view>
  %o1 = call @output(%c4) : (i64) -> memref<?xi32>
  call @divsi_view(%a, %bneg, %o1) : (memref<?x?xi8, #view>, memref<?x?xi8, #view>, memref<?xi32>) -> ()
  %u1 = memref.cast %o1 : memref<?xi32> to memref<*xi32>
  call @regtilePrintI32(%u1) : (memref<*xi32>) -> ()
  %o2 = call @output(%c5) : (i64) -> memref<?xi32>
  call @remui_view(%a, %bpos, %o2) : (memref<?x?xi8, #view>, memref<?x?xi8, #view>, memref<?xi32>) -> ()
  %u2 = memref.cast %o2 : memref<?xi32> to memref<*xi32>
  call @regtilePrintI32(%u2) : (memref<*xi32>) -> ()
  %o3 = call @output(%c1) : (i64) -> memref<?xi32>
  call @floordivsi_view(%a, %bpos, %o3) : (memref<?x?xi8, #view>, memref<?x?xi8, #view>, memref<?xi32>) -> ()
  %u3 = memref.cast %o3 : memref<?xi32> to memref<*xi32>
  call @regtilePrintI32(%u3) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
