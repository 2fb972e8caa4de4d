// The target decides the vector lowering strategies: a 16x16 f32 transpose
// uses the AVX-512 shuffle network on an AVX-512 target and a flat shuffle
// on an AVX2 one. The target comes from the pass option or from the
// module's regtile.target attribute.
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm{target=znver4})' | FileCheck %s --check-prefix=AVX512
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm{target=haswell})' | FileCheck %s --check-prefix=AVX2
// RUN: sed 's/^module {/module attributes {regtile.target = "skylake-avx512"} {/' %s | %regtile-opt -p 'builtin.module(regtile-lower-to-llvm)' | FileCheck %s --check-prefix=AVX512

// The generated functions carry the target, so LLVM code generation (JIT or
// AOT) emits code for it, not for its own default CPU.
// AVX512-LABEL: llvm.func @transpose
// AVX512-SAME: target_cpu = "{{znver4|skylake-avx512}}"
// AVX512-SAME: target_features = #llvm.target_features<[{{.*}}"+avx512f"
// AVX512-COUNT-64: llvm.shufflevector {{.*}} : vector<16xf32>
// AVX512-NOT: vector<256xf32>
// AVX2-LABEL: llvm.func @transpose
// AVX2-SAME: target_cpu = "haswell"
// AVX2-SAME: target_features = #llvm.target_features<[{{.*}}"+avx2"
// AVX2-NOT: avx512f
// AVX2: llvm.shufflevector {{.*}} : vector<256xf32>
module {
  func.func @transpose(%m: memref<16x16xf32>, %o: memref<16x16xf32>) {
    %c0 = arith.constant 0 : index
    %p = arith.constant 0.0 : f32
    %v = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<16x16xf32>, vector<16x16xf32>
    %t = vector.transpose %v, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
    vector.transfer_write %t, %o[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
    return
  }
}
