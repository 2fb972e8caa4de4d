// RUN: %regtile-opt %s --split-input-file -p 'builtin.module(regtile-lower-to-llvm)' --verify-diagnostics

// IR the pipeline cannot lower is named, once per kind of op.
func.func @erf(%x: f32, %y: f32) -> (f32, f32) {
  // expected-error @below {{regtile-lower-to-llvm: 'math.erf' could not be lowered to the LLVM dialect}}
  %r = math.erf %x : f32
  %s = math.erf %y : f32
  return %r, %s : f32, f32
}

// -----

// A bad target description on the module.
// expected-error @below {{invalid 'regtile.target': unknown target CPU 'cortex-a72'}}
module attributes {regtile.target = "cortex-a72"} {
  func.func @f() { return }
}

// RUN: not %regtile-opt %s --split-input-file -p 'builtin.module(regtile-lower-to-llvm{target=pentium9000})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: invalid target: unknown target CPU 'pentium9000'
