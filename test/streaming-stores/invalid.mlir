// What regtile-streaming-stores refuses: an annotated op that is not a loop
// is an error; a loop with nothing that can stream gets a warning and is
// left as it is (the attribute is removed either way).
// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-streaming-stores{target=skylake-avx512})' --verify-diagnostics | FileCheck %s

func.func @not_a_loop(%a: index) -> index {
  // expected-error @below {{regtile.streaming_stores: expected a loop, got 'arith.addi'}}
  %b = arith.addi %a, %a {regtile.streaming_stores} : index
  return %b : index
}

// -----

// CHECK-LABEL: func.func @misaligned_rows
// CHECK-NOT: scf.if
// CHECK-NOT: nontemporal
// CHECK-NOT: regtile.streaming_stores
func.func @misaligned_rows(%dst: memref<64x63xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{regtile.streaming_stores: no streaming stores: no store of the loop can stream (the first one index 0 is not provably a multiple of the alignment)}}
  scf.for %i = %c0 to %c64 step %c1 {
    vector.store %v, %dst[%i, %c0] : memref<64x63xf32>, vector<16xf32>
  } {regtile.streaming_stores}
  return
}

// -----

func.func @small_vectors(%dst: memref<64x64xf32>, %v: vector<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{no store of the loop can stream (the first one stores less than 16 aligned bytes)}}
  scf.for %i = %c0 to %c64 step %c1 {
    vector.store %v, %dst[%i, %c0] : memref<64x64xf32>, vector<2xf32>
  } {regtile.streaming_stores}
  return
}

// -----

func.func @misaligned_offset(%dst: memref<64x64xf32, strided<[64, 1], offset: 3>>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{the first one writes at a misaligned static offset}}
  scf.for %i = %c0 to %c64 step %c1 {
    vector.store %v, %dst[%i, %c0] : memref<64x64xf32, strided<[64, 1], offset: 3>>, vector<16xf32>
  } {regtile.streaming_stores}
  return
}

// -----

func.func @unknown_index(%dst: memref<64x64xf32>, %v: vector<16xf32>, %j: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{the first one index 1 is not provably a multiple of the alignment}}
  scf.for %i = %c0 to %c64 step %c1 {
    vector.store %v, %dst[%i, %j] : memref<64x64xf32>, vector<16xf32>
  } {regtile.streaming_stores}
  return
}

// -----

// An affine loop whose step (8 floats) does not keep the 64-byte alignment.
func.func @affine_step_too_small(%dst: memref<64x64xf32>, %v: vector<16xf32>) {
  // expected-warning @below {{the first one index 1 is not provably a multiple of the alignment}}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 48 step 8 {
      vector.store %v, %dst[%i, %j] : memref<64x64xf32>, vector<16xf32>
    }
  } {regtile.streaming_stores}
  return
}

// -----

func.func @buffer_inside(%v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{the first one writes a buffer defined inside the loop}}
  scf.for %i = %c0 to %c64 step %c1 {
    %m = memref.alloca() : memref<16xf32>
    vector.store %v, %m[%c0] : memref<16xf32>, vector<16xf32>
  } {regtile.streaming_stores}
  return
}

// -----

func.func @tensors(%t: tensor<64x64xf32>, %v: vector<16xf32>) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @below {{the loop works on tensors; streaming stores need buffers (bufferize first)}}
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%a = %t) -> tensor<64x64xf32> {
    %w = vector.transfer_write %v, %a[%i, %c0] {in_bounds = [true]} : vector<16xf32>, tensor<64x64xf32>
    scf.yield %w : tensor<64x64xf32>
  } {regtile.streaming_stores}
  return %r : tensor<64x64xf32>
}

// -----

func.func @no_stores(%src: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %init = arith.constant 0.0 : f32
  // expected-warning @below {{the loop has no vector store}}
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%a = %init) -> f32 {
    %x = memref.load %src[%i] : memref<64xf32>
    %s = arith.addf %a, %x : f32
    scf.yield %s : f32
  } {regtile.streaming_stores}
  return %r : f32
}
