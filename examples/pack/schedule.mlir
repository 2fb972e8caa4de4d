// Schedules for pack.mlir (pick one with
// transform-interpreter{entry-point=...}):
//   @pack_regtile             transform.regtile.pack_unpack_to_tile_copies
//                             on each thread's piece (@split_packs),
//                             with knobs (register budget, store kind:
//                             cached as shipped);
//   @pack_regtile_prefetch    the same, with prefetches for write 4096 bytes
//                             ahead of the stores (loops annotated
//                             regtile.prefetch_stores): destination lines
//                             are read for ownership before the stores
//                             need them;
//   @pack_regtile_streaming   the same, with streaming (non-temporal) stores:
//                             the loops are annotated regtile.streaming_stores,
//                             which regtile-lower-to-llvm turns into
//                             non-temporal stores behind a runtime alignment
//                             check. For packs whose result is not read
//                             again while still in cache (large packs, or a
//                             pack done ahead of the kernel that uses it);
//   @pack_upstream_lower      upstream lower_pack / lower_unpack (pad +
//                             reshape + linalg.transpose over the whole
//                             tensor), the transpose tiled per 32x32 tile and
//                             vectorized;
//   @pack_upstream_tiled      upstream tile-then-vectorize: pack/unpack
//                             tiled to one tile per iteration, each tile's
//                             op vectorized.
module attributes {transform.with_named_sequence} {
  // The packs and unpacks of the module, each split over threads (the
  // count read when the kernel runs), in pieces of whole tiles (a pack's
  // loops count tiles, an unpack's elements; the example's tiles are
  // 32x32): a pack along its loop with the most tiles, an unpack along the
  // destination's rows (a piece that cut its rows would leave the copies'
  // stores a dynamic row length: masked stores, measured 2x slower).
  // Kernels too small to pay for a fork stay serial (minBytesPerThread).
  transform.named_sequence @split_packs(%root: !transform.any_op {transform.readonly})
      -> !transform.any_op {
    %packs = transform.structured.match ops{["linalg.pack"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %pack_pieces, %f1 = transform.regtile.distribute_over_threads %packs
        grains [1, 1] {max_loops = 1}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %unpack_pieces, %f2 = transform.regtile.distribute_over_threads %unpacks
        grains [32, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %pieces = transform.merge_handles %pack_pieces, %unpack_pieces : !transform.any_op
    transform.yield %pieces : !transform.any_op
  }

  // Tunable (regtile-tune): the register budget of a block, the tiles a
  // group of source rows covers and the kind of stores (the two entries
  // below fix the latter); as shipped, the target-derived budget and group
  // and cached stores.
  transform.named_sequence @pack_regtile(
      %root: !transform.any_op {transform.readonly}) {
    %ops = transform.include @split_packs failures(propagate) (%root)
        : (!transform.any_op) -> !transform.any_op
    %regs = transform.tune.knob<"pack.max_registers"> = 0 from options = [0, 4, 8, 24]
        -> !transform.param<i64>
    %group = transform.tune.knob<"pack.tiles_per_group"> = 0 from options = [0, 2, 4, 8, 1024]
        -> !transform.param<i64>
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops max_registers = %regs
        tiles_per_group = %group
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> !transform.any_op
    transform.tune.alternatives<"pack.stores"> selected_region = 0 {
      // Cached stores.
      transform.yield
    }, {
      %ahead = transform.param.constant 4096 : i64 -> !transform.param<i64>
      transform.annotate %loops "regtile.prefetch_stores" = %ahead
          : !transform.any_op, !transform.param<i64>
    }, {
      transform.annotate %loops "regtile.streaming_stores" : !transform.any_op
    }
    transform.yield
  }

  transform.named_sequence @pack_regtile_prefetch(
      %root: !transform.any_op {transform.readonly}) {
    %ops = transform.include @split_packs failures(propagate) (%root)
        : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops
        : (!transform.any_op) -> !transform.any_op
    %ahead = transform.param.constant 4096 : i64 -> !transform.param<i64>
    transform.annotate %loops "regtile.prefetch_stores" = %ahead
        : !transform.any_op, !transform.param<i64>
    transform.yield
  }

  transform.named_sequence @pack_regtile_streaming(
      %root: !transform.any_op {transform.readonly}) {
    %ops = transform.include @split_packs failures(propagate) (%root)
        : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops
        : (!transform.any_op) -> !transform.any_op
    transform.annotate %loops "regtile.streaming_stores" : !transform.any_op
    transform.yield
  }

  transform.named_sequence @pack_upstream_lower(
      %root: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["linalg.pack"]} in %root
        : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.foreach %packs : !transform.op<"linalg.pack"> {
    ^bb0(%p: !transform.op<"linalg.pack">):
      %pad, %expand, %transpose = transform.structured.lower_pack %p
          : (!transform.op<"linalg.pack">)
          -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">,
              !transform.op<"linalg.transpose">)
      transform.include @vectorize_transpose_tiles failures(propagate) (%transpose)
          : (!transform.op<"linalg.transpose">) -> ()
    }
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %root
        : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.foreach %unpacks : !transform.op<"linalg.unpack"> {
    ^bb0(%u: !transform.op<"linalg.unpack">):
      %e, %t, %c, %x = transform.structured.lower_unpack %u
          : (!transform.op<"linalg.unpack">)
          -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">,
              !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
      transform.include @vectorize_transpose_tiles failures(propagate) (%t)
          : (!transform.op<"linalg.transpose">) -> ()
    }
    transform.yield
  }

  // The whole-tensor transpose that lower_pack/lower_unpack leave, tiled so
  // that each iteration moves one 32x32 tile, then vectorized.
  transform.named_sequence @vectorize_transpose_tiles(
      %t: !transform.op<"linalg.transpose"> {transform.consumed}) {
    %tiled, %l0, %l1 = transform.structured.tile_using_for %t tile_sizes [1, 1, 0, 0]
        : (!transform.op<"linalg.transpose">)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tiled : !transform.any_op
    transform.yield
  }

  transform.named_sequence @pack_upstream_tiled(
      %root: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["linalg.pack"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %packs : !transform.any_op {
    ^bb0(%p: !transform.any_op):
      %f = transform.get_parent_op %p {op_name = "func.func"}
          : (!transform.any_op) -> !transform.any_op
      %tiled, %l0, %l1 = transform.structured.tile_using_for %p tile_sizes [1, 1]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      // Tiles with dynamic sizes (the padded case's edges) are not
      // vectorized upstream; upstream's decomposition of single-tile packs
      // takes them instead.
      transform.sequence %tiled : !transform.any_op failures(suppress) {
      ^bb0(%t: !transform.any_op):
        transform.structured.vectorize %t : !transform.any_op
      }
      transform.apply_patterns to %f {
        transform.apply_patterns.linalg.decompose_pack_unpack
      } : !transform.any_op
    }
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %unpacks : !transform.any_op {
    ^bb0(%u: !transform.any_op):
      %tiled, %l0, %l1 = transform.structured.tile_using_for %u tile_sizes [32, 32]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.structured.vectorize %tiled : !transform.any_op
    }
    transform.yield
  }
}
