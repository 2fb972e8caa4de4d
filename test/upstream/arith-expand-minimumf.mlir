// Upstream MLIR 22 behaviour that regtile's design works around; not a test
// of regtile code. If this test fails after an LLVM update, upstream changed
// the pattern and the workaround can be revisited.
//
// arith-expand expands minimumf / maximumf into cmpf + select (+ a NaN
// check) that ignores signed zeros: minimumf(-0, +0) gives the second
// operand, +0, where IEEE 754-2019 minimum (arith.minimumf's semantics) is
// -0. regtile-lower-to-llvm therefore runs regtile-expand-arith (the other
// expansions only) and lets the LLVM conversion produce llvm.intr.minimum
// (see lower-to-llvm/lower-to-llvm.mlir @min_max,
// reduce-to-vector-accumulator/exec-minmax-zeros.mlir).
// RUN: %mlir-opt %s -arith-expand | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-NOT: arith.minimumf
// CHECK: %[[LT:.*]] = arith.cmpf ult, %[[A:.*]], %[[B:.*]] : f32
// CHECK: arith.select %[[LT]], %[[A]], %[[B]] : f32
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = arith.minimumf %a, %b : f32
  return %0 : f32
}
