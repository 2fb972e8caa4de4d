// Execution: the seed-000 example (examples/conv_relu) scheduled only by
// @regtile_conv2d (strategies/) computes exactly what the unscheduled
// payload computes: at the seed's shapes, the second shape set of the
// benchmark, shapes whose register tiles divide nothing (W=7 or 17 pixels,
// CO=70 or 40 channels, CI=5 or 9) and shapes smaller than one tile. The
// schedule reassociates the reduction (fastmath fast); the inputs are
// multiples of 1/8, so every sum is exact and results compare bit for bit.
// The example's checks (examples/examples.json): @regtile_conv2d on those
// shapes; the tutorial's schedule with regtile's unit-dim folding (partial
// tiles have dynamic sizes and stay scalar, the folding still applies); the
// tunable entry as shipped (knobs 0: the derived tile, -1: the derived
// prefetch distance).
// RUN: %examples check conv_relu -- %difftest-args | FileCheck %s
// Each layer is distributed over the threads the OpenMP runtime has when it
// runs (rows of output pixels, one piece per thread, the convolution and
// its bias fused into each piece; above: as many as the CPUs): with 1, 3
// and 7 threads (more than the cores) on the shapes large enough to split.
// RUN: %examples check conv_relu -- %difftest-args --threads 1,3,7 --case "N=1 H=56 W=56 HI=58 WI=58 CI=64 CO=64" --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40" | FileCheck %s --check-prefix=THREADS
// THREADS: == conv_relu {{.*}}: conv_relu_regtile{{$}}
// THREADS: PASS 2 cases
// And with a tile and a distance selected (regtile-tune --select writes the
// schedule stock mlir-opt runs).
// RUN: %regtile-tune --schedule %regtile-src/examples/conv_relu/schedule.mlir \
// RUN:   --payload - --entry - --func - --select "conv.rows=3 conv.channels=48 conv.prefetch=0" \
// RUN:   --output %t.tuned.mlir
// RUN: FileCheck %s --check-prefix=SELECTED --input-file=%t.tuned.mlir
// That tile (3 x 48: 9 zmm accumulators) would need 18 ymm accumulators with
// AVX2, more than its 16 registers: an AVX2 host runs a selection that fits
// (2 x 32: 8 ymm accumulators).
// RUN: %regtile-tune --schedule %regtile-src/examples/conv_relu/schedule.mlir \
// RUN:   --payload - --entry - --func - --select "conv.rows=2 conv.channels=32 conv.prefetch=2" \
// RUN:   --output %t.tuned-avx2.mlir
// RUN: cp %t.tuned.mlir %t.tuned-avx512.mlir
// RUN: %difftest %regtile-src/examples/conv_relu/conv_relu.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%t.tuned-%host-isa.mlir},transform-interpreter{entry-point=conv_relu_regtile_tunable}' \
// RUN:   --case "N=2 H=13 W=17 HI=15 WI=19 CI=9 CO=40" \
// RUN:   --case "N=1 H=2 W=10 HI=4 WI=12 CI=8 CO=128" | FileCheck %s --check-prefix=TUNED
// CHECK: == conv_relu {{.*}}: conv_relu_regtile{{$}}
// CHECK: PASS 6 cases
// CHECK: == conv_relu {{.*}}: conv_relu_fold_unit_dims
// CHECK: PASS 2 cases
// CHECK: == conv_relu {{.*}}: conv_relu_regtile_tunable
// CHECK: PASS 1 cases
// SELECTED: transform.tune.knob<"conv.rows"> = 3 from
// SELECTED: transform.tune.knob<"conv.channels"> = 48 from
// SELECTED: transform.tune.knob<"conv.prefetch"> = 0 from
// TUNED: PASS 2 cases
