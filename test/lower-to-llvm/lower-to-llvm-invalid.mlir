// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-lower-to-llvm)' --verify-diagnostics

// IR the pipeline cannot lower is named, once per kind of op.
// (math.ipowi: no LLVM intrinsic, no libm function.)
func.func @ipowi(%x: i32, %y: i32) -> (i32, i32) {
  // expected-error @below {{regtile-lower-to-llvm: 'math.ipowi' could not be lowered to the LLVM dialect}}
  %r = math.ipowi %x, %y : i32
  %s = math.ipowi %y, %x : i32
  return %r, %s : i32, i32
}

// -----

// A bad target description on the module.
// expected-error @below {{invalid 'regtile.target': unknown target CPU 'cortex-a72'}}
module attributes {regtile.target = "cortex-a72"} {
  func.func @f() { return }
}

// RUN: not %regtile-opt %s --split-input-file -p 'builtin.module(regtile-lower-to-llvm{target=pentium9000})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: invalid target: unknown target CPU 'pentium9000'
