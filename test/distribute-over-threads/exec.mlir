// Execution: distribute_over_threads, lowered by regtile-lower-to-llvm
// through OpenMP, computes what the unscheduled payload computes with any
// thread count chosen at run time: 1, 2, 3 and more threads than the cores
// (OMP_NUM_THREADS), on shapes that divide no grain, some with fewer grains
// than threads, some whose work caps the threads at 1 or 2 at run time (the
// one-piece path: the parallel region not entered by the team; work known
// to be too small for a second thread is left serial at compile time, see
// distribute.mlir). Distributing reorders no element's sum: results compare
// bit for bit.
// RUN: %difftest --threads 1,2,3,7 %s | FileCheck %s
// CHECK: PASS 16 cases

// A matmul, rows and columns in grains of 6 x 16 (a register tile), at
// least 64 points per thread.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=1 N=100 K=50
// DIFFTEST-CASE: M=100 N=1 K=50
// DIFFTEST-CASE: M=9 N=17 K=7
// DIFFTEST-CASE: M=64 N=64 K=64
// DIFFTEST-CASE: M=2 N=2 K=40
func.func @matmul(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @matmul(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %p, %f = transform.regtile.distribute_over_threads %mm grains [6, 16, 0] {min_points_per_thread = 64}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A batch matmul, three loops distributed (batch, rows, columns: a grid
// search two loops deep), at least 100 points per thread (B=7 M=5 N=3 K=2:
// 2 threads at most).
// DIFFTEST-CASE: B=3 M=37 N=53 K=29
// DIFFTEST-CASE: B=1 M=70 N=130 K=60
// DIFFTEST-CASE: B=7 M=5 N=3 K=2
// DIFFTEST-CASE: B=2 M=64 N=64 K=512
func.func @bmm(%a: tensor<${B}x${M}x${K}xf32>, %b: tensor<${B}x${K}x${N}xf32>, %c: tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>) outs(%c : tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  return %r : tensor<${B}x${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${B}x${M}x${K}xf32>
  %b = memref.alloc() : memref<${B}x${K}x${N}xf32>
  %c = memref.alloc() : memref<${B}x${M}x${N}xf32>
  %ua = memref.cast %a : memref<${B}x${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${B}x${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${B}x${M}x${K}xf32> to tensor<${B}x${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${B}x${K}x${N}xf32> to tensor<${B}x${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${B}x${M}x${N}xf32> to tensor<${B}x${M}x${N}xf32>
  %r = call @bmm(%ta, %tb, %tc) : (tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>, tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${B}x${M}x${N}xf32> to memref<${B}x${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.batch_matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %p, %f = transform.regtile.distribute_over_threads %mm grains [1, 6, 16, 0] {min_points_per_thread = 100}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An elementwise op, rows in grains of 4, columns not split, one thread
// per 2 points at most.
// DIFFTEST-CASE: M=37 N=53
// DIFFTEST-CASE: M=7 N=100
// DIFFTEST-CASE: M=100 N=1
// DIFFTEST-CASE: M=3 N=5
// DIFFTEST-CASE: M=1 N=5
// DIFFTEST-CASE: M=64 N=64
func.func @scale(%a: tensor<${M}x${N}xf32>, %b: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%b : tensor<${M}x${N}xf32>) {
  ^bb0(%x: f32, %y: f32):
    %two = arith.constant 2.0 : f32
    %s = arith.mulf %x, %two : f32
    %t = arith.addf %s, %y : f32
    linalg.yield %t : f32
  } -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${M}x${N}xf32>
  %b = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${N}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %tb = bufferization.to_tensor %b restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @scale(%ta, %tb) : (tensor<${M}x${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %p, %f = transform.regtile.distribute_over_threads %g grains [4, 0] {min_points_per_thread = 2}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
