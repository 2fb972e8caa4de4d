// MobileNetV2's depthwise layers (batch 1, 224 x 224 input) as a framework
// emits them, NHWC, f32: a 3x3 depthwise convolution (stride ${S}) from a
// zero fill, then the folded batch norm's bias and ReLU6 as separate
// linalg.generic ops:
//   @depthwise_bias_relu6   relu6(dwconv(X, F) + b)
// X: 1 x ${HI} x ${WI} x ${C} (the layer's input with its padding of 1
// applied), F: 3 x 3 x ${C}, b: ${C}, Y: 1 x ${H} x ${W} x ${C}.
//   @depthwise_pad_bias_relu6  the same on the ${HU} x ${WU} input, its
//                              padding of 1 a producer tensor.pad (as a
//                              framework emits the layer)
// The benchmark's shapes (examples.json) are the network's ten unique
// depthwise layers. The schedule is the one-function strategy,
// @regtile_schedule (schedule.mlir). Each function takes memrefs (the C
// interface the benchmark calls); @main fills the inputs, calls them and
// prints their results, for the differential checks.

!tx = tensor<1x${HI}x${WI}x${C}xf32>
!tu = tensor<1x${HU}x${WU}x${C}xf32>
!mu = memref<1x${HU}x${WU}x${C}xf32>
!tf = tensor<3x3x${C}xf32>
!tb = tensor<${C}xf32>
!ty = tensor<1x${H}x${W}x${C}xf32>
!mx = memref<1x${HI}x${WI}x${C}xf32>
!mf = memref<3x3x${C}xf32>
!mb = memref<${C}xf32>
!my = memref<1x${H}x${W}x${C}xf32>
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch = affine_map<(n, h, w, c) -> (c)>

func.func @depthwise_bias_relu6(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<${S}> : tensor<2xi64>,
                                             dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : !tx, !tf) outs(%z : !ty) -> !ty
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  %y = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased : !ty) outs(%e : !ty) {
  ^bb0(%v: f32, %o: f32):
    %lo = arith.maximumf %v, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> !ty
  bufferization.materialize_in_destination %y in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func @depthwise_pad_bias_relu6(%mu: !mu, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %u = bufferization.to_tensor %mu restrict : !mu to !tu
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %x = tensor.pad %u low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tu to !tx
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<${S}> : tensor<2xi64>,
                                             dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : !tx, !tf) outs(%z : !ty) -> !ty
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  %y = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased : !ty) outs(%e : !ty) {
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
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %x = memref.alloc() : !mx
  %f = memref.alloc() : !mf
  %b = memref.alloc() : !mb
  %y = memref.alloc() : !my
  %ux = memref.cast %x : !mx to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %uy = memref.cast %y : !my to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @depthwise_bias_relu6(%x, %f, %b, %y) : (!mx, !mf, !mb, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  %u = memref.alloc() : !mu
  %uu = memref.cast %u : !mu to memref<*xf32>
  call @regtileFillF32(%uu, %s1) : (memref<*xf32>, i64) -> ()
  call @depthwise_pad_bias_relu6(%u, %f, %b, %y) : (!mu, !mf, !mb, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  return
}
