// Execution: packs and unpacks through regtile's tile copies with store
// prefetches (loops annotated regtile.prefetch_stores = 4096) against the
// same tile copies without them, with sizes that the 16x32 tiles divide
// and do not divide (padding, partial tiles, masked unpack writes), and an
// unpack with outer_dims_perm. Prefetches past the buffers' ends must not
// fault or change anything.
// RUN: %difftest %s --reference-schedule 'transform-interpreter{entry-point=plain}' | FileCheck %s
// CHECK: PASS 3 cases

// M x N unpacked, PM x PN tiles of 16x32.
// DIFFTEST-CASE: M=67 N=45 PM=5 PN=2
// DIFFTEST-CASE: M=64 N=96 PM=4 PN=3
// DIFFTEST-CASE: M=33 N=100 PM=3 PN=4
func.func @pack(%s: tensor<${M}x${N}xf32>, %d: tensor<${PM}x${PN}x16x32xf32>) -> tensor<${PM}x${PN}x16x32xf32> {
  %pad = arith.constant -2.5 : f32
  %p = linalg.pack %s padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<${M}x${N}xf32> -> tensor<${PM}x${PN}x16x32xf32>
  return %p : tensor<${PM}x${PN}x16x32xf32>
}
func.func @unpack(%s: tensor<${PM}x${PN}x16x32xf32>, %d: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %u = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<${PM}x${PN}x16x32xf32> -> tensor<${M}x${N}xf32>
  return %u : tensor<${M}x${N}xf32>
}
func.func @unpack_perm(%s: tensor<${PN}x${PM}x16x32xf32>, %d: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %u = linalg.unpack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<${PN}x${PM}x16x32xf32> -> tensor<${M}x${N}xf32>
  return %u : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %k = memref.alloc() : memref<${PM}x${PN}x16x32xf32>
  %uk = memref.cast %k : memref<${PM}x${PN}x16x32xf32> to memref<*xf32>
  call @regtileFillF32(%uk, %s2) : (memref<*xf32>, i64) -> ()
  %tk = bufferization.to_tensor %k restrict writable : memref<${PM}x${PN}x16x32xf32> to tensor<${PM}x${PN}x16x32xf32>
  %p = call @pack(%ta, %tk) : (tensor<${M}x${N}xf32>, tensor<${PM}x${PN}x16x32xf32>) -> tensor<${PM}x${PN}x16x32xf32>
  %pm = bufferization.to_buffer %p : tensor<${PM}x${PN}x16x32xf32> to memref<${PM}x${PN}x16x32xf32>
  %up = memref.cast %pm : memref<${PM}x${PN}x16x32xf32> to memref<*xf32>
  call @regtilePrintF32(%up) : (memref<*xf32>) -> ()
  %b = memref.alloc() : memref<${M}x${N}xf32>
  %ub = memref.cast %b : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  %tb = bufferization.to_tensor %b restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %u = call @unpack(%p, %tb) : (tensor<${PM}x${PN}x16x32xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %um = bufferization.to_buffer %u : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %uu = memref.cast %um : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%uu) : (memref<*xf32>) -> ()
  %t = memref.alloc() : memref<${PN}x${PM}x16x32xf32>
  %ut = memref.cast %t : memref<${PN}x${PM}x16x32xf32> to memref<*xf32>
  call @regtileFillF32(%ut, %s1) : (memref<*xf32>, i64) -> ()
  %tt = bufferization.to_tensor %t restrict : memref<${PN}x${PM}x16x32xf32> to tensor<${PN}x${PM}x16x32xf32>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%uc, %s2) : (memref<*xf32>, i64) -> ()
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %v = call @unpack_perm(%tt, %tc) : (tensor<${PN}x${PM}x16x32xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %vm = bufferization.to_buffer %v : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %uv = memref.cast %vm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%uv) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops : (!transform.any_op) -> !transform.any_op
    %ahead = transform.param.constant 4096 : i64 -> !transform.param<i64>
    transform.annotate %loops "regtile.prefetch_stores" = %ahead : !transform.any_op, !transform.param<i64>
    transform.yield
  }
  transform.named_sequence @plain(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
