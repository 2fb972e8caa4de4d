// Execution: a plain linalg.conv_2d_nhwc_hwcf (zero fill, no bias, no
// ReLU) scheduled by @regtile_conv2d computes what the unscheduled payload
// computes, on shapes that divide the register tiles and shapes that divide
// nothing. The strategy keeps the reduction order (kh, kw, ci) of each
// output element (one accumulator per output vector) but fuses multiply
// and add; the inputs are multiples of 1/8, so every product and sum is
// exact and results compare bit for bit. The convolution is split over the
// threads it runs with (the first two shapes; the third stays serial): 1,
// 2, 3 and 7 (more than the cores). The last two have one row tile across
// the width: the filter panel is packed by the first row tile (fill on
// first use, conv2d.mlir FILL), with channels that divide no vector. Then a bias add, ReLU and ReLU6
// written in place on its result.
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/conv2d_plain.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule}' \
// RUN:   --case "N=1 H=8 W=20 HI=10 WI=22 CI=16 CO=64" \
// RUN:   --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40" \
// RUN:   --case "N=1 H=5 W=3 HI=7 WI=5 CI=3 CO=130" \
// RUN:   --case "N=1 H=9 W=3 HI=11 WI=5 CI=19 CO=70" | FileCheck %s
// CHECK: PASS 4 cases
// Those filters are small: the output channel blocks are the innermost
// tile loop, the filter packed whole. The same with them outermost (the
// filter packed per block; a filter of more than a third of L2):
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/conv2d_plain.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule_outer}' \
// RUN:   --case "N=1 H=8 W=20 HI=10 WI=22 CI=16 CO=64" \
// RUN:   --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40" \
// RUN:   --case "N=1 H=5 W=3 HI=7 WI=5 CI=3 CO=130" \
// RUN:   --case "N=1 H=9 W=3 HI=11 WI=5 CI=19 CO=70" | FileCheck %s
//
// A bias add + ReLU and a ReLU6 clamp written in place on the
// convolution's result (outs(%conv)): put in consumer form, fused into one
// epilogue, computed on the accumulators; a channel count that is not a
// multiple of the vector (19), two images; 1, 2, 3 and 7 threads.
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/conv2d_inplace.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule}' \
// RUN:   --case "N=1 H=8 W=20 HI=10 WI=22 CI=16 CO=64" \
// RUN:   --case "N=2 H=5 W=7 HI=7 WI=9 CI=3 CO=19" | FileCheck %s --check-prefix=INPLACE
// INPLACE: PASS 2 cases
// No linalg op and no loop over the output after the convolution's: the
// bias, ReLU and ReLU6 on the accumulators before their one store.
// RUN: %substitute --target znver4 "N=1 H=8 W=20 HI=10 WI=22 CI=16 CO=64" %S/Inputs/conv2d_inplace.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=INPLACE-IR
// INPLACE-IR-LABEL: func.func @conv
// INPLACE-IR-NOT: linalg.
// INPLACE-IR: scf.forall
// INPLACE-IR: vector.fma
// INPLACE-IR: arith.addf {{.*}} : vector<16xf32>
// INPLACE-IR-NEXT: arith.maximumf {{.*}} : vector<16xf32>
// INPLACE-IR-NEXT: arith.minimumf {{.*}} : vector<16xf32>
// INPLACE-IR: vector.transfer_write
// INPLACE-IR: scf.forall.in_parallel
// INPLACE-IR-NOT: linalg.
// INPLACE-IR-LABEL: func.func @main
