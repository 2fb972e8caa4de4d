//===- Passes.h - regtile's library passes ----------------------*- C++ -*-===//

#ifndef REGTILE_PATTERNS_PASSES_H
#define REGTILE_PATTERNS_PASSES_H

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace regtile {

#define GEN_PASS_DECL
#include "regtile/Patterns/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "regtile/Patterns/Passes.h.inc"

} // namespace regtile

#endif // REGTILE_PATTERNS_PASSES_H
