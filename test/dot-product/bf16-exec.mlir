// Execution of the bf16 GEMM and conv micro-kernels the strategies pick
// (@regtile_matmul, @regtile_conv2d from strategies/), compared with the
// unscheduled payload, on shapes that divide no tile or pair (K = 29, 601;
// 17 and 3 input channels, 40 and 17 output channels):
// - on the host (vdpbf16ps on AVX-512 BF16), 1 and 3 threads;
// - without bf16 instructions (the functions' regtile.target:
//   skylake-avx512, haswell): the inputs widened to f32 FMAs, bf16 kept as
//   i16 bits through the LLVM code (regtile-bf16-storage), the conv's
//   result rounded to bf16 by integer operations (regtile-expand-arith
//   {expand-bf16}) instead of a __truncsfbf2 call per element.
// The inputs are multiples of 1/8 in [-4, 4] (exact in bf16): every
// product and partial sum is exact in f32, so the results must match
// exactly in any summation order. (Without bf16 instructions, the conv
// with 3 input channels steps 6 bytes through the input per iteration:
// regtile.prefetch_ahead warns that nothing moves by a cache line; those
// runs allow that warning.)
// RUN: %difftest --threads 1,3 %s --no-warnings --define TARGET=host --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s
// RUN: %if host-avx512 %{ env OMP_NUM_THREADS=3 %difftest %s --define TARGET=skylake-avx512 --lower-options target=skylake-avx512 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s %}
// RUN: %difftest %s --define TARGET=haswell --lower-options target=haswell --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s
// CHECK: PASS 4 cases

// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=70 N=130 K=601
func.func @kernel(%a: tensor<${M}x${K}xbf16>, %b: tensor<${K}x${N}xbf16>, %c: tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
    attributes {regtile.target = "${TARGET}"} {
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>)
      outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %r : tensor<${M}x${N}xf32>
}
func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xbf16>
  %b = memref.alloc() : memref<${K}x${N}xbf16>
  %c = memref.alloc() : memref<${M}x${N}xf32>
  %ua = memref.cast %a : memref<${M}x${K}xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${K}x${N}xbf16> to memref<*xbf16>
  %uc = memref.cast %c : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtileFillBF16(%ua, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%ub, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xbf16> to tensor<${M}x${K}xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xbf16> to tensor<${K}x${N}xbf16>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>, tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xf32> to memref<${M}x${N}xf32>
  %ur = memref.cast %rm : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%ur) : (memref<*xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    transform.include @regtile_matmul failures(propagate) (%f) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// The conv with its bias, ReLU and a bf16 result (truncf on the tile).
// DIFFTEST-CASE: H=7 W=9 HI=9 WI=11 CI=17 CO=40
// DIFFTEST-CASE: H=4 W=5 HI=6 WI=7 CI=3 CO=17
func.func @kernel(%in: tensor<1x${HI}x${WI}x${CI}xbf16>, %f: tensor<3x3x${CI}x${CO}xbf16>, %bias: tensor<${CO}xf32>, %o: tensor<1x${H}x${W}x${CO}xbf16>) -> tensor<1x${H}x${W}x${CO}xbf16>
    attributes {regtile.target = "${TARGET}"} {
  %e = tensor.empty() : tensor<1x${H}x${W}x${CO}xf32>
  %biased = linalg.broadcast ins(%bias : tensor<${CO}xf32>)
      outs(%e : tensor<1x${H}x${W}x${CO}xf32>) dimensions = [0, 1, 2]
  %conv = linalg.conv_2d_nhwc_hwcf
      ins(%in, %f : tensor<1x${HI}x${WI}x${CI}xbf16>, tensor<3x3x${CI}x${CO}xbf16>)
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
  %f = memref.alloc() : memref<3x3x${CI}x${CO}xbf16>
  %b = memref.alloc() : memref<${CO}xf32>
  %ui = memref.cast %i : memref<1x${HI}x${WI}x${CI}xbf16> to memref<*xbf16>
  %uf = memref.cast %f : memref<3x3x${CI}x${CO}xbf16> to memref<*xbf16>
  %ub = memref.cast %b : memref<${CO}xf32> to memref<*xf32>
  call @regtileFillBF16(%ui, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%uf, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HI}x${WI}x${CI}xbf16> to tensor<1x${HI}x${WI}x${CI}xbf16>
  %tf = bufferization.to_tensor %f restrict : memref<3x3x${CI}x${CO}xbf16> to tensor<3x3x${CI}x${CO}xbf16>
  %tb = bufferization.to_tensor %b restrict : memref<${CO}xf32> to tensor<${CO}xf32>
  %o = tensor.empty() : tensor<1x${H}x${W}x${CO}xbf16>
  %r = call @kernel(%ti, %tf, %tb, %o) : (tensor<1x${HI}x${WI}x${CI}xbf16>, tensor<3x3x${CI}x${CO}xbf16>, tensor<${CO}xf32>, tensor<1x${H}x${W}x${CO}xbf16>) -> tensor<1x${H}x${W}x${CO}xbf16>
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
