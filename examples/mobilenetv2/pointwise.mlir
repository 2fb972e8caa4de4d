// MobileNetV2's pointwise (1x1) layers (batch 1, 224 x 224 input) as a
// framework emits them, NHWC, f32: a 1x1 convolution
// (linalg.conv_2d_nhwc_hwcf) from a zero fill, then the folded batch
// norm's bias (and ReLU6) as separate linalg.generic ops:
//   @expand_bias_relu6   relu6(conv1x1(X, F) + b)   (a block's expansion,
//                                                    and the last 1x1 layer)
//   @project_bias        conv1x1(X, F) + b          (a block's linear
//                                                    projection)
//   @project_bias_residual  conv1x1(X, F) + b + R   (a projection whose
//                                                    block adds its input R)
// X: 1 x ${H} x ${W} x ${CI}, F: 1 x 1 x ${CI} x ${CO}, b: ${CO},
// R, Y: 1 x ${H} x ${W} x ${CO}. The benchmark's shapes (examples.json) are
// the network's unique pointwise layers, each timed in the form it has
// there (the five projections of blocks with a residual connection with
// their add). The schedule is the one-function strategy, @regtile_schedule
// (schedule.mlir). Each function takes memrefs (the C interface the
// benchmark calls); @main fills the inputs, calls each and prints their
// results, for the differential checks.

!tx = tensor<1x${H}x${W}x${CI}xf32>
!tf = tensor<1x1x${CI}x${CO}xf32>
!tb = tensor<${CO}xf32>
!ty = tensor<1x${H}x${W}x${CO}xf32>
!mx = memref<1x${H}x${W}x${CI}xf32>
!mf = memref<1x1x${CI}x${CO}xf32>
!mb = memref<${CO}xf32>
!my = memref<1x${H}x${W}x${CO}xf32>
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch = affine_map<(n, h, w, c) -> (c)>

func.func @expand_bias_relu6(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nhwc_hwcf ins(%x, %f : !tx, !tf) outs(%z : !ty) -> !ty
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

func.func @project_bias(%mx: !mx, %mf: !mf, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nhwc_hwcf ins(%x, %f : !tx, !tf) outs(%z : !ty) -> !ty
  %y = linalg.generic {indexing_maps = [#id, #ch, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  bufferization.materialize_in_destination %y in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func @project_bias_residual(%mx: !mx, %mf: !mf, %mb: !mb, %mr: !my, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %r = bufferization.to_tensor %mr restrict : !my to !ty
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !ty
  %z = linalg.fill ins(%zero : f32) outs(%e : !ty) -> !ty
  %conv = linalg.conv_2d_nhwc_hwcf ins(%x, %f : !tx, !tf) outs(%z : !ty) -> !ty
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  %y = linalg.generic {indexing_maps = [#id, #id, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %r : !ty, !ty) outs(%e : !ty) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
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
  %p = memref.alloc() : !my
  %r = memref.alloc() : !my
  %q = memref.alloc() : !my
  %ux = memref.cast %x : !mx to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %uy = memref.cast %y : !my to memref<*xf32>
  %up = memref.cast %p : !my to memref<*xf32>
  %ur = memref.cast %r : !my to memref<*xf32>
  %uq = memref.cast %q : !my to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  %s4 = arith.constant 4 : i64
  call @regtileFillF32(%ur, %s4) : (memref<*xf32>, i64) -> ()
  call @expand_bias_relu6(%x, %f, %b, %y) : (!mx, !mf, !mb, !my) -> ()
  call @project_bias(%x, %f, %b, %p) : (!mx, !mf, !mb, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  call @project_bias_residual(%x, %f, %b, %r, %q) : (!mx, !mf, !mb, !my, !my) -> ()
  call @regtilePrintF32(%up) : (memref<*xf32>) -> ()
  call @regtilePrintF32(%uq) : (memref<*xf32>) -> ()
  return
}
