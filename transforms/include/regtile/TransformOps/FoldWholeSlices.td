//===- FoldWholeSlices.td ----------------------------------*- tablegen -*-===//
//
// transform.apply_patterns.regtile.fold_whole_slices: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_FOLDWHOLESLICES
#define REGTILE_TRANSFORMOPS_FOLDWHOLESLICES

def ApplyFoldWholeSlicesPatternsOp : RegtileTransformOp<"apply_patterns.regtile.fold_whole_slices",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Fold tensor slices that cover their whole tensor, also "
                "with dynamic sizes";
  let description = [{
    Collects patterns, for use inside `transform.apply_patterns`, that
    replace a `tensor.extract_slice` extracting all of its source, and a
    `tensor.insert_slice` overwriting all of its destination, by the
    source: zero offsets, unit strides, the same rank, and each size equal
    to the tensor's, a constant, the same SSA value or one ValueBounds
    proves equal (upstream's folders only take static sizes); a
    `tensor.cast` of the source where the two types differ in which
    extents are static (bufferization sees a cast of a loop's iter_arg as
    the iter_arg itself, not a slice of it). Tiling a
    dynamically sized piece (a thread's, from `distribute_over_threads`)
    by a tile at least as large leaves a loop of one iteration that
    canonicalization removes, and such a pair with it; left, bufferization
    copies the piece onto itself.

    Example:
    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.regtile.fold_whole_slices
    } : !transform.any_op
    ```

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles.
  }];

  let assemblyFormat = "attr-dict";
}

#endif // REGTILE_TRANSFORMOPS_FOLDWHOLESLICES
