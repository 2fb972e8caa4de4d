// @regtile_matmul with the GEMM's elementwise consumers computed on the
// register tiles of its last K block (peel_reduction_block, epilogue_root,
// fuse_elementwise): bias + GELU (tanh form) as two generics, bias + ReLU
// as named ops (linalg.broadcast, linalg.add, linalg.max) and as generics
// written in place on the GEMM's result, bias + GELU (erf
// form) + a residual add, a per-row bias, a dynamic M. Execution against the unscheduled
// payload on sizes that divide nothing (K within one block and K over
// several: a head and a tail), with 1, 2, 3 and 7 threads. Tolerances: the
// K sums are reassociated, tanh / erf are polynomial approximations on
// vectors (a few ulp) and libm in the reference.
// DEFINE: %{schedule} = --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter'
// DEFINE: %{tol} = --rtol 2e-5 --atol 2e-5
// RUN: %difftest --threads 1,2,3,7 %s --no-warnings %{schedule} %{tol} | FileCheck %s
// CHECK: PASS 19 cases
//
// The scheduled IR (bias + GELU, 40 x 96 x 2500 on znver4: kc = 1024):
// no linalg op left (neither the fill, the accumulators' initial value,
// nor the epilogue: no loop nest over the output before or after the
// GEMM), the K blocks but the last in a loop (the accumulators from zero
// at its first iteration), then the last block's micro-kernel from C and
// the bias + GELU (tanh) on its accumulators, stored once.
// RUN: sed -n '1,/^\/\/ -----$/p' %s | %substitute --target znver4 "M=40 N=96 K=2500" /dev/stdin \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @kernel
// IR-NOT: linalg.
// IR: scf.forall
// IR: scf.for %{{.*}} = %c0 to %c2048 step %c1024
// IR: scf.if
// IR: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>
// IR: vector.fma
// IR: vector.transfer_write
// IR: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>
// IR: vector.fma
// IR: scf.yield
// IR: arith.addf {{.*}} : vector<16xf32>
// IR: math.tanh {{.*}} : vector<16xf32>
// IR: vector.transfer_write
// IR-NOT: linalg.
// IR-LABEL: func.func @main
//
// Written in place (outs(%mm)): the same one epilogue on the accumulators,
// no linalg op left.
// RUN: sed -n '/^\/\/ Bias + ReLU written in place/,/^\/\/ -----$/p' %s | %substitute --target znver4 "M=37 N=53 K=301" /dev/stdin \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=INPLACE
// INPLACE-LABEL: func.func @kernel
// INPLACE-NOT: linalg.
// INPLACE: vector.fma
// INPLACE: arith.addf {{.*}} : vector<16xf32>
// INPLACE: arith.maximumf {{.*}} : vector<16xf32>
// INPLACE: vector.transfer_write
// INPLACE-NOT: linalg.
// INPLACE-LABEL: func.func @main
//
// A per-row bias: one scalar per accumulator row, read once and broadcast,
// on the accumulators; no linalg op left.
// RUN: sed -n '/^\/\/ A per-row bias (indexed by M/,$p' %s | %substitute --target znver4 "M=37 N=53 K=301" /dev/stdin \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=ROW
// ROW-LABEL: func.func @kernel
// ROW-NOT: linalg.
// ROW: vector.fma
// ROW: %[[B:.*]] = tensor.extract %{{.*}} : tensor<?xf32>
// ROW: %[[V:.*]] = vector.broadcast %[[B]] : f32 to vector<16xf32>
// ROW: arith.addf %{{.*}}, %[[V]] : vector<16xf32>
// ROW: arith.maximumf {{.*}} : vector<16xf32>
// ROW: vector.transfer_write
// ROW-NOT: linalg.
// ROW-LABEL: func.func @main

#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
// DIFFTEST-CASE: M=37 N=53 K=301
// DIFFTEST-CASE: M=1 N=17 K=5
// DIFFTEST-CASE: M=40 N=96 K=2500
// DIFFTEST-CASE: M=6 N=48 K=7
func.func @kernel(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %bias: tensor<${N}xf32>) -> tensor<${M}x${N}xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<${M}x${N}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%z : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<${M}x${N}xf32>, tensor<${N}xf32>) outs(%e : tensor<${M}x${N}xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<${M}x${N}xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<${M}x${N}xf32>) outs(%e : tensor<${M}x${N}xf32>) {
  ^bb0(%x: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %c0 = arith.constant 0.7978845608 : f32
    %c1 = arith.constant 0.044715 : f32
    %x2 = arith.mulf %x, %x : f32
    %x3 = arith.mulf %x2, %x : f32
    %t0 = arith.mulf %x3, %c1 : f32
    %t1 = arith.addf %x, %t0 : f32
    %t2 = arith.mulf %t1, %c0 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x, %half : f32
    %r = arith.mulf %t5, %t4 : f32
    linalg.yield %r : f32
  } -> tensor<${M}x${N}xf32>
  return %g : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict : memref<${N}xf32> to tensor<${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${N}xf32>) -> tensor<${M}x${N}xf32>
  %m = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %u = memref.cast %m : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%u) : (memref<*xf32>) -> ()
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

// -----

// Bias + ReLU as named ops (a broadcast into an add, a max with zero), as
// some frontends emit them: generalized and fused into one epilogue.
// DIFFTEST-CASE: M=37 N=53 K=301
// DIFFTEST-CASE: M=5 N=3 K=1
// DIFFTEST-CASE: M=64 N=40 K=700
func.func @kernel(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %bias: tensor<${N}xf32>) -> tensor<${M}x${N}xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<${M}x${N}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%z : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %bb = linalg.broadcast ins(%bias : tensor<${N}xf32>) outs(%e : tensor<${M}x${N}xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %bb : tensor<${M}x${N}xf32>, tensor<${M}x${N}xf32>) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %r = linalg.max ins(%sum, %z : tensor<${M}x${N}xf32>, tensor<${M}x${N}xf32>) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict : memref<${N}xf32> to tensor<${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${N}xf32>) -> tensor<${M}x${N}xf32>
  %m = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %u = memref.cast %m : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%u) : (memref<*xf32>) -> ()
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

// -----

// Bias + ReLU written in place on the GEMM's result (outs(%mm), read in
// the body), as some frontends emit them: put in consumer form and fused
// into one epilogue.
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
// DIFFTEST-CASE: M=37 N=53 K=301
// DIFFTEST-CASE: M=3 N=17 K=1100
func.func @kernel(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %bias: tensor<${N}xf32>) -> tensor<${M}x${N}xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<${M}x${N}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%z : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %biased = linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<${N}xf32>) outs(%mm : tensor<${M}x${N}xf32>) {
  ^bb0(%c: f32, %o: f32):
    %s = arith.addf %o, %c : f32
    linalg.yield %s : f32
  } -> tensor<${M}x${N}xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%biased : tensor<${M}x${N}xf32>) {
  ^bb0(%o: f32):
    %m = arith.maximumf %o, %zero : f32
    linalg.yield %m : f32
  } -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict : memref<${N}xf32> to tensor<${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${N}xf32>) -> tensor<${M}x${N}xf32>
  %m = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %u = memref.cast %m : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%u) : (memref<*xf32>) -> ()
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

// -----

// Bias + GELU (erf form) + a residual add of another tensor, one generic;
// with the same residual tensor as the GEMM's input too.
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
// DIFFTEST-CASE: M=37 N=53 K=301
// DIFFTEST-CASE: M=2 N=33 K=9
// DIFFTEST-CASE: M=50 N=70 K=2100
func.func @kernel(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %bias: tensor<${N}xf32>, %res: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<${M}x${N}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%z : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %g = linalg.generic {indexing_maps = [#id, #col, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias, %res : tensor<${M}x${N}xf32>, tensor<${N}xf32>, tensor<${M}x${N}xf32>) outs(%e : tensor<${M}x${N}xf32>) {
  ^bb0(%acc: f32, %c: f32, %r: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.70710678 : f32
    %x = arith.addf %acc, %c : f32
    %t0 = arith.mulf %x, %rsqrt2 : f32
    %t1 = math.erf %t0 : f32
    %t2 = arith.addf %t1, %one : f32
    %t3 = arith.mulf %x, %half : f32
    %t4 = arith.mulf %t3, %t2 : f32
    %y = arith.addf %t4, %r : f32
    linalg.yield %y : f32
  } -> tensor<${M}x${N}xf32>
  return %g : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${N}xf32>
  %d = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${N}xf32> to memref<*xf32>
  %ud = memref.cast %d : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ud, %s4) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict : memref<${N}xf32> to tensor<${N}xf32>
  %td = bufferization.to_tensor %d restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc, %td) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %m = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %u = memref.cast %m : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%u) : (memref<*xf32>) -> ()
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

// -----

// A dynamic M (a batch of sequences of any length): bias + ReLU, the fill
// the accumulators' initial value.
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
// DIFFTEST-CASE: M=37 N=53 K=301
// DIFFTEST-CASE: M=1 N=20 K=600
// DIFFTEST-CASE: M=9 N=64 K=3
// DIFFTEST-CASE: M=20 N=40 K=2100
func.func @kernel(%a: tensor<?x${K}xf32>, %b: tensor<${K}x${N}xf32>, %bias: tensor<${N}xf32>) -> tensor<?x${N}xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x${K}xf32>
  %e = tensor.empty(%m) : tensor<?x${N}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x${N}xf32>) -> tensor<?x${N}xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x${K}xf32>, tensor<${K}x${N}xf32>) outs(%z : tensor<?x${N}xf32>) -> tensor<?x${N}xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<?x${N}xf32>, tensor<${N}xf32>) outs(%e : tensor<?x${N}xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x${N}xf32>
  return %r : tensor<?x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict : memref<${N}xf32> to tensor<${N}xf32>
  %da = tensor.cast %ta : tensor<${M}x${K}xf32> to tensor<?x${K}xf32>
  %r = call @kernel(%da, %tb, %tc) : (tensor<?x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${N}xf32>) -> tensor<?x${N}xf32>
  %rs = tensor.cast %r : tensor<?x${N}xf32> to tensor<${M}x${N}xf32>
  %mr = bufferization.to_buffer %rs : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %u = memref.cast %mr : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%u) : (memref<*xf32>) -> ()
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

// -----

// A per-row bias (indexed by M, one value broadcast across each row of the
// tile: an NCHW 1x1 layer's per-channel bias once it is a GEMM) + ReLU.
// DIFFTEST-CASE: M=37 N=53 K=301
// DIFFTEST-CASE: M=7 N=1 K=3
// DIFFTEST-CASE: M=25 N=70 K=2100
func.func @kernel(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %bias: tensor<${M}xf32>) -> tensor<${M}x${N}xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<${M}x${N}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%z : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m)>, affine_map<(m, n) -> (m, n)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<${M}x${N}xf32>, tensor<${M}xf32>) outs(%e : tensor<${M}x${N}xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${M}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict : memref<${M}xf32> to tensor<${M}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${M}xf32>) -> tensor<${M}x${N}xf32>
  %m = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %u = memref.cast %m : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%u) : (memref<*xf32>) -> ()
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
