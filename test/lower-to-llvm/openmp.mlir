// regtile-lower-to-llvm lowers an scf.forall (on tensors, from
// tile_using_forall, or on buffers) to an OpenMP work-sharing loop on LLVM
// types: no SCF, no alloca scope left, the body's loop inside the
// omp.loop_nest; the runtime picks the thread count.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(transform-interpreter, regtile-lower-to-llvm)' | FileCheck %s

// CHECK-LABEL: llvm.func @scale(
// CHECK: omp.parallel if(%{{.*}}) {
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}) : i64 = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: llvm.fmul
// CHECK: omp.yield
// CHECK: omp.terminator
// CHECK-NOT: scf.
// CHECK-NOT: memref.alloca_scope
func.func @scale(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %two = arith.constant 2.0 : f32
  scf.forall (%i) in (%n) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %b[%i] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}

// -----

// A tiled matmul: the tile loops (rows and columns) become one collapsed
// 2-D work-sharing loop; the tile's own loops (scalar, unscheduled) stay
// branches inside it.
// CHECK-LABEL: llvm.func @matmul(
// CHECK: omp.parallel if(%{{.*}}) {
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}, %{{.*}}) : i64 = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) collapse(2) {
// CHECK: llvm.cond_br
// CHECK: omp.yield
// CHECK-NOT: scf.
func.func @matmul(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>, %c: tensor<37x53xf32>) -> tensor<37x53xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<37x29xf32>, tensor<29x53xf32>) outs(%c : tensor<37x53xf32>) -> tensor<37x53xf32>
  return %r : tensor<37x53xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tile, %forall = transform.structured.tile_using_forall %mm tile_sizes [8, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
