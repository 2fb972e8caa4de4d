// NCHW 1x1 stride-1 layers of one image, ${C} -> ${F} channels over
// ${H} x ${W} pixels, in the forms a framework emits (for exec.mlir):
//   1. linalg.conv_2d_nchw_fchw from a zero fill, then the bias (dim 1),
//      a residual add and ReLU as separate generics;
//   2. the bias broadcast into the output (the producer form), the
//      convolution as a linalg.generic of its loops, ReLU6 after it;
//   3. u8 x s8 -> i32 (a generic widening its inputs), no consumer.
// Inputs are multiples of 1/8 (integers in 3.): results are exact.
// DIFFTEST-CASE: C=17 F=19 H=9 W=11
// DIFFTEST-CASE: C=3 F=1 H=16 W=20
// DIFFTEST-CASE: C=64 F=40 H=5 W=15
!tx = tensor<1x${C}x${H}x${W}xf32>
!tf = tensor<${F}x${C}x1x1xf32>
!tb = tensor<${F}xf32>
!ty = tensor<1x${F}x${H}x${W}xf32>
!mx = memref<1x${C}x${H}x${W}xf32>
!mf = memref<${F}x${C}x1x1xf32>
!mb = memref<${F}xf32>
!my = memref<1x${F}x${H}x${W}xf32>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#ch = affine_map<(n, c, h, w) -> (c)>

func.func @layer(%mx: !mx, %mf: !mf, %mb: !mb, %mr: !my, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %r = bufferization.to_tensor %mr restrict : !my to !ty
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : !tx, !tf) outs(%z : !ty) -> !ty
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %r : !ty, !ty) outs(%e : !ty) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> !ty
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : !ty) outs(%e : !ty) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> !ty
  bufferization.materialize_in_destination %y in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %x = memref.alloc() : !mx
  %f = memref.alloc() : !mf
  %b = memref.alloc() : !mb
  %r = memref.alloc() : !my
  %y = memref.alloc() : !my
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %s5 = arith.constant 5 : i64
  %ux = memref.cast %x : !mx to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %ur = memref.cast %r : !my to memref<*xf32>
  %uy = memref.cast %y : !my to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ur, %s4) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uy, %s5) : (memref<*xf32>, i64) -> ()
  call @layer(%x, %f, %b, %r, %y) : (!mx, !mf, !mb, !my, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  memref.dealloc %x : !mx
  memref.dealloc %f : !mf
  memref.dealloc %b : !mb
  memref.dealloc %r : !my
  memref.dealloc %y : !my
  return
}

// -----

// DIFFTEST-CASE: C=17 F=19 H=9 W=11
// DIFFTEST-CASE: C=5 F=33 H=1 W=62
!tx = tensor<1x${C}x${H}x${W}xf32>
!tf = tensor<${F}x${C}x1x1xf32>
!tb = tensor<${F}xf32>
!ty = tensor<1x${F}x${H}x${W}xf32>
!mx = memref<1x${C}x${H}x${W}xf32>
!mf = memref<${F}x${C}x1x1xf32>
!mb = memref<${F}xf32>
!my = memref<1x${F}x${H}x${W}xf32>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#ch = affine_map<(n, c, h, w) -> (c)>

func.func @layer(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : !ty
  %bb = linalg.generic {indexing_maps = [#ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b : !tb) outs(%e : !ty) {
  ^bb0(%c: f32, %o: f32):
    linalg.yield %c : f32
  } -> !ty
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, f, h, w, c, kh, kw) -> (n, c, h + kh, w + kw)>,
                       affine_map<(n, f, h, w, c, kh, kw) -> (f, c, kh, kw)>,
                       affine_map<(n, f, h, w, c, kh, kw) -> (n, f, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %f : !tx, !tf) outs(%bb : !ty) {
  ^bb0(%i: f32, %k: f32, %o: f32):
    %m = arith.mulf %i, %k : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> !ty
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : !ty) outs(%e : !ty) {
  ^bb0(%v: f32, %o: f32):
    %lo = arith.maximumf %v, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> !ty
  bufferization.materialize_in_destination %y in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %x = memref.alloc() : !mx
  %f = memref.alloc() : !mf
  %b = memref.alloc() : !mb
  %y = memref.alloc() : !my
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s5 = arith.constant 5 : i64
  %ux = memref.cast %x : !mx to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %uy = memref.cast %y : !my to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uy, %s5) : (memref<*xf32>, i64) -> ()
  call @layer(%x, %f, %b, %y) : (!mx, !mf, !mb, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  memref.dealloc %x : !mx
  memref.dealloc %f : !mf
  memref.dealloc %b : !mb
  memref.dealloc %y : !my
  return
}

// -----

// DIFFTEST-CASE: C=17 F=19 H=9 W=11
// DIFFTEST-CASE: C=64 F=40 H=5 W=15
!tx = tensor<1x${C}x${H}x${W}xi8>
!tf = tensor<${F}x${C}x1x1xi8>
!ty = tensor<1x${F}x${H}x${W}xi32>
!mx = memref<1x${C}x${H}x${W}xi8>
!mf = memref<${F}x${C}x1x1xi8>
!my = memref<1x${F}x${H}x${W}xi32>

func.func @layer(%mx: !mx, %mf: !mf, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : i32) outs(%e : !ty) -> !ty
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, f, h, w, c, kh, kw) -> (n, c, h + kh, w + kw)>,
                       affine_map<(n, f, h, w, c, kh, kw) -> (f, c, kh, kw)>,
                       affine_map<(n, f, h, w, c, kh, kw) -> (n, f, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %f : !tx, !tf) outs(%z : !ty) {
  ^bb0(%i: i8, %k: i8, %o: i32):
    %a = arith.extui %i : i8 to i32
    %w = arith.extsi %k : i8 to i32
    %m = arith.muli %a, %w : i32
    %s = arith.addi %o, %m : i32
    linalg.yield %s : i32
  } -> !ty
  bufferization.materialize_in_destination %conv in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %x = memref.alloc() : !mx
  %f = memref.alloc() : !mf
  %y = memref.alloc() : !my
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s5 = arith.constant 5 : i64
  %ux = memref.cast %x : !mx to memref<*xi8>
  %uf = memref.cast %f : !mf to memref<*xi8>
  %uy = memref.cast %y : !my to memref<*xi32>
  call @regtileFillI8(%ux, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%uf, %s2) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uy, %s5) : (memref<*xi32>, i64) -> ()
  call @layer(%x, %f, %y) : (!mx, !mf, !my) -> ()
  call @regtilePrintI32(%uy) : (memref<*xi32>) -> ()
  memref.dealloc %x : !mx
  memref.dealloc %f : !mf
  memref.dealloc %y : !my
  return
}
