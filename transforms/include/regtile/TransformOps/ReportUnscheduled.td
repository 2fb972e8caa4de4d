//===- ReportUnscheduled.td - regtile.report_unscheduled -*- tablegen -*-===//
//
// transform.regtile.report_unscheduled: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_REPORTUNSCHEDULED
#define REGTILE_TRANSFORMOPS_REPORTUNSCHEDULED

def ReportUnscheduledOp : RegtileTransformOp<"regtile.report_unscheduled",
    [TransformOpInterface, TransformEachOpTrait,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Warns about each compute op of the given kinds left "
                "unscheduled, and why";
  let description = [{
    Walks each payload op of `target` (a function a strategy has just
    scheduled) and emits a warning at every linalg op of the `kinds` it
    still holds: a scheduled op has become loops of vector code, so an op
    of the kind left in place is one the strategy did not schedule, and
    would otherwise run as scalar loops without a word. Each warning says
    why (library: `regtile::findUnscheduled`,
    `patterns/include/regtile/Patterns/Unscheduled.h`):

    - `"convolution"` (upstream's `isaConvolutionOpInterface`: named
      convolutions of any layout, depthwise, generics): the refusal of
      `convolution_blocking` (an NCHW output, depthwise dims, ...), or that
      it accepts the op but no strategy op reached it;
    - `"contraction"` (upstream's `isaContractionOpInterface`: matmuls in
      any layout, matvec, vecmat, generics): the dims upstream classifies
      when they are not one M, one N and one K (and at most one batch), the
      refusal of `contraction_blocking`, or that no strategy op reached it;
    - `"elementwise"` (parallel loops only; not fills, copies, broadcasts
      or transposes, which move data): the strategies compute one only as
      the one elementwise consumer of a convolution or contraction, on its
      register tiles;
    - `"reduction"` (a reduction loop, neither a convolution nor a
      contraction: sums, maxima, pooling): no strategy schedules them yet
      (an op-by-op schedule does: `reduce_to_vector_accumulator`).

    `@regtile_conv2d` and `@regtile_matmul` end with it for their kind,
    `@regtile_schedule` for the elementwise ops and reductions.
    The target of the blocking checks is the `arch` attribute if given,
    else the payload's nearest `regtile.target` attribute, else the host.

    Example:
    ```mlir
    transform.regtile.report_unscheduled %func {kinds = ["convolution"]}
        : !transform.any_op
    ```

    #### Return modes

    The op does not verify if a kind is not one of the above, if `kinds`
    is empty, or if `arch` is not understood. Produces a definite failure
    if a payload op's `regtile.target` attribute is not understood;
    otherwise succeeds, with one warning per unscheduled op (the payload
    is not changed). Reads the handle and the payload only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       StrArrayAttr:$kinds,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs);
  let assemblyFormat = [{
    $target attr-dict `:` type($target)
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

#endif // REGTILE_TRANSFORMOPS_REPORTUNSCHEDULED
