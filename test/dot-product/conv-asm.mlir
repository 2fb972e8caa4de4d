// x86 assembly of @regtile_conv2d (strategies/) on the bf16, u8 x s8 and
// s8 x s8 conv layers of examples/conv_lowp (6 x 28 output, 64 -> 64
// channels):
// - AVX-512 with VNNI and BF16 (znver4): the micro-kernel loop (kw, inside
//   the kh and channel-group loops) is 16 vdpbf16ps / vpdpbusd into
//   register accumulators, each input group broadcast once per row, no
//   stack access, no mask, no call; s8 x s8 first flips the packed filter
//   to u8 (a vpxorq per 64 bytes) and sums each tile's input windows (one
//   vpdpbusd with ones per row, tap and 64 channels: 12 per filter row for
//   the 4 x 64 tile), then runs u8 x s8's micro-kernel (no xor in it);
// - AVX-512 without VNNI or BF16 (skylake-avx512): no dot-product
//   instruction; bf16 widens to f32 FMAs; i8 takes the input channels in
//   pairs, widened to i16: 16 vpmaddwd per step, no stack access.
// The module carries its target (regtile.target) and the schedule.
// RUN: sed 's/TARGET/znver4/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 -o %t.znver4.s
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.znver4.s | FileCheck %s --check-prefix=DOT
// RUN: sed 's/TARGET/skylake-avx512/' %s | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -o %t.skx.s
// RUN: FileCheck %s --check-prefix=WIDEN < %t.skx.s
// RUN: %python %regtile-src/test/lib/asm_loops.py < %t.skx.s | FileCheck %s --check-prefix=PAIRS

// test/lib/asm_loops.py prints one line per innermost loop. Per function:
// the filter's copy into its interleaved panels, then the micro-kernel.
// DOT: loop {{.*}}: fma=0 {{.*}} dot=0
// DOT-NEXT: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=16
// DOT-NEXT: loop {{.*}}: fma=0 {{.*}} dot=0
// DOT-NEXT: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=16
// DOT-NEXT: loop {{.*}}: fma=0 {{.*}} dot=0
// DOT-NEXT: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=0 vxor=4
// DOT-NEXT: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=12 pairs=0 vxor=0
// DOT-NEXT: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=16 pairs=0 vxor=0

// PAIRS: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=16
// PAIRS: loop {{.*}}: fma=0 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=16

// WIDEN-LABEL: conv_bf16:
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: vfmadd231ps
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN-LABEL: conv_u8s8:
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: vpmaddwd
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN-LABEL: conv_s8s8:
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: vpmaddwd
// WIDEN-NOT: {{vdpbf16ps|vpdpbusd}}
// WIDEN: .Lfunc_end
module attributes {regtile.target = "TARGET", transform.with_named_sequence} {
  func.func @conv_bf16(%mi: memref<1x8x30x64xbf16>, %mf: memref<3x3x64x64xbf16>, %mb: memref<64xf32>, %mo: memref<1x6x28x64xf32>) {
    %in = bufferization.to_tensor %mi restrict : memref<1x8x30x64xbf16> to tensor<1x8x30x64xbf16>
    %f = bufferization.to_tensor %mf restrict : memref<3x3x64x64xbf16> to tensor<3x3x64x64xbf16>
    %b = bufferization.to_tensor %mb restrict : memref<64xf32> to tensor<64xf32>
    %e = tensor.empty() : tensor<1x6x28x64xf32>
    %biased = linalg.broadcast ins(%b : tensor<64xf32>)
        outs(%e : tensor<1x6x28x64xf32>) dimensions = [0, 1, 2]
    %conv = linalg.conv_2d_nhwc_hwcf
        ins(%in, %f : tensor<1x8x30x64xbf16>, tensor<3x3x64x64xbf16>)
        outs(%biased : tensor<1x6x28x64xf32>) -> tensor<1x6x28x64xf32>
    %o = bufferization.to_tensor %mo restrict writable : memref<1x6x28x64xf32> to tensor<1x6x28x64xf32>
    %zero = arith.constant 0.0 : f32
    %relu = linalg.generic {
        indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>,
                         affine_map<(n, h, w, c) -> (n, h, w, c)>],
        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%conv : tensor<1x6x28x64xf32>)
        outs(%o : tensor<1x6x28x64xf32>) {
    ^bb0(%x: f32, %unused: f32):
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    } -> tensor<1x6x28x64xf32>
    bufferization.materialize_in_destination %relu in restrict writable %mo
        : (tensor<1x6x28x64xf32>, memref<1x6x28x64xf32>) -> ()
    return
  }

  func.func @conv_u8s8(%mi: memref<1x8x30x64xi8>, %mf: memref<3x3x64x64xi8>, %mo: memref<1x6x28x64xi32>) {
    %in = bufferization.to_tensor %mi restrict : memref<1x8x30x64xi8> to tensor<1x8x30x64xi8>
    %f = bufferization.to_tensor %mf restrict : memref<3x3x64x64xi8> to tensor<3x3x64x64xi8>
    %o = bufferization.to_tensor %mo restrict writable : memref<1x6x28x64xi32> to tensor<1x6x28x64xi32>
    %zero = arith.constant 0 : i32
    %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x6x28x64xi32>)
        -> tensor<1x6x28x64xi32>
    %conv = linalg.generic {
        indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                         affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                         affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
        iterator_types = ["parallel", "parallel", "parallel", "parallel",
                          "reduction", "reduction", "reduction"]}
        ins(%in, %f : tensor<1x8x30x64xi8>, tensor<3x3x64x64xi8>)
        outs(%z : tensor<1x6x28x64xi32>) {
    ^bb0(%x: i8, %y: i8, %acc: i32):
      %ux = arith.extui %x : i8 to i32
      %sy = arith.extsi %y : i8 to i32
      %p = arith.muli %ux, %sy : i32
      %s = arith.addi %acc, %p : i32
      linalg.yield %s : i32
    } -> tensor<1x6x28x64xi32>
    bufferization.materialize_in_destination %conv in restrict writable %mo
        : (tensor<1x6x28x64xi32>, memref<1x6x28x64xi32>) -> ()
    return
  }

  func.func @conv_s8s8(%mi: memref<1x8x30x64xi8>, %mf: memref<3x3x64x64xi8>, %mo: memref<1x6x28x64xi32>) {
    %in = bufferization.to_tensor %mi restrict : memref<1x8x30x64xi8> to tensor<1x8x30x64xi8>
    %f = bufferization.to_tensor %mf restrict : memref<3x3x64x64xi8> to tensor<3x3x64x64xi8>
    %o = bufferization.to_tensor %mo restrict writable : memref<1x6x28x64xi32> to tensor<1x6x28x64xi32>
    %zero = arith.constant 0 : i32
    %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x6x28x64xi32>)
        -> tensor<1x6x28x64xi32>
    %conv = linalg.conv_2d_nhwc_hwcf
        ins(%in, %f : tensor<1x8x30x64xi8>, tensor<3x3x64x64xi8>)
        outs(%z : tensor<1x6x28x64xi32>) -> tensor<1x6x28x64xi32>
    bufferization.materialize_in_destination %conv in restrict writable %mo
        : (tensor<1x6x28x64xi32>, memref<1x6x28x64xi32>) -> ()
    return
  }

  transform.named_sequence @regtile_conv2d(%f: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      transform.include @regtile_conv2d failures(propagate) (%f) : (!transform.any_op) -> ()
    }
    transform.yield
  }
}
