//===- BF16Storage.cpp - regtile-bf16-storage -----------------------------===//
//
// Retypes the bf16 values an LLVM function only moves to i16 (see
// Passes.td): without native bf16 conversions, LLVM's x86 code generation
// promotes each element of a bf16 vector that crosses blocks (a phi)
// through f32 with a __truncsfbf2 call, and InstCombine folds i16 bitcasts
// of bf16 loads, stores and phis back to bf16. Integer types are kept.
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEBF16STORAGE
#include "regtile/Pipelines/Passes.h.inc"

namespace {

/// `t` with bf16 replaced by i16 (scalars, vectors, LLVM arrays); null if
/// `t` holds bf16 in a form not handled (a struct, a function type).
Type storageType(Type t) {
  if (t.isBF16())
    return IntegerType::get(t.getContext(), 16);
  if (auto vector = dyn_cast<VectorType>(t))
    return vector.getElementType().isBF16()
               ? vector.clone(IntegerType::get(t.getContext(), 16))
               : t;
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(t)) {
    Type element = storageType(array.getElementType());
    return element ? LLVM::LLVMArrayType::get(element, array.getNumElements())
                   : Type();
  }
  if (isa<LLVM::LLVMStructType, LLVM::LLVMFunctionType>(t)) {
    bool hasBF16 = false;
    t.walk([&](Type inner) { hasBF16 |= inner.isBF16(); });
    return hasBF16 ? Type() : t;
  }
  return t;
}

bool holdsBF16(Type t) { return storageType(t) != t; }

/// Ops that move bits without reading them as numbers: retyping their
/// bf16 operands and results keeps their meaning.
bool movesBits(Operation *op) {
  return isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::ShuffleVectorOp,
             LLVM::InsertElementOp, LLVM::ExtractElementOp, LLVM::SelectOp,
             LLVM::BitcastOp, LLVM::ConstantOp, LLVM::PoisonOp, LLVM::UndefOp,
             LLVM::ZeroOp, LLVM::FreezeOp, LLVM::BrOp, LLVM::CondBrOp,
             LLVM::SwitchOp, LLVM::GEPOp, LLVM::AllocaOp, LLVM::MaskedLoadOp,
             LLVM::MaskedStoreOp, LLVM::masked_gather, LLVM::masked_scatter,
             LLVM::InsertValueOp, LLVM::ExtractValueOp>(op);
}

/// Whether every use of bf16 in `func` can be retyped: its signature has
/// none, each op that sees a bf16 value (or type attribute) only moves it,
/// and every type holding bf16 has a storage form.
bool onlyMovesBF16(LLVM::LLVMFuncOp func) {
  if (holdsBF16(func.getFunctionType()))
    return false;
  auto typeOk = [](Type t) { return static_cast<bool>(storageType(t)); };
  WalkResult result = func.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (!typeOk(arg.getType()))
            return WalkResult::interrupt();
    bool seesBF16 = false;
    for (Type t : llvm::concat<const Type>(op->getOperandTypes(),
                                           op->getResultTypes())) {
      if (!typeOk(t))
        return WalkResult::interrupt();
      seesBF16 |= holdsBF16(t);
    }
    if (auto gep = dyn_cast<LLVM::GEPOp>(op))
      seesBF16 |= holdsBF16(gep.getElemType());
    if (auto alloca = dyn_cast<LLVM::AllocaOp>(op))
      seesBF16 |= holdsBF16(alloca.getElemType());
    if (seesBF16 && !movesBits(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// The bits of a bf16 constant as i16.
Attribute storageAttr(Attribute value, Type type) {
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return dense.getElementType().isBF16()
               ? dense.bitcast(IntegerType::get(value.getContext(), 16))
               : value;
  if (auto f = dyn_cast<FloatAttr>(value); f && f.getType().isBF16())
    return IntegerAttr::get(type, f.getValue().bitcastToAPInt());
  return value;
}

void retype(LLVM::LLVMFuncOp func) {
  func.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setType(storageType(arg.getType()));
    for (OpResult result : op->getResults())
      result.setType(storageType(result.getType()));
    if (auto gep = dyn_cast<LLVM::GEPOp>(op))
      gep.setElemType(storageType(gep.getElemType()));
    if (auto alloca = dyn_cast<LLVM::AllocaOp>(op))
      alloca.setElemType(storageType(alloca.getElemType()));
    if (auto constant = dyn_cast<LLVM::ConstantOp>(op))
      constant.setValueAttr(
          storageAttr(constant.getValue(), constant.getType()));
  });
  // Bitcasts between bf16 and i16 are now from i16 to i16.
  func.walk([](LLVM::BitcastOp cast) {
    if (cast.getArg().getType() == cast.getType()) {
      cast.replaceAllUsesWith(cast.getArg());
      cast.erase();
    }
  });
}

struct RegtileBF16StoragePass
    : public impl::RegtileBF16StorageBase<RegtileBF16StoragePass> {
  void runOnOperation() override {
    getOperation()->walk([](LLVM::LLVMFuncOp func) {
      if (onlyMovesBF16(func))
        retype(func);
    });
  }
};

} // namespace

} // namespace regtile
