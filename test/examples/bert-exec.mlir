// Execution: examples/bert scheduled only by @regtile_schedule
// (strategies/), each layer's bias add and GELU (tanh) or residual add
// computed on the GEMM's register tiles, computes what the unscheduled
// payload computes: sizes smaller than a tile, primes, K within one block
// and K over several (2100: the blocks before the last, then the last with
// the epilogue), the benchmark's M and K. Tolerance: GELU's tanh is a
// polynomial on vectors, libm in the reference (the GEMM, bias and
// residual are exact: inputs are multiples of 1/8).
// The cases are the check examples/examples.json lists for it:
// RUN: %examples check bert -- %difftest-args | FileCheck %s
// CHECK: == bert {{.*}}: bert_regtile{{$}}
// CHECK: PASS 5 cases
// On 1, 3 and 7 threads (more than the cores), a shape large enough to
// split:
// RUN: %examples check bert -- %difftest-args --threads 1,3,7 --case "M=64 N=200 K=1100" | FileCheck %s --check-prefix=THREADS
// THREADS: PASS 1 cases
