// ResNet-50 v1.5's convolution layers (batch 1, 224 x 224 input) as a
// framework emits them, NHWC / HWCF, f32: the "same" padding as a producer
// tensor.pad (${P} zeros on each side; none for P = 0), the convolution
// (linalg.conv_2d_nhwc_hwcf, ${KH} x ${KW}, stride ${S}) from a zero fill,
// then the folded batch norm's bias and what follows as separate
// linalg.generic ops:
//   @conv_bias_relu           relu(conv(pad(X), F) + b)   (the stem, the
//                                                          blocks' first two
//                                                          convolutions)
//   @conv_bias                conv(X, F) + b              (a downsampling
//                                                          shortcut)
//   @conv_bias_residual_relu  relu(conv(X, F) + b + R)    (a block's last
//                                                          1x1, R its
//                                                          shortcut)
// X: 1 x ${HU} x ${WU} x ${CI} (padded: ${HI} x ${WI}), F: ${KH} x ${KW} x
// ${CI} x ${CO}, b: ${CO}, R, Y: 1 x ${H} x ${W} x ${CO}. The benchmark's
// shapes (examples.json) are the network's unique convolution layers, each
// timed in the form it has there. The schedule is the one-function
// strategy, @regtile_schedule (schedule.mlir). Each function takes memrefs
// (the C interface the benchmark calls); @main fills the inputs, calls each
// and prints their results, for the differential checks. (@conv_bias and
// @conv_bias_residual_relu have no padding in the network; they take P = 0
// there, and the checks run them padded too.)
!mx = memref<1x${HU}x${WU}x${CI}xf32>
!mf = memref<${KH}x${KW}x${CI}x${CO}xf32>
!mb = memref<${CO}xf32>
!my = memref<1x${H}x${W}x${CO}xf32>
!tx = tensor<1x${HU}x${WU}x${CI}xf32>
!tp = tensor<1x${HI}x${WI}x${CI}xf32>
!tf = tensor<${KH}x${KW}x${CI}x${CO}xf32>
!tb = tensor<${CO}xf32>
!ty = tensor<1x${H}x${W}x${CO}xf32>
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch = affine_map<(n, h, w, c) -> (c)>

func.func @conv_bias_relu(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x0 = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %x = tensor.pad %x0 low[0, ${P}, ${P}, 0] high[0, ${P}, ${P}, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tx to !tp
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nhwc_hwcf {strides = dense<${S}> : tensor<2xi64>,
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
func.func @conv_bias(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x0 = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %x = tensor.pad %x0 low[0, ${P}, ${P}, 0] high[0, ${P}, ${P}, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tx to !tp
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nhwc_hwcf {strides = dense<${S}> : tensor<2xi64>,
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
func.func @conv_bias_residual_relu(%mx: !mx, %mf: !mf, %mb: !mb, %mr: !my, %my: !my) attributes {llvm.emit_c_interface} {
  %r = bufferization.to_tensor %mr restrict : !my to !ty
  %x0 = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %x = tensor.pad %x0 low[0, ${P}, ${P}, 0] high[0, ${P}, ${P}, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tx to !tp
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nhwc_hwcf {strides = dense<${S}> : tensor<2xi64>,
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
  call @conv_bias_relu(%x, %f, %b, %y1) : (!mx, !mf, !mb, !my) -> ()
  call @conv_bias(%x, %f, %b, %y2) : (!mx, !mf, !mb, !my) -> ()
  call @conv_bias_residual_relu(%x, %f, %b, %r, %y3) : (!mx, !mf, !mb, !my, !my) -> ()
  call @regtilePrintF32(%u1) : (memref<*xf32>) -> ()
  call @regtilePrintF32(%u2) : (memref<*xf32>) -> ()
  call @regtilePrintF32(%u3) : (memref<*xf32>) -> ()
  return
}
