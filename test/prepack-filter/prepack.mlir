// prepack_filter moves a convolution's filter packing out of the function:
// @<f>__prepack lays the filter out in blocks of `channels` output
// channels ([oc / channels][kh][kw][ci][channels], zero-padded), @<f> takes
// the packed filter and reads it through an unpack, and each call of @<f>
// packs first. A memref argument (read through bufferization.to_tensor)
// and a tensor argument; channels fixed or derived from the target (the
// register tile's).
// RUN: %regtile-opt %s -split-input-file -transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @conv(
// CHECK-SAME:    %[[X:.+]]: memref<1x9x9x8xf32>, %[[FP:.+]]: memref<2x3x3x8x32xf32>, %[[Y:.+]]: memref<1x7x7x40xf32>)
// CHECK-SAME:    attributes {llvm.emit_c_interface}
// CHECK:         %[[PT:.+]] = bufferization.to_tensor %[[FP]] restrict : memref<2x3x3x8x32xf32> to tensor<2x3x3x8x32xf32>
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<3x3x8x40xf32>
// CHECK:         %[[F:.+]] = linalg.unpack %[[PT]] outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32] into %[[E]]
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.+}}, %[[F]] :
// CHECK-LABEL: func.func @conv__prepack(
// CHECK-SAME:    %[[F0:.+]]: memref<3x3x8x40xf32>) -> memref<2x3x3x8x32xf32> attributes {llvm.emit_c_interface}
// CHECK:         %[[T:.+]] = bufferization.to_tensor %[[F0]] restrict : memref<3x3x8x40xf32> to tensor<3x3x8x40xf32>
// CHECK:         %[[PE:.+]] = tensor.empty() : tensor<2x3x3x8x32xf32>
// CHECK:         %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[P:.+]] = linalg.pack %[[T]] padding_value(%[[ZERO]] : f32) outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32] into %[[PE]]
// CHECK:         %[[M:.+]] = bufferization.to_buffer %[[P]] : tensor<2x3x3x8x32xf32> to memref<2x3x3x8x32xf32>
// CHECK:         return %[[M]]
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    %[[CX:.+]]: memref<1x9x9x8xf32>, %[[CF:.+]]: memref<3x3x8x40xf32>, %[[CY:.+]]: memref<1x7x7x40xf32>)
// CHECK:         %[[P1:.+]] = call @conv__prepack(%[[CF]])
// CHECK:         call @conv(%[[CX]], %[[P1]], %[[CY]])
// CHECK:         memref.dealloc %[[P1]]
// CHECK:         %[[P2:.+]] = call @conv__prepack(%[[CF]])
// CHECK:         call @conv(%[[CX]], %[[P2]], %[[CY]])
// CHECK:         memref.dealloc %[[P2]]
func.func @conv(%mx: memref<1x9x9x8xf32>, %mf: memref<3x3x8x40xf32>, %my: memref<1x7x7x40xf32>) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : memref<1x9x9x8xf32> to tensor<1x9x9x8xf32>
  %f = bufferization.to_tensor %mf restrict : memref<3x3x8x40xf32> to tensor<3x3x8x40xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x40xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x40xf32>) -> tensor<1x7x7x40xf32>
  %c = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x9x9x8xf32>, tensor<3x3x8x40xf32>) outs(%z : tensor<1x7x7x40xf32>) -> tensor<1x7x7x40xf32>
  bufferization.materialize_in_destination %c in restrict writable %my : (tensor<1x7x7x40xf32>, memref<1x7x7x40xf32>) -> ()
  return
}
func.func @caller(%x: memref<1x9x9x8xf32>, %f: memref<3x3x8x40xf32>, %y: memref<1x7x7x40xf32>) {
  call @conv(%x, %f, %y) : (memref<1x9x9x8xf32>, memref<3x3x8x40xf32>, memref<1x7x7x40xf32>) -> ()
  call @conv(%x, %f, %y) : (memref<1x9x9x8xf32>, memref<3x3x8x40xf32>, memref<1x7x7x40xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %ch = transform.param.constant 32 : i64 -> !transform.param<i64>
    %p = transform.regtile.prepack_filter %c channels = %ch : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    // The result is the new function.
    transform.match.operation_name %p ["func.func"] : !transform.any_op
    transform.yield
  }
}

// -----

// A tensor argument; the block derived for znver4 (AVX-512): the register
// tile of a 14-pixel row, 7 rows x 32 channels (convolution_blocking).
// CHECK-LABEL: func.func @conv_tensor(
// CHECK-SAME:    %[[X:.+]]: tensor<1x16x16x64xf32>, %[[FP:.+]]: tensor<4x3x3x64x32xf32>) -> tensor<1x14x14x128xf32>
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<3x3x64x128xf32>
// CHECK:         %[[F:.+]] = linalg.unpack %[[FP]] outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32] into %[[E]]
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[X]], %[[F]] :
// CHECK-LABEL: func.func @conv_tensor__prepack(
// CHECK-SAME:    %[[F0:.+]]: tensor<3x3x64x128xf32>) -> tensor<4x3x3x64x32xf32>
// CHECK:         %[[P:.+]] = linalg.pack %[[F0]] padding_value(%{{.+}} : f32) outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32]
// CHECK:         return %[[P]]
// CHECK-LABEL: func.func @caller_tensor(
// CHECK:         %[[P1:.+]] = call @conv_tensor__prepack(%{{.+}}) : (tensor<3x3x64x128xf32>) -> tensor<4x3x3x64x32xf32>
// CHECK:         call @conv_tensor(%{{.+}}, %[[P1]])
// CHECK-NOT:     dealloc
func.func @conv_tensor(%x: tensor<1x16x16x64xf32>, %f: tensor<3x3x64x128xf32>) -> tensor<1x14x14x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x128xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x128xf32>) -> tensor<1x14x14x128xf32>
  %c = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x16x16x64xf32>, tensor<3x3x64x128xf32>) outs(%z : tensor<1x14x14x128xf32>) -> tensor<1x14x14x128xf32>
  return %c : tensor<1x14x14x128xf32>
}
func.func @caller_tensor(%x: tensor<1x16x16x64xf32>, %f: tensor<3x3x64x128xf32>) -> tensor<1x14x14x128xf32> {
  %y = call @conv_tensor(%x, %f) : (tensor<1x16x16x64xf32>, tensor<3x3x64x128xf32>) -> tensor<1x14x14x128xf32>
  return %y : tensor<1x14x14x128xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.regtile.prepack_filter %c {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An NCHW convolution after convert_to_channels_last: the filter is the
// FCHW argument transposed to (ci, kh, kw, oc) in the function. The
// transpose moves into @conv_nchw__prepack with the pack (whose outer
// order puts kh, kw, ci after the blocks), and the generic reads the
// unpacked [kh][kw][ci][oc] filter through its changed map; the filter's
// transpose leaves @conv_nchw and the handle of the transposes (2 left:
// the input's and the output's).
// CHECK-DAG: #[[$HWCF:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-LABEL: func.func @conv_nchw(
// CHECK-SAME:    %{{.+}}: memref<1x16x9x9xf32>, %[[FP:.+]]: memref<2x3x3x16x32xf32>, %{{.+}}: memref<1x64x7x7xf32>)
// CHECK:         %[[PT:.+]] = bufferization.to_tensor %[[FP]] restrict
// CHECK:         %[[F:.+]] = linalg.unpack %[[PT]] outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [32] into %{{.+}} : tensor<2x3x3x16x32xf32> -> tensor<3x3x16x64xf32>
// CHECK-COUNT-1: linalg.transpose
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[$HWCF]], #{{.+}}]{{.*}} ins(%{{.+}}, %[[F]] :
// CHECK-COUNT-1: linalg.transpose
// CHECK-NOT:     linalg.transpose
// CHECK-LABEL: func.func @conv_nchw__prepack(
// CHECK-SAME:    %[[F0:.+]]: memref<64x16x3x3xf32>) -> memref<2x3x3x16x32xf32>
// CHECK:         %[[T:.+]] = bufferization.to_tensor %[[F0]] restrict
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[T]]
// CHECK:         %[[TR:.+]] = linalg.transpose ins(%[[C]] : tensor<64x144xf32>) {{.*}} permutation = [1, 0]
// CHECK:         %[[E:.+]] = tensor.expand_shape %[[TR]] {{.*}} into tensor<16x3x3x64xf32>
// CHECK:         linalg.pack %[[E]] padding_value(%{{.+}} : f32) outer_dims_perm = [3, 1, 2, 0] inner_dims_pos = [3] inner_tiles = [32]
func.func @conv_nchw(%mx: memref<1x16x9x9xf32>, %mf: memref<64x16x3x3xf32>, %my: memref<1x64x7x7xf32>) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : memref<1x16x9x9xf32> to tensor<1x16x9x9xf32>
  %f = bufferization.to_tensor %mf restrict : memref<64x16x3x3xf32> to tensor<64x16x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x16x9x9xf32>, tensor<64x16x3x3xf32>) outs(%z : tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32>
  bufferization.materialize_in_destination %c in restrict writable %my : (tensor<1x64x7x7xf32>, memref<1x64x7x7xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %root : (!transform.any_op) -> !transform.any_op
    %nhwc, %t = transform.regtile.convert_to_channels_last %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ch = transform.param.constant 32 : i64 -> !transform.param<i64>
    %p = transform.regtile.prepack_filter %nhwc channels = %ch : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    %n = transform.num_associations %t : (!transform.any_op) -> !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %n, %two : !transform.param<i64>
    transform.yield
  }
}
