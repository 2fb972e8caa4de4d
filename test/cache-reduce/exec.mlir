// Execution: transform.regtile.cache_reduce computes what the unscheduled
// payload computes, on shapes that divide nothing (primes), smaller than
// one register tile, with M = 1 and N = 1, on tensors and on buffers, from
// a loaded output and from a fill (also one that reaches the tile through
// cache-block loops, and is then removed), through a nest of reduction
// loops (the accumulators carried by both), for batch and transposed matmuls, a
// convolution, i32 and bf16 -> f32. Inputs are multiples of 1/8 (the test
// runtime's fill), so every product and partial sum is exact: results
// compare bit for bit although mul+add became FMAs.
// Register tiles are NR columns wide: two native vectors of f32 (NR = 32
// with AVX-512, 16 with AVX2), so the tiles fit the host's register file.
// RUN: %difftest %s --define NR=%if host-avx512 %{32%} %else %{16%} | FileCheck %s
// CHECK: PASS 30 cases

// C += A * B, 6 x NR register tiles (12 accumulators), reduced over K one
// column at a time, under 256 x 128 cache blocks.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=257 N=129 K=513
// DIFFTEST-CASE: M=3 N=5 K=7
// DIFFTEST-CASE: M=1 N=1 K=1
// DIFFTEST-CASE: M=1 N=100 K=50
// DIFFTEST-CASE: M=100 N=1 K=50
// DIFFTEST-CASE: M=12 N=128 K=16
func.func @matmul(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
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
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @matmul(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 128, 256] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %i, %j, %k = transform.structured.tile_using_for %t1 tile_sizes [6, ${NR}, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// C = A * B on buffers, from a fill (the accumulators start at zero, the
// tile is never loaded), K reduced two columns per loop iteration.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=5 N=16 K=2
// DIFFTEST-CASE: M=64 N=48 K=33
func.func @matmul(%a: memref<${M}x${K}xf32>, %b: memref<${K}x${N}xf32>, %c: memref<${M}x${N}xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<${M}x${N}xf32>)
  linalg.matmul ins(%a, %b : memref<${M}x${K}xf32>, memref<${K}x${N}xf32>) outs(%c : memref<${M}x${N}xf32>)
  return
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
  call @matmul(%a, %b, %c) : (memref<${M}x${K}xf32>, memref<${K}x${N}xf32>, memref<${M}x${N}xf32>) -> ()
  call @regtilePrintF32(%uc) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t, %i, %j, %k = transform.structured.tile_using_for %mm tile_sizes [4, ${NR}, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// C = A * B on tensors from a fill of 0.5, in 40-column x 16-deep cache
// blocks (jc, pc) around 6 x NR register tiles: the fill reaches the tile
// through the block loops, the accumulators start from it at the first pc
// iteration and from the tile after that, and the fill itself is removed
// (the tile stores of the first pc iteration write every element). K and
// N divide nothing: several pc and jc iterations, the last ones partial;
// K = 7: a single pc iteration.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=13 N=100 K=50
// DIFFTEST-CASE: M=3 N=5 K=7
// DIFFTEST-CASE: M=1 N=1 K=1
// DIFFTEST-CASE: M=7 N=41 K=33
func.func @matmul(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %half = arith.constant 0.5 : f32
  %z = linalg.fill ins(%half : f32) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%z : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
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
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @matmul(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %jc, %pc = transform.structured.tile_using_for %mm tile_sizes [0, 40, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %i, %j, %k = transform.structured.tile_using_for %t1 tile_sizes [6, ${NR}, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Batch matmul: unit batch tiles, 4 x NR register tiles.
// DIFFTEST-CASE: B=3 M=13 N=37 K=11
// DIFFTEST-CASE: B=1 M=1 N=1 K=1
// DIFFTEST-CASE: B=2 M=8 N=64 K=9
func.func @kernel(%a: tensor<${B}x${M}x${K}xf32>, %b: tensor<${B}x${K}x${N}xf32>, %c: tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>) outs(%c : tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  return %r : tensor<${B}x${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s_a = arith.constant 1 : i64
  %m_a = memref.alloc() : memref<${B}x${M}x${K}xf32>
  %u_a = memref.cast %m_a : memref<${B}x${M}x${K}xf32> to memref<*xf32>
  call @regtileFillF32(%u_a, %s_a) : (memref<*xf32>, i64) -> ()
  %t_a = bufferization.to_tensor %m_a restrict : memref<${B}x${M}x${K}xf32> to tensor<${B}x${M}x${K}xf32>
  %s_b = arith.constant 2 : i64
  %m_b = memref.alloc() : memref<${B}x${K}x${N}xf32>
  %u_b = memref.cast %m_b : memref<${B}x${K}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%u_b, %s_b) : (memref<*xf32>, i64) -> ()
  %t_b = bufferization.to_tensor %m_b restrict : memref<${B}x${K}x${N}xf32> to tensor<${B}x${K}x${N}xf32>
  %s_c = arith.constant 3 : i64
  %m_c = memref.alloc() : memref<${B}x${M}x${N}xf32>
  %u_c = memref.cast %m_c : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%u_c, %s_c) : (memref<*xf32>, i64) -> ()
  %t_c = bufferization.to_tensor %m_c restrict writable : memref<${B}x${M}x${N}xf32> to tensor<${B}x${M}x${N}xf32>
  %r = call @kernel(%t_a, %t_b, %t_c) : (tensor<${B}x${M}x${K}xf32>, tensor<${B}x${K}x${N}xf32>, tensor<${B}x${M}x${N}xf32>) -> tensor<${B}x${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${B}x${M}x${N}xf32> to memref<${B}x${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${B}x${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    %op = transform.structured.match ops{["linalg.batch_matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1, %l2, %l3 = transform.structured.tile_using_for %op tile_sizes [1, 4, ${NR}, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %r = transform.regtile.cache_reduce %t, %l3 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----

// A transposed through indexing_maps (read as scalars in any layout).
// DIFFTEST-CASE: M=13 N=37 K=11
// DIFFTEST-CASE: M=6 N=32 K=1
func.func @kernel(%a: tensor<${K}x${M}xf32>, %b: tensor<${K}x${N}xf32>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<${K}x${M}xf32>, tensor<${K}x${N}xf32>) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s_a = arith.constant 1 : i64
  %m_a = memref.alloc() : memref<${K}x${M}xf32>
  %u_a = memref.cast %m_a : memref<${K}x${M}xf32> to memref<*xf32>
  call @regtileFillF32(%u_a, %s_a) : (memref<*xf32>, i64) -> ()
  %t_a = bufferization.to_tensor %m_a restrict : memref<${K}x${M}xf32> to tensor<${K}x${M}xf32>
  %s_b = arith.constant 2 : i64
  %m_b = memref.alloc() : memref<${K}x${N}xf32>
  %u_b = memref.cast %m_b : memref<${K}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%u_b, %s_b) : (memref<*xf32>, i64) -> ()
  %t_b = bufferization.to_tensor %m_b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %s_c = arith.constant 3 : i64
  %m_c = memref.alloc() : memref<${M}x${N}xf32>
  %u_c = memref.cast %m_c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%u_c, %s_c) : (memref<*xf32>, i64) -> ()
  %t_c = bufferization.to_tensor %m_c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%t_a, %t_b, %t_c) : (tensor<${K}x${M}xf32>, tensor<${K}x${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    %op = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1, %l2 = transform.structured.tile_using_for %op tile_sizes [6, ${NR}, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %r = transform.regtile.cache_reduce %t, %l2 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----

// A 1-D convolution as a generic (out[x, c] += in[x + kx, ci] * w[kx, ci, c]),
// window 3, the reduction loop over the window, ci reduced inside the op.
// DIFFTEST-CASE: X=17 XI=19 CI=5 CO=40
// DIFFTEST-CASE: X=5 XI=7 CI=1 CO=16
func.func @kernel(%in: tensor<${XI}x${CI}xf32>, %w: tensor<3x${CI}x${CO}xf32>, %c: tensor<${X}x${CO}xf32>) -> tensor<${X}x${CO}xf32> {
  %r = linalg.generic {
    indexing_maps = [affine_map<(x, c, kx, ci) -> (x + kx, ci)>,
                     affine_map<(x, c, kx, ci) -> (kx, ci, c)>,
                     affine_map<(x, c, kx, ci) -> (x, c)>],
    iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
    ins(%in, %w : tensor<${XI}x${CI}xf32>, tensor<3x${CI}x${CO}xf32>) outs(%c : tensor<${X}x${CO}xf32>) {
  ^bb0(%i: f32, %f: f32, %acc: f32):
    %m = arith.mulf %i, %f : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<${X}x${CO}xf32>
  return %r : tensor<${X}x${CO}xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s_in = arith.constant 1 : i64
  %m_in = memref.alloc() : memref<${XI}x${CI}xf32>
  %u_in = memref.cast %m_in : memref<${XI}x${CI}xf32> to memref<*xf32>
  call @regtileFillF32(%u_in, %s_in) : (memref<*xf32>, i64) -> ()
  %t_in = bufferization.to_tensor %m_in restrict : memref<${XI}x${CI}xf32> to tensor<${XI}x${CI}xf32>
  %s_w = arith.constant 2 : i64
  %m_w = memref.alloc() : memref<3x${CI}x${CO}xf32>
  %u_w = memref.cast %m_w : memref<3x${CI}x${CO}xf32> to memref<*xf32>
  call @regtileFillF32(%u_w, %s_w) : (memref<*xf32>, i64) -> ()
  %t_w = bufferization.to_tensor %m_w restrict : memref<3x${CI}x${CO}xf32> to tensor<3x${CI}x${CO}xf32>
  %s_c = arith.constant 3 : i64
  %m_c = memref.alloc() : memref<${X}x${CO}xf32>
  %u_c = memref.cast %m_c : memref<${X}x${CO}xf32> to memref<*xf32>
  call @regtileFillF32(%u_c, %s_c) : (memref<*xf32>, i64) -> ()
  %t_c = bufferization.to_tensor %m_c restrict writable : memref<${X}x${CO}xf32> to tensor<${X}x${CO}xf32>
  %r = call @kernel(%t_in, %t_w, %t_c) : (tensor<${XI}x${CI}xf32>, tensor<3x${CI}x${CO}xf32>, tensor<${X}x${CO}xf32>) -> tensor<${X}x${CO}xf32>
  %rm = bufferization.to_buffer %r : tensor<${X}x${CO}xf32> to memref<${X}x${CO}xf32>
  %ur = memref.cast %rm : memref<${X}x${CO}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    %op = transform.structured.match ops{["linalg.generic"]} in %f : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1, %l2 = transform.structured.tile_using_for %op tile_sizes [5, ${NR}, 1, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %r = transform.regtile.cache_reduce %t, %l2 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----

// i32: muli + addi (wrapping, exact in any order).
// DIFFTEST-CASE: M=13 N=37 K=11
// DIFFTEST-CASE: M=2 N=16 K=3
func.func @kernel(%a: tensor<${M}x${K}xi32>, %b: tensor<${K}x${N}xi32>, %c: tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xi32>, tensor<${K}x${N}xi32>) outs(%c : tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  return %r : tensor<${M}x${N}xi32>
}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s_a = arith.constant 1 : i64
  %m_a = memref.alloc() : memref<${M}x${K}xi32>
  %u_a = memref.cast %m_a : memref<${M}x${K}xi32> to memref<*xi32>
  call @regtileFillI32(%u_a, %s_a) : (memref<*xi32>, i64) -> ()
  %t_a = bufferization.to_tensor %m_a restrict : memref<${M}x${K}xi32> to tensor<${M}x${K}xi32>
  %s_b = arith.constant 2 : i64
  %m_b = memref.alloc() : memref<${K}x${N}xi32>
  %u_b = memref.cast %m_b : memref<${K}x${N}xi32> to memref<*xi32>
  call @regtileFillI32(%u_b, %s_b) : (memref<*xi32>, i64) -> ()
  %t_b = bufferization.to_tensor %m_b restrict : memref<${K}x${N}xi32> to tensor<${K}x${N}xi32>
  %s_c = arith.constant 3 : i64
  %m_c = memref.alloc() : memref<${M}x${N}xi32>
  %u_c = memref.cast %m_c : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI32(%u_c, %s_c) : (memref<*xi32>, i64) -> ()
  %t_c = bufferization.to_tensor %m_c restrict writable : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %r = call @kernel(%t_a, %t_b, %t_c) : (tensor<${M}x${K}xi32>, tensor<${K}x${N}xi32>, tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xi32> to memref<${M}x${N}xi32>
  %ur = memref.cast %rm : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    %op = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1, %l2 = transform.structured.tile_using_for %op tile_sizes [4, ${NR}, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %r = transform.regtile.cache_reduce %t, %l2 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----

// bf16 inputs, f32 accumulation (extf vectorized, mul+add one FMA).
// DIFFTEST-CASE: M=13 N=37 K=11
func.func @kernel(%a: tensor<${M}x${K}xbf16>, %b: tensor<${K}x${N}xbf16>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s_a = arith.constant 1 : i64
  %m_a = memref.alloc() : memref<${M}x${K}xbf16>
  %u_a = memref.cast %m_a : memref<${M}x${K}xbf16> to memref<*xbf16>
  call @regtileFillBF16(%u_a, %s_a) : (memref<*xbf16>, i64) -> ()
  %t_a = bufferization.to_tensor %m_a restrict : memref<${M}x${K}xbf16> to tensor<${M}x${K}xbf16>
  %s_b = arith.constant 2 : i64
  %m_b = memref.alloc() : memref<${K}x${N}xbf16>
  %u_b = memref.cast %m_b : memref<${K}x${N}xbf16> to memref<*xbf16>
  call @regtileFillBF16(%u_b, %s_b) : (memref<*xbf16>, i64) -> ()
  %t_b = bufferization.to_tensor %m_b restrict : memref<${K}x${N}xbf16> to tensor<${K}x${N}xbf16>
  %s_c = arith.constant 3 : i64
  %m_c = memref.alloc() : memref<${M}x${N}xf32>
  %u_c = memref.cast %m_c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%u_c, %s_c) : (memref<*xf32>, i64) -> ()
  %t_c = bufferization.to_tensor %m_c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%t_a, %t_b, %t_c) : (tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    %op = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1, %l2 = transform.structured.tile_using_for %op tile_sizes [4, ${NR}, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %r = transform.regtile.cache_reduce %t, %l2 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// C += A * B with K reduced by two loops, 5 columns, then 1 inside: the
// accumulators are kept across both (cache_reduce given the outer one).
// K = 29 and 7: a partial last block of the outer loop.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=3 N=5 K=7
// DIFFTEST-CASE: M=1 N=1 K=1
func.func @matmul(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
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
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${K}x${N}xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to tensor<${M}x${K}xf32>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xf32> to tensor<${K}x${N}xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @matmul(%ta, %tb, %tc) : (tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %i, %j, %k1 = transform.structured.tile_using_for %mm tile_sizes [6, ${NR}, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %k2 = transform.structured.tile_using_for %t1 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k1 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The same on buffers, from a fill: K by 3, then 1.
// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=5 N=16 K=2
func.func @matmul(%a: memref<${M}x${K}xf32>, %b: memref<${K}x${N}xf32>, %c: memref<${M}x${N}xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<${M}x${N}xf32>)
  linalg.matmul ins(%a, %b : memref<${M}x${K}xf32>, memref<${K}x${N}xf32>) outs(%c : memref<${M}x${N}xf32>)
  return
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
  call @matmul(%a, %b, %c) : (memref<${M}x${K}xf32>, memref<${K}x${N}xf32>, memref<${M}x${N}xf32>) -> ()
  call @regtilePrintF32(%uc) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %f : (!transform.any_op) -> !transform.any_op
    %t1, %i, %j, %k1 = transform.structured.tile_using_for %mm tile_sizes [4, ${NR}, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %k2 = transform.structured.tile_using_for %t1 tile_sizes [0, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %l = transform.regtile.cache_reduce %t2, %k1 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
