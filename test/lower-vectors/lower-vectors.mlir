// regtile-lower-vectors: n-D vector ops to 1-D ones, strategies per op.
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(func.func(regtile-lower-vectors{target=znver4}))' | FileCheck %s

// A multi-reduction over the innermost dim becomes one horizontal reduction
// per row (inner-reduction strategy: no transpose).
// CHECK-LABEL: func.func @rows
// CHECK-NOT: vector.transpose
// CHECK-COUNT-4: vector.reduction <add>, %{{.*}} : vector<16xf32> into f32
// CHECK-NOT: vector.multi_reduction
func.func @rows(%v: vector<4x16xf32>, %acc: vector<4xf32>) -> vector<4xf32> {
  %r = vector.multi_reduction <add>, %v, %acc [1] : vector<4x16xf32> to vector<4xf32>
  return %r : vector<4xf32>
}

// -----

// A multi-reduction over an outer dim becomes elementwise adds of whole
// rows (inner-parallel strategy: no transpose, no horizontal reduction).
// CHECK-LABEL: func.func @cols
// CHECK-NOT: vector.transpose
// CHECK-NOT: vector.reduction
// CHECK-COUNT-4: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT: vector.multi_reduction
func.func @cols(%v: vector<4x16xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %r = vector.multi_reduction <add>, %v, %acc [0] : vector<4x16xf32> to vector<16xf32>
  return %r : vector<16xf32>
}

// -----

// A contraction becomes FMAs (outer products) on native-width rows.
// CHECK-LABEL: func.func @contract
// CHECK-NOT: vector.contract
// CHECK: vector.fma {{.*}} : vector<16xf32>
func.func @contract(%a: vector<2x4xf32>, %b: vector<4x16xf32>, %c: vector<2x16xf32>) -> vector<2x16xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                        iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
       %a, %b, %c : vector<2x4xf32>, vector<4x16xf32> into vector<2x16xf32>
  return %r : vector<2x16xf32>
}

// -----

// A transfer_read of a tensor that skips a unit dim reads through a
// rank-reducing tensor.extract_slice; the pass loads the tensor dialect for
// it (was a crash when nothing else in the module had loaded it).
// CHECK-LABEL: func.func @read_skipping_unit_dim
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [3, 1, 7] [1, 1, 1] : tensor<3x5x7xf32> to tensor<3x7xf32>
// CHECK: vector.transfer_read %[[S]]
func.func @read_skipping_unit_dim(%a: tensor<3x5x7xf32>) -> vector<3x7xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %0 = vector.transfer_read %a[%c0, %c0, %c0], %cst {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2) -> (d0, d2)>} : tensor<3x5x7xf32>, vector<3x7xf32>
  return %0 : vector<3x7xf32>
}

// -----

// A pack's transposed tile ([2][32] bf16 read, [32][2] written into the
// two innermost dims of a buffer whose innermost dim it fills: an
// interleaved cache) becomes one shuffle and one contiguous write, not an
// element-by-element transpose and 32 row writes.
// CHECK-LABEL: func.func @transposed_tile
// CHECK-NOT: vector.transpose
// CHECK: %[[S:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 32, 1, 33, 2, 34,
// CHECK-SAME: 31, 63] : vector<64xbf16>, vector<64xbf16>
// CHECK: %[[C:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<4x32x2xbf16> into memref<4x64xbf16>
// CHECK: vector.store %[[S]], %[[C]][%{{.*}}, %{{.*}}] : memref<4x64xbf16>, vector<64xbf16>
func.func @transposed_tile(%src: memref<2x32xbf16>, %dst: memref<4x32x2xbf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %v = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x32xbf16>, vector<2x32xbf16>
  %t = vector.transpose %v, [1, 0] : vector<2x32xbf16> to vector<32x2xbf16>
  vector.transfer_write %t, %dst[%i, %c0, %c0] {in_bounds = [true, true]} : vector<32x2xbf16>, memref<4x32x2xbf16>
  return
}

// -----

// Not when the written rows are not contiguous (a wider innermost dim): the
// transpose stays for the usual lowering.
// CHECK-LABEL: func.func @transposed_tile_gaps
// CHECK-NOT: memref.collapse_shape
// CHECK-NOT: memref<{{.*}}>, vector<64xbf16>
// CHECK: return
func.func @transposed_tile_gaps(%src: memref<2x32xbf16>, %dst: memref<4x32x4xbf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %v = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x32xbf16>, vector<2x32xbf16>
  %t = vector.transpose %v, [1, 0] : vector<2x32xbf16> to vector<32x2xbf16>
  vector.transfer_write %t, %dst[%i, %c0, %c0] {in_bounds = [true, true]} : vector<32x2xbf16>, memref<4x32x4xbf16>
  return
}
