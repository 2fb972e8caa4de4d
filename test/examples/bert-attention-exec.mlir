// Execution: examples/bert/attention.mlir scheduled only by
// @regtile_schedule (strategies/): each head a GEMM with A and B in either
// layout (the scores read K as stored, (t, d)), the scale and the mask on
// the register tiles of the scores, computes what the unscheduled payload
// computes: sizes smaller than a tile, primes, K within one block and K
// over several (D = 1100: the blocks before the last, then the last with
// the epilogue), BERT-base's shape. Exact: inputs are multiples of 1/8,
// every partial sum is a float.
// The cases are the check examples/examples.json lists for it:
// RUN: %examples check bert_attention -- %difftest-args | FileCheck %s
// CHECK: == bert_attention {{.*}}: bert_regtile{{$}}
// CHECK: PASS 6 cases
// On 1, 2, 3 and 7 threads (more than the cores):
// RUN: %examples check bert_attention -- %difftest-args --threads 1,2,3,7 --case "H=3 S=50 T=70 D=64" | FileCheck %s --check-prefix=THREADS
// THREADS: PASS 1 cases
//
// The scheduled IR of @attention_scores: no linalg op left (no loop nest
// over the scores for the scale and mask, none for the fill), the heads
// over threads, a loop over a thread's heads around the GEMM's loops, the
// scale and mask applied to the accumulators (vector<16xf32>) before their
// one store.
// RUN: %substitute --target znver4 "H=12 S=128 T=128 D=64" %regtile-src/examples/bert/attention.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/examples/bert/schedule.mlir},transform-interpreter{entry-point=bert_regtile},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @attention_scores
// IR-NOT: linalg.
// IR: scf.forall (%{{.*}}) = (0) to (12)
// IR: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args({{.*}}) -> (tensor<?x
// IR: vector.fma
// IR: arith.mulf %{{.*}}, %cst{{.*}} : vector<16xf32>
// IR-NEXT: arith.addf %{{.*}} : vector<16xf32>
// IR: vector.transfer_write
// IR-LABEL: func.func @attention_context
// IR-NOT: linalg.
// IR: scf.forall (%{{.*}}) = (0) to (12)
// IR: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args({{.*}}) -> (tensor<?x
// IR: vector.fma
