// Execution: @regtile_matmul (strategies/) on the other matmul forms it
// schedules: linalg.batch_matmul, and linalg.matmul with A or B transposed
// through indexing_maps (B^T is packed by cache_read into N x 1 tiles that
// cache_reduce reads along N), on shapes that divide nothing and shapes
// smaller than one tile, compared bit for bit with the unscheduled payload
// (inputs are multiples of 1/8: every partial sum is exact), a batch
// matmul from a fill, a matmul with dynamic shapes, and bf16 inputs with
// f32 accumulation.
// Each kernel is distributed over the threads the OpenMP runtime has when
// it runs (the larger cases over several, the smaller ones stay serial):
// the same results with 1, 2, 3 and 7 threads (more than the cores).
// RUN: %difftest --threads 1,2,3,7 %s --no-warnings --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s
// CHECK: PASS 16 cases

// DIFFTEST-CASE: B=3 M=37 N=53 K=29
// DIFFTEST-CASE: B=2 M=1 N=1 K=1
// DIFFTEST-CASE: B=1 M=70 N=130 K=600
func.func @kernel(%a: tensor<${B}x${M}x${K}xf32>, %b: tensor<${B}x${K}x${N}xf32>, %c: tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>) outs(%c : tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  return %r : tensor<${B}x${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${B}x${M}x${K}xf32>
  %b = memref.alloc() : memref<${B}x${K}x${N}xf32>
  %c = memref.alloc() : memref<${B}x${M}x${N}xf32>
  %ua = memref.cast %a : memref<${B}x${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${B}x${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${B}x${M}x${K}xf32> to tensor<${B}x${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${B}x${K}x${N}xf32> to tensor<${B}x${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${B}x${M}x${N}xf32> to tensor<${B}x${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>, tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${B}x${M}x${N}xf32> to memref<${B}x${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
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

// Batch matmul from a fill of 0.25: the fill reaches the register tiles
// through the batch and cache-block loops (K = 1100: several K blocks).
// DIFFTEST-CASE: B=2 M=13 N=70 K=1100
// DIFFTEST-CASE: B=1 M=7 N=200 K=33
func.func @kernel(%a: tensor<${B}x${M}x${K}xf32>, %b: tensor<${B}x${K}x${N}xf32>, %c: tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32> {
  %q = arith.constant 0.25 : f32
  %z = linalg.fill ins(%q : f32) outs(%c : tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>) outs(%z : tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  return %r : tensor<${B}x${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${B}x${M}x${K}xf32>
  %b = memref.alloc() : memref<${B}x${K}x${N}xf32>
  %c = memref.alloc() : memref<${B}x${M}x${N}xf32>
  %ua = memref.cast %a : memref<${B}x${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${B}x${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${B}x${M}x${K}xf32> to tensor<${B}x${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${B}x${K}x${N}xf32> to tensor<${B}x${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${B}x${M}x${N}xf32> to tensor<${B}x${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>, tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${B}x${M}x${N}xf32> to memref<${B}x${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
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

// A^T (K x M) and B^T (N x K) in one function.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=3 N=5 K=7
// DIFFTEST-CASE: M=100 N=300 K=700
// DIFFTEST-CASE: M=1 N=70 K=9
func.func @kernel(%at: tensor<${K}x${M}xf32>, %b: tensor<${K}x${N}xf32>, %a: tensor<${M}x${K}xf32>, %bt: tensor<${N}x${K}xf32>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r0 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%at, %b : tensor<${K}x${M}xf32>, tensor<${K}x${N}xf32>) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %r1 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %bt : tensor<${M}x${K}xf32>, tensor<${N}x${K}xf32>) outs(%r0 : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r1 : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %s5 = arith.constant 5 : i64
  %at = memref.alloc() : memref<${K}x${M}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %bt = memref.alloc() : memref<${N}x${K}xf32>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %uat = memref.cast %at : memref<${K}x${M}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ubt = memref.cast %bt : memref<${N}x${K}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%uat, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ua, %s4) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ubt, %s5) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %tat = bufferization.to_tensor %at restrict : memref<${K}x${M}xf32> to tensor<${K}x${M}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tbt = bufferization.to_tensor %bt restrict : memref<${N}x${K}xf32> to tensor<${N}x${K}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%tat, %tb, %ta, %tbt, %tc) : (tensor<${K}x${M}xf32>, tensor<${K}x${N}xf32>, tensor<${M}x${K}xf32>, tensor<${N}x${K}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
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

// Dynamic shapes: every tile is bounded by the blocking, so the caches and
// register tiles have static bounds.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=300 N=70 K=1100
func.func @kernel(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %b = memref.alloc() : memref<${K}x${N}xf32>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %da = memref.cast %a : memref<${M}x${K}xf32> to memref<?x?xf32>
  %db = memref.cast %b : memref<${K}x${N}xf32> to memref<?x?xf32>
  %dc = memref.cast %c : memref<${M}x${N}xf32> to memref<?x?xf32>
  %ta = bufferization.to_tensor %da restrict : memref<?x?xf32> to tensor<?x?xf32>
  %tb = bufferization.to_tensor %db restrict : memref<?x?xf32> to tensor<?x?xf32>
  %tc = bufferization.to_tensor %dc restrict writable : memref<?x?xf32> to tensor<?x?xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %rm = bufferization.to_buffer %r : tensor<?x?xf32> to memref<?x?xf32>
  %ur = memref.cast %rm : memref<?x?xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
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

// bf16 A and B, f32 C: the micro-kernel extends the bf16 panel vectors and
// A broadcasts to f32 and accumulates in f32 (the packed B cache is bf16).
// Inputs are multiples of 1/8 that bf16 holds exactly.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=3 N=5 K=7
// DIFFTEST-CASE: M=100 N=300 K=700
// DIFFTEST-CASE: M=1 N=70 K=9
// DIFFTEST-CASE: M=70 N=1 K=90
func.func @kernel(%a: tensor<${M}x${K}xbf16>, %b: tensor<${K}x${N}xbf16>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xbf16>
  %b = memref.alloc() : memref<${K}x${N}xbf16>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${K}x${N}xbf16> to memref<*xbf16>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillBF16(%ua, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%ub, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xbf16> to tensor<${M}x${K}xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xbf16> to tensor<${K}x${N}xbf16>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
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
