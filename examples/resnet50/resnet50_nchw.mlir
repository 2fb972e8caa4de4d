// ResNet-50 v1.5's convolution layers as resnet50.mlir has them, in the
// layout torch-mlir emits, NCHW / FCHW, f32: the "same" padding as a
// producer tensor.pad (${P} zeros on each side of the image), the
// convolution (linalg.conv_2d_nchw_fchw, ${KH} x ${KW}, stride ${S}) from a
// zero fill, then the folded batch norm's bias (along dim 1) and what
// follows as separate linalg.generic ops:
//   @nchw_conv_bias_relu           relu(conv(pad(X), F) + b)
//   @nchw_conv_bias                conv(X, F) + b
//   @nchw_conv_bias_residual_relu  relu(conv(X, F) + b + R)
// X: 1 x ${CI} x ${HU} x ${WU} (padded: ${HI} x ${WI}), F: ${CO} x ${CI} x
// ${KH} x ${KW}, b: ${CO}, R, Y: 1 x ${CO} x ${H} x ${W}. The schedule is
// the one-function strategy, @regtile_schedule (schedule.mlir), which
// converts each convolution to the NHWC micro-kernel between transposes
// (transform.regtile.convert_to_channels_last: the padding, bias, residual
// add and ReLU move with it). @main fills the inputs, calls each function
// and prints their results, for the differential checks.
!mx = memref<1x${CI}x${HU}x${WU}xf32>
!mf = memref<${CO}x${CI}x${KH}x${KW}xf32>
!mb = memref<${CO}xf32>
!my = memref<1x${CO}x${H}x${W}xf32>
!tx = tensor<1x${CI}x${HU}x${WU}xf32>
!tp = tensor<1x${CI}x${HI}x${WI}xf32>
!tf = tensor<${CO}x${CI}x${KH}x${KW}xf32>
!tb = tensor<${CO}xf32>
!ty = tensor<1x${CO}x${H}x${W}xf32>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#ch = affine_map<(n, c, h, w) -> (c)>

func.func @nchw_conv_bias_relu(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x0 = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %x = tensor.pad %x0 low[0, 0, ${P}, ${P}] high[0, 0, ${P}, ${P}] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tx to !tp
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nchw_fchw {strides = dense<${S}> : tensor<2xi64>,
                                    dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : !tp, !tf) outs(%z : !ty) -> !ty
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
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> !ty
  bufferization.materialize_in_destination %y in restrict writable %my : (!ty, !my) -> ()
  return
}
func.func @nchw_conv_bias(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x0 = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %x = tensor.pad %x0 low[0, 0, ${P}, ${P}] high[0, 0, ${P}, ${P}] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tx to !tp
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nchw_fchw {strides = dense<${S}> : tensor<2xi64>,
                                    dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : !tp, !tf) outs(%z : !ty) -> !ty
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  bufferization.materialize_in_destination %biased in restrict writable %my : (!ty, !my) -> ()
  return
}
func.func @nchw_conv_bias_residual_relu(%mx: !mx, %mf: !mf, %mb: !mb, %mr: !my, %my: !my) attributes {llvm.emit_c_interface} {
  %r = bufferization.to_tensor %mr restrict : !my to !ty
  %x0 = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %x = tensor.pad %x0 low[0, 0, ${P}, ${P}] high[0, 0, ${P}, ${P}] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tx to !tp
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nchw_fchw {strides = dense<${S}> : tensor<2xi64>,
                                    dilations = dense<1> : tensor<2xi64>}
      ins(%x, %f : !tp, !tf) outs(%z : !ty) -> !ty
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  %sum = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %r : !ty, !ty) outs(%e : !ty) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> !ty
  %y = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
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
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %x = memref.alloc() : !mx
  %f = memref.alloc() : !mf
  %b = memref.alloc() : !mb
  %r = memref.alloc() : !my
  %y1 = memref.alloc() : !my
  %y2 = memref.alloc() : !my
  %y3 = memref.alloc() : !my
  %ux = memref.cast %x : !mx to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %ur = memref.cast %r : !my to memref<*xf32>
  %u1 = memref.cast %y1 : !my to memref<*xf32>
  %u2 = memref.cast %y2 : !my to memref<*xf32>
  %u3 = memref.cast %y3 : !my to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ur, %s4) : (memref<*xf32>, i64) -> ()
  call @nchw_conv_bias_relu(%x, %f, %b, %y1) : (!mx, !mf, !mb, !my) -> ()
  call @nchw_conv_bias(%x, %f, %b, %y2) : (!mx, !mf, !mb, !my) -> ()
  call @nchw_conv_bias_residual_relu(%x, %f, %b, %r, %y3) : (!mx, !mf, !mb, !my, !my) -> ()
  call @regtilePrintF32(%u1) : (memref<*xf32>) -> ()
  call @regtilePrintF32(%u2) : (memref<*xf32>) -> ()
  call @regtilePrintF32(%u3) : (memref<*xf32>) -> ()
  return
}
