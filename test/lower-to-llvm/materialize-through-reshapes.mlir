// regtile-materialize-through-reshapes: a result materialized into a
// buffer through a tensor.expand_shape is materialized into a
// memref.collapse_shape view of the buffer, and a reshape of an empty
// tensor is an empty tensor, so that empty-tensor elimination computes the
// result in the buffer itself (no copy). A buffer whose layout does not
// collapse so is left as it was.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(func.func(regtile-materialize-through-reshapes))' | FileCheck %s
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(func.func(regtile-materialize-through-reshapes),eliminate-empty-tensors,empty-tensor-to-alloc-tensor,one-shot-bufferize{bufferize-function-boundaries})' | FileCheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @expanded(
// CHECK-SAME: %[[M:.*]]: memref<1x8x4x4xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8x16xf32>)
// CHECK: %[[V:.*]] = memref.collapse_shape %[[M]] {{\[}}[0, 1], [2, 3]] : memref<1x8x4x4xf32> into memref<8x16xf32>
// CHECK: bufferization.materialize_in_destination %[[F]] in restrict writable %[[V]] : (tensor<8x16xf32>, memref<8x16xf32>) -> ()
// BUF-LABEL: func.func @expanded(
// BUF-NOT: memref.alloc
// BUF: %[[V:.*]] = memref.collapse_shape
// BUF: linalg.fill ins(%{{.*}} : f32) outs(%[[V]] : memref<8x16xf32>)
// BUF-NOT: memref.alloc
// BUF: return
func.func @expanded(%m: memref<1x8x4x4xf32>) {
  %c = arith.constant 1.0 : f32
  %e4 = tensor.empty() : tensor<1x8x4x4xf32>
  %e = tensor.collapse_shape %e4 [[0, 1], [2, 3]] : tensor<1x8x4x4xf32> into tensor<8x16xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %x = tensor.expand_shape %f [[0, 1], [2, 3]] output_shape [1, 8, 4, 4] : tensor<8x16xf32> into tensor<1x8x4x4xf32>
  bufferization.materialize_in_destination %x in restrict writable %m : (tensor<1x8x4x4xf32>, memref<1x8x4x4xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @strided(
// CHECK: %[[X:.*]] = tensor.expand_shape
// CHECK: bufferization.materialize_in_destination %[[X]] in restrict writable %{{.*}} : (tensor<1x8x4x4xf32>, memref<1x8x4x4xf32, strided<[256, 32, 8, 1]>>) -> ()
func.func @strided(%m: memref<1x8x4x4xf32, strided<[256, 32, 8, 1]>>, %t: tensor<8x16xf32>) {
  %x = tensor.expand_shape %t [[0, 1], [2, 3]] output_shape [1, 8, 4, 4] : tensor<8x16xf32> into tensor<1x8x4x4xf32>
  bufferization.materialize_in_destination %x in restrict writable %m : (tensor<1x8x4x4xf32>, memref<1x8x4x4xf32, strided<[256, 32, 8, 1]>>) -> ()
  return
}
