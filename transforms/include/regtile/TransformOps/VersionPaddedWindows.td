//===- VersionPaddedWindows.td - version_padded_windows ----*- tablegen -*-===//
//
// transform.regtile.version_padded_windows: op definition
// (included by RegtileTransformOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_TRANSFORMOPS_VERSIONPADDEDWINDOWS
#define REGTILE_TRANSFORMOPS_VERSIONPADDEDWINDOWS

def VersionPaddedWindowsOp : RegtileTransformOp<"regtile.version_padded_windows",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Read a padded input in place in the tiles inside it; pad "
                "only the border tiles' windows";
  let description = [{
    For each `scf.for` of `target` (a tile loop) whose body reads windows
    of a padded tensor: `tensor.extract_slice` ops of a `tensor.pad` with a
    constant padding value (or of the guard tiling a pad makes: an
    `scf.if` yielding a `tensor.generate` of that value or the pad)
    defined before the loop. A convolution whose padding is a producer
    `tensor.pad`, fused into the tiles, reads its input that way: the
    whole padded input is built first (a fill and a copy of the input: a
    second copy of it in the caches), although only the tiles at the
    image's border read any padding. Versions the loop's body:
    ```mlir
    scf.if %inside {          // every window inside the pad's source
      the body, each window a slice of the source (read in place)
    } else {
      each window built once, at the top: tensor.pad of the part of the
      source it covers (dynamic low and high padding)
      the body, cloned, reading it
    }
    ```
    The padded tensor is then dead (canonicalization erases it). Dims the
    pad does not pad are not tested; along the others the windows'
    positions are computed from the loop's IV and values defined before
    the loop. A window may move along an unpadded dim in a loop of the
    body (a depthwise convolution's channel blocks): its border window is
    then built at the top over the whole of that dim, and the body takes
    its slices. On ResNet-50's
    padded 3x3 layers the padded input was 6-10% of the layer's time.
    Library: `regtile::versionPaddedWindows`
    (`patterns/include/regtile/Patterns/VersionPaddedWindows.h`).

    Where the tests are known for every iteration (the positions, sizes
    and padding constant but for the loop's IV, the loop's bounds
    constant), a loop none of whose iterations has its windows inside the
    source along some dim (every tile at the border, as on a 7 x 7 image
    with one tile across) is left as it is: a window per tile would copy
    more than the padded tensor does. If every iteration has its windows
    inside, they are read in place without a version.

    `clones` are handles to ops of the body (the convolution, its reduction
    loop): the results are their clones in the border version (empty where
    a loop was not versioned); the ops themselves stay in the inside
    version, and their handles valid. Apply it to the innermost loop
    around a tile's window (the tile loop along the image's width), before
    `cache_reduce`; run `skip_padded_taps` on the border version's
    reduction loop:
    ```mlir
    %kh_border, %conv_border = transform.regtile.version_padded_windows %ow
        clones(%kh, %conv)
        : (!transform.any_op, !transform.any_op, !transform.any_op)
        -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Produces a silenceable failure, leaving the payload unchanged, if a
    payload op is not an `scf.for`, or if a window of a padded tensor in
    its body is rank-reducing or strided, moves inside the body along a
    padded dim (depends on a nested loop's IV there), or its pad's source,
    padding, padding value or the source's slice is not known before the
    loop. A loop whose body
    reads no window of a padded tensor is left as it is (a layer without
    padding has nothing to version). Reads all handles, which stay valid,
    produces the clones' handles and modifies the payload.
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       Variadic<TransformHandleTypeInterface>:$follow);
  let results = (outs Variadic<TransformHandleTypeInterface>:$clones);
  let assemblyFormat = [{
    $target (`clones` `(` $follow^ `)`)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // REGTILE_TRANSFORMOPS_VERSIONPADDEDWINDOWS
