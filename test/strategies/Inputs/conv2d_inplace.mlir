// A 2-D convolution, linalg.conv_2d_nhwc_hwcf (HWCF filter), from a zero
// fill, then a bias add + ReLU and a ReLU6 clamp written in place on its
// result (outs(%conv), read in the body), as some frameworks emit them.
// Sizes are ${N}, ${H}, ${W}, ${CI}, ${CO} (input ${N} x ${HI} x ${WI} x
// ${CI}, 3x3 filter).
!tin = tensor<${N}x${HI}x${WI}x${CI}xf32>
!tf = tensor<3x3x${CI}x${CO}xf32>
!tout = tensor<${N}x${H}x${W}x${CO}xf32>
!min = memref<${N}x${HI}x${WI}x${CI}xf32>
!mf = memref<3x3x${CI}x${CO}xf32>
!mout = memref<${N}x${H}x${W}x${CO}xf32>

!mb = memref<${CO}xf32>
#ch = affine_map<(n, h, w, c) -> (c)>
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>

func.func @conv(%min: !min, %mf: !mf, %mb: !mb, %mout: !mout) attributes {llvm.emit_c_interface} {
  %bias = bufferization.to_tensor %mb restrict : !mb to tensor<${CO}xf32>
  %in = bufferization.to_tensor %min restrict : !min to !tin
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !tout
  %init = linalg.fill ins(%zero : f32) outs(%e : !tout) -> !tout
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : !tin, !tf) outs(%init : !tout) -> !tout
  %q = linalg.generic {indexing_maps = [#ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<${CO}xf32>) outs(%r : !tout) {
  ^bb0(%b: f32, %o: f32):
    %s = arith.addf %o, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> !tout
  %r6 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%q : !tout) {
  ^bb0(%o: f32):
    %six = arith.constant 6.0 : f32
    %m = arith.minimumf %o, %six : f32
    linalg.yield %m : f32
  } -> !tout
  bufferization.materialize_in_destination %r6 in restrict writable %mout : (!tout, !mout) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %in = memref.alloc() : !min
  %f = memref.alloc() : !mf
  %b = memref.alloc() : !mb
  %out = memref.alloc() : !mout
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %uin = memref.cast %in : !min to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %uout = memref.cast %out : !mout to memref<*xf32>
  call @regtileFillF32(%uin, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s3) : (memref<*xf32>, i64) -> ()
  call @conv(%in, %f, %b, %out) : (!min, !mf, !mb, !mout) -> ()
  call @regtilePrintF32(%uout) : (memref<*xf32>) -> ()
  memref.dealloc %in : !min
  memref.dealloc %f : !mf
  memref.dealloc %b : !mb
  memref.dealloc %out : !mout
  return
}
