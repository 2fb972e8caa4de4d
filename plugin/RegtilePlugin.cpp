//===- RegtilePlugin.cpp - regtile entry points for stock mlir-opt --------===//
//
// One shared library, two entry points:
//   --load-dialect-plugin=libRegtilePlugin.so  registers the Transform
//       dialect extension (transform.regtile.* ops and pattern sets);
//   --load-pass-plugin=libRegtilePlugin.so     registers regtile's passes
//       (regtile-lower-to-llvm, regtile-lower-vectors).
// Registration only: everything else lives in patterns/ and transforms/.
//
//===----------------------------------------------------------------------===//

#include "regtile/Patterns/LowerToLLVM.h"
#include "regtile/Transforms/RegtileTransformOps.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "regtile", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            regtile::registerTransformDialectExtension(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "regtile", LLVM_VERSION_STRING,
          []() { regtile::registerPasses(); }};
}
