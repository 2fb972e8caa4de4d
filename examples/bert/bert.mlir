// BERT-base's linear layers (sequence ${M} tokens, hidden 768, FFN 3072) as
// a framework emits them: a row-major f32 GEMM Y = X W (X: M x K, W: K x N)
// and its elementwise consumers as separate linalg.generic ops:
//   @linear_bias           Y + b                    (the fused QKV projection)
//   @linear_bias_gelu      gelu_tanh(Y + b)         (FFN up-projection)
//   @linear_bias_residual  Y + b + R                (attention output, FFN
//                                                    down-projection)
// The benchmark's shapes (examples.json): qkv 128 x 2304 x 768, attn_out
// 128 x 768 x 768, ffn1 128 x 3072 x 768, ffn2 128 x 768 x 3072 (M x N x
// K). The schedule is the one-function strategy, @regtile_schedule
// (schedule.mlir): the consumers are computed on the GEMM's register tiles.
// Each function takes memrefs (the C interface the benchmark calls); @main
// fills the inputs, calls them and prints their results, for the
// differential checks.

!tx = tensor<${M}x${K}xf32>
!tw = tensor<${K}x${N}xf32>
!ty = tensor<${M}x${N}xf32>
!tb = tensor<${N}xf32>
!mx = memref<${M}x${K}xf32>
!mw = memref<${K}x${N}xf32>
!my = memref<${M}x${N}xf32>
!mb = memref<${N}xf32>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>

func.func @linear_bias(%mx: !mx, %mw: !mw, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %w = bufferization.to_tensor %mw restrict : !mw to !tw
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %y = bufferization.to_tensor %my restrict writable : !my to !ty
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%y : !ty) -> !ty
  %mm = linalg.matmul ins(%x, %w : !tx, !tw) outs(%z : !ty) -> !ty
  %e = tensor.empty() : !ty
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  bufferization.materialize_in_destination %biased in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func @linear_bias_gelu(%mx: !mx, %mw: !mw, %mb: !mb, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %w = bufferization.to_tensor %mw restrict : !mw to !tw
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %y = bufferization.to_tensor %my restrict writable : !my to !ty
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%y : !ty) -> !ty
  %mm = linalg.matmul ins(%x, %w : !tx, !tw) outs(%z : !ty) -> !ty
  %e = tensor.empty() : !ty
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  // GELU, tanh form: 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))).
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : !ty) outs(%y : !ty) {
  ^bb0(%v: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %c0 = arith.constant 0.7978845608 : f32
    %c1 = arith.constant 0.044715 : f32
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %t0 = arith.mulf %v3, %c1 : f32
    %t1 = arith.addf %v, %t0 : f32
    %t2 = arith.mulf %t1, %c0 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %v, %half : f32
    %r = arith.mulf %t5, %t4 : f32
    linalg.yield %r : f32
  } -> !ty
  bufferization.materialize_in_destination %g in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func @linear_bias_residual(%mx: !mx, %mw: !mw, %mb: !mb, %mres: !my, %my: !my) attributes {llvm.emit_c_interface} {
  %x = bufferization.to_tensor %mx restrict : !mx to !tx
  %w = bufferization.to_tensor %mw restrict : !mw to !tw
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %res = bufferization.to_tensor %mres restrict : !my to !ty
  %y = bufferization.to_tensor %my restrict writable : !my to !ty
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%y : !ty) -> !ty
  %mm = linalg.matmul ins(%x, %w : !tx, !tw) outs(%z : !ty) -> !ty
  %e = tensor.empty() : !ty
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : !ty, !tb) outs(%e : !ty) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> !ty
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased, %res : !ty, !ty) outs(%y : !ty) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %t = arith.addf %v, %s : f32
    linalg.yield %t : f32
  } -> !ty
  bufferization.materialize_in_destination %r in restrict writable %my : (!ty, !my) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %x = memref.alloc() : !mx
  %w = memref.alloc() : !mw
  %b = memref.alloc() : !mb
  %res = memref.alloc() : !my
  %y = memref.alloc() : !my
  %ux = memref.cast %x : !mx to memref<*xf32>
  %uw = memref.cast %w : !mw to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %ures = memref.cast %res : !my to memref<*xf32>
  %uy = memref.cast %y : !my to memref<*xf32>
  call @regtileFillF32(%ux, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uw, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ures, %s4) : (memref<*xf32>, i64) -> ()
  call @linear_bias(%x, %w, %b, %y) : (!mx, !mw, !mb, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  call @linear_bias_gelu(%x, %w, %b, %y) : (!mx, !mw, !mb, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  call @linear_bias_residual(%x, %w, %b, %res, %y) : (!mx, !mw, !mb, !my, !my) -> ()
  call @regtilePrintF32(%uy) : (memref<*xf32>) -> ()
  return
}
