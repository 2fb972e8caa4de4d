// @regtile_conv2d on low-precision convolutions (AVX-512 VNNI + BF16
// target): the input channels are tiled by the group (4 for i8, 2 for
// bf16), the filter is packed as [oc/channels][kh][ci/g][kw][channels][g]
// (the whole filter, small: the channel blocks are the innermost tile loop;
// each 32-bit lane holds g channels of one output channel, zero-padded), and
// cache_reduce keeps the accumulators across the kh, channel-group and kw
// loops: one 64-byte filter vector per tile vector, one 32-bit input group
// broadcast per row, one dot product per accumulator per step, and one
// block of stores after the nest. s8 x s8 flips the packed filter to u8
// once (b + 128) and starts each tile 128 x its rows' window sums lower
// (over kh, kw and the channels, taken before the nest), the micro-kernel
// u8 x s8's; with more than 64 filter taps in the step (kw) it keeps the
// filter's column sums and flips the input groups; bf16 applies its bias and ReLU
// on the accumulators (the epilogue fused, no separate loop), and so does
// a requantization to u8 (per-channel scale, round, clamp).
// RUN: %regtile-opt %s -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies},transform-interpreter,canonicalize,cse)' | FileCheck %s

// CHECK-LABEL: func.func @u8s8
// CHECK: tensor.empty() : tensor<1x3x2x3x32x4xi8>
// CHECK: vector.transpose {{.*}} : vector<4x32xi8> to vector<32x4xi8>
// CHECK: scf.for %[[KH:.*]] = %c0 to %c3 step %c1 iter_args({{.*}}) -> (vector<16xi32>,
// CHECK: scf.for %[[CI:.*]] = %c0 to %c8 step %c4 iter_args({{.*}}) -> (vector<16xi32>,
// CHECK: scf.for %[[KW:.*]] = %c0 to %c3 step %c1 iter_args({{.*}}) -> (vector<16xi32>,
// CHECK: tensor.collapse_shape {{.*}} : tensor<1x3x2x3x32x4xi8> into tensor<1x3x2x3x128xi8>
// CHECK-COUNT-2: vector.transfer_read {{.*}}[%c0, %[[KH]], %{{.*}}, %[[KW]], %c{{0|64}}]{{.*}} : tensor<1x3x2x3x128xi8>, vector<64xi8>
// CHECK: vector.transfer_read {{.*}} : tensor<1x1x10x4xi8>, vector<4xi8>
// CHECK: vector.bitcast {{.*}} : vector<4xi8> to vector<1xi32>
// CHECK: arith.extui {{.*}} : vector<16x4xi8> to vector<16x4xi32>
// Eight rows x two vectors: sixteen dot products per step.
// CHECK-COUNT-16: vector.multi_reduction <add>
// CHECK-NOT: vector.multi_reduction
// CHECK: scf.yield
// CHECK-COUNT-16: vector.transfer_write {{.*}} : vector<16xi32>, tensor<1x1x8x32xi32>
// CHECK: return
module attributes {regtile.target = "znver4"} {
  func.func @u8s8(%in: tensor<1x4x10x8xi8>, %f: tensor<3x3x8x32xi8>, %o: tensor<1x2x8x32xi32>) -> tensor<1x2x8x32xi32> {
    %zero = arith.constant 0 : i32
    %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x2x8x32xi32>) -> tensor<1x2x8x32xi32>
    %r = linalg.generic {
        indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                         affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                         affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%in, %f : tensor<1x4x10x8xi8>, tensor<3x3x8x32xi8>) outs(%z : tensor<1x2x8x32xi32>) {
    ^bb0(%x: i8, %y: i8, %acc: i32):
      %ux = arith.extui %x : i8 to i32
      %sy = arith.extsi %y : i8 to i32
      %p = arith.muli %ux, %sy : i32
      %s = arith.addi %acc, %p : i32
      linalg.yield %s : i32
    } -> tensor<1x2x8x32xi32>
    return %r : tensor<1x2x8x32xi32>
  }

// CHECK-LABEL: func.func @s8s8
// The packed filter flipped in place, once.
// CHECK: %[[CACHE:.*]] = scf.for
// CHECK: tensor.collapse_shape %[[CACHE]]
// CHECK: %[[FLIPPED:.*]] = scf.for
// CHECK: arith.xori {{.*}} : vector<64xi8>
// Each row tile's window sums: over kh (a loop), kw (unrolled: 10 input
// pixels for 8 rows x 3 taps) and the 8 channels (one masked read each).
// CHECK: scf.for %[[H:.*]] = %c0 to %c2 step %c1
// CHECK: %[[WIN:.*]] = tensor.extract_slice %arg0[0, %[[H]], 0, 0] [1, 3, 10, 8]
// CHECK: %[[MASK:.*]] = vector.constant_mask [8] : vector<64xi1>
// CHECK: scf.for %[[KH:.*]] = %c0 to %c3 step %c1 iter_args({{.*}}) -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK-COUNT-10: vector.transfer_read %[[WIN]][%c0, %[[KH]], %c{{[0-9]}}, %c0], %c0_i8, %[[MASK]] : tensor<1x3x10x8xi8>, vector<64xi8>
// CHECK-NOT: vector.transfer_read
// CHECK: scf.yield
// CHECK-COUNT-8: vector.reduction <add>
// CHECK: arith.shli
// CHECK: arith.subi {{.*}} : vector<16xi32>
// The micro-kernel: the flipped filter as u8, the input as s8, no xor.
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args({{.*}}) -> (vector<16xi32>,
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args
// CHECK-NOT: arith.xori
// CHECK: vector.transfer_read %[[FLIPPED]]
// CHECK-NOT: arith.xori
// CHECK: arith.extsi {{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK: arith.extui {{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK-NOT: arith.xori
// CHECK: return
  func.func @s8s8(%in: tensor<1x4x10x8xi8>, %f: tensor<3x3x8x32xi8>, %o: tensor<1x2x8x32xi32>) -> tensor<1x2x8x32xi32> {
    %zero = arith.constant 0 : i32
    %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x2x8x32xi32>) -> tensor<1x2x8x32xi32>
    %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x4x10x8xi8>, tensor<3x3x8x32xi8>)
        outs(%z : tensor<1x2x8x32xi32>) -> tensor<1x2x8x32xi32>
    return %r : tensor<1x2x8x32xi32>
  }

// 65 filter taps along kw in each step: more points than the window sums
// unroll (64), so the filter's column sums (over kh, the channel groups,
// kw and each group) start the tiles lower and the input groups are read
// flipped (s8 a + 128 as u8).
// CHECK-LABEL: func.func @s8s8_long_filter
// CHECK: %[[CACHE:.*]] = scf.for
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %cst{{.*}}) -> (vector<16xi32>, vector<16xi32>)
// CHECK: scf.for %{{.*}} = %c0 to %c65 step %c1 iter_args
// CHECK: arith.extsi {{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK: vector.multi_reduction <add>
// CHECK: arith.shli
// (From a zero fill every row starts from the same two vectors.)
// CHECK-COUNT-2: arith.subi {{.*}} : vector<16xi32>
// CHECK-NOT: arith.subi
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args({{.*}}) -> (vector<16xi32>,
// CHECK: scf.for %{{.*}} = %c0 to %c65 step %c1 iter_args
// CHECK: arith.xori {{.*}} : vector<64xi8>
// CHECK: arith.extui {{.*}} : vector<16x4xi8> to vector<16x4xi32>
// CHECK: return
  func.func @s8s8_long_filter(%in: tensor<1x1x72x8xi8>, %f: tensor<1x65x8x32xi8>, %o: tensor<1x1x8x32xi32>) -> tensor<1x1x8x32xi32> {
    %zero = arith.constant 0 : i32
    %z = linalg.fill ins(%zero : i32) outs(%o : tensor<1x1x8x32xi32>) -> tensor<1x1x8x32xi32>
    %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x1x72x8xi8>, tensor<1x65x8x32xi8>)
        outs(%z : tensor<1x1x8x32xi32>) -> tensor<1x1x8x32xi32>
    return %r : tensor<1x1x8x32xi32>
  }

// CHECK-LABEL: func.func @bf16
// CHECK: tensor.empty() : tensor<1x3x4x3x32x2xbf16>
// CHECK: scf.for {{.*}} -> (vector<16xf32>,
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c2 iter_args
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args
// CHECK: vector.transfer_read {{.*}} : tensor<1x3x4x3x64xbf16>, vector<32xbf16>
// CHECK: arith.extf {{.*}} : vector<16x2xbf16> to vector<16x2xf32>
// CHECK: vector.multi_reduction <add>
// The bias is the accumulators' initial value; the ReLU is applied to
// them before the one store.
// CHECK: arith.maximumf {{.*}} : vector<16xf32>
// CHECK: vector.transfer_write {{.*}} : vector<16xf32>, tensor<1x1x8x32xf32>
// CHECK-NOT: linalg.generic
// CHECK: return
  func.func @bf16(%in: tensor<1x4x10x8xbf16>, %f: tensor<3x3x8x32xbf16>, %b: tensor<32xf32>, %o: tensor<1x2x8x32xf32>) -> tensor<1x2x8x32xf32> {
    %e = tensor.empty() : tensor<1x2x8x32xf32>
    %biased = linalg.broadcast ins(%b : tensor<32xf32>) outs(%e : tensor<1x2x8x32xf32>) dimensions = [0, 1, 2]
    %conv = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x4x10x8xbf16>, tensor<3x3x8x32xbf16>)
        outs(%biased : tensor<1x2x8x32xf32>) -> tensor<1x2x8x32xf32>
    %zero = arith.constant 0.0 : f32
    %relu = linalg.generic {
        indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%conv : tensor<1x2x8x32xf32>) outs(%o : tensor<1x2x8x32xf32>) {
    ^bb0(%x: f32, %unused: f32):
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    } -> tensor<1x2x8x32xf32>
    return %relu : tensor<1x2x8x32xf32>
  }

// CHECK-LABEL: func.func @u8s8_requantized
// The requantization (scale per channel, round, clamp, to u8) on the
// accumulators after the nest: one scale vector per tile vector, read
// once for every row, and one store of 16 bytes per accumulator; no
// separate loop over the output, no i32 tile stored.
// CHECK: scf.for {{.*}} -> (vector<16xi32>,
// CHECK: vector.multi_reduction <add>
// CHECK-COUNT-2: vector.transfer_read {{.*}} : tensor<32xf32>, vector<16xf32>
// CHECK-NOT: tensor<32xf32>, vector<16xf32>
// CHECK: arith.sitofp {{.*}} : vector<16xi32> to vector<16xf32>
// CHECK: arith.mulf
// CHECK: math.roundeven {{.*}} : vector<16xf32>
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: arith.fptoui {{.*}} : vector<16xf32> to vector<16xi8>
// CHECK-COUNT-16: vector.transfer_write {{.*}} : vector<16xi8>, tensor<1x1x8x32xi8>
// CHECK-NOT: linalg.generic
// CHECK-NOT: vector<16xi32>, tensor
// CHECK: return
  func.func @u8s8_requantized(%in: tensor<1x4x10x8xi8>, %f: tensor<3x3x8x32xi8>, %scale: tensor<32xf32>, %o: tensor<1x2x8x32xi8>) -> tensor<1x2x8x32xi8> {
    %zero = arith.constant 0 : i32
    %e = tensor.empty() : tensor<1x2x8x32xi32>
    %z = linalg.fill ins(%zero : i32) outs(%e : tensor<1x2x8x32xi32>) -> tensor<1x2x8x32xi32>
    %r = linalg.generic {
        indexing_maps = [affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>,
                         affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
                         affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%in, %f : tensor<1x4x10x8xi8>, tensor<3x3x8x32xi8>) outs(%z : tensor<1x2x8x32xi32>) {
    ^bb0(%x: i8, %y: i8, %acc: i32):
      %ux = arith.extui %x : i8 to i32
      %sy = arith.extsi %y : i8 to i32
      %p = arith.muli %ux, %sy : i32
      %s = arith.addi %acc, %p : i32
      linalg.yield %s : i32
    } -> tensor<1x2x8x32xi32>
    %lo = arith.constant 0.0 : f32
    %hi = arith.constant 255.0 : f32
    %q = linalg.generic {
        indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
                         affine_map<(n, h, w, c) -> (n, h, w, c)>],
        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%r, %scale : tensor<1x2x8x32xi32>, tensor<32xf32>) outs(%o : tensor<1x2x8x32xi8>) {
    ^bb0(%a: i32, %sc: f32, %unused: i8):
      %af = arith.sitofp %a : i32 to f32
      %m = arith.mulf %af, %sc : f32
      %rn = math.roundeven %m : f32
      %c0 = arith.maximumf %rn, %lo : f32
      %c1 = arith.minimumf %c0, %hi : f32
      %u = arith.fptoui %c1 : f32 to i8
      linalg.yield %u : i8
    } -> tensor<1x2x8x32xi8>
    return %q : tensor<1x2x8x32xi8>
  }
}
module attributes {transform.with_named_sequence} {
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
