//===- Unscheduled.cpp - Compute ops a strategy left unscheduled ----------===//

#include "regtile/Patterns/Unscheduled.h"

#include "regtile/Patterns/Blocking.h"
#include "regtile/Patterns/ConvolutionBlocking.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace regtile {
namespace {

/// Why @regtile_conv2d leaves the convolution `op`.
std::string convolutionReason(linalg::LinalgOp op, const TargetInfo &target) {
  std::string reason;
  if (failed(computeConvolutionBlocking(op, target,
                                        ConvolutionBlockingOptions(), reason)))
    return reason;
  return "regtile's convolution blocking accepts it, but no strategy op "
         "reached it (@regtile_conv2d takes linalg.conv_2d_nhwc_hwcf and "
         "generics with its loops)";
}

/// Why @regtile_matmul leaves the contraction `op`.
std::string contractionReason(linalg::LinalgOp op, const TargetInfo &target) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return "upstream cannot classify its contraction dims";
  if (dims->m.size() != 1 || dims->n.size() != 1 || dims->k.size() != 1 ||
      dims->batch.size() > 1)
    return llvm::formatv(
        "expected one M, one N and one K dim and at most one batch dim (a "
        "GEMM or batched GEMM); found {0} M, {1} N, {2} K and {3} batch dims",
        dims->m.size(), dims->n.size(), dims->k.size(), dims->batch.size());
  std::string reason;
  if (failed(computeContractionBlocking(op, target,
                                        ContractionBlockingOptions(), reason)))
    return reason;
  return "regtile's contraction blocking accepts it, but no strategy op "
         "reached it (@regtile_matmul takes linalg.matmul, "
         "linalg.batch_matmul and generics with a GEMM's (m, n, k) loops in "
         "that order)";
}

} // namespace

std::optional<ComputeKind> parseComputeKind(StringRef name) {
  if (name == "convolution")
    return ComputeKind::Convolution;
  if (name == "contraction")
    return ComputeKind::Contraction;
  return std::nullopt;
}

StringRef computeKindNames() { return "'convolution', 'contraction'"; }

SmallVector<UnscheduledOp> findUnscheduled(Operation *root, ComputeKind kind,
                                           const TargetInfo &target) {
  SmallVector<UnscheduledOp> found;
  root->walk([&](linalg::LinalgOp op) {
    switch (kind) {
    case ComputeKind::Convolution:
      // Upstream's convolutions include pooling, whose window operand is
      // shape only: not a convolution @regtile_conv2d would take.
      if (linalg::isaConvolutionOpInterface(op) &&
          llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *in) {
            return op.payloadUsesValueFromOperand(in);
          }))
        found.push_back({op, convolutionReason(op, target)});
      break;
    case ComputeKind::Contraction:
      if (linalg::isaContractionOpInterface(op))
        found.push_back({op, contractionReason(op, target)});
      break;
    }
  });
  return found;
}

} // namespace regtile
