// Schedules of conv-exec.mlir over examples/conv_relu/conv_relu.mlir: the
// filter ([ci][kh][kw][co]) staged per 64-channel block while the kernel
// rows and columns are unit-step loops inside: the cache is laid out
// [kh][kw][ci][co] (the unit-step dims move out of the tile for free), the
// order in which the micro-kernel (cache_reduce) reads it. Register tiles
// of 5 pixels x 64 channels with AVX-512 (20 zmm accumulators), 4 x 24 with
// AVX2 (12 ymm): the *_avx512 and *_avx2 entries.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @filter_panels_avx512(%root: !transform.any_op {transform.readonly}) {
    %rows = transform.param.constant 5 : i64 -> !transform.param<i64>
    %channels = transform.param.constant 64 : i64 -> !transform.param<i64>
    transform.include @filter_panels failures(propagate) (%root, %rows, %channels)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @filter_panels_avx2(%root: !transform.any_op {transform.readonly}) {
    %rows = transform.param.constant 4 : i64 -> !transform.param<i64>
    %channels = transform.param.constant 24 : i64 -> !transform.param<i64>
    transform.include @filter_panels failures(propagate) (%root, %rows, %channels)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @filter_panels(%root: !transform.any_op {transform.readonly},
                                          %rows: !transform.param<i64> {transform.readonly},
                                          %channels: !transform.param<i64> {transform.readonly}) {
    %kernel = transform.structured.match ops{["func.func"]} attributes{sym_name = "conv_relu"} in %root
        : (!transform.any_op) -> !transform.any_op
    %generics = transform.structured.match ops{["linalg.generic"]} in %kernel
        : (!transform.any_op) -> !transform.any_op
    %conv, %relu = transform.split_handle %generics
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tile, %co, %n, %y, %x = transform.structured.fuse %relu tile_sizes [1, 1, %rows, %channels] interchange [3, 0, 1, 2]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op,
                                  !transform.any_op, !transform.any_op)
    %convs = transform.get_producer_of_operand %tile[1] : (!transform.any_op) -> !transform.any_op
    %conv_tile, %kh, %kw = transform.structured.tile_using_for %convs tile_sizes [0, 0, 0, 0, 1, 1, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %conv_tile, %co {operand = 0}
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %conv_tile, %kw
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
