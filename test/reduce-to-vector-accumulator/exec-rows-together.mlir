// Execution of the multi-row horizontal reduction (`rows` > 1: the rows of
// a block reduced together through a transpose-and-add network, merged with
// one vector read of their initial values and written back as one vector
// where the output is contiguous along the rows, element by element where it
// is not): what the unscheduled payload computes, for the integer combiners,
// an output transposed with respect to the row dim, row counts that are not
// a power of two (padded networks) or exceed the lanes (a reduction per row),
// a strided output, and row totals that do not divide `rows`.
// RUN: %difftest %s --rtol 1e-6 | FileCheck %s
// CHECK: PASS 8 cases

// Integer combiners, 4 rows at a time, on buffers (one vector read and
// write of the block's initial values and results).
// DIFFTEST-CASE: M=7 N=37
// DIFFTEST-CASE: M=9 N=64
// DIFFTEST-CASE: M=2 N=3
func.func @maxsi(%a: memref<${M}x${N}xi32>, %o: memref<${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.maxsi %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
func.func @minui(%a: memref<${M}x${N}xi32>, %o: memref<${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.minui %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
func.func @andi(%a: memref<${M}x${N}xi32>, %o: memref<${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.andi %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
func.func @ori(%a: memref<${M}x${N}xi32>, %o: memref<${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.ori %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
func.func @xori(%a: memref<${M}x${N}xi32>, %o: memref<${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.xori %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
func.func @muli(%a: memref<${M}x${N}xi32>, %o: memref<${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.muli %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
func.func @addi(%a: memref<${M}x${N}xi32>, %o: memref<${M}xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
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
  call @maxsi(%a0, %o0) : (memref<${M}x${N}xi32>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo0) : (memref<*xi32>) -> ()
  %a1 = memref.alloc() : memref<${M}x${N}xi32>
  %o1 = memref.alloc() : memref<${M}xi32>
  %ua1 = memref.cast %a1 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo1 = memref.cast %o1 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua1, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo1, %s2) : (memref<*xi32>, i64) -> ()
  call @minui(%a1, %o1) : (memref<${M}x${N}xi32>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo1) : (memref<*xi32>) -> ()
  %a2 = memref.alloc() : memref<${M}x${N}xi32>
  %o2 = memref.alloc() : memref<${M}xi32>
  %ua2 = memref.cast %a2 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo2 = memref.cast %o2 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua2, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo2, %s2) : (memref<*xi32>, i64) -> ()
  call @andi(%a2, %o2) : (memref<${M}x${N}xi32>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo2) : (memref<*xi32>) -> ()
  %a3 = memref.alloc() : memref<${M}x${N}xi32>
  %o3 = memref.alloc() : memref<${M}xi32>
  %ua3 = memref.cast %a3 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo3 = memref.cast %o3 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua3, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo3, %s2) : (memref<*xi32>, i64) -> ()
  call @ori(%a3, %o3) : (memref<${M}x${N}xi32>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo3) : (memref<*xi32>) -> ()
  %a4 = memref.alloc() : memref<${M}x${N}xi32>
  %o4 = memref.alloc() : memref<${M}xi32>
  %ua4 = memref.cast %a4 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo4 = memref.cast %o4 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua4, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo4, %s2) : (memref<*xi32>, i64) -> ()
  call @xori(%a4, %o4) : (memref<${M}x${N}xi32>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo4) : (memref<*xi32>) -> ()
  %a5 = memref.alloc() : memref<${M}x${N}xi32>
  %o5 = memref.alloc() : memref<${M}xi32>
  %ua5 = memref.cast %a5 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo5 = memref.cast %o5 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua5, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo5, %s2) : (memref<*xi32>, i64) -> ()
  call @muli(%a5, %o5) : (memref<${M}x${N}xi32>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo5) : (memref<*xi32>) -> ()
  %a6 = memref.alloc() : memref<${M}x${N}xi32>
  %o6 = memref.alloc() : memref<${M}xi32>
  %ua6 = memref.cast %a6 : memref<${M}x${N}xi32> to memref<*xi32>
  %uo6 = memref.cast %o6 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%ua6, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo6, %s2) : (memref<*xi32>, i64) -> ()
  call @addi(%a6, %o6) : (memref<${M}x${N}xi32>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo6) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops {rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The output indexed (i, b) while the rows are i (the innermost parallel
// loop): the block's results are merged and stored element by element. Then
// 8 and 12 rows with one accumulator each: 8 rows fill an AVX2 vector of f32
// exactly (AVX-512: one more fold), 12 are padded to 16 on AVX-512 and
// exceed AVX2's 8 lanes (one reduction per row there).
// DIFFTEST-CASE: B=3 M=9 N=70
// DIFFTEST-CASE: B=1 M=4 N=16
// DIFFTEST-CASE: B=2 M=29 N=100
func.func @transposed(%a: memref<${B}x${M}x${N}xf32>, %o: memref<${M}x${B}xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (i, b)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : memref<${B}x${M}x${N}xf32>) outs(%o : memref<${M}x${B}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
func.func @rows8(%a: memref<${M}x${N}xf32>, %o: memref<${M}xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xf32>) outs(%o : memref<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
func.func @rows12(%a: memref<${M}x${N}xf32>, %o: memref<${M}xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xf32>) outs(%o : memref<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${B}x${M}x${N}xf32>
  %o = memref.alloc() : memref<${M}x${B}xf32>
  %ua = memref.cast %a : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  %uo = memref.cast %o : memref<${M}x${B}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo, %s2) : (memref<*xf32>, i64) -> ()
  call @transposed(%a, %o) : (memref<${B}x${M}x${N}xf32>, memref<${M}x${B}xf32>) -> ()
  call @regtilePrintF32(%uo) : (memref<*xf32>) -> ()
  %p = memref.alloc() : memref<${M}x${N}xf32>
  %up = memref.cast %p : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%up, %s1) : (memref<*xf32>, i64) -> ()
  %q = memref.alloc() : memref<${M}xf32>
  %uq = memref.cast %q : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%uq, %s2) : (memref<*xf32>, i64) -> ()
  call @rows8(%p, %q) : (memref<${M}x${N}xf32>, memref<${M}xf32>) -> ()
  call @regtilePrintF32(%uq) : (memref<*xf32>) -> ()
  %r = memref.alloc() : memref<${M}xf32>
  %ur = memref.cast %r : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ur, %s2) : (memref<*xf32>, i64) -> ()
  call @rows12(%p, %r) : (memref<${M}x${N}xf32>, memref<${M}xf32>) -> ()
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["func.func"]} attributes{sym_name = "transposed"} in %root : (!transform.any_op) -> !transform.any_op
    %r8 = transform.structured.match ops{["func.func"]} attributes{sym_name = "rows8"} in %root : (!transform.any_op) -> !transform.any_op
    %r12 = transform.structured.match ops{["func.func"]} attributes{sym_name = "rows12"} in %root : (!transform.any_op) -> !transform.any_op
    %gt = transform.structured.match ops{["linalg.generic"]} in %t : (!transform.any_op) -> !transform.any_op
    %g8 = transform.structured.match ops{["linalg.generic"]} in %r8 : (!transform.any_op) -> !transform.any_op
    %g12 = transform.structured.match ops{["linalg.generic"]} in %r12 : (!transform.any_op) -> !transform.any_op
    %l0, %c0 = transform.regtile.reduce_to_vector_accumulator %gt {rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l1, %c1 = transform.regtile.reduce_to_vector_accumulator %g8 {rows = 8, accumulators = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g12 {rows = 12, accumulators = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The output a strided view (every other element of a buffer): the block's
// results are merged and stored element by element (no vector write to a
// non-unit stride); the elements in between stay untouched.
// DIFFTEST-CASE: M=9 N=70
// DIFFTEST-CASE: M=4 N=16
func.func @strided(%a: memref<${M}x${N}xi32>, %buf: memref<${M}x2xi32>) {
  %o = memref.subview %buf[0, 1] [${M}, 1] [1, 1] : memref<${M}x2xi32> to memref<${M}xi32, strided<[2], offset: 1>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xi32>) outs(%o : memref<${M}xi32, strided<[2], offset: 1>>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${M}x${N}xi32>
  %o = memref.alloc() : memref<${M}x2xi32>
  %ua = memref.cast %a : memref<${M}x${N}xi32> to memref<*xi32>
  %uo = memref.cast %o : memref<${M}x2xi32> to memref<*xi32>
  call @regtileFillI32(%ua, %s1) : (memref<*xi32>, i64) -> ()
  call @regtileFillI32(%uo, %s2) : (memref<*xi32>, i64) -> ()
  call @strided(%a, %o) : (memref<${M}x${N}xi32>, memref<${M}x2xi32>) -> ()
  call @regtilePrintI32(%uo) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %ops {rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
