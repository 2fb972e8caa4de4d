// Execution of the 4-way i8 dot form for every signedness, against the
// unscheduled payload: scheduled for znver4 and lowered for the host
// (vpdpbusd where the host has AVX-512 VNNI) and for an AVX2 target (the
// same 512-bit form lowered as ordinary code); scheduled and lowered for
// AVX2 (sums with vpmaddubsw + vpmaddwd on 256 bits, dot products plain)
// and for skylake-avx512 (AVX-512 BW without VNNI: sums with the 512-bit
// vpmaddubsw, on AVX-512 hosts).
// RUN: %difftest %s | FileCheck %s
// RUN: %difftest %s --lower-options target=x86-64-v3 | FileCheck %s
// RUN: sed 's/arch = "znver4"/arch = "x86-64-v3"/' %s > %t.avx2.mlir
// RUN: %difftest %t.avx2.mlir --lower-options target=x86-64-v3 | FileCheck %s
// RUN: %if host-avx512 %{ sed 's/arch = "znver4"/arch = "skylake-avx512"/' %s > %t.skx.mlir %}
// RUN: %if host-avx512 %{ %difftest %t.skx.mlir --lower-options target=skylake-avx512 | FileCheck %s %}
// CHECK: PASS 4 cases
// DIFFTEST-CASE: M=5 N=300
// DIFFTEST-CASE: M=3 N=65
// DIFFTEST-CASE: M=2 N=1
// DIFFTEST-CASE: M=4 N=97
func.func @sum_s8(%a: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @sum_u8(%a: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extui %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @dot_ss(%a: tensor<${M}x${N}xi8>, %b: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @dot_us(%a: tensor<${M}x${N}xi8>, %b: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @dot_su(%a: tensor<${M}x${N}xi8>, %b: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func @dot_uu(%a: tensor<${M}x${N}xi8>, %b: tensor<${M}x${N}xi8>, %o: tensor<${M}xi32>) -> tensor<${M}xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>) outs(%o : tensor<${M}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  return %r : tensor<${M}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${N}xi8>
  %b = memref.alloc() : memref<${M}x${N}xi8>
  %ua = memref.cast %a : memref<${M}x${N}xi8> to memref<*xi8>
  %ub = memref.cast %b : memref<${M}x${N}xi8> to memref<*xi8>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub, %s2) : (memref<*xi8>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %tb = bufferization.to_tensor %b restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %o0 = memref.alloc() : memref<${M}xi32>
  %uo0 = memref.cast %o0 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%uo0, %s3) : (memref<*xi32>, i64) -> ()
  %to0 = bufferization.to_tensor %o0 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r0 = call @sum_s8(%ta, %to0) : (tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm0 = bufferization.to_buffer %r0 : tensor<${M}xi32> to memref<${M}xi32>
  %ur0 = memref.cast %rm0 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur0) : (memref<*xi32>) -> ()
  %o1 = memref.alloc() : memref<${M}xi32>
  %uo1 = memref.cast %o1 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%uo1, %s3) : (memref<*xi32>, i64) -> ()
  %to1 = bufferization.to_tensor %o1 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r1 = call @sum_u8(%ta, %to1) : (tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm1 = bufferization.to_buffer %r1 : tensor<${M}xi32> to memref<${M}xi32>
  %ur1 = memref.cast %rm1 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur1) : (memref<*xi32>) -> ()
  %o2 = memref.alloc() : memref<${M}xi32>
  %uo2 = memref.cast %o2 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%uo2, %s3) : (memref<*xi32>, i64) -> ()
  %to2 = bufferization.to_tensor %o2 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r2 = call @dot_ss(%ta, %tb, %to2) : (tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm2 = bufferization.to_buffer %r2 : tensor<${M}xi32> to memref<${M}xi32>
  %ur2 = memref.cast %rm2 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur2) : (memref<*xi32>) -> ()
  %o3 = memref.alloc() : memref<${M}xi32>
  %uo3 = memref.cast %o3 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%uo3, %s3) : (memref<*xi32>, i64) -> ()
  %to3 = bufferization.to_tensor %o3 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r3 = call @dot_us(%ta, %tb, %to3) : (tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm3 = bufferization.to_buffer %r3 : tensor<${M}xi32> to memref<${M}xi32>
  %ur3 = memref.cast %rm3 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur3) : (memref<*xi32>) -> ()
  %o4 = memref.alloc() : memref<${M}xi32>
  %uo4 = memref.cast %o4 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%uo4, %s3) : (memref<*xi32>, i64) -> ()
  %to4 = bufferization.to_tensor %o4 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r4 = call @dot_su(%ta, %tb, %to4) : (tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm4 = bufferization.to_buffer %r4 : tensor<${M}xi32> to memref<${M}xi32>
  %ur4 = memref.cast %rm4 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur4) : (memref<*xi32>) -> ()
  %o5 = memref.alloc() : memref<${M}xi32>
  %uo5 = memref.cast %o5 : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI32(%uo5, %s3) : (memref<*xi32>, i64) -> ()
  %to5 = bufferization.to_tensor %o5 restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %r5 = call @dot_uu(%ta, %tb, %to5) : (tensor<${M}x${N}xi8>, tensor<${M}x${N}xi8>, tensor<${M}xi32>) -> tensor<${M}xi32>
  %rm5 = bufferization.to_buffer %r5 : tensor<${M}xi32> to memref<${M}xi32>
  %ur5 = memref.cast %rm5 : memref<${M}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur5) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
