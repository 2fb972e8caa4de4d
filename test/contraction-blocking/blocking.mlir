// transform.regtile.contraction_blocking derives the register tile from the
// register file and the cache blocks from the cache sizes of the target
// (explicit CPUs here, so the test does not depend on the machine). The B
// block (kc x nc) takes half of L2; on AMD Zen, whose L3 fills L2 at 32
// bytes per cycle, it takes L2 or half the core's share of L3, the larger,
// when the micro-kernel's B stream at the FMA peak (nr x 4 bytes per
// mr x nr / lanes FMAs) needs at most half of that:
//   znver4          32 zmm, L1d 32 KiB, L2 1 MiB, L3 4 MiB/core, 1 zmm FMA/cycle:
//                   6 x 64, B 10.7 B/cycle: kc 1024, nc 512 (2 MiB, from L3)
//   znver5          32 zmm, L1d 48 KiB, L2 1 MiB, 2 zmm FMAs/cycle:
//                   6 x 64, B 21.3 B/cycle: kc 1024, nc 128 (half of L2)
//   znver5 AVX2     16 ymm, 2 ymm FMAs/cycle: 6 x 16, B 10.7 B/cycle: nc 512
//   sapphirerapids  32 zmm, L1d 48 KiB, L2 2 MiB: 6 x 64, kc 1024, nc 256 (half of L2)
//   graniterapids   32 zmm, L1d 48 KiB, L2 2 MiB, L3 4 MiB/core: kc 1024, nc 256 (half of L2)
//   icelake-server  32 zmm, L1d 48 KiB, L2 1.25 MiB: 6 x 64, kc 1024, nc 128 (half of L2: 160, to a multiple of 64)
//   haswell         16 ymm, L1d 32 KiB, L2 256 KiB: 6 x 16, kc 1024, nc 32 (half of L2)
//   znver3          16 ymm, L1d 32 KiB, L2 512 KiB, L3 4 MiB/core: 6 x 16, kc 1024, nc 512
//   f64 on znver4   8 lanes, 8 bytes: 6 x 32, kc 512, nc 512
// RUN: %regtile-opt %s --transform-interpreter --verify-diagnostics

func.func @f32(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
func.func @f64(%a: tensor<8x8xf64>, %b: tensor<8x8xf64>, %c: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf64>, tensor<8x8xf64>) outs(%c : tensor<8x8xf64>) -> tensor<8x8xf64>
  return %r : tensor<8x8xf64>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f32 = transform.structured.match ops{["func.func"]} attributes{sym_name = "f32"} in %root : (!transform.any_op) -> !transform.any_op
    %f64 = transform.structured.match ops{["func.func"]} attributes{sym_name = "f64"} in %root : (!transform.any_op) -> !transform.any_op
    %m32 = transform.structured.match ops{["linalg.matmul"]} in %f32 : (!transform.any_op) -> !transform.any_op
    %m64 = transform.structured.match ops{["linalg.matmul"]} in %f64 : (!transform.any_op) -> !transform.any_op
    %a:4 = transform.regtile.contraction_blocking %m32 {arch = "znver4"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %a#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 64 : i64}}
    transform.debug.emit_param_as_remark %a#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %a#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 512 : i64}}
    transform.debug.emit_param_as_remark %a#3, "nc" : !transform.param<i64>
    %b:4 = transform.regtile.contraction_blocking %m32 {arch = "znver5"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %b#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 64 : i64}}
    transform.debug.emit_param_as_remark %b#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %b#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 128 : i64}}
    transform.debug.emit_param_as_remark %b#3, "nc" : !transform.param<i64>
    %b2:4 = transform.regtile.contraction_blocking %m32 {arch = "znver5,-avx512f"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{nr 16 : i64}}
    transform.debug.emit_param_as_remark %b2#1, "nr" : !transform.param<i64>
    // expected-remark @below {{nc 512 : i64}}
    transform.debug.emit_param_as_remark %b2#3, "nc" : !transform.param<i64>
    %c:4 = transform.regtile.contraction_blocking %m32 {arch = "sapphirerapids"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %c#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 64 : i64}}
    transform.debug.emit_param_as_remark %c#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %c#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 256 : i64}}
    transform.debug.emit_param_as_remark %c#3, "nc" : !transform.param<i64>
    %d:4 = transform.regtile.contraction_blocking %m32 {arch = "haswell"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %d#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 16 : i64}}
    transform.debug.emit_param_as_remark %d#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %d#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 32 : i64}}
    transform.debug.emit_param_as_remark %d#3, "nc" : !transform.param<i64>
    %e:4 = transform.regtile.contraction_blocking %m64 {arch = "znver4"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{mr 6 : i64}}
    transform.debug.emit_param_as_remark %e#0, "mr" : !transform.param<i64>
    // expected-remark @below {{nr 32 : i64}}
    transform.debug.emit_param_as_remark %e#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 512 : i64}}
    transform.debug.emit_param_as_remark %e#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 512 : i64}}
    transform.debug.emit_param_as_remark %e#3, "nc" : !transform.param<i64>
    %gnr:4 = transform.regtile.contraction_blocking %m32 {arch = "graniterapids"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %gnr#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 256 : i64}}
    transform.debug.emit_param_as_remark %gnr#3, "nc" : !transform.param<i64>
    %g:4 = transform.regtile.contraction_blocking %m32 {arch = "icelake-server"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %g#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 128 : i64}}
    transform.debug.emit_param_as_remark %g#3, "nc" : !transform.param<i64>
    %h:4 = transform.regtile.contraction_blocking %m32 {arch = "znver3"} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    // expected-remark @below {{nr 16 : i64}}
    transform.debug.emit_param_as_remark %h#1, "nr" : !transform.param<i64>
    // expected-remark @below {{kc 1024 : i64}}
    transform.debug.emit_param_as_remark %h#2, "kc" : !transform.param<i64>
    // expected-remark @below {{nc 512 : i64}}
    transform.debug.emit_param_as_remark %h#3, "nc" : !transform.param<i64>
    transform.yield
  }
}
