// Execution: the seed-000 example (examples/conv_relu) with regtile's
// schedule computes exactly what the unscheduled payload computes. The
// second shape does not divide the tiles (W=7 vs 5, CO=70 vs 64): partial
// tiles have dynamic sizes (and stay scalar), the folding still applies.
// The schedule reassociates the reduction (fastmath fast); the inputs are
// multiples of 1/8, so every sum is exact and results compare bit for bit.
// RUN: %difftest %regtile-src/examples/conv_relu/conv_relu.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_regtile}' \
// RUN:   --case "N=1 H=2 W=10 HI=4 WI=12 CI=8 CO=128" \
// RUN:   --case "N=2 H=3 W=7 HI=5 WI=9 CI=5 CO=70" | FileCheck %s
// The register-tile schedule (cache_reduce on 5 x 64 output tiles) on the
// same shapes, a shape whose 64-channel tiles divide nothing (CO=40, one
// partial vector version) and one with 5-pixel tiles that do not divide W:
// RUN: %difftest %regtile-src/examples/conv_relu/conv_relu.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/conv_relu/schedule.mlir},transform-interpreter{entry-point=conv_relu_register_tiles}' \
// RUN:   --case "N=1 H=2 W=10 HI=4 WI=12 CI=8 CO=128" \
// RUN:   --case "N=2 H=3 W=7 HI=5 WI=9 CI=5 CO=70" \
// RUN:   --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40" | FileCheck %s --check-prefix=TILES
// CHECK: PASS 2 cases
// TILES: PASS 3 cases
