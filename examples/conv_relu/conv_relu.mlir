// The convolution layer of seed 000 (MLIR Transform tutorial, chapter H,
// after Halide's conv_layer app): a 3x3 convolution with bias and ReLU,
// NHWC input, CHWF filter. Sizes are parameters (${N}, ${H}, ...): the
// benchmark uses N=5 H=80 W=100 CI=CO=128; tests use smaller ones.
//
// @conv_relu takes memrefs (the C interface the benchmark calls) and computes
// on tensors inside; @main fills inputs deterministically, calls it and
// prints the output, for differential execution checks.
//
// The schedule is not in this file: it is loaded from schedule.mlir with
// -transform-preload-library.

!tinput = tensor<${N}x${HI}x${WI}x${CI}xf32>
!tfilter = tensor<${CI}x3x3x${CO}xf32>
!tbias = tensor<${CO}xf32>
!toutput = tensor<${N}x${H}x${W}x${CO}xf32>
!minput = memref<${N}x${HI}x${WI}x${CI}xf32>
!mfilter = memref<${CI}x3x3x${CO}xf32>
!mbias = memref<${CO}xf32>
!moutput = memref<${N}x${H}x${W}x${CO}xf32>

func.func @conv_relu(%min: !minput, %mfilter: !mfilter, %mbias: !mbias, %mout: !moutput)
    attributes {llvm.emit_c_interface} {
  %input = bufferization.to_tensor %min restrict : !minput to !tinput
  %filter = bufferization.to_tensor %mfilter restrict : !mfilter to !tfilter
  %bias = bufferization.to_tensor %mbias restrict : !mbias to !tbias
  %output = bufferization.to_tensor %mout restrict writable : !moutput to !toutput

  // Bias, broadcast over n, y, x.
  %bias_init = tensor.empty() : !toutput
  %biased = linalg.broadcast ins(%bias : !tbias) outs(%bias_init : !toutput)
      dimensions = [0, 1, 2]

  // conv[n, y, x, c] += filter[rx, rz, ry, c] * input[n, y + rz, x + ry, rx]
  // fastmath lets the reduction be reassociated and mul+add fused.
  %convolved = linalg.generic {
    iterator_types = ["parallel", "parallel", "parallel", "parallel",
                      "reduction", "reduction", "reduction"],
    indexing_maps = [
      affine_map<(n, y, x, c, rz, ry, rx) -> (rx, rz, ry, c)>,
      affine_map<(n, y, x, c, rz, ry, rx) -> (n, y + rz, x + ry, rx)>,
      affine_map<(n, y, x, c, rz, ry, rx) -> (n, y, x, c)>]
  } ins(%filter, %input : !tfilter, !tinput) outs(%biased : !toutput) {
  ^bb0(%f: f32, %in: f32, %b: f32):
    %m = arith.mulf %in, %f fastmath<fast> : f32
    %s = arith.addf %b, %m fastmath<fast> : f32
    linalg.yield %s : f32
  } -> !toutput

  // relu = max(0, conv)
  %zero = arith.constant 0.0 : f32
  %relued = linalg.generic {
    iterator_types = ["parallel", "parallel", "parallel", "parallel"],
    indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>,
                     affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                     affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]
  } ins(%zero, %convolved : f32, !toutput) outs(%output : !toutput) {
  ^bb0(%z: f32, %c: f32, %o: f32):
    %r = arith.maximumf %z, %c : f32
    linalg.yield %r : f32
  } -> !toutput

  bufferization.materialize_in_destination %relued in restrict writable %mout
      : (!toutput, !moutput) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %in = memref.alloc() : !minput
  %fi = memref.alloc() : !mfilter
  %bi = memref.alloc() : !mbias
  %out = memref.alloc() : !moutput
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %uin = memref.cast %in : !minput to memref<*xf32>
  %ufi = memref.cast %fi : !mfilter to memref<*xf32>
  %ubi = memref.cast %bi : !mbias to memref<*xf32>
  %uout = memref.cast %out : !moutput to memref<*xf32>
  call @regtileFillF32(%uin, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ufi, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ubi, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s3) : (memref<*xf32>, i64) -> ()
  call @conv_relu(%in, %fi, %bi, %out) : (!minput, !mfilter, !mbias, !moutput) -> ()
  call @regtilePrintF32(%uout) : (memref<*xf32>) -> ()
  memref.dealloc %in : !minput
  memref.dealloc %fi : !mfilter
  memref.dealloc %bi : !mbias
  memref.dealloc %out : !moutput
  return
}
