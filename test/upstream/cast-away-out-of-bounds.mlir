// Upstream MLIR 22 behaviour that regtile's design works around; not a test
// of regtile code. If this test fails after an LLVM update, upstream changed
// the pattern and the workaround can be revisited.
//
// cast_away_vector_leading_one_dim drops a leading unit dim that may be out
// of bounds (in_bounds = false) without a guard: the original read returns
// the padding when %i is past the end, the rewritten one reads past the
// buffer. regtile's fold_unit_dims includes these patterns but registers its
// own transfer patterns with a higher benefit; they guard such dims with an
// scf.if (see fold-unit-dims/fold-unit-dims.mlir, oob-exec.mlir).
// RUN: %regtile-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-NOT: scf.if
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?x64xf32>, vector<64xf32>
func.func @f(%t: tensor<?x64xf32>, %i: index) -> vector<1x64xf32> {
  %p = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %r = vector.transfer_read %t[%i, %c0], %p {in_bounds = [false, true]} : tensor<?x64xf32>, vector<1x64xf32>
  return %r : vector<1x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.vector.cast_away_vector_leading_one_dim } : !transform.any_op
    transform.yield
  }
}
