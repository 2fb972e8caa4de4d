// regtile-parallel-if: a parallel region whose work-sharing loop may have
// one iteration only runs on the thread that reaches it unless some dim has
// a second iteration (lb + step < ub); regions that already have an if
// clause or whose bounds come from inside are left alone.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(convert-scf-to-openmp, func.func(regtile-parallel-if))' | FileCheck %s

// CHECK-LABEL: func.func @two_dims(
// CHECK-SAME: %[[LB:[^:]*]]: index, %[[UB0:[^:]*]]: index, %[[UB1:[^:]*]]: index, %[[S0:[^:]*]]: index, %[[S1:[^:]*]]: index
// CHECK: %[[N0:.*]] = arith.addi %[[LB]], %[[S0]] : index
// CHECK: %[[H0:.*]] = arith.cmpi slt, %[[N0]], %[[UB0]] : index
// CHECK: %[[N1:.*]] = arith.addi %[[LB]], %[[S1]] : index
// CHECK: %[[H1:.*]] = arith.cmpi slt, %[[N1]], %[[UB1]] : index
// CHECK: %[[ANY:.*]] = arith.ori %[[H0]], %[[H1]] : i1
// CHECK: omp.parallel if(%[[ANY]]) {
// CHECK: omp.wsloop
func.func @two_dims(%lb: index, %ub0: index, %ub1: index, %s0: index, %s1: index, %m: memref<?x?xf32>) {
  %one = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub0, %ub1) step (%s0, %s1) {
    memref.store %one, %m[%i, %j] : memref<?x?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @has_if(
// CHECK: omp.parallel if(%{{.*}}) {
// CHECK-NOT: arith.ori
func.func @has_if(%c: i1, %n: index, %m: memref<?xf32>) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %x = arith.constant 1.0 : f32
  omp.parallel if(%c) {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%zero) to (%n) step (%one) {
        memref.store %x, %m[%i] : memref<?xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// Bounds computed inside the region: no clause.
// CHECK-LABEL: func.func @inner_bounds(
// CHECK: omp.parallel {
func.func @inner_bounds(%m: memref<?xf32>) {
  %x = arith.constant 1.0 : f32
  omp.parallel {
    %zero = arith.constant 0 : index
    %one = arith.constant 1 : index
    %n = memref.dim %m, %zero : memref<?xf32>
    omp.wsloop {
      omp.loop_nest (%i) : index = (%zero) to (%n) step (%one) {
        memref.store %x, %m[%i] : memref<?xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
