//===- TargetInfo.td - transform.regtile.target_info -------*- tablegen -*-===//
//
// transform.regtile.target_info: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_TARGETINFO
#define REGTILE_TRANSFORMOPS_TARGETINFO

def TargetInfoOp : RegtileTransformOp<"regtile.target_info",
    [TransformOpInterface, TransformEachOpTrait,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Query SIMD width, register count and lanes of the target";
  let description = [{
    For each payload op of `scope`, returns the facts of the target that
    applies to it, as parameters a schedule can use for tile and vector
    sizes:
    - `simd_bits`: the widest native SIMD register in bits (128/256/512);
    - `vector_registers`: the number of architectural vector registers;
    - `lanes`: native vector length for `element_type` (default `f32`).

    The target is the `arch` attribute of this op if given, otherwise the
    nearest enclosing `regtile.target` string attribute of the payload op,
    otherwise the host. A target description is `host`, an x86-64 CPU name
    known to LLVM (`znver4`, `skylake-avx512`, `haswell`, `x86-64-v3`, ...),
    optionally followed by `,+feature` / `,-feature` modifiers, e.g.
    `"znver4,-avx512f"`, and by `,fork-join-cycles=N` (the OpenMP
    fork/join cost the thread threshold is derived from; 0 splits any
    work).

    Example:
    ```mlir
    %bits, %regs, %lanes = transform.regtile.target_info %func
        {element_type = f32, arch = "haswell"}
        : (!transform.any_op) -> (!transform.param<i64>,
                                  !transform.param<i64>,
                                  !transform.param<i64>)
    ```

    #### Return modes

    The op does not verify if its `arch` attribute is not understood
    (unknown CPU, unknown or malformed feature). Produces a definite failure
    if a payload op's `regtile.target` attribute is not understood. Otherwise
    succeeds and returns one parameter per payload op in each result. Reads
    the handle only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$scope,
                       OptionalAttr<StrAttr>:$arch,
                       OptionalAttr<TypeAttr>:$element_type);
  let results = (outs TransformParamTypeInterface:$simd_bits,
                      TransformParamTypeInterface:$vector_registers,
                      TransformParamTypeInterface:$lanes);
  let assemblyFormat = [{
    $scope attr-dict `:` functional-type(operands, results)
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

#endif // REGTILE_TRANSFORMOPS_TARGETINFO
