// difftest refuses a payload with a ${...} placeholder that no case sets,
// naming it (the substitution helper python/regtile/substitute.py, shared with
// bench/compile-kernel.sh).
// RUN: not %difftest %s --case "N=4" 2>&1 | FileCheck %s
// RUN: not %python %regtile-src/python/regtile/substitute.py "N=4" %s 2>&1 | FileCheck %s --check-prefix=TOOL
// CHECK: difftest: split 0 {'N': '4'}: no value for ['M']
// TOOL: substitute: {{.*}}unset-parameter.mlir: no value for ['M']
func.func @main() {
  %a = memref.alloc() : memref<${N}x${M}xf32>
  return
}
