// transform.regtile.dot_product_group: the K values a dot-product
// instruction of the target sums per lane for a contraction's body (4 for
// i8 x i8 -> i32 in any signedness with AVX-512 VNNI, else 2 with AVX-512
// BW or AVX2 (vpmaddwd on pairs widened to i16), 2 for bf16 -> f32 with
// AVX-512 BF16, 1 otherwise: f32, no such unit (bf16 without BF16, i8 on
// SSE only), A's K not innermost). With `untiled_if_one`, 1 is returned as 0 (a tile size that
// leaves the dim untiled: the convolution strategy's input-channel tile).
// RUN: %regtile-opt %s --transform-interpreter 2>&1 | FileCheck %s

// CHECK: remark: bf16 znver4 2 : i64
// CHECK: remark: bf16 cascadelake 1 : i64
// CHECK: remark: bf16 znver4,-avx512bf16 1 : i64
// CHECK: remark: u8s8 znver4 4 : i64
// CHECK: remark: u8s8 cascadelake 4 : i64
// CHECK: remark: u8s8 skylake-avx512 2 : i64
// CHECK: remark: u8s8 haswell 2 : i64
// CHECK: remark: u8s8 x86-64-v2 1 : i64
// CHECK: remark: s8u8 znver4 4 : i64
// CHECK: remark: s8s8 znver4 4 : i64
// CHECK: remark: u8u8 znver4 4 : i64
// CHECK: remark: u8u8 skylake-avx512 2 : i64
// CHECK: remark: f32 znver4 1 : i64
// CHECK: remark: bf16 A transposed znver4 1 : i64
// CHECK: remark: f32 untiled_if_one 0 : i64
// CHECK: remark: u8s8 untiled_if_one znver4 4 : i64
// CHECK: remark: u8s8 untiled_if_one haswell 2 : i64
// CHECK: remark: conv s8s8 znver4 4 : i64
// CHECK: remark: conv bf16 untiled_if_one znver4 2 : i64
#u8s8 = {
  indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
  iterator_types = ["parallel", "parallel", "reduction"]}
func.func @ops(%a8: tensor<8x32xi8>, %b8: tensor<32x16xi8>, %c32: tensor<8x16xi32>,
               %abf: tensor<8x32xbf16>, %bbf: tensor<32x16xbf16>, %cf: tensor<8x16xf32>,
               %af: tensor<8x32xf32>, %bf: tensor<32x16xf32>) {
  %bf16 = linalg.matmul {tag = "bf16"} ins(%abf, %bbf : tensor<8x32xbf16>, tensor<32x16xbf16>) outs(%cf : tensor<8x16xf32>) -> tensor<8x16xf32>
  %u8s8 = linalg.generic #u8s8 ins(%a8, %b8 : tensor<8x32xi8>, tensor<32x16xi8>) outs(%c32 : tensor<8x16xi32>) attrs = {tag = "u8s8"} {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %ux, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x16xi32>
  %s8u8 = linalg.generic #u8s8 ins(%a8, %b8 : tensor<8x32xi8>, tensor<32x16xi8>) outs(%c32 : tensor<8x16xi32>) attrs = {tag = "s8u8"} {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %sx = arith.extsi %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %uy, %sx : i32
    %s = arith.addi %p, %acc : i32
    linalg.yield %s : i32
  } -> tensor<8x16xi32>
  %u8u8 = linalg.generic #u8s8 ins(%a8, %b8 : tensor<8x32xi8>, tensor<32x16xi8>) outs(%c32 : tensor<8x16xi32>) attrs = {tag = "u8u8"} {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %ux, %uy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x16xi32>
  %s8s8 = linalg.matmul {tag = "s8s8"} ins(%a8, %b8 : tensor<8x32xi8>, tensor<32x16xi8>) outs(%c32 : tensor<8x16xi32>) -> tensor<8x16xi32>
  %f32 = linalg.matmul {tag = "f32"} ins(%af, %bf : tensor<8x32xf32>, tensor<32x16xf32>) outs(%cf : tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}
func.func @transposed_a(%atbf: tensor<32x8xbf16>, %bbf: tensor<32x16xbf16>, %cf: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %at = linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%atbf, %bbf : tensor<32x8xbf16>, tensor<32x16xbf16>) outs(%cf : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %at : tensor<8x16xf32>
}
func.func @convs(%i8: tensor<1x6x10x8xi8>, %f8: tensor<3x3x8x16xi8>, %o32: tensor<1x4x8x16xi32>,
                 %ibf: tensor<1x6x10x8xbf16>, %fbf: tensor<3x3x8x16xbf16>, %of: tensor<1x4x8x16xf32>) {
  %c8 = linalg.conv_2d_nhwc_hwcf {tag = "conv_s8s8"} ins(%i8, %f8 : tensor<1x6x10x8xi8>, tensor<3x3x8x16xi8>) outs(%o32 : tensor<1x4x8x16xi32>) -> tensor<1x4x8x16xi32>
  %cb = linalg.conv_2d_nhwc_hwcf {tag = "conv_bf16"} ins(%ibf, %fbf : tensor<1x6x10x8xbf16>, tensor<3x3x8x16xbf16>) outs(%of : tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %bf16 = transform.structured.match attributes{tag = "bf16"} in %root : (!transform.any_op) -> !transform.any_op
    %u8s8 = transform.structured.match attributes{tag = "u8s8"} in %root : (!transform.any_op) -> !transform.any_op
    %s8u8 = transform.structured.match attributes{tag = "s8u8"} in %root : (!transform.any_op) -> !transform.any_op
    %s8s8 = transform.structured.match attributes{tag = "s8s8"} in %root : (!transform.any_op) -> !transform.any_op
    %f32 = transform.structured.match attributes{tag = "f32"} in %root : (!transform.any_op) -> !transform.any_op
    %tf = transform.structured.match ops{["func.func"]} attributes{sym_name = "transposed_a"} in %root : (!transform.any_op) -> !transform.any_op
    %at = transform.structured.match ops{["linalg.matmul"]} in %tf : (!transform.any_op) -> !transform.any_op
    %g0 = transform.regtile.dot_product_group %bf16 {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g0, "bf16 znver4" : !transform.param<i64>
    %g1 = transform.regtile.dot_product_group %bf16 {arch = "cascadelake"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g1, "bf16 cascadelake" : !transform.param<i64>
    %g2 = transform.regtile.dot_product_group %bf16 {arch = "znver4,-avx512bf16"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g2, "bf16 znver4,-avx512bf16" : !transform.param<i64>
    %g3 = transform.regtile.dot_product_group %u8s8 {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g3, "u8s8 znver4" : !transform.param<i64>
    %g4 = transform.regtile.dot_product_group %u8s8 {arch = "cascadelake"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g4, "u8s8 cascadelake" : !transform.param<i64>
    %g5 = transform.regtile.dot_product_group %u8s8 {arch = "skylake-avx512"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g5, "u8s8 skylake-avx512" : !transform.param<i64>
    %g6 = transform.regtile.dot_product_group %u8s8 {arch = "haswell"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g6, "u8s8 haswell" : !transform.param<i64>
    %g6b = transform.regtile.dot_product_group %u8s8 {arch = "x86-64-v2"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g6b, "u8s8 x86-64-v2" : !transform.param<i64>
    %g7 = transform.regtile.dot_product_group %s8u8 {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g7, "s8u8 znver4" : !transform.param<i64>
    %g8 = transform.regtile.dot_product_group %s8s8 {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g8, "s8s8 znver4" : !transform.param<i64>
    %u8u8 = transform.structured.match attributes{tag = "u8u8"} in %root : (!transform.any_op) -> !transform.any_op
    %g11 = transform.regtile.dot_product_group %u8u8 {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g11, "u8u8 znver4" : !transform.param<i64>
    %g12 = transform.regtile.dot_product_group %u8u8 {arch = "skylake-avx512"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g12, "u8u8 skylake-avx512" : !transform.param<i64>
    %g9 = transform.regtile.dot_product_group %f32 {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g9, "f32 znver4" : !transform.param<i64>
    %g10 = transform.regtile.dot_product_group %at {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %g10, "bf16 A transposed znver4" : !transform.param<i64>
    %u0 = transform.regtile.dot_product_group %f32 {arch = "znver4", untiled_if_one} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %u0, "f32 untiled_if_one" : !transform.param<i64>
    %u1 = transform.regtile.dot_product_group %u8s8 {arch = "znver4", untiled_if_one} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %u1, "u8s8 untiled_if_one znver4" : !transform.param<i64>
    %u2 = transform.regtile.dot_product_group %u8s8 {arch = "haswell", untiled_if_one} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %u2, "u8s8 untiled_if_one haswell" : !transform.param<i64>
    %cs8 = transform.structured.match attributes{tag = "conv_s8s8"} in %root : (!transform.any_op) -> !transform.any_op
    %cbf = transform.structured.match attributes{tag = "conv_bf16"} in %root : (!transform.any_op) -> !transform.any_op
    %u3 = transform.regtile.dot_product_group %cs8 {arch = "znver4"} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %u3, "conv s8s8 znver4" : !transform.param<i64>
    %u4 = transform.regtile.dot_product_group %cbf {arch = "znver4", untiled_if_one} : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %u4, "conv bf16 untiled_if_one znver4" : !transform.param<i64>
    transform.yield
  }
}
