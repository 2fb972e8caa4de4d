// Execution with `rows` > 1 (several output elements reduced together,
// the rows left over one by one): what the unscheduled payload computes,
// for row counts that do not divide `rows` (and fewer rows than `rows`),
// dynamic sizes, batch dims, several reduction dims, every floating-point
// combiner and the i8 sum (VNNI form where the host has it).
// RUN: %difftest %s --rtol 1e-6 | FileCheck %s
// CHECK: PASS 11 cases

// The seed's running example: i8 -> i32 row sums.
// DIFFTEST-CASE: M=384 N=512
// DIFFTEST-CASE: M=383 N=517
// DIFFTEST-CASE: M=3 N=5
func.func @sum_i8(%a: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a0 = memref.alloc() : memref<${M}x${N}xi8>
  %o0 = memref.alloc() : memref<${M}xi32>
  %ua0 = memref.cast %a0 : memref<${M}x${N}xi8> to memref<*xi8>
  %uo0 = memref.cast %o0 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI8(%ua0, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uo0, %s2) : (memref<*xi32>, i64) -> ()
  %ta0 = bufferization.to_tensor %a0 restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %to0 = bufferization.to_tensor %o0 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r0 = call @sum_i8(%ta0, %to0) : (tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm0 = bufferization.to_buffer %r0 : tensor<${M}xi32> to memref<${M}xi32>
  %ur0 = memref.cast %rm0 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur0) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops {rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Floating-point combiners: add and mul with fastmath, min/max (both NaN
// semantics) without.
// DIFFTEST-CASE: M=7 N=300
// DIFFTEST-CASE: M=2 N=7
// DIFFTEST-CASE: M=9 N=64
func.func @sum_f32(%a: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc fastmath<reassoc> : f32
    linalg.yield %s : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @max_f32(%a: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @min_f32(%a: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.minimumf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @maxnum_f32(%a: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maxnumf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @minnum_f32(%a: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.minnumf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @mul_f32(%a: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.mulf %acc, %x fastmath<fast> : f32
    linalg.yield %s : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a0 = memref.alloc() : memref<${M}x${N}xf32>
  %o0 = memref.alloc() : memref<${M}xf32>
  %ua0 = memref.cast %a0 : memref<${M}x${N}xf32> to memref<*xf32>
  %uo0 = memref.cast %o0 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua0, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo0, %s2) : (memref<*xf32>, i64) -> ()
  %ta0 = bufferization.to_tensor %a0 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %to0 = bufferization.to_tensor %o0 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %r0 = call @sum_f32(%ta0, %to0) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %rm0 = bufferization.to_buffer %r0 : tensor<${M}xf32> to memref<${M}xf32>
  %ur0 = memref.cast %rm0 : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur0) : (memref<*xf32>) -> ()
  %a1 = memref.alloc() : memref<${M}x${N}xf32>
  %o1 = memref.alloc() : memref<${M}xf32>
  %ua1 = memref.cast %a1 : memref<${M}x${N}xf32> to memref<*xf32>
  %uo1 = memref.cast %o1 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua1, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo1, %s2) : (memref<*xf32>, i64) -> ()
  %ta1 = bufferization.to_tensor %a1 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %to1 = bufferization.to_tensor %o1 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %r1 = call @max_f32(%ta1, %to1) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %rm1 = bufferization.to_buffer %r1 : tensor<${M}xf32> to memref<${M}xf32>
  %ur1 = memref.cast %rm1 : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur1) : (memref<*xf32>) -> ()
  %a2 = memref.alloc() : memref<${M}x${N}xf32>
  %o2 = memref.alloc() : memref<${M}xf32>
  %ua2 = memref.cast %a2 : memref<${M}x${N}xf32> to memref<*xf32>
  %uo2 = memref.cast %o2 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua2, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo2, %s2) : (memref<*xf32>, i64) -> ()
  %ta2 = bufferization.to_tensor %a2 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %to2 = bufferization.to_tensor %o2 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %r2 = call @min_f32(%ta2, %to2) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %rm2 = bufferization.to_buffer %r2 : tensor<${M}xf32> to memref<${M}xf32>
  %ur2 = memref.cast %rm2 : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur2) : (memref<*xf32>) -> ()
  %a3 = memref.alloc() : memref<${M}x${N}xf32>
  %o3 = memref.alloc() : memref<${M}xf32>
  %ua3 = memref.cast %a3 : memref<${M}x${N}xf32> to memref<*xf32>
  %uo3 = memref.cast %o3 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua3, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo3, %s2) : (memref<*xf32>, i64) -> ()
  %ta3 = bufferization.to_tensor %a3 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %to3 = bufferization.to_tensor %o3 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %r3 = call @maxnum_f32(%ta3, %to3) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %rm3 = bufferization.to_buffer %r3 : tensor<${M}xf32> to memref<${M}xf32>
  %ur3 = memref.cast %rm3 : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur3) : (memref<*xf32>) -> ()
  %a4 = memref.alloc() : memref<${M}x${N}xf32>
  %o4 = memref.alloc() : memref<${M}xf32>
  %ua4 = memref.cast %a4 : memref<${M}x${N}xf32> to memref<*xf32>
  %uo4 = memref.cast %o4 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua4, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo4, %s2) : (memref<*xf32>, i64) -> ()
  %ta4 = bufferization.to_tensor %a4 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %to4 = bufferization.to_tensor %o4 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %r4 = call @minnum_f32(%ta4, %to4) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %rm4 = bufferization.to_buffer %r4 : tensor<${M}xf32> to memref<${M}xf32>
  %ur4 = memref.cast %rm4 : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur4) : (memref<*xf32>) -> ()
  %a5 = memref.alloc() : memref<${M}x${N}xf32>
  %o5 = memref.alloc() : memref<${M}xf32>
  %ua5 = memref.cast %a5 : memref<${M}x${N}xf32> to memref<*xf32>
  %uo5 = memref.cast %o5 : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua5, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo5, %s2) : (memref<*xf32>, i64) -> ()
  %ta5 = bufferization.to_tensor %a5 restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %to5 = bufferization.to_tensor %o5 restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %r5 = call @mul_f32(%ta5, %to5) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %rm5 = bufferization.to_buffer %r5 : tensor<${M}xf32> to memref<${M}xf32>
  %ur5 = memref.cast %rm5 : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur5) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops {rows = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic shapes and a dot product (two i8 inputs widened and multiplied).
// DIFFTEST-CASE: M=7 N=200
// DIFFTEST-CASE: M=3 N=65
// DIFFTEST-CASE: M=1 N=1
func.func @dot(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %o: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi8>) outs(%o : tensor<?xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %m = arith.constant ${M} : index
  %n = arith.constant ${N} : index
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc(%m, %n) : memref<?x?xi8>
  %b = memref.alloc(%m, %n) : memref<?x?xi8>
  %o = memref.alloc(%m) : memref<?xi32>
  %ua = memref.cast %a : memref<?x?xi8> to memref<*xi8>
  %ub = memref.cast %b : memref<?x?xi8> to memref<*xi8>
  %uo = memref.cast %o : memref<?xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub, %s2) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uo, %s3) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<?x?xi8> to tensor<?x?xi8>
  %tb = bufferization.to_tensor %b restrict : memref<?x?xi8> to tensor<?x?xi8>
  %to = bufferization.to_tensor %o restrict writable : memref<?xi32> to tensor<?xi32>
  %r = call @dot(%ta, %tb, %to) : (tensor<?x?xi8>, tensor<?x?xi8>, tensor<?xi32>) -> tensor<?xi32>
  %rm = bufferization.to_buffer %r : tensor<?xi32> to memref<?xi32>
  %ur = memref.cast %rm : memref<?xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops {rows = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A batch dim with the innermost dim reduced (i8 -> i32, 3-D), and two
// reduction dims with a batch dim (f32, both reduced into one value per
// batch element), on buffers.
// DIFFTEST-CASE: B=3 M=5 N=130
// DIFFTEST-CASE: B=2 M=4 N=64
func.func @batch_inner(%a: memref<${B}x${M}x${N}xi8>, %o: memref<${B}x${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : memref<${B}x${M}x${N}xi8>) outs(%o : memref<${B}x${M}xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  }
  return
}
func.func @two_dims(%a: memref<${B}x${M}x${N}xf32>, %o: memref<${B}xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%a : memref<${B}x${M}x${N}xf32>) outs(%o : memref<${B}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<fast> : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${B}x${M}x${N}xi8>
  %o = memref.alloc() : memref<${B}x${M}xi32>
  %ua = memref.cast %a : memref<${B}x${M}x${N}xi8> to memref<*xi8>
  %uo = memref.cast %o : memref<${B}x${M}xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uo, %s2) : (memref<*xi32>, i64) -> ()
  call @batch_inner(%a, %o) : (memref<${B}x${M}x${N}xi8>, memref<${B}x${M}xi32>) -> ()
  call @regtilePrintI32(%uo) : (memref<*xi32>) -> ()
  %f = memref.alloc() : memref<${B}x${M}x${N}xf32>
  %g = memref.alloc() : memref<${B}xf32>
  %uf = memref.cast %f : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  %ug = memref.cast %g : memref<${B}xf32> to memref<*xf32>
  call @regtileFillF32(%uf, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ug, %s2) : (memref<*xf32>, i64) -> ()
  call @two_dims(%f, %g) : (memref<${B}x${M}x${N}xf32>, memref<${B}xf32>) -> ()
  call @regtilePrintF32(%ug) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops {rows = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
