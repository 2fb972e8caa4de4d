// Execution: every schedule of examples/reductions (regtile's and the
// upstream ones the benchmark compares with) computes what the unscheduled
// payload computes, on the seed's shape and on shapes that do not divide
// the vector length or the 8x64 tiles.
// The checks examples/examples.json lists for it:
// RUN: %examples check reductions -- %difftest-args | FileCheck %s
// CHECK: == reductions {{.*}}: reductions_regtile{{$}}
// CHECK: PASS 3 cases
// CHECK: == reductions {{.*}}: reductions_inner_reduction{{$}}
// CHECK: PASS 2 cases
// CHECK: == reductions {{.*}}: reductions_inner_parallel{{$}}
// CHECK: PASS 2 cases
// CHECK: == reductions {{.*}}: reductions_upstream_recipe{{$}}
// CHECK: PASS 2 cases
