// contraction_blocking with sizes fixed by parameters (tuning knobs): the
// fixed ones are taken, the others derived from them (znver4: 32 zmm, L1d
// 32 KiB, L2 1 MiB, 4 MiB of L3 per core: B blocks of 2 MiB; f32, 16 lanes):
//   nc = 1024            -> 6 x 64, kc 1024 (from mr 6), nc 1024;
//   mr = 8, nr = 32      -> kc = pow2 <= 24576 / (8 * 4) = 512, nc = 2 MiB / (512 * 4) = 1024;
//   nr = 48 (3 vectors)  -> mr = (32 - 3 - 1) / 3 = 9, kc 512, nc = 1024 rounded to 48: 1008;
//   every knob 0         -> the derived blocking (6 x 64, 1024, 512).
// RUN: %regtile-opt %s --transform-interpreter --verify-diagnostics

func.func @f32(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %p0 = transform.param.constant 0 : i64 -> !transform.param<i64>
    %p8 = transform.param.constant 8 : i64 -> !transform.param<i64>
    %p32 = transform.param.constant 32 : i64 -> !transform.param<i64>
    %p48 = transform.param.constant 48 : i64 -> !transform.param<i64>
    %p1024 = transform.param.constant 1024 : i64 -> !transform.param<i64>

    %a:4 = transform.regtile.contraction_blocking %m nc = %p1024 {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %a#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 64 : i64}}
    transform.debug.emit_param_as_remark %a#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %a#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 1024 : i64}}
    transform.debug.emit_param_as_remark %a#3, "nc" : !transform.param<i64>

    %b:4 = transform.regtile.contraction_blocking %m mr = %p8 nr = %p32 {arch = "znver4"} : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 8 : i64}}
    transform.debug.emit_param_as_remark %b#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 32 : i64}}
    transform.debug.emit_param_as_remark %b#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 512 : i64}}
    transform.debug.emit_param_as_remark %b#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 1024 : i64}}
    transform.debug.emit_param_as_remark %b#3, "nc" : !transform.param<i64>

    %c:4 = transform.regtile.contraction_blocking %m nr = %p48 {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 9 : i64}}
    transform.debug.emit_param_as_remark %c#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 48 : i64}}
    transform.debug.emit_param_as_remark %c#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 512 : i64}}
    transform.debug.emit_param_as_remark %c#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 1008 : i64}}
    transform.debug.emit_param_as_remark %c#3, "nc" : !transform.param<i64>

    %d:4 = transform.regtile.contraction_blocking %m mr = %p0 nr = %p0 kc = %p0 nc = %p0 {arch = "znver4"} : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %d#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 64 : i64}}
    transform.debug.emit_param_as_remark %d#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %d#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 512 : i64}}
    transform.debug.emit_param_as_remark %d#3, "nc" : !transform.param<i64>
    transform.yield
  }
}
