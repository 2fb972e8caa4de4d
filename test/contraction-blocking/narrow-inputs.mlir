// The cache blocks count the inputs' bytes, not the accumulators': an i8
// or bf16 GEMM's B block (kc x nc) holds 4x or 2x the elements of an f32
// one in the same bytes (znver4: kc 1024 whatever the type, the A sliver
// 6 x 1024 within three quarters of L1 in all three; nc 512 for f32, 1024
// for bf16, 2048 for i8: the same 2 MiB block). Whether L3 feeds such a
// block counts the bytes of a micro-kernel step: a vpdpbusd step reads 4
// i8 per lane, a vdpbf16ps step 2 bf16, as an f32 FMA reads one f32. On
// znver5 (two per cycle: 21.3 bytes per cycle of B) every type takes half
// of L2, 512 KiB (nc 128 f32, 256 bf16, 512 i8); counted per element, i8
// and bf16 took 2 MiB (nc 2048) there, 0.92x oneDNN at 2048^3.
// RUN: %regtile-opt %s --transform-interpreter --verify-diagnostics

func.func @bf16(%a: tensor<8x8xbf16>, %b: tensor<8x8xbf16>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xbf16>, tensor<8x8xbf16>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
func.func @i8(%a: tensor<8x8xi8>, %b: tensor<8x8xi8>, %c: tensor<8x8xi32>) -> tensor<8x8xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xi8>, tensor<8x8xi8>) outs(%c : tensor<8x8xi32>) -> tensor<8x8xi32>
  return %r : tensor<8x8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fbf = transform.structured.match ops{["func.func"]} attributes{sym_name = "bf16"} in %root : (!transform.any_op) -> !transform.any_op
    %fi8 = transform.structured.match ops{["func.func"]} attributes{sym_name = "i8"} in %root : (!transform.any_op) -> !transform.any_op
    %mbf = transform.structured.match ops{["linalg.matmul"]} in %fbf : (!transform.any_op) -> !transform.any_op
    %mi8 = transform.structured.match ops{["linalg.matmul"]} in %fi8 : (!transform.any_op) -> !transform.any_op
    %a:4 = transform.regtile.contraction_blocking %mbf {arch = "znver4"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %a#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 64 : i64}}
    transform.debug.emit_param_as_remark %a#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %a#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 1024 : i64}}
    transform.debug.emit_param_as_remark %a#3, "nc" : !transform.param<i64>
    %b:4 = transform.regtile.contraction_blocking %mi8 {arch = "znver4"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %b#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 2048 : i64}}
    transform.debug.emit_param_as_remark %b#3, "nc" : !transform.param<i64>
    %c:4 = transform.regtile.contraction_blocking %mbf {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %c#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 256 : i64}}
    transform.debug.emit_param_as_remark %c#3, "nc" : !transform.param<i64>
    %d:4 = transform.regtile.contraction_blocking %mi8 {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %d#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 512 : i64}}
    transform.debug.emit_param_as_remark %d#3, "nc" : !transform.param<i64>
    transform.yield
  }
}
