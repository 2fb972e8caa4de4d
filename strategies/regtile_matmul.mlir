// regtile's strategy library: GEMM.
//
//   mlir-opt --load-dialect-plugin=libRegtilePlugin.so \
//            --load-pass-plugin=libRegtilePlugin.so payload.mlir \
//     -p 'builtin.module(transform-preload-library{transform-library-paths=strategies},
//                        transform-interpreter{entry-point=my_schedule},
//                        regtile-lower-to-llvm)'
//
// where @my_schedule declares and calls the strategy on a function:
//
//   transform.named_sequence @regtile_matmul(%f: !transform.any_op {transform.readonly})
//   transform.named_sequence @my_schedule(%root: !transform.any_op {transform.readonly}) {
//     %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "gemm"} in %root
//         : (!transform.any_op) -> !transform.any_op
//     transform.include @regtile_matmul failures(propagate) (%f) : (!transform.any_op) -> ()
//     transform.yield
//   }
//
// Nothing here depends on the payload but the op kinds: every size comes
// from transform.regtile.contraction_blocking (the target's registers and
// caches). @regtile_matmul_blocked takes the four sizes as parameters
// (0 = derive from the target), and how far ahead the micro-kernel
// prefetches the packed B panel (cache_reduce's prefetch_ahead, in K
// steps: -1 = derive from the target's FMA rate, 0 = not at all), for
// schedules that tune them:
//
//   %nc = transform.tune.knob<"gemm.nc"> = 0 from options = [0, 512, 1024, 2048]
//       -> !transform.param<i64>
//   %z = transform.param.constant 0 : i64 -> !transform.param<i64>
//   %pf = transform.param.constant -1 : i64 -> !transform.param<i64>
//   transform.include @regtile_matmul_blocked failures(propagate) (%f, %z, %z, %z, %nc, %pf)
//       : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
//          !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
module attributes {transform.with_named_sequence} {

  transform.named_sequence @regtile_matmul(%func: !transform.any_op {transform.readonly}) {
    %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
    %default_prefetch = transform.param.constant -1 : i64 -> !transform.param<i64>
    transform.include @regtile_matmul_blocked failures(propagate)
        (%func, %derive, %derive, %derive, %derive, %default_prefetch)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // Every linalg.matmul (on tensors; A and B in either layout through
  // indexing_maps: B is packed into row-major micro-panels either way) and
  // every linalg.batch_matmul (one batch at a time, with its elementwise
  // consumer, each batch then blocked as a matmul) of `%func`, static or
  // dynamic shapes (every tile is bounded by the blocking):
  //   for jc < N step nc:                 B block kc x nc in L2 or L3
  //     for pc < K step kc:
  //       Bc = pack B[pc.., jc..] as [nc/nr][kc][nr]    (cache_read), by
  //            the first row tile, each K step of a panel just before
  //            its micro-kernel reads it          (fill_on_first_use)
  //            (nothing when B is row-major and one panel wide, N = nr:
  //            already laid out so; unless_laid_out)
  //       for ir < M step mr:
  //         for jr < nc step nr:
  //           mr x nr tile of C in registers through   (cache_reduce)
  //           for k < kc: nr/lanes vector loads of Bc, mr broadcasts of A,
  //                       mr * nr/lanes FMAs
  // Edges (sizes that divide nothing) use masked B/C vectors and clamped A
  // rows in the same micro-kernel: no scalar loop. The GEMM's elementwise
  // consumer (bias, ReLU, GELU, ...) is computed on the register tiles of
  // the last K block (@regtile_block_gemm_epilogue).
  // bf16 on AVX-512 BF16, i8 x i8 in any signedness on AVX-512 VNNI or
  // AVX-VNNI (dot_product_group g = 2 or 4): K steps by g, Bc is [nc/nr][kc/g][nr][g]
  // (cache_read {interleave}, packed before the row loop), and each step is
  // one vdpbf16ps / vpdpbusd per accumulator (cache_reduce's dot form; s8 x
  // s8 and u8 x u8 with Bc flipped to the other signedness and 128 x A's
  // row sums subtracted / added). bf16 and s8 x s8 on a target with AMX:
  // each block's whole 32 x 32 tiles on the tile unit (amx_gemm_block: B's
  // part packed [N'/16][K'/g][16][g], 2 x 2 accumulator tiles through K
  // steps of 16 groups, tdpbf16ps / tdpbssd), the block's edges with the
  // micro-kernel above
  // (@regtile_block_gemm; the epilogue form keeps the micro-kernel).
  transform.named_sequence @regtile_matmul_blocked(
      %func: !transform.any_op {transform.readonly},
      %fixed_mr: !transform.param<i64> {transform.readonly},
      %fixed_nr: !transform.param<i64> {transform.readonly},
      %fixed_kc: !transform.param<i64> {transform.readonly},
      %fixed_nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly}) {
    // Elementwise consumer chains as one generic each (a bias add and a
    // GELU: one epilogue).
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    // Batch matmuls (A and B in either layout): batches over threads, then
    // one batch at a time, the elementwise consumer and the fill fused into
    // the batch loop; with its unit batch dim folded, each batch's piece is
    // a GEMM-shaped generic and its consumer, which the matmul code below
    // blocks (its own split over threads then gives one piece per thread
    // of the batch loop, or splits the rows or columns when the batches
    // took one thread: too few of them).
    %bmms = transform.structured.match ops{["linalg.batch_matmul"]} in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %bmms : !transform.any_op {
    ^bb0(%bmm: !transform.any_op):
      %root = transform.regtile.epilogue_root %bmm
          : (!transform.any_op) -> !transform.any_op
      %piece, %threads = transform.regtile.distribute_over_threads %root
          grains [1] {fuse_producers}
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %one, %batch = transform.structured.fuse %piece tile_sizes [1]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.apply_patterns to %batch {
        transform.apply_patterns.regtile.fold_unit_dims
      } : !transform.any_op
    }
    // Matmuls, and generics of the same structure (e.g. u8 x s8 -> i32,
    // the inputs widened differently, which no named op expresses).
    %named = transform.structured.match ops{["linalg.matmul"]} in %func
        : (!transform.any_op) -> !transform.any_op
    %generic = transform.collect_matching @regtile_match_gemm_generic in %func
        : (!transform.any_op) -> !transform.any_op
    %mms = transform.merge_handles %named, %generic : !transform.any_op
    // With an elementwise consumer: the consumer on the register tiles of
    // the last K block.
    %with_epilogue = transform.collect_matching @regtile_match_epilogue_consumer in %mms
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %with_epilogue : !transform.any_op {
    ^bb0(%mm: !transform.any_op):
      transform.include @regtile_block_gemm_epilogue failures(propagate)
          (%mm, %fixed_mr, %fixed_nr, %fixed_kc, %fixed_nc, %prefetch)
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    }
    // The others (those scheduled above are loops by now).
    %named_left = transform.structured.match ops{["linalg.matmul"]} in %func
        : (!transform.any_op) -> !transform.any_op
    %generic_left = transform.collect_matching @regtile_match_gemm_generic in %func
        : (!transform.any_op) -> !transform.any_op
    %plain = transform.merge_handles %named_left, %generic_left : !transform.any_op
    transform.foreach %plain : !transform.any_op {
    ^bb0(%mm: !transform.any_op):
      transform.include @regtile_block_gemm failures(propagate)
          (%mm, %fixed_mr, %fixed_nr, %fixed_kc, %fixed_nc, %prefetch)
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
             !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    }
    // Matrix-vector products, y[m] += A[m][k] x[k] with A row-major:
    // memory-bound, no register blocking to do. Rows over threads (pieces
    // of 24 rows), then each row's reduction in vector accumulators,
    // several rows at a time, x read once per step for them all
    // (reduce_to_vector_accumulator; FP sums reassociated).
    %mvs = transform.structured.match ops{["linalg.matvec"]} in %func
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %mvs : !transform.any_op {
    ^bb0(%mv: !transform.any_op):
      %rows, %threads = transform.regtile.distribute_over_threads %mv
          grains [24] {fuse_producers}
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %loop, %combine = transform.regtile.reduce_to_vector_accumulator %rows {allow_reassociation}
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.regtile.fold_whole_slices
    } : !transform.any_op
    transform.apply_cse to %func : !transform.any_op
    // Contractions left (a vecmat, more batch dims, ...): a warning each,
    // with why, instead of scalar loops without a word (after the
    // canonicalization, which erases ops left dead).
    transform.regtile.report_unscheduled %func {kinds = ["contraction"]} : !transform.any_op
    transform.yield
  }

  // A linalg.generic with a GEMM's loops: (m, n, k) parallel, parallel,
  // reduction, classified by upstream as one M, one N and one K dim in
  // that order (A indexed by m and k, B by k and n, C by m and n, in
  // either layout); its body is whatever the micro-kernel computes.
  transform.named_sequence @regtile_match_gemm_generic(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %m = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      transform.match.operation_name %s ["linalg.generic"] : !transform.any_op
      %nin = transform.match.structured.num_inputs %s
          : (!transform.any_op) -> !transform.param<i64>
      %two = transform.param.constant 2 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %nin, %two : !transform.param<i64>
      %rank = transform.match.structured.rank %s
          : (!transform.any_op) -> !transform.param<i64>
      %three = transform.param.constant 3 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %rank, %three : !transform.param<i64>
      %b, %dm, %dn, %dk = transform.match.structured.classify_contraction_dims %s
          : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>,
                                    !transform.param<i64>, !transform.param<i64>)
      %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
      %one = transform.param.constant 1 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %dm, %zero : !transform.param<i64>
      transform.match.param.cmpi eq %dn, %one : !transform.param<i64>
      transform.match.param.cmpi eq %dk, %two : !transform.param<i64>
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %m : !transform.any_op
  }

  // One GEMM-shaped op (a matmul or a generic of its structure): the
  // blocking and micro-kernel above, with its elementwise consumer (a bias
  // add, a ReLU, a GELU, ...: one linalg.generic, see fuse_elementwise)
  // computed on the register tiles of the last K block:
  //   for jc < N step nc:
  //     for pc < K - last step kc: (the K blocks but the last, as above)
  //     Bc = pack B[K - last.., jc..]
  //     for ir < M step mr:
  //       for jr < nc step nr:
  //         mr x nr tile of C in registers, from C (or the fill)
  //         for k in the last block: the micro-kernel
  //         store consumer(tile)       (the only store of the tile)
  transform.named_sequence @regtile_block_gemm_epilogue(
      %mm: !transform.any_op {transform.consumed},
      %fixed_mr: !transform.param<i64> {transform.readonly},
      %fixed_nr: !transform.param<i64> {transform.readonly},
      %fixed_kc: !transform.param<i64> {transform.readonly},
      %fixed_nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly}) {
    %mr, %nr, %kc, %nc = transform.regtile.contraction_blocking %mm
        mr = %fixed_mr nr = %fixed_nr kc = %fixed_kc nc = %fixed_nc
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.param<i64>, !transform.param<i64>,
            !transform.param<i64>, !transform.param<i64>)
    %g = transform.regtile.dot_product_group %mm
        : (!transform.any_op) -> !transform.param<i64>
    // The last K block apart (regtile.reduction_tail), the blocks before
    // it (regtile.reduction_head, none when K fits in one): only the
    // tail's tiles hold final values.
    %head, %tail = transform.regtile.peel_reduction_block %mm block = %kc
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    %root = transform.regtile.epilogue_root %tail
        : (!transform.any_op) -> !transform.any_op
    %piece, %threads = transform.regtile.distribute_over_threads %root
        grains [%mr, %nr] {max_loops = 1, fuse_producers}
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    %block, %jc = transform.structured.fuse %piece tile_sizes [0, %nc]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    %heads = transform.structured.match attributes{regtile.reduction_head} in %jc
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %heads : !transform.any_op {
    ^bb0(%h: !transform.any_op):
      %blocks, %pc = transform.structured.tile_using_for %h tile_sizes [0, 0, %kc]
          : (!transform.any_op, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op)
      %micro, %ir, %jr, %k = transform.structured.tile_using_for %blocks tile_sizes [%mr, %nr, %g]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, fill_on_first_use, interleave, unless_laid_out}
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %loop = transform.regtile.cache_reduce %micro, %k prefetch_ahead = %prefetch {prefetch_next_streams, allow_reassociation}
          : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> !transform.any_op
    }
    // The root's register tiles, the tail fused into them (its init, the
    // heads' result, is a loop's by now: not fused).
    %tile, %ir, %jr = transform.structured.fuse %block tile_sizes [%mr, %nr]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tails = transform.structured.match attributes{regtile.reduction_tail} in %ir
        : (!transform.any_op) -> !transform.any_op
    %micro, %k = transform.structured.tile_using_for %tails tile_sizes [0, 0, %g]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    %copy, %cache = transform.regtile.cache_read %micro, %jc {operand = 1, fill_on_first_use, interleave, unless_laid_out}
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %loop = transform.regtile.cache_reduce %micro, %k prefetch_ahead = %prefetch {prefetch_next_streams, allow_reassociation}
        : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }

  // A GEMM whose result's one user is a linalg.generic of parallel loops
  // only (an elementwise consumer: epilogue_root checks the rest).
  transform.named_sequence @regtile_match_epilogue_consumer(
      %op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %m = transform.match.structured failures(propagate) %op
        : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %user = transform.match.structured.result %s[0] {single}
          : (!transform.any_op) -> !transform.any_op
      transform.match.operation_name %user ["linalg.generic"] : !transform.any_op
      transform.match.structured %user : !transform.any_op {
      ^bb1(%u: !transform.any_op):
        transform.match.structured.dim %u[all] {parallel} : !transform.any_op
      }
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %m : !transform.any_op
  }

  // One GEMM-shaped op (a matmul or a generic of its structure): the
  // blocking and micro-kernel above.
  transform.named_sequence @regtile_block_gemm(
      %mm: !transform.any_op {transform.consumed},
      %fixed_mr: !transform.param<i64> {transform.readonly},
      %fixed_nr: !transform.param<i64> {transform.readonly},
      %fixed_kc: !transform.param<i64> {transform.readonly},
      %fixed_nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly}) {
    %mr, %nr, %kc, %nc = transform.regtile.contraction_blocking %mm
        mr = %fixed_mr nr = %fixed_nr kc = %fixed_kc nc = %fixed_nc
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>)
        -> (!transform.param<i64>, !transform.param<i64>,
            !transform.param<i64>, !transform.param<i64>)
    %g = transform.regtile.dot_product_group %mm
        : (!transform.any_op) -> !transform.param<i64>
    %piece, %threads = transform.regtile.distribute_over_threads %mm grains [%mr, %nr, 0] {max_loops = 1}
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    %block, %jc, %pc = transform.structured.tile_using_for %piece tile_sizes [0, %nc, %kc]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // bf16 and s8 x s8 on a target with AMX: the block's whole 32 x 32
    // tiles on the tile unit, B's part packed for it; the edges (all of the
    // block elsewhere) with the vector micro-kernel below.
    %amx, %amx_pack, %edges = transform.regtile.amx_gemm_block %block {where_available}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %amx_copies = transform.regtile.pack_unpack_to_tile_copies %amx_pack
        : (!transform.any_op) -> !transform.any_op
    transform.foreach %edges : !transform.any_op {
    ^bb0(%edge: !transform.any_op):
      %micro, %ir, %jr, %k = transform.structured.tile_using_for %edge tile_sizes [%mr, %nr, %g]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %copy, %cache = transform.regtile.cache_read %micro, %pc {operand = 1, fill_on_first_use, interleave, unless_laid_out}
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %loop = transform.regtile.cache_reduce %micro, %k prefetch_ahead = %prefetch {prefetch_next_streams, allow_reassociation}
          : (!transform.any_op, !transform.any_op, !transform.param<i64>) -> !transform.any_op
    }
    transform.yield
  }
}
