// Execution: packs and unpacks through regtile's tile copies with streaming
// stores (loops annotated regtile.streaming_stores) against the same tile
// copies with ordinary stores, on destinations that are 64-byte aligned
// (OFF = 0, 16: the streaming version runs) and that are not (OFF = 1, 5:
// the runtime check falls back to the original loop), with sizes that the
// 16x32 tiles divide and do not divide (padding; the partial unpack tiles
// write out of bounds, which does not stream: that unpack keeps its loop).
// Margins around the destinations are printed too: nothing outside them is
// written.
// RUN: %difftest %s --reference-schedule 'transform-interpreter{entry-point=cached}' | FileCheck %s
// CHECK: PASS 5 cases

// M x N unpacked, PM x PN tiles of 16x32 (PS = PN * 512, PT = PM * PS).
// DIFFTEST-CASE: M=67 N=45 PM=5 PN=2 PS=1024 PT=5120 OFF=0
// DIFFTEST-CASE: M=67 N=45 PM=5 PN=2 PS=1024 PT=5120 OFF=16
// DIFFTEST-CASE: M=67 N=45 PM=5 PN=2 PS=1024 PT=5120 OFF=1
// DIFFTEST-CASE: M=64 N=96 PM=4 PN=3 PS=1536 PT=6144 OFF=16
// DIFFTEST-CASE: M=64 N=96 PM=4 PN=3 PS=1536 PT=6144 OFF=5
!packed = memref<${PM}x${PN}x16x32xf32, strided<[${PS}, 512, 32, 1], offset: ?>>
!dst = memref<${M}x${N}xf32, strided<[112, 1], offset: ?>>
func.func @pack(%ms: memref<${M}x${N}xf32>, %md: !packed) {
  %pad = arith.constant -2.5 : f32
  %s = bufferization.to_tensor %ms restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %d = bufferization.to_tensor %md restrict writable : !packed to tensor<${PM}x${PN}x16x32xf32>
  %p = linalg.pack %s padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<${M}x${N}xf32> -> tensor<${PM}x${PN}x16x32xf32>
  bufferization.materialize_in_destination %p in restrict writable %md : (tensor<${PM}x${PN}x16x32xf32>, !packed) -> ()
  return
}
// Unpack with outer_dims_perm into a (possibly misaligned) destination.
func.func @unpack(%ms: memref<${PN}x${PM}x16x32xf32>, %md: !dst) {
  %s = bufferization.to_tensor %ms restrict : memref<${PN}x${PM}x16x32xf32> to tensor<${PN}x${PM}x16x32xf32>
  %d = bufferization.to_tensor %md restrict writable : !dst to tensor<${M}x${N}xf32>
  %u = linalg.unpack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<${PN}x${PM}x16x32xf32> -> tensor<${M}x${N}xf32>
  bufferization.materialize_in_destination %u in restrict writable %md : (tensor<${M}x${N}xf32>, !dst) -> ()
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() {alignment = 64} : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  // The packed buffer at element offset OFF of a 64-byte aligned one.
  %kbuf = memref.alloc() {alignment = 64} : memref<7700xf32>
  %off = arith.constant ${OFF} : index
  %k = memref.subview %kbuf[%off] [${PT}] [1] : memref<7700xf32> to memref<${PT}xf32, strided<[1], offset: ?>>
  %kd = memref.expand_shape %k [[0, 1, 2, 3]] output_shape [${PM}, ${PN}, 16, 32] : memref<${PT}xf32, strided<[1], offset: ?>> into !packed
  %ukbuf = memref.cast %kbuf : memref<7700xf32> to memref<*xf32>
  call @regtileFillF32(%ukbuf, %s2) : (memref<*xf32>, i64) -> ()
  call @pack(%a, %kd) : (memref<${M}x${N}xf32>, !packed) -> ()
  call @regtilePrintF32(%ukbuf) : (memref<*xf32>) -> ()
  // Unpack a PN x PM tile grid (outer dims swapped) into a destination at
  // offset OFF.
  %t = memref.alloc() {alignment = 64} : memref<${PN}x${PM}x16x32xf32>
  %ut = memref.cast %t : memref<${PN}x${PM}x16x32xf32> to memref<*xf32>
  call @regtileFillF32(%ut, %s1) : (memref<*xf32>, i64) -> ()
  %obuf = memref.alloc() {alignment = 64} : memref<80x112xf32>
  %uobuf = memref.cast %obuf : memref<80x112xf32> to memref<*xf32>
  call @regtileFillF32(%uobuf, %s2) : (memref<*xf32>, i64) -> ()
  %od = memref.subview %obuf[0, %off] [${M}, ${N}] [1, 1] : memref<80x112xf32> to !dst
  call @unpack(%t, %od) : (memref<${PN}x${PM}x16x32xf32>, !dst) -> ()
  call @regtilePrintF32(%uobuf) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops : (!transform.any_op) -> !transform.any_op
    transform.annotate %loops "regtile.streaming_stores" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @cached(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
