//===- DotProductGroup.td - regtile.dot_product_group -*- tablegen -*-===//
//
// transform.regtile.dot_product_group: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_DOTPRODUCTGROUP
#define REGTILE_TRANSFORMOPS_DOTPRODUCTGROUP

def DotProductGroupOp : RegtileTransformOp<"regtile.dot_product_group",
    [TransformOpInterface, TransformEachOpTrait,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "How many reduction values a dot-product instruction of the "
                "target sums per lane for a contraction";
  let description = [{
    For each linalg op of `target`, returns the number of reduction values
    one dot-product instruction of the target sums into each 32-bit lane
    for the op's body (library: `regtile::dotProductGroup`,
    `patterns/include/regtile/Patterns/DotProduct.h`):

    - 4 for `out + ext(a) * ext(b)` with i8 x i8 to i32 in any signedness
      (`arith.extui` / `arith.extsi`) on AVX-512 VNNI (`vpdpbusd` on zmm)
      or, on AVX2 targets, AVX-VNNI (`vpdpbusd` on ymm); the instruction
      multiplies u8 by s8; s8 x s8 and u8 x u8 go through `cache_reduce`'s
      shifted dot form;
    - 2 for i8 x i8 without VNNI but with AVX-512 BW or AVX2 (the pairs
      widened to i16 and multiplied by `vpmaddwd`, exact in any
      signedness);
    - 2 for bf16 x bf16 to f32 (`arith.extf`) on AVX-512 BF16
      (`vdpbf16ps`);
    - 1 otherwise (no unit: the micro-kernel widens and uses FMAs or
      multiply-adds).

    A GEMM strategy tiles K by this group inside the micro-kernel, packs B
    with `cache_read {interleave}` and lets `cache_reduce` emit its dot
    form (`strategies/regtile_matmul.mlir`). With `untiled_if_one`, 1 is
    returned as 0 (a tile size that leaves the dim untiled): the
    convolution strategy tiles its input channels by the group only when
    there is one (`strategies/regtile_conv2d.mlir`). The target is the `arch`
    attribute if given, else the payload op's nearest `regtile.target`
    attribute, else the host.

    Example:
    ```mlir
    %g = transform.regtile.dot_product_group %matmul
        : (!transform.any_op) -> !transform.param<i64>
    %ci = transform.regtile.dot_product_group %conv {untiled_if_one}
        : (!transform.any_op) -> !transform.param<i64>
    ```

    #### Return modes

    The op does not verify if its `arch` attribute is not understood.
    Produces a definite failure if a payload op's `regtile.target` attribute
    is not understood, and a silenceable failure if a payload op is not a
    linalg op. Otherwise returns one parameter per payload op. Reads the
    handle and the payload only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<StrAttr>:$arch,
                       UnitAttr:$untiled_if_one);
  let results = (outs TransformParamTypeInterface:$group);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // REGTILE_TRANSFORMOPS_DOTPRODUCTGROUP
