// Execution: a tiled, vectorized multiply-add whose tile loops are marked
// regtile.prefetch_ahead (rows 3 tiles ahead, columns 1 tile ahead) against
// the same schedule without the marks, on sizes the 4 x 32 tiles divide and
// sizes they do not (masked edge tiles): the prefetches, past the buffers'
// ends in the last iterations, must not fault or change anything. (The
// conv strategy's execution tests run the marked loops of
// @regtile_conv2d.)
// RUN: %difftest %s --reference-schedule 'transform-interpreter{entry-point=plain}' | FileCheck %s
// CHECK: PASS 3 cases

// DIFFTEST-CASE: M=37 N=45
// DIFFTEST-CASE: M=64 N=128
// DIFFTEST-CASE: M=5 N=33
func.func @madd(%x: tensor<${M}x${N}xf32>, %w: tensor<${N}xf32>, %o: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.generic {
    indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
    iterator_types = ["parallel", "parallel"]
  } ins(%x, %w : tensor<${M}x${N}xf32>, tensor<${N}xf32>) outs(%o : tensor<${M}x${N}xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %m, %c : f32
    linalg.yield %s : f32
  } -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %x = memref.alloc() : memref<${M}x${N}xf32>
  %ux = memref.cast %x : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  %tx = bufferization.to_tensor %x restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %w = memref.alloc() : memref<${N}xf32>
  %uw = memref.cast %w : memref<${N}xf32> to memref<*xf32>
  call @regtileFillF32(%uw, %s2) : (memref<*xf32>, i64) -> ()
  %tw = bufferization.to_tensor %w restrict : memref<${N}xf32> to tensor<${N}xf32>
  %o = memref.alloc() : memref<${M}x${N}xf32>
  %uo = memref.cast %o : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%uo, %s3) : (memref<*xf32>, i64) -> ()
  %to = bufferization.to_tensor %o restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @madd(%tx, %tw, %to) : (tensor<${M}x${N}xf32>, tensor<${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tiles(%root: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "madd"} in %root
        : (!transform.any_op) -> !transform.any_op
    %g = transform.structured.match ops{["linalg.generic"]} in %f : (!transform.any_op) -> !transform.any_op
    %t, %i, %j = transform.structured.tile_using_for %g tile_sizes [4, 32]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %t vector_sizes [4, 32] : !transform.any_op
    transform.yield %i, %j : !transform.any_op, !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i, %j = transform.include @tiles failures(propagate) (%root)
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    transform.annotate %i "regtile.prefetch_ahead" = %three : !transform.any_op, !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.annotate %j "regtile.prefetch_ahead" = %one : !transform.any_op, !transform.param<i64>
    transform.yield
  }
  transform.named_sequence @plain(%root: !transform.any_op {transform.readonly}) {
    %i, %j = transform.include @tiles failures(propagate) (%root)
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
