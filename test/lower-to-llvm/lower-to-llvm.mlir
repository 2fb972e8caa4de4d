// regtile-lower-to-llvm takes tensors or memrefs and n-D vectors to the LLVM
// dialect in one pass, dropping the transform schedule.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-lower-to-llvm)' | FileCheck %s

// Tensors in and out, an unscheduled linalg op, and the schedule that came
// with the payload: everything ends up in the LLVM dialect.
// CHECK-LABEL: llvm.func @tensors
// CHECK-NOT: {{[[:space:]](linalg|tensor|memref|vector|scf|bufferization|transform)\.}}
// CHECK: llvm.return
module attributes {transform.with_named_sequence} {
  func.func @tensors(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = linalg.add ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}

// -----

// n-D vectors: a contraction becomes FMAs on 1-D vectors; both kinds of
// multi-reduction lower without leftovers.
// CHECK-LABEL: llvm.func @nd_vectors
// CHECK: llvm.intr.fmuladd{{.*}}vector<16xf32>
// CHECK-NOT: {{[[:space:]]vector\.}}
// CHECK: llvm.return
func.func @nd_vectors(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>) -> (vector<4x16xf32>, vector<4xf32>, vector<8xf32>) {
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                        iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
       %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  %z4 = arith.constant dense<0.0> : vector<4xf32>
  %z8 = arith.constant dense<0.0> : vector<8xf32>
  %rows = vector.multi_reduction <add>, %a, %z4 [1] : vector<4x8xf32> to vector<4xf32>
  %cols = vector.multi_reduction <add>, %a, %z8 [0] : vector<4x8xf32> to vector<8xf32>
  return %r, %rows, %cols : vector<4x16xf32>, vector<4xf32>, vector<8xf32>
}

// -----

// A transfer that skips inner source dims, as casting away leading unit dims
// leaves it, lowers to one vector load, not to one scalar load per element.
// CHECK-LABEL: llvm.func @skipped_inner_dims
// CHECK: llvm.load {{.*}} -> vector<64xf32>
// CHECK-NOT: vector<1xf32>
// CHECK: llvm.return
func.func @skipped_inner_dims(%m: memref<1x1x5x64x1x1x1xf32>) -> vector<5x64xf32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0, %c0, %c0, %c0, %c0, %c0, %c0], %p
      {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d2, d3)>}
      : memref<1x1x5x64x1x1x1xf32>, vector<5x64xf32>
  return %v : vector<5x64xf32>
}

// -----

// A tile computed in place and written back into the slice it was read from
// (a GEMM micro-kernel's output tile after bufferization: a subview of the
// loop-carried buffer copied to the same subview of the output) is a copy of
// a buffer onto itself once the loop's iter_arg is folded and the two
// subviews CSE'd: it is erased, not lowered to a memrefCopy call per tile.
// The explicit dealloc (cache_read's buffers come with theirs) keeps the
// upstream deallocation pipeline, which would clean it up first, out.
// CHECK-LABEL: llvm.func @self_copy
// CHECK-NOT: memrefCopy
// CHECK-NOT: memcpy
// CHECK: llvm.return
func.func @self_copy(%m: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c60 = arith.constant 60 : index
  %cache = memref.alloc() : memref<6x64xf32>
  %r = scf.for %i = %c0 to %c60 step %c6 iter_args(%arg = %m) -> (memref<64x128xf32>) {
    %a = memref.subview %arg[%i, 0] [6, 64] [1, 1]
        : memref<64x128xf32> to memref<6x64xf32, strided<[128, 1], offset: ?>>
    %b = memref.subview %m[%i, 0] [6, 64] [1, 1]
        : memref<64x128xf32> to memref<6x64xf32, strided<[128, 1], offset: ?>>
    memref.copy %a, %b : memref<6x64xf32, strided<[128, 1], offset: ?>>
        to memref<6x64xf32, strided<[128, 1], offset: ?>>
    scf.yield %arg : memref<64x128xf32>
  }
  memref.dealloc %cache : memref<6x64xf32>
  return
}

// -----

// Deallocation is per function: @kernel's buffer (a cache_read cache, say)
// is freed, @driver, which frees its buffers itself, is left as it is (the
// upstream deallocation pipeline rejects memref.dealloc) and still calls
// @kernel.
// CHECK-LABEL: llvm.func @kernel
// CHECK: llvm.call @malloc
// CHECK: llvm.call @free
// CHECK-NOT: llvm.call
// CHECK-LABEL: llvm.func @driver
// CHECK: llvm.call @malloc
// CHECK-NEXT: llvm.call @kernel
// CHECK-NEXT: llvm.call @free
// CHECK-NOT: llvm.call
// CHECK: llvm.return
func.func @kernel(%out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %cache = memref.alloc() : memref<64xf32>
  memref.copy %out, %cache : memref<64xf32> to memref<64xf32>
  %v = memref.load %cache[%c0] : memref<64xf32>
  memref.store %v, %out[%c0] : memref<64xf32>
  return
}
func.func @driver() {
  %m = memref.alloc() : memref<64xf32>
  call @kernel(%m) : (memref<64xf32>) -> ()
  memref.dealloc %m : memref<64xf32>
  return
}

// -----

// FP min/max keep their IEEE semantics (minimum(-0, +0) = -0, minnum
// ignores NaN): they become LLVM's intrinsics, scalar and vector, not
// upstream arith-expand's cmpf + select (which returns +0 for
// minimumf(-0, +0)). Integer ceil/floor divisions, which the LLVM
// conversion does not take, are still expanded.
// CHECK-LABEL: llvm.func @min_max
// CHECK-NOT: llvm.fcmp
// CHECK: llvm.intr.minimum({{.*}}) : (f32, f32) -> f32
// CHECK: llvm.intr.maximum({{.*}}) : (vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK: llvm.intr.minnum({{.*}}) : (f64, f64) -> f64
// CHECK: llvm.intr.maxnum({{.*}}) : (vector<8xf64>, vector<8xf64>) -> vector<8xf64>
// CHECK-NOT: llvm.fcmp
// CHECK: llvm.sdiv
// CHECK-NOT: arith.
// CHECK: llvm.return
func.func @min_max(%a: f32, %b: f32, %v: vector<16xf32>, %w: vector<16xf32>, %c: f64, %d: f64, %x: vector<8xf64>, %y: vector<8xf64>, %i: i32, %j: i32) -> (f32, vector<16xf32>, f64, vector<8xf64>, i32) {
  %0 = arith.minimumf %a, %b : f32
  %1 = arith.maximumf %v, %w : vector<16xf32>
  %2 = arith.minnumf %c, %d : f64
  %3 = arith.maxnumf %x, %y : vector<8xf64>
  %4 = arith.ceildivsi %i, %j : i32
  return %0, %1, %2, %3, %4 : f32, vector<16xf32>, f64, vector<8xf64>, i32
}
