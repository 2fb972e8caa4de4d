// Row-streaming unpack: the two innermost unpacked dims carry the tiles, so
// destination rows are written as sequential streams (loops: outer dims,
// tile rows, groups of rows of the tile, tile columns; then the rows left
// one by one). Groups of 8 rows: 8 x 2 vectors = half the 32 registers of
// the target (znver4). outer_dims_perm swaps the two leading
// dims (the unpacked indices follow it); tiles are partial on both tiled
// dims (37 = 2 x 16 + 5: the last tile row has no whole group; 70 = 2 x 32
// + 6). Checked bit for bit against upstream lower_unpack, and the loop
// structure with FileCheck.
// RUN: %difftest %s --reference-schedule 'transform-interpreter{entry-point=reference}' | FileCheck %s --check-prefix=EXEC
// RUN: %regtile-opt %s --transform-interpreter | FileCheck %s
// EXEC: PASS 1 cases

// CHECK-LABEL: func.func @unpack
// CHECK: scf.for %[[A0:[a-z0-9_]+]] =
// CHECK:   scf.for %[[A1:[a-z0-9_]+]] =
// CHECK:     scf.for %[[A2:[a-z0-9_]+]] =
// CHECK:       %[[VALID:.*]] = arith.minsi
// CHECK:       %[[GROUPS:.*]] = arith.divui %[[VALID]], %c8
// CHECK:       %[[END:.*]] = arith.muli %[[GROUPS]], %c8
// CHECK:       %[[G:.*]] = scf.for %[[R:[a-z0-9_]+]] = %{{.*}} to %[[END]] step %c8
// CHECK:         scf.for %[[J:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK:           %[[V:.*]] = vector.transfer_read %{{.*}}[%[[A0]], %[[A1]], %[[A2]], %[[J]], %[[R]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<5x3x3x3x16x32xf32>, vector<8x32xf32>
// CHECK:           vector.transfer_write %[[V]], %{{.*}}[%[[A1]], %[[A0]], %{{.*}}, %{{.*}}] {in_bounds = [true, false]} : vector<8x32xf32>, tensor<3x5x37x70xf32>
// CHECK:       scf.for %[[R1:[a-z0-9_]+]] = %[[END]] to %[[VALID]] step %c1{{.*}} iter_args(%{{.*}} = %[[G]])
// CHECK:         scf.for %[[J1:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK:           %[[V1:.*]] = vector.transfer_read %{{.*}}[%[[A0]], %[[A1]], %[[A2]], %[[J1]], %[[R1]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<5x3x3x3x16x32xf32>, vector<1x32xf32>
// CHECK:           vector.transfer_write %[[V1]], %{{.*}}[%[[A1]], %[[A0]], %{{.*}}, %{{.*}}] {in_bounds = [true, false]} : vector<1x32xf32>, tensor<3x5x37x70xf32>
func.func @unpack(%s: tensor<5x3x3x3x16x32xf32>, %d: tensor<3x5x37x70xf32>) -> tensor<3x5x37x70xf32> {
  %u = linalg.unpack %s outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [16, 32] into %d : tensor<5x3x3x3x16x32xf32> -> tensor<3x5x37x70xf32>
  return %u : tensor<3x5x37x70xf32>
}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %k = memref.alloc() : memref<5x3x3x3x16x32xf32>
  %uk = memref.cast %k : memref<5x3x3x3x16x32xf32> to memref<*xf32>
  call @regtileFillF32(%uk, %s1) : (memref<*xf32>, i64) -> ()
  %tk = bufferization.to_tensor %k restrict : memref<5x3x3x3x16x32xf32> to tensor<5x3x3x3x16x32xf32>
  %d = memref.alloc() : memref<3x5x37x70xf32>
  %ud = memref.cast %d : memref<3x5x37x70xf32> to memref<*xf32>
  call @regtileFillF32(%ud, %s2) : (memref<*xf32>, i64) -> ()
  %td = bufferization.to_tensor %d restrict writable : memref<3x5x37x70xf32> to tensor<3x5x37x70xf32>
  %u = call @unpack(%tk, %td) : (tensor<5x3x3x3x16x32xf32>, tensor<3x5x37x70xf32>) -> tensor<3x5x37x70xf32>
  %um = bufferization.to_buffer %u : tensor<3x5x37x70xf32> to memref<3x5x37x70xf32>
  %uu = memref.cast %um : memref<3x5x37x70xf32> to memref<*xf32>
  call @regtilePrintF32(%uu) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %u = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %u {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @reference(%root: !transform.any_op {transform.readonly}) {
    %u = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    %e, %f, %g, %h = transform.structured.lower_unpack %u : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
