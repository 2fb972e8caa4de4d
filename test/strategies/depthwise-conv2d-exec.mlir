// @regtile_conv2d on depthwise convolutions (MobileNet's 3x3 layers, the
// 5x5 of its successors) with the folded batch norm's bias and ReLU6 as
// separate generics: tiles of output pixels x channel vectors, the
// reduction over (kh, kw) in vector accumulators, each FMA on a vector of
// input channels (no broadcast), bias and ReLU6 on the accumulators before
// the tile's one store. Execution against the unscheduled payload, exact
// (inputs are multiples of 1/8), on shapes that divide nothing: C = 17 and
// C = 1 (one lane of a masked vector), stride 2 over odd inputs (the last
// row unread), dilations 2 and 3 with remainders, a 5x5 filter, two
// images; 1, 2, 3 and 7 threads, with a fork/join cost of 0 (the target's
// fork-join-cycles=0: these small shapes are split over the threads).
// DEFINE: %{schedule} = --target host,fork-join-cycles=0 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule}'
// DEFINE: %{cases} = --case "N=1 H=7 W=13 C=17 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=9 WI=15" \
// DEFINE:   --case "N=2 H=5 W=6 C=1 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=7 WI=8" \
// DEFINE:   --case "N=1 H=7 W=7 C=40 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=16 WI=15" \
// DEFINE:   --case "N=1 H=6 W=11 C=24 KH=3 KW=3 SH=1 SW=1 DH=2 DW=3 HI=10 WI=17" \
// DEFINE:   --case "N=1 H=9 W=9 C=33 KH=5 KW=5 SH=1 SW=1 DH=1 DW=1 HI=13 WI=13" \
// DEFINE:   --case "N=1 H=14 W=14 C=96 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=16 WI=16"
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d.mlir %{schedule} %{cases} | FileCheck %s
// CHECK: PASS 6 cases
//
// The channel blocks the outermost tile loop: derived where 3 input rows
// over all the channels are wider than L1 (579 channels, 104 KB; the last
// block masked), no multiple of one block divides the channels and a
// stride-1 layer fits in L2, and fixed for the cases above
// (@schedule_outer). In passes of several blocks (192 channels of 29- and
// 45-pixel rows, 67 KB and 104 KB, over any L1d: passes of 32 to 64
// channels), stride 2 and 1, two images.
// DEFINE: %{outer_schedule} = --target host,fork-join-cycles=0 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule_outer}'
// DEFINE: %{widecase} = --case "N=1 H=5 W=13 C=579 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=7 WI=15"
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d.mlir %{schedule} %{widecase} | FileCheck %s --check-prefix=WIDE
// WIDE: PASS 1 cases
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d.mlir %{outer_schedule} %{cases} | FileCheck %s
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d.mlir %{schedule} \
// RUN:   --case "N=1 H=7 W=14 C=192 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=15 WI=29" \
// RUN:   --case "N=2 H=3 W=43 C=192 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=5 WI=45" | FileCheck %s --check-prefix=PASSES
// PASSES: PASS 2 cases
//
// The padding as a producer tensor.pad (MobileNet's "same" padding, as
// frameworks emit it): the same micro-kernel reading the unpadded input
// (fold_padding_into_reads; the filter rows over the padding skipped;
// channels the vectors mask, C = 17, 20, read with masks); stride 1 and
// stride 2 over odd sizes; 1, 2, 3 and 7 threads.
// DEFINE: %{padcases} = --case "N=1 H=14 W=14 C=32 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 P=1 HU=14 WU=14 HI=16 WI=16" \
// DEFINE:   --case "N=1 H=7 W=6 C=17 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 P=1 HU=13 WU=11 HI=15 WI=13" \
// DEFINE:   --case "N=1 H=9 W=40 C=20 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 P=1 HU=9 WU=40 HI=11 WI=42" \
// DEFINE:   --case "N=1 H=9 W=40 C=32 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 P=1 HU=9 WU=40 HI=11 WI=42" \
// DEFINE:   --case "N=1 H=7 W=9 C=48 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 P=1 HU=13 WU=17 HI=15 WI=19" \
// DEFINE:   --case "N=1 H=8 W=20 C=17 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 P=1 HU=15 WU=39 HI=17 WI=41"
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d_pad.mlir %{schedule} %{padcases} | FileCheck %s --check-prefix=PAD
// PAD: PASS 6 cases
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d_pad.mlir %{outer_schedule} %{padcases} | FileCheck %s --check-prefix=PAD
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d_pad.mlir %{schedule} \
// RUN:   --case "N=1 H=5 W=13 C=579 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 P=1 HU=5 WU=13 HI=7 WI=15" | FileCheck %s --check-prefix=WIDE
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/depthwise_conv2d_pad.mlir %{schedule} \
// RUN:   --case "N=1 H=8 W=14 C=192 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 P=1 HU=15 WU=27 HI=17 WI=29" | FileCheck %s --check-prefix=WIDE
//
// The tiles' IR (a row of 40 pixels, 32 channels): no padded tensor, the
// vector reads of the input itself, the pixels that may be in the padding
// selected against zero.
// RUN: %substitute --target znver4 "N=1 H=9 W=40 C=32 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 P=1 HU=9 WU=40 HI=11 WI=42" %S/Inputs/depthwise_conv2d_pad.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=PADIR
// PADIR-LABEL: func.func @conv(
//   PADIR-NOT:   tensor.pad
//   PADIR-NOT:   scf.if
//       PADIR:   scf.for
//       PADIR:     vector.transfer_read %{{.*}} : tensor<1x9x40x32xf32>, vector<16xf32>
//       PADIR:     arith.select
//       PADIR:     vector.fma
//   PADIR-NOT:   tensor.pad
//       PADIR:   return
// Stride 2 with a producer pad, 192 channels of 29-pixel rows (3 x 29 x
// 192 f32 = 67 KB, over znver4's 32 KiB L1d): passes of 32 channels, the
// filter rows over the padding skipped, the padding selected against zero,
// nothing padded.
// RUN: %substitute --target znver4 "N=1 H=8 W=14 C=192 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 P=1 HU=15 WU=27 HI=17 WI=29" %S/Inputs/depthwise_conv2d_pad.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PADPASSES
//   PADPASSES-NOT:   warning
// PADPASSES-LABEL: func.func @conv(
//   PADPASSES-NOT:   tensor.pad
//       PADPASSES:   scf.forall
//       PADPASSES:     scf.for %{{.*}} = %c0 to %c192 step %c32
//       PADPASSES:       scf.for %{{.*}} = %c0 to %{{.*}} step %c1
//       PADPASSES:         scf.for %{{.*}} = %c0 to %c32 step %c16
//       PADPASSES:           arith.select
//  PADPASSES-COUNT-14:       vector.fma
//       PADPASSES:         } {regtile.trimmed_from = array<i64: 0, 3>}
//   PADPASSES-NOT:   tensor.pad
//       PADPASSES:   return
// With 20 channels the second channel vector is masked: its reads of the
// input mask the 4 channels left (one mask for every read of the block),
// and still nothing is padded.
// RUN: %substitute --target znver4 "N=1 H=9 W=40 C=20 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 P=1 HU=9 WU=40 HI=11 WI=42" %S/Inputs/depthwise_conv2d_pad.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PADMASKED
//   PADMASKED-NOT:   warning
// PADMASKED-LABEL: func.func @conv(
//   PADMASKED-NOT:   tensor.pad
//       PADMASKED:   scf.for
//       PADMASKED:     %[[M:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
//       PADMASKED:     vector.transfer_read %{{.*}}, %[[M]] {in_bounds = [true]} : tensor<1x9x40x20xf32>, vector<16xf32>
//       PADMASKED:     arith.select
//       PADMASKED:     vector.fma
//
// The scheduled IR (28-pixel rows, 32 channels, on znver4): tiles of 14
// pixels x one channel vector, the channel loop innermost; the reduction
// over kh and kw in 14 vector accumulators from zero (the fill is not
// computed), each step 14 input vectors (one per pixel, no broadcast), one
// filter vector and 14 FMAs; the bias and ReLU6 on the accumulators, then
// 14 stores: no linalg op, no pass over the output.
// RUN: %substitute --target znver4 "N=1 H=4 W=28 C=32 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=6 WI=30" %S/Inputs/depthwise_conv2d.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @conv
// IR-NOT: linalg.
// IR: scf.for %{{.*}} = %c0 to %c4 step %c1
// IR: scf.for %{{.*}} = %c0 to %c28 step %c14
// IR: scf.for %{{.*}} = %c0 to %c32 step %c16
// IR: scf.for %{{.*}} = %c0 to %c3 step %c1
// IR: scf.for %{{.*}} = %c0 to %c3 step %c1
// IR-NOT: vector.broadcast
// IR-COUNT-14: vector.transfer_read %{{.*}} : tensor<1x1x16x16xf32>, vector<16xf32>
// IR-NOT: vector.broadcast
// IR: vector.transfer_read %{{.*}} : tensor<1x3x16xf32>, vector<16xf32>
// IR-NOT: vector.broadcast
// IR-COUNT-14: vector.fma
// IR: scf.yield
// IR-NOT: linalg.
// IR-COUNT-14: arith.minimumf %{{.*}} : vector<16xf32>
// IR-COUNT-14: vector.transfer_write
// IR-NOT: linalg.
// IR: return
//
// 96 channels of 30-pixel rows (3 x 30 x 96 f32 = 34.5 KB, over znver4's
// 32 KiB L1d): the channels in passes of 32 (3 x 30 x 32 f32 = 11.5 KB,
// the most blocks dividing 96 within half of L1d), each pass a walk of the
// image with its two channel blocks innermost, the same tiles.
// RUN: %substitute --target znver4 "N=1 H=4 W=28 C=96 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 HI=6 WI=30" %S/Inputs/depthwise_conv2d.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=OUTER
// OUTER-LABEL: func.func @conv
// OUTER-NOT: linalg.
// OUTER: scf.for %{{.*}} = %c0 to %c96 step %c32
// OUTER: scf.for %{{.*}} = %c0 to %c4 step %c1
// OUTER: scf.for %{{.*}} = %c0 to %c28 step %c14
// OUTER: scf.for %{{.*}} = %c0 to %c32 step %c16
// OUTER: scf.for %{{.*}} = %c0 to %c3 step %c1
// OUTER: scf.for %{{.*}} = %c0 to %c3 step %c1
// OUTER-COUNT-14: vector.fma
// OUTER-NOT: linalg.
// OUTER-COUNT-14: vector.transfer_write
// OUTER: return
//
// x86 assembly for an AVX-512 CPU (znver4), a stride-2 layer (7 x 7 x 32
// output): one loop of 7 FMAs, each reading its input vector from memory
// two pixels after the last, no mask, no stack access, no call.
// RUN: %substitute --target znver4 "N=1 H=7 W=7 C=32 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=16 WI=16" %S/Inputs/depthwise_conv2d.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 \
// RUN:   | %python %regtile-src/test/lib/asm_loops.py | FileCheck %s --check-prefix=ASM
// ASM: loop {{.*}}: fma=7 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0
// ASM-NOT: loop
