// Innermost reductions (seed 001): row sums of an ${M}x${N} matrix.
//   @sum_i8:  i8 -> i32 (the seed's running example, 384x512);
//   @sum_f32: f32, reassociation allowed by fastmath<reassoc>.
// The kernels take memrefs (the C interface the benchmark calls); @main
// fills, calls and prints for differential checks. Schedules are in
// schedule.mlir.

func.func @sum_i8(%ma: memref<${M}x${N}xi8>, %mo: memref<${M}xi32>) attributes {llvm.emit_c_interface} {
  %a = bufferization.to_tensor %ma restrict : memref<${M}x${N}xi8> to tensor<${M}x${N}xi8>
  %o = bufferization.to_tensor %mo restrict writable : memref<${M}xi32> to tensor<${M}xi32>
  %zero = arith.constant 0 : i32
  %init = linalg.fill ins(%zero : i32) outs(%o : tensor<${M}xi32>) -> tensor<${M}xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xi8>) outs(%init : tensor<${M}xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<${M}xi32>
  bufferization.materialize_in_destination %r in restrict writable %mo : (tensor<${M}xi32>, memref<${M}xi32>) -> ()
  return
}

func.func @sum_f32(%ma: memref<${M}x${N}xf32>, %mo: memref<${M}xf32>) attributes {llvm.emit_c_interface} {
  %a = bufferization.to_tensor %ma restrict : memref<${M}x${N}xf32> to tensor<${M}x${N}xf32>
  %o = bufferization.to_tensor %mo restrict writable : memref<${M}xf32> to tensor<${M}xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<${M}xf32>) -> tensor<${M}xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<${M}x${N}xf32>) outs(%init : tensor<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc fastmath<reassoc> : f32
    linalg.yield %s : f32
  } -> tensor<${M}xf32>
  bufferization.materialize_in_destination %r in restrict writable %mo : (tensor<${M}xf32>, memref<${M}xf32>) -> ()
  return
}

func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %a = memref.alloc() : memref<${M}x${N}xi8>
  %o = memref.alloc() : memref<${M}xi32>
  %ua = memref.cast %a : memref<${M}x${N}xi8> to memref<*xi8>
  %uo = memref.cast %o : memref<${M}xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @sum_i8(%a, %o) : (memref<${M}x${N}xi8>, memref<${M}xi32>) -> ()
  call @regtilePrintI32(%uo) : (memref<*xi32>) -> ()
  %f = memref.alloc() : memref<${M}x${N}xf32>
  %g = memref.alloc() : memref<${M}xf32>
  %uf = memref.cast %f : memref<${M}x${N}xf32> to memref<*xf32>
  %ug = memref.cast %g : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%uf, %s1) : (memref<*xf32>, i64) -> ()
  call @sum_f32(%f, %g) : (memref<${M}x${N}xf32>, memref<${M}xf32>) -> ()
  call @regtilePrintF32(%ug) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<${M}x${N}xi8>
  memref.dealloc %o : memref<${M}xi32>
  memref.dealloc %f : memref<${M}x${N}xf32>
  memref.dealloc %g : memref<${M}xf32>
  return
}
