// regtile-bf16-storage: in an llvm.func whose bf16 values are only moved
// (loaded, stored, shuffled, selected, carried across blocks), bf16 becomes
// i16, constants keeping their bits; a function that computes on bf16 or
// has bf16 in its signature is left as it is. regtile-lower-to-llvm runs
// it, after regtile-expand-arith{expand-bf16}, for targets without native
// bf16 conversions.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(regtile-bf16-storage)' | FileCheck %s
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(func.func(regtile-expand-arith{expand-bf16}))' | FileCheck %s --check-prefix=EXPAND

// A row read ahead into a phi (what a pack's masked read becomes), a
// broadcast of a scalar and a bitcast from the bf16 expansion.
// CHECK-LABEL: llvm.func @moves(
// CHECK-NOT: bf16
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(dense<16256> : vector<32xi16>) : vector<32xi16>
// CHECK: llvm.cond_br %{{.*}}, ^[[READ:.*]], ^[[JOIN:.*]](%[[ZERO]] : vector<32xi16>)
// CHECK: ^[[READ]]:
// CHECK: %[[ROW:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<32xi16>
// CHECK: llvm.br ^[[JOIN]](%[[ROW]] : vector<32xi16>)
// CHECK: ^[[JOIN]](%[[V:.*]]: vector<32xi16>):
// CHECK: llvm.store %[[V]], %{{.*}} : vector<32xi16>, !llvm.ptr
// CHECK: %[[LOW:.*]] = llvm.shufflevector %[[V]], %[[V]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<32xi16>
// CHECK: llvm.zext %[[LOW]] : vector<16xi16> to vector<16xi32>
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i16
// CHECK: %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i16
// CHECK: llvm.insertelement %[[S]], %{{.*}}[%{{.*}} : i64] : vector<16xi16>
// CHECK-NOT: bf16
// CHECK: llvm.return
llvm.func @moves(%p: !llvm.ptr, %q: !llvm.ptr, %r: !llvm.ptr, %c: i1, %i: i64) -> vector<16xi32> {
  %one = llvm.mlir.constant(dense<1.0> : vector<32xbf16>) : vector<32xbf16>
  llvm.cond_br %c, ^read, ^join(%one : vector<32xbf16>)
^read:
  %row = llvm.load %p : !llvm.ptr -> vector<32xbf16>
  llvm.br ^join(%row : vector<32xbf16>)
^join(%v: vector<32xbf16>):
  llvm.store %v, %q : vector<32xbf16>, !llvm.ptr
  %low = llvm.shufflevector %v, %v [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<32xbf16>
  %bits = llvm.bitcast %low : vector<16xbf16> to vector<16xi16>
  %wide = llvm.zext %bits : vector<16xi16> to vector<16xi32>
  %at = llvm.getelementptr %r[%i] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
  %s = llvm.load %at : !llvm.ptr -> bf16
  %poison = llvm.mlir.poison : vector<16xbf16>
  %zero = llvm.mlir.constant(0 : i64) : i64
  %splat = llvm.insertelement %s, %poison[%zero : i64] : vector<16xbf16>
  %sbits = llvm.bitcast %splat : vector<16xbf16> to vector<16xi16>
  %swide = llvm.zext %sbits : vector<16xi16> to vector<16xi32>
  %sum = llvm.add %wide, %swide : vector<16xi32>
  llvm.return %sum : vector<16xi32>
}

// -----

// CHECK-LABEL: llvm.func @computes(
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<16xbf16>
// CHECK: llvm.fpext %{{.*}} : vector<16xbf16> to vector<16xf32>
llvm.func @computes(%p: !llvm.ptr) -> vector<16xf32> {
  %v = llvm.load %p : !llvm.ptr -> vector<16xbf16>
  %w = llvm.fpext %v : vector<16xbf16> to vector<16xf32>
  llvm.return %w : vector<16xf32>
}

// -----

// CHECK-LABEL: llvm.func @signature(
// CHECK-SAME: vector<16xbf16>
// CHECK: llvm.store %{{.*}} : vector<16xbf16>, !llvm.ptr
llvm.func @signature(%v: vector<16xbf16>, %p: !llvm.ptr) {
  llvm.store %v, %p : vector<16xbf16>, !llvm.ptr
  llvm.return
}

// -----

// EXPAND-LABEL: func.func @expand(
// EXPAND-NOT: arith.extf
// EXPAND-NOT: arith.truncf
// EXPAND: arith.bitcast %{{.*}} : vector<16xbf16> to vector<16xi16>
// EXPAND: arith.extui
// EXPAND: arith.shli
// EXPAND: arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// EXPAND: arith.bitcast %{{.*}} : vector<16xf32> to vector<16xi32>
// EXPAND: arith.bitcast %{{.*}} : vector<16xi16> to vector<16xbf16>
// EXPAND-NOT: arith.extf
// EXPAND-NOT: arith.truncf
func.func @expand(%v: vector<16xbf16>, %f: vector<16xf32>) -> (vector<16xf32>, vector<16xbf16>) {
  %w = arith.extf %v : vector<16xbf16> to vector<16xf32>
  %t = arith.truncf %f : vector<16xf32> to vector<16xbf16>
  return %w, %t : vector<16xf32>, vector<16xbf16>
}
