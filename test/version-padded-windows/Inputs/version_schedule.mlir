// version_padded_windows alone on @conv, the op left as loops:
//   @rows: rows of output pixels (oh tiled by 1, the padded input's
//          producer fused: a guarded tensor.pad of the input's slice per
//          row), then 3 pixels of the row at a time (ow tiled by 3), whose
//          loop is versioned;
//   @whole: the padded input built whole, the convolution tiled by 1 row
//          x 3 pixels; the pixel loop versioned.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @rows(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tile, %n, %oh = transform.structured.fuse %conv tile_sizes [1, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %pixels, %ow = transform.structured.tile_using_for %tile tile_sizes [0, 0, 3]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %border = transform.regtile.version_padded_windows %ow clones(%pixels)
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }

  transform.named_sequence @whole(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tile, %n, %oh, %ow = transform.structured.tile_using_for %conv tile_sizes [1, 1, 3]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %border = transform.regtile.version_padded_windows %ow clones(%tile)
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
