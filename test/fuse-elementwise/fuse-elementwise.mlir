// fuse_elementwise: a chain of elementwise ops becomes one linalg.generic
// (named ops generalized, a bias broadcast read by an add folded into that
// input's map); a broadcast into another op's output, a producer with a
// second user, fills and copies stay; an elementwise op written in place
// on a result (its one use) is put in consumer form first.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -canonicalize | FileCheck %s

// A bias add then a GELU's tanh: one generic reading the GEMM's result
// and the bias along n.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @bias_tanh(
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]]{{.*}} ins(%[[MM]], %{{.*}} : tensor<4x16xf32>, tensor<16xf32>)
// CHECK: arith.addf
// CHECK: math.tanh
// CHECK: return %[[R]]
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @bias_tanh(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %e = tensor.empty() : tensor<4x16xf32>
  %s = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<4x16xf32>, tensor<16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %t = arith.addf %x, %y : f32
    linalg.yield %t : f32
  } -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Named ops: a broadcast of the bias into an add, then a max with a fill:
// one generic with the bias's map (the fill, a constant, inlined as one).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @named(
// CHECK-SAME: %[[BIAS:[^:]*]]: tensor<16xf32>
// CHECK-NOT: linalg.broadcast
// CHECK-NOT: linalg.add
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]]{{.*}} ins(%[[MM]], %[[BIAS]] : tensor<4x16xf32>, tensor<16xf32>)
// CHECK: %[[S:.*]] = arith.addf
// CHECK: arith.maximumf %[[S]], %[[ZERO]]
// CHECK-NOT: linalg.max
// CHECK: return %[[R]]
func.func @named(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  %bb = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%e : tensor<4x16xf32>) dimensions = [0]
  %s = linalg.add ins(%mm, %bb : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.max ins(%s, %z : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A bias broadcast into a convolution's output stays (the convolution
// starts from it); an elementwise producer with a second user is not fused
// (it would be computed twice); a copy stays.
// CHECK-LABEL: func.func @stays(
// CHECK: %[[BB:.*]] = linalg.broadcast
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[BB]] :
// CHECK: %[[EXP:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} ins(%[[EXP]]
// CHECK: math.tanh
// CHECK: linalg.copy
// CHECK: return
func.func @stays(%i: tensor<1x6x6x3xf32>, %f: tensor<3x3x3x8xf32>, %bias: tensor<8xf32>, %x: tensor<8xf32>) -> (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %bb = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x4x4x8xf32>) dimensions = [0, 1, 2]
  %c = linalg.conv_2d_nhwc_hwcf ins(%i, %f : tensor<1x6x6x3xf32>, tensor<3x3x3x8xf32>) outs(%bb : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %ex = linalg.exp ins(%x : tensor<8xf32>) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %th = linalg.tanh ins(%ex : tensor<8xf32>) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %cp = linalg.copy ins(%x : tensor<8xf32>) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  return %c, %ex, %th, %cp : tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Written in place on the convolution's result (outs(%conv), as some
// frameworks emit a bias add and a ReLU6): both read the result as an
// input and write a tensor.empty of its (dynamic) shape, then fuse into
// one generic, the convolution's one consumer.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME: %{{.*}}: tensor<?x6x6x3xf32>, %{{.*}}: tensor<3x3x3x8xf32>, %{{.*}}: tensor<8xf32>, %[[INIT:[a-z0-9]+]]: tensor<?x4x4x8xf32>
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[N:.*]] = tensor.dim %[[INIT]], %{{.*}} : tensor<?x4x4x8xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x4x4x8xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[CH]], #[[ID]], #[[ID]]]{{.*}} ins(%{{.*}}, %[[CONV]] : tensor<8xf32>, tensor<?x4x4x8xf32>) outs(%[[E]] : tensor<?x4x4x8xf32>)
// CHECK: ^bb0(%[[B:.*]]: f32, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[B]]
// CHECK: %[[M:.*]] = arith.maximumf %[[S]]
// CHECK: %[[C:.*]] = arith.minimumf %[[M]]
// CHECK: linalg.yield %[[C]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
#id4 = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch4 = affine_map<(n, h, w, c) -> (c)>
func.func @in_place(%i: tensor<?x6x6x3xf32>, %f: tensor<3x3x3x8xf32>, %bias: tensor<8xf32>, %init: tensor<?x4x4x8xf32>) -> tensor<?x4x4x8xf32> {
  %c = linalg.conv_2d_nhwc_hwcf ins(%i, %f : tensor<?x6x6x3xf32>, tensor<3x3x3x8xf32>) outs(%init : tensor<?x4x4x8xf32>) -> tensor<?x4x4x8xf32>
  %r1 = linalg.generic {indexing_maps = [#ch4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<8xf32>) outs(%c : tensor<?x4x4x8xf32>) {
  ^bb0(%b: f32, %o: f32):
    %s = arith.addf %o, %b : f32
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<?x4x4x8xf32>
  %r2 = linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%r1 : tensor<?x4x4x8xf32>) {
  ^bb0(%o: f32):
    %six = arith.constant 6.0 : f32
    %m = arith.minimumf %o, %six : f32
    linalg.yield %m : f32
  } -> tensor<?x4x4x8xf32>
  return %r2 : tensor<?x4x4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    transform.yield
  }
}

// -----

// In place but not on a linalg op's only use: on a result the function
// also returns, on a function argument: both stay as written.
// CHECK-LABEL: func.func @in_place_stays(
// CHECK-SAME: %{{.*}}: tensor<4x16xf32>, %{{.*}}: tensor<16x8xf32>, %[[C:[a-z0-9]+]]: tensor<4x8xf32>
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK: %[[R1:.*]] = linalg.generic {{.*}} outs(%[[MM]] : tensor<4x8xf32>)
// CHECK: %[[R2:.*]] = linalg.generic {{.*}} outs(%[[C]] : tensor<4x8xf32>)
// CHECK: return %[[MM]], %[[R1]], %[[R2]]
#id2 = affine_map<(m, n) -> (m, n)>
func.func @in_place_stays(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>, %c: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %mm = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r1 = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%mm : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %o, %z : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %r2 = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%c : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %o, %z : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %mm, %r1, %r2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    transform.yield
  }
}
