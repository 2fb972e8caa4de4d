// Execution: regtile's schedules of examples/supervector (1-D, 1-D with
// masked partial vectors, 1-D with streaming stores (the 64 x 512 case
// takes the non-temporal path: aligned rows), 2-D) compute what the unscheduled payload
// computes, on the benchmark's vecred length, on sizes that divide neither
// 256 nor 32 nor 128, and on a single element.
// RUN: %difftest %regtile-src/examples/supervector/supervector.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/supervector/schedule.mlir},transform-interpreter{entry-point=supervector_regtile_1d}' \
// RUN:   --case "M=64 N=512 L=1048576" --case "M=37 N=300 L=1000" --case "M=1 N=1 L=1" | FileCheck %s
// RUN: %difftest %regtile-src/examples/supervector/supervector.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/supervector/schedule.mlir},transform-interpreter{entry-point=supervector_regtile_2d}' \
// RUN:   --case "M=64 N=512 L=1048576" --case "M=37 N=300 L=1000" --case "M=1 N=1 L=1" | FileCheck %s
// RUN: %difftest %regtile-src/examples/supervector/supervector.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/supervector/schedule.mlir},transform-interpreter{entry-point=supervector_regtile_1d_masked}' \
// RUN:   --case "M=64 N=512 L=1048576" --case "M=37 N=300 L=1000" --case "M=1 N=1 L=1" | FileCheck %s
// RUN: %difftest %regtile-src/examples/supervector/supervector.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/supervector/schedule.mlir},transform-interpreter{entry-point=supervector_regtile_1d_streaming}' \
// RUN:   --case "M=64 N=512 L=1048576" --case "M=37 N=300 L=1000" --case "M=1 N=1 L=1" | FileCheck %s
// CHECK: PASS 3 cases
