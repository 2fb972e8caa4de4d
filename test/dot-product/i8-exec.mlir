// Execution of the i8 GEMM and conv micro-kernels the strategies pick
// (@regtile_matmul, @regtile_conv2d from strategies/), compared exactly
// with the unscheduled payload over the whole byte range, on shapes that
// divide no tile or group (K = 29, 601, 300, the last two also in cache
// blocks of 256 by @regtile_matmul_blocked; 17 and 3 input channels, 40
// and 17 output channels, 7 x 9 and 4 x 5 outputs):
// - u8 x u8 (generics with extui on both inputs) on the host: on AVX-512
//   VNNI the shifted vpdpbusd forms (the GEMM: packed B flipped to s8, b -
//   128, and 128 x A's row sums of u8 over each K block added; the conv:
//   the input's groups flipped, 128 x the filter's column sums added),
//   with 1 and 3 threads;
// - without VNNI (the functions' regtile.target: skylake-avx512, AVX-512
//   BW; haswell, AVX2 on ymm): K in pairs, widened to i16 and multiplied
//   by vpmaddwd, for u8 x u8, u8 x s8 and s8 x s8 (the inputs' extensions
//   rewritten by sed);
// - with AVX-VNNI on an AVX2 target (alderlake; run where the host has
//   AVX-VNNI): vpdpbusd on ymm, the same three signednesses. (On haswell the conv's pair steps read 16 bytes of
//   the filter cache: regtile.prefetch_ahead warns that nothing moves by a
//   cache line; the run allows that warning.)
// RUN: %difftest --threads 1,3 %s --no-warnings --define TARGET=host --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s
// RUN: %if host-avx512 %{ %difftest %s --no-warnings --define TARGET=skylake-avx512 --lower-options target=skylake-avx512 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s %}
// RUN: sed 's/%uy = arith.extui/%uy = arith.extsi/' %s > %t.u8s8.mlir
// RUN: %if host-avx512 %{ env OMP_NUM_THREADS=3 %difftest %t.u8s8.mlir --no-warnings --define TARGET=skylake-avx512 --lower-options target=skylake-avx512 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s %}
// RUN: sed 's/= arith.extui/= arith.extsi/' %s > %t.s8s8.mlir
// RUN: %if host-avx512 %{ %difftest %t.s8s8.mlir --no-warnings --define TARGET=skylake-avx512 --lower-options target=skylake-avx512 --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s %}
// RUN: %if host-avxvnni %{ env OMP_NUM_THREADS=3 %difftest %s --define TARGET=alderlake --lower-options target=alderlake --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s %}
// RUN: %if host-avxvnni %{ %difftest %t.u8s8.mlir --define TARGET=alderlake --lower-options target=alderlake --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s %}
// RUN: %if host-avxvnni %{ %difftest %t.s8s8.mlir --define TARGET=alderlake --lower-options target=alderlake --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s %}
// RUN: %difftest %s --define TARGET=haswell --lower-options target=haswell --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter' | FileCheck %s
// CHECK: PASS 8 cases

// DIFFTEST-CASE: M=37 N=53 K=29
// DIFFTEST-CASE: M=70 N=130 K=601
func.func @kernel(%a: tensor<${M}x${K}xi8>, %b: tensor<${K}x${N}xi8>, %c: tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
    attributes {regtile.target = "${TARGET}"} {
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>) outs(%c : tensor<${M}x${N}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %ux, %uy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}x${N}xi32>
  return %r : tensor<${M}x${N}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xi8>
  %b = memref.alloc() : memref<${K}x${N}xi8>
  %c = memref.alloc() : memref<${M}x${N}xi32>
  %ua = memref.cast %a : memref<${M}x${K}xi8> to memref<*xi8>
  %ub = memref.cast %b : memref<${K}x${N}xi8> to memref<*xi8>
  %uc = memref.cast %c : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub, %s2) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uc, %s3) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xi8> to tensor<${M}x${K}xi8>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xi8> to tensor<${K}x${N}xi8>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>, tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xi32> to memref<${M}x${N}xi32>
  %ur = memref.cast %rm : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
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

// DIFFTEST-CASE: H=7 W=9 HI=9 WI=11 CI=17 CO=40
// DIFFTEST-CASE: H=4 W=5 HI=6 WI=7 CI=3 CO=17
func.func @kernel(%in: tensor<1x${HI}x${WI}x${CI}xi8>, %f: tensor<3x3x${CI}x${CO}xi8>, %o: tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
    attributes {regtile.target = "${TARGET}"} {
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x${HI}x${WI}x${CI}xi8>, tensor<3x3x${CI}x${CO}xi8>)
      outs(%z : tensor<1x${H}x${W}x${CO}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %ux, %uy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<1x${H}x${W}x${CO}xi32>
  return %conv : tensor<1x${H}x${W}x${CO}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %i = memref.alloc() : memref<1x${HI}x${WI}x${CI}xi8>
  %f = memref.alloc() : memref<3x3x${CI}x${CO}xi8>
  %ui = memref.cast %i : memref<1x${HI}x${WI}x${CI}xi8> to memref<*xi8>
  %uf = memref.cast %f : memref<3x3x${CI}x${CO}xi8> to memref<*xi8>
  call @regtileFillI8(%ui, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%uf, %s2) : (memref<*xi8>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HI}x${WI}x${CI}xi8> to tensor<1x${HI}x${WI}x${CI}xi8>
  %tf = bufferization.to_tensor %f restrict : memref<3x3x${CI}x${CO}xi8> to tensor<3x3x${CI}x${CO}xi8>
  %o = tensor.empty() : tensor<1x${H}x${W}x${CO}xi32>
  %r = call @kernel(%ti, %tf, %o) : (tensor<1x${HI}x${WI}x${CI}xi8>, tensor<3x3x${CI}x${CO}xi8>, tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
  %rm = bufferization.to_buffer %r : tensor<1x${H}x${W}x${CO}xi32> to memref<1x${H}x${W}x${CO}xi32>
  %ur = memref.cast %rm : memref<1x${H}x${W}x${CO}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
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

// -----

// K in cache blocks of 256 (the last partial: the ranges A's row sums run
// over are the blocks'):
// DIFFTEST-CASE: M=70 N=130 K=601
// DIFFTEST-CASE: M=5 N=33 K=300
func.func @kernel(%a: tensor<${M}x${K}xi8>, %b: tensor<${K}x${N}xi8>, %c: tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
    attributes {regtile.target = "${TARGET}"} {
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>) outs(%c : tensor<${M}x${N}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %ux, %uy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<${M}x${N}xi32>
  return %r : tensor<${M}x${N}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtileFillI32(memref<*xi32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<${M}x${K}xi8>
  %b = memref.alloc() : memref<${K}x${N}xi8>
  %c = memref.alloc() : memref<${M}x${N}xi32>
  %ua = memref.cast %a : memref<${M}x${K}xi8> to memref<*xi8>
  %ub = memref.cast %b : memref<${K}x${N}xi8> to memref<*xi8>
  %uc = memref.cast %c : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtileFillI8(%ua, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%ub, %s2) : (memref<*xi8>, i64) -> ()
  call @regtileFillI32(%uc, %s3) : (memref<*xi32>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<${M}x${K}xi8> to tensor<${M}x${K}xi8>
  %tb = bufferization.to_tensor %b restrict : memref<${K}x${N}xi8> to tensor<${K}x${N}xi8>
  %tc = bufferization.to_tensor %c restrict writable : memref<${M}x${N}xi32> to tensor<${M}x${N}xi32>
  %r = call @kernel(%ta, %tb, %tc) : (tensor<${M}x${K}xi8>, tensor<${K}x${N}xi8>, tensor<${M}x${N}xi32>) -> tensor<${M}x${N}xi32>
  %rm = bufferization.to_buffer %r : tensor<${M}x${N}xi32> to memref<${M}x${N}xi32>
  %ur = memref.cast %rm : memref<${M}x${N}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @regtile_matmul_blocked(%func: !transform.any_op {transform.readonly},
      %mr: !transform.param<i64> {transform.readonly}, %nr: !transform.param<i64> {transform.readonly},
      %kc: !transform.param<i64> {transform.readonly}, %nc: !transform.param<i64> {transform.readonly},
      %prefetch: !transform.param<i64> {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op
    %derive = transform.param.constant 0 : i64 -> !transform.param<i64>
    %kc = transform.param.constant 256 : i64 -> !transform.param<i64>
    %prefetch = transform.param.constant -1 : i64 -> !transform.param<i64>
    transform.include @regtile_matmul_blocked failures(propagate) (%f, %derive, %derive, %kc, %derive, %prefetch)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
}

// -----

// 65 filter taps along W: the shifted form's fallback (the filter's column
// sums, the input groups flipped: more taps per step than window sums
// unroll).
// DIFFTEST-CASE: H=1 W=7 HI=1 WI=71 CI=5 CO=17
// DIFFTEST-CASE: H=2 W=3 HI=2 WI=67 CI=8 CO=40
func.func @kernel(%in: tensor<1x${HI}x${WI}x${CI}xi8>, %f: tensor<1x65x${CI}x${CO}xi8>, %o: tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
    attributes {regtile.target = "${TARGET}"} {
  %zero = arith.constant 0 : i32
  %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
  %conv = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                       affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x${HI}x${WI}x${CI}xi8>, tensor<1x65x${CI}x${CO}xi8>)
      outs(%z : tensor<1x${H}x${W}x${CO}xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %ux = arith.extui %x : i8 to i32
    %uy = arith.extui %y : i8 to i32
    %p = arith.muli %ux, %uy : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<1x${H}x${W}x${CO}xi32>
  return %conv : tensor<1x${H}x${W}x${CO}xi32>
}
func.func private @regtileFillI8(memref<*xi8>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %i = memref.alloc() : memref<1x${HI}x${WI}x${CI}xi8>
  %f = memref.alloc() : memref<1x65x${CI}x${CO}xi8>
  %ui = memref.cast %i : memref<1x${HI}x${WI}x${CI}xi8> to memref<*xi8>
  %uf = memref.cast %f : memref<1x65x${CI}x${CO}xi8> to memref<*xi8>
  call @regtileFillI8(%ui, %s1) : (memref<*xi8>, i64) -> ()
  call @regtileFillI8(%uf, %s2) : (memref<*xi8>, i64) -> ()
  %ti = bufferization.to_tensor %i restrict : memref<1x${HI}x${WI}x${CI}xi8> to tensor<1x${HI}x${WI}x${CI}xi8>
  %tf = bufferization.to_tensor %f restrict : memref<1x65x${CI}x${CO}xi8> to tensor<1x65x${CI}x${CO}xi8>
  %o = tensor.empty() : tensor<1x${H}x${W}x${CO}xi32>
  %r = call @kernel(%ti, %tf, %o) : (tensor<1x${HI}x${WI}x${CI}xi8>, tensor<1x65x${CI}x${CO}xi8>, tensor<1x${H}x${W}x${CO}xi32>) -> tensor<1x${H}x${W}x${CO}xi32>
  %rm = bufferization.to_buffer %r : tensor<1x${H}x${W}x${CO}xi32> to memref<1x${H}x${W}x${CO}xi32>
  %ur = memref.cast %rm : memref<1x${H}x${W}x${CO}xi32> to memref<*xi32>
  call @regtilePrintI32(%ur) : (memref<*xi32>) -> ()
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

