// Execution: every schedule of examples/reductions (regtile's and the
// upstream ones the benchmark compares with) computes what the unscheduled
// payload computes, on the seed's shape and on shapes that do not divide
// the vector length or the 8x64 tiles.
// RUN: %difftest %regtile-src/examples/reductions/reductions.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/reductions/schedule.mlir},transform-interpreter{entry-point=reductions_regtile}' \
// RUN:   --case "M=384 N=512" --case "M=383 N=517" --case "M=5 N=3" | FileCheck %s
// RUN: %difftest %regtile-src/examples/reductions/reductions.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/reductions/schedule.mlir},transform-interpreter{entry-point=reductions_inner_reduction}' \
// RUN:   --case "M=384 N=512" --case "M=17 N=130" | FileCheck %s --check-prefix=UPSTREAM
// RUN: %difftest %regtile-src/examples/reductions/reductions.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/reductions/schedule.mlir},transform-interpreter{entry-point=reductions_inner_parallel}' \
// RUN:   --case "M=384 N=512" --case "M=17 N=130" | FileCheck %s --check-prefix=UPSTREAM
// RUN: %difftest %regtile-src/examples/reductions/reductions.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/examples/reductions/schedule.mlir},transform-interpreter{entry-point=reductions_upstream_recipe}' \
// RUN:   --case "M=384 N=512" --case "M=17 N=130" | FileCheck %s --check-prefix=UPSTREAM
// CHECK: PASS 3 cases
// UPSTREAM: PASS 2 cases
