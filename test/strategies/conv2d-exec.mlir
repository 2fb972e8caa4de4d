// Execution: a plain linalg.conv_2d_nhwc_hwcf (zero fill, no bias, no
// ReLU) scheduled by @regtile_conv2d computes what the unscheduled payload
// computes, on shapes that divide the register tiles and shapes that divide
// nothing. The strategy keeps the reduction order (kh, kw, ci) of each
// output element (one accumulator per output vector) but fuses multiply
// and add; the inputs are multiples of 1/8, so every product and sum is
// exact and results compare bit for bit. The convolution is split over the
// threads it runs with (the first two shapes; the third stays serial): 1,
// 2, 3 and 7 (more than the cores).
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/conv2d_plain.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule}' \
// RUN:   --case "N=1 H=8 W=20 HI=10 WI=22 CI=16 CO=64" \
// RUN:   --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40" \
// RUN:   --case "N=1 H=5 W=3 HI=7 WI=5 CI=3 CO=130" | FileCheck %s
// CHECK: PASS 3 cases
