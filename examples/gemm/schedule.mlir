// Schedules for gemm.mlir. Entry points (transform-interpreter{entry-point=...}):
//   @gemm_regtile    the kernel function scheduled by @regtile_matmul_blocked,
//                    from regtile's strategy library (strategies/,
//                    preloaded), with the blocking and the B panel's
//                    prefetch distance as tuning knobs (as shipped:
//                    derived from the target);
//   @gemm_upstream   the best schedule of upstream ops only, for comparison.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul_blocked(%func: !transform.any_op {transform.readonly},
      %mr: !transform.param<i64> {transform.readonly}, %nr: !transform.param<i64> {transform.readonly},
      %kc: !transform.param<i64> {transform.readonly}, %nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly})

  // The blocking is tunable (scripts/regtile-tune picks the knobs by
  // measurement and writes them back as `selected`); 0, the selection as
  // shipped, derives the size from the target.
  transform.named_sequence @gemm_regtile(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root
        : (!transform.any_op) -> !transform.any_op
    %mr = transform.tune.knob<"gemm.mr"> = 0 from options = [0, 4, 6, 8, 12, 14] -> !transform.param<i64>
    %nr = transform.tune.knob<"gemm.nr"> = 0 from options = [0, 32, 48, 64] -> !transform.param<i64>
    %kc = transform.tune.knob<"gemm.kc"> = 0 from options = [0, 256, 512, 1024] -> !transform.param<i64>
    %nc = transform.tune.knob<"gemm.nc"> = 0 from options = [0, 256, 512, 1024, 2048] -> !transform.param<i64>
    // How many K steps ahead the micro-kernel prefetches the packed B panel
    // (-1: derived from the target's FMA rate; 0: no prefetch).
    %prefetch = transform.tune.knob<"gemm.prefetch"> = -1 from options = [-1, 0, 4, 16] -> !transform.param<i64>
    transform.include @regtile_matmul_blocked failures(propagate) (%f, %mr, %nr, %kc, %nc, %prefetch)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // Upstream ops only: the same cache blocks and 6 x 64 register tile;
  // every loop whose last tile is partial is peeled (loop.peel), so that
  // all tiles have static shapes, vectorized exactly (structured.vectorize,
  // reduction_to_contract), the accumulator hoisted out of the K loop
  // (loop.hoist_loop_invariant_subsets), contractions lowered to outer
  // products (FMAs) by the lowering pipeline.
  transform.named_sequence @peel(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for
        : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @gemm_upstream(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 256, 512]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @peel failures(suppress) (%jc) : (!transform.any_op) -> ()
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.scf.for_loop_canonicalization
    } : !transform.any_op
    %blocks = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    transform.foreach %blocks : !transform.any_op {
    ^bb0(%b: !transform.any_op):
      %t2, %ir, %jr = transform.structured.tile_using_for %b tile_sizes [6, 64, 0]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.include @peel failures(suppress) (%jr) : (!transform.any_op) -> ()
      transform.include @peel failures(suppress) (%ir) : (!transform.any_op) -> ()
    }
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.scf.for_loop_canonicalization
    } : !transform.any_op
    %tiles = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    transform.foreach %tiles : !transform.any_op {
    ^bb0(%t: !transform.any_op):
      %tk, %k = transform.structured.tile_using_for %t tile_sizes [0, 0, 1]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.scf.for_loop_canonicalization
    } : !transform.any_op
    %all = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    transform.foreach %all : !transform.any_op {
    ^bb0(%r: !transform.any_op):
      transform.structured.vectorize %r : !transform.any_op
    }
    %v = transform.apply_registered_pass "canonicalize" to %f : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %v {
      transform.apply_patterns.vector.reduction_to_contract
    } : !transform.any_op
    transform.apply_patterns to %v {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
    } : !transform.any_op
    transform.apply_cse to %v : !transform.any_op
    %loops = transform.structured.match ops{["scf.for"]} in %v : (!transform.any_op) -> !transform.any_op
    transform.foreach %loops : !transform.any_op {
    ^bb0(%loop: !transform.any_op):
      transform.loop.hoist_loop_invariant_subsets %loop : !transform.any_op
    }
    transform.apply_patterns to %v { transform.apply_patterns.canonicalization } : !transform.any_op
    transform.yield
  }
}
