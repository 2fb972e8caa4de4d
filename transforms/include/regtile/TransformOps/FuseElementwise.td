//===- FuseElementwise.td ----------------------------------*- tablegen -*-===//
//
// transform.apply_patterns.regtile.fuse_elementwise: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_FUSEELEMENTWISE
#define REGTILE_TRANSFORMOPS_FUSEELEMENTWISE

def ApplyFuseElementwisePatternsOp : RegtileTransformOp<"apply_patterns.regtile.fuse_elementwise",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Make chains of elementwise ops one linalg.generic";
  let description = [{
    Collects patterns, for use inside `transform.apply_patterns`, that
    turn a chain of elementwise ops on tensors into one `linalg.generic`
    (library: `regtile::populateFuseElementwisePatterns`,
    `patterns/include/regtile/Patterns/FuseElementwise.h`), the form of
    the epilogue `cache_reduce` computes on a register tile (a
    contraction's bias add then its GELU, as frameworks emit them, become
    the one consumer `epilogue_root` finds):

    - named elementwise linalg ops (`linalg.add`, `linalg.max`,
      `linalg.exp`, `linalg.elementwise`, ...) become `linalg.generic`; a
      `linalg.broadcast` or `linalg.transpose` does too when every user
      reads it as an input of an elementwise op (a bias broadcast into an
      add then becomes that input's indexing map), not when it is another
      op's output (a bias broadcast into a convolution's output, which the
      convolution then starts from);
    - an elementwise `linalg.generic` whose result has one use, an input
      of another elementwise `linalg.generic`, is fused into it
      (upstream's elementwise fusion, restricted to producers it does not
      duplicate);
    - an elementwise `linalg.generic` written in place on the result of
      another linalg op (`outs(%conv)`, the result read in the body: an
      activation or a bias add as some frameworks emit them), when that
      generic is the result's one use, reads the result as an input and
      writes a `tensor.empty` instead (the consumer form the rules above
      and `epilogue_root` take).

    Fills, copies, contractions and convolutions are left alone.

    Example:
    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.fuse_elementwise
    } : !transform.any_op
    ```

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles.
  }];

  let assemblyFormat = "attr-dict";
}

#endif // REGTILE_TRANSFORMOPS_FUSEELEMENTWISE
