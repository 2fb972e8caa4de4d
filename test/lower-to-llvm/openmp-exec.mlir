// Threads: regtile-lower-to-llvm lowers the scf.forall of
// transform.structured.tile_using_forall through OpenMP, and one compiled
// kernel computes what the unscheduled payload computes with any thread
// count chosen at run time: 1, 2, 3 and more threads than the cores
// (OMP_NUM_THREADS). Shapes divide no tile, some give fewer tiles than
// threads; the matmul's tiles are 8 x 16, the elementwise op's 5 rows. Tiling does not reorder any element's sum: results compare bit
// for bit.
// RUN: %difftest --threads 1,2,3,7 %s | FileCheck %s
// CHECK: PASS 10 cases

// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=1 N=100 K=50
// DIFFTEST-CASE: M=100 N=1 K=50
// DIFFTEST-CASE: M=9 N=17 K=7
// DIFFTEST-CASE: M=64 N=64 K=64
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
    %tile, %forall = transform.structured.tile_using_forall %mm tile_sizes [8, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An elementwise op on buffers, its rows distributed over threads.
// DIFFTEST-CASE: M=37 N=53
// DIFFTEST-CASE: M=7 N=100
// DIFFTEST-CASE: M=100 N=1
// DIFFTEST-CASE: M=6 N=5
// DIFFTEST-CASE: M=64 N=64
func.func @scale(%a: memref<${M}x${N}xf32>, %b: memref<${M}x${N}xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<${M}x${N}xf32>) outs(%b : memref<${M}x${N}xf32>) {
  ^bb0(%x: f32, %y: f32):
    %two = arith.constant 2.0 : f32
    %s = arith.mulf %x, %two : f32
    %t = arith.addf %s, %y : f32
    linalg.yield %t : f32
  }
  return
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
  call @scale(%a, %b) : (memref<${M}x${N}xf32>, memref<${M}x${N}xf32>) -> ()
  call @regtilePrintF32(%ub) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %tile, %forall = transform.structured.tile_using_forall %g tile_sizes [5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
