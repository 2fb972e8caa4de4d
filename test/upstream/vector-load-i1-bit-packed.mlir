// Upstream MLIR 22 / LLVM behaviour that regtile's design works around; not
// a test of regtile code. If this test fails after an LLVM update, upstream
// changed the lowering and the workaround can be revisited.
//
// A memref of i1 holds one element per byte (a scalar load or store of i1
// is a byte), but a vector load of i1 becomes an LLVM load of <N x i1>,
// which LLVM lays out bit-packed: lanes 0-7 come from the first byte.
// reduce_to_vector_accumulator therefore reads and writes i1 elements one
// by one (see reduce-to-vector-accumulator/exec-i1.mlir). Here the memref
// holds 1, 0, 1, 0, ... (bytes), and the vector load returns the bits of
// those bytes: lane 0 = 1, lanes 1-7 = 0, lane 8 = 0 (bit 0 of byte 1), ...
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm)' | %regtile-run | FileCheck %s

// CHECK: ( 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 )
// CHECK: 1 0 1{{$}}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %t = arith.constant true
  %f = arith.constant false
  %m = memref.alloc() : memref<16xi1>
  scf.for %i = %c0 to %c16 step %c2 {
    memref.store %t, %m[%i] : memref<16xi1>
    %j = arith.addi %i, %c1 : index
    memref.store %f, %m[%j] : memref<16xi1>
  }
  %v = vector.load %m[%c0] : memref<16xi1>, vector<16xi1>
  vector.print %v : vector<16xi1>
  %e0 = memref.load %m[%c0] : memref<16xi1>
  %e1 = memref.load %m[%c1] : memref<16xi1>
  %e2 = memref.load %m[%c2] : memref<16xi1>
  vector.print %e0 : i1 punctuation <no_punctuation>
  vector.print str " "
  vector.print %e1 : i1 punctuation <no_punctuation>
  vector.print str " "
  vector.print %e2 : i1 punctuation <no_punctuation>
  vector.print str "\n"
  memref.dealloc %m : memref<16xi1>
  return
}
