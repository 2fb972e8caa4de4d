// @regtile_schedule on a MobileNetV2 block (1x1 expansion + ReLU6, 3x3
// depthwise + ReLU6, 1x1 projection, each with its bias): the convolutions
// are scheduled in program order, so each is blocked before the one that
// consumes it fuses its producers (the depthwise conv is not recomputed in
// the projection's tiles). Execution against the unscheduled payload,
// exact (inputs are multiples of 1/8, sums within f32's mantissa), stride
// 1 and 2, channels that divide nothing; 1, 2, 3 and 7 threads, with a
// fork/join cost of 0 (the target's fork-join-cycles=0), so that each
// convolution of these small shapes is split over the threads; no warning
// (nothing left unscheduled).
// DEFINE: %{schedule} = --no-warnings --target host,fork-join-cycles=0 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/schedule_layers_schedule.mlir},transform-interpreter{entry-point=schedule}'
// DEFINE: %{cases} = --case "HI=9 WI=11 H=7 W=9 S=1 CIN=5 CEXP=30 COUT=7" \
// DEFINE:   --case "HI=16 WI=15 H=7 W=7 S=2 CIN=16 CEXP=40 COUT=24" \
// DEFINE:   --case "HI=16 WI=16 H=14 W=14 S=1 CIN=24 CEXP=144 COUT=24"
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/mobilenet_block.mlir %{schedule} %{cases} | FileCheck %s --check-prefix=EXEC
// EXEC: PASS 3 cases
//
// Three parallel nests of vector FMAs, one per convolution, each after
// the one it reads: the expansion's (input broadcasts), the depthwise
// one's (input vectors, kh and kw loops of 3), the projection's (no kh or
// kw loop: the depthwise conv is not recomputed in its tiles); no linalg
// op left. (A fork/join cost of 0: the 14x14 depthwise layer alone stays
// on one thread with the default.)
// RUN: %substitute --target znver4,fork-join-cycles=0 "HI=16 WI=16 H=14 W=14 S=1 CIN=24 CEXP=144 COUT=24" %S/Inputs/mobilenet_block.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/schedule_layers_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @layers
// IR-NOT: linalg.
// IR: scf.forall
// IR: vector.broadcast
// IR: vector.fma
// IR: scf.forall.in_parallel
// IR-NOT: linalg.
// IR: scf.forall
// IR: scf.for %{{.*}} = %c0 to %c3 step %c1
// IR: scf.for %{{.*}} = %c0 to %c3 step %c1
// IR-NOT: vector.broadcast
// IR: vector.fma
// IR: scf.forall.in_parallel
// IR-NOT: linalg.
// IR: scf.forall
// IR-NOT: to %c3 step %c1
// IR: vector.broadcast
// IR: vector.fma
// IR-NOT: to %c3 step %c1
// IR: scf.forall.in_parallel
// IR-NOT: linalg.
// IR: return
