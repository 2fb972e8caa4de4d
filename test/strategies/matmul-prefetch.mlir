// @regtile_matmul_blocked's last parameter: how many K steps ahead the
// micro-kernel prefetches the packed B panel (cache_reduce's
// prefetch_ahead). -1 derives it from the target (znver4, one zmm FMA per
// cycle: 4), 0 leaves the micro-kernel without B prefetches (its next A
// sliver is still fetched: prefetch_streams_next), 16 is taken as given.
// The payload pins its target, so the marks do not depend on the host.
// RUN: %substitute --target znver4 "M=64 N=128 K=96" \
// RUN:   %regtile-src/examples/gemm/gemm.mlir > %t.mlir
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/matmul_prefetch_schedule.mlir},transform-interpreter{entry-point=derived})' \
// RUN:   | FileCheck %s --check-prefix=DERIVED
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/matmul_prefetch_schedule.mlir},transform-interpreter{entry-point=none})' \
// RUN:   | FileCheck %s --check-prefix=NONE
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/matmul_prefetch_schedule.mlir},transform-interpreter{entry-point=sixteen})' \
// RUN:   | FileCheck %s --check-prefix=SIXTEEN
// The same knob in the example's schedule, at 0, through regtile-tune --select:
// RUN: %regtile-tune --schedule %regtile-src/examples/gemm/schedule.mlir \
// RUN:   --payload - --entry - --func - --select "gemm.prefetch=0" --output %t.sched.mlir > /dev/null
// RUN: %regtile-opt %t.mlir -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%t.sched.mlir},transform-interpreter{entry-point=gemm_regtile})' \
// RUN:   | FileCheck %s --check-prefix=NONE

// DERIVED-LABEL: func.func @matmul
// DERIVED: scf.for
// DERIVED: } {regtile.prefetch_ahead = 4 : i64, regtile.prefetch_streams_next}

// NONE-LABEL: func.func @matmul
// NONE-NOT: regtile.prefetch_ahead
// NONE: } {regtile.prefetch_streams_next}
// NONE-NOT: regtile.prefetch_ahead

// SIXTEEN-LABEL: func.func @matmul
// SIXTEEN: } {regtile.prefetch_ahead = 16 : i64, regtile.prefetch_streams_next}
