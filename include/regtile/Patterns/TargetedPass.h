//===- TargetedPass.h - regtile passes' target option ----------*- C++ -*-===//
//
// The `target` option every regtile pass has, and its resolution: the option
// if given, else the nearest `regtile.target` attribute, else the host.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_TARGETEDPASS_H
#define REGTILE_PATTERNS_TARGETEDPASS_H

#include "regtile/TargetInfo.h"

#include "mlir/Pass/Pass.h"

#include <string>

namespace regtile {

template <typename Derived, typename OpT = void>
struct TargetedPass
    : public mlir::PassWrapper<Derived, mlir::OperationPass<OpT>> {
  TargetedPass() = default;
  TargetedPass(const TargetedPass &other)
      : mlir::PassWrapper<Derived, mlir::OperationPass<OpT>>(other) {}

  mlir::Pass::Option<std::string> target{
      *this, "target",
      llvm::cl::desc("Target description (default: "
                     "regtile.target attribute or host)"),
      llvm::cl::init("")};

  /// The target for the pass's op; emits an error on a bad description.
  mlir::FailureOr<TargetInfo> resolveTarget() {
    mlir::Operation *op = this->getOperation();
    return getTargetFor(op, target, op->getLoc());
  }
};

} // namespace regtile

#endif // REGTILE_PATTERNS_TARGETEDPASS_H
