// regtile-approximate-math: math functions on vectors become upstream's
// polynomial approximations (vector arithmetic, no libm call per lane);
// scalar ones stay (libm). regtile-lower-to-llvm runs it: a vector erf
// leaves no call, a scalar erf calls erff.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(regtile-approximate-math)' | FileCheck %s
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(regtile-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @vector(
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: arith.mulf {{.*}} : vector<16xf32>
// CHECK: return
// LLVM-LABEL: llvm.func @vector(
// LLVM-NOT: llvm.call
// LLVM: llvm.return
func.func @vector(%x: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %t = math.tanh %x : vector<16xf32>
  %e = math.erf %x : vector<16xf32>
  return %t, %e : vector<16xf32>, vector<16xf32>
}

// -----

// CHECK-LABEL: func.func @scalar(
// CHECK: math.erf %{{.*}} : f32
// LLVM-LABEL: llvm.func @scalar(
// LLVM: llvm.call @erff
func.func @scalar(%x: f32) -> f32 {
  %e = math.erf %x : f32
  return %e : f32
}
