// Schedules for reductions.mlir (pick one with
// transform-interpreter{entry-point=...}). All match the row-sum
// linalg.generic ops of the kernels.
//   @reductions_regtile       one regtile op;
//   @reductions_regtile_no_vnni  the same op told that the host has no
//                             AVX-512 VNNI (i8 sums then take its
//                             vpmaddubsw + vpmaddwd form);
//   @reductions_inner_reduction  upstream: tile 8x64, vectorize, keep the
//                             8-row accumulator in registers, lower the
//                             vector.multi_reduction with InnerReduction (a
//                             horizontal reduction per row and iteration);
//   @reductions_inner_parallel   the same lowered with InnerParallel
//                             (transposes so that lanes are rows);
//   @reductions_upstream_recipe  the best upstream recipe: tile rows by 8,
//                             tile_reduction_using_for by 64 (an 8x64
//                             partial-sum accumulator), vectorize, hoist.
module attributes {transform.with_named_sequence} {
  // The accumulator count and the rows reduced together of each kernel
  // are tuning knobs (regtile-tune picks them by measurement); 0, the
  // selection as shipped, is the op's target-derived default.
  transform.named_sequence @reductions_regtile(
      %root: !transform.any_op {transform.readonly}) {
    %i8 = transform.structured.match ops{["func.func"]} attributes{sym_name = "sum_i8"} in %root
        : (!transform.any_op) -> !transform.any_op
    %f32 = transform.structured.match ops{["func.func"]} attributes{sym_name = "sum_f32"} in %root
        : (!transform.any_op) -> !transform.any_op
    %sum_i8 = transform.structured.match ops{["linalg.generic"]} in %i8
        : (!transform.any_op) -> !transform.any_op
    %sum_f32 = transform.structured.match ops{["linalg.generic"]} in %f32
        : (!transform.any_op) -> !transform.any_op
    %acc_i8 = transform.tune.knob<"sum_i8.accumulators"> = 0 from options = [0, 1, 2, 4, 6, 8]
        -> !transform.param<i64>
    %acc_f32 = transform.tune.knob<"sum_f32.accumulators"> = 0 from options = [0, 1, 2, 3, 4, 6, 8]
        -> !transform.param<i64>
    %rows_i8 = transform.tune.knob<"sum_i8.rows"> = 0 from options = [0, 1, 2, 4, 8]
        -> !transform.param<i64>
    %rows_f32 = transform.tune.knob<"sum_f32.rows"> = 0 from options = [0, 1, 2, 4, 6, 8]
        -> !transform.param<i64>
    // Rows over threads (the count read when the kernel runs; pieces of
    // 24 rows, a multiple of every row knob, the zero fill in each piece).
    %piece_i8, %threads_i8 = transform.regtile.distribute_over_threads %sum_i8
        grains [24] {fuse_producers}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %piece_f32, %threads_f32 = transform.regtile.distribute_over_threads %sum_f32
        grains [24] {fuse_producers}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l1, %c1 = transform.regtile.reduce_to_vector_accumulator %piece_i8
        accumulators = %acc_i8 rows = %rows_i8
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %piece_f32
        accumulators = %acc_f32 rows = %rows_f32
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  transform.named_sequence @reductions_regtile_no_vnni(
      %root: !transform.any_op {transform.readonly}) {
    %sums = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // Rows over threads, as @reductions_regtile.
    %pieces, %threads = transform.regtile.distribute_over_threads %sums
        grains [24] {fuse_producers}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop, %combine = transform.regtile.reduce_to_vector_accumulator %pieces
        {arch = "host,-avx512vnni"}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // Upstream steps shared by the InnerReduction and InnerParallel variants,
  // applied to each kernel: tile 8x64, vectorize the kernel function, hoist
  // the accumulator slice out of the reduction loop. Yields the functions.
  transform.named_sequence @tile_vectorize_hoist(
      %root: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %sums = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %funcs = transform.foreach %sums : !transform.any_op -> !transform.any_op {
    ^bb0(%sum: !transform.any_op):
      %tiled, %rows, %cols = transform.structured.tile_using_for %sum tile_sizes [8, 64]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %f = transform.get_parent_op %tiled {op_name = "func.func"}
          : (!transform.any_op) -> !transform.any_op
      %v = transform.include @vectorize_and_hoist failures(propagate) (%f)
          : (!transform.any_op) -> !transform.any_op
      transform.yield %v : !transform.any_op
    }
    transform.yield %funcs : !transform.any_op
  }

  transform.named_sequence @vectorize_and_hoist(
      %f: !transform.any_op {transform.consumed}) -> !transform.any_op {
    %v = transform.structured.vectorize_children_and_apply_patterns %f
        : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["scf.for"]} in %v
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %loops : !transform.any_op {
    ^bb0(%l: !transform.any_op):
      transform.loop.hoist_loop_invariant_subsets %l : !transform.any_op
    }
    transform.yield %v : !transform.any_op
  }

  transform.named_sequence @reductions_inner_reduction(
      %root: !transform.any_op {transform.readonly}) {
    %funcs = transform.include @tile_vectorize_hoist failures(propagate) (%root)
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    } : !transform.any_op
    transform.yield
  }

  transform.named_sequence @reductions_inner_parallel(
      %root: !transform.any_op {transform.readonly}) {
    %funcs = transform.include @tile_vectorize_hoist failures(propagate) (%root)
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerparallel"
    } : !transform.any_op
    transform.yield
  }

  transform.named_sequence @reductions_upstream_recipe(
      %root: !transform.any_op {transform.readonly}) {
    %sums = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %sums : !transform.any_op {
    ^bb0(%sum: !transform.any_op):
      %tiled, %rows = transform.structured.tile_using_for %sum tile_sizes [8, 0]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %fill, %partial, %combine, %loop = transform.structured.tile_reduction_using_for %tiled
          by tile_sizes = [0, 64]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %f = transform.get_parent_op %partial {op_name = "func.func"}
          : (!transform.any_op) -> !transform.any_op
      %v = transform.include @vectorize_and_hoist failures(propagate) (%f)
          : (!transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}
