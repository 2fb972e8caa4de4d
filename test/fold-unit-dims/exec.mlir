// Execution: code tiled by 1, folded by fold_unit_dims and vectorized
// computes exactly what the unscheduled payload computes, on static, dynamic
// and mixed shapes, sizes that do not divide the tile (masked tails), on
// tensors and memrefs.
// RUN: %difftest %s | FileCheck %s
// CHECK: split 0 {{.*}} OK
// CHECK: split 1 {{.*}} OK
// CHECK: split 2 {{.*}} OK
// CHECK: split 3 {{.*}} OK
// CHECK: split 4 {{.*}} OK
// CHECK: PASS 12 cases

// Static bias+relu tiled [1, 16]: unit row dim folded, rows vectorized by 16
// (masked when C does not divide).
// DIFFTEST-CASE: N=4 C=32
// DIFFTEST-CASE: N=3 C=37
// DIFFTEST-CASE: N=1 C=5
func.func @kernel(%a: tensor<${N}x${C}xf32>, %b: tensor<${C}xf32>, %o: tensor<${N}x${C}xf32>) -> tensor<${N}x${C}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<${N}x${C}xf32>, tensor<${C}xf32>) outs(%o : tensor<${N}x${C}xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    %c0 = arith.constant 0.0 : f32
    %m = arith.maximumf %s, %c0 : f32
    linalg.yield %m : f32
  } -> tensor<${N}x${C}xf32>
  return %r : tensor<${N}x${C}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %a = memref.alloc() : memref<${N}x${C}xf32>
  %b = memref.alloc() : memref<${C}xf32>
  %o = memref.alloc() : memref<${N}x${C}xf32>
  %ua = memref.cast %a : memref<${N}x${C}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${C}xf32> to memref<*xf32>
  %uo = memref.cast %o : memref<${N}x${C}xf32> to memref<*xf32>
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo, %s2) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${N}x${C}xf32> to tensor<${N}x${C}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${C}xf32> to tensor<${C}xf32>
  %to = bufferization.to_tensor %o restrict writable : memref<${N}x${C}xf32> to tensor<${N}x${C}xf32>
  %r = call @kernel(%ta, %tb, %to) : (tensor<${N}x${C}xf32>, tensor<${C}xf32>, tensor<${N}x${C}xf32>) -> tensor<${N}x${C}xf32>
  %rm = bufferization.to_buffer %r : tensor<${N}x${C}xf32> to memref<${N}x${C}xf32>
  %ur = memref.cast %rm : memref<${N}x${C}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %g tile_sizes [1, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    %k = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %k vector_sizes [16] : !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    transform.yield
  }
}

// -----

// Dynamic ?x? and mixed ?x16 shapes, tiled [1, 8] and [1, 16], with a named
// op (linalg.mul) that fold_unit_dims generalizes.
// DIFFTEST-CASE: N=5 C=16
// DIFFTEST-CASE: N=7 C=19
// DIFFTEST-CASE: N=2 C=3
func.func @dyn(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.mul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @mixed(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %r = linalg.sub ins(%a, %b : tensor<?x16xf32>, tensor<?x16xf32>) outs(%b : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %n = arith.constant ${N} : index
  %c = arith.constant ${C} : index
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc(%n, %c) : memref<?x?xf32>
  %b = memref.alloc(%n, %c) : memref<?x?xf32>
  %ua = memref.cast %a : memref<?x?xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<?x?xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict writable : memref<?x?xf32> to tensor<?x?xf32>
  %tb = bufferization.to_tensor %b restrict : memref<?x?xf32> to tensor<?x?xf32>
  %r = call @dyn(%ta, %tb) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %rm = bufferization.to_buffer %r : tensor<?x?xf32> to memref<?x?xf32>
  %ur = memref.cast %rm : memref<?x?xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()

  %x = memref.alloc(%n) : memref<?x16xf32>
  %y = memref.alloc(%n) : memref<?x16xf32>
  %ux = memref.cast %x : memref<?x16xf32> to memref<*xf32>
  %uy = memref.cast %y : memref<?x16xf32> to memref<*xf32>
  call @regtileFillF32(%ux, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uy, %s1) : (memref<*xf32>, i64) -> ()
  %tx = bufferization.to_tensor %x restrict : memref<?x16xf32> to tensor<?x16xf32>
  %ty = bufferization.to_tensor %y restrict writable : memref<?x16xf32> to tensor<?x16xf32>
  %s = call @mixed(%tx, %ty) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %sm = bufferization.to_buffer %s : tensor<?x16xf32> to memref<?x16xf32>
  %us = memref.cast %sm : memref<?x16xf32> to memref<*xf32>
  call @regtilePrintF32(%us) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mul = transform.structured.match ops{["linalg.mul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %l1 = transform.structured.tile_using_forall %mul tile_sizes [1, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %sub = transform.structured.match ops{["linalg.sub"]} in %root : (!transform.any_op) -> !transform.any_op
    %t2, %l2 = transform.structured.tile_using_forall %sub tile_sizes [1, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    %k = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %k vector_sizes [16] : !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    transform.yield
  }
}

// -----

// A reduction with unit dims on both sides (i32 row sums of ?x1x64 into
// ?x1): folded to a 2-D -> 1-D reduction, vectorized.
// DIFFTEST-CASE: N=3
// DIFFTEST-CASE: N=8
func.func @rowsum(%a: tensor<${N}x1x64xi32>, %o: tensor<${N}x1xi32>) -> tensor<${N}x1xi32> {
  %r = linalg.reduce ins(%a : tensor<${N}x1x64xi32>) outs(%o : tensor<${N}x1xi32>) dimensions = [2]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<${N}x1xi32>
}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %a = memref.alloc() : memref<${N}x1x64xi32>
  %o = memref.alloc() : memref<${N}x1xi32>
  %ua = memref.cast %a : memref<${N}x1x64xi32> to memref<*xi32>
  %uo = memref.cast %o : memref<${N}x1xi32> to memref<*xi32>
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  call @regtileFillI32(%ua, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo, %s2) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${N}x1x64xi32> to tensor<${N}x1x64xi32>
  %to = bufferization.to_tensor %o restrict writable : memref<${N}x1xi32> to tensor<${N}x1xi32>
  %r = call @rowsum(%ta, %to) : (tensor<${N}x1x64xi32>, tensor<${N}x1xi32>) -> tensor<${N}x1xi32>
  %rm = bufferization.to_buffer %r : tensor<${N}x1xi32> to memref<${N}x1xi32>
  %ur = memref.cast %rm : memref<${N}x1xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    %k = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %k : !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    transform.yield
  }
}

// -----

// Memrefs: a strided tile of 1xK rows, folded with rank-reducing subviews.
// DIFFTEST-CASE: N=4 C=48
// DIFFTEST-CASE: N=3 C=21
func.func @scale(%a: memref<${N}x${C}xf32>, %o: memref<${N}x${C}xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<${N}x${C}xf32>) outs(%o : memref<${N}x${C}xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.subf %m, %x : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %a = memref.alloc() : memref<${N}x${C}xf32>
  %o = memref.alloc() : memref<${N}x${C}xf32>
  %ua = memref.cast %a : memref<${N}x${C}xf32> to memref<*xf32>
  %uo = memref.cast %o : memref<${N}x${C}xf32> to memref<*xf32>
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo, %s2) : (memref<*xf32>, i64) -> ()
  call @scale(%a, %o) : (memref<${N}x${C}xf32>, memref<${N}x${C}xf32>) -> ()
  call @regtilePrintF32(%uo) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<${N}x${C}xf32>
  memref.dealloc %o : memref<${N}x${C}xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1 = transform.structured.tile_using_for %g tile_sizes [1, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    %k = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %k vector_sizes [16] : !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    transform.yield
  }
}

// -----

// tensor.pad of a tensor with a unit dim, padding by constant SSA values
// (made static first) and by a runtime value: the folded pad produces the
// same tensor.
// DIFFTEST-CASE: N=4 P=3
// DIFFTEST-CASE: N=1 P=0
func.func @pads(%t: tensor<1x?x3xf32>, %h: index) -> tensor<1x?x?xf32> {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %cst = arith.constant 2.5 : f32
  %p = tensor.pad %t low[%c0, %c2, %c0] high[%c0, %h, %c2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %cst : f32
  } : tensor<1x?x3xf32> to tensor<1x?x?xf32>
  return %p : tensor<1x?x?xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %a = memref.alloc() : memref<1x${N}x3xf32>
  %ua = memref.cast %a : memref<1x${N}x3xf32> to memref<*xf32>
  %s1 = arith.constant 1 : i64
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<1x${N}x3xf32> to tensor<1x${N}x3xf32>
  %td = tensor.cast %ta : tensor<1x${N}x3xf32> to tensor<1x?x3xf32>
  %h = arith.constant ${P} : index
  %r = call @pads(%td, %h) : (tensor<1x?x3xf32>, index) -> tensor<1x?x?xf32>
  %rm = bufferization.to_buffer %r : tensor<1x?x?xf32> to memref<1x?x?xf32>
  %ur = memref.cast %rm : memref<1x?x?xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    transform.yield
  }
}
