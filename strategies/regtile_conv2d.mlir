// regtile's strategy library: 2-D convolutions (seed 000's conv layer).
//
//   mlir-opt --load-dialect-plugin=libRegtilePlugin.so \
//            --load-pass-plugin=libRegtilePlugin.so payload.mlir \
//     -p 'builtin.module(transform-preload-library{transform-library-paths=strategies},
//                        transform-interpreter{entry-point=my_schedule},
//                        regtile-lower-to-llvm)'
//
// where @my_schedule declares and calls the strategy on a function:
//
//   transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
//   transform.named_sequence @my_schedule(%root: !transform.any_op {transform.readonly}) {
//     %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "conv"} in %root
//         : (!transform.any_op) -> !transform.any_op
//     transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
//     transform.yield
//   }
//
// Nothing here depends on the payload but the op kinds: the register tile
// comes from transform.regtile.convolution_blocking (the target's
// registers). @regtile_conv2d_blocked takes it as parameters (0 = derive),
// and how far ahead the filter panel is prefetched along the input
// channels (cache_reduce's prefetch_ahead: -1 = derive from the target's
// FMA rate, 0 = not at all), for schedules that tune them
// (transform.tune.knob).
module attributes {transform.with_named_sequence} {

  transform.named_sequence @regtile_conv2d(%func: !transform.any_op {transform.readonly}) {
    %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
    %default_prefetch = transform.param.constant -1 : i64 -> !transform.param<i64>
    transform.include @regtile_conv2d_blocked failures(propagate)
        (%func, %derive, %derive, %default_prefetch)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }

  // What looks like a 2-D convolution: linalg.conv_2d_nhwc_hwcf, or a
  // linalg.generic with its loops (4 parallel, then 3 reduction).
  // convolution_blocking then checks that it is one regtile schedules
  // (convolution dims, NHWC output; any strides and dilations) and says
  // why not.
  transform.named_sequence @regtile_match_convolution(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.conv_2d_nhwc_hwcf", "linalg.generic"]
        : !transform.any_op
    %conv = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.dim %s[0, 1, 2, 3] {parallel} : !transform.any_op
      transform.match.structured.dim %s[4, 5, 6] {reduction} : !transform.any_op
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %conv : !transform.any_op
  }

  // Every convolution of `%func` (linalg.conv_2d_nhwc_hwcf or the same as
  // a linalg.generic), with its elementwise consumer (ReLU) and its
  // producers (a bias broadcast into its output):
  //   for oc step channels:                         (the consumer's loops)
  //     F = filter[:, :, :, oc..] as [kh][ci][kw][channels]   (cache_read)
  //     for n, oh, ow step rows:
  //       acc[rows][channels / lanes] = bias vectors (or the output tile)
  //       for kh:                                    (cache_reduce)
  //         for kw, ci: channels/lanes vectors of F, rows input broadcasts,
  //                     rows * channels / lanes FMAs
  //                     (F prefetched `%prefetch` steps ahead)
  // bf16 on AVX-512 BF16 and u8 x s8 on AVX-512 VNNI or AVX-VNNI
  // (dot_product_group g = 2 or 4): F is [kh][ci/g][kw][channels][g] (cache_read {interleave})
  // and the nest is kh, ci step g, kw: each step one 32-bit input group
  // broadcast per row and one vdpbf16ps / vpdpbusd per accumulator
  // (cache_reduce's dot form, accumulators kept across the whole nest).
  //       store consumer(acc)                        (ReLU on registers)
  //       (prefetched: the next tile's input and output lines)
  // Edges (sizes that divide nothing) use masked channel vectors and
  // clamped rows in the same micro-kernel.
  transform.named_sequence @regtile_conv2d_blocked(
      %func: !transform.any_op {transform.readonly},
      %fixed_rows: !transform.param<i64> {transform.readonly},
      %fixed_channels: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly}) {
    // Elementwise consumer chains as one generic each (a bias add and a
    // ReLU: one epilogue on the accumulators).
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    %convs = transform.collect_matching @regtile_match_convolution in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %convs : !transform.any_op {
    ^bb0(%conv: !transform.any_op):
      %root, %rows, %channels, %filter = transform.regtile.convolution_blocking %conv
          rows = %fixed_rows channels = %fixed_channels
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
              !transform.param<i64>)
      // One piece per thread, along the loop with the most register
      // tiles (the rows of a layer); each thread packs its own filter.
      %piece, %threads = transform.regtile.distribute_over_threads %root
          grains [1, 1, %rows, %channels] {max_loops = 1, fuse_producers}
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op)
      //                                                   n  oh  ow     oc
      %tile, %oc, %n, %oh, %ow = transform.structured.fuse %piece
          tile_sizes [1, 1, %rows, %channels] interchange [3, 0, 1, 2]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op,
              !transform.any_op, !transform.any_op)
      %conv_tile = transform.collect_matching @regtile_match_convolution in %ow
          : (!transform.any_op) -> !transform.any_op
      // The input channels in groups of the target's dot-product unit
      // (bf16 pairs, u8 x s8 quadruples), 0 (untiled) without one. The
      // filter's layout changes with them: a generic's maps can.
      %ci = transform.regtile.dot_product_group %conv_tile {untiled_if_one}
          : (!transform.any_op) -> !transform.param<i64>
      %generic = transform.structured.generalize %conv_tile
          : (!transform.any_op) -> !transform.any_op
      //                                                                 n oh ow oc kh kw ci
      %reduced, %kh, %groups = transform.structured.tile_using_for %generic tile_sizes [0, 0, 0, 0, 1, 0, %ci]
          : (!transform.any_op, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %copy, %cache = transform.regtile.cache_read %reduced, %oc operand = %filter {interleave}
          : (!transform.any_op, !transform.any_op, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op)
      %loop = transform.regtile.cache_reduce %reduced, %kh prefetch_ahead = %prefetch {allow_reassociation}
          : (!transform.any_op, !transform.any_op, !transform.param<i64>)
          -> !transform.any_op
      // While a row of pixels computes, the input columns and the output
      // lines of the next one are fetched (regtile-lower-to-llvm).
      %one = transform.param.constant 1 : i64 -> !transform.param<i64>
      transform.annotate %ow "regtile.prefetch_ahead" = %one
          : !transform.any_op, !transform.param<i64>
    }
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %func : !transform.any_op
    // Convolutions left (NCHW, depthwise, ...): a warning each, with why,
    // instead of scalar loops without a word (after the canonicalization,
    // which erases the originals fusion left dead).
    transform.regtile.report_unscheduled %func {kinds = ["convolution"]} : !transform.any_op
    transform.yield
  }
}
