//===- VectorStores.h - what a memory access reads or writes ----*- C++ -*-===//
//
// What regtile's memory stages (streaming stores, store prefetches,
// prefetches ahead, fills on first use) share: which loads and stores they
// work on and what those access (through the views of a buffer), and the
// driver that applies a stage to the loops a schedule marked for it.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_LIB_TRANSFORMS_VECTORSTORES_H
#define REGTILE_LIB_TRANSFORMS_VECTORSTORES_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace regtile {

/// A write of a 1-D vector into a buffer, starting at `indices`.
struct VectorStoreAccess {
  mlir::Value memref;
  mlir::Value value;
  mlir::ValueRange indices;
  /// Writes every lane (no mask, in bounds, minor identity).
  bool whole = false;
};

/// vector.store, vector.maskedstore, or a minor-identity
/// vector.transfer_write of a fixed 1-D vector into a memref; nullopt for
/// anything else.
std::optional<VectorStoreAccess> matchVectorStore(mlir::Operation *op);

/// A read or write of a buffer at `indices`, of `bytes` bytes.
struct Access {
  mlir::Value memref;
  llvm::SmallVector<mlir::Value> indices;
  int64_t bytes = 0;
  bool write = false;
};

/// Scalar and 1-D vector loads and stores (masked or not, minor-identity
/// transfers) of a strided memref; nullopt for anything else.
std::optional<Access> matchAccess(mlir::Operation *op);

/// Whether `m` is a memref.expand_shape that only adds unit dims (each
/// reassociation group has at most one dim that is not 1): a view whose
/// indices are its source's, with zeros inserted.
bool isUnitDimExpansion(mlir::Value m);

/// Rewrites `access` into the same access of the buffer the views between
/// them are taken from (memref.subview, memref.cast and unit-dim
/// memref.expand_shape, see isUnitDimExpansion; walked up while
/// `descend(memref)` holds): its indices become that buffer's, built at the
/// builder's insertion point (folded where constant). `remap` gives the
/// value to use for each view offset (the offset itself, or its value in
/// another iteration).
void resolveThroughViews(mlir::OpBuilder &b, mlir::Location loc, Access &access,
                         llvm::function_ref<bool(mlir::Value)> descend,
                         llvm::function_ref<mlir::Value(mlir::Value)> remap);

/// True if `v` is defined outside `loop` (so a check or an address can be
/// built before it).
bool isDefinedOutside(mlir::Value v, mlir::Operation *loop);

/// The address of a strided buffer's elements, as index values: its
/// aligned base pointer, offset and strides (constants where the type knows
/// them).
struct BufferAddress {
  mlir::Value base, offset;
  llvm::SmallVector<mlir::Value> strides;

  /// Built at the builder's insertion point.
  static BufferAddress build(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value memref);
  /// The byte address of the element at `indices` (one per dim, index
  /// values), at the builder's insertion point.
  mlir::Value elementAddress(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::ValueRange indices,
                             int64_t elementBytes) const;
};

/// The cache line the prefetches are issued per (x86: 64 bytes).
constexpr int64_t kCacheLineBytes = 64;

/// One `llvm.intr.prefetch` (data, high locality; for write if `write`) per
/// 64-byte line of the `bytes` bytes at byte address `address` (an index).
/// Prefetches never fault: any address is fine.
void prefetchLines(mlir::OpBuilder &b, mlir::Location loc, mlir::Value address,
                   int64_t bytes, bool write);

/// What a store stage made of a marked op.
enum class StoreStageOutcome {
  Applied,
  /// A loop the stage found nothing to do in: a warning.
  Skipped,
  /// A misplaced or malformed mark: an error.
  Invalid,
};

/// For every op under `root` carrying `attrName`: removes the attribute and
/// calls `apply(op, attr, reason)`; reports Skipped as a warning
/// ("<attrName>: <skipped>: <reason>") and Invalid as an error
/// ("<attrName>: <reason>"). Fails if any mark was invalid.
mlir::LogicalResult applyToMarkedOps(
    mlir::Operation *root, llvm::StringRef attrName, llvm::StringRef skipped,
    llvm::function_ref<StoreStageOutcome(mlir::Operation *, mlir::Attribute,
                                         std::string &)>
        apply);

} // namespace regtile

#endif // REGTILE_LIB_TRANSFORMS_VECTORSTORES_H
