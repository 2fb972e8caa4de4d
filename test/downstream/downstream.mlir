// The installed package works for a downstream project: install regtile,
// build examples/downstream against it with find_package(regtile), and run
// its tool: its own pass over regtile's pattern set, and regtile's passes
// registered from the library (no plugin).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cmake --install %regtile-obj --prefix %t/prefix > %t/install.log
// RUN: cmake -S %regtile-src/examples/downstream -B %t/build -DCMAKE_PREFIX_PATH=%t/prefix -DCMAKE_BUILD_TYPE=Release %cmake-cxx-compiler > %t/configure.log
// RUN: cmake --build %t/build > %t/build.log
// RUN: %t/build/downstream-opt --downstream-fold-unit-dims %s | FileCheck %s --check-prefix=FOLD
// RUN: %t/build/downstream-opt --downstream-fold-unit-dims --regtile-lower-to-llvm=target=znver4 %s | FileCheck %s --check-prefix=LLVM
// The package also names the plugin and the strategy library:
// RUN: test -f %t/prefix/lib/libRegtilePlugin.so
// RUN: test -f %t/prefix/share/regtile/strategies/regtile_matmul.mlir
// RUN: grep -q REGTILE_STRATEGIES_DIR %t/prefix/lib/cmake/regtile/regtileConfig.cmake

// FOLD-LABEL: func.func @add
// FOLD: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<1x16xf32> into tensor<16xf32>
// FOLD: linalg.generic {{.*}} iterator_types = ["parallel"]
// LLVM-LABEL: llvm.func @add
// LLVM-SAME: target_cpu = "znver4"
func.func @add(%a: tensor<1x16xf32>, %b: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %r = linalg.add ins(%a, %a : tensor<1x16xf32>, tensor<1x16xf32>) outs(%b : tensor<1x16xf32>) -> tensor<1x16xf32>
  return %r : tensor<1x16xf32>
}
