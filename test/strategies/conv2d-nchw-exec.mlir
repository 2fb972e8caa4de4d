// @regtile_conv2d on NCHW layers (linalg.conv_2d_nchw_fchw, as torch-mlir
// emits them): the 3x3 one is converted to the NHWC micro-kernel between
// transposes (transform.regtile.convert_to_channels_last), the 1x1 one of
// one image becomes the GEMM it is (convert_pointwise_to_matmul; of two
// images, it goes through transposes, the one between the two layers
// folded away), each with its bias, ReLU and residual add fused on the
// register tile. Execution against the unscheduled payload, exact
// (inputs are multiples of 1/8), on shapes that divide nothing: a 3x3
// stride-2 layer over an odd input with 3 and 17 input channels, a
// dilated 3x3, a 1x1 stride-2 layer, channel counts off the vector width;
// 1, 2, 3 and 7 threads, with a fork/join cost of 0 (the target's
// fork-join-cycles=0: these small shapes are split over the threads).
// DEFINE: %{schedule} = --target host,fork-join-cycles=0 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule}'
// DEFINE: %{cases} = --case "N=1 H=7 W=9 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=15 WI=19 CI=3 CO=20 CO2=33" \
// DEFINE:   --case "N=2 H=5 W=11 KH=3 KW=3 SH=1 SW=1 DH=2 DW=1 HI=9 WI=13 CI=17 CO=40 CO2=16" \
// DEFINE:   --case "N=1 H=6 W=5 KH=1 KW=1 SH=2 SW=2 DH=1 DW=1 HI=11 WI=10 CI=33 CO=64 CO2=70"
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/conv2d_nchw.mlir %{schedule} %{cases} | FileCheck %s
// CHECK: PASS 3 cases
//
// Depthwise NCHW layers (linalg.depthwise_conv_2d_nchw_chw with its bias
// and ReLU6, MobileNet as torch-mlir emits it): the input and the
// (c, kh, kw) filter transposed, the depthwise micro-kernel, the output
// transposed back; C = 1 and 17, stride 2 over an odd input, dilations
// with remainders.
// DEFINE: %{dwcases} = --case "N=1 H=7 W=13 C=17 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=9 WI=15" \
// DEFINE:   --case "N=2 H=5 W=6 C=1 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=7 WI=8" \
// DEFINE:   --case "N=1 H=7 W=7 C=40 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=16 WI=15" \
// DEFINE:   --case "N=1 H=6 W=11 C=24 KH=3 KW=3 SH=1 SW=1 DH=2 DW=3 HI=10 WI=17"
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d_nchw.mlir %{schedule} %{dwcases} | FileCheck %s --check-prefix=DW
// DW: PASS 4 cases
//
// The scheduled IR of the two-layer case: no linalg op left; two 16 x 16
// block transposes (transposing vector reads): the input's and the first
// layer's output's back to NCHW. The 1x1 layer is the GEMM it is, on
// views of its NCHW operands (convert_pointwise_to_matmul: 63 pixels fill
// 98% of four 16-lane vectors): filter x input rows, its bias one scalar
// per output channel broadcast, the residual read as vectors on the
// accumulators and the ReLU, no transpose of the residual or the output.
// RUN: %substitute "N=1 H=7 W=9 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=15 WI=19 CI=3 CO=20 CO2=33" %S/Inputs/conv2d_nchw.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @conv
// IR-NOT: linalg.
// IR: vector.transfer_read {{.*}} permutation_map = #{{.*}} : tensor<1x3x?xf32>, vector<1x16x16xf32>
// IR-NOT: linalg.
// IR: vector.fma
// IR-NOT: linalg.
// IR: arith.maximumf {{.*}} : vector<16xf32>
// IR-NOT: linalg.
// IR: vector.transfer_read {{.*}} permutation_map = #{{.*}} : tensor<1x?x?xf32>, vector<1x16x16xf32>
// IR-NOT: vector.transfer_read {{.*}} vector<1x16x16xf32>
// IR: tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2, 3]] : tensor<33x20x1x1xf32> into tensor<33x20xf32>
// IR: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<1x20x63xf32> into tensor<20x63xf32>
// IR: %[[RES:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<1x33x7x9xf32> into tensor<33x63xf32>
// IR-NOT: vector.transfer_read {{.*}} vector<1x16x16xf32>
// IR: vector.fma
// IR-NOT: vector.transfer_read {{.*}} vector<1x16x16xf32>
// IR: %[[B:.*]] = tensor.extract %{{.*}} : tensor<?xf32>
// IR: vector.broadcast %[[B]] : f32 to vector<16xf32>
// IR: vector.transfer_read %{{.*}} : tensor<?x63xf32>, vector<16xf32>
// IR: arith.maximumf {{.*}} : vector<16xf32>
// IR-NOT: vector.transfer_read {{.*}} vector<1x16x16xf32>
// IR-NOT: linalg.
// IR: return
