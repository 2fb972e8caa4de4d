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

/// Whether `op` is a convolution as @regtile_conv2d understands one
/// (upstream's convolutions include pooling, whose window operand is shape
/// only).
bool isConvolution(linalg::LinalgOp op) {
  return linalg::isaConvolutionOpInterface(op) &&
         llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *in) {
           return op.payloadUsesValueFromOperand(in);
         });
}

/// Whether `op` computes elementwise: parallel loops only, and not a pure
/// data movement or initialization.
bool isElementwiseCompute(linalg::LinalgOp op) {
  return op.getNumLoops() > 0 && op.getNumParallelLoops() == op.getNumLoops() &&
         !isa<linalg::FillOp, linalg::CopyOp, linalg::BroadcastOp,
              linalg::TransposeOp>(op);
}

constexpr const char *kElementwiseReason =
    "regtile's strategies compute an elementwise op only as the one "
    "elementwise consumer of a convolution or contraction, on its register "
    "tiles; this one is not (standalone elementwise chains: an op-by-op "
    "schedule, e.g. super_vectorize as in examples/supervector)";
constexpr const char *kReductionReason =
    "no strategy schedules reductions yet (an op-by-op schedule: "
    "reduce_to_vector_accumulator, as in examples/reductions)";

} // namespace

std::optional<ComputeKind> parseComputeKind(StringRef name) {
  if (name == "convolution")
    return ComputeKind::Convolution;
  if (name == "contraction")
    return ComputeKind::Contraction;
  if (name == "elementwise")
    return ComputeKind::Elementwise;
  if (name == "reduction")
    return ComputeKind::Reduction;
  return std::nullopt;
}

StringRef computeKindNames() {
  return "'convolution', 'contraction', 'elementwise', 'reduction'";
}

SmallVector<UnscheduledOp> findUnscheduled(Operation *root, ComputeKind kind,
                                           const TargetInfo &target) {
  SmallVector<UnscheduledOp> found;
  root->walk([&](linalg::LinalgOp op) {
    switch (kind) {
    case ComputeKind::Convolution:
      if (isConvolution(op))
        found.push_back({op, convolutionReason(op, target)});
      break;
    case ComputeKind::Contraction:
      if (linalg::isaContractionOpInterface(op))
        found.push_back({op, contractionReason(op, target)});
      break;
    case ComputeKind::Elementwise:
      if (isElementwiseCompute(op))
        found.push_back({op, kElementwiseReason});
      break;
    case ComputeKind::Reduction:
      if (op.getNumReductionLoops() > 0 && !isConvolution(op) &&
          !linalg::isaContractionOpInterface(op))
        found.push_back({op, kReductionReason});
      break;
    }
  });
  return found;
}

} // namespace regtile
