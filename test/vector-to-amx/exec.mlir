// Execution of regtile-vector-to-amx kernels (the AMX tile unit on the
// host, through regtile-lower-to-llvm), compared exactly with the
// unscheduled payload: C[m][n] += A[m][k][v] B[k][n][v] in the VNNI layout,
// bf16 x bf16 -> f32 (inputs multiples of 1/8: exact sums) and
// i8 x i8 -> i32 (the whole range). The schedule (upstream transform ops
// only) tiles by 16 x 16 x 16 pairs or quads, vectorizes into
// vector.contract and hoists C out of the K loop: the accumulator tile is
// then carried by that loop. Sizes are multiples of the 16 x 16 tiles:
// upstream's vectorizer masks the contraction of a partial tile
// (vector.mask around vector.contract), which regtile-lower-to-llvm does
// not lower; masked operands are left to the vectors (vector-to-amx.mlir).
// REQUIRES: host-amx
// RUN: %difftest --threads 1,3 %s --no-warnings | FileCheck %s
// CHECK: PASS 4 cases
// The scheduled kernel runs on the tiles: tdpbf16ps / tdpbssd, the tile
// permission asked by a constructor.
// RUN: sed -e 's/\${M}/64/g; s/\${N}/48/g; s/\${K}/32/g' %s | %regtile-opt -split-input-file -p 'builtin.module(transform-interpreter,regtile-lower-to-llvm{target=sapphirerapids})' | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.call_intrinsic "llvm.x86.tdpbf16ps.internal"
// LLVM: llvm.mlir.global_ctors ctors = [@__regtile_request_amx]
// LLVM: llvm.call_intrinsic "llvm.x86.tdpbssd.internal"
// LLVM: llvm.mlir.global_ctors ctors = [@__regtile_request_amx]

// DIFFTEST-CASE: M=64 N=48 K=32
// DIFFTEST-CASE: M=48 N=80 K=48
#mA = affine_map<(m, n, k, v) -> (m, k, v)>
#mB = affine_map<(m, n, k, v) -> (k, n, v)>
#mC = affine_map<(m, n, k, v) -> (m, n)>
func.func @kernel(%a: tensor<${M}x${K}x2xbf16>, %b: tensor<${K}x${N}x2xbf16>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : tensor<${M}x${K}x2xbf16>, tensor<${K}x${N}x2xbf16>) outs(%c : tensor<${M}x${N}xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}x2xbf16>
  %b = memref.alloc() : memref<${K}x${N}x2xbf16>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}x2xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${K}x${N}x2xbf16> to memref<*xbf16>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillBF16(%ua, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%ub, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}x2xbf16> to tensor<${M}x${K}x2xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}x2xbf16> to tensor<${K}x${N}x2xbf16>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}x2xbf16>, tensor<${K}x${N}x2xbf16>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i, %j, %k = transform.structured.tile_using_for %g tile_sizes [16, 16, 16, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %t vector_sizes [16, 16, 16, 2] : !transform.any_op
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.fold_arith_extension
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %k : !transform.any_op
    transform.yield
  }
}

// -----

// DIFFTEST-CASE: M=32 N=48 K=32
// DIFFTEST-CASE: M=16 N=32 K=80
#mA = affine_map<(m, n, k, v) -> (m, k, v)>
#mB = affine_map<(m, n, k, v) -> (k, n, v)>
#mC = affine_map<(m, n, k, v) -> (m, n)>
func.func @kernel(%a: tensor<${M}x${K}x4xi8>, %b: tensor<${K}x${N}x4xi8>, %c: tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32> {
  %r = linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : tensor<${M}x${K}x4xi8>, tensor<${K}x${N}x4xi8>) outs(%c : tensor<${M}x${N}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xi = arith.extsi %x : i8 to i32
    %yi = arith.extsi %y : i8 to i32
    %p = arith.muli %xi, %yi : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}x${N}xi32>
  return %r : tensor<${M}x${N}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}x4xi8>
  %b = memref.alloc() : memref<${K}x${N}x4xi8>
  %c = memref.alloc() : memref<${M}x${N}xi32>
  %ua = memref.cast %a : memref<${M}x${K}x4xi8> to memref<*xi8>
  %ub = memref.cast %b : memref<${K}x${N}x4xi8> to memref<*xi8>
  %uc = memref.cast %c : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub, %s2) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uc, %s3) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}x4xi8> to tensor<${M}x${K}x4xi8>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}x4xi8> to tensor<${K}x${N}x4xi8>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}x4xi8>, tensor<${K}x${N}x4xi8>, tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xi32> to memref<${M}x${N}xi32>
  %ur = memref.cast %rm : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %i, %j, %k = transform.structured.tile_using_for %g tile_sizes [16, 16, 16, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %t vector_sizes [16, 16, 16, 4] : !transform.any_op
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.fold_arith_extension
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %k : !transform.any_op
    transform.yield
  }
}
