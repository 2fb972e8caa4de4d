// Padded convolutions on the dot-product micro-kernels (@regtile_conv2d):
// a producer tensor.pad of the i8 or bf16 input, the tiles inside the image
// reading it in place and the border tiles padding a window
// (version_padded_windows). Compared with the unscheduled payload,
// exactly: u8 x s8 -> i32 with a zero padding and with the padding a u8
// zero point of 128 (i8 -128: the border's filter rows are not skipped),
// bf16 -> f32 with bias and ReLU; on the host (VNNI / BF16 where it has
// them) with 1 and 3 threads, and on haswell (AVX2). Images wide enough
// for inside tiles, channels not a multiple of the group (17, 3), stride 2
// over odd inputs, uneven padding. (Each case runs a version of its tiles:
// the inputs are large enough to be split among threads, whose pieces the
// pad is fused into.)
// DEFINE: %{schedule} = --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter'
// RUN: %difftest --threads 1,3 %s --no-warnings --define TARGET=host %{schedule} | FileCheck %s
// RUN: %difftest %s --define TARGET=haswell --lower-options target=haswell %{schedule} | FileCheck %s
// CHECK: PASS 5 cases

// DIFFTEST-CASE: H=9 W=30 KH=3 KW=3 S=1 PT=1 PB=1 PL=1 PR=1 HU=9 WU=30 HI=11 WI=32 CI=17 CO=40 PV=0
// DIFFTEST-CASE: H=12 W=21 KH=3 KW=3 S=2 PT=1 PB=1 PL=1 PR=1 HU=23 WU=41 HI=25 WI=43 CI=5 CO=40 PV=-128
// DIFFTEST-CASE: H=7 W=25 KH=3 KW=3 S=1 PT=2 PB=0 PL=0 PR=2 HU=7 WU=25 HI=9 WI=27 CI=8 CO=64 PV=0
func.func @kernel(%in: tensor<1x${HU}x${WU}x${CI}xi8>, %f: tensor<${KH}x${KW}x${CI}x${CO}xi8>, %o: tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
    attributes {regtile.target = "${TARGET}"} {
  %zero = arith.constant 0 : i32
  %pv = arith.constant ${PV} : i8
  %padded = tensor.pad %in low[0, ${PT}, ${PL}, 0] high[0, ${PB}, ${PR}, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pv : i8
  } : tensor<1x${HU}x${WU}x${CI}xi8> to tensor<1x${HI}x${WI}x${CI}xi8>
  %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h * ${S} + kh, w * ${S} + kw, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%padded, %f : tensor<1x${HI}x${WI}x${CI}xi8>, tensor<${KH}x${KW}x${CI}x${CO}xi8>)
      outs(%z : tensor<1x${H}x${W}x${CO}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %ux, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<1x${H}x${W}x${CO}xi32>
  return %conv : tensor<1x${H}x${W}x${CO}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %i = memref.alloc() : memref<1x${HU}x${WU}x${CI}xi8>
  %f = memref.alloc() : memref<${KH}x${KW}x${CI}x${CO}xi8>
  %ui = memref.cast %i : memref<1x${HU}x${WU}x${CI}xi8> to memref<*xi8>
  %uf = memref.cast %f : memref<${KH}x${KW}x${CI}x${CO}xi8> to memref<*xi8>
  call @regtileFillI8(%ui, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%uf, %s2) : (memref<*xi8>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HU}x${WU}x${CI}xi8> to tensor<1x${HU}x${WU}x${CI}xi8>
  %tf = bufferization.to_tensor %f restrict : memref<${KH}x${KW}x${CI}x${CO}xi8> to tensor<${KH}x${KW}x${CI}x${CO}xi8>
  %o = tensor.empty() : tensor<1x${H}x${W}x${CO}xi32>
  %r = call @kernel(%ti, %tf, %o) : (tensor<1x${HU}x${WU}x${CI}xi8>, tensor<${KH}x${KW}x${CI}x${CO}xi8>, tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
  %rm = bufferization.to_buffer %r : tensor<1x${H}x${W}x${CO}xi32> to memref<1x${H}x${W}x${CO}xi32>
  %ur = memref.cast %rm : memref<1x${H}x${W}x${CO}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// DIFFTEST-CASE: H=9 W=30 KH=3 KW=3 S=1 PT=1 PB=1 PL=1 PR=1 HU=9 WU=30 HI=11 WI=32 CI=17 CO=40
// DIFFTEST-CASE: H=12 W=21 KH=3 KW=3 S=2 PT=1 PB=1 PL=1 PR=1 HU=23 WU=41 HI=25 WI=43 CI=3 CO=40
func.func @kernel(%in: tensor<1x${HU}x${WU}x${CI}xbf16>, %f: tensor<${KH}x${KW}x${CI}x${CO}xbf16>, %bias: tensor<${CO}xf32>, %o: tensor<1x${H}x${W}x${CO}xf32>) -> tensor<1x${H}x${W}x${CO}xf32>
    attributes {regtile.target = "${TARGET}"} {
  %zero16 = arith.constant 0.0 : bf16
  %padded = tensor.pad %in low[0, ${PT}, ${PL}, 0] high[0, ${PB}, ${PR}, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero16 : bf16
  } : tensor<1x${HU}x${WU}x${CI}xbf16> to tensor<1x${HI}x${WI}x${CI}xbf16>
  %e = tensor.empty() : tensor<1x${H}x${W}x${CO}xf32>
  %biased = linalg.broadcast ins(%bias : tensor<${CO}xf32>)
      outs(%e : tensor<1x${H}x${W}x${CO}xf32>) dimensions = [0, 1, 2]
  %conv = linalg.conv_2d_nhwc_hwcf {strides = dense<${S}> : tensor<2xi64>,
                                    dilations = dense<1> : tensor<2xi64>}
      ins(%padded, %f : tensor<1x${HI}x${WI}x${CI}xbf16>, tensor<${KH}x${KW}x${CI}x${CO}xbf16>)
      outs(%biased : tensor<1x${H}x${W}x${CO}xf32>) -> tensor<1x${H}x${W}x${CO}xf32>
  %zero = arith.constant 0.0 : f32
  %relu = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<1x${H}x${W}x${CO}xf32>)
      outs(%o : tensor<1x${H}x${W}x${CO}xf32>) {
  ^bb0(%x: f32, %unused: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x${H}x${W}x${CO}xf32>
  return %relu : tensor<1x${H}x${W}x${CO}xf32>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %i = memref.alloc() : memref<1x${HU}x${WU}x${CI}xbf16>
  %f = memref.alloc() : memref<${KH}x${KW}x${CI}x${CO}xbf16>
  %b = memref.alloc() : memref<${CO}xf32>
  %ui = memref.cast %i : memref<1x${HU}x${WU}x${CI}xbf16> to memref<*xbf16>
  %uf = memref.cast %f : memref<${KH}x${KW}x${CI}x${CO}xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${CO}xf32> to memref<*xf32>
  call @regtileFillBF16(%ui, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%uf, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HU}x${WU}x${CI}xbf16> to tensor<1x${HU}x${WU}x${CI}xbf16>
  %tf = bufferization.to_tensor %f restrict : memref<${KH}x${KW}x${CI}x${CO}xbf16> to tensor<${KH}x${KW}x${CI}x${CO}xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${CO}xf32> to tensor<${CO}xf32>
  %o = tensor.empty() : tensor<1x${H}x${W}x${CO}xf32>
  %r = call @kernel(%ti, %tf, %tb, %o) : (tensor<1x${HU}x${WU}x${CI}xbf16>, tensor<${KH}x${KW}x${CI}x${CO}xbf16>, tensor<${CO}xf32>, tensor<1x${H}x${W}x${CO}xf32>) -> tensor<1x${H}x${W}x${CO}xf32>
  %rm = bufferization.to_buffer %r : tensor<1x${H}x${W}x${CO}xf32> to memref<1x${H}x${W}x${CO}xf32>
  %ur = memref.cast %rm : memref<1x${H}x${W}x${CO}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}
