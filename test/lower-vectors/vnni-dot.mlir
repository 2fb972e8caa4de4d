// Instruction selection of the portable 4-way i8 dot form: vpdpbusd on a
// target with AVX-512 VNNI, ordinary vector code elsewhere.
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm{target=znver4})' | FileCheck %s --check-prefix=VNNI
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm{target=haswell})' | FileCheck %s --check-prefix=AVX2

// VNNI-LABEL: llvm.func @forms
// VNNI-COUNT-3: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"({{.*}}) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// VNNI-NOT: vpdpbusd
// AVX2-LABEL: llvm.func @forms
// AVX2-NOT: vpdpbusd
func.func @forms(%acc: vector<16xi32>, %u: vector<64xi8>, %s: vector<64xi8>) -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<8xi32>) {
  %ug = vector.shape_cast %u : vector<64xi8> to vector<16x4xi8>
  %sg = vector.shape_cast %s : vector<64xi8> to vector<16x4xi8>
  %ue = arith.extui %ug : vector<16x4xi8> to vector<16x4xi32>
  %se = arith.extsi %sg : vector<16x4xi8> to vector<16x4xi32>
  %p = arith.muli %se, %ue : vector<16x4xi32>
  // u8 x s8 (operands in either order), sum of s8, sum of u8.
  %d = vector.multi_reduction <add>, %p, %acc [1] : vector<16x4xi32> to vector<16xi32>
  %ss = vector.multi_reduction <add>, %se, %acc [1] : vector<16x4xi32> to vector<16xi32>
  %us = vector.multi_reduction <add>, %ue, %acc [1] : vector<16x4xi32> to vector<16xi32>
  // Not the instruction's shape: left to ordinary lowering.
  %half = vector.extract_strided_slice %se {offsets = [0, 0], sizes = [8, 4], strides = [1, 1]} : vector<16x4xi32> to vector<8x4xi32>
  %z = arith.constant dense<0> : vector<8xi32>
  %other = vector.multi_reduction <add>, %half, %z [1] : vector<8x4xi32> to vector<8xi32>
  return %d, %ss, %us, %other : vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<8xi32>
}
