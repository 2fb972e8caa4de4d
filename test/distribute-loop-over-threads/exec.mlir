// Execution: a sum split in chunks (distribute_loop_over_threads, chunks of
// 1000 vector iterations) gives the same bits with 1, 2, 3 and 7 threads,
// and the sum of a row loop (each row written by one piece) matches.
// RUN: %regtile-opt %s -p 'builtin.module(transform-interpreter,regtile-lower-to-llvm)' > %t.ll.mlir
// RUN: env OMP_NUM_THREADS=1 %regtile-run < %t.ll.mlir > %t.1
// RUN: env OMP_NUM_THREADS=2 %regtile-run < %t.ll.mlir > %t.2
// RUN: env OMP_NUM_THREADS=3 %regtile-run < %t.ll.mlir > %t.3
// RUN: env OMP_NUM_THREADS=7 %regtile-run < %t.ll.mlir > %t.7
// RUN: diff %t.1 %t.2
// RUN: diff %t.1 %t.3
// RUN: diff %t.1 %t.7
// RUN: FileCheck %s < %t.3
// The sum of i * 3.2552083e-6 for i < 300007 (146491.7 in exact
// arithmetic; the bits are what the diffs compare):
// CHECK: SUM 14649{{[12]}}
// CHECK: ROWS 0

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

// c[i][j] = a[i][j] * 2 over 1001 x 333 (rows split over threads).
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

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 300007 : index
  %in = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s = arith.constant 0.0000032552083 : f32
    %v = arith.mulf %f, %s : f32
    memref.store %v, %in[%i] : memref<?xf32>
  }
  %sum = call @sum(%in, %n) : (memref<?xf32>, index) -> f32
  vector.print str "SUM "
  vector.print %sum : f32
  %bits = arith.bitcast %sum : f32 to i32
  vector.print str "BITS "
  vector.print %bits : i32

  %m = arith.constant 1001 : index
  %k = arith.constant 333 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf32>
  %c = memref.alloc(%m, %k) : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %k step %c1 {
      %ij = arith.addi %i, %j : index
      %x = arith.index_cast %ij : index to i32
      %f = arith.sitofp %x : i32 to f32
      memref.store %f, %a[%i, %j] : memref<?x?xf32>
    }
  }
  call @rows(%a, %c, %m, %k) : (memref<?x?xf32>, memref<?x?xf32>, index, index) -> ()
  // Count the elements that are not 2 * (i + j).
  %bad = scf.for %i = %c0 to %m step %c1 iter_args(%b0 = %c0) -> index {
    %bi = scf.for %j = %c0 to %k step %c1 iter_args(%b1 = %b0) -> index {
      %x = memref.load %c[%i, %j] : memref<?x?xf32>
      %ij = arith.addi %i, %j : index
      %y = arith.index_cast %ij : index to i32
      %f = arith.sitofp %y : i32 to f32
      %e = arith.addf %f, %f : f32
      %ne = arith.cmpf une, %x, %e : f32
      %one = arith.select %ne, %c1, %c0 : index
      %b2 = arith.addi %b1, %one : index
      scf.yield %b2 : index
    }
    scf.yield %bi : index
  }
  vector.print str "ROWS "
  vector.print %bad : index
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %sum = transform.structured.match ops{["func.func"]} attributes{sym_name = "sum"} in %root : (!transform.any_op) -> !transform.any_op
    %loop = transform.structured.match ops{["scf.for"]} in %sum : (!transform.any_op) -> !transform.any_op
    %l, %f = transform.regtile.distribute_loop_over_threads %loop {chunk = 1000} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %rows = transform.structured.match ops{["func.func"]} attributes{sym_name = "rows"} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["affine.for"]} in %rows : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l2, %f2 = transform.regtile.distribute_loop_over_threads %outer {min_bytes_per_thread = 1000} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
