// @regtile_matmul on linalg.matvec (y = A x, A row-major; a BERT-style
// layer at batch 1, a GEMV): rows over threads, each row's reduction in
// vector accumulators, several rows at a time. Execution against the
// unscheduled payload, exact (inputs are multiples of 1/8: every partial
// sum is exact in any order), from a zero fill and accumulating into y,
// on sizes that divide nothing (M = 1, K = 5, primes), with 1, 2, 3 and 7
// threads (300 x 1001: up to 4 pieces; the smaller ones stay serial).
// DEFINE: %{schedule} = --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter'
// RUN: %difftest --threads 1,2,3,7 %s --no-warnings %{schedule} | FileCheck %s
// CHECK: PASS 4 cases
//
// The scheduled IR (300 x 1001): no linalg.matvec left, the rows split
// over threads, the reduction in vector accumulators (a loop carrying
// vectors, then a masked tail step).
// RUN: %substitute "M=300 K=1001" %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @kernel
// IR-NOT: linalg.matvec
// IR: scf.forall
// IR: scf.for {{.*}} iter_args({{.*}}) -> (vector<{{[0-9]+}}xf32>
// IR: arith.mulf {{.*}} : vector<{{[0-9]+}}xf32>
// IR: vector.transfer_read %{{.*}}[%{{.*}}, %c992], %{{.*}}, %{{.*}} {in_bounds = [true]}
// IR-NOT: linalg.matvec
// IR-LABEL: func.func @main

// DIFFTEST-CASE: M=37 K=301
// DIFFTEST-CASE: M=1 K=5
// DIFFTEST-CASE: M=300 K=1001
// DIFFTEST-CASE: M=3 K=16
func.func @kernel(%a: tensor<${M}x${K}xf32>, %x: tensor<${K}xf32>, %y: tensor<${M}xf32>)
    -> (tensor<${M}xf32>, tensor<${M}xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<${M}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<${M}xf32>) -> tensor<${M}xf32>
  %v = linalg.matvec ins(%a, %x : tensor<${M}x${K}xf32>, tensor<${K}xf32>) outs(%z : tensor<${M}xf32>) -> tensor<${M}xf32>
  %w = linalg.matvec ins(%a, %x : tensor<${M}x${K}xf32>, tensor<${K}xf32>) outs(%y : tensor<${M}xf32>) -> tensor<${M}xf32>
  return %v, %w : tensor<${M}xf32>, tensor<${M}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %x = memref.alloc() : memref<${K}xf32>
  %y = memref.alloc() : memref<${M}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ux = memref.cast %x : memref<${K}xf32> to memref<*xf32>
  %uy = memref.cast %y : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ux, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uy, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tx = bufferization.to_tensor %x restrict : memref<${K}xf32> to tensor<${K}xf32>
  %ty = bufferization.to_tensor %y restrict : memref<${M}xf32> to tensor<${M}xf32>
  %r:2 = call @kernel(%ta, %tx, %ty) : (tensor<${M}x${K}xf32>, tensor<${K}xf32>, tensor<${M}xf32>) -> (tensor<${M}xf32>, tensor<${M}xf32>)
  %m0 = bufferization.to_buffer %r#0 : tensor<${M}xf32> to memref<${M}xf32>
  %m1 = bufferization.to_buffer %r#1 : tensor<${M}xf32> to memref<${M}xf32>
  %u0 = memref.cast %m0 : memref<${M}xf32> to memref<*xf32>
  %u1 = memref.cast %m1 : memref<${M}xf32> to memref<*xf32>
  call @regtilePrintF32(%u0) : (memref<*xf32>) -> ()
  call @regtilePrintF32(%u1) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_matmul failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
