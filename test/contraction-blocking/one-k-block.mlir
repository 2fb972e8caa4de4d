// contraction_blocking takes the whole reduction as one K block (kc = K) when
// K is more than the L1 depth (1024 for 6 x 64 f32 tiles in 48 or 32 KiB
// of L1) but at most twice it, and a K x nr panel of B fits half of L2: the
// C tiles then never go back to memory between K blocks. nc follows from
// kc as before (the B block budget / (kc * 4), a multiple of nr, at least
// nr):
//   znver5 (L2 1 MiB: 512 KiB for B), 6 x 64:
//     K 2048 -> kc 2048 (2048 * 64 * 4 = 512 KiB), nc 64;
//     K 1100 -> kc 1100, nc = 524288 / 4400 = 119 -> 64;
//     K 4096 -> kc 1024 (one block would be 4x the L1 depth), nc 128;
//     K 1024 -> kc 1024 (already one block), nc 128;
//     K dynamic -> kc 1024, nc 128;
//     K 2048 with kc fixed to 512 -> kc 512 (fixed sizes are taken as given);
//   znver4 (B block 2 MiB from L3): K 2048 -> kc 2048, nc 256;
//   haswell (L2 256 KiB: 128 KiB for B), 6 x 16:
//     K 2048 -> kc 2048 (2048 * 16 * 4 = 128 KiB), nc 16 (= nr);
//   linalg.batch_matmul, K 2048 on znver5: kc 2048 (the one reduction loop);
//   a generic with two reduction loops (2048 and 1): K unknown, kc 1024.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter --verify-diagnostics

func.func @k2048(%a: tensor<8x2048xf32>, %b: tensor<2048x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x2048xf32>, tensor<2048x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %a:4 = transform.regtile.contraction_blocking %m {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 2048 : i64}}
    transform.debug.emit_param_as_remark %a#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 64 : i64}}
    transform.debug.emit_param_as_remark %a#3, "nc" : !transform.param<i64>
    %b:4 = transform.regtile.contraction_blocking %m {arch = "znver4"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 2048 : i64}}
    transform.debug.emit_param_as_remark %b#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 256 : i64}}
    transform.debug.emit_param_as_remark %b#3, "nc" : !transform.param<i64>
    %c:4 = transform.regtile.contraction_blocking %m {arch = "haswell"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{nr 16 : i64}}
    transform.debug.emit_param_as_remark %c#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 2048 : i64}}
    transform.debug.emit_param_as_remark %c#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 16 : i64}}
    transform.debug.emit_param_as_remark %c#3, "nc" : !transform.param<i64>
    %p512 = transform.param.constant 512 : i64 -> !transform.param<i64>
    %d:4 = transform.regtile.contraction_blocking %m kc = %p512 {arch = "znver5"} : (!transform.any_op, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 512 : i64}}
    transform.debug.emit_param_as_remark %d#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 256 : i64}}
    transform.debug.emit_param_as_remark %d#3, "nc" : !transform.param<i64>
    transform.yield
  }
}

// -----

func.func @k1100(%a: tensor<8x1100xf32>, %b: tensor<1100x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x1100xf32>, tensor<1100x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %a:4 = transform.regtile.contraction_blocking %m {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1100 : i64}}
    transform.debug.emit_param_as_remark %a#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 64 : i64}}
    transform.debug.emit_param_as_remark %a#3, "nc" : !transform.param<i64>
    transform.yield
  }
}

// -----

func.func @k4096(%a: tensor<8x4096xf32>, %b: tensor<4096x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x4096xf32>, tensor<4096x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
func.func @k1024(%a: tensor<8x1024xf32>, %b: tensor<1024x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x1024xf32>, tensor<1024x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
func.func @kdyn(%a: tensor<8x?xf32>, %b: tensor<?x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x?xf32>, tensor<?x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @blocks(%f: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %a:4 = transform.regtile.contraction_blocking %m {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %a#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 128 : i64}}
    transform.debug.emit_param_as_remark %a#3, "nc" : !transform.param<i64>
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f4096 = transform.structured.match ops{["func.func"]} attributes{sym_name = "k4096"} in %root : (!transform.any_op) -> !transform.any_op
    %f1024 = transform.structured.match ops{["func.func"]} attributes{sym_name = "k1024"} in %root : (!transform.any_op) -> !transform.any_op
    %fdyn = transform.structured.match ops{["func.func"]} attributes{sym_name = "kdyn"} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @blocks failures(propagate) (%f4096) : (!transform.any_op) -> ()
    transform.include @blocks failures(propagate) (%f1024) : (!transform.any_op) -> ()
    transform.include @blocks failures(propagate) (%fdyn) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

func.func @batch(%a: tensor<2x8x2048xf32>, %b: tensor<2x2048x8xf32>, %c: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x8x2048xf32>, tensor<2x2048x8xf32>) outs(%c : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  return %r : tensor<2x8x8xf32>
}
#in = affine_map<(m, n, k1, k2) -> (m, k1, k2)>
#w = affine_map<(m, n, k1, k2) -> (k1, k2, n)>
#out = affine_map<(m, n, k1, k2) -> (m, n)>
func.func @two_reductions(%a: tensor<8x2048x1xf32>, %b: tensor<2048x1x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.generic {indexing_maps = [#in, #w, #out],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : tensor<8x2048x1xf32>, tensor<2048x1x8xf32>) outs(%c : tensor<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %bm = transform.structured.match ops{["linalg.batch_matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %a:4 = transform.regtile.contraction_blocking %bm {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 2048 : i64}}
    transform.debug.emit_param_as_remark %a#2, "kc" : !transform.param<i64>
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %b:4 = transform.regtile.contraction_blocking %g {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %b#2, "kc" : !transform.param<i64>
    transform.yield
  }
}
