// Strided and dilated convolutions on the dot-product micro-kernels
// (@regtile_conv2d): the input channels' groups (4 i8, 2 bf16) are
// broadcast at each row's strided pixel. Compared with the unscheduled
// payload, exactly: u8 x s8 -> i32 (a generic) and bf16 -> f32 with bias,
// ReLU and a bf16 result (linalg.conv_2d_nhwc_hwcf), on the host (VNNI /
// BF16 where it has them) with 1 and 3 threads, on skylake-avx512 (i8 in
// vpmaddwd pairs, bf16 widened) and haswell (AVX2). Channels not a multiple
// of the group (17, 3), stride 2 over odd inputs, dilations with
// remainders, a 7x7 stride-2 stem with 3 channels. (With 3 channels of
// widened bf16 or i8 pairs, a pixel step moves less than a cache line:
// regtile.prefetch_ahead warns that it prefetches nothing; those runs allow
// that warning.)
// DEFINE: %{schedule} = --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter'
// RUN: %difftest --threads 1,3 %s --no-warnings --define TARGET=host %{schedule} | FileCheck %s
// RUN: %if host-avx512 %{ %difftest %s --define TARGET=skylake-avx512 --lower-options target=skylake-avx512 %{schedule} | FileCheck %s %}
// RUN: %difftest %s --define TARGET=haswell --lower-options target=haswell %{schedule} | FileCheck %s
// CHECK: PASS 5 cases

// DIFFTEST-CASE: H=7 W=9 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=15 WI=19 CI=17 CO=40
// DIFFTEST-CASE: H=4 W=5 KH=3 KW=3 SH=1 SW=2 DH=2 DW=1 HI=8 WI=11 CI=3 CO=17
// DIFFTEST-CASE: H=5 W=5 KH=7 KW=7 SH=2 SW=2 DH=1 DW=1 HI=16 WI=15 CI=3 CO=64
func.func @kernel(%in: tensor<1x${HI}x${WI}x${CI}xi8>, %f: tensor<${KH}x${KW}x${CI}x${CO}xi8>, %o: tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
    attributes {regtile.target = "${TARGET}"} {
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h * ${SH} + kh * ${DH}, w * ${SW} + kw * ${DW}, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x${HI}x${WI}x${CI}xi8>, tensor<${KH}x${KW}x${CI}x${CO}xi8>)
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
  %i = memref.alloc() : memref<1x${HI}x${WI}x${CI}xi8>
  %f = memref.alloc() : memref<${KH}x${KW}x${CI}x${CO}xi8>
  %ui = memref.cast %i : memref<1x${HI}x${WI}x${CI}xi8> to memref<*xi8>
  %uf = memref.cast %f : memref<${KH}x${KW}x${CI}x${CO}xi8> to memref<*xi8>
  call @regtileFillI8(%ui, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%uf, %s2) : (memref<*xi8>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HI}x${WI}x${CI}xi8> to tensor<1x${HI}x${WI}x${CI}xi8>
  %tf = bufferization.to_tensor %f restrict : memref<${KH}x${KW}x${CI}x${CO}xi8> to tensor<${KH}x${KW}x${CI}x${CO}xi8>
  %o = tensor.empty() : tensor<1x${H}x${W}x${CO}xi32>
  %r = call @kernel(%ti, %tf, %o) : (tensor<1x${HI}x${WI}x${CI}xi8>, tensor<${KH}x${KW}x${CI}x${CO}xi8>, tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
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

// DIFFTEST-CASE: H=7 W=9 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=15 WI=19 CI=17 CO=40
// DIFFTEST-CASE: H=4 W=5 KH=3 KW=3 SH=2 SW=1 DH=1 DW=3 HI=10 WI=11 CI=3 CO=17
func.func @kernel(%in: tensor<1x${HI}x${WI}x${CI}xbf16>, %f: tensor<${KH}x${KW}x${CI}x${CO}xbf16>, %bias: tensor<${CO}xf32>, %o: tensor<1x${H}x${W}x${CO}xbf16>) -> tensor<1x${H}x${W}x${CO}xbf16>
    attributes {regtile.target = "${TARGET}"} {
  %e = tensor.empty() : tensor<1x${H}x${W}x${CO}xf32>
  %biased = linalg.broadcast ins(%bias : tensor<${CO}xf32>)
      outs(%e : tensor<1x${H}x${W}x${CO}xf32>) dimensions = [0, 1, 2]
  %conv = linalg.conv_2d_nhwc_hwcf {strides = dense<[${SH}, ${SW}]> : tensor<2xi64>,
                                    dilations = dense<[${DH}, ${DW}]> : tensor<2xi64>}
      ins(%in, %f : tensor<1x${HI}x${WI}x${CI}xbf16>, tensor<${KH}x${KW}x${CI}x${CO}xbf16>)
      outs(%biased : tensor<1x${H}x${W}x${CO}xf32>) -> tensor<1x${H}x${W}x${CO}xf32>
  %zero = arith.constant 0.0 : f32
  %relu = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<1x${H}x${W}x${CO}xf32>)
      outs(%o : tensor<1x${H}x${W}x${CO}xbf16>) {
  ^bb0(%x: f32, %unused: bf16):
    %r = arith.maximumf %x, %zero : f32
    %t = arith.truncf %r : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<1x${H}x${W}x${CO}xbf16>
  return %relu : tensor<1x${H}x${W}x${CO}xbf16>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintBF16(memref<*xbf16>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %i = memref.alloc() : memref<1x${HI}x${WI}x${CI}xbf16>
  %f = memref.alloc() : memref<${KH}x${KW}x${CI}x${CO}xbf16>
  %b = memref.alloc() : memref<${CO}xf32>
  %ui = memref.cast %i : memref<1x${HI}x${WI}x${CI}xbf16> to memref<*xbf16>
  %uf = memref.cast %f : memref<${KH}x${KW}x${CI}x${CO}xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${CO}xf32> to memref<*xf32>
  call @regtileFillBF16(%ui, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%uf, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HI}x${WI}x${CI}xbf16> to tensor<1x${HI}x${WI}x${CI}xbf16>
  %tf = bufferization.to_tensor %f restrict : memref<${KH}x${KW}x${CI}x${CO}xbf16> to tensor<${KH}x${KW}x${CI}x${CO}xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${CO}xf32> to tensor<${CO}xf32>
  %o = tensor.empty() : tensor<1x${H}x${W}x${CO}xbf16>
  %r = call @kernel(%ti, %tf, %tb, %o) : (tensor<1x${HI}x${WI}x${CI}xbf16>, tensor<${KH}x${KW}x${CI}x${CO}xbf16>, tensor<${CO}xf32>, tensor<1x${H}x${W}x${CO}xbf16>) -> tensor<1x${H}x${W}x${CO}xbf16>
  %rm = bufferization.to_buffer %r : tensor<1x${H}x${W}x${CO}xbf16> to memref<1x${H}x${W}x${CO}xbf16>
  %ur = memref.cast %rm : memref<1x${H}x${W}x${CO}xbf16> to memref<*xbf16>
  call @regtilePrintBF16(%ur) : (memref<*xbf16>) -> ()
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
