// Schedules for conv_relu.mlir (seed 000).
//
// Entry points (pick one with transform-interpreter{entry-point=...}; load
// regtile's strategies/ and this file with transform-preload-library):
//   @conv_relu_regtile          regtile: the @regtile_conv2d strategy, all
//                               of it (strategies/regtile_conv2d.mlir);
//   @conv_relu_regtile_tunable  the same with the register tile as tuning
//                               knobs (0, as shipped: derived from the
//                               target; scripts/regtile-tune picks them);
//   @conv_relu_upstream         the MLIR tutorial's recipe after the Halide
//                               schedule of seed 000, upstream ops only (the
//                               baseline regtile is compared to):
//     relu.split(c, co, ci, 64).split(x, xo, xi, 5).reorder(ci, xi, xo, y, n, co)
//         .vectorize(ci, 16)
//     conv.compute_at(relu, xo).update().reorder(c, x, y, r.x, r.y, r.z, n)
//   @conv_relu_fold_unit_dims   the same recipe with regtile's fold_unit_dims
//                               instead of upstream's unit-dim pattern sets.
module attributes {transform.with_named_sequence} {

  // Loop structure: relu tiled to (co, n, y, xo) with a 1x1x5x64 tile, the
  // convolution and the bias fused into those loops, the convolution's
  // reduction dims materialized as scf.for loops of one iteration each.
  transform.named_sequence @conv_relu_tile_and_fuse(
      %root: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %kernel = transform.structured.match ops{["func.func"]}
        attributes{sym_name = "conv_relu"} in %root
        : (!transform.any_op) -> !transform.any_op
    %bias = transform.structured.match ops{["linalg.broadcast"]} in %kernel
        : (!transform.any_op) -> !transform.any_op
    %generics = transform.structured.match ops{["linalg.generic"]} in %kernel
        : (!transform.any_op) -> !transform.any_op
    %conv, %relu = transform.split_handle %generics
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    //                                                        [n  y  x  c]
    %relu2, %co = transform.structured.tile_using_forall %relu tile_sizes [0, 0, 0, 64]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %relu3, %n_y_xo = transform.structured.tile_using_forall %relu2 tile_sizes [1, 1, 5, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv2, %co2 = transform.structured.fuse_into_containing_op %conv into %co
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv3, %n_y_xo2 = transform.structured.fuse_into_containing_op %conv2 into %n_y_xo
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %bias2, %co3 = transform.structured.fuse_into_containing_op %bias into %co2
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %bias3, %n_y_xo3 = transform.structured.fuse_into_containing_op %bias2 into %n_y_xo2
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    //                                                             n  y  x  c rz ry rx
    %fill, %conv4, %combine, %rz_ry_rx = transform.structured.tile_reduction_using_for %conv3
        by tile_sizes = [0, 0, 0, 0, 1, 1, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.apply_patterns to %kernel {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.linalg.tiling_canonicalization
    } : !transform.any_op
    transform.apply_cse to %kernel : !transform.any_op
    transform.yield %kernel : !transform.any_op
  }

  // Vectorize what is left (5x64 tiles) and clean up.
  transform.named_sequence @conv_relu_vectorize(
      %kernel: !transform.any_op {transform.consumed}) -> !transform.any_op {
    %v = transform.structured.vectorize_children_and_apply_patterns %kernel
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %v {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
    } : !transform.any_op
    transform.apply_cse to %v : !transform.any_op
    %h = transform.structured.hoist_redundant_vector_transfers %v
        : (!transform.any_op) -> !transform.any_op
    transform.yield %h : !transform.any_op
  }

  transform.named_sequence @conv_relu_fold_unit_dims(
      %root: !transform.any_op {transform.readonly}) {
    %kernel = transform.include @conv_relu_tile_and_fuse failures(propagate) (%root)
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %kernel {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    %v = transform.include @conv_relu_vectorize failures(propagate) (%kernel)
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %v {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }

  transform.named_sequence @conv_relu_upstream(
      %root: !transform.any_op {transform.readonly}) {
    %kernel = transform.include @conv_relu_tile_and_fuse failures(propagate) (%root)
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %kernel {
      transform.apply_patterns.linalg.fold_unit_extent_dims_via_reshapes
    } : !transform.any_op
    %v = transform.include @conv_relu_vectorize failures(propagate) (%kernel)
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %v {
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
    } : !transform.any_op
    transform.yield
  }

  transform.named_sequence @regtile_conv2d(%func: !transform.any_op {transform.readonly})

  transform.named_sequence @conv_relu_regtile(
      %root: !transform.any_op {transform.readonly}) {
    %kernel = transform.structured.match ops{["func.func"]}
        attributes{sym_name = "conv_relu"} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%kernel)
        : (!transform.any_op) -> ()
    transform.yield
  }

  transform.named_sequence @regtile_conv2d_blocked(%func: !transform.any_op {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %channels: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly},
      %stage_filter: !transform.param<i64> {transform.readonly},
      %channels_innermost: !transform.param<i64> {transform.readonly})

  // The register tile (output pixels x output channels) as knobs: 0 lets
  // convolution_blocking derive it; a tile that does not fit the target's
  // registers is refused (the tuner reports and skips it). And how many
  // input channels ahead the filter panel is prefetched (-1: derived from
  // the target's FMA rate; 0: not prefetched; measured: none ran 1.06x the
  // derived 10 on Zen 5, where on a Xeon the prefetch gained 3-4%). And
  // whether the filter is staged in a packed cache (0: derive, 1: stage,
  // 2: read in place), and whether the output channel blocks are the
  // innermost tile loop (0: derive, 1: innermost, 2: outermost).
  transform.named_sequence @conv_relu_regtile_tunable(
      %root: !transform.any_op {transform.readonly}) {
    %kernel = transform.structured.match ops{["func.func"]}
        attributes{sym_name = "conv_relu"} in %root
        : (!transform.any_op) -> !transform.any_op
    %rows = transform.tune.knob<"conv.rows"> = 0 from options = [0, 2, 3, 4, 5, 6, 7, 8]
        -> !transform.param<i64>
    %channels = transform.tune.knob<"conv.channels"> = 0 from options = [0, 32, 48, 64]
        -> !transform.param<i64>
    %prefetch = transform.tune.knob<"conv.prefetch"> = -1 from options = [-1, 0, 2, 5, 10]
        -> !transform.param<i64>
    %stage = transform.tune.knob<"conv.stage_filter"> = 0 from options = [0, 1, 2]
        -> !transform.param<i64>
    %inner = transform.tune.knob<"conv.channels_innermost"> = 0 from options = [0, 1, 2]
        -> !transform.param<i64>
    transform.include @regtile_conv2d_blocked failures(propagate)
        (%kernel, %rows, %channels, %prefetch, %stage, %inner)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }
}
