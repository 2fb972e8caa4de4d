// Out-of-bounds unit dims: rows read with vector<1x16xf32> and in_bounds
// [false, true], for row indices inside (0..2) and past the end (3..7) of a
// 3x16 tensor. fold_unit_dims drops the unit dim under an scf.if guard; past
// the end the padding (-1) comes back, so (-1)^2 + (-1) = 0 is printed.
// (Upstream's leading-unit-dim cast drops the dim without a guard and reads
// past the buffer instead.)
// RUN: %regtile-opt %s --transform-interpreter | FileCheck %s --check-prefix=IR
// RUN: %regtile-opt %s -p 'builtin.module(transform-interpreter,regtile-lower-to-llvm)' | %regtile-run | FileCheck %s

// IR-LABEL: func.func @rows
// IR: scf.if
// IR: vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<?x16xf32>, vector<16xf32>
// IR: arith.mulf {{.*}} : vector<16xf32>

// CHECK: sizes = [8, 16]
// CHECK-COUNT-3: [{{[-0-9.e+]+}},
// CHECK-COUNT-5: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0]
func.func @rows(%t: tensor<?x16xf32>, %out: memref<8x16xf32>) {
  %pad = arith.constant -1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = vector.transfer_read %t[%i, %c0], %pad {in_bounds = [false, true]} : tensor<?x16xf32>, vector<1x16xf32>
    %w = arith.mulf %v, %v : vector<1x16xf32>
    %x = arith.addf %w, %v : vector<1x16xf32>
    vector.transfer_write %x, %out[%i, %c0] {in_bounds = [true, true]} : vector<1x16xf32>, memref<8x16xf32>
  }
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %n = arith.constant 3 : index
  %a = memref.alloc(%n) : memref<?x16xf32>
  %o = memref.alloc() : memref<8x16xf32>
  %ua = memref.cast %a : memref<?x16xf32> to memref<*xf32>
  %uo = memref.cast %o : memref<8x16xf32> to memref<*xf32>
  %s1 = arith.constant 1 : i64
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<?x16xf32> to tensor<?x16xf32>
  call @rows(%ta, %o) : (tensor<?x16xf32>, memref<8x16xf32>) -> ()
  call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<?x16xf32>
  memref.dealloc %o : memref<8x16xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "rows"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.regtile.fold_unit_dims } : !transform.any_op
    transform.yield
  }
}
