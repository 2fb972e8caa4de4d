//===- AMXGemmBlock.td - regtile.amx_gemm_block ------------*- tablegen -*-===//
//
// transform.regtile.amx_gemm_block: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_AMXGEMMBLOCK
#define REGTILE_TRANSFORMOPS_AMXGEMMBLOCK

def AMXGemmBlockOp : RegtileTransformOp<"regtile.amx_gemm_block",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Compute a bf16 or s8 GEMM block on the AMX tile unit, its "
                "edges left as GEMMs";
  let description = [{
    For each payload op, a GEMM on tensors (`linalg.matmul` or a contraction
    of its maps, (m, k), (k, n) -> (m, n)) in bf16 x bf16 -> f32 on a target
    with AMX-BF16, or s8 x s8 -> i32 with AMX-INT8 (usually one cache block
    of a blocked GEMM: `nc` columns, `kc` deep), computes the part made of
    whole 32 x 32 output tiles and whole K steps (16 groups of g = 2 bf16
    or 4 i8 values: 32 or 64 deep) on the tile unit (library:
    `regtile::amxGemmBlock`, `patterns/include/regtile/Patterns/AMXGemm.h`):

    - B's part is packed as `[N'/16][K'/g][16][g]` (`pack`, a `linalg.pack`:
      the rows of each 16-column panel are AMX B tiles; lower it with
      `pack_unpack_to_tile_copies`);
    - `loop` runs over 32-column panels, then 32-row tiles, each with
      2 x 2 accumulators of 16 x 16 carried through the K loop: two A
      tiles read in place (A's rows with their stride, as `[16][16][g]`
      groups), two B tiles from the pack, four `vector.contract` ops in
      the VNNI form, which `regtile-lower-to-llvm` computes with
      `tdpbf16ps` / `tdpbssd`, the accumulators in tile registers
      (`regtile-vector-to-amx`);
    - the rest (the K remainder of those tiles, the columns after the last
      panel, the rows after the last tile) are clones of the op on slices,
      returned as `edges` for the vector micro-kernel (`cache_read`,
      `cache_reduce`); a part that is statically empty is not made.

    M', N', K' are M, N rounded down to 32 and K to the K step. With
    `where_available`, a payload op the unit does not compute (a target
    without the unit for its types, other element types or maps, u8 inputs
    (their zero-extending products are not generated yet), a dimension
    under one tile) is left unchanged and
    returned in `edges`: a strategy applies the op to every GEMM and
    schedules `edges` with the vector micro-kernel either way. The target
    is `arch` if given, else the payload's `regtile.target`, else the host.

    Example:
    ```mlir
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %block {where_available}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the target handle. The op does not verify if `arch` is not
    understood. Produces a definite failure if a payload's `regtile.target`
    is not understood. Without `where_available`, produces a silenceable
    failure without changing the payload if a payload op is not a linalg op
    or the unit does not compute it (naming why). Otherwise returns the
    loops, the packs and the edges of all payload ops.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<StrAttr>:$arch,
                       UnitAttr:$where_available);
  let results = (outs TransformHandleTypeInterface:$loop,
                      TransformHandleTypeInterface:$pack,
                      TransformHandleTypeInterface:$edges);
  let assemblyFormat = [{
    $target attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // REGTILE_TRANSFORMOPS_AMXGEMMBLOCK
