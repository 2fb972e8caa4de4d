// Schedules of examples/supervector/supervector.mlir (seed 003): regtile's
// super_vectorize + unroll_to_native_vectors, and upstream's
// affine-super-vectorize pass with the seed's options, for comparison.
// Every entry point takes the module and schedules both functions.
module attributes {transform.with_named_sequence} {
  // vector_add_2d: the loop nest, outer loop first.
  transform.named_sequence @add_loops(%root: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "vector_add_2d"} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield %outer, %inner : !transform.any_op, !transform.any_op
  }

  transform.named_sequence @red_loop(%root: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "vecred"} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.any_op
    transform.yield %loop : !transform.any_op
  }

  transform.named_sequence @to_native(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %fs {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    transform.yield
  }

  // Threads: vector_add_2d's rows and vecred's reduction (each vectorized
  // loop: the whole vectors' and the remainder's) over threads, the count
  // read when the kernels run; the reduction in fixed chunks, its result
  // the same for every thread count. Yields the row loop (inside the
  // forall).
  transform.named_sequence @threads(%rows: !transform.any_op {transform.consumed},
                                    %red: !transform.any_op {transform.consumed})
      -> !transform.any_op {
    %row_loop, %f1 = transform.regtile.distribute_loop_over_threads %rows
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %red_loops, %f2 = transform.regtile.distribute_loop_over_threads %red
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield %row_loop : !transform.any_op
  }

  // regtile, 1-D: the seed's first example (virtual size 256) and vecred
  // with virtual size 128 (8 native accumulators on AVX-512).
  transform.named_sequence @supervector_regtile_1d(%root: !transform.any_op {transform.readonly}) {
    %outer, %inner = transform.include @add_loops failures(propagate) (%root) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 256>} : (!transform.any_op) -> !transform.any_op
    %red = transform.include @red_loop failures(propagate) (%root) : (!transform.any_op) -> !transform.any_op
    %r = transform.regtile.super_vectorize %red {vector_sizes = array<i64: 128>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    %rows = transform.include @threads failures(propagate) (%outer, %r) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.include @to_native failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }

  // regtile, 1-D, with the loops not split: stores masked and reads
  // bounds-checked on every iteration (see mask_partial_vectors).
  transform.named_sequence @supervector_regtile_1d_masked(%root: !transform.any_op {transform.readonly}) {
    %outer, %inner = transform.include @add_loops failures(propagate) (%root) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 256>, mask_partial_vectors} : (!transform.any_op) -> !transform.any_op
    %red = transform.include @red_loop failures(propagate) (%root) : (!transform.any_op) -> !transform.any_op
    %r = transform.regtile.super_vectorize %red {vector_sizes = array<i64: 128>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    %rows = transform.include @threads failures(propagate) (%outer, %r) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.include @to_native failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }

  // regtile, 1-D, split, with non-temporal stores for vector_add_2d's
  // output (regtile.streaming_stores on the outer loop: the row loop is
  // versioned, its whole-vector stores become vmovntps when the rows are
  // aligned): an output written once and not read back need not be read
  // into the cache first.
  transform.named_sequence @supervector_regtile_1d_streaming(%root: !transform.any_op {transform.readonly}) {
    %outer, %inner = transform.include @add_loops failures(propagate) (%root) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 256>} : (!transform.any_op) -> !transform.any_op
    %red = transform.include @red_loop failures(propagate) (%root) : (!transform.any_op) -> !transform.any_op
    %r = transform.regtile.super_vectorize %red {vector_sizes = array<i64: 128>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    %rows = transform.include @threads failures(propagate) (%outer, %r) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.annotate %rows "regtile.streaming_stores" : !transform.any_op
    transform.include @to_native failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }

  // regtile, 1-D, tunable (regtile-tune; scripts/run-examples.sh): the
  // choices of the three entries above as knobs. How partial vectors are
  // handled (split into whole vectors + a masked remainder, as shipped, or
  // masked throughout) and the kind of stores of vector_add_2d's output
  // (cached, as shipped, or streaming) depend on the machine.
  transform.named_sequence @supervector_regtile_tunable(%root: !transform.any_op {transform.readonly}) {
    %outer, %inner = transform.include @add_loops failures(propagate) (%root) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.tune.alternatives<"sv.partial"> selected_region = 0 {
      %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 256>} : (!transform.any_op) -> !transform.any_op
    }, {
      %v = transform.regtile.super_vectorize %inner {vector_sizes = array<i64: 256>, mask_partial_vectors} : (!transform.any_op) -> !transform.any_op
    }
    %red = transform.include @red_loop failures(propagate) (%root) : (!transform.any_op) -> !transform.any_op
    %r = transform.regtile.super_vectorize %red {vector_sizes = array<i64: 128>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    %rows = transform.include @threads failures(propagate) (%outer, %r) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.tune.alternatives<"sv.stores"> selected_region = 0 {
    }, {
      transform.annotate %rows "regtile.streaming_stores" : !transform.any_op
    }
    transform.include @to_native failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }

  // regtile, 2-D: the seed's second example, vector<32x256xf32>.
  transform.named_sequence @supervector_regtile_2d(%root: !transform.any_op {transform.readonly}) {
    %outer, %inner = transform.include @add_loops failures(propagate) (%root) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %r, %c = transform.regtile.super_vectorize %outer {vector_sizes = array<i64: 32, 256>} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %red = transform.include @red_loop failures(propagate) (%root) : (!transform.any_op) -> !transform.any_op
    %v = transform.regtile.super_vectorize %red {vector_sizes = array<i64: 128>, vectorize_reductions} : (!transform.any_op) -> !transform.any_op
    %rows = transform.include @threads failures(propagate) (%r, %v) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.include @to_native failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }

  // Upstream: the pass with the seed's options, on each function, then the
  // same lowering (regtile-lower-to-llvm) as every variant.
  transform.named_sequence @supervector_upstream_1d(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.apply_registered_pass "affine-super-vectorize"
        with options = {"virtual-vector-size" = "256", "test-fastest-varying" = "0"} to %fs
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  transform.named_sequence @supervector_upstream_2d(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} attributes{sym_name = "vector_add_2d"} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.apply_registered_pass "affine-super-vectorize"
        with options = {"virtual-vector-size" = "32,256", "test-fastest-varying" = "1,0"} to %fs
        : (!transform.any_op) -> !transform.any_op
    %gs = transform.structured.match ops{["func.func"]} attributes{sym_name = "vecred"} in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.apply_registered_pass "affine-super-vectorize"
        with options = {"virtual-vector-size" = "128", "vectorize-reductions" = true} to %gs
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
