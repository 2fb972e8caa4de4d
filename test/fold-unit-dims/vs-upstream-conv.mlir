// What regtile's fold_unit_dims folds that upstream's unit-dim pattern sets
// leave behind, on the tiled conv+relu of seed 000.
//
// RUN: sed -e 's/FOLD_PATTERNS/transform.apply_patterns.regtile.fold_unit_dims/' %s \
// RUN:   | %regtile-opt --transform-interpreter | FileCheck %s --check-prefix=REGTILE
// RUN: sed -e 's/FOLD_PATTERNS/transform.apply_patterns.linalg.fold_unit_extent_dims_via_reshapes transform.apply_patterns.vector.drop_unit_dims_with_shape_cast/' %s \
// RUN:   | %regtile-opt --transform-interpreter | FileCheck %s --check-prefix=UPSTREAM
//
// Upstream keeps the named bias broadcast (linalg.broadcast), the fill and
// the combining linalg.reduce of reduction tiling at full rank, so after
// vectorization 7-D and 4-D vectors with unit dims remain
// (vector<1x1x5x64x1x1x1xf32>, vector<1x1x5x64xf32>). regtile generalizes
// and folds them: every vector is 1-D or 2-D and has no unit dim.
//
// UPSTREAM-LABEL: func.func @conv
// UPSTREAM: vector<1x1x5x64x1x1x1xf32>
// UPSTREAM: vector<1x1x5x64xf32>
//
// REGTILE-LABEL: func.func @conv
// REGTILE-NOT: {{vector<([0-9]+x)*1x}}
// REGTILE: arith.mulf {{.*}} : vector<5x64xf32>
// REGTILE-NOT: {{vector<([0-9]+x)*1x}}
// REGTILE: arith.maximumf {{.*}} : vector<5x64xf32>
// REGTILE-NOT: {{vector<([0-9]+x)*1x}}
// REGTILE: return

// The convolution layer of seed 000 (MLIR Transform tutorial, chapter H),
// scheduled as in the tutorial: tile relu by [0,0,0,64] then [1,1,5,0], fuse
// the convolution and the bias into those loops, tile the reductions by 1,
// fold unit dims, vectorize, fold unit dims again.
!tinput = tensor<1x4x12x8xf32>
!tfilter = tensor<8x3x3x128xf32>
!tbias = tensor<128xf32>
!toutput = tensor<1x2x10x128xf32>
func.func @conv(%input: !tinput, %filter: !tfilter, %bias: !tbias, %output: !toutput) -> !toutput {
  %bias_init = tensor.empty() : !toutput
  %biased = linalg.broadcast ins(%bias : !tbias) outs(%bias_init : !toutput) dimensions = [0, 1, 2]
  %convolved = linalg.generic {
    iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"],
    indexing_maps = [
      affine_map<(n, y, x, c, rz, ry, rx) -> (rx, rz, ry, c)>,
      affine_map<(n, y, x, c, rz, ry, rx) -> (n, y+rz, x+ry, rx)>,
      affine_map<(n, y, x, c, rz, ry, rx) -> (n, y, x, c)>]
  } ins(%filter, %input: !tfilter, !tinput) outs(%biased : !toutput) {
  ^bb0(%f: f32, %in: f32, %b: f32):
    %m1 = arith.mulf %in, %f  {fastmath = #arith.fastmath<fast>} : f32
    %0 = arith.addf %b, %m1  {fastmath = #arith.fastmath<fast>} : f32
    linalg.yield %0 : f32
  } -> !toutput
  %c0 = arith.constant 0.0 : f32
  %relued = linalg.generic {
    iterator_types = ["parallel", "parallel", "parallel", "parallel"],
    indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]
  } ins(%c0, %convolved : f32, !toutput) outs(%output : !toutput) {
  ^bb0(%cst: f32, %in: f32, %out: f32):
    %0 = arith.maximumf %cst, %in : f32
    linalg.yield %0 : f32
  } -> !toutput
  return %relued : !toutput
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %bias = transform.structured.match ops{["linalg.broadcast"]} in %root : (!transform.any_op) -> !transform.any_op
    %generics = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %conv, %relu = transform.split_handle %generics : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %relu2, %co = transform.structured.tile_using_forall %relu tile_sizes [0, 0, 0, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %relu3, %n_y_xo = transform.structured.tile_using_forall %relu2 tile_sizes [1, 1, 5, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv2, %co2 = transform.structured.fuse_into_containing_op %conv into %co : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %conv3, %n_y_xo2 = transform.structured.fuse_into_containing_op %conv2 into %n_y_xo : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %bias2, %co3 = transform.structured.fuse_into_containing_op %bias into %co2 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %bias3, %n_y_xo3 = transform.structured.fuse_into_containing_op %bias2 into %n_y_xo2 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %red_fill, %conv4, %combining, %rz_ry_rx = transform.structured.tile_reduction_using_for %conv3 by tile_sizes=[0, 0, 0, 0, 1, 1, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %f00 = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f00 {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.linalg.tiling_canonicalization
    } : !transform.any_op
    transform.apply_cse to %f00 : !transform.any_op
    transform.include @fold failures(propagate) (%f00) : (!transform.any_op) -> ()
    %fv = transform.structured.vectorize_children_and_apply_patterns %f00 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %fv {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
    } : !transform.any_op
    transform.apply_cse to %fv : !transform.any_op
    %fh = transform.structured.hoist_redundant_vector_transfers %fv : (!transform.any_op) -> !transform.any_op
    transform.include @fold failures(propagate) (%fh) : (!transform.any_op) -> ()
    transform.yield
  }
  transform.named_sequence @fold(%f: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %f {
      FOLD_PATTERNS
    } : !transform.any_op
    transform.yield
  }
}
