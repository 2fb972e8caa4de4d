//===- DotProduct.h - Dot-product unit forms of contractions ----*- C++ -*-===//
//
// Which contractions the target's dot-product units can compute, and in
// groups of how many reduction values (the facts cache_reduce's dot form,
// the strategies and transform.regtile.dot_product_group share).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_DOTPRODUCT_H
#define REGTILE_PATTERNS_DOTPRODUCT_H

#include "regtile/Target/TargetInfo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace regtile {

/// A contraction body that adds the product of its two inputs, both widened
/// from one narrow type, to the output:
///   yield out + ext(in0) * ext(in1)      (operands of + and * in any order)
/// i8 widened to i32 (arith.extsi or extui), or bf16 to f32 (arith.extf).
struct DotProductBody {
  mlir::Type inputType, accType;
  /// i8: whether input 0 / input 1 is widened with extui.
  bool unsignedInput[2] = {false, false};
  /// The combining add (its fastmath flags say whether FP sums may be
  /// reordered).
  mlir::Operation *add = nullptr;

  bool isFloat() const { return mlir::isa<mlir::FloatType>(accType); }
};

/// The group of cache_reduce's dot form for `body` on `target`: 4 for i8
/// where vpdpbusd multiplies 4 byte pairs per lane (AVX-512 VNNI on zmm,
/// AVX-VNNI on ymm: TargetInfo::hasI8DotProduct), else 2
/// (i8 pairs widened to i16 and multiplied by vpmaddwd, exactly in any
/// signedness); 2 for bf16 (vdpbf16ps). The form is portable: without the
/// instruction it lowers as ordinary vector code.
int64_t dotGroup(const DotProductBody &body, const TargetInfo &target);

/// An input of a linalg body widened to the accumulator's type: `v` is
/// arith.extsi / extui / extf of block argument `argNumber` of `body`.
struct WidenedInput {
  unsigned argNumber = 0;
  mlir::Type narrowType;
  /// Widened with arith.extui.
  bool isUnsigned = false;
};
std::optional<WidenedInput> matchWidenedInput(mlir::Value v, mlir::Block &body);

/// The dot-product body of `op` (two inputs, one output), if it has one.
std::optional<DotProductBody> matchDotProductBody(mlir::linalg::LinalgOp op);

/// The reduction values one dot-product instruction of `target` sums per
/// output lane for `op`'s body: 4 for i8 x i8 -> i32 in any signedness on
/// AVX-512 VNNI or AVX-VNNI (vpdpbusd multiplies u8 by s8; s8 x s8 and u8 x u8
/// through cache_reduce's shifted form: one input flipped to the other
/// signedness, x + 128 or x - 128, and 128 x the other's sums subtracted or
/// added), else 2 with AVX-512 BW or
/// AVX2 (vpmaddwd on pairs widened to i16); 2 for bf16 x bf16 -> f32 on
/// AVX-512 BF16 (vdpbf16ps); 1 when no unit serves it (the micro-kernel
/// then widens the inputs and uses FMAs or multiply-adds).
int64_t dotProductGroup(mlir::linalg::LinalgOp op, const TargetInfo &target);

/// The x86 selection of the portable bf16 pair form cache_reduce's dot form
/// emits:
///   vector.multi_reduction <add>, extf(x) * extf(y), %acc [1]
///     : vector<16x2xf32> to vector<16xf32>
/// with x, y shape_casts of vector<32xbf16>, to vdpbf16ps (AVX-512 BF16;
/// denormal inputs and results are flushed to zero). The lowering pipeline
/// applies it where the target has the instruction; elsewhere the form
/// lowers as ordinary vector code (the same sum, in f32).
void populateBF16DotPatterns(mlir::RewritePatternSet &patterns);

} // namespace regtile

#endif // REGTILE_PATTERNS_DOTPRODUCT_H
