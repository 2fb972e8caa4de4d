// Two NCHW layers as torch-mlir emits them: linalg.conv_2d_nchw_fchw
// (filter ${CO} x ${CI} x ${KH} x ${KW}, strides ${SH}, ${SW}, dilations
// ${DH}, ${DW}) from a zero fill, the bias (per channel, dim 1) and ReLU as
// one generic; then a 1x1 convolution to ${CO2} channels from a zero fill
// whose bias, residual add (an NCHW input) and ReLU follow as two
// generics. Output ${N} x ${CO2} x ${H} x ${W}; the input (${HI} x ${WI})
// may be larger than the first layer reads.
!tin = tensor<${N}x${CI}x${HI}x${WI}xf32>
!tf = tensor<${CO}x${CI}x${KH}x${KW}xf32>
!tf2 = tensor<${CO2}x${CO}x1x1xf32>
!tb = tensor<${CO}xf32>
!tb2 = tensor<${CO2}xf32>
!tmid = tensor<${N}x${CO}x${H}x${W}xf32>
!tout = tensor<${N}x${CO2}x${H}x${W}xf32>
!min = memref<${N}x${CI}x${HI}x${WI}xf32>
!mf = memref<${CO}x${CI}x${KH}x${KW}xf32>
!mf2 = memref<${CO2}x${CO}x1x1xf32>
!mb = memref<${CO}xf32>
!mb2 = memref<${CO2}xf32>
!mout = memref<${N}x${CO2}x${H}x${W}xf32>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#ch = affine_map<(n, c, h, w) -> (c)>

func.func @conv(%min: !min, %mf: !mf, %mb: !mb, %mf2: !mf2, %mb2: !mb2, %mres: !mout, %mout: !mout)
    attributes {llvm.emit_c_interface} {
  %in = bufferization.to_tensor %min restrict : !min to !tin
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %f2 = bufferization.to_tensor %mf2 restrict : !mf2 to !tf2
  %b2 = bufferization.to_tensor %mb2 restrict : !mb2 to !tb2
  %res = bufferization.to_tensor %mres restrict : !mout to !tout
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !tmid
  %init = linalg.fill ins(%zero : f32) outs(%e : !tmid) -> !tmid
  %c = linalg.conv_2d_nchw_fchw {strides = dense<[${SH}, ${SW}]> : tensor<2xi64>,
                                 dilations = dense<[${DH}, ${DW}]> : tensor<2xi64>}
      ins(%in, %f : !tin, !tf) outs(%init : !tmid) -> !tmid
  %relu = linalg.generic {indexing_maps = [#id, #ch, #id],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : !tmid, !tb) outs(%e : !tmid) {
  ^bb0(%x: f32, %bias: f32, %o: f32):
    %s = arith.addf %x, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> !tmid
  %e2 = tensor.empty() : !tout
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : !tout) -> !tout
  %c2 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%relu, %f2 : !tmid, !tf2) outs(%init2 : !tout) -> !tout
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c2, %b2 : !tout, !tb2) outs(%e2 : !tout) {
  ^bb0(%x: f32, %bias: f32, %o: f32):
    %s = arith.addf %x, %bias : f32
    linalg.yield %s : f32
  } -> !tout
  %out = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %res : !tout, !tout) outs(%e2 : !tout) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %s = arith.addf %x, %r : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> !tout
  bufferization.materialize_in_destination %out in restrict writable %mout : (!tout, !mout) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %in = memref.alloc() : !min
  %f = memref.alloc() : !mf
  %b = memref.alloc() : !mb
  %f2 = memref.alloc() : !mf2
  %b2 = memref.alloc() : !mb2
  %res = memref.alloc() : !mout
  %out = memref.alloc() : !mout
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %s5 = arith.constant 5 : i64
  %s6 = arith.constant 6 : i64
  %s7 = arith.constant 7 : i64
  %uin = memref.cast %in : !min to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %uf2 = memref.cast %f2 : !mf2 to memref<*xf32>
  %ub2 = memref.cast %b2 : !mb2 to memref<*xf32>
  %ures = memref.cast %res : !mout to memref<*xf32>
  %uout = memref.cast %out : !mout to memref<*xf32>
  call @regtileFillF32(%uin, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf2, %s4) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub2, %s5) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ures, %s6) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s7) : (memref<*xf32>, i64) -> ()
  call @conv(%in, %f, %b, %f2, %b2, %res, %out) : (!min, !mf, !mb, !mf2, !mb2, !mout, !mout) -> ()
  call @regtilePrintF32(%uout) : (memref<*xf32>) -> ()
  memref.dealloc %in : !min
  memref.dealloc %f : !mf
  memref.dealloc %b : !mb
  memref.dealloc %f2 : !mf2
  memref.dealloc %b2 : !mb2
  memref.dealloc %res : !mout
  memref.dealloc %out : !mout
  return
}
