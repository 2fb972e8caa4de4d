// Execution: examples/gemm scheduled only by @regtile_matmul (strategies/)
// computes what the unscheduled payload computes, at the example's shapes
// 512 and 1000x1100x900 (1024 and 2048 are checked bit for bit by the
// benchmark smoke test, test/bench/gemm-smoke.test, against its reference),
// shapes smaller than one register tile, primes, M = 1 and N = 1, K = 1100
// (one K block of 1100 where the blocking takes the whole reduction, two
// blocks elsewhere) and K = 2100 (more than any derived kc: the output's
// fill reaches the register tiles through several K blocks, cache_reduce
// starts from it at the first and from the tile after it). Inputs are
// multiples of 1/8: every partial sum is exact, so results compare bit for
// bit (FMA contraction and any summation order give the same values). No
// warning: every mark of the strategy is honored (B packed by the first row
// tile of each block, regtile-fill-on-first-use, also where the block loop
// carries the output, K = 2100, and at the column edges).
// The cases are the check examples/examples.json lists for it:
// RUN: %examples check gemm -- %difftest-args | FileCheck %s
// The kernel runs on the threads the OpenMP runtime has (above: as many as
// the CPUs); with 1, 3 and 7 (more than the cores) on the shapes large
// enough to be split (the others stay serial: one piece), some with fewer
// row tiles than threads:
// RUN: %examples check gemm -- %difftest-args --threads 1,3,7 --case "M=257 N=129 K=513" --case "M=13 N=70 K=2100" --case "M=1000 N=1100 K=900" | FileCheck %s --check-prefix=THREADS
// THREADS: PASS 3 cases
// CHECK: == gemm {{.*}}: gemm_regtile{{$}}
// CHECK: PASS 10 cases

// The kernel as the benchmark compiles it (C interface, memref arguments,
// the result written in place) calls nothing but the OpenMP runtime's
// thread count (and whether it runs in a parallel region already) and, in
// each thread's piece (the parallel region, run without waking the team
// when there is one piece), malloc and free for its B cache: no
// memrefCopy per micro-kernel for the write-back of an output tile into the
// slice it came from, and the cache is freed although @main (in the same
// module) frees its own buffers.
// RUN: %python %regtile-src/python/regtile/substitute.py "M=100 N=200 K=300" %regtile-src/examples/gemm/gemm.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/gemm/schedule.mlir},transform-interpreter{entry-point=gemm_regtile},regtile-lower-to-llvm)' \
// RUN:   | FileCheck %s --check-prefix=CALLS
// CALLS-LABEL: llvm.func @matmul(
// CALLS-NOT: llvm.call
// CALLS: llvm.call @omp_get_max_threads()
// CALLS-NOT: llvm.call
// CALLS: llvm.call @omp_in_parallel()
// CALLS-NOT: llvm.call
// CALLS: omp.parallel if(
// CALLS-NOT: llvm.call
// CALLS: llvm.call @malloc
// CALLS-NOT: llvm.call
// CALLS: llvm.call @free
// CALLS-NOT: llvm.call
// CALLS-LABEL: llvm.func @_mlir_ciface_matmul(
