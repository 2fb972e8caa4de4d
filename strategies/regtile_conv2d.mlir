// regtile's strategy library: 2-D convolutions, dense (seed 000's conv layer) and depthwise.
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
// how far ahead the filter panel is prefetched along the input channels
// (cache_reduce's prefetch_ahead: -1 = derive from the target's FMA rate,
// 0 = not at all), whether the filter is staged in a packed cache
// (convolution_blocking's stage_filter: 0 = derive, 1 = stage, 2 = read in
// place) and whether the output channel blocks are the innermost tile loop
// (convolution_blocking's channels_innermost: 0 = derive, 1 = innermost,
// 2 = outermost), for schedules that tune them (transform.tune.knob).
module attributes {transform.with_named_sequence} {
  // From regtile_matmul.mlir (the strategy library is loaded as a whole).
  transform.named_sequence @regtile_block_gemm_epilogue(
      %mm: !transform.any_op {transform.consumed},
      %fixed_mr: !transform.param<i64> {transform.readonly},
      %fixed_nr: !transform.param<i64> {transform.readonly},
      %fixed_kc: !transform.param<i64> {transform.readonly},
      %fixed_nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly})

  transform.named_sequence @regtile_conv2d(%func: !transform.any_op {transform.readonly}) {
    %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
    %default_prefetch = transform.param.constant -1 : i64 -> !transform.param<i64>
    transform.include @regtile_conv2d_blocked failures(propagate)
        (%func, %derive, %derive, %default_prefetch, %derive, %derive)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>,
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

  // What looks like a depthwise 2-D convolution: linalg.depthwise_conv_2d_nhwc_hwc,
  // or a linalg.generic with its loops (4 parallel, then 2 reduction) whose
  // body multiplies and adds (a sum pooling adds only).
  transform.named_sequence @regtile_match_depthwise_convolution(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.depthwise_conv_2d_nhwc_hwc", "linalg.generic"]
        : !transform.any_op
    %conv = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
      %six = transform.param.constant 6 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %rank, %six : !transform.param<i64>
      transform.match.structured.dim %s[0, 1, 2, 3] {parallel} : !transform.any_op
      transform.match.structured.dim %s[4, 5] {reduction} : !transform.any_op
      transform.match.structured.body %s {contraction = ["arith.mulf", "arith.addf"]} : !transform.any_op
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %conv : !transform.any_op
  }

  // A dense 2-D convolution in any layout: linalg.conv_2d_nhwc_hwcf,
  // linalg.conv_2d_nchw_fchw, or a linalg.generic with their loops (4
  // parallel, then 3 reduction).
  transform.named_sequence @regtile_match_dense_convolution(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.conv_2d_nhwc_hwcf",
        "linalg.conv_2d_nchw_fchw", "linalg.generic"] : !transform.any_op
    %conv = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
      %seven = transform.param.constant 7 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %rank, %seven : !transform.param<i64>
      transform.match.structured.dim %s[0, 1, 2, 3] {parallel} : !transform.any_op
      transform.match.structured.dim %s[4, 5, 6] {reduction} : !transform.any_op
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %conv : !transform.any_op
  }

  // The convolutions of `%func` in NCHW order as NHWC ones between
  // transposes (transform.regtile.convert_to_channels_last), their
  // elementwise consumer chains made one generic each first (a bias add and
  // a ReLU: one epilogue, which moves with the convolution), transposes
  // between two of them folded away; the transposes added are marked
  // regtile.channels_last_transpose (@regtile_conv2d_blocked finds them by
  // the mark once the convolutions are tiled). A 1x1
  // stride-1 one of one image becomes the GEMM it is instead, on views of
  // its NCHW operands (convert_pointwise_to_matmul: no transposes; marked
  // regtile.from_convolution, @regtile_conv2d_blocked blocks it as a GEMM).
  // What cannot be converted stays as it was.
  transform.named_sequence @regtile_convert_to_channels_last(
      %func: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    %pointwise = transform.collect_matching @regtile_match_convolution_like in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %pointwise : !transform.any_op {
    ^bb0(%c: !transform.any_op):
      transform.sequence %c : !transform.any_op failures(suppress) {
      ^bb1(%one: !transform.any_op):
        %gemm = transform.regtile.convert_pointwise_to_matmul %one
            : (!transform.any_op) -> !transform.any_op
      }
    }
    %like = transform.collect_matching @regtile_match_convolution_like in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %like : !transform.any_op {
    ^bb0(%c: !transform.any_op):
      transform.sequence %c : !transform.any_op failures(suppress) {
      ^bb1(%one: !transform.any_op):
        %nhwc, %t = transform.regtile.convert_to_channels_last %one
            : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      }
    }
    // Erases the transposes that folded away (and tells their handles).
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }

  // For functions that run many times on one filter (inference weights):
  // each dense convolution's filter, computed from an argument of `%func`
  // alone (the argument itself, or through reshapes and transposes: an
  // NCHW layer's FCHW filter), packed once ahead of the calls in blocks of
  // the register tile's output channels, by a function of its own,
  // @<f>__prepack (transform.regtile.prepack_filter; its transposes and
  // pack scheduled here); @<f> then takes the packed filter and
  // @regtile_conv2d reads each block in place instead of packing (and
  // transposing) it in every call. The module's calls of @<f> pack first;
  // a caller that runs @<f> on one filter many times calls @<f>__prepack
  // once. Include before @regtile_conv2d (or @regtile_schedule). A warning
  // names each dense convolution left as it was, and why (a filter
  // computed from more than one argument, a bf16 or u8 x s8 filter the
  // dot-product unit reads interleaved).
  transform.named_sequence @regtile_prepack_filters(
      %func: !transform.any_op {transform.readonly}) {
    // NCHW convolutions become NHWC ones first, as in
    // @regtile_conv2d_blocked, so that their filter's transpose moves into
    // @<f>__prepack.
    transform.include @regtile_convert_to_channels_last
        failures(propagate) (%func) : (!transform.any_op) -> ()
    %convs = transform.collect_matching @regtile_match_dense_convolution in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %convs : !transform.any_op {
    ^bb0(%conv: !transform.any_op):
      %prepack = transform.regtile.prepack_filter %conv {skip_with_warning}
          : (!transform.any_op) -> !transform.any_op
      // None where the filter was left as it was.
      transform.foreach %prepack : !transform.any_op {
      ^bb1(%p: !transform.any_op):
        %moved = transform.structured.match ops{["linalg.transpose"]} in %p
            : (!transform.any_op) -> !transform.any_op
        transform.include @regtile_block_transpose failures(propagate) (%moved)
            : (!transform.any_op) -> ()
        %packs = transform.structured.match ops{["linalg.pack"]} in %p
            : (!transform.any_op) -> !transform.any_op
        %loops = transform.regtile.pack_unpack_to_tile_copies %packs
            : (!transform.any_op) -> !transform.any_op
      }
    }
    // The input and output transposes of the converted convolutions (the
    // filters' moved into @<f>__prepack) stay for @regtile_conv2d, which
    // finds them by their mark once it has scheduled the convolutions.
    transform.yield
  }

  // Either of the two above (and what shares their first loops): the
  // convolutions in program order, so that each is scheduled before the
  // convolution that consumes it (else that one's fusion would pull it,
  // unscheduled, into its tiles).
  transform.named_sequence @regtile_match_convolution_like(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.conv_2d_nhwc_hwcf",
        "linalg.depthwise_conv_2d_nhwc_hwc", "linalg.conv_2d_nchw_fchw",
        "linalg.depthwise_conv_2d_nchw_chw", "linalg.generic"] : !transform.any_op
    %conv = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.dim %s[0, 1, 2, 3] {parallel} : !transform.any_op
      transform.match.structured.dim %s[4, 5] {reduction} : !transform.any_op
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %conv : !transform.any_op
  }

  // Every convolution of `%func` in program order: depthwise ones as
  // @regtile_block_depthwise_convolution says, the others
  // (linalg.conv_2d_nhwc_hwcf or the same as a linalg.generic), with their
  // elementwise consumer (ReLU) and their producers (a bias broadcast into
  // the output):
  //   for oc step channels:                         (the consumer's loops)
  //     F = filter[:, :, :, oc..] as [kh][ci][kw][channels]   (cache_read;
  //         a small 1x1 filter of few row tiles is read in place, see
  //         convolution_blocking; with one row tile across the width, as
  //         on 7 x 7 images, packed by the first row tile as it computes:
  //         fill_on_first_use_if_able)
  //     for n, oh, ow step rows:
  //   or, where the filter takes at most a third of L2
  //   (convolution_blocking's channels_innermost):
  //   for n:
  //     F = the whole filter as [oc / channels][kh][ci][kw][channels]
  //     for oh, ow step rows, oc step channels:
  //       acc[rows][channels / lanes] = bias vectors (or the output tile)
  //       for kh in the rows that reach the image:   (cache_reduce;
  //                                                   skip_padded_taps)
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
  // clamped rows in the same micro-kernel. A padded input (a producer
  // tensor.pad) is read in place by the tiles whose windows lie inside the
  // image; the tiles at its border pad a window of their own (two versions
  // of the tile's loops: version_padded_windows).
  transform.named_sequence @regtile_conv2d_blocked(
      %func: !transform.any_op {transform.readonly},
      %fixed_rows: !transform.param<i64> {transform.readonly},
      %fixed_channels: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly},
      %stage_filter: !transform.param<i64> {transform.readonly},
      %channels_innermost: !transform.param<i64> {transform.readonly}) {
    // NCHW convolutions as NHWC ones between transposes, or 1x1 ones as
    // GEMMs; what cannot be converted stays, and is reported below.
    transform.include @regtile_convert_to_channels_last
        failures(propagate) (%func) : (!transform.any_op) -> ()
    // The 1x1 ones made GEMMs: @regtile_matmul's blocking, their epilogue
    // on its register tiles, every size derived from the target.
    %gemms = transform.structured.match attributes{regtile.from_convolution} in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %gemms : !transform.any_op {
    ^bb0(%mm: !transform.any_op):
      %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
      %default_prefetch = transform.param.constant -1 : i64 -> !transform.param<i64>
      transform.include @regtile_block_gemm_epilogue failures(propagate)
          (%mm, %derive, %derive, %derive, %derive, %default_prefetch)
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    }
    %convs = transform.collect_matching @regtile_match_convolution_like in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %convs : !transform.any_op {
    ^bb0(%conv: !transform.any_op):
      %dense = transform.collect_matching @regtile_match_convolution in %conv
          : (!transform.any_op) -> !transform.any_op
      transform.foreach %dense : !transform.any_op {
      ^bb1(%c: !transform.any_op):
        transform.include @regtile_block_convolution failures(propagate)
            (%c, %fixed_rows, %fixed_channels, %prefetch, %stage_filter,
             %channels_innermost)
            : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
               !transform.param<i64>, !transform.param<i64>,
               !transform.param<i64>) -> ()
      }
      %depthwise = transform.collect_matching @regtile_match_depthwise_convolution in %conv
          : (!transform.any_op) -> !transform.any_op
      transform.foreach %depthwise : !transform.any_op {
      ^bb1(%c: !transform.any_op):
        transform.include @regtile_block_depthwise_convolution failures(propagate)
            (%c, %fixed_rows, %fixed_channels, %channels_innermost)
            : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
               !transform.param<i64>) -> ()
      }
    }
    // Those convert_to_channels_last added, here or before (in
    // @regtile_prepack_filters).
    %marked = transform.structured.match
        attributes{regtile.channels_last_transpose} in %func
        : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_transposes failures(propagate) (%marked)
        : (!transform.any_op) -> ()
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.regtile.fold_unpacked_tiles
    } : !transform.any_op
    transform.apply_cse to %func : !transform.any_op
    // An unpack left (a filter packed ahead of the call whose tiles are not
    // views of its blocks: output channels that are not a multiple of the
    // blocks, tiled across them): copied whole, as register tile copies.
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %func
        : (!transform.any_op) -> !transform.any_op
    %unpack_copies = transform.regtile.pack_unpack_to_tile_copies %unpacks
        : (!transform.any_op) -> !transform.any_op
    // Convolutions left (NCHW, a channel multiplier, ...): a warning each, with why,
    // instead of scalar loops without a word (after the canonicalization,
    // which erases the originals fusion left dead).
    transform.regtile.report_unscheduled %func {kinds = ["convolution"]} : !transform.any_op
    transform.yield
  }

  // One convolution (linalg.conv_2d_nhwc_hwcf or its generic), as above.
  transform.named_sequence @regtile_block_convolution(
      %conv: !transform.any_op {transform.readonly},
      %fixed_rows: !transform.param<i64> {transform.readonly},
      %fixed_channels: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly},
      %stage_filter: !transform.param<i64> {transform.readonly},
      %fixed_channels_innermost: !transform.param<i64> {transform.readonly}) {
    // %filter: the filter's operand, or -1 to read it in place.
    %root, %rows, %channels, %filter, %channels_innermost =
        transform.regtile.convolution_blocking %conv
        rows = %fixed_rows channels = %fixed_channels stage_filter = %stage_filter
        channels_innermost = %fixed_channels_innermost
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
            !transform.param<i64>, !transform.param<i64>)
    // One piece per thread, along the loop with the most register
    // tiles (the rows of a layer); each thread packs its own filter.
    %piece, %threads = transform.regtile.distribute_over_threads %root
        grains [1, 1, %rows, %channels] {max_loops = 1, fuse_producers}
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    // The tile loops; %staged: the loop whose iterations stage the filter
    // they read (all of it, or a block of channels).
    %tile, %staged, %ow = transform.tune.alternatives<"conv.channels_innermost">
        selected_region = %channels_innermost : !transform.param<i64>
        -> !transform.any_op, !transform.any_op, !transform.any_op {
      // The channel blocks outermost: a large filter, a block at a time.
      //                                                   n  oh  ow     oc
      %t, %oc, %n, %oh, %w = transform.structured.fuse %piece
          tile_sizes [1, 1, %rows, %channels] interchange [3, 0, 1, 2]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op,
              !transform.any_op, !transform.any_op)
      transform.yield %t, %oc, %w
          : !transform.any_op, !transform.any_op, !transform.any_op
    }, {
      // The channel blocks innermost: a filter that stays in L2, staged
      // whole per image; each row tile's input read once for all channels.
      %t, %n, %oh, %w, %oc = transform.structured.fuse %piece
          tile_sizes [1, 1, %rows, %channels]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op,
              !transform.any_op, !transform.any_op)
      transform.yield %t, %n, %w
          : !transform.any_op, !transform.any_op, !transform.any_op
    }
    // A filter packed ahead of the call (@regtile_prepack_filters): each
    // tile reads a block of it in place (also where one block covers all
    // the channels, and the unpack stays outside the tile loops).
    %in_func = transform.get_parent_op %tile {op_name = "func.func"}
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %in_func {
      transform.apply_patterns.regtile.fold_unpacked_tiles
    } : !transform.any_op
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
    %copy, %cache = transform.regtile.cache_read %reduced, %staged operand = %filter {interleave, fill_on_first_use_if_able}
        : (!transform.any_op, !transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    // Where the input is padded, the tiles whose windows lie inside the
    // image read it in place; the tiles at its border (a version of their
    // own) pad a window each, instead of all the input being copied into
    // a padded tensor first.
    %kh_border, %reduced_border = transform.regtile.version_padded_windows %ow
        clones(%kh, %reduced)
        : (!transform.any_op, !transform.any_op, !transform.any_op)
        -> (!transform.any_op, !transform.any_op)
    // The row tiles at the image's top and bottom run only the filter rows
    // that reach into it (the filter taken as finite, as oneDNN does); a
    // tile without padding has none to skip.
    transform.sequence %kh : !transform.any_op failures(suppress) {
    ^bb1(%k: !transform.any_op):
      transform.regtile.skip_padded_taps %k {assume_finite} : !transform.any_op
    }
    transform.sequence %kh_border : !transform.any_op failures(suppress) {
    ^bb1(%k: !transform.any_op):
      transform.regtile.skip_padded_taps %k {assume_finite} : !transform.any_op
    }
    %loop = transform.regtile.cache_reduce %reduced, %kh prefetch_ahead = %prefetch {allow_reassociation}
        : (!transform.any_op, !transform.any_op, !transform.param<i64>)
        -> !transform.any_op
    %border_loop = transform.regtile.cache_reduce %reduced_border, %kh_border prefetch_ahead = %prefetch {allow_reassociation}
        : (!transform.any_op, !transform.any_op, !transform.param<i64>)
        -> !transform.any_op
    // While a row of pixels computes, the input columns and the output
    // lines of the next one are fetched (regtile-lower-to-llvm).
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.annotate %ow "regtile.prefetch_ahead" = %one
        : !transform.any_op, !transform.param<i64>
    transform.yield
  }

  // One depthwise convolution (MobileNet's 3x3 layers), with its consumer
  // and producers as above:
  //   for n, oh, ow step rows, c step channels:      (the consumer's loops)
  //     acc[rows][channels / lanes] = bias vectors (or the output tile)
  //     for kh:                                       (cache_reduce)
  //       for kw: channels/lanes vectors of the filter, rows x channels/lanes
  //               input vectors (folded into the FMAs), as many FMAs
  //     store consumer(acc)                           (ReLU6 on registers)
  // The channels are the innermost tile loop (a row of tiles reads the
  // input and writes the output as contiguous pixel rows, and the rows it
  // shares with the next stay in L1), but where kh rows of the input, all
  // channels, overflow L1, the channels go in passes,
  //   for c0 step pass, n, oh, ow step rows, c step channels:
  // and a pass's input rows stay in L1 instead (convolution_blocking's
  // channels_innermost and pass_channels: as many blocks as fit in half of
  // L1; passes of one block only on a stride-1 layer that fits in L2; a
  // depthwise layer is bound by its bytes). The
  // filter, kh x kw x channels, is used as it is (no copy: a few lines,
  // L1-resident); the kw loop is too short to prefetch ahead in.
  transform.named_sequence @regtile_block_depthwise_convolution(
      %conv: !transform.any_op {transform.readonly},
      %fixed_rows: !transform.param<i64> {transform.readonly},
      %fixed_channels: !transform.param<i64> {transform.readonly},
      %fixed_channels_innermost: !transform.param<i64> {transform.readonly}) {
    %root, %rows, %channels, %filter, %inner, %pass = transform.regtile.convolution_blocking %conv
        rows = %fixed_rows channels = %fixed_channels
        channels_innermost = %fixed_channels_innermost
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>)
        -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
            !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // One piece per thread along the image (n, oh or ow), not the
    // channels: a thread's channel count would be known only at run time,
    // and so would the micro-kernel's vectors (masked versions; on Zen 5
    // a 14 x 14 x 576 layer ran 1.7x slower on two threads than on one).
    %piece, %threads = transform.regtile.distribute_over_threads %root
        grains [1, 1, %rows, 0] {max_loops = 1, fuse_producers}
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    // The tile loops (region 0: the channels in passes of %pass, each pass
    // a row-major walk of the image; 1: innermost); %inner_loop: the
    // innermost of them.
    %tile, %inner_loop = transform.tune.alternatives<"depthwise.channels_innermost">
        selected_region = %inner : !transform.param<i64>
        -> !transform.any_op, !transform.any_op {
      //                                                     c
      %p, %c0 = transform.structured.fuse %piece tile_sizes [0, 0, 0, %pass]
          : (!transform.any_op, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op)
      //                                                   n  oh  ow     c
      %t, %n, %oh, %ow, %c = transform.structured.fuse %p
          tile_sizes [1, 1, %rows, %channels]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op,
              !transform.any_op, !transform.any_op)
      transform.yield %t, %c : !transform.any_op, !transform.any_op
    }, {
      %t, %n, %oh, %ow, %c = transform.structured.fuse %piece
          tile_sizes [1, 1, %rows, %channels]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op,
              !transform.any_op, !transform.any_op)
      transform.yield %t, %c : !transform.any_op, !transform.any_op
    }
    %conv_tile = transform.collect_matching @regtile_match_depthwise_convolution in %inner_loop
        : (!transform.any_op) -> !transform.any_op
    %generic = transform.structured.generalize %conv_tile
        : (!transform.any_op) -> !transform.any_op
    //                                                                 n oh ow c kh kw
    %reduced, %kh = transform.structured.tile_using_for %generic tile_sizes [0, 0, 0, 0, 1, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // A padded input (a producer tensor.pad) read in place: its padded
    // copy would be a second pass over the input of a layer bound by its
    // bytes. The filter rows over the padding are skipped (the filter
    // taken as finite, as oneDNN does), so the rows read are inside the
    // image; once the reads are vectors, each pixel's read is proven
    // inside or is the padding, and only the pixels at the left and right
    // edges test their column (fold_padding_into_reads).
    transform.sequence %kh : !transform.any_op failures(suppress) {
    ^bb1(%k: !transform.any_op):
      transform.regtile.skip_padded_taps %k {assume_finite} : !transform.any_op
    }
    %loop = transform.regtile.cache_reduce %reduced, %kh {allow_reassociation, prefetch_ahead = 0}
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    // (Fusion leaves the thread piece's untiled op and its copy of the
    // padded piece dead in the piece.)
    %forall = transform.get_parent_op %inner_loop {op_name = "scf.forall"}
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %forall {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %forall : !transform.any_op
    %pads = transform.structured.match ops{["tensor.pad"]} in %forall
        : (!transform.any_op) -> !transform.any_op
    // A pad it cannot fold stays a padded copy of the piece, read by the
    // tiles, with a warning saying why.
    transform.regtile.fold_padding_into_reads %pads {skip_with_warning} : !transform.any_op
    transform.yield
  }

  // The transposes convert_to_channels_last added, once the convolutions
  // are scheduled: one of a convolution's result (NHWC -> NCHW) moves into
  // its tile loops, each tile written transposed while it is in L1
  // (transform.regtile.fuse_transpose_into_tiles; a separate pass after
  // the loops would read the result back from memory, by then evicted by
  // the filter); the others (of the inputs, or of a result not made by
  // tiles) are blocked by @regtile_block_transpose.
  transform.named_sequence @regtile_transposes(
      %transposes: !transform.any_op {transform.readonly}) {
    transform.foreach %transposes : !transform.any_op {
    ^bb0(%t: !transform.any_op):
      transform.sequence %t : !transform.any_op failures(suppress) {
      ^bb1(%one: !transform.any_op):
        %loop = transform.regtile.fuse_transpose_into_tiles %one
            : (!transform.any_op) -> !transform.any_op
      }
    }
    // The fused ones dropped out of %transposes.
    transform.foreach %transposes : !transform.any_op {
    ^bb0(%t: !transform.any_op):
      transform.include @regtile_block_transpose failures(propagate) (%t)
          : (!transform.any_op) -> ()
    }
    transform.yield
  }

  // A transpose convert_to_channels_last adds, (n, c, h*w) <-> (n, h*w, c)
  // (linalg.transpose [0, 2, 1]) or, for a filter, (f, c*kh*kw) ->
  // (c*kh*kw, f) ([1, 0]): 16 x 16 blocks through vector registers (a
  // vector.transpose, lowered to the AVX-512 shuffle network), masked at
  // the edges, the blocks split among the threads.
  transform.named_sequence @regtile_match_transpose_3d(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.transpose"] : !transform.any_op
    %t = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
      %three = transform.param.constant 3 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %rank, %three : !transform.param<i64>
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %t : !transform.any_op
  }
  transform.named_sequence @regtile_match_transpose_2d(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.transpose"] : !transform.any_op
    %t = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
      %two = transform.param.constant 2 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %rank, %two : !transform.param<i64>
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %t : !transform.any_op
  }
  transform.named_sequence @regtile_block_transpose(
      %t: !transform.any_op {transform.readonly}) {
    %t3 = transform.collect_matching @regtile_match_transpose_3d in %t
        : (!transform.any_op) -> !transform.any_op
    %t2 = transform.collect_matching @regtile_match_transpose_2d in %t
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %t3 : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      %piece, %threads = transform.regtile.distribute_over_threads %one
          grains [1, 16, 16] {max_loops = 1}
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %tiled, %l0, %l1, %l2 = transform.structured.tile_using_for %piece tile_sizes [1, 16, 16]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
                                    !transform.any_op, !transform.any_op)
      transform.structured.vectorize %tiled vector_sizes [1, 16, 16] : !transform.any_op
      // Masked transfers carry their mask (no vector.mask region for a
      // later canonicalization to put a cast into).
      transform.apply_patterns to %l0 {
        transform.apply_patterns.vector.lower_masked_transfers
      } : !transform.any_op
    }
    transform.foreach %t2 : !transform.any_op {
    ^bb0(%one: !transform.any_op):
      %piece, %threads = transform.regtile.distribute_over_threads %one
          grains [16, 16] {max_loops = 1}
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %tiled, %l0, %l1 = transform.structured.tile_using_for %piece tile_sizes [16, 16]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
                                    !transform.any_op)
      transform.structured.vectorize %tiled vector_sizes [16, 16] : !transform.any_op
      // Masked transfers carry their mask (no vector.mask region for a
      // later canonicalization to put a cast into).
      transform.apply_patterns to %l0 {
        transform.apply_patterns.vector.lower_masked_transfers
      } : !transform.any_op
    }
    transform.yield
  }
}
