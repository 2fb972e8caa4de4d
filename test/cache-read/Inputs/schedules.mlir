// Schedules of exec.mlir over examples/gemm/gemm.mlir (@matmul: C = A * B).
module attributes {transform.with_named_sequence} {
  // B packed per (NC, KC) block into micro-panels, A per 6-row block, the
  // register tile by cache_reduce: the GEMM structure of @regtile_matmul
  // with small blocks so that every loop has several iterations.
  // The register tile is 6 x NR: two native vectors of f32 per row (32 with
  // AVX-512, 16 with AVX2; exec.mlir picks the entry of the host's ISA).
  transform.named_sequence @packed_avx512(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 32 : i64 -> !transform.param<i64>
    transform.include @packed failures(propagate) (%root, %nr) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_avx2(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 16 : i64 -> !transform.param<i64>
    transform.include @packed failures(propagate) (%root, %nr) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed(%root: !transform.any_op {transform.readonly},
                                   %nr: !transform.param<i64> {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 96, 40] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, %nr, 1] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ca, %ba = transform.regtile.cache_read %t2, %ir {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %mk : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
  // K steps of 4 (panels of 4 x 32 tiles, A blocks of 6 x 4), B at the
  // K-block loop, A at the N-panel loop, the op itself (no cache_reduce).
  transform.named_sequence @packed_k4(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 24] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %jr, %ir, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, 32, 4] interchange = [1, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ca, %ba = transform.regtile.cache_read %t2, %jr {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  // @packed with B filled on first use: by the first row tile (%ir), each
  // K step of a panel just before the micro-kernel reads it.
  transform.named_sequence @packed_fill_avx512(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 32 : i64 -> !transform.param<i64>
    %nc = transform.param.constant 96 : i64 -> !transform.param<i64>
    transform.include @packed_fill failures(propagate) (%root, %nr, %nc) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_fill_avx2(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 16 : i64 -> !transform.param<i64>
    %nc = transform.param.constant 96 : i64 -> !transform.param<i64>
    transform.include @packed_fill failures(propagate) (%root, %nr, %nc) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  // Panels one register tile wide (nc = nr): one micro-panel per cache.
  transform.named_sequence @packed_fill_one_panel_avx512(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 32 : i64 -> !transform.param<i64>
    transform.include @packed_fill failures(propagate) (%root, %nr, %nr) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_fill_one_panel_avx2(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 16 : i64 -> !transform.param<i64>
    transform.include @packed_fill failures(propagate) (%root, %nr, %nr) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_fill(%root: !transform.any_op {transform.readonly},
                                        %nr: !transform.param<i64> {transform.readonly},
                                        %nc: !transform.param<i64> {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant 40 : i64 -> !transform.param<i64>
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, %nc, %k] : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, %nr, 1] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1, fill_on_first_use} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ca, %ba = transform.regtile.cache_read %t2, %ir {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %mk : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
  // As @packed_fill with panels one register tile wide, B not staged where
  // it is laid out as its cache would be (N = nr: unless_laid_out).
  transform.named_sequence @packed_in_place_avx512(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 32 : i64 -> !transform.param<i64>
    transform.include @packed_in_place failures(propagate) (%root, %nr) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_in_place_avx2(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 16 : i64 -> !transform.param<i64>
    transform.include @packed_in_place failures(propagate) (%root, %nr) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_in_place(%root: !transform.any_op {transform.readonly},
                                            %nr: !transform.param<i64> {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant 40 : i64 -> !transform.param<i64>
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, %nr, %k] : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, %nr, 1] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1, fill_on_first_use, unless_laid_out} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ca, %ba = transform.regtile.cache_read %t2, %ir {operand = 0} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %mk : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
  // Dense caches of B per K block.
  transform.named_sequence @dense(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t2, %jr = transform.structured.tile_using_for %t1 tile_sizes [0, 16, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1, dense} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  // @packed with the tile added after the K loop (add_at_end).
  transform.named_sequence @packed_add_at_end_avx512(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 32 : i64 -> !transform.param<i64>
    transform.include @packed_add_at_end failures(propagate) (%root, %nr) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_add_at_end_avx2(%root: !transform.any_op {transform.readonly}) {
    %nr = transform.param.constant 16 : i64 -> !transform.param<i64>
    transform.include @packed_add_at_end failures(propagate) (%root, %nr) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
  transform.named_sequence @packed_add_at_end(%root: !transform.any_op {transform.readonly},
                                              %nr: !transform.param<i64> {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 96, 40] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %ir, %jr, %mk = transform.structured.tile_using_for %t1 tile_sizes [6, %nr, 1] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %bb = transform.regtile.cache_read %t2, %pc {operand = 1} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %mk {add_at_end, allow_reassociation} : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
