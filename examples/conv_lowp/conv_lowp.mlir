// Low-precision 3x3 convolutions, NHWC input, HWCF filter (TensorFlow's
// HWIO), the conv layer of the dot-product issue in the types inference
// runs in. Sizes are parameters (${N}, ${H}, ${W}, ${HI} = ${H} + 2,
// ${WI} = ${W} + 2, ${CI}, ${CO}); the benchmark
// (bench/conv_relu/bench_conv_lowp.cpp) uses the layers of bench_conv_relu.
//
//   @conv_bf16   bf16 x bf16 -> f32, + bias (f32), ReLU: conv_relu's layer
//                in bf16 (linalg.conv_2d_nhwc_hwcf from a bias broadcast)
//   @conv_u8s8   u8 activations x s8 weights -> i32 (a generic: the input
//                widened with extui, the filter with extsi; what oneDNN's
//                int8 convolution computes before its output scales)
//   @conv_s8s8   s8 x s8 -> i32 (linalg.conv_2d_nhwc_hwcf on i8)
//   @conv_u8s8_q u8 x s8, requantized to u8: the i32 accumulators times a
//                per-channel f32 scale, rounded to nearest even, clamped to
//                [0, 255] (the form a quantized model's conv + requantize
//                takes; oneDNN's int8 convolution with per-channel output
//                scales and a u8 destination)
//
// Each takes memrefs (the C interface the benchmark calls) and computes on
// tensors; @main fills the inputs (i8: the whole range, -128 to 127, read
// as 0 to 255 where unsigned), calls all three and prints their results,
// for differential execution checks. The schedule is not in this file:
// `@regtile_conv2d` from strategies/ (see schedule.mlir).

!ibf = memref<${N}x${HI}x${WI}x${CI}xbf16>
!fbf = memref<3x3x${CI}x${CO}xbf16>
!bf = memref<${CO}xf32>
!of = memref<${N}x${H}x${W}x${CO}xf32>
!i8 = memref<${N}x${HI}x${WI}x${CI}xi8>
!f8 = memref<3x3x${CI}x${CO}xi8>
!o32 = memref<${N}x${H}x${W}x${CO}xi32>
!sc = memref<${CO}xf32>
!o8 = memref<${N}x${H}x${W}x${CO}xi8>

func.func @conv_bf16(%mi: !ibf, %mf: !fbf, %mb: !bf, %mo: !of) attributes {llvm.emit_c_interface} {
  %in = bufferization.to_tensor %mi restrict : !ibf to tensor<${N}x${HI}x${WI}x${CI}xbf16>
  %f = bufferization.to_tensor %mf restrict : !fbf to tensor<3x3x${CI}x${CO}xbf16>
  %b = bufferization.to_tensor %mb restrict : !bf to tensor<${CO}xf32>
  %e = tensor.empty() : tensor<${N}x${H}x${W}x${CO}xf32>
  %biased = linalg.broadcast ins(%b : tensor<${CO}xf32>)
      outs(%e : tensor<${N}x${H}x${W}x${CO}xf32>) dimensions = [0, 1, 2]
  %conv = linalg.conv_2d_nhwc_hwcf
      ins(%in, %f : tensor<${N}x${HI}x${WI}x${CI}xbf16>, tensor<3x3x${CI}x${CO}xbf16>)
      outs(%biased : tensor<${N}x${H}x${W}x${CO}xf32>) -> tensor<${N}x${H}x${W}x${CO}xf32>
  %o = bufferization.to_tensor %mo restrict writable : !of to tensor<${N}x${H}x${W}x${CO}xf32>
  %zero = arith.constant 0.0 : f32
  %relu = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<${N}x${H}x${W}x${CO}xf32>)
      outs(%o : tensor<${N}x${H}x${W}x${CO}xf32>) {
  ^bb0(%x: f32, %unused: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<${N}x${H}x${W}x${CO}xf32>
  bufferization.materialize_in_destination %relu in restrict writable %mo
      : (tensor<${N}x${H}x${W}x${CO}xf32>, !of) -> ()
  return
}

func.func @conv_u8s8(%mi: !i8, %mf: !f8, %mo: !o32) attributes {llvm.emit_c_interface} {
  %in = bufferization.to_tensor %mi restrict : !i8 to tensor<${N}x${HI}x${WI}x${CI}xi8>
  %f = bufferization.to_tensor %mf restrict : !f8 to tensor<3x3x${CI}x${CO}xi8>
  %o = bufferization.to_tensor %mo restrict writable : !o32 to tensor<${N}x${H}x${W}x${CO}xi32>
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%o : tensor<${N}x${H}x${W}x${CO}xi32>)
      -> tensor<${N}x${H}x${W}x${CO}xi32>
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<${N}x${HI}x${WI}x${CI}xi8>, tensor<3x3x${CI}x${CO}xi8>)
      outs(%z : tensor<${N}x${H}x${W}x${CO}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %ux, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${N}x${H}x${W}x${CO}xi32>
  bufferization.materialize_in_destination %conv in restrict writable %mo
      : (tensor<${N}x${H}x${W}x${CO}xi32>, !o32) -> ()
  return
}

func.func @conv_s8s8(%mi: !i8, %mf: !f8, %mo: !o32) attributes {llvm.emit_c_interface} {
  %in = bufferization.to_tensor %mi restrict : !i8 to tensor<${N}x${HI}x${WI}x${CI}xi8>
  %f = bufferization.to_tensor %mf restrict : !f8 to tensor<3x3x${CI}x${CO}xi8>
  %o = bufferization.to_tensor %mo restrict writable : !o32 to tensor<${N}x${H}x${W}x${CO}xi32>
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%o : tensor<${N}x${H}x${W}x${CO}xi32>)
      -> tensor<${N}x${H}x${W}x${CO}xi32>
  %conv = linalg.conv_2d_nhwc_hwcf
      ins(%in, %f : tensor<${N}x${HI}x${WI}x${CI}xi8>, tensor<3x3x${CI}x${CO}xi8>)
      outs(%z : tensor<${N}x${H}x${W}x${CO}xi32>) -> tensor<${N}x${H}x${W}x${CO}xi32>
  bufferization.materialize_in_destination %conv in restrict writable %mo
      : (tensor<${N}x${H}x${W}x${CO}xi32>, !o32) -> ()
  return
}

func.func @conv_u8s8_q(%mi: !i8, %mf: !f8, %ms: !sc, %mo: !o8) attributes {llvm.emit_c_interface} {
  %in = bufferization.to_tensor %mi restrict : !i8 to tensor<${N}x${HI}x${WI}x${CI}xi8>
  %f = bufferization.to_tensor %mf restrict : !f8 to tensor<3x3x${CI}x${CO}xi8>
  %scale = bufferization.to_tensor %ms restrict : !sc to tensor<${CO}xf32>
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<${N}x${H}x${W}x${CO}xi32>
  %z = linalg.fill ins(%zero : i32) outs(%e : tensor<${N}x${H}x${W}x${CO}xi32>)
      -> tensor<${N}x${H}x${W}x${CO}xi32>
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<${N}x${HI}x${WI}x${CI}xi8>, tensor<3x3x${CI}x${CO}xi8>)
      outs(%z : tensor<${N}x${H}x${W}x${CO}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %ux, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${N}x${H}x${W}x${CO}xi32>
  %o = bufferization.to_tensor %mo restrict writable : !o8 to tensor<${N}x${H}x${W}x${CO}xi8>
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 255.0 : f32
  %q = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>,
                       affine_map<(n, h, w, c) -> (c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %scale : tensor<${N}x${H}x${W}x${CO}xi32>, tensor<${CO}xf32>)
      outs(%o : tensor<${N}x${H}x${W}x${CO}xi8>) {
  ^bb0(%acc: i32, %sc: f32, %unused: i8):
    %a = arith.sitofp %acc : i32 to f32
    %m = arith.mulf %a, %sc : f32
    %r = math.roundeven %m : f32
    %c0 = arith.maximumf %r, %lo : f32
    %c1 = arith.minimumf %c0, %hi : f32
    %u = arith.fptoui %c1 : f32 to i8
    linalg.yield %u : i8
  } -> tensor<${N}x${H}x${W}x${CO}xi8>
  bufferization.materialize_in_destination %q in restrict writable %mo
      : (tensor<${N}x${H}x${W}x${CO}xi8>, !o8) -> ()
  return
}

func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI8(memref<*xi8>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %ibf = memref.alloc() : !ibf
  %fbf = memref.alloc() : !fbf
  %bf = memref.alloc() : !bf
  %of = memref.alloc() : !of
  %uibf = memref.cast %ibf : !ibf to memref<*xbf16>
  %ufbf = memref.cast %fbf : !fbf to memref<*xbf16>
  %ubf = memref.cast %bf : !bf to memref<*xf32>
  call @regtileFillBF16(%uibf, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%ufbf, %s2) : (memref<*xbf16>, i64) -> ()
  call @regtileFillF32(%ubf, %s3) : (memref<*xf32>, i64) -> ()
  call @conv_bf16(%ibf, %fbf, %bf, %of) : (!ibf, !fbf, !bf, !of) -> ()
  %uof = memref.cast %of : !of to memref<*xf32>
  call @regtilePrintF32(%uof) : (memref<*xf32>) -> ()

  %i8 = memref.alloc() : !i8
  %f8 = memref.alloc() : !f8
  %o32 = memref.alloc() : !o32
  %ui8 = memref.cast %i8 : !i8 to memref<*xi8>
  %uf8 = memref.cast %f8 : !f8 to memref<*xi8>
  call @regtileFillI8(%ui8, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%uf8, %s2) : (memref<*xi8>, i64) -> ()
  %uo32 = memref.cast %o32 : !o32 to memref<*xi32>
  call @conv_u8s8(%i8, %f8, %o32) : (!i8, !f8, !o32) -> ()
  call @regtilePrintI32(%uo32) : (memref<*xi32>) -> ()
  call @conv_s8s8(%i8, %f8, %o32) : (!i8, !f8, !o32) -> ()
  call @regtilePrintI32(%uo32) : (memref<*xi32>) -> ()

  // Scales: the fill's multiples of 1/8 in [-4, 4], / 4096 (the results
  // spread over [0, 255], rounding and both clamps exercised).
  %sc = memref.alloc() : !sc
  %usc = memref.cast %sc : !sc to memref<*xf32>
  call @regtileFillF32(%usc, %s3) : (memref<*xf32>, i64) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nco = arith.constant ${CO} : index
  %inv = arith.constant 0.000244140625 : f32
  scf.for %c = %c0 to %nco step %c1 {
    %v = memref.load %sc[%c] : !sc
    %w = arith.mulf %v, %inv : f32
    memref.store %w, %sc[%c] : !sc
  }
  %o8 = memref.alloc() : !o8
  %uo8 = memref.cast %o8 : !o8 to memref<*xi8>
  call @conv_u8s8_q(%i8, %f8, %sc, %o8) : (!i8, !f8, !sc, !o8) -> ()
  call @regtilePrintI8(%uo8) : (memref<*xi8>) -> ()
  memref.dealloc %sc : !sc
  memref.dealloc %o8 : !o8

  memref.dealloc %ibf : !ibf
  memref.dealloc %fbf : !fbf
  memref.dealloc %bf : !bf
  memref.dealloc %of : !of
  memref.dealloc %i8 : !i8
  memref.dealloc %f8 : !f8
  memref.dealloc %o32 : !o32
  return
}
