// Execution: the tiled conv+relu of seed 000 with fold_unit_dims applied
// before and after vectorization computes exactly what the unscheduled
// payload computes. The second shape does not divide the tiles (W=7 vs 5,
// CO=70 vs 64): the partial tiles have dynamic sizes (and stay scalar), the
// folding still applies to them.
// RUN: %difftest %s | FileCheck %s
// CHECK: PASS 2 cases
// DIFFTEST-CASE: N=1 H=2 W=10 HI=4 WI=12 CI=8 CO=128
// DIFFTEST-CASE: N=2 H=3 W=7 HI=5 WI=9 CI=5 CO=70

// The convolution layer of seed 000 (MLIR Transform tutorial, chapter H),
// scheduled as in the tutorial: tile relu by [0,0,0,64] then [1,1,5,0], fuse
// the convolution and the bias into those loops, tile the reductions by 1,
// fold unit dims, vectorize, fold unit dims again.
!tinput = tensor<${N}x${HI}x${WI}x${CI}xf32>
!tfilter = tensor<${CI}x3x3x${CO}xf32>
!tbias = tensor<${CO}xf32>
!toutput = tensor<${N}x${H}x${W}x${CO}xf32>
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
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %in = memref.alloc() : memref<${N}x${HI}x${WI}x${CI}xf32>
  %fi = memref.alloc() : memref<${CI}x3x3x${CO}xf32>
  %bi = memref.alloc() : memref<${CO}xf32>
  %out = memref.alloc() : memref<${N}x${H}x${W}x${CO}xf32>
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %uin = memref.cast %in : memref<${N}x${HI}x${WI}x${CI}xf32> to memref<*xf32>
  %ufi = memref.cast %fi : memref<${CI}x3x3x${CO}xf32> to memref<*xf32>
  %ubi = memref.cast %bi : memref<${CO}xf32> to memref<*xf32>
  %uout = memref.cast %out : memref<${N}x${H}x${W}x${CO}xf32> to memref<*xf32>
  call @regtileFillF32(%uin, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ufi, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ubi, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s3) : (memref<*xf32>, i64) -> ()
  %tin = bufferization.to_tensor %in restrict : memref<${N}x${HI}x${WI}x${CI}xf32> to !tinput
  %tfi = bufferization.to_tensor %fi restrict : memref<${CI}x3x3x${CO}xf32> to !tfilter
  %tbi = bufferization.to_tensor %bi restrict : memref<${CO}xf32> to !tbias
  %tout = bufferization.to_tensor %out restrict writable : memref<${N}x${H}x${W}x${CO}xf32> to !toutput
  %r = call @conv(%tin, %tfi, %tbi, %tout) : (!tinput, !tfilter, !tbias, !toutput) -> !toutput
  %rm = bufferization.to_buffer %r : !toutput to memref<${N}x${H}x${W}x${CO}xf32>
  %ur = memref.cast %rm : memref<${N}x${H}x${W}x${CO}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
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
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    transform.yield
  }
}
