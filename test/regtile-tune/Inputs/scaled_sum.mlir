// A small kernel for regtile-tune's tests: row sums of x * 0.5.
func.func @scaled_sum(%a: memref<${M}x${N}xf32>, %o: memref<${M}xf32>) attributes {llvm.emit_c_interface} {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<${M}x${N}xf32>) outs(%o : memref<${M}xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %half = arith.constant 0.5 : f32
    %y = arith.mulf %x, %half : f32
    %s = arith.addf %acc, %y fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<${M}x${N}xf32>
  %o = memref.alloc() : memref<${M}xf32>
  %ua = memref.cast %a : memref<${M}x${N}xf32> to memref<*xf32>
  %uo = memref.cast %o : memref<${M}xf32> to memref<*xf32>
  call @regtileFillF32(%ua, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uo, %s2) : (memref<*xf32>, i64) -> ()
  call @scaled_sum(%a, %o) : (memref<${M}x${N}xf32>, memref<${M}xf32>) -> ()
  call @regtilePrintF32(%uo) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<${M}x${N}xf32>
  memref.dealloc %o : memref<${M}xf32>
  return
}
