// RUN: %regtile-opt %s --transform-interpreter --split-input-file | FileCheck %s

// Rows of a 2-D loop nest (each iteration writes its own row): one piece
// of rows per thread, the count read at run time, capped by the bytes
// moved; the affine loops lowered to scf.
// CHECK-LABEL: func.func @rows
// CHECK: %[[T:.*]] = call @omp_get_max_threads()
// CHECK: scf.forall (%[[LO:.*]]) = (%{{.*}}) to (%{{.*}}) step (%[[PER:.*]]) {
// CHECK:   %[[HI:.*]] = arith.minsi
// CHECK:   scf.for %{{.*}} = %[[LO]] to %[[HI]] step
// CHECK:     scf.for
// CHECK:       memref.store
func.func @rows(%a: memref<?x?xf32>, %c: memref<?x?xf32>, %m: index, %n: index) {
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %x = affine.load %a[%i, %j] : memref<?x?xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %c[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %f : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l, %forall = transform.regtile.distribute_loop_over_threads %outer : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A vector reduction (reassoc): chunks of 100 iterations fixed by the
// loop, a buffer of partial results, each chunk from the neutral value
// (0.0), the thread's chunks contiguous, then the initial value combined
// with the partials in chunk order.
// CHECK-LABEL: func.func @sum
// CHECK: %[[C100:.*]] = arith.constant 100 : index
// CHECK: %[[P:.*]] = memref.alloc(%[[CHUNKS:.*]]) : memref<?x16xf32>
// CHECK: scf.forall (%[[FIRST:.*]]) = (0) to (%[[CHUNKS]]) step
// CHECK:   scf.for %[[CH:.*]] = %[[FIRST]] to
// CHECK:     arith.muli %[[CH]], %[[C100]]
// CHECK:     %[[NEUTRAL:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:     %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[NEUTRAL]])
// CHECK:     vector.store %[[R]], %[[P]][%[[CH]], %{{.*}}]
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[CHUNKS]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK:   %[[PART:.*]] = vector.load %[[P]][%[[K]], %{{.*}}]
// CHECK:   arith.addf %[[ACC]], %[[PART]]
// CHECK: memref.dealloc %[[P]]
// CHECK: vector.reduction <add>, %[[SUM]]
func.func @sum(%in: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c16 iter_args(%acc = %zero) -> vector<16xf32> {
    %x = vector.transfer_read %in[%i], %pad : memref<?xf32>, vector<16xf32>
    %s = arith.addf %acc, %x fastmath<reassoc> : vector<16xf32>
    scf.yield %s : vector<16xf32>
  }
  %sum = vector.reduction <add>, %r fastmath<reassoc> : vector<16xf32> into f32
  return %sum : f32
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %forall = transform.regtile.distribute_loop_over_threads %loop {chunk = 100} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A fixed thread count: no runtime call.
// CHECK-LABEL: func.func @fixed
// CHECK-NOT: omp_get_max_threads
// CHECK: scf.forall
func.func @fixed(%a: memref<1000x64xf32>, %c: memref<1000x64xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  affine.for %i = 0 to 1000 {
    %x = vector.transfer_read %a[%i, %c0], %pad : memref<1000x64xf32>, vector<64xf32>
    vector.transfer_write %x, %c[%i, %c0] : vector<64xf32>, memref<1000x64xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %loop = transform.structured.match ops{["affine.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %forall = transform.regtile.distribute_loop_over_threads %loop {threads = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
