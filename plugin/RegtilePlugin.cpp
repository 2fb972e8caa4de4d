//===- RegtilePlugin.cpp - regtile entry points for stock mlir-opt --------===//
//
// One shared library, two entry points:
//   --load-dialect-plugin=libRegtilePlugin.so  registers the Transform
//       dialect extension (transform.regtile.* ops and pattern sets);
//   --load-pass-plugin=libRegtilePlugin.so     registers regtile's passes
//       (docs/Passes.md: the library's and the lowering pipeline's).
// Registration only: everything else lives in lib/.
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"
#include "regtile/TransformOps/RegtileTransformOps.h"

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
