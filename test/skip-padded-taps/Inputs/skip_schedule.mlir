// skip_padded_taps alone on @conv: rows of output pixels (oh tiled by 1,
// the padded input's producer fused: a guarded tensor.pad of the input's
// slice per row), then the filter rows (kh) trimmed; the op left as loops.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tile, %n, %oh = transform.structured.fuse %conv tile_sizes [1, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %generic = transform.structured.generalize %tile : (!transform.any_op) -> !transform.any_op
    %reduced, %kh = transform.structured.tile_using_for %generic tile_sizes [0, 0, 0, 0, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.regtile.skip_padded_taps %kh {assume_finite} : !transform.any_op
    transform.yield
  }
}
