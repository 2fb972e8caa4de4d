// @regtile_prepack_filters then @regtile_schedule (examples/resnet50's
// @resnet50_regtile_prepacked) on a 7 x 7 layer: @conv_bias_relu takes the
// filter packed in blocks of the register tile's 32 channels
// ([2][3][3][16][32]) and each output-channel tile reads its block in place
// (a slice of the packed argument: no unpack, no per-call cache);
// @conv_bias_relu__prepack packs it with register tile copies (no linalg op
// left); @main packs before each call and frees after. The payloads pin
// their target (znver4).
// RUN: %substitute --target znver4 "HU=7 WU=7 HI=9 WI=9 H=7 W=7 CI=16 CO=64 KH=3 KW=3 S=1 P=1" \
// RUN:   %regtile-src/examples/resnet50/resnet50.mlir > %t.mlir
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/resnet50/schedule.mlir},transform-interpreter{entry-point=resnet50_regtile_prepacked})' \
// RUN:   | FileCheck %s
// An NCHW layer (as torch-mlir emits it, FCHW filter): converted to NHWC
// first, its filter's transpose moved into @nchw_conv_bias_relu__prepack
// with the pack (both as register tile code, no linalg op left), the layer
// reading its packed blocks in place like the NHWC one; no warning.
// RUN: %substitute --target znver4 "HU=7 WU=7 HI=9 WI=9 H=7 W=7 CI=16 CO=64 KH=3 KW=3 S=1 P=1" \
// RUN:   %regtile-src/examples/resnet50/resnet50_nchw.mlir > %t.nchw.mlir
// RUN: %regtile-opt %t.nchw.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/resnet50/schedule.mlir},transform-interpreter{entry-point=resnet50_regtile_prepacked})' \
// RUN:   -o %t.nchw.out 2> %t.nchw.err
// RUN: FileCheck %s --check-prefix=NCHW --input-file=%t.nchw.out
// RUN: count 0 < %t.nchw.err

// CHECK-LABEL: func.func @conv_bias_relu(
// CHECK-SAME:    %{{.+}}: memref<1x7x7x16xf32>, %[[FP:.+]]: memref<2x3x3x16x32xf32>, %{{.+}}: memref<64xf32>, %{{.+}}: memref<1x7x7x64xf32>)
// CHECK:         %[[PT:.+]] = bufferization.to_tensor %[[FP]] restrict : memref<2x3x3x16x32xf32> to tensor<2x3x3x16x32xf32>
// CHECK-NOT:     linalg.unpack
// CHECK-NOT:     tensor.empty() : tensor<3x
// CHECK:         scf.for %[[OC:.+]] = %c0 to %c64 step %c32
// CHECK:           %[[OB:.+]] = affine.apply #{{.+}}(%[[OC]])
// CHECK:           %[[BLOCK:.+]] = tensor.extract_slice %[[PT]][%[[OB]], 0, 0, 0, 0] [1, 3, 3, 16, 32] [1, 1, 1, 1, 1] : tensor<2x3x3x16x32xf32> to tensor<1x3x3x16x32xf32>
// CHECK:           %[[ROWS:.+]] = tensor.extract_slice %[[BLOCK]][0, 0, 0, 0, 0] [1, 3, 3, 16, 32] [1, 1, 1, 1, 1] : tensor<1x3x3x16x32xf32> to tensor<3x3x16x32xf32>
// CHECK:           %[[KH:.+]] = tensor.extract_slice %[[ROWS]][%{{.+}}, 0, 0, 0] [1, 3, 16, 32]
// CHECK:           vector.transfer_read %[[KH]][%c0, %{{.+}}, %{{.+}}, %c0]
// CHECK:           vector.transfer_read %[[KH]][%c0, %{{.+}}, %{{.+}}, %c16]
// CHECK-COUNT-14:  vector.fma
// CHECK-NOT:     linalg.
// CHECK-LABEL: func.func @conv_bias_relu__prepack(
// CHECK-SAME:    %[[F:.+]]: memref<3x3x16x64xf32>) -> memref<2x3x3x16x32xf32>
// CHECK-NOT:     linalg.
// CHECK:         vector.transfer_read
// CHECK:         vector.transfer_write
// CHECK-NOT:     linalg.
// CHECK:         return
// CHECK-LABEL: func.func @main(
// CHECK:         %[[P:.+]] = call @conv_bias_relu__prepack(%{{.+}}) : (memref<3x3x16x64xf32>) -> memref<2x3x3x16x32xf32>
// CHECK:         call @conv_bias_relu(%{{.+}}, %[[P]], %{{.+}}, %{{.+}})
// CHECK:         memref.dealloc %[[P]]

// NCHW-LABEL: func.func @nchw_conv_bias_relu(
// NCHW-SAME:    %{{.+}}: memref<1x16x7x7xf32>, %[[FP:.+]]: memref<2x3x3x16x32xf32>,
// NCHW:         %[[PT:.+]] = bufferization.to_tensor %[[FP]] restrict
// NCHW-NOT:     linalg.unpack
// NCHW:         tensor.extract_slice %[[PT]][%{{.+}}, 0, 0, 0, 0] [1, 3, 3, 16, 32] [1, 1, 1, 1, 1] : tensor<2x3x3x16x32xf32> to tensor<1x3x3x16x32xf32>
// NCHW-COUNT-14: vector.fma
// NCHW-NOT:     linalg.
// NCHW-LABEL: func.func @nchw_conv_bias_relu__prepack(
// NCHW-SAME:    %{{.+}}: memref<64x16x3x3xf32>) -> memref<2x3x3x16x32xf32>
// NCHW-NOT:     linalg.
// NCHW:         vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// NCHW-NOT:     linalg.
// NCHW:         vector.transfer_read {{.*}} : tensor<16x3x3x64xf32>, vector<32xf32>
// NCHW-NOT:     linalg.
// NCHW:         return
