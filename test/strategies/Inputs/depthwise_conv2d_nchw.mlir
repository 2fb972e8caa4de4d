// A MobileNet depthwise layer as torch-mlir emits it (NCHW): a zero fill,
// linalg.depthwise_conv_2d_nchw_chw (filter ${C} x ${KH} x ${KW}, strides
// ${SH}, ${SW}, dilations ${DH}, ${DW}), then the folded batch norm's bias
// (per channel) and ReLU6 as two elementwise generics. Output ${N} x ${C} x
// ${H} x ${W}; the input (${HI} x ${WI}) may be larger than the output
// reads.
!tin = tensor<${N}x${C}x${HI}x${WI}xf32>
!tf = tensor<${C}x${KH}x${KW}xf32>
!tb = tensor<${C}xf32>
!tout = tensor<${N}x${C}x${H}x${W}xf32>
!min = memref<${N}x${C}x${HI}x${WI}xf32>
!mf = memref<${C}x${KH}x${KW}xf32>
!mb = memref<${C}xf32>
!mout = memref<${N}x${C}x${H}x${W}xf32>

func.func @conv(%min: !min, %mf: !mf, %mb: !mb, %mout: !mout) attributes {llvm.emit_c_interface} {
  %in = bufferization.to_tensor %min restrict : !min to !tin
  %f = bufferization.to_tensor %mf restrict : !mf to !tf
  %bias = bufferization.to_tensor %mb restrict : !mb to !tb
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : !tout
  %init = linalg.fill ins(%zero : f32) outs(%e : !tout) -> !tout
  %conv = linalg.depthwise_conv_2d_nchw_chw {strides = dense<[${SH}, ${SW}]> : tensor<2xi64>,
                                             dilations = dense<[${DH}, ${DW}]> : tensor<2xi64>}
      ins(%in, %f : !tin, !tf) outs(%init : !tout) -> !tout
  %biased = linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (c)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %bias : !tout, !tb) outs(%e : !tout) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> !tout
  %relu6 = linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased : !tout) outs(%e : !tout) {
  ^bb0(%x: f32, %o: f32):
    %lo = arith.maximumf %x, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> !tout
  bufferization.materialize_in_destination %relu6 in restrict writable %mout : (!tout, !mout) -> ()
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
  %s4 = arith.constant 4 : i64
  %uin = memref.cast %in : !min to memref<*xf32>
  %uf = memref.cast %f : !mf to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %uout = memref.cast %out : !mout to memref<*xf32>
  call @regtileFillF32(%uin, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s4) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s3) : (memref<*xf32>, i64) -> ()
  call @conv(%in, %f, %b, %out) : (!min, !mf, !mb, !mout) -> ()
  call @regtilePrintF32(%uout) : (memref<*xf32>) -> ()
  memref.dealloc %in : !min
  memref.dealloc %f : !mf
  memref.dealloc %b : !mb
  memref.dealloc %out : !mout
  return
}
