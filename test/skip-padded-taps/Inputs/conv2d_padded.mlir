// A 2-D convolution of a zero-padded input, as a framework emits it: a
// producer tensor.pad (${PT}, ${PB} rows above and below, ${PL}, ${PR}
// columns left and right) of the ${HU} x ${WU} input, then
// linalg.conv_2d_nhwc_hwcf from a zero fill: output ${N} x ${H} x ${W} x
// ${CO}, filter ${KH} x ${KW} x ${CI} x ${CO}, strides ${SH}, ${SW},
// dilations ${DH}, ${DW}.
!tu = tensor<${N}x${HU}x${WU}x${CI}xf32>
!tf = tensor<${KH}x${KW}x${CI}x${CO}xf32>
!tout = tensor<${N}x${H}x${W}x${CO}xf32>
!mu = memref<${N}x${HU}x${WU}x${CI}xf32>
!mf = memref<${KH}x${KW}x${CI}x${CO}xf32>
!mout = memref<${N}x${H}x${W}x${CO}xf32>

func.func @conv(%mu: !mu, %mf: !mf, %mout: !mout) attributes {llvm.emit_c_interface} {
  %u = bufferization.to_tensor %mu restrict : !mu to !tu
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %zero = arith.constant 0.0 : f32
  %pad = tensor.pad %u low[0, ${PT}, ${PL}, 0] high[0, ${PB}, ${PR}, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : !tu to tensor<${N}x${HI}x${WI}x${CI}xf32>
  %e = tensor.empty() : !tout
  %init = linalg.fill ins(%zero : f32) outs(%e : !tout) -> !tout
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<[${SH}, ${SW}]> : tensor<2xi64>,
                                 dilations = dense<[${DH}, ${DW}]> : tensor<2xi64>}
      ins(%pad, %f : tensor<${N}x${HI}x${WI}x${CI}xf32>, !tf) outs(%init : !tout) -> !tout
  bufferization.materialize_in_destination %r in restrict writable %mout : (!tout, !mout) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %u = memref.alloc() : !mu
  %f = memref.alloc() : !mf
  %out = memref.alloc() : !mout
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %uu = memref.cast %u : !mu to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %uout = memref.cast %out : !mout to memref<*xf32>
  call @regtileFillF32(%uu, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s3) : (memref<*xf32>, i64) -> ()
  call @conv(%u, %f, %out) : (!mu, !mf, !mout) -> ()
  call @regtilePrintF32(%uout) : (memref<*xf32>) -> ()
  memref.dealloc %u : !mu
  memref.dealloc %f : !mf
  memref.dealloc %out : !mout
  return
}
