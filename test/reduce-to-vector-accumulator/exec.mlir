// Execution: transform.regtile.reduce_to_vector_accumulator computes what
// the unscheduled payload computes, for every combiner, on the seed's shape
// (384x512), shapes that do not divide the vector length, dynamic shapes,
// batch dims and several reduction dims. Integers compare exactly; floats
// are multiples of 1/8 so sums and min/max are exact too (the f32 product
// is reassociated and compared with a relative tolerance), in f32, f16 and
// bf16.
// RUN: %difftest %s --rtol 1e-6 | FileCheck %s
// CHECK: PASS 18 cases

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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Every integer combiner (i32 products wrap, identically in any order).
// DIFFTEST-CASE: M=4 N=100
// DIFFTEST-CASE: M=3 N=37
func.func @mul_i32(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.muli %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @minsi(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.minsi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @minui(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.minui %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @maxsi(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.maxsi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @maxui(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.maxui %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @and_i32(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.andi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @or_i32(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.ori %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @xor_i32(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.xori %acc, %x : i32
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
  %a0 = memref.alloc() : memref<${M}x${N}xi32>
  %o0 = memref.alloc() : memref<${M}xi32>
  %ua0 = memref.cast %a0 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo0 = memref.cast %o0 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua0, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo0, %s2) : (memref<*xi32>, i64) -> ()
  %ta0 = bufferization.to_tensor %a0 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to0 = bufferization.to_tensor %o0 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r0 = call @mul_i32(%ta0, %to0) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm0 = bufferization.to_buffer %r0 : tensor<${M}xi32> to memref<${M}xi32>
  %ur0 = memref.cast %rm0 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur0) : (memref<*xi32>) -> ()
  %a1 = memref.alloc() : memref<${M}x${N}xi32>
  %o1 = memref.alloc() : memref<${M}xi32>
  %ua1 = memref.cast %a1 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo1 = memref.cast %o1 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua1, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo1, %s2) : (memref<*xi32>, i64) -> ()
  %ta1 = bufferization.to_tensor %a1 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to1 = bufferization.to_tensor %o1 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r1 = call @minsi(%ta1, %to1) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm1 = bufferization.to_buffer %r1 : tensor<${M}xi32> to memref<${M}xi32>
  %ur1 = memref.cast %rm1 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur1) : (memref<*xi32>) -> ()
  %a2 = memref.alloc() : memref<${M}x${N}xi32>
  %o2 = memref.alloc() : memref<${M}xi32>
  %ua2 = memref.cast %a2 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo2 = memref.cast %o2 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua2, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo2, %s2) : (memref<*xi32>, i64) -> ()
  %ta2 = bufferization.to_tensor %a2 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to2 = bufferization.to_tensor %o2 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r2 = call @minui(%ta2, %to2) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm2 = bufferization.to_buffer %r2 : tensor<${M}xi32> to memref<${M}xi32>
  %ur2 = memref.cast %rm2 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur2) : (memref<*xi32>) -> ()
  %a3 = memref.alloc() : memref<${M}x${N}xi32>
  %o3 = memref.alloc() : memref<${M}xi32>
  %ua3 = memref.cast %a3 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo3 = memref.cast %o3 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua3, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo3, %s2) : (memref<*xi32>, i64) -> ()
  %ta3 = bufferization.to_tensor %a3 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to3 = bufferization.to_tensor %o3 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r3 = call @maxsi(%ta3, %to3) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm3 = bufferization.to_buffer %r3 : tensor<${M}xi32> to memref<${M}xi32>
  %ur3 = memref.cast %rm3 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur3) : (memref<*xi32>) -> ()
  %a4 = memref.alloc() : memref<${M}x${N}xi32>
  %o4 = memref.alloc() : memref<${M}xi32>
  %ua4 = memref.cast %a4 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo4 = memref.cast %o4 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua4, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo4, %s2) : (memref<*xi32>, i64) -> ()
  %ta4 = bufferization.to_tensor %a4 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to4 = bufferization.to_tensor %o4 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r4 = call @maxui(%ta4, %to4) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm4 = bufferization.to_buffer %r4 : tensor<${M}xi32> to memref<${M}xi32>
  %ur4 = memref.cast %rm4 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur4) : (memref<*xi32>) -> ()
  %a5 = memref.alloc() : memref<${M}x${N}xi32>
  %o5 = memref.alloc() : memref<${M}xi32>
  %ua5 = memref.cast %a5 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo5 = memref.cast %o5 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua5, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo5, %s2) : (memref<*xi32>, i64) -> ()
  %ta5 = bufferization.to_tensor %a5 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to5 = bufferization.to_tensor %o5 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r5 = call @and_i32(%ta5, %to5) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm5 = bufferization.to_buffer %r5 : tensor<${M}xi32> to memref<${M}xi32>
  %ur5 = memref.cast %rm5 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur5) : (memref<*xi32>) -> ()
  %a6 = memref.alloc() : memref<${M}x${N}xi32>
  %o6 = memref.alloc() : memref<${M}xi32>
  %ua6 = memref.cast %a6 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo6 = memref.cast %o6 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua6, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo6, %s2) : (memref<*xi32>, i64) -> ()
  %ta6 = bufferization.to_tensor %a6 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to6 = bufferization.to_tensor %o6 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r6 = call @or_i32(%ta6, %to6) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm6 = bufferization.to_buffer %r6 : tensor<${M}xi32> to memref<${M}xi32>
  %ur6 = memref.cast %rm6 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur6) : (memref<*xi32>) -> ()
  %a7 = memref.alloc() : memref<${M}x${N}xi32>
  %o7 = memref.alloc() : memref<${M}xi32>
  %ua7 = memref.cast %a7 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo7 = memref.cast %o7 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua7, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo7, %s2) : (memref<*xi32>, i64) -> ()
  %ta7 = bufferization.to_tensor %a7 restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %to7 = bufferization.to_tensor %o7 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r7 = call @xor_i32(%ta7, %to7) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm7 = bufferization.to_buffer %r7 : tensor<${M}xi32> to memref<${M}xi32>
  %ur7 = memref.cast %rm7 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur7) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Floating-point combiners: add and mul with fastmath, min/max (both NaN
// semantics) without.
// DIFFTEST-CASE: M=5 N=300
// DIFFTEST-CASE: M=2 N=7
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An explicit AVX2 target (8-lane vectors) and a full reduction to a
// rank-0 output.
// DIFFTEST-CASE: N=1000
// DIFFTEST-CASE: N=33
func.func @total(%a: tensor<${N}xi32>, %o: tensor<i32>) -> tensor<i32> attributes {regtile.target = "haswell"} {
  %r = linalg.reduce ins(%a : tensor<${N}xi32>) outs(%o : tensor<i32>) dimensions = [0]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<i32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %a = memref.alloc() : memref<${N}xi32>
  %o = memref.alloc() : memref<i32>
  %ua = memref.cast %a : memref<${N}xi32> to memref<*xi32>
  %uo = memref.cast %o : memref<i32> to memref<*xi32>
  call @regtileFillI32(%ua, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo, %s1) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${N}xi32> to tensor<${N}xi32>
  %to = bufferization.to_tensor %o restrict writable : memref<i32> to tensor<i32>
  %r = call @total(%ta, %to) : (tensor<${N}xi32>, tensor<i32>) -> tensor<i32>
  %rm = bufferization.to_buffer %r : tensor<i32> to memref<i32>
  %ur = memref.cast %rm : memref<i32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Half-precision element types: bf16 max and f16 sum (reassociation
// allowed by the op attribute; inputs are small multiples of 1/8, exact).
// DIFFTEST-CASE: M=3 N=100
// DIFFTEST-CASE: M=2 N=17
func.func @max_bf16(%a: tensor<${M}x${N}xbf16>, %o: tensor<${M}xbf16>) -> tensor<${M}xbf16> {
  %r = linalg.reduce ins(%a : tensor<${M}x${N}xbf16>) outs(%o : tensor<${M}xbf16>) dimensions = [1]
    (%x: bf16, %acc: bf16) {
      %s = arith.maximumf %x, %acc : bf16
      linalg.yield %s : bf16
    }
  return %r : tensor<${M}xbf16>
}
func.func @sum_f16(%a: tensor<${M}x${N}xf16>, %o: tensor<${M}xf16>) -> tensor<${M}xf16> {
  %r = linalg.reduce ins(%a : tensor<${M}x${N}xf16>) outs(%o : tensor<${M}xf16>) dimensions = [1]
    (%x: f16, %acc: f16) {
      %s = arith.addf %x, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<${M}xf16>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF16(memref<*xf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintBF16(memref<*xbf16>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF16(memref<*xf16>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${M}x${N}xbf16>
  %o = memref.alloc() : memref<${M}xbf16>
  %ua = memref.cast %a : memref<${M}x${N}xbf16> to memref<*xbf16>
  %uo = memref.cast %o : memref<${M}xbf16> to memref<*xbf16>
  call @regtileFillBF16(%ua, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%uo, %s2) : (memref<*xbf16>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${N}xbf16> to tensor<${M}x${N}xbf16>
  %to = bufferization.to_tensor %o restrict writable : memref<${M}xbf16> to tensor<${M}xbf16>
  %r = call @max_bf16(%ta, %to) : (tensor<${M}x${N}xbf16>, tensor<${M}xbf16>) -> tensor<${M}xbf16>
  %rm = bufferization.to_buffer %r : tensor<${M}xbf16> to memref<${M}xbf16>
  %ur = memref.cast %rm : memref<${M}xbf16> to memref<*xbf16>
  call @regtilePrintBF16(%ur) : (memref<*xbf16>) -> ()
  %b = memref.alloc() : memref<${M}x${N}xf16>
  %p = memref.alloc() : memref<${M}xf16>
  %ub = memref.cast %b : memref<${M}x${N}xf16> to memref<*xf16>
  %up = memref.cast %p : memref<${M}xf16> to memref<*xf16>
  call @regtileFillF16(%ub, %s1) : (memref<*xf16>, i64) -> ()
  call @regtileFillF16(%up, %s2) : (memref<*xf16>, i64) -> ()
  %tb = bufferization.to_tensor %b restrict : memref<${M}x${N}xf16> to tensor<${M}x${N}xf16>
  %tp = bufferization.to_tensor %p restrict writable : memref<${M}xf16> to tensor<${M}xf16>
  %q = call @sum_f16(%tb, %tp) : (tensor<${M}x${N}xf16>, tensor<${M}xf16>) -> tensor<${M}xf16>
  %qm = bufferization.to_buffer %q : tensor<${M}xf16> to memref<${M}xf16>
  %uq = memref.cast %qm : memref<${M}xf16> to memref<*xf16>
  call @regtilePrintF16(%uq) : (memref<*xf16>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops {allow_reassociation} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Bodies with constants defined inside the region: a ReLU of half the
// input summed (f32: `select(x * 0.5 > 0, x * 0.5, 0)`), and `x | 1`
// summed (i32), on shapes that do not divide the vector length.
// DIFFTEST-CASE: M=3 N=300
// DIFFTEST-CASE: M=5 N=17
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @relu_half_sum(%a: tensor<${M}x${N}xf32>, %o: tensor<${M}xf32>) -> tensor<${M}xf32> {
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%o : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %h = arith.constant 0.5 : f32
    %z = arith.constant 0.0 : f32
    %m = arith.mulf %x, %h : f32
    %p = arith.cmpf ogt, %m, %z : f32
    %s = arith.select %p, %m, %z : f32
    %t = arith.addf %s, %acc fastmath<reassoc> : f32
    linalg.yield %t : f32
  } -> tensor<${M}xf32>
  return %r : tensor<${M}xf32>
}
func.func @or_one_sum(%a: tensor<${M}x${N}xi32>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi32>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %one = arith.constant 1 : i32
    %y = arith.ori %x, %one : i32
    %t = arith.addi %acc, %y : i32
    linalg.yield %t : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${M}x${N}xf32>
  %o = memref.alloc() : memref<${M}xf32>
  %ua = memref.cast %a : memref<${M}x${N}xf32> to memref<*xf32>
  %uo = memref.cast %o : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo, %s2) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %to = bufferization.to_tensor %o restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %r = call @relu_half_sum(%ta, %to) : (tensor<${M}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}xf32> to memref<${M}xf32>
  %ur = memref.cast %rm : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  %b = memref.alloc() : memref<${M}x${N}xi32>
  %p = memref.alloc() : memref<${M}xi32>
  %ub = memref.cast %b : memref<${M}x${N}xi32> to memref<*xi32>
  %up = memref.cast %p : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ub, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%up, %s2) : (memref<*xi32>, i64) -> ()
  %tb = bufferization.to_tensor %b restrict : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %tp = bufferization.to_tensor %p restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %q = call @or_one_sum(%tb, %tp) : (tensor<${M}x${N}xi32>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %qm = bufferization.to_buffer %q : tensor<${M}xi32> to memref<${M}xi32>
  %uq = memref.cast %qm : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%uq) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
