// The differential harness refuses a schedule that changes nothing: equal
// outputs would prove nothing.
// RUN: not %difftest %s 2>&1 | FileCheck %s
// CHECK: difftest: split 0: the schedule did not change the lowered IR

func.func @kernel(%a: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%a : memref<16xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  }
  return
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %a = memref.alloc() : memref<16xf32>
  %u = memref.cast %a : memref<16xf32> to memref<*xf32>
  %s = arith.constant 7 : i64
  call @regtileFillF32(%u, %s) : (memref<*xf32>, i64) -> ()
  call @kernel(%a) : (memref<16xf32>) -> ()
  call @regtilePrintF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // Matches the kernel but asks for nothing.
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
