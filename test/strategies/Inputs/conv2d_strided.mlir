// A 2-D convolution with strides and dilations, linalg.conv_2d_nhwc_hwcf
// from a zero fill: output ${N} x ${H} x ${W} x ${CO}, filter ${KH} x ${KW}
// x ${CI} x ${CO}, strides ${SH}, ${SW}, dilations ${DH}, ${DW}; the input
// (${HI} x ${WI}) may be larger than the output reads (a stride-2 layer
// over an odd padded input leaves its last row and column unread).
!tin = tensor<${N}x${HI}x${WI}x${CI}xf32>
!tf = tensor<${KH}x${KW}x${CI}x${CO}xf32>
!tout = tensor<${N}x${H}x${W}x${CO}xf32>
!min = memref<${N}x${HI}x${WI}x${CI}xf32>
!mf = memref<${KH}x${KW}x${CI}x${CO}xf32>
!mout = memref<${N}x${H}x${W}x${CO}xf32>

func.func @conv(%min: !min, %mf: !mf, %mout: !mout) attributes {llvm.emit_c_interface} {
  %in = bufferization.to_tensor %min restrict : !min to !tin
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !tout
  %init = linalg.fill ins(%zero : f32) outs(%e : !tout) -> !tout
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<[${SH}, ${SW}]> : tensor<2xi64>,
                                 dilations = dense<[${DH}, ${DW}]> : tensor<2xi64>}
      ins(%in, %f : !tin, !tf) outs(%init : !tout) -> !tout
  bufferization.materialize_in_destination %r in restrict writable %mout : (!tout, !mout) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %in = memref.alloc() : !min
  %f = memref.alloc() : !mf
  %out = memref.alloc() : !mout
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %uin = memref.cast %in : !min to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %uout = memref.cast %out : !mout to memref<*xf32>
  call @regtileFillF32(%uin, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s3) : (memref<*xf32>, i64) -> ()
  call @conv(%in, %f, %out) : (!min, !mf, !mout) -> ()
  call @regtilePrintF32(%uout) : (memref<*xf32>) -> ()
  memref.dealloc %in : !min
  memref.dealloc %f : !mf
  memref.dealloc %out : !mout
  return
}
