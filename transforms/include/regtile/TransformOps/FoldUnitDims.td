//===- FoldUnitDims.td -------------------------------------*- tablegen -*-===//
//
// transform.apply_patterns.regtile.fold_unit_dims: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_FOLDUNITDIMS
#define REGTILE_TRANSFORMOPS_FOLDUNITDIMS

def ApplyFoldUnitDimsPatternsOp : RegtileTransformOp<"apply_patterns.regtile.fold_unit_dims",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Remove unit dimensions from linalg, tensor, memref and "
                "vector ops in one pattern set";
  let description = [{
    Collects regtile's unit-dimension folding patterns, for use inside
    `transform.apply_patterns`. Code tiled by 1 (for example the
    `tensor<1x1x1x16xf32>` ops that tiling a convolution by 1 leaves) then
    vectorizes to rank-1 native vectors instead of `vector<1x1x1x16xf32>`.

    The set covers, in one greedy application:
    - linalg ops: unit loops of `linalg.generic` are dropped (upstream's
      folder); named ops (`linalg.matmul`, `linalg.add`, `linalg.fill`,
      `linalg.broadcast`, `linalg.reduce`, ...) with a loop of static extent
      1 are generalized first, which upstream's folder does not do;
      convolutions with unit windows become lower-dimensional convolutions.
      Tensor operands are rank-reduced with `tensor.collapse_shape` and
      results re-expanded with `tensor.expand_shape` (bufferizes in place;
      never a rank-reducing `tensor.insert_slice`, which upstream's
      vectorizer miscompiles in MLIR 22); memref operands with rank-reducing
      `memref.subview`s.
    - vector transfers: unit vector dims are dropped at any position, not
      only leading ones; a possibly out-of-bounds unit dim is dropped under
      an `scf.if` that yields the padding otherwise (upstream's leading-dim
      cast drops it unguarded); masks are kept. A transfer whose map skips
      inner source dims (e.g. `(d0, ..., d6) -> (d2, d3)`, which lowers to
      one scalar access per element) reads through a rank-reduced
      `tensor.extract_slice` / writes through a rank-reduced `memref.subview`
      so the map becomes a minor identity.
    - other vector ops: upstream's leading-unit-dim casts and shape_cast
      unit-dim dropping for elementwise ops, contractions, broadcasts,
      transposes and `scf.for` iter_args; unit-dim multi-reductions are
      elided; the `vector.shape_cast`s left over cancel out.

    The patterns only change ranks, never values. Apply the set before
    vectorization (to linalg) and after it (to vectors).

    Example (seed 000's tiled convolution; see `examples/conv_relu`):
    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %func
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %v {
      transform.apply_patterns.regtile.fold_unit_dims
    } : !transform.any_op
    ```

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles.
  }];

  let assemblyFormat = "attr-dict";
}

#endif // REGTILE_TRANSFORMOPS_FOLDUNITDIMS
