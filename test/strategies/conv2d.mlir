// @regtile_conv2d on seed 000's conv layer (a linalg.generic conv with a
// bias broadcast into its output and a ReLU after it): loops over
// (n, oh, ow step 5, oc step 64), the filter ([ci][kh][kw][co]) packed
// whole into [oc / 64][kh][ci][kw] rows of 64 (cache_read, one buffer
// before the loops), where it takes at most a third of L2; else over
// (oc step 64, n, oh, ow step 5), packed per 64-channel block; the bias as 20 zmm accumulators, the reduction
// (kh, kw, ci) carried in them, the ReLU on the registers, one block of
// stores; no linalg op is left in the kernel. The payloads pin their
// target (znver4, regtile.target), so the tile does not depend on the host.
// RUN: %substitute --target znver4 "N=1 H=2 W=10 HI=4 WI=12 CI=8 CO=128" \
// RUN:   %regtile-src/examples/conv_relu/conv_relu.mlir > %t.mlir
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile})' \
// RUN:   | FileCheck %s
// The same with the channel blocks outermost (channels_innermost = 2, the
// tunable schedule's knob): the filter packed per 64-channel block.
// RUN: sed 's/"conv.channels_innermost"> = 0/"conv.channels_innermost"> = 2/' \
// RUN:   %regtile-src/examples/conv_relu/schedule.mlir > %t.outer-schedule.mlir
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%t.outer-schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile_tunable})' \
// RUN:   | FileCheck %s --check-prefix=OUTER
// A filter of more than a third of L2 (3 x 3 x 256 x 128 f32, 1.2 MB, on
// znver4's 1 MiB): the channel blocks outermost, derived (the threads
// share the channels here: the rows are few).
// RUN: %substitute --target znver4 "N=1 H=2 W=10 HI=4 WI=12 CI=256 CO=128" \
// RUN:   %regtile-src/examples/conv_relu/conv_relu.mlir > %t.large.mlir
// RUN: %regtile-opt %t.large.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile})' \
// RUN:   | FileCheck %s --check-prefix=LARGE
// A plain linalg.conv_2d_nhwc_hwcf from a zero fill: accumulators from
// zero, 20 pixels in tiles of 5 (4 would also divide; 5 loads less).
// RUN: %substitute --target znver4 "N=1 H=8 W=20 HI=10 WI=22 CI=16 CO=64" \
// RUN:   %S/Inputs/conv2d_plain.mlir > %t.plain.mlir
// RUN: %regtile-opt %t.plain.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule})' \
// RUN:   | FileCheck %s --check-prefix=PLAIN

// Rows that divide nothing (17 pixels: 6 + 6 + 5): the partial tile keeps the
// same structure (clamped rows, masked row stores), the bias and the ReLU
// still on registers (the bias broadcast bypassed through the slices and
// tensor.dim ops fusion leaves for dynamic tiles), no linalg op (scalar
// fallback) left.
// RUN: %substitute --target znver4 "N=2 H=3 W=17 HI=5 WI=19 CI=5 CO=64" \
// RUN:   %regtile-src/examples/conv_relu/conv_relu.mlir > %t.partial.mlir
// RUN: %regtile-opt %t.partial.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile})' \
// RUN:   | FileCheck %s --check-prefix=PARTIAL

// Channels that divide nothing (70 = 64 + 6): cache_reduce's versions per
// vector count of the partial channel tile (scf.index_switch) each apply
// the ReLU to their own registers; no linalg op left either.
// RUN: %substitute --target znver4 "N=2 H=3 W=7 HI=5 WI=9 CI=5 CO=70" \
// RUN:   %regtile-src/examples/conv_relu/conv_relu.mlir > %t.channels.mlir
// RUN: %regtile-opt %t.channels.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile})' \
// RUN:   | FileCheck %s --check-prefix=CHANNELS
// One row tile across the image's width (W = 5, the register tile's 5
// rows: a 7 x 7 layer of ResNet's last stage): the filter is packed
// by the first row tile (cache_read {fill_on_first_use_if_able}: the
// single-iteration n and ow loops left out), the pack marked for
// regtile-fill-on-first-use; with two row tiles across the width (the
// first case) it stays before the row tiles, unmarked.
// RUN: %substitute --target znver4 "N=1 H=3 W=5 HI=5 WI=7 CI=8 CO=128" \
// RUN:   %regtile-src/examples/conv_relu/conv_relu.mlir > %t.fill.mlir
// RUN: %regtile-opt %t.fill.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile})' \
// RUN:   | FileCheck %s --check-prefix=FILL
// A 1x1 convolution (MobileNetV2's projection): the micro-kernel reads the
// filter's channel block in place, one 32-channel row per input channel (no
// cache); staged on request (stage_filter = 1) as a 3x3 filter is.
// RUN: %substitute --target znver4 "H=7 W=7 CI=40 CO=64" \
// RUN:   %regtile-src/examples/mobilenetv2/pointwise.mlir > %t.pw.mlir
// RUN: %regtile-opt %t.pw.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/mobilenetv2/schedule.mlir},transform-interpreter{entry-point=mobilenetv2_regtile})' \
// RUN:   | FileCheck %s --check-prefix=PW
// RUN: %regtile-opt %t.pw.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/mobilenetv2/schedule.mlir},transform-interpreter{entry-point=mobilenetv2_packed_filter})' \
// RUN:   | FileCheck %s --check-prefix=PWPACKED

// PW-LABEL: func.func @project_bias
// PW-SAME: %[[F:[a-z0-9]+]]: memref<1x1x40x64xf32>
// PW: %[[FT:.*]] = bufferization.to_tensor %[[F]]
// PW-NOT: tensor.empty() : tensor<1x1x40x1x32xf32>
// PW: scf.for %{{.*}} = %c0 to %c7 step %c1
// PW: scf.for %[[OC:[a-z0-9]+]] = %c0 to %c64 step %c32
// PW-NOT: tensor.empty
// PW: %[[PANEL:.*]] = tensor.extract_slice %[[FT]][0, 0, 0, %[[OC]]] [1, 1, 40, 32]
// PW: scf.for %[[CI:[a-z0-9]+]] = %c0 to %c40 step %c1 iter_args
// PW-NEXT: vector.transfer_read %[[PANEL]][%c0, %c0, %[[CI]], %c0]
// PW-NEXT: vector.transfer_read %[[PANEL]][%c0, %c0, %[[CI]], %c16]
// PW-COUNT-14: vector.fma
// PW: return

// PWPACKED-LABEL: func.func @project_bias
// PWPACKED: %[[CACHE:.*]] = tensor.empty() : tensor<2x1x1x40x1x32xf32>
// PWPACKED: scf.for {{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[CACHE]])
// PWPACKED: scf.for {{.*}} = %c0 to %c40 step %c1 iter_args
// PWPACKED: scf.for {{.*}} = %c0 to %c7 step %c1
// PWPACKED: scf.for {{.*}} = %c0 to %c64 step %c32
// PWPACKED-COUNT-14: vector.fma
// PWPACKED: return

// CHANNELS-LABEL: func.func @conv_relu
// CHANNELS-NOT: linalg.
// CHANNELS: scf.index_switch
// CHANNELS: case 1 {
// CHANNELS: vector.fma
// CHANNELS: arith.maximumf {{.*}} : vector<16xf32>
// CHANNELS: scf.yield
// CHANNELS: default {
// CHANNELS: vector.fma
// CHANNELS: arith.maximumf {{.*}} : vector<16xf32>
// CHANNELS-NOT: linalg.
// CHANNELS: return

// PARTIAL-LABEL: func.func @conv_relu
// PARTIAL-NOT: linalg.
// PARTIAL: vector.fma
// PARTIAL: arith.maximumf {{.*}} : vector<16xf32>
// The rows past the tile's extent are not stored:
// PARTIAL: vector.create_mask
// PARTIAL: vector.transfer_write {{.*}}, %{{.*}} {in_bounds = [true]}
// PARTIAL-NOT: linalg.
// PARTIAL: return

// FILL-LABEL: func.func @conv_relu
// FILL: %[[CACHE:.*]] = tensor.empty() : tensor<2x3x8x3x1x64xf32>
// FILL: scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[CACHE]])
// FILL: vector.transfer_read {{.*}} : tensor<8x3x3x128xf32>, vector<1x64xf32>
// FILL: } {regtile.fill_on_first_use}
// FILL-NEXT: scf.for %{{.*}} = %c0 to %c3 step %c1
// FILL-NEXT: scf.for %{{.*}} = %c0 to %c128 step %c64
// FILL-COUNT-20: vector.fma
// FILL: return

// CHECK-LABEL: func.func @conv_relu
// CHECK-NOT: linalg.
// The filter (36 KB, at most a third of znver4's 1 MiB L2) packed whole
// before the row tiles (the single-iteration batch loop folded): one
// panel per 64-channel block and kh, copied by whole rows of 64 channels;
// the channel blocks are the innermost tile loop.
// CHECK: %[[CACHE:.*]] = tensor.empty() : tensor<2x3x8x3x1x64xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[CACHE]])
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args
// CHECK: vector.transfer_read {{.*}} : tensor<8x3x3x128xf32>, vector<1x64xf32>
// CHECK-NOT: regtile.fill_on_first_use
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c10 step %c5
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c64
// The bias, four vectors, starts every row's accumulators:
// CHECK-COUNT-4: vector.transfer_read {{.*}} : tensor<64xf32>, vector<16xf32>
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// The kh panel of the cache, as the op's [ci][1][kw][co] operand:
// CHECK: tensor.expand_shape {{.*}} : tensor<8x3x64xf32> into tensor<8x1x3x64xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK-COUNT-4: vector.transfer_read {{.*}} vector<16xf32>
// CHECK-COUNT-4: vector.fma
// The innermost loop of the nest (over the input channels) streams the
// filter panel: cache_reduce marks it for prefetching, 20 FMAs per
// iteration at znver4's one per cycle -> 5 iterations ahead; the pixel
// loop keeps the strategy's mark (next tile's input, 1 ahead).
// CHECK: } {regtile.prefetch_ahead = 5 : i64}
// CHECK-COUNT-20: arith.maximumf {{.*}} : vector<16xf32>
// CHECK-COUNT-20: vector.transfer_write
// CHECK: } {regtile.prefetch_ahead = 1 : i64}
// CHECK-NOT: linalg.
// CHECK: return

// OUTER-LABEL: func.func @conv_relu
// OUTER-NOT: linalg.
// OUTER: %[[CACHE:.*]] = tensor.empty() : tensor<3x8x3x1x64xf32>
// OUTER: scf.for %{{.*}} = %c0 to %c128 step %c64
// The pack: one panel per kh, copied by whole rows of 64 channels.
// OUTER: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[CACHE]])
// OUTER: vector.transfer_read {{.*}} : tensor<8x3x3x64xf32>, vector<64xf32>
// OUTER-NOT: regtile.fill_on_first_use
// OUTER: scf.for %{{.*}} = %c0 to %c2 step %c1
// OUTER: scf.for %{{.*}} = %c0 to %c10 step %c5
// OUTER-COUNT-20: vector.fma
// OUTER-COUNT-20: arith.maximumf {{.*}} : vector<16xf32>
// OUTER: } {regtile.prefetch_ahead = 1 : i64}
// OUTER-NOT: linalg.
// OUTER: return

// LARGE-LABEL: func.func @conv_relu
// LARGE: %[[CACHE:.*]] = tensor.empty() : tensor<3x256x3x1x64xf32>
// LARGE: scf.for %{{.*}} = %c0 to %{{.*}} step %c64
// LARGE: tensor.extract_slice %[[CACHE]]
// LARGE: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args
// LARGE: scf.for %{{.*}} = %c0 to %c2 step %c1
// LARGE: scf.for %{{.*}} = %c0 to %c10 step %c5
// LARGE-COUNT-20: vector.fma
// LARGE: return

// PLAIN-LABEL: func.func @conv
// PLAIN-NOT: linalg.
// PLAIN: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// PLAIN: scf.for %{{.*}} = %c0 to %c20 step %c5
// PLAIN: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]],
// PLAIN: vector.fma
// PLAIN-COUNT-20: vector.transfer_write
// PLAIN-NOT: linalg.
// PLAIN: return
