// Execution: i1 reductions with every integer combiner give the payload's
// results (each a byte 0 or 1 in memory: the buffers print the bytes).
// Memory holds an i1 per byte, but a vector load or store of i1 is
// bit-packed: the op reads and writes i1 elements one by one (and counts a
// lane as a byte: 64 per AVX-512 vector). Broadcast inputs (per row, per
// column), a full second input, selects, widening to i32, a batch dim,
// static and dynamic shapes, several accumulators and rows.
// RUN: %difftest %s | FileCheck %s
// CHECK: PASS 6 cases

// DIFFTEST-CASE: M=2 N=2
// DIFFTEST-CASE: M=5 N=3
// DIFFTEST-CASE: M=33 N=7
// DIFFTEST-CASE: M=13 N=257
// DIFFTEST-CASE: M=64 N=129
// DIFFTEST-CASE: M=1 N=1

func.func @addi(%in0: tensor<${M}x${N}xi1>, %o: tensor<${M}xi1>) -> tensor<${M}xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xi1>) outs(%o : tensor<${M}xi1>) {
  ^bb0(%x0: i1, %acc: i1):
    %r = arith.addi %x0, %acc : i1
    linalg.yield %r : i1
  } -> tensor<${M}xi1>
  return %r : tensor<${M}xi1>
}
func.func @muli(%in0: tensor<?x?xi1>, %in1: tensor<?xi1>, %o: tensor<?xi1>) -> tensor<?xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?xi1>, tensor<?xi1>) outs(%o : tensor<?xi1>) {
  ^bb0(%x0: i1, %x1: i1, %acc: i1):
    %m = arith.ori %x0, %x1 : i1
    %r = arith.muli %acc, %m : i1
    linalg.yield %r : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}
func.func @minsi(%in0: tensor<${M}x${N}xi1>, %in1: tensor<${M}xi1>, %o: tensor<${M}xi1>) -> tensor<${M}xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<${M}x${N}xi1>, tensor<${M}xi1>) outs(%o : tensor<${M}xi1>) {
  ^bb0(%x0: i1, %x1: i1, %acc: i1):
    %m = arith.muli %x0, %x1 : i1
    %r = arith.minsi %m, %acc : i1
    linalg.yield %r : i1
  } -> tensor<${M}xi1>
  return %r : tensor<${M}xi1>
}
func.func @minui(%in0: tensor<?x?xi1>, %in1: tensor<?xi1>, %o: tensor<?xi1>) -> tensor<?xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?xi1>, tensor<?xi1>) outs(%o : tensor<?xi1>) {
  ^bb0(%x0: i1, %x1: i1, %acc: i1):
    %t = arith.constant true
    %m = arith.select %x1, %x0, %t : i1
    %r = arith.minui %acc, %m : i1
    linalg.yield %r : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}
func.func @maxsi(%in0: tensor<?x?xi1>, %o: tensor<?xi1>) -> tensor<?xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<?x?xi1>) outs(%o : tensor<?xi1>) {
  ^bb0(%x0: i1, %acc: i1):
    %r = arith.maxsi %x0, %acc : i1
    linalg.yield %r : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}
func.func @maxui(%in0: tensor<${M}x${N}xi1>, %in1: tensor<${M}x${N}xi1>, %o: tensor<${M}xi1>) -> tensor<${M}xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<${M}x${N}xi1>, tensor<${M}x${N}xi1>) outs(%o : tensor<${M}xi1>) {
  ^bb0(%x0: i1, %x1: i1, %acc: i1):
    %m = arith.muli %x0, %x1 : i1
    %r = arith.maxui %m, %acc : i1
    linalg.yield %r : i1
  } -> tensor<${M}xi1>
  return %r : tensor<${M}xi1>
}
func.func @andi(%in0: tensor<${M}x${N}xi1>, %in1: tensor<${M}xi1>, %o: tensor<${M}xi1>) -> tensor<${M}xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<${M}x${N}xi1>, tensor<${M}xi1>) outs(%o : tensor<${M}xi1>) {
  ^bb0(%x0: i1, %x1: i1, %acc: i1):
    %m = arith.muli %x0, %x1 : i1
    %r = arith.andi %acc, %m : i1
    linalg.yield %r : i1
  } -> tensor<${M}xi1>
  return %r : tensor<${M}xi1>
}
func.func @ori(%in0: tensor<?x?xi1>, %in1: tensor<?xi1>, %o: tensor<?xi1>) -> tensor<?xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?xi1>, tensor<?xi1>) outs(%o : tensor<?xi1>) {
  ^bb0(%x0: i1, %x1: i1, %acc: i1):
    %m = arith.xori %x0, %x1 : i1
    %r = arith.ori %m, %acc : i1
    linalg.yield %r : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}
func.func @xori(%in0: tensor<${M}x${N}xi1>, %o: tensor<${M}xi1>) -> tensor<${M}xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xi1>) outs(%o : tensor<${M}xi1>) {
  ^bb0(%x0: i1, %acc: i1):
    %r = arith.xori %acc, %x0 : i1
    linalg.yield %r : i1
  } -> tensor<${M}xi1>
  return %r : tensor<${M}xi1>
}
func.func @count_i32(%in0: tensor<${M}x${N}xi1>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<${M}x${N}xi1>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x0: i1, %acc: i32):
    %w = arith.extui %x0 : i1 to i32
    %r = arith.addi %w, %acc : i32
    linalg.yield %r : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @maxui_batch(%in0: tensor<?x?x?xi1>, %in1: tensor<?xi1>, %o: tensor<?x?xi1>) -> tensor<?x?xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (i)>, affine_map<(b, i, j) -> (b, i)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%in0, %in1 : tensor<?x?x?xi1>, tensor<?xi1>) outs(%o : tensor<?x?xi1>) {
  ^bb0(%x0: i1, %x1: i1, %acc: i1):
    %m = arith.muli %x0, %x1 : i1
    %r = arith.maxui %acc, %m : i1
    linalg.yield %r : i1
  } -> tensor<?x?xi1>
  return %r : tensor<?x?xi1>
}
func.func private @regtileFillI1(memref<*xi1>, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) -> () attributes {llvm.emit_c_interface}
func.func private @regtilePrintI1(memref<*xi1>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
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
  %c14 = arith.constant 14 : i64
  %c15 = arith.constant 15 : i64
  %c16 = arith.constant 16 : i64
  %c17 = arith.constant 17 : i64
  %c18 = arith.constant 18 : i64
  %c19 = arith.constant 19 : i64
  %c20 = arith.constant 20 : i64
  %c21 = arith.constant 21 : i64
  %c22 = arith.constant 22 : i64
  %c23 = arith.constant 23 : i64
  %c24 = arith.constant 24 : i64
  %c25 = arith.constant 25 : i64
  %c26 = arith.constant 26 : i64
  %c27 = arith.constant 27 : i64
  %c28 = arith.constant 28 : i64
  %c29 = arith.constant 29 : i64
  %addi_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %addi_b0u = memref.cast %addi_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%addi_b0u, %c1) : (memref<*xi1>, i64) -> ()
  %addi_b0t = bufferization.to_tensor %addi_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %addi_b1 = memref.alloc() : memref<${M}xi1>
  %addi_b1u = memref.cast %addi_b1 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%addi_b1u, %c2) : (memref<*xi1>, i64) -> ()
  %addi_b1t = bufferization.to_tensor %addi_b1 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %addi_r = call @addi(%addi_b0t, %addi_b1t) : (tensor<${M}x${N}xi1>, tensor<${M}xi1>) -> tensor<${M}xi1>
  %addi_m = bufferization.to_buffer %addi_r : tensor<${M}xi1> to memref<${M}xi1>
  %addi_u = memref.cast %addi_m : memref<${M}xi1> to memref<*xi1>
  call @regtilePrintI1(%addi_u) : (memref<*xi1>) -> ()
  %muli_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %muli_b0u = memref.cast %muli_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%muli_b0u, %c3) : (memref<*xi1>, i64) -> ()
  %muli_b0t = bufferization.to_tensor %muli_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %muli_b0d = tensor.cast %muli_b0t : tensor<${M}x${N}xi1> to tensor<?x?xi1>
  %muli_b1 = memref.alloc() : memref<${M}xi1>
  %muli_b1u = memref.cast %muli_b1 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%muli_b1u, %c4) : (memref<*xi1>, i64) -> ()
  %muli_b1t = bufferization.to_tensor %muli_b1 restrict : memref<${M}xi1> to tensor<${M}xi1>
  %muli_b1d = tensor.cast %muli_b1t : tensor<${M}xi1> to tensor<?xi1>
  %muli_b2 = memref.alloc() : memref<${M}xi1>
  %muli_b2u = memref.cast %muli_b2 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%muli_b2u, %c5) : (memref<*xi1>, i64) -> ()
  %muli_b2t = bufferization.to_tensor %muli_b2 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %muli_b2d = tensor.cast %muli_b2t : tensor<${M}xi1> to tensor<?xi1>
  %muli_r = call @muli(%muli_b0d, %muli_b1d, %muli_b2d) : (tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
  %muli_m = bufferization.to_buffer %muli_r : tensor<?xi1> to memref<?xi1>
  %muli_u = memref.cast %muli_m : memref<?xi1> to memref<*xi1>
  call @regtilePrintI1(%muli_u) : (memref<*xi1>) -> ()
  %minsi_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %minsi_b0u = memref.cast %minsi_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%minsi_b0u, %c6) : (memref<*xi1>, i64) -> ()
  %minsi_b0t = bufferization.to_tensor %minsi_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %minsi_b1 = memref.alloc() : memref<${M}xi1>
  %minsi_b1u = memref.cast %minsi_b1 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%minsi_b1u, %c7) : (memref<*xi1>, i64) -> ()
  %minsi_b1t = bufferization.to_tensor %minsi_b1 restrict : memref<${M}xi1> to tensor<${M}xi1>
  %minsi_b2 = memref.alloc() : memref<${M}xi1>
  %minsi_b2u = memref.cast %minsi_b2 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%minsi_b2u, %c8) : (memref<*xi1>, i64) -> ()
  %minsi_b2t = bufferization.to_tensor %minsi_b2 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %minsi_r = call @minsi(%minsi_b0t, %minsi_b1t, %minsi_b2t) : (tensor<${M}x${N}xi1>, tensor<${M}xi1>, tensor<${M}xi1>) -> tensor<${M}xi1>
  %minsi_m = bufferization.to_buffer %minsi_r : tensor<${M}xi1> to memref<${M}xi1>
  %minsi_u = memref.cast %minsi_m : memref<${M}xi1> to memref<*xi1>
  call @regtilePrintI1(%minsi_u) : (memref<*xi1>) -> ()
  %minui_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %minui_b0u = memref.cast %minui_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%minui_b0u, %c9) : (memref<*xi1>, i64) -> ()
  %minui_b0t = bufferization.to_tensor %minui_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %minui_b0d = tensor.cast %minui_b0t : tensor<${M}x${N}xi1> to tensor<?x?xi1>
  %minui_b1 = memref.alloc() : memref<${N}xi1>
  %minui_b1u = memref.cast %minui_b1 : memref<${N}xi1> to memref<*xi1>
  call @regtileFillI1(%minui_b1u, %c10) : (memref<*xi1>, i64) -> ()
  %minui_b1t = bufferization.to_tensor %minui_b1 restrict : memref<${N}xi1> to tensor<${N}xi1>
  %minui_b1d = tensor.cast %minui_b1t : tensor<${N}xi1> to tensor<?xi1>
  %minui_b2 = memref.alloc() : memref<${M}xi1>
  %minui_b2u = memref.cast %minui_b2 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%minui_b2u, %c11) : (memref<*xi1>, i64) -> ()
  %minui_b2t = bufferization.to_tensor %minui_b2 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %minui_b2d = tensor.cast %minui_b2t : tensor<${M}xi1> to tensor<?xi1>
  %minui_r = call @minui(%minui_b0d, %minui_b1d, %minui_b2d) : (tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
  %minui_m = bufferization.to_buffer %minui_r : tensor<?xi1> to memref<?xi1>
  %minui_u = memref.cast %minui_m : memref<?xi1> to memref<*xi1>
  call @regtilePrintI1(%minui_u) : (memref<*xi1>) -> ()
  %maxsi_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %maxsi_b0u = memref.cast %maxsi_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%maxsi_b0u, %c12) : (memref<*xi1>, i64) -> ()
  %maxsi_b0t = bufferization.to_tensor %maxsi_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %maxsi_b0d = tensor.cast %maxsi_b0t : tensor<${M}x${N}xi1> to tensor<?x?xi1>
  %maxsi_b1 = memref.alloc() : memref<${M}xi1>
  %maxsi_b1u = memref.cast %maxsi_b1 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%maxsi_b1u, %c13) : (memref<*xi1>, i64) -> ()
  %maxsi_b1t = bufferization.to_tensor %maxsi_b1 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %maxsi_b1d = tensor.cast %maxsi_b1t : tensor<${M}xi1> to tensor<?xi1>
  %maxsi_r = call @maxsi(%maxsi_b0d, %maxsi_b1d) : (tensor<?x?xi1>, tensor<?xi1>) -> tensor<?xi1>
  %maxsi_m = bufferization.to_buffer %maxsi_r : tensor<?xi1> to memref<?xi1>
  %maxsi_u = memref.cast %maxsi_m : memref<?xi1> to memref<*xi1>
  call @regtilePrintI1(%maxsi_u) : (memref<*xi1>) -> ()
  %maxui_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %maxui_b0u = memref.cast %maxui_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%maxui_b0u, %c14) : (memref<*xi1>, i64) -> ()
  %maxui_b0t = bufferization.to_tensor %maxui_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %maxui_b1 = memref.alloc() : memref<${M}x${N}xi1>
  %maxui_b1u = memref.cast %maxui_b1 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%maxui_b1u, %c15) : (memref<*xi1>, i64) -> ()
  %maxui_b1t = bufferization.to_tensor %maxui_b1 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %maxui_b2 = memref.alloc() : memref<${M}xi1>
  %maxui_b2u = memref.cast %maxui_b2 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%maxui_b2u, %c16) : (memref<*xi1>, i64) -> ()
  %maxui_b2t = bufferization.to_tensor %maxui_b2 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %maxui_r = call @maxui(%maxui_b0t, %maxui_b1t, %maxui_b2t) : (tensor<${M}x${N}xi1>, tensor<${M}x${N}xi1>, tensor<${M}xi1>) -> tensor<${M}xi1>
  %maxui_m = bufferization.to_buffer %maxui_r : tensor<${M}xi1> to memref<${M}xi1>
  %maxui_u = memref.cast %maxui_m : memref<${M}xi1> to memref<*xi1>
  call @regtilePrintI1(%maxui_u) : (memref<*xi1>) -> ()
  %andi_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %andi_b0u = memref.cast %andi_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%andi_b0u, %c17) : (memref<*xi1>, i64) -> ()
  %andi_b0t = bufferization.to_tensor %andi_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %andi_b1 = memref.alloc() : memref<${M}xi1>
  %andi_b1u = memref.cast %andi_b1 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%andi_b1u, %c18) : (memref<*xi1>, i64) -> ()
  %andi_b1t = bufferization.to_tensor %andi_b1 restrict : memref<${M}xi1> to tensor<${M}xi1>
  %andi_b2 = memref.alloc() : memref<${M}xi1>
  %andi_b2u = memref.cast %andi_b2 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%andi_b2u, %c19) : (memref<*xi1>, i64) -> ()
  %andi_b2t = bufferization.to_tensor %andi_b2 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %andi_r = call @andi(%andi_b0t, %andi_b1t, %andi_b2t) : (tensor<${M}x${N}xi1>, tensor<${M}xi1>, tensor<${M}xi1>) -> tensor<${M}xi1>
  %andi_m = bufferization.to_buffer %andi_r : tensor<${M}xi1> to memref<${M}xi1>
  %andi_u = memref.cast %andi_m : memref<${M}xi1> to memref<*xi1>
  call @regtilePrintI1(%andi_u) : (memref<*xi1>) -> ()
  %ori_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %ori_b0u = memref.cast %ori_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%ori_b0u, %c20) : (memref<*xi1>, i64) -> ()
  %ori_b0t = bufferization.to_tensor %ori_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %ori_b0d = tensor.cast %ori_b0t : tensor<${M}x${N}xi1> to tensor<?x?xi1>
  %ori_b1 = memref.alloc() : memref<${N}xi1>
  %ori_b1u = memref.cast %ori_b1 : memref<${N}xi1> to memref<*xi1>
  call @regtileFillI1(%ori_b1u, %c21) : (memref<*xi1>, i64) -> ()
  %ori_b1t = bufferization.to_tensor %ori_b1 restrict : memref<${N}xi1> to tensor<${N}xi1>
  %ori_b1d = tensor.cast %ori_b1t : tensor<${N}xi1> to tensor<?xi1>
  %ori_b2 = memref.alloc() : memref<${M}xi1>
  %ori_b2u = memref.cast %ori_b2 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%ori_b2u, %c22) : (memref<*xi1>, i64) -> ()
  %ori_b2t = bufferization.to_tensor %ori_b2 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %ori_b2d = tensor.cast %ori_b2t : tensor<${M}xi1> to tensor<?xi1>
  %ori_r = call @ori(%ori_b0d, %ori_b1d, %ori_b2d) : (tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
  %ori_m = bufferization.to_buffer %ori_r : tensor<?xi1> to memref<?xi1>
  %ori_u = memref.cast %ori_m : memref<?xi1> to memref<*xi1>
  call @regtilePrintI1(%ori_u) : (memref<*xi1>) -> ()
  %xori_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %xori_b0u = memref.cast %xori_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%xori_b0u, %c23) : (memref<*xi1>, i64) -> ()
  %xori_b0t = bufferization.to_tensor %xori_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %xori_b1 = memref.alloc() : memref<${M}xi1>
  %xori_b1u = memref.cast %xori_b1 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%xori_b1u, %c24) : (memref<*xi1>, i64) -> ()
  %xori_b1t = bufferization.to_tensor %xori_b1 restrict writable : memref<${M}xi1> to tensor<${M}xi1>
  %xori_r = call @xori(%xori_b0t, %xori_b1t) : (tensor<${M}x${N}xi1>, tensor<${M}xi1>) -> tensor<${M}xi1>
  %xori_m = bufferization.to_buffer %xori_r : tensor<${M}xi1> to memref<${M}xi1>
  %xori_u = memref.cast %xori_m : memref<${M}xi1> to memref<*xi1>
  call @regtilePrintI1(%xori_u) : (memref<*xi1>) -> ()
  %count_i32_b0 = memref.alloc() : memref<${M}x${N}xi1>
  %count_i32_b0u = memref.cast %count_i32_b0 : memref<${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%count_i32_b0u, %c25) : (memref<*xi1>, i64) -> ()
  %count_i32_b0t = bufferization.to_tensor %count_i32_b0 restrict : memref<${M}x${N}xi1> to tensor<${M}x${N}xi1>
  %count_i32_b1 = memref.alloc() : memref<${M}xi32>
  %count_i32_b1u = memref.cast %count_i32_b1 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%count_i32_b1u, %c26) : (memref<*xi32>, i64) -> ()
  %count_i32_b1t = bufferization.to_tensor %count_i32_b1 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %count_i32_r = call @count_i32(%count_i32_b0t, %count_i32_b1t) : (tensor<${M}x${N}xi1>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %count_i32_m = bufferization.to_buffer %count_i32_r : tensor<${M}xi32> to memref<${M}xi32>
  %count_i32_u = memref.cast %count_i32_m : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%count_i32_u) : (memref<*xi32>) -> ()
  %maxui_batch_b0 = memref.alloc() : memref<3x${M}x${N}xi1>
  %maxui_batch_b0u = memref.cast %maxui_batch_b0 : memref<3x${M}x${N}xi1> to memref<*xi1>
  call @regtileFillI1(%maxui_batch_b0u, %c27) : (memref<*xi1>, i64) -> ()
  %maxui_batch_b0t = bufferization.to_tensor %maxui_batch_b0 restrict : memref<3x${M}x${N}xi1> to tensor<3x${M}x${N}xi1>
  %maxui_batch_b0d = tensor.cast %maxui_batch_b0t : tensor<3x${M}x${N}xi1> to tensor<?x?x?xi1>
  %maxui_batch_b1 = memref.alloc() : memref<${M}xi1>
  %maxui_batch_b1u = memref.cast %maxui_batch_b1 : memref<${M}xi1> to memref<*xi1>
  call @regtileFillI1(%maxui_batch_b1u, %c28) : (memref<*xi1>, i64) -> ()
  %maxui_batch_b1t = bufferization.to_tensor %maxui_batch_b1 restrict : memref<${M}xi1> to tensor<${M}xi1>
  %maxui_batch_b1d = tensor.cast %maxui_batch_b1t : tensor<${M}xi1> to tensor<?xi1>
  %maxui_batch_b2 = memref.alloc() : memref<3x${M}xi1>
  %maxui_batch_b2u = memref.cast %maxui_batch_b2 : memref<3x${M}xi1> to memref<*xi1>
  call @regtileFillI1(%maxui_batch_b2u, %c29) : (memref<*xi1>, i64) -> ()
  %maxui_batch_b2t = bufferization.to_tensor %maxui_batch_b2 restrict writable : memref<3x${M}xi1> to tensor<3x${M}xi1>
  %maxui_batch_b2d = tensor.cast %maxui_batch_b2t : tensor<3x${M}xi1> to tensor<?x?xi1>
  %maxui_batch_r = call @maxui_batch(%maxui_batch_b0d, %maxui_batch_b1d, %maxui_batch_b2d) : (tensor<?x?x?xi1>, tensor<?xi1>, tensor<?x?xi1>) -> tensor<?x?xi1>
  %maxui_batch_m = bufferization.to_buffer %maxui_batch_r : tensor<?x?xi1> to memref<?x?xi1>
  %maxui_batch_u = memref.cast %maxui_batch_m : memref<?x?xi1> to memref<*xi1>
  call @regtilePrintI1(%maxui_batch_u) : (memref<*xi1>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f0 = transform.structured.match ops{["func.func"]} attributes{sym_name = "addi"} in %root : (!transform.any_op) -> !transform.any_op
    %g0 = transform.structured.match ops{["linalg.generic"]} in %f0 : (!transform.any_op) -> !transform.any_op
    %l0, %c0 = transform.regtile.reduce_to_vector_accumulator %g0 {accumulators = 8} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "muli"} in %root : (!transform.any_op) -> !transform.any_op
    %g1 = transform.structured.match ops{["linalg.generic"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %l1, %c1 = transform.regtile.reduce_to_vector_accumulator %g1  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "minsi"} in %root : (!transform.any_op) -> !transform.any_op
    %g2 = transform.structured.match ops{["linalg.generic"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g2 {rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f3 = transform.structured.match ops{["func.func"]} attributes{sym_name = "minui"} in %root : (!transform.any_op) -> !transform.any_op
    %g3 = transform.structured.match ops{["linalg.generic"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %l3, %c3 = transform.regtile.reduce_to_vector_accumulator %g3 {accumulators = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f4 = transform.structured.match ops{["func.func"]} attributes{sym_name = "maxsi"} in %root : (!transform.any_op) -> !transform.any_op
    %g4 = transform.structured.match ops{["linalg.generic"]} in %f4 : (!transform.any_op) -> !transform.any_op
    %l4, %c4 = transform.regtile.reduce_to_vector_accumulator %g4 {accumulators = 1, rows = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f5 = transform.structured.match ops{["func.func"]} attributes{sym_name = "maxui"} in %root : (!transform.any_op) -> !transform.any_op
    %g5 = transform.structured.match ops{["linalg.generic"]} in %f5 : (!transform.any_op) -> !transform.any_op
    %l5, %c5 = transform.regtile.reduce_to_vector_accumulator %g5 {accumulators = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f6 = transform.structured.match ops{["func.func"]} attributes{sym_name = "andi"} in %root : (!transform.any_op) -> !transform.any_op
    %g6 = transform.structured.match ops{["linalg.generic"]} in %f6 : (!transform.any_op) -> !transform.any_op
    %l6, %c6 = transform.regtile.reduce_to_vector_accumulator %g6 {accumulators = 8} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f7 = transform.structured.match ops{["func.func"]} attributes{sym_name = "ori"} in %root : (!transform.any_op) -> !transform.any_op
    %g7 = transform.structured.match ops{["linalg.generic"]} in %f7 : (!transform.any_op) -> !transform.any_op
    %l7, %c7 = transform.regtile.reduce_to_vector_accumulator %g7 {rows = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f8 = transform.structured.match ops{["func.func"]} attributes{sym_name = "xori"} in %root : (!transform.any_op) -> !transform.any_op
    %g8 = transform.structured.match ops{["linalg.generic"]} in %f8 : (!transform.any_op) -> !transform.any_op
    %l8, %c8 = transform.regtile.reduce_to_vector_accumulator %g8 {arch = "skylake-avx512"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f9 = transform.structured.match ops{["func.func"]} attributes{sym_name = "count_i32"} in %root : (!transform.any_op) -> !transform.any_op
    %g9 = transform.structured.match ops{["linalg.generic"]} in %f9 : (!transform.any_op) -> !transform.any_op
    %l9, %c9 = transform.regtile.reduce_to_vector_accumulator %g9  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f10 = transform.structured.match ops{["func.func"]} attributes{sym_name = "maxui_batch"} in %root : (!transform.any_op) -> !transform.any_op
    %g10 = transform.structured.match ops{["linalg.generic"]} in %f10 : (!transform.any_op) -> !transform.any_op
    %l10, %c10 = transform.regtile.reduce_to_vector_accumulator %g10  : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

