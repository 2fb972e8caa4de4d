//===- UnrollToNativeVectors.td ----------------------------*- tablegen -*-===//
//
// transform.apply_patterns.regtile.unroll_to_native_vectors: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_UNROLLTONATIVEVECTORS
#define REGTILE_TRANSFORMOPS_UNROLLTONATIVEVECTORS

def ApplyUnrollToNativeVectorsPatternsOp : RegtileTransformOp<"apply_patterns.regtile.unroll_to_native_vectors",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Break vector ops wider than the native register into "
                "native pieces";
  let description = [{
    Breaks every vector op wider than the target's native register into
    native pieces (16 x f32 on AVX-512, 8 x f32 on AVX2; `vector<32x256xf32>`
    into 512 `vector<16xf32>`): transfers, masked transfers, elementwise
    ops, `vector.contract` (into one-lane-row contractions, i.e. FMAs),
    `vector.reduction`, `vector.multi_reduction`, broadcasts and transposes
    (square native tiles). Masks are sliced where they are used; slices of
    `vector.create_mask` and `vector.constant_mask` fold into native masks.
    Shapes whose innermost dimension is neither shorter than a register nor
    a multiple of it are left whole.

    The order is register-friendly (seeds 000 and 002): a chain of reads,
    elementwise ops, splats and scalar broadcasts ending in a
    `vector.transfer_write` is broken as a whole, a group of native tiles at
    a time: the group's loads, grouped, then its arithmetic, then its
    stores, with as many tiles per group as the register file holds (splats
    and broadcasts are made once, before the groups). Unrolling op by op, as
    upstream's patterns do, loads a whole super-vector before its first use
    and spills once it exceeds the registers. Other ops are unrolled op by
    op with upstream's patterns.

    Attributes:
    - `arch`: target description (default: each op's nearest
      `regtile.target` attribute, else the host);
    - `native_bits`: the native vector width in bits, overriding the
      target's.

    Example:
    ```mlir
    transform.apply_patterns to %func {
      transform.apply_patterns.regtile.unroll_to_native_vectors
    } : !transform.any_op
    ```

    #### Return modes

    This op only populates patterns; `transform.apply_patterns` reports
    failures. It does not consume or produce handles. Ops whose target
    attribute is not understood are left unchanged.
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$arch,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<8>]>>:$native_bits);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // REGTILE_TRANSFORMOPS_UNROLLTONATIVEVECTORS
