// The differential harness itself: a schedule that changes what the kernel
// computes is caught. The wrong schedule used here is upstream MLIR 22's
// vectorization of a rank-reducing tensor.insert_slice that drops a
// non-leading unit dim (see upstream/insert-slice-vectorize.mlir): the write
// lands on the wrong dims and is masked off, so the destination keeps its
// old values. (If upstream fixes that bug, this test needs another wrong
// schedule.)
// RUN: not %difftest %s 2>&1 | FileCheck %s
// CHECK: difftest: FAIL split 0: values differ:
// CHECK-NEXT: buffer 0 element {{[0-9]+}}: reference

func.func @kernel(%v: tensor<4x8xf32>, %d: tensor<4x1x8xf32>) -> tensor<4x1x8xf32> {
  %r = tensor.insert_slice %v into %d[0, 0, 0] [4, 1, 8] [1, 1, 1] : tensor<4x8xf32> into tensor<4x1x8xf32>
  return %r : tensor<4x1x8xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %v = memref.alloc() : memref<4x8xf32>
  %d = memref.alloc() : memref<4x1x8xf32>
  %uv = memref.cast %v : memref<4x8xf32> to memref<*xf32>
  %ud = memref.cast %d : memref<4x1x8xf32> to memref<*xf32>
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  call @regtileFillF32(%uv, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ud, %s2) : (memref<*xf32>, i64) -> ()
  %tv = bufferization.to_tensor %v restrict : memref<4x8xf32> to tensor<4x8xf32>
  %td = bufferization.to_tensor %d restrict writable : memref<4x1x8xf32> to tensor<4x1x8xf32>
  %r = call @kernel(%tv, %td) : (tensor<4x8xf32>, tensor<4x1x8xf32>) -> tensor<4x1x8xf32>
  %rm = bufferization.to_buffer %r : tensor<4x1x8xf32> to memref<4x1x8xf32>
  %ur = memref.cast %rm : memref<4x1x8xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %k : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
