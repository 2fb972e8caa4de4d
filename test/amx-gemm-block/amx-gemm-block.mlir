// transform.regtile.amx_gemm_block: the whole 32 x 32 tiles of a bf16 GEMM
// on the tile unit (B packed as [N'/16][K'/2][16][2], 2 x 2 accumulators of
// 16 x 16 through a K loop of 32-deep steps, A read in place as pairs), the
// edges as GEMMs on slices; with where_available, unchanged on a target
// without AMX-BF16.
// RUN: %regtile-opt %s -split-input-file -p 'builtin.module(transform-interpreter)' | FileCheck %s

// CHECK-LABEL: func.func @whole_tiles
// CHECK: %[[BP:.*]] = linalg.pack %{{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 2] into %{{.*}} : tensor<128x96xbf16> -> tensor<6x64x16x2xbf16>
// CHECK: scf.for %[[J:.*]] = %c0 to %c96 step %c32
// CHECK:   scf.for %[[I:.*]] = %c0 to %c64 step %c32
// CHECK:     vector.transfer_read {{.*}} : tensor<32x32xf32>, vector<16x16xf32>
// CHECK:     scf.for %{{.*}} = %c0 to %c128 step %c32{{.*}} iter_args({{.*}}) -> (vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>)
// CHECK:       tensor.expand_shape {{.*}} : tensor<32x32xbf16> into tensor<32x16x2xbf16>
// CHECK:       tensor.extract_slice %[[BP]]{{.*}} : tensor<6x64x16x2xbf16> to tensor<16x16x2xbf16>
// CHECK-COUNT-4: vector.contract {{.*}} : vector<16x16x2xbf16>, vector<16x16x2xbf16> into vector<16x16xf32>
// CHECK: vector.transfer_write {{.*}} : vector<16x16xf32>, tensor<32x32xf32>
// No edges: every dim is a multiple of 32.
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @whole_tiles(%a: tensor<64x128xbf16>, %b: tensor<128x96xbf16>, %c: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x128xbf16>, tensor<128x96xbf16>) outs(%c : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %mm {arch = "sapphirerapids"}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Sizes that divide no tile: the K remainder of the tiled rows and columns
// (K' = 32), the columns after the last panel (N' = 32), the rows after the
// last tile (M' = 64), each a matmul on slices, in that order.
// CHECK-LABEL: func.func @edges
// CHECK: linalg.pack {{.*}} : tensor<32x32xbf16> -> tensor<2x16x16x2xbf16>
// CHECK: scf.for
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x13xbf16>, tensor<13x32xbf16>) outs(%{{.*}} : tensor<64x32xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x45xbf16>, tensor<45x21xbf16>) outs(%{{.*}} : tensor<64x21xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x45xbf16>, tensor<45x53xbf16>) outs(%{{.*}} : tensor<6x53xf32>)
func.func @edges(%a: tensor<70x45xbf16>, %b: tensor<45x53xbf16>, %c: tensor<70x53xf32>) -> tensor<70x53xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<70x45xbf16>, tensor<45x53xbf16>) outs(%c : tensor<70x53xf32>) -> tensor<70x53xf32>
  return %r : tensor<70x53xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %mm {arch = "sapphirerapids"}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic sizes: the tiles' bounds rounded down at run time, every edge
// made (each may be empty).
// CHECK-DAG: #[[DOWN:.*]] = affine_map<()[s0] -> ((s0 floordiv 32) * 32)>
// CHECK-LABEL: func.func @dynamic
// CHECK: affine.apply #[[DOWN]]()
// CHECK: linalg.pack
// CHECK-COUNT-3: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x?xbf16>, tensor<?x?xbf16>)
func.func @dynamic(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xbf16>, tensor<?x?xbf16>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %mm {arch = "sapphirerapids"}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// s8 x s8 -> i32: quads in each 32-bit lane, K steps of 64.
// CHECK-LABEL: func.func @s8s8
// CHECK: linalg.pack {{.*}} inner_tiles = [16, 4] {{.*}} : tensor<128x64xi8> -> tensor<4x32x16x4xi8>
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c64{{.*}} iter_args({{.*}}) -> (vector<16x16xi32>, vector<16x16xi32>, vector<16x16xi32>, vector<16x16xi32>)
// CHECK: tensor.expand_shape {{.*}} : tensor<32x64xi8> into tensor<32x16x4xi8>
// CHECK-COUNT-4: vector.contract {{.*}} : vector<16x16x4xi8>, vector<16x16x4xi8> into vector<16x16xi32>
func.func @s8s8(%a: tensor<64x128xi8>, %b: tensor<128x64xi8>, %c: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x128xi8>, tensor<128x64xi8>) outs(%c : tensor<64x64xi32>) -> tensor<64x64xi32>
  return %r : tensor<64x64xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %mm {arch = "sapphirerapids"}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// where_available on a target without AMX (and an f32 GEMM on one with
// it): unchanged, each returned as an edge (the annotation proves it).
// CHECK-LABEL: func.func @unavailable
// CHECK-NOT: linalg.pack
// CHECK: linalg.matmul {__edge__} ins(%{{.*}}, %{{.*}} : tensor<64x64xbf16>, tensor<64x64xbf16>)
// CHECK: linalg.matmul {__edge__} ins(%{{.*}}, %{{.*}} : tensor<64x64xf32>, tensor<64x64xf32>)
func.func @unavailable(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>, %c: tensor<64x64xf32>, %f: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul ins(%f, %f : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r, %s : tensor<64x64xf32>, tensor<64x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loop, %pack, %edges = transform.regtile.amx_gemm_block %mm {arch = "znver4", where_available}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.annotate %edges "__edge__" : !transform.any_op
    transform.yield
  }
}
