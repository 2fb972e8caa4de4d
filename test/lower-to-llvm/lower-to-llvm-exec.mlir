// The pipeline's output runs and computes the right numbers: dynamic tensor
// shapes through bufferization, a 2-D vector contraction, and row and column
// multi-reductions (the two reduction strategies).
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm)' | %regtile-run | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)

func.func @add(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.add ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @vectors(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>,
                   %rows: memref<4xf32>, %cols: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %va = vector.transfer_read %a[%c0, %c0], %p {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
  %vb = vector.transfer_read %b[%c0, %c0], %p {in_bounds = [true, true]} : memref<8x16xf32>, vector<8x16xf32>
  %vc = vector.transfer_read %c[%c0, %c0], %p {in_bounds = [true, true]} : memref<4x16xf32>, vector<4x16xf32>
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                        iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
       %va, %vb, %vc : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32>
  %z4 = arith.constant dense<0.0> : vector<4xf32>
  %z8 = arith.constant dense<0.0> : vector<8xf32>
  %vr = vector.multi_reduction <add>, %va, %z4 [1] : vector<4x8xf32> to vector<4xf32>
  %vcol = vector.multi_reduction <add>, %va, %z8 [0] : vector<4x8xf32> to vector<8xf32>
  vector.transfer_write %vr, %rows[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  vector.transfer_write %vcol, %cols[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32

  // a[i][k] = i + k, b = 1, c = 0:
  //   c[i][j] = sum_k (i + k) = 8i + 28, row sums = 8i + 28, column sums = 6 + 4k.
  %a = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc() : memref<8x16xf32>
  %c = memref.alloc() : memref<4x16xf32>
  %rows = memref.alloc() : memref<4xf32>
  %cols = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c8 step %c1 {
      %s = arith.addi %i, %k : index
      %si = arith.index_cast %s : index to i32
      %f = arith.sitofp %si : i32 to f32
      memref.store %f, %a[%i, %k] : memref<4x8xf32>
    }
  }
  linalg.fill ins(%one : f32) outs(%b : memref<8x16xf32>)
  linalg.fill ins(%zero : f32) outs(%c : memref<4x16xf32>)
  call @vectors(%a, %b, %c, %rows, %cols) : (memref<4x8xf32>, memref<8x16xf32>, memref<4x16xf32>, memref<4xf32>, memref<8xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [4, 16]
  // CHECK-NEXT: [28,   28,   28,   28,   28,   28,   28,   28,   28,   28,   28,   28,   28,   28,   28,   28]
  // CHECK-NEXT: [36,   36,   36,   36,   36,   36,   36,   36,   36,   36,   36,   36,   36,   36,   36,   36]
  // CHECK-NEXT: [44,   44,   44,   44,   44,   44,   44,   44,   44,   44,   44,   44,   44,   44,   44,   44]
  // CHECK-NEXT: [52,   52,   52,   52,   52,   52,   52,   52,   52,   52,   52,   52,   52,   52,   52,   52]
  %uc = memref.cast %c : memref<4x16xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  // CHECK: [28,  36,  44,  52]
  %ur = memref.cast %rows : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  // CHECK: [6,  10,  14,  18,  22,  26,  30,  34]
  %ucol = memref.cast %cols : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ucol) : (memref<*xf32>) -> ()

  // Dynamic shapes: 3x5, x + x.
  %d = memref.alloc(%c3, %c5) : memref<?x?xf32>
  linalg.fill ins(%one : f32) outs(%d : memref<?x?xf32>)
  %td = bufferization.to_tensor %d restrict : memref<?x?xf32> to tensor<?x?xf32>
  %sum = call @add(%td, %td) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %sm = bufferization.to_buffer %sum : tensor<?x?xf32> to memref<?x?xf32>
  // CHECK: rank = 2 offset = 0 sizes = [3, 5]
  // CHECK-NEXT: [2,  2,  2,  2,  2]
  // CHECK-NEXT: [2,  2,  2,  2,  2]
  // CHECK-NEXT: [2,  2,  2,  2,  2]
  %us = memref.cast %sm : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<4x8xf32>
  memref.dealloc %b : memref<8x16xf32>
  memref.dealloc %c : memref<4x16xf32>
  memref.dealloc %rows : memref<4xf32>
  memref.dealloc %cols : memref<8xf32>
  memref.dealloc %d : memref<?x?xf32>
  return
}
