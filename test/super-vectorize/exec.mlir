// Execution: transform.regtile.super_vectorize (then
// unroll_to_native_vectors) computes what the unscheduled payload computes:
// 1-D and 2-D virtual sizes, trip counts that are not multiples of them,
// dynamic and static bounds, loops shorter than their memrefs (the masked
// stores must leave the rest untouched), f32 and i32, reductions. Inputs
// are multiples of 1/8, so f32 sums are exact and compare bit for bit.
// RUN: %difftest %s | FileCheck %s
// CHECK: PASS 25 cases

// Seed 003's vector_add_2d with dynamic bounds, 2-D virtual vector
// <4 x 48> (48 = 3 AVX-512 registers), bounds M x N of an R x S buffer
// (R >= M, S >= N: the rest of C must keep its initial values).
// DIFFTEST-CASE: M=37 N=53 R=37 S=53
// DIFFTEST-CASE: M=1 N=1 R=3 S=5
// DIFFTEST-CASE: M=64 N=96 R=64 S=96
// DIFFTEST-CASE: M=5 N=100 R=9 S=130
// DIFFTEST-CASE: M=13 N=47 R=16 S=64
func.func @vector_add_2d(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index) {
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %B[%i, %j] : memref<?x?xf32>
      %s5 = arith.addf %a, %b : f32
      %s6 = arith.addf %s5, %f1 : f32
      %s7 = arith.addf %s5, %f2 : f32
      %s8 = arith.addf %s7, %s6 : f32
      affine.store %s8, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %m = arith.constant ${M} : index
  %n = arith.constant ${N} : index
  %a = memref.alloc() : memref<${R}x${S}xf32>
  %b = memref.alloc() : memref<${R}x${S}xf32>
  %c = memref.alloc() : memref<${R}x${S}xf32>
  %ua = memref.cast %a : memref<${R}x${S}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${R}x${S}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${R}x${S}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %da = memref.cast %a : memref<${R}x${S}xf32> to memref<?x?xf32>
  %db = memref.cast %b : memref<${R}x${S}xf32> to memref<?x?xf32>
  %dc = memref.cast %c : memref<${R}x${S}xf32> to memref<?x?xf32>
  call @vector_add_2d(%da, %db, %dc, %m, %n) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, index, index) -> ()
  call @regtilePrintF32(%uc) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "vector_add_2d"} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.op<"affine.for">
    %inner, %outer = transform.split_handle %loops : (!transform.op<"affine.for">) -> (!transform.op<"affine.for">, !transform.op<"affine.for">)
    %r, %c = transform.regtile.super_vectorize %outer {vector_sizes = array<i64: 4, 48>} : (!transform.op<"affine.for">) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }
}

// -----

// 1-D, i32, static loop bound ${L} inside a buffer of ${S} elements, the
// default virtual size (the target's lanes), not unrolled further.
// DIFFTEST-CASE: L=100 S=100
// DIFFTEST-CASE: L=7 S=40
// DIFFTEST-CASE: L=33 S=64
func.func @saxpy_i32(%X: memref<${S}xi32>, %Y: memref<${S}xi32>) {
  %k = arith.constant 3 : i32
  affine.for %i = 0 to ${L} {
    %x = affine.load %X[%i] : memref<${S}xi32>
    %y = affine.load %Y[%i] : memref<${S}xi32>
    %p = arith.muli %x, %k : i32
    %s = arith.addi %p, %y : i32
    affine.store %s, %Y[%i] : memref<${S}xi32>
  }
  return
}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %x = memref.alloc() : memref<${S}xi32>
  %y = memref.alloc() : memref<${S}xi32>
  %ux = memref.cast %x : memref<${S}xi32> to memref<*xi32>
  %uy = memref.cast %y : memref<${S}xi32> to memref<*xi32>
  call @regtileFillI32(%ux, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uy, %s2) : (memref<*xi32>, i64) -> ()
  call @saxpy_i32(%x, %y) : (memref<${S}xi32>, memref<${S}xi32>) -> ()
  call @regtilePrintI32(%uy) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "saxpy_i32"} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.any_op
    %v = transform.regtile.super_vectorize %loop : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Seed 003's vecred (a sum instead of a sum of cosines, so the result is
// exact): a 1-D reduction with virtual size 128, masked on the last
// iteration, then broken into 8 native accumulators.
// DIFFTEST-CASE: L=500 S=512
// DIFFTEST-CASE: L=1 S=1
// DIFFTEST-CASE: L=1024 S=1024
// DIFFTEST-CASE: L=129 S=300
func.func @vecred(%in: memref<${S}xf32>, %out: memref<1xf32>) {
  %cst = arith.constant 0.5 : f32
  %sum = affine.for %i = 0 to ${L} iter_args(%part = %cst) -> (f32) {
    %ld = affine.load %in[%i] : memref<${S}xf32>
    %add = arith.addf %part, %ld fastmath<reassoc> : f32
    affine.yield %add : f32
  }
  affine.store %sum, %out[0] : memref<1xf32>
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %in = memref.alloc() : memref<${S}xf32>
  %out = memref.alloc() : memref<1xf32>
  %ui = memref.cast %in : memref<${S}xf32> to memref<*xf32>
  call @regtileFillF32(%ui, %s1) : (memref<*xf32>, i64) -> ()
  call @vecred(%in, %out) : (memref<${S}xf32>, memref<1xf32>) -> ()
  %uo = memref.cast %out : memref<1xf32> to memref<*xf32>
  call @regtilePrintF32(%uo) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "vecred"} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.any_op
    %v = transform.regtile.super_vectorize %loop {vector_sizes = array<i64: 128>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }
}

// -----

// i32 sum of rows with a dynamic length: the inner reduction loop is
// vectorized (no fastmath needed for integers), the outer loop stays.
// DIFFTEST-CASE: M=3 N=77
// DIFFTEST-CASE: M=4 N=16
func.func @row_sums(%in: memref<?x?xi32>, %out: memref<?xi32>, %M: index, %N: index) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to %M {
    %sum = affine.for %j = 0 to %N iter_args(%part = %zero) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<?x?xi32>
      %add = arith.addi %part, %ld : i32
      affine.yield %add : i32
    }
    affine.store %sum, %out[%i] : memref<?xi32>
  }
  return
}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %m = arith.constant ${M} : index
  %n = arith.constant ${N} : index
  %in = memref.alloc() : memref<${M}x${N}xi32>
  %out = memref.alloc() : memref<${M}xi32>
  %ui = memref.cast %in : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI32(%ui, %s1) : (memref<*xi32>, i64) -> ()
  %di = memref.cast %in : memref<${M}x${N}xi32> to memref<?x?xi32>
  %do = memref.cast %out : memref<${M}xi32> to memref<?xi32>
  call @row_sums(%di, %do, %m, %n) : (memref<?x?xi32>, memref<?xi32>, index, index) -> ()
  %uo = memref.cast %out : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%uo) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "row_sums"} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 64>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }
}

// -----

// The route from linalg: a linalg.generic on buffers lowered with upstream's
// convert-linalg-to-affine-loops inside the schedule, then the inner loop
// super-vectorized (the bias b[i] is invariant along it; the outer loop
// cannot be a vector dimension, x[i, j] and b[i] vary along different
// memref dimensions with it).
// DIFFTEST-CASE: M=9 N=70
// DIFFTEST-CASE: M=16 N=32
// DIFFTEST-CASE: M=1 N=5
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @bias_relu(%x: memref<${M}x${N}xf32>, %b: memref<${M}xf32>, %y: memref<${M}x${N}xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<${M}x${N}xf32>, memref<${M}xf32>) outs(%y : memref<${M}x${N}xf32>) {
  ^bb0(%xv: f32, %bv: f32, %yv: f32):
    %s = arith.addf %xv, %bv : f32
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %x = memref.alloc() : memref<${M}x${N}xf32>
  %b = memref.alloc() : memref<${M}xf32>
  %y = memref.alloc() : memref<${M}x${N}xf32>
  %ux = memref.cast %x : memref<${M}x${N}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${M}xf32> to memref<*xf32>
  %uy = memref.cast %y : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uy, %s3) : (memref<*xf32>, i64) -> ()
  call @bias_relu(%x, %b, %y) : (memref<${M}x${N}xf32>, memref<${M}xf32>, memref<${M}x${N}xf32>) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "bias_relu"} in %root : (!transform.any_op) -> !transform.any_op
    %f2 = transform.apply_registered_pass "convert-linalg-to-affine-loops" to %f : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 32>} : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f2 {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A tiled loop: the vectorized loop's bound is a min (not split into whole
// vectors and a remainder: its stores are masked throughout).
// DIFFTEST-CASE: N=100
// DIFFTEST-CASE: N=64
// DIFFTEST-CASE: N=3
func.func @tiled_scale(%X: memref<${N}xf32>, %n: index) {
  %k = arith.constant 0.5 : f32
  affine.for %ii = 0 to %n step 40 {
    affine.for %i = affine_map<(d0) -> (d0)>(%ii) to min affine_map<(d0)[s0] -> (d0 + 40, s0)>(%ii)[%n] {
      %x = affine.load %X[%i] : memref<${N}xf32>
      %y = arith.mulf %x, %k : f32
      affine.store %y, %X[%i] : memref<${N}xf32>
    }
  }
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %n = arith.constant ${N} : index
  %x = memref.alloc() : memref<${N}xf32>
  %ux = memref.cast %x : memref<${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @tiled_scale(%x, %n) : (memref<${N}xf32>, index) -> ()
  call @regtilePrintF32(%ux) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "tiled_scale"} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 16>} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The same with mask_partial_vectors (no split into whole vectors and a
// remainder: masked stores throughout). Seed 003's vector_add_2d, 2-D virtual vector
// <4 x 48> (48 = 3 AVX-512 registers), bounds M x N of an R x S buffer
// (R >= M, S >= N: the rest of C must keep its initial values).
// DIFFTEST-CASE: M=37 N=53 R=37 S=53
// DIFFTEST-CASE: M=1 N=1 R=3 S=5
// DIFFTEST-CASE: M=64 N=96 R=64 S=96
// DIFFTEST-CASE: M=5 N=100 R=9 S=130
// DIFFTEST-CASE: M=13 N=47 R=16 S=64
func.func @vector_add_2d(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index) {
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %B[%i, %j] : memref<?x?xf32>
      %s5 = arith.addf %a, %b : f32
      %s6 = arith.addf %s5, %f1 : f32
      %s7 = arith.addf %s5, %f2 : f32
      %s8 = arith.addf %s7, %s6 : f32
      affine.store %s8, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %m = arith.constant ${M} : index
  %n = arith.constant ${N} : index
  %a = memref.alloc() : memref<${R}x${S}xf32>
  %b = memref.alloc() : memref<${R}x${S}xf32>
  %c = memref.alloc() : memref<${R}x${S}xf32>
  %ua = memref.cast %a : memref<${R}x${S}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${R}x${S}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${R}x${S}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %da = memref.cast %a : memref<${R}x${S}xf32> to memref<?x?xf32>
  %db = memref.cast %b : memref<${R}x${S}xf32> to memref<?x?xf32>
  %dc = memref.cast %c : memref<${R}x${S}xf32> to memref<?x?xf32>
  call @vector_add_2d(%da, %db, %dc, %m, %n) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, index, index) -> ()
  call @regtilePrintF32(%uc) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "vector_add_2d"} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.op<"affine.for">
    %inner, %outer = transform.split_handle %loops : (!transform.op<"affine.for">) -> (!transform.op<"affine.for">, !transform.op<"affine.for">)
    %r, %c = transform.regtile.super_vectorize %outer {vector_sizes = array<i64: 4, 48>, mask_partial_vectors} : (!transform.op<"affine.for">) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }
}

