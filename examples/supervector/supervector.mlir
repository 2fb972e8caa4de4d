// Seed 003's examples (affine super-vectorization), as benchmark payloads.
// Sizes are parameters (python/regtile/substitute.py): L for vecred, M x N for
// the buffers @main gives vector_add_2d.

// vector_add_2d: C = (A + B + 1) + (A + B + 2), the seed's diamond, with
// dynamic bounds M x N as in the seed.
func.func @vector_add_2d(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index) attributes {llvm.emit_c_interface} {
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %B[%i, %j] : memref<?x?xf32>
      %s5 = arith.addf %a, %b : f32
      %s6 = arith.addf %s5, %f1 : f32
      %s7 = arith.addf %s5, %f2 : f32
      %s8 = arith.addf %s7, %s6 : f32
      affine.store %s8, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// vecred: the seed's reduction of ${L} f32 elements (a plain sum: the
// seed's math.cos would make it compute-bound). fastmath<reassoc> allows
// the vector accumulator.
func.func @vecred(%in: memref<${L}xf32>, %out: memref<1xf32>) attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to ${L} iter_args(%part = %zero) -> (f32) {
    %x = affine.load %in[%i] : memref<${L}xf32>
    %add = arith.addf %part, %x fastmath<reassoc> : f32
    affine.yield %add : f32
  }
  affine.store %sum, %out[0] : memref<1xf32>
  return
}

// @main runs both on ${M} x ${N} and ${L} elements and prints the results
// (for test/lib/difftest.py; the benchmark calls the kernels directly).
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %m = arith.constant ${M} : index
  %n = arith.constant ${N} : index
  %a = memref.alloc(%m, %n) : memref<?x?xf32>
  %b = memref.alloc(%m, %n) : memref<?x?xf32>
  // 64-byte aligned: the streaming-store schedule's fast path runs when
  // rows are multiples of 16 floats.
  %c = memref.alloc(%m, %n) {alignment = 64} : memref<?x?xf32>
  %ua = memref.cast %a : memref<?x?xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<?x?xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<?x?xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @vector_add_2d(%a, %b, %c, %m, %n) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, index, index) -> ()
  call @regtilePrintF32(%uc) : (memref<*xf32>) -> ()
  %in = memref.alloc() : memref<${L}xf32>
  %out = memref.alloc() : memref<1xf32>
  %ui = memref.cast %in : memref<${L}xf32> to memref<*xf32>
  call @regtileFillF32(%ui, %s1) : (memref<*xf32>, i64) -> ()
  call @vecred(%in, %out) : (memref<${L}xf32>, memref<1xf32>) -> ()
  %uo = memref.cast %out : memref<1xf32> to memref<*xf32>
  call @regtilePrintF32(%uo) : (memref<*xf32>) -> ()
  return
}
