// @regtile_conv2d on a convolution padded by a producer tensor.pad (a
// ResNet-50 stride-2 3x3 layer's form, small): no padded copy of the whole
// input; the row tiles whose windows lie inside the image read the input
// in place, the border tiles pad a window each, and both run the register
// micro-kernel (transform.regtile.version_padded_windows).
// RUN: %substitute --target znver4 "HU=30 WU=30 HI=32 WI=32 H=15 W=15 CI=8 CO=32 KH=3 KW=3 S=2 P=1" \
// RUN:   %regtile-src/examples/resnet50/resnet50.mlir > %t.mlir
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/resnet50/schedule.mlir},transform-interpreter{entry-point=resnet50_regtile})' \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @conv_bias_relu(
//       CHECK:   %[[X:.*]] = bufferization.to_tensor %arg0
//   CHECK-NOT:   tensor.pad
//       CHECK:   scf.forall
//   CHECK-NOT:     tensor.pad
//       CHECK:     scf.for
//       CHECK:       scf.for
//       CHECK:         scf.if
//       CHECK:           tensor.extract_slice %[[X]]
//   CHECK-NOT:           tensor.pad
//       CHECK:           vector.fma
//       CHECK:         } else {
//       CHECK:           %[[PART:.*]] = tensor.extract_slice %[[X]]
//       CHECK:           tensor.pad %[[PART]]
//       CHECK:           vector.fma
//       CHECK:   scf.forall.in_parallel
