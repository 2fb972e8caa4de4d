// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(regtile-inline-alloca-scopes)' | FileCheck %s

// A scope whose body allocates nothing goes, even with an op without
// memory effects (the streaming stores' fence) inside.
// CHECK-LABEL: func.func @no_alloca
// CHECK-NOT: memref.alloca_scope
// CHECK: %[[V:.*]] = arith.addi
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"
// CHECK: return %[[V]]
func.func @no_alloca(%a: index) -> index {
  %r = memref.alloca_scope -> index {
    %v = arith.addi %a, %a : index
    llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
    memref.alloca_scope.return %v : index
  }
  return %r : index
}

// -----

// A scope that allocates on the stack stays (its allocation is freed at
// the end of each iteration of a loop around it).
// CHECK-LABEL: func.func @alloca
// CHECK: memref.alloca_scope
// CHECK: memref.alloca
func.func @alloca(%m: memref<4xf32>) {
  memref.alloca_scope {
    %t = memref.alloca() : memref<4xf32>
    memref.copy %m, %t : memref<4xf32> to memref<4xf32>
  }
  return
}

// -----

// An allocation in a nested scope is that scope's: the outer one goes.
// CHECK-LABEL: func.func @nested
// CHECK: memref.alloca_scope {
// CHECK-NEXT: memref.alloca
// CHECK-NOT: memref.alloca_scope
func.func @nested(%m: memref<4xf32>) {
  memref.alloca_scope {
    memref.alloca_scope {
      %t = memref.alloca() : memref<4xf32>
      memref.copy %m, %t : memref<4xf32> to memref<4xf32>
    }
  }
  return
}
