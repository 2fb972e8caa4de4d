// regtile-vector-to-amx says why it cannot go on, instead of leaving IR
// that the lowering fails on later: an accumulator used as a vector in a
// parallel loop needs a stack buffer there, which keeps the loop body's
// alloca scope (convert-scf-to-openmp) that cannot hold its lowered loops.
// RUN: %regtile-opt %s -p 'builtin.module(func.func(regtile-vector-to-amx{target=sapphirerapids}))' -verify-diagnostics

#mA = affine_map<(m, n, k, v) -> (m, k, v)>
#mB = affine_map<(m, n, k, v) -> (k, n, v)>
#mC = affine_map<(m, n, k, v) -> (m, n)>
func.func @vector_result_in_parallel_loop(%A: memref<64x64x2xbf16>, %B: memref<64x16x2xbf16>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pb = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16x16xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c16) {
    // expected-error @below {{a tile moves through a stack buffer in a parallel loop}}
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<16x16xf32>) {
      %a = vector.transfer_read %A[%i, %k, %c0], %pb {in_bounds = [true, true, true]} : memref<64x64x2xbf16>, vector<16x16x2xbf16>
      %b = vector.transfer_read %B[%k, %c0, %c0], %pb {in_bounds = [true, true, true]} : memref<64x16x2xbf16>, vector<16x16x2xbf16>
      %u = vector.contract {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
      scf.yield %u : vector<16x16xf32>
    }
    %relu = arith.maximumf %r, %zero : vector<16x16xf32>
    vector.transfer_write %relu, %C[%i, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<64x16xf32>
    scf.reduce
  }
  return
}
