// BERT-base's attention batch matmuls (sequence ${S} queries, ${T} keys,
// ${H} heads of ${D} values; BERT-base at sequence 128: H=12 S=T=128 D=64),
// f32, as a framework emits them around the softmax:
//   @attention_scores   S[h] = Q[h] K[h]^T / sqrt(64) + mask
//                       (K read as stored, (h, t, d): the transposition is
//                       in the batch_matmul's indexing maps; the scale and
//                       the mask, one value per key, a consumer generic)
//   @attention_context  C[h] = P[h] V[h]   (P: the softmax's probabilities)
// The schedule is the one-function strategy, @regtile_schedule
// (schedule.mlir): one head at a time, each a GEMM blocked as
// @regtile_matmul blocks a matmul, the scale and mask computed on its
// register tiles. Each function takes memrefs (the C interface the
// benchmark calls); @main fills the inputs, calls them and prints their
// results, for the differential checks.

!tq = tensor<${H}x${S}x${D}xf32>
!tk = tensor<${H}x${T}x${D}xf32>
!ts = tensor<${H}x${S}x${T}xf32>
!tm = tensor<${T}xf32>
!mq = memref<${H}x${S}x${D}xf32>
!mk = memref<${H}x${T}x${D}xf32>
!ms = memref<${H}x${S}x${T}xf32>
!mm = memref<${T}xf32>
#q = affine_map<(h, s, t, d) -> (h, s, d)>
#k = affine_map<(h, s, t, d) -> (h, t, d)>
#s = affine_map<(h, s, t, d) -> (h, s, t)>
#id = affine_map<(h, s, t) -> (h, s, t)>
#key = affine_map<(h, s, t) -> (t)>

func.func @attention_scores(%mq: !mq, %mk: !mk, %mmask: !mm, %ms: !ms) attributes {llvm.emit_c_interface} {
  %q = bufferization.to_tensor %mq restrict : !mq to !tq
  %k = bufferization.to_tensor %mk restrict : !mk to !tk
  %mask = bufferization.to_tensor %mmask restrict : !mm to !tm
  %out = bufferization.to_tensor %ms restrict writable : !ms to !ts
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%out : !ts) -> !ts
  %qk = linalg.batch_matmul indexing_maps = [#q, #k, #s]
      ins(%q, %k : !tq, !tk) outs(%z : !ts) -> !ts
  %e = tensor.empty() : !ts
  %scores = linalg.generic {indexing_maps = [#id, #key, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%qk, %mask : !ts, !tm) outs(%e : !ts) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %scale = arith.constant 0.125 : f32
    %scaled = arith.mulf %v, %scale : f32
    %r = arith.addf %scaled, %m : f32
    linalg.yield %r : f32
  } -> !ts
  bufferization.materialize_in_destination %scores in restrict writable %ms : (!ts, !ms) -> ()
  return
}

func.func @attention_context(%mp: !ms, %mv: !mk, %mc: !mq) attributes {llvm.emit_c_interface} {
  %p = bufferization.to_tensor %mp restrict : !ms to !ts
  %v = bufferization.to_tensor %mv restrict : !mk to !tk
  %out = bufferization.to_tensor %mc restrict writable : !mq to !tq
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%out : !tq) -> !tq
  %c = linalg.batch_matmul ins(%p, %v : !ts, !tk) outs(%z : !tq) -> !tq
  bufferization.materialize_in_destination %c in restrict writable %mc : (!tq, !mq) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %s4 = arith.constant 4 : i64
  %s5 = arith.constant 5 : i64
  %q = memref.alloc() : !mq
  %k = memref.alloc() : !mk
  %mask = memref.alloc() : !mm
  %s = memref.alloc() : !ms
  %p = memref.alloc() : !ms
  %v = memref.alloc() : !mk
  %c = memref.alloc() : !mq
  %uq = memref.cast %q : !mq to memref<*xf32>
  %uk = memref.cast %k : !mk to memref<*xf32>
  %umask = memref.cast %mask : !mm to memref<*xf32>
  %us = memref.cast %s : !ms to memref<*xf32>
  %up = memref.cast %p : !ms to memref<*xf32>
  %uv = memref.cast %v : !mk to memref<*xf32>
  %uc = memref.cast %c : !mq to memref<*xf32>
  call @regtileFillF32(%uq, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uk, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%umask, %s3) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%up, %s4) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uv, %s5) : (memref<*xf32>, i64) -> ()
  call @attention_scores(%q, %k, %mask, %s) : (!mq, !mk, !mm, !ms) -> ()
  call @regtilePrintF32(%us) : (memref<*xf32>) -> ()
  call @attention_context(%p, %v, %c) : (!ms, !mk, !mq) -> ()
  call @regtilePrintF32(%uc) : (memref<*xf32>) -> ()
  return
}
