//===- ContractionBlocking.td ------------------------------*- tablegen -*-===//
//
// transform.regtile.contraction_blocking: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_CONTRACTIONBLOCKING
#define REGTILE_TRANSFORMOPS_CONTRACTIONBLOCKING

def ContractionBlockingOp : RegtileTransformOp<"regtile.contraction_blocking",
    [DeclareOpInterfaceMethods<TransformOpInterface>, AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Register tile and cache blocks of a contraction, from the "
                "target";
  let description = [{
    For each payload op (a linalg op with one output), returns the tile
    sizes of a GEMM-like contraction on the target, for the op's
    accumulator (output element) type, as parameters a schedule passes to
    `tile_using_for`, `cache_read` and `cache_reduce`:
    - `mr`, `nr`: the register tile (`nr` a multiple of the native vector
      length): `nr / lanes` native vectors per row and `mr` rows, the pair
      with the most FMAs per load (`mr*nv / (mr + nv)`, `nv` in 1, 2, 4)
      that fits the register file with `nv` registers left for a row of B
      and one for the broadcast of A (what `cache_reduce` reserves): 6 x 64
      f32 with AVX-512, 6 x 16 with AVX2;
    - `kc`: the depth of a K block: an `mr x kc` panel of A, reused from
      L1 across the N loop while B streams through, fills three quarters
      of L1 (a power of two in [64, 1024]); or, when the op has one
      reduction loop of static extent K at most twice that deep and a
      `K x nr` panel of B fits half of L2, K itself: one K block, so that
      the C tiles are stored once and never loaded back;
    - `nc`: the width of an N block: the `kc x nc` block of B, the one
      operand every row tile streams again, fills half of the core's
      share of L3 or L2, the larger, where the L3 keeps up (it fills L2
      at least twice as fast as the micro-kernel's B stream needs at the
      FMA peak: AMD Zen 3 and 4, 2 MiB blocks, each A sliver reused by
      more tiles), else half of L2, which it shares with the A slivers
      and C tiles (Intel: 1 MiB on Sapphire Rapids and later; Zen 5, whose
      two zmm FMAs per cycle need B at 21 bytes per cycle: 512 KiB) (a
      multiple of `nr`). The B stream counts the reduction values a step
      sums per lane (`dot_product_group`): a `vpdpbusd` step reads 4 i8
      per lane, a `vdpbf16ps` step 2 bf16, as many bytes as an f32 FMA.

    Cache sizes are the host's as the OS reports them, or documented
    defaults for named CPUs (`arch`, or the payload's `regtile.target`).

    Any of the four can be fixed by a parameter (`mr = %p`, ..., e.g. a
    `transform.tune.knob`); 0 means "derive". The others are then derived
    from the fixed ones (`kc` from `mr`, `nc` from `kc` and `nr`), and the
    result is checked: `nr` a multiple of the native vector length, the
    register tile plus a row of B and the A broadcast within the register
    file, `nc` a multiple of `nr`.

    Example:
    ```mlir
    %mr, %nr, %kc, %nc = transform.regtile.contraction_blocking %matmul
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>,
                                  !transform.param<i64>, !transform.param<i64>)
    // N blocks of 1024 columns, the rest from the target:
    %w = transform.param.constant 1024 : i64 -> !transform.param<i64>
    %mr2, %nr2, %kc2, %nc2 = transform.regtile.contraction_blocking %matmul nc = %w
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.param<i64>, !transform.param<i64>,
            !transform.param<i64>, !transform.param<i64>)
    ```

    #### Return modes

    The op does not verify if `arch` is not understood. Produces a definite
    failure if a payload op's `regtile.target` is not understood, and a
    silenceable failure for a payload op that is not a linalg op with one
    integer or float output or has a loop of no iterations (nothing to
    block; upstream's tiling crashes on such ops), for a fixing parameter
    that is not one non-negative integer, and for fixed sizes that fail the
    checks above (with the numbers). Reads the handles only.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$fixed_mr,
                       Optional<TransformParamTypeInterface>:$fixed_nr,
                       Optional<TransformParamTypeInterface>:$fixed_kc,
                       Optional<TransformParamTypeInterface>:$fixed_nc,
                       OptionalAttr<StrAttr>:$arch);
  let results = (outs TransformParamTypeInterface:$mr,
                      TransformParamTypeInterface:$nr,
                      TransformParamTypeInterface:$kc,
                      TransformParamTypeInterface:$nc);
  let assemblyFormat = [{
    $target (`mr` `=` $fixed_mr^)? (`nr` `=` $fixed_nr^)?
    (`kc` `=` $fixed_kc^)? (`nc` `=` $fixed_nc^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::LinalgOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // REGTILE_TRANSFORMOPS_CONTRACTIONBLOCKING
