// A MobileNetV2 inverted-residual block as a framework emits it, NHWC, in
// one function: a 1x1 expansion conv (${CIN} -> ${CEXP} channels), a 3x3
// depthwise conv (stride ${S}, no padding), a 1x1 projection conv (back to
// ${COUT}), each with its folded batch norm's bias broadcast into its
// output, the first two with ReLU6 (a separate generic). Input 1 x ${HI} x
// ${WI} x ${CIN}, output 1 x ${H} x ${W} x ${COUT}.
!tx = tensor<1x${HI}x${WI}x${CIN}xf32>
!tfe = tensor<1x1x${CIN}x${CEXP}xf32>
!tfd = tensor<3x3x${CEXP}xf32>
!tfp = tensor<1x1x${CEXP}x${COUT}xf32>
!tbe = tensor<${CEXP}xf32>
!tbp = tensor<${COUT}xf32>
!te = tensor<1x${HI}x${WI}x${CEXP}xf32>
!td = tensor<1x${H}x${W}x${CEXP}xf32>
!ty = tensor<1x${H}x${W}x${COUT}xf32>
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>

func.func @layers(%x: !tx, %fe: !tfe, %be: !tbe, %fd: !tfd, %bd: !tbe, %fp: !tfp, %bp: !tbp) -> !ty {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  // Expansion.
  %ee = tensor.empty() : !te
  %be4 = linalg.broadcast ins(%be : !tbe) outs(%ee : !te) dimensions = [0, 1, 2]
  %e = linalg.conv_2d_nhwc_hwcf ins(%x, %fe : !tx, !tfe) outs(%be4 : !te) -> !te
  %er = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%e : !te) outs(%ee : !te) {
  ^bb0(%v: f32, %o: f32):
    %lo = arith.maximumf %v, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> !te
  // Depthwise.
  %de = tensor.empty() : !td
  %bd4 = linalg.broadcast ins(%bd : !tbe) outs(%de : !td) dimensions = [0, 1, 2]
  %d = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<${S}> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%er, %fd : !te, !tfd) outs(%bd4 : !td) -> !td
  %dr = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%d : !td) outs(%de : !td) {
  ^bb0(%v: f32, %o: f32):
    %lo = arith.maximumf %v, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> !td
  // Projection (linear).
  %ye = tensor.empty() : !ty
  %bp4 = linalg.broadcast ins(%bp : !tbp) outs(%ye : !ty) dimensions = [0, 1, 2]
  %y = linalg.conv_2d_nhwc_hwcf ins(%dr, %fp : !td, !tfp) outs(%bp4 : !ty) -> !ty
  return %y : !ty
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %s5 = arith.constant 5 : i64
  %s6 = arith.constant 6 : i64
  %s7 = arith.constant 7 : i64
  %x = memref.alloc() : memref<1x${HI}x${WI}x${CIN}xf32>
  %fe = memref.alloc() : memref<1x1x${CIN}x${CEXP}xf32>
  %be = memref.alloc() : memref<${CEXP}xf32>
  %fd = memref.alloc() : memref<3x3x${CEXP}xf32>
  %bd = memref.alloc() : memref<${CEXP}xf32>
  %fp = memref.alloc() : memref<1x1x${CEXP}x${COUT}xf32>
  %bp = memref.alloc() : memref<${COUT}xf32>
  %ux = memref.cast %x : memref<1x${HI}x${WI}x${CIN}xf32> to memref<*xf32>
  %ufe = memref.cast %fe : memref<1x1x${CIN}x${CEXP}xf32> to memref<*xf32>
  %ube = memref.cast %be : memref<${CEXP}xf32> to memref<*xf32>
  %ufd = memref.cast %fd : memref<3x3x${CEXP}xf32> to memref<*xf32>
  %ubd = memref.cast %bd : memref<${CEXP}xf32> to memref<*xf32>
  %ufp = memref.cast %fp : memref<1x1x${CEXP}x${COUT}xf32> to memref<*xf32>
  %ubp = memref.cast %bp : memref<${COUT}xf32> to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ufe, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ube, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ufd, %s4) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ubd, %s5) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ufp, %s6) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ubp, %s7) : (memref<*xf32>, i64) -> ()
  %tx = bufferization.to_tensor %x restrict : memref<1x${HI}x${WI}x${CIN}xf32> to !tx
  %tfe = bufferization.to_tensor %fe restrict : memref<1x1x${CIN}x${CEXP}xf32> to !tfe
  %tbe = bufferization.to_tensor %be restrict : memref<${CEXP}xf32> to !tbe
  %tfd = bufferization.to_tensor %fd restrict : memref<3x3x${CEXP}xf32> to !tfd
  %tbd = bufferization.to_tensor %bd restrict : memref<${CEXP}xf32> to !tbe
  %tfp = bufferization.to_tensor %fp restrict : memref<1x1x${CEXP}x${COUT}xf32> to !tfp
  %tbp = bufferization.to_tensor %bp restrict : memref<${COUT}xf32> to !tbp
  %y = call @layers(%tx, %tfe, %tbe, %tfd, %tbd, %tfp, %tbp) : (!tx, !tfe, !tbe, !tfd, !tbe, !tfp, !tbp) -> !ty
  %my = bufferization.to_buffer %y : !ty to memref<1x${H}x${W}x${COUT}xf32>
  %uy = memref.cast %my : memref<1x${H}x${W}x${COUT}xf32> to memref<*xf32>
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  return
}
