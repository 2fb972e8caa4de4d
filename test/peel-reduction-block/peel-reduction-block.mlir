// peel_reduction_block: a GEMM's K split at the last multiple of the block
// below K into the head (the blocks but the last) and the tail (the last
// block, accumulating into the head's result), each marked; no split when
// K fits in one block; a dynamic K split at run time (the tail one block).
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @static_k(
// CHECK-SAME: %[[A:[^:]*]]: tensor<8x600xf32>, %[[B:[^:]*]]: tensor<600x16xf32>, %[[C:[^:]*]]: tensor<8x16xf32>
// CHECK-DAG: %[[AH:.*]] = tensor.extract_slice %[[A]][0, 0] [8, 512] [1, 1]
// CHECK-DAG: %[[BH:.*]] = tensor.extract_slice %[[B]][0, 0] [512, 16] [1, 1]
// CHECK: %[[H:.*]] = linalg.matmul {regtile.reduction_head} ins(%[[AH]], %[[BH]] : tensor<8x512xf32>, tensor<512x16xf32>) outs(%[[C]] : tensor<8x16xf32>)
// CHECK-DAG: %[[AT:.*]] = tensor.extract_slice %[[A]][0, 512] [8, 88] [1, 1]
// CHECK-DAG: %[[BT:.*]] = tensor.extract_slice %[[B]][512, 0] [88, 16] [1, 1]
// CHECK: %[[T:.*]] = linalg.matmul {regtile.reduction_tail} ins(%[[AT]], %[[BT]] : tensor<8x88xf32>, tensor<88x16xf32>) outs(%[[H]] : tensor<8x16xf32>)
// CHECK-NOT: tensor.insert_slice
// CHECK: return %[[T]]
func.func @static_k(%a: tensor<8x600xf32>, %b: tensor<600x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x600xf32>, tensor<600x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %head, %tail = transform.regtile.peel_reduction_block %mm {block = 256}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A whole number of blocks: the tail is a whole block (K = 512, block 256:
// head 256, tail 256), the block given as a parameter.
// CHECK-LABEL: func.func @whole_blocks(
// CHECK: linalg.matmul {regtile.reduction_head} ins(%{{.*}}, %{{.*}} : tensor<4x256xf32>, tensor<256x8xf32>)
// CHECK: linalg.matmul {regtile.reduction_tail} ins(%{{.*}}, %{{.*}} : tensor<4x256xf32>, tensor<256x8xf32>)
func.func @whole_blocks(%a: tensor<4x512xf32>, %b: tensor<512x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x512xf32>, tensor<512x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %kc = transform.param.constant 256 : i64 -> !transform.param<i64>
    %head, %tail = transform.regtile.peel_reduction_block %mm block = %kc
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// K within one block: no split, the op itself is the tail.
// CHECK-LABEL: func.func @one_block(
// CHECK-NOT: regtile.reduction_head
// CHECK-NEXT: linalg.matmul {regtile.reduction_tail} ins(%{{.*}}, %{{.*}} : tensor<4x100xf32>, tensor<100x8xf32>)
// CHECK-NEXT: return
func.func @one_block(%a: tensor<4x100xf32>, %b: tensor<100x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x100xf32>, tensor<100x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %head, %tail = transform.regtile.peel_reduction_block %mm {block = 256}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A dynamic K: the split at max(0, K - 256) at run time (the tail 256
// long, or all of K: a static bound).
// CHECK: #[[SPLIT:.*]] = affine_map<()[s0] -> (0, s0 - 256)>
// CHECK-LABEL: func.func @dynamic_k(
// CHECK-SAME: %[[A:[^:]*]]: tensor<4x?xf32>
// CHECK: %[[K:.*]] = tensor.dim %[[A]], %c1
// CHECK: %[[P:.*]] = affine.max #[[SPLIT]]()[%[[K]]]
// CHECK: linalg.matmul {regtile.reduction_head}
// CHECK: linalg.matmul {regtile.reduction_tail}
func.func @dynamic_k(%a: tensor<4x?xf32>, %b: tensor<?x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x?xf32>, tensor<?x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %head, %tail = transform.regtile.peel_reduction_block %mm {block = 256}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
