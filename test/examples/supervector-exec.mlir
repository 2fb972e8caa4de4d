// Execution: regtile's schedules of examples/supervector (1-D, 1-D with
// masked partial vectors, 1-D with streaming stores (the 64 x 512 case
// takes the non-temporal path: aligned rows), 2-D) compute what the unscheduled payload
// computes, on the benchmark's vecred length, on sizes that divide neither
// 256 nor 32 nor 128, and on a single element.
// The checks examples/examples.json lists for it:
// RUN: %examples check supervector -- %difftest-args | FileCheck %s
// CHECK: == supervector {{.*}}: supervector_regtile_1d{{$}}
// CHECK: PASS 3 cases
// CHECK: == supervector {{.*}}: supervector_regtile_1d_masked{{$}}
// CHECK: PASS 3 cases
// CHECK: == supervector {{.*}}: supervector_regtile_1d_streaming{{$}}
// CHECK: PASS 3 cases
// CHECK: == supervector {{.*}}: supervector_regtile_2d{{$}}
// CHECK: PASS 3 cases

// Over threads (distribute_loop_over_threads: vector_add_2d's rows, vecred
// in chunks), with 1, 3 and 7 threads on sizes large enough to split:
// RUN: %examples check supervector -- %difftest-args --threads 1,3,7 --case "M=301 N=1000 L=700001" --case "M=37 N=300 L=1000" | FileCheck %s --check-prefix=THREADS
// THREADS-COUNT-4: PASS 2 cases
