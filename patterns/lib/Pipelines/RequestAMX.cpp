//===- RequestAMX.cpp - regtile-request-amx -------------------------------===//
//
// A module that uses AMX tiles asks Linux for them when it is loaded (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "regtile/Pipelines/LowerToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace regtile {

#define GEN_PASS_DEF_REGTILEREQUESTAMX
#include "regtile/Pipelines/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral kFlag = "__regtile_amx_requested";
constexpr llvm::StringLiteral kRequest = "__regtile_request_amx";

/// Whether `func` executes AMX instructions (the intrinsics upstream's AMX
/// lowering calls: tile loads, stores, zeroing and products).
bool usesAMX(LLVM::LLVMFuncOp func) {
  return func
      .walk([](LLVM::CallIntrinsicOp call) {
        StringRef name = call.getIntrin();
        return name.starts_with("llvm.x86.tile") ||
                       name.starts_with("llvm.x86.tdp")
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The function that asks for the permission once per process:
///   if (!atomic_load(flag)) { arch_prctl(ARCH_REQ_XCOMP_PERM, XTILEDATA);
///                             atomic_store(flag, 1); }
/// linkonce_odr, like its flag, so that kernels compiled apart share them.
LLVM::LLVMFuncOp buildRequest(OpBuilder &b, ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  b.setInsertionPointToStart(module.getBody());
  LLVM::GlobalOp::create(b, loc, i32, /*isConstant=*/false,
                         LLVM::Linkage::LinkonceODR, kFlag,
                         b.getI32IntegerAttr(0));
  auto func = LLVM::LLVMFuncOp::create(
      b, loc, kRequest,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}),
      LLVM::Linkage::LinkonceODR);
  Block *entry = func.addEntryBlock(b);
  Block *ask = &func.getBody().emplaceBlock();
  Block *done = &func.getBody().emplaceBlock();
  b.setInsertionPointToEnd(entry);
  Value flag = LLVM::AddressOfOp::create(b, loc, ptr, kFlag);
  Value asked = LLVM::LoadOp::create(b, loc, i32, flag, /*alignment=*/4,
                                     /*isVolatile=*/false,
                                     /*isNonTemporal=*/false,
                                     /*isInvariant=*/false,
                                     /*isInvariantGroup=*/false,
                                     LLVM::AtomicOrdering::monotonic);
  Value zero = LLVM::ConstantOp::create(b, loc, i32, 0);
  Value notYet =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, asked, zero);
  LLVM::CondBrOp::create(b, loc, notYet, ask, done);
  b.setInsertionPointToEnd(ask);
  // syscall(SYS_arch_prctl = 158, ARCH_REQ_XCOMP_PERM = 0x1023,
  //         XFEATURE_XTILEDATA = 18); the kernel ignores repeats.
  Value number = LLVM::ConstantOp::create(b, loc, i64, 158);
  Value code = LLVM::ConstantOp::create(b, loc, i64, 0x1023);
  Value feature = LLVM::ConstantOp::create(b, loc, i64, 18);
  LLVM::InlineAsmOp::create(b, loc, i64, ValueRange{number, code, feature},
                            "syscall",
                            "={ax},{ax},{di},{si},~{rcx},~{r11},~{memory}",
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
                            /*operand_attrs=*/nullptr);
  Value one = LLVM::ConstantOp::create(b, loc, i32, 1);
  LLVM::StoreOp::create(b, loc, one, flag, /*alignment=*/4,
                        /*isVolatile=*/false, /*isNonTemporal=*/false,
                        /*isInvariantGroup=*/false,
                        LLVM::AtomicOrdering::monotonic);
  LLVM::BrOp::create(b, loc, done);
  b.setInsertionPointToEnd(done);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
  return func;
}

struct RegtileRequestAMXPass
    : public impl::RegtileRequestAMXBase<RegtileRequestAMXPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool amx = false;
    module.walk([&](LLVM::LLVMFuncOp func) {
      amx |= !func.isExternal() && func.getName() != kRequest && usesAMX(func);
    });
    if (!amx || module.lookupSymbol(kRequest))
      return;
    OpBuilder b(module.getContext());
    buildRequest(b, module);
    // A constructor, not a call in each kernel (see Passes.td).
    b.setInsertionPointToEnd(module.getBody());
    LLVM::GlobalCtorsOp::create(
        b, module.getLoc(),
        b.getArrayAttr({FlatSymbolRefAttr::get(b.getContext(), kRequest)}),
        b.getI32ArrayAttr({65535}),
        b.getArrayAttr({LLVM::ZeroAttr::get(b.getContext())}));
  }
};

} // namespace

} // namespace regtile
