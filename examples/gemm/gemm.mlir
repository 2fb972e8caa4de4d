// f32 GEMM, C = A * B (beta = 0, as the BLAS peers are called), row-major A (MxK), B (KxN), C (MxN): the payload
// of the register-blocking issue (seed 002). Sizes are parameters (${M},
// ${N}, ${K}); the benchmark uses 512, 1024, 2048 and 1000x1100x900.
//
// @matmul takes memrefs (the C interface the benchmark calls) and computes
// on tensors inside; @main fills the inputs deterministically, calls it and
// prints C, for differential execution checks. The schedule is not in this
// file: `@regtile_matmul` from strategies/ (see schedule.mlir).

!ta = tensor<${M}x${K}xf32>
!tb = tensor<${K}x${N}xf32>
!tc = tensor<${M}x${N}xf32>
!ma = memref<${M}x${K}xf32>
!mb = memref<${K}x${N}xf32>
!mc = memref<${M}x${N}xf32>

func.func @matmul(%ma: !ma, %mb: !mb, %mc: !mc) attributes {llvm.emit_c_interface} {
  %a = bufferization.to_tensor %ma restrict : !ma to !ta
  %b = bufferization.to_tensor %mb restrict : !mb to !tb
  %c = bufferization.to_tensor %mc restrict writable : !mc to !tc
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%c : !tc) -> !tc
  %r = linalg.matmul ins(%a, %b : !ta, !tb) outs(%z : !tc) -> !tc
  bufferization.materialize_in_destination %r in restrict writable %mc
      : (!tc, !mc) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %a = memref.alloc() : !ma
  %b = memref.alloc() : !mb
  %c = memref.alloc() : !mc
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %ua = memref.cast %a : !ma to memref<*xf32>
  %ub = memref.cast %b : !mb to memref<*xf32>
  %uc = memref.cast %c : !mc to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%ub, %s2) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uc, %s3) : (memref<*xf32>, i64) -> ()
  call @matmul(%a, %b, %c) : (!ma, !mb, !mc) -> ()
  call @regtilePrintF32(%uc) : (memref<*xf32>) -> ()
  memref.dealloc %a : !ma
  memref.dealloc %b : !mb
  memref.dealloc %c : !mc
  return
}
