// Execution: every schedule of examples/reductions (regtile's and the
// upstream ones the benchmark compares with) computes what the unscheduled
// payload computes, on the seed's shape and on shapes that do not divide
// the vector length or the 8x64 tiles.
// The checks examples/examples.json lists for it:
// RUN: %examples check reductions -- %difftest-args | FileCheck %s
// CHECK: == reductions {{.*}}: reductions_regtile{{$}}
// CHECK: PASS 4 cases
// CHECK: == reductions {{.*}}: reductions_regtile_no_vnni{{$}}
// CHECK: PASS 4 cases
// CHECK: == reductions {{.*}}: reductions_inner_reduction{{$}}
// CHECK: PASS 2 cases
// CHECK: == reductions {{.*}}: reductions_inner_parallel{{$}}
// CHECK: PASS 2 cases
// CHECK: == reductions {{.*}}: reductions_upstream_recipe{{$}}
// CHECK: PASS 2 cases
// regtile's kernels split their rows over the threads they run with (pieces
// of 24 rows; the small shapes stay serial): with 1, 3 and 7 threads (more
// than the cores) on shapes large enough to split, rows dividing nothing.
// RUN: %examples check reductions -- %difftest-args --threads 1,3,7 --case "M=1001 N=700" --case "M=100 N=6000" | FileCheck %s --check-prefix=THREADS
// THREADS: == reductions {{.*}}: reductions_regtile{{$}}
// THREADS: PASS 2 cases
// THREADS: == reductions {{.*}}: reductions_regtile_no_vnni{{$}}
// THREADS: PASS 2 cases
