// Low-precision GEMMs, C = A * B, row-major A (MxK), B (KxN), C (MxN), the
// payloads of the dot-product issue: what an int8 or bf16 inference layer
// computes. Sizes are parameters (${M}, ${N}, ${K}); the benchmark
// (bench/gemm/bench_gemm_lowp.cpp) uses 512, 1024, 2048 and 1000x1100x900.
//
//   @matmul_bf16   bf16 x bf16 -> f32 (linalg.matmul)
//   @matmul_u8s8   u8 x s8 -> i32 (a generic: A widened with extui, B with
//                  extsi; oneDNN's dnnl_gemm_u8s8s32)
//   @matmul_s8s8   s8 x s8 -> i32 (linalg.matmul on i8; dnnl_gemm_s8s8s32)
//   @matmul_u8u8   u8 x u8 -> i32 (a generic, both inputs widened with
//                  extui; no peer has it)
//
// Each takes memrefs (the C interface the benchmark calls), computes on
// tensors from a zero fill; @main fills the inputs (i8: the whole range,
// -128 to 127, read as 0 to 255 where unsigned), calls all three and
// prints their results, for differential execution checks. The schedule is
// not in this file: `@regtile_matmul` from strategies/ (see schedule.mlir).

!abf = memref<${M}x${K}xbf16>
!bbf = memref<${K}x${N}xbf16>
!cf = memref<${M}x${N}xf32>
!a8 = memref<${M}x${K}xi8>
!b8 = memref<${K}x${N}xi8>
!c32 = memref<${M}x${N}xi32>

func.func @matmul_bf16(%ma: !abf, %mb: !bbf, %mc: !cf) attributes {llvm.emit_c_interface} {
  %a = bufferization.to_tensor %ma restrict : !abf to tensor<${M}x${K}xbf16>
  %b = bufferization.to_tensor %mb restrict : !bbf to tensor<${K}x${N}xbf16>
  %c = bufferization.to_tensor %mc restrict writable : !cf to tensor<${M}x${N}xf32>
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%c : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xbf16>, tensor<${K}x${N}xbf16>)
      outs(%z : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  bufferization.materialize_in_destination %r in restrict writable %mc
      : (tensor<${M}x${N}xf32>, !cf) -> ()
  return
}

func.func @matmul_u8s8(%ma: !a8, %mb: !b8, %mc: !c32) attributes {llvm.emit_c_interface} {
  %a = bufferization.to_tensor %ma restrict : !a8 to tensor<${M}x${K}xi8>
  %b = bufferization.to_tensor %mb restrict : !b8 to tensor<${K}x${N}xi8>
  %c = bufferization.to_tensor %mc restrict writable : !c32 to tensor<${M}x${N}xi32>
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%c : tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>)
      outs(%z : tensor<${M}x${N}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %sy = arith.extsi %y : i8 to i32
    %p = arith.muli %ux, %sy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}x${N}xi32>
  bufferization.materialize_in_destination %r in restrict writable %mc
      : (tensor<${M}x${N}xi32>, !c32) -> ()
  return
}

func.func @matmul_s8s8(%ma: !a8, %mb: !b8, %mc: !c32) attributes {llvm.emit_c_interface} {
  %a = bufferization.to_tensor %ma restrict : !a8 to tensor<${M}x${K}xi8>
  %b = bufferization.to_tensor %mb restrict : !b8 to tensor<${K}x${N}xi8>
  %c = bufferization.to_tensor %mc restrict writable : !c32 to tensor<${M}x${N}xi32>
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%c : tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %r = linalg.matmul ins(%a, %b : tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>)
      outs(%z : tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  bufferization.materialize_in_destination %r in restrict writable %mc
      : (tensor<${M}x${N}xi32>, !c32) -> ()
  return
}

func.func @matmul_u8u8(%ma: !a8, %mb: !b8, %mc: !c32) attributes {llvm.emit_c_interface} {
  %a = bufferization.to_tensor %ma restrict : !a8 to tensor<${M}x${K}xi8>
  %b = bufferization.to_tensor %mb restrict : !b8 to tensor<${K}x${N}xi8>
  %c = bufferization.to_tensor %mc restrict writable : !c32 to tensor<${M}x${N}xi32>
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%c : tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>)
      outs(%z : tensor<${M}x${N}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %ux, %uy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}x${N}xi32>
  bufferization.materialize_in_destination %r in restrict writable %mc
      : (tensor<${M}x${N}xi32>, !c32) -> ()
  return
}

func.func private @regtileFillBF16(memref<*xbf16>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %abf = memref.alloc() : !abf
  %bbf = memref.alloc() : !bbf
  %cf = memref.alloc() : !cf
  %uabf = memref.cast %abf : !abf to memref<*xbf16>
  %ubbf = memref.cast %bbf : !bbf to memref<*xbf16>
  call @regtileFillBF16(%uabf, %s1) : (memref<*xbf16>, i64) -> ()
  call @regtileFillBF16(%ubbf, %s2) : (memref<*xbf16>, i64) -> ()
  call @matmul_bf16(%abf, %bbf, %cf) : (!abf, !bbf, !cf) -> ()
  %ucf = memref.cast %cf : !cf to memref<*xf32>
  call @regtilePrintF32(%ucf) : (memref<*xf32>) -> ()

  %a8 = memref.alloc() : !a8
  %b8 = memref.alloc() : !b8
  %c32 = memref.alloc() : !c32
  %ua8 = memref.cast %a8 : !a8 to memref<*xi8>
  %ub8 = memref.cast %b8 : !b8 to memref<*xi8>
  call @regtileFillI8(%ua8, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub8, %s2) : (memref<*xi8>, i64) -> ()
  %uc32 = memref.cast %c32 : !c32 to memref<*xi32>
  call @matmul_u8s8(%a8, %b8, %c32) : (!a8, !b8, !c32) -> ()
  call @regtilePrintI32(%uc32) : (memref<*xi32>) -> ()
  call @matmul_s8s8(%a8, %b8, %c32) : (!a8, !b8, !c32) -> ()
  call @regtilePrintI32(%uc32) : (memref<*xi32>) -> ()
  call @matmul_u8u8(%a8, %b8, %c32) : (!a8, !b8, !c32) -> ()
  call @regtilePrintI32(%uc32) : (memref<*xi32>) -> ()

  memref.dealloc %abf : !abf
  memref.dealloc %bbf : !bbf
  memref.dealloc %cf : !cf
  memref.dealloc %a8 : !a8
  memref.dealloc %b8 : !b8
  memref.dealloc %c32 : !c32
  return
}
