// Two layers in one function, as a framework emits them: a conv with bias
// and ReLU (NHWC / HWCF), and a GEMM with a zero fill (a dense layer on
// another input). Sizes ${H}, ${W}, ${CI}, ${CO} (3x3 conv, input ${H}+2 x
// ${W}+2) and ${M}, ${N}, ${K}.
!tin = tensor<1x${HI}x${WI}x${CI}xf32>
!tf = tensor<3x3x${CI}x${CO}xf32>
!tb = tensor<${CO}xf32>
!tout = tensor<1x${H}x${W}x${CO}xf32>
!ta = tensor<${M}x${K}xf32>
!tw = tensor<${K}x${N}xf32>
!tc = tensor<${M}x${N}xf32>

func.func @layers(%in: !tin, %f: !tf, %bias: !tb, %a: !ta, %w: !tw) -> (!tout, !tc) {
  %e = tensor.empty() : !tout
  %biased = linalg.broadcast ins(%bias : !tb) outs(%e : !tout) dimensions = [0, 1, 2]
  %conv = linalg.conv_2d_nhwc_hwcf ins(%in, %f : !tin, !tf) outs(%biased : !tout) -> !tout
  %zero = arith.constant 0.0 : f32
  %relu = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : !tout) outs(%e : !tout) {
  ^bb0(%x: f32, %unused: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> !tout
  %ce = tensor.empty() : !tc
  %z = linalg.fill ins(%zero : f32) outs(%ce : !tc) -> !tc
  %mm = linalg.matmul ins(%a, %w : !ta, !tw) outs(%z : !tc) -> !tc
  return %relu, %mm : !tout, !tc
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %s5 = arith.constant 5 : i64
  %i = memref.alloc() : memref<1x${HI}x${WI}x${CI}xf32>
  %f = memref.alloc() : memref<3x3x${CI}x${CO}xf32>
  %b = memref.alloc() : memref<${CO}xf32>
  %a = memref.alloc() : memref<${M}x${K}xf32>
  %w = memref.alloc() : memref<${K}x${N}xf32>
  %ui = memref.cast %i : memref<1x${HI}x${WI}x${CI}xf32> to memref<*xf32>
  %uf = memref.cast %f : memref<3x3x${CI}x${CO}xf32> to memref<*xf32>
  %ub = memref.cast %b : memref<${CO}xf32> to memref<*xf32>
  %ua = memref.cast %a : memref<${M}x${K}xf32> to memref<*xf32>
  %uw = memref.cast %w : memref<${K}x${N}xf32> to memref<*xf32>
  call @regtileFillF32(%ui, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uf, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ua, %s4) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uw, %s5) : (memref<*xf32>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HI}x${WI}x${CI}xf32> to !tin
  %tf = bufferization.to_tensor %f restrict : memref<3x3x${CI}x${CO}xf32> to !tf
  %tb = bufferization.to_tensor %b restrict : memref<${CO}xf32> to !tb
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xf32> to !ta
  %tw = bufferization.to_tensor %w restrict : memref<${K}x${N}xf32> to !tw
  %r:2 = call @layers(%ti, %tf, %tb, %ta, %tw) : (!tin, !tf, !tb, !ta, !tw) -> (!tout, !tc)
  %m0 = bufferization.to_buffer %r#0 : !tout to memref<1x${H}x${W}x${CO}xf32>
  %m1 = bufferization.to_buffer %r#1 : !tc to memref<${M}x${N}xf32>
  %u0 = memref.cast %m0 : memref<1x${H}x${W}x${CO}xf32> to memref<*xf32>
  %u1 = memref.cast %m1 : memref<${M}x${N}xf32> to memref<*xf32>
  call @regtilePrintF32(%u0) : (memref<*xf32>) -> ()
  call @regtilePrintF32(%u1) : (memref<*xf32>) -> ()
  return
}
