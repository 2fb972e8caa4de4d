// Target info answers from explicit target descriptions, so these checks do
// not depend on the machine running them.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter 2>&1 | FileCheck %s

// An AVX2-only target given on the module.
// CHECK-LABEL: haswell
// CHECK: remark: simd_bits 256 : i64
// CHECK: remark: vector_registers 16 : i64
// CHECK: remark: lanes 8 : i64
// CHECK: remark: i8_lanes 32 : i64
module attributes {transform.with_named_sequence, regtile.target = "haswell"} {
  func.func @haswell() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %b, %r, %l = transform.regtile.target_info %f : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    %b8, %r8, %l8 = transform.regtile.target_info %f {element_type = i8} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_remark_at %f, "haswell" : !transform.any_op
    transform.debug.emit_param_as_remark %b, "simd_bits" at %f : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %r, "vector_registers" at %f : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %l, "lanes" at %f : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %l8, "i8_lanes" at %f : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// An AVX-512 target given on the op wins over the module's.
// CHECK-LABEL: zen4
// CHECK: remark: simd_bits 512 : i64
// CHECK: remark: vector_registers 32 : i64
// CHECK: remark: lanes 8 : i64
module attributes {transform.with_named_sequence, regtile.target = "haswell"} {
  func.func @zen4() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %b, %r, %l = transform.regtile.target_info %f {arch = "znver4", element_type = f64} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_remark_at %f, "zen4" : !transform.any_op
    transform.debug.emit_param_as_remark %b, "simd_bits" at %f : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %r, "vector_registers" at %f : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %l, "lanes" at %f : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// Feature modifiers: removing avx512f from Zen 4 leaves AVX2; adding
// avx512vnni to Haswell implies avx512f. The nearest enclosing attribute
// (on the function) wins over the module's. The x86-64 baseline is SSE.
// CHECK-LABEL: modifiers
// CHECK: remark: no_avx512 256 : i64
// CHECK: remark: no_avx512_bf16_lanes 16 : i64
// CHECK: remark: plus_vnni 512 : i64
// CHECK: remark: baseline 128 : i64
// CHECK: remark: baseline_f32_lanes 4 : i64
module attributes {transform.with_named_sequence, regtile.target = "x86-64"} {
  func.func @a() attributes {regtile.target = "znver4,-avx512f"} { return }
  func.func @b() attributes {regtile.target = "haswell,+avx512vnni"} { return }
  func.func @c() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %a, %b, %c = transform.split_handle %fs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %a, "modifiers" : !transform.any_op
    %ab, %ar, %al = transform.regtile.target_info %a {element_type = bf16} : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %ab, "no_avx512" at %a : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %al, "no_avx512_bf16_lanes" at %a : !transform.param<i64>, !transform.any_op
    %bb, %br, %bl = transform.regtile.target_info %b : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %bb, "plus_vnni" at %b : !transform.param<i64>, !transform.any_op
    %cb, %cr, %cl = transform.regtile.target_info %c : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %cb, "baseline" at %c : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %cl, "baseline_f32_lanes" at %c : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// The x86-64 levels: their CPU tables list AVX2 (v3) and AVX-512 F/BW
// (v4) but not what those imply (AVX); the implied features count.
// CHECK-LABEL: levels
// CHECK: remark: v3 256 : i64
// CHECK: remark: v4 512 : i64
module attributes {transform.with_named_sequence} {
  func.func @v3() attributes {regtile.target = "x86-64-v3"} { return }
  func.func @v4() attributes {regtile.target = "x86-64-v4"} { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.split_handle %fs : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %a, "levels" : !transform.any_op
    %ab, %ar, %al = transform.regtile.target_info %a : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %ab, "v3" at %a : !transform.param<i64>, !transform.any_op
    %bb, %br, %bl = transform.regtile.target_info %b : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_param_as_remark %bb, "v4" at %b : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// Without any description, the host answers (whatever it is).
// CHECK-LABEL: host
// CHECK: remark: simd_bits {{128|256|512}} : i64
module attributes {transform.with_named_sequence} {
  func.func @host() { return }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %b, %r, %l = transform.regtile.target_info %f : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
    transform.debug.emit_remark_at %f, "host" : !transform.any_op
    transform.debug.emit_param_as_remark %b, "simd_bits" at %f : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}
