// Instruction selection of the portable 4-way i8 dot form: vpdpbusd on a
// target with AVX-512 VNNI; for sums (the other side all ones) vpmaddubsw +
// vpmaddwd with AVX-512 BW (512 bits) or AVX2 (256 bits); ordinary vector
// code for the rest.
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm{target=znver4})' | FileCheck %s --check-prefix=VNNI
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm{target=skylake-avx512})' | FileCheck %s --check-prefix=BW
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm{target=haswell})' | FileCheck %s --check-prefix=AVX2

// VNNI-LABEL: llvm.func @forms
// VNNI-COUNT-3: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"({{.*}}) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// VNNI-NOT: vpdpbusd
// VNNI-NOT: pmadd
// The u8 x s8 product is left alone (a pair of products can saturate
// vpmaddubsw's i16); the sums are not.
// BW-LABEL: llvm.func @forms
// BW-NOT: vpdpbusd
// BW-DAG: %[[ONES8:.*]] = llvm.mlir.constant(dense<1> : vector<64xi8>)
// BW-DAG: %[[ONES16:.*]] = llvm.mlir.constant(dense<1> : vector<32xi16>)
// BW: %[[P1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.pmaddubs.w.512"(%[[ONES8]], %{{.*}}) : (vector<64xi8>, vector<64xi8>) -> vector<32xi16>
// BW: %[[Q1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.pmaddw.d.512"(%[[P1]], %[[ONES16]]) : (vector<32xi16>, vector<32xi16>) -> vector<16xi32>
// BW: llvm.add %{{.*}}, %[[Q1]] : vector<16xi32>
// BW: %[[P2:.*]] = llvm.call_intrinsic "llvm.x86.avx512.pmaddubs.w.512"(%{{.*}}, %[[ONES8]]) : (vector<64xi8>, vector<64xi8>) -> vector<32xi16>
// BW: llvm.call_intrinsic "llvm.x86.avx512.pmaddw.d.512"(%[[P2]], %[[ONES16]])
// BW-NOT: pmadd
// AVX2-LABEL: llvm.func @forms
// AVX2-NOT: vpdpbusd
// AVX2-NOT: pmadd
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

// The 256-bit form: sums to vpmaddubsw + vpmaddwd on AVX2 (and on the
// AVX-512 targets, whose 4-way forms are 512-bit, ordinary code).
// VNNI-LABEL: llvm.func @forms256
// VNNI-NOT: call_intrinsic
// BW-LABEL: llvm.func @forms256
// BW-NOT: call_intrinsic
// AVX2-LABEL: llvm.func @forms256
// AVX2: llvm.call_intrinsic "llvm.x86.avx2.pmadd.ub.sw"(%{{.*}}, %{{.*}}) : (vector<32xi8>, vector<32xi8>) -> vector<16xi16>
// AVX2: llvm.call_intrinsic "llvm.x86.avx2.pmadd.wd"(%{{.*}}, %{{.*}}) : (vector<16xi16>, vector<16xi16>) -> vector<8xi32>
// AVX2: llvm.call_intrinsic "llvm.x86.avx2.pmadd.ub.sw"
// AVX2: llvm.call_intrinsic "llvm.x86.avx2.pmadd.wd"
// AVX2-NOT: call_intrinsic
func.func @forms256(%acc: vector<8xi32>, %u: vector<32xi8>, %s: vector<32xi8>) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>) {
  %ug = vector.shape_cast %u : vector<32xi8> to vector<8x4xi8>
  %sg = vector.shape_cast %s : vector<32xi8> to vector<8x4xi8>
  %ue = arith.extui %ug : vector<8x4xi8> to vector<8x4xi32>
  %se = arith.extsi %sg : vector<8x4xi8> to vector<8x4xi32>
  %p = arith.muli %se, %ue : vector<8x4xi32>
  %d = vector.multi_reduction <add>, %p, %acc [1] : vector<8x4xi32> to vector<8xi32>
  %ss = vector.multi_reduction <add>, %se, %acc [1] : vector<8x4xi32> to vector<8xi32>
  %us = vector.multi_reduction <add>, %ue, %acc [1] : vector<8x4xi32> to vector<8xi32>
  return %d, %ss, %us : vector<8xi32>, vector<8xi32>, vector<8xi32>
}

// The 2-way form (cache_reduce's i8 dot form without VNNI): the pairs
// widened to i16 as the body widens them, vpmaddwd, added to the
// accumulator, on 512 bits with AVX-512 BW (also on a VNNI target, where
// cache_reduce takes groups of 4 instead). (The 256-bit form on AVX2 is
// in the haswell GEMM of test/dot-product/asm.mlir; this pipeline first
// splits these vectors to haswell's native size.)
// VNNI-LABEL: llvm.func @pairs
// VNNI: llvm.call_intrinsic "llvm.x86.avx512.pmaddw.d.512"
// BW-LABEL: llvm.func @pairs
// BW: %[[X:.*]] = llvm.zext %{{.*}} : vector<32xi8> to vector<32xi16>
// BW: %[[Y:.*]] = llvm.sext %{{.*}} : vector<32xi8> to vector<32xi16>
// BW: %[[Q:.*]] = llvm.call_intrinsic "llvm.x86.avx512.pmaddw.d.512"(%[[X]], %[[Y]]) : (vector<32xi16>, vector<32xi16>) -> vector<16xi32>
// BW: llvm.add %{{.*}}, %[[Q]] : vector<16xi32>
// BW-NOT: pmadd
// AVX2-LABEL: llvm.func @pairs
// AVX2-NOT: pmaddw.d.512
func.func @pairs(%acc: vector<16xi32>, %x: vector<32xi8>, %y: vector<32xi8>,
                 %acc8: vector<8xi32>, %x8: vector<16xi8>, %y8: vector<16xi8>) -> (vector<16xi32>, vector<8xi32>) {
  %xg = vector.shape_cast %x : vector<32xi8> to vector<16x2xi8>
  %yg = vector.shape_cast %y : vector<32xi8> to vector<16x2xi8>
  %xe = arith.extui %xg : vector<16x2xi8> to vector<16x2xi32>
  %ye = arith.extsi %yg : vector<16x2xi8> to vector<16x2xi32>
  %p = arith.muli %xe, %ye : vector<16x2xi32>
  %d = vector.multi_reduction <add>, %p, %acc [1] : vector<16x2xi32> to vector<16xi32>
  %xg8 = vector.shape_cast %x8 : vector<16xi8> to vector<8x2xi8>
  %yg8 = vector.shape_cast %y8 : vector<16xi8> to vector<8x2xi8>
  %xe8 = arith.extui %xg8 : vector<8x2xi8> to vector<8x2xi32>
  %ye8 = arith.extui %yg8 : vector<8x2xi8> to vector<8x2xi32>
  %p8 = arith.muli %xe8, %ye8 : vector<8x2xi32>
  %d8 = vector.multi_reduction <add>, %p8, %acc8 [1] : vector<8x2xi32> to vector<8xi32>
  return %d, %d8 : vector<16xi32>, vector<8xi32>
}
