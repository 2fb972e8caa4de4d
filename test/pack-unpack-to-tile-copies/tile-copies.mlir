// FileCheck tests of transform.regtile.pack_unpack_to_tile_copies and its
// pattern form, on an AVX-512 target (16 f32 lanes, 32 registers).
// RUN: %regtile-opt %s --split-input-file --transform-interpreter | FileCheck %s

// A pack that keeps row order, tiles along the source's rows: a loop over
// tile rows, then groups of 8 rows (8 x 2 = 16 registers) of every tile of
// the tile row, left to right (a loop over tile columns per group): the
// source is read as 8 sequential streams. A block is read whole, then
// written whole, in bounds, no transpose.
// CHECK-LABEL: func.func @pack_rows
// CHECK: scf.for %[[I:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK:   scf.for %[[J:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[B0:.*]] = vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<64x128xf32>, vector<8x32xf32>
// CHECK:     vector.transfer_write %[[B0]], %{{.*}}[%[[I]], %[[J]], %c0{{.*}}, %c0{{.*}}] {in_bounds = [true, true]} : vector<8x32xf32>, tensor<4x4x16x32xf32>
// CHECK:   scf.for %[[J2:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[B1:.*]] = vector.transfer_read {{.*}} : tensor<64x128xf32>, vector<8x32xf32>
// CHECK:     vector.transfer_write %[[B1]], %{{.*}}[%[[I]], %[[J2]], %c8{{.*}}, %c0{{.*}}]
// CHECK-NOT: vector.transpose
// CHECK:     scf.yield
func.func @pack_rows(%s: tensor<64x128xf32>, %d: tensor<4x4x16x32xf32>) -> tensor<4x4x16x32xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<64x128xf32> -> tensor<4x4x16x32xf32>
  return %p : tensor<4x4x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The B operand of a GEMM: inner_dims_pos = [1, 0] transposes each 32x32
// tile, outer_dims_perm = [1, 0] (packed outer dim 0 is source dim 1, the
// source's rows). A 32x32 f32 tile is twice the register file, so it moves
// as 16x16 sub-blocks, each through vector.transpose (16x16 shuffles after
// lowering); they go by groups of 16 source rows across the tiles of a
// tile row (loops: source tile row, group, tile along the source row,
// sub-block), so the source is read as 16 sequential streams.
// CHECK-LABEL: func.func @pack_transposed
// CHECK: scf.for %[[I:[a-z0-9_]+]] = %{{.*}} to %c2{{.*}} step
// CHECK:   scf.for %[[G:[a-z0-9_]+]] = %{{.*}} to %c32{{.*}} step %c16
// CHECK:     scf.for %[[T:[a-z0-9_]+]] = %{{.*}} to %c3{{.*}} step
// CHECK:       scf.for %[[C0:[a-z0-9_]+]] = %{{.*}} to %c32{{.*}} step %c16
// CHECK:         %[[ROWB:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:         %[[ROW:.*]] = arith.addi %[[ROWB]], %[[G]] : index
// CHECK:         %[[COLB:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK:         %[[COL:.*]] = arith.addi %[[COLB]], %[[C0]] : index
// CHECK:         %[[R:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<64x96xf32>, vector<16x16xf32>
// CHECK:         %[[TR:.*]] = vector.transpose %[[R]], [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:         vector.transfer_write %[[TR]], %{{.*}}[%[[T]], %[[I]], %[[C0]], %[[G]]] {in_bounds = [true, true]} : vector<16x16xf32>, tensor<3x2x32x32xf32>
// CHECK-NOT: vector.transpose
// CHECK: return
func.func @pack_transposed(%s: tensor<64x96xf32>, %d: tensor<3x2x32x32xf32>) -> tensor<3x2x32x32xf32> {
  %p = linalg.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 32] into %d : tensor<64x96xf32> -> tensor<3x2x32x32xf32>
  return %p : tensor<3x2x32x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Tiles one row high (a GEMM's B panels, [N/32][K][1][32]) stay tile by
// tile in the packed order: groups of one row would read one run per tile
// anyway and scatter the stores.
// CHECK-LABEL: func.func @pack_one_row_tiles
// CHECK: scf.for %[[T:[a-z0-9_]+]] = %{{.*}} to %c3{{.*}} step
// CHECK:   scf.for %[[K:[a-z0-9_]+]] = %{{.*}} to %c64{{.*}} step
// CHECK:     vector.transfer_read {{.*}} : tensor<64x96xf32>, vector<1x32xf32>
// CHECK:     vector.transfer_write {{.*}}[%[[T]], %[[K]], %c0{{.*}}, %c0{{.*}}] {{.*}} : vector<1x32xf32>, tensor<3x64x1x32xf32>
func.func @pack_one_row_tiles(%s: tensor<64x96xf32>, %d: tensor<3x64x1x32xf32>) -> tensor<3x64x1x32xf32> {
  %p = linalg.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [1, 32] into %d : tensor<64x96xf32> -> tensor<3x64x1x32xf32>
  return %p : tensor<3x64x1x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Padding: 50x70 does not divide into 16x32 tiles; the reads may run past
// the source and return the padding value there.
// CHECK-LABEL: func.func @pack_padded
// CHECK-SAME: %[[PAD:[a-z0-9_]+]]: f32
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %[[PAD]] : tensor<50x70xf32>, vector<8x32xf32>
func.func @pack_padded(%s: tensor<50x70xf32>, %d: tensor<4x3x16x32xf32>, %pad: f32) -> tensor<4x3x16x32xf32> {
  %p = linalg.pack %s padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<50x70xf32> -> tensor<4x3x16x32xf32>
  return %p : tensor<4x3x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Unpack with outer_dims_perm, dynamic outer sizes and a destination the
// tiles overrun: tiles are read in bounds from the packed layout (loops in
// its order), written with in_bounds = false so that only valid elements
// are stored. Pattern form, on an AVX2 target (8 f32 lanes, 16 registers:
// blocks of 4 rows x 2 vectors, half the registers).
// CHECK-LABEL: func.func @unpack_perm
// CHECK: %[[D0:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x?x16x16xf32>
// CHECK: %[[D1:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x?x16x16xf32>
// CHECK: scf.for %[[A0:[a-z0-9_]+]] = %{{.*}} to %[[D0]] step
// CHECK:   scf.for %[[A1:[a-z0-9_]+]] = %{{.*}} to %[[D1]] step
// CHECK:     %[[V:.*]] = vector.transfer_read %{{.*}}[%[[A0]], %[[A1]], %{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<?x?x16x16xf32>, vector<4x16xf32>
// CHECK:     vector.transfer_write %[[V]], %{{.*}}[%{{.*}}, %{{.*}}] : vector<4x16xf32>, tensor<?x?xf32>
func.func @unpack_perm(%s: tensor<?x?x16x16xf32>, %d: tensor<?x?xf32>) -> tensor<?x?xf32>
    attributes {regtile.target = "haswell"} {
  %u = linalg.unpack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %d : tensor<?x?x16x16xf32> -> tensor<?x?xf32>
  return %u : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.pack_unpack_to_tile_copies
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A tile larger than the register file (136x64x16x16 f32, 2.2M elements)
// is copied by loops over register blocks inside the tile, never unrolled:
// the leading tile dims become loops, the body is one 16x16 block (16
// registers), masked off past the end of the partial dims. One read and one
// write in the whole function: the IR grows with the register block, not
// with the tile.
// CHECK-LABEL: func.func @pack_huge_tile
// CHECK-COUNT-4: scf.for
// CHECK: scf.for %[[T0:[a-z0-9_]+]] = %{{.*}} to %c136
// CHECK:   scf.for %[[T1:[a-z0-9_]+]] = %{{.*}} to %c64
// CHECK:     %[[M:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<16x16xi1>
// CHECK:     %[[R:.*]] = vector.transfer_read %{{.*}}, %[[M]] {in_bounds = [true, true]} : tensor<129x47x16x16xf32>, vector<16x16xf32>
// CHECK:     vector.transfer_write %[[R]], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[T0]], %[[T1]], %{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<16x16xf32>, tensor<1x1x1x1x136x64x16x16xf32>
// CHECK-NOT: vector.transfer_read
// CHECK-NOT: vector.transfer_write
// CHECK: return
func.func @pack_huge_tile(%a: tensor<129x47x16x16xf32>, %b: tensor<1x1x1x1x136x64x16x16xf32>) -> tensor<1x1x1x1x136x64x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %r = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1, 2, 3] inner_tiles = [136, 64, 16, 16] into %b : tensor<129x47x16x16xf32> -> tensor<1x1x1x1x136x64x16x16xf32>
  return %r : tensor<1x1x1x1x136x64x16x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The matching unpack, and a 2-D tile of 64x100 f32 (6400 elements): blocks
// of 2 rows of 100 columns (7 registers per row, half the register file per
// block) in a loop over the tile's rows, no remainder (64 = 32 x 2).
// CHECK-LABEL: func.func @unpack_huge_tile
// CHECK: scf.for %[[T0:[a-z0-9_]+]] = %{{.*}} to %c136
// CHECK:   scf.for %[[T1:[a-z0-9_]+]] = %{{.*}} to %c64
// CHECK:     vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[T0]], %[[T1]], %{{.*}}, %{{.*}}]{{.*}} : tensor<1x1x1x1x136x64x16x16xf32>, vector<16x16xf32>
// CHECK:     vector.transfer_write {{.*}} : vector<16x16xf32>, tensor<129x47x16x16xf32>
// CHECK-NOT: vector.transfer_write {{.*}} tensor<129x47x16x16xf32>
// The pack: per tile row, groups of 2 rows of every tile (a loop over the
// tile's rows, then over tile columns).
// CHECK-LABEL: func.func @pack_64x100
// CHECK: scf.for
// CHECK:   scf.for %[[R:[a-z0-9_]+]] = %c0{{.*}} to %c64{{.*}} step %c2
// CHECK:     scf.for %[[T:[a-z0-9_]+]] = %c0{{.*}} to %c3{{.*}} step %c1
// CHECK:       vector.transfer_read {{.*}} {in_bounds = [false, true]} : tensor<130x300xf32>, vector<2x100xf32>
// CHECK:       vector.transfer_write {{.*}}[%{{.*}}, %[[T]], %[[R]], %{{.*}}] {{.*}} : vector<2x100xf32>, tensor<3x3x64x100xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: return
func.func @unpack_huge_tile(%a: tensor<1x1x1x1x136x64x16x16xf32>, %b: tensor<129x47x16x16xf32>) -> tensor<129x47x16x16xf32> {
  %r = linalg.unpack %a inner_dims_pos = [0, 1, 2, 3] inner_tiles = [136, 64, 16, 16] into %b : tensor<1x1x1x1x136x64x16x16xf32> -> tensor<129x47x16x16xf32>
  return %r : tensor<129x47x16x16xf32>
}
func.func @pack_64x100(%a: tensor<130x300xf32>, %b: tensor<3x3x64x100xf32>) -> tensor<3x3x64x100xf32> {
  %z = arith.constant 0.0 : f32
  %r = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [64, 100] into %b : tensor<130x300xf32> -> tensor<3x3x64x100xf32>
  return %r : tensor<3x3x64x100xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p {arch = "znver4"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Groups of tiles (tiles_per_group = 2): the three tiles along the source's
// rows in a group of 2 and a last group of 1 (a loop over groups, stepping
// 2, bounded by min(first + 2, 3)); inside a group, groups of 2 rows across
// its tiles. The same from a parameter (a tuning knob).
// CHECK-LABEL: func.func @pack_groups
// CHECK: scf.for
// CHECK:   scf.for %[[G:[a-z0-9_]+]] = %c0{{.*}} to %c3{{.*}} step %c2
// CHECK:     %[[NEXT:.*]] = arith.addi %[[G]], %c2
// CHECK:     %[[END:.*]] = arith.minsi %[[NEXT]], %c3
// CHECK:     scf.for %[[R:[a-z0-9_]+]] = %c0{{.*}} to %c64{{.*}} step %c2
// CHECK:       scf.for %[[T:[a-z0-9_]+]] = %[[G]] to %[[END]] step %c1
// CHECK:         vector.transfer_read {{.*}} {in_bounds = [false, true]} : tensor<130x300xf32>, vector<2x100xf32>
// CHECK:         vector.transfer_write {{.*}}[%{{.*}}, %[[T]], %[[R]], %{{.*}}] {{.*}} : vector<2x100xf32>, tensor<3x3x64x100xf32>
// CHECK-NOT: vector.transfer_write
// CHECK-LABEL: func.func @pack_groups_knob
// CHECK:   scf.for %{{.*}} = %c0{{.*}} to %c3{{.*}} step %c2
// CHECK-LABEL: func.func @pack_groups_knob_default
// CHECK-NOT: arith.minsi
// CHECK:   scf.for %{{.*}} = %c0{{.*}} to %c64{{.*}} step %c2
// CHECK:     scf.for %{{.*}} = %c0{{.*}} to %c3{{.*}} step %c1
// CHECK: return
func.func @pack_groups(%a: tensor<130x300xf32>, %b: tensor<3x3x64x100xf32>) -> tensor<3x3x64x100xf32> {
  %z = arith.constant 0.0 : f32
  %r = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [64, 100] into %b : tensor<130x300xf32> -> tensor<3x3x64x100xf32>
  return %r : tensor<3x3x64x100xf32>
}
func.func @pack_groups_knob(%a: tensor<130x300xf32>, %b: tensor<3x3x64x100xf32>) -> tensor<3x3x64x100xf32> {
  %z = arith.constant 0.0 : f32
  %r = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [64, 100] into %b : tensor<130x300xf32> -> tensor<3x3x64x100xf32>
  return %r : tensor<3x3x64x100xf32>
}
func.func @pack_groups_knob_default(%a: tensor<130x300xf32>, %b: tensor<3x3x64x100xf32>) -> tensor<3x3x64x100xf32> {
  %z = arith.constant 0.0 : f32
  %r = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [64, 100] into %b : tensor<130x300xf32> -> tensor<3x3x64x100xf32>
  return %r : tensor<3x3x64x100xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "pack_groups"} in %root : (!transform.any_op) -> !transform.any_op
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "pack_groups_knob"} in %root : (!transform.any_op) -> !transform.any_op
    %f3 = transform.structured.match ops{["func.func"]} attributes{sym_name = "pack_groups_knob_default"} in %root : (!transform.any_op) -> !transform.any_op
    %p1 = transform.structured.match ops{["linalg.pack"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %p2 = transform.structured.match ops{["linalg.pack"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %p3 = transform.structured.match ops{["linalg.pack"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %l1 = transform.regtile.pack_unpack_to_tile_copies %p1 {arch = "znver4", tiles_per_group = 2} : (!transform.any_op) -> !transform.any_op
    %k = transform.tune.knob<"tiles_per_group"> = 2 from options = [0, 2] -> !transform.param<i64>
    %l2 = transform.regtile.pack_unpack_to_tile_copies %p2 tiles_per_group = %k {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    %z = transform.param.constant 0 : i64 -> !transform.param<i64>
    %l3 = transform.regtile.pack_unpack_to_tile_copies %p3 tiles_per_group = %z {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

// Groups of tiles on a wider source: tiles_per_group = 8 takes the 32
// tiles along each tile row 8 at a time; tiles_per_group = 1 is tile by
// tile (a loop over the tiles, the tile's row groups inside).
// (A 16-row tile fits in the registers: its two groups of 8 rows are
// straight-line code, each a loop over the tiles of the group.)
// CHECK-LABEL: func.func @pack_groups_of_8
// CHECK: scf.for
// CHECK:   scf.for %[[G:[a-z0-9_]+]] = %c0{{.*}} to %c32{{.*}} step %c8
// CHECK:     %[[END:.*]] = arith.minsi %{{.*}}, %c32
// CHECK:     scf.for %[[T0:[a-z0-9_]+]] = %[[G]] to %[[END]] step %c1
// CHECK:       vector.transfer_read {{.*}} : tensor<64x1024xf32>, vector<8x32xf32>
// CHECK:       vector.transfer_write {{.*}}[%{{.*}}, %[[T0]], %c0{{.*}}, %c0{{.*}}]
// CHECK:     scf.for %[[T1:[a-z0-9_]+]] = %[[G]] to %[[END]] step %c1
// CHECK:       vector.transfer_read {{.*}} : tensor<64x1024xf32>, vector<8x32xf32>
// CHECK:       vector.transfer_write {{.*}}[%{{.*}}, %[[T1]], %c8{{.*}}, %c0{{.*}}]
// CHECK-LABEL: func.func @pack_groups_of_1
// CHECK-NOT: arith.minsi
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c4{{.*}} step %c1
// CHECK:   scf.for %[[T:[a-z0-9_]+]] = %c0{{.*}} to %c32{{.*}} step %c1
// CHECK:     vector.transfer_write {{.*}}[%{{.*}}, %[[T]], %c0{{.*}}, %c0{{.*}}] {{.*}} : vector<8x32xf32>
// CHECK:     vector.transfer_write {{.*}}[%{{.*}}, %[[T]], %c8{{.*}}, %c0{{.*}}] {{.*}} : vector<8x32xf32>
// CHECK-NOT: arith.minsi
// CHECK: return
func.func @pack_groups_of_8(%s: tensor<64x1024xf32>, %d: tensor<4x32x16x32xf32>) -> tensor<4x32x16x32xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<64x1024xf32> -> tensor<4x32x16x32xf32>
  return %p : tensor<4x32x16x32xf32>
}
func.func @pack_groups_of_1(%s: tensor<64x1024xf32>, %d: tensor<4x32x16x32xf32>) -> tensor<4x32x16x32xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<64x1024xf32> -> tensor<4x32x16x32xf32>
  return %p : tensor<4x32x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "pack_groups_of_8"} in %root : (!transform.any_op) -> !transform.any_op
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "pack_groups_of_1"} in %root : (!transform.any_op) -> !transform.any_op
    %p1 = transform.structured.match ops{["linalg.pack"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %p2 = transform.structured.match ops{["linalg.pack"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %l1 = transform.regtile.pack_unpack_to_tile_copies %p1 {arch = "znver4", tiles_per_group = 8} : (!transform.any_op) -> !transform.any_op
    %l2 = transform.regtile.pack_unpack_to_tile_copies %p2 {arch = "znver4", tiles_per_group = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A smaller register budget: max_registers = 4 moves the 16x32 f32 tile of
// @pack_rows in blocks of 2 rows (2 registers per row), 8 blocks per tile.
// CHECK-LABEL: func.func @pack_rows_budget
// CHECK-COUNT-8: vector.transfer_read {{.*}} : tensor<64x128xf32>, vector<2x32xf32>
// CHECK-NOT: vector.transfer_read
func.func @pack_rows_budget(%s: tensor<64x128xf32>, %d: tensor<4x4x16x32xf32>) -> tensor<4x4x16x32xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<64x128xf32> -> tensor<4x4x16x32xf32>
  return %p : tensor<4x4x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p {arch = "znver4", max_registers = 4} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The same budget from a parameter (a tuning knob): blocks of 4 rows with
// max_registers = 8; 0 keeps the default (half of znver4's 32: blocks of
// 8 rows, 2 per tile).
// CHECK-LABEL: func.func @pack_rows_knob
// CHECK-COUNT-4: vector.transfer_read {{.*}} : tensor<64x128xf32>, vector<4x32xf32>
// CHECK-NOT: vector.transfer_read {{.*}} vector<4x32xf32>
// CHECK-LABEL: func.func @pack_rows_knob_default
// CHECK-COUNT-2: vector.transfer_read {{.*}} : tensor<64x128xf32>, vector<8x32xf32>
// CHECK-NOT: vector.transfer_read
func.func @pack_rows_knob(%s: tensor<64x128xf32>, %d: tensor<4x4x16x32xf32>) -> tensor<4x4x16x32xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<64x128xf32> -> tensor<4x4x16x32xf32>
  return %p : tensor<4x4x16x32xf32>
}
func.func @pack_rows_knob_default(%s: tensor<64x128xf32>, %d: tensor<4x4x16x32xf32>) -> tensor<4x4x16x32xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 32] into %d : tensor<64x128xf32> -> tensor<4x4x16x32xf32>
  return %p : tensor<4x4x16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "pack_rows_knob"} in %root : (!transform.any_op) -> !transform.any_op
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "pack_rows_knob_default"} in %root : (!transform.any_op) -> !transform.any_op
    %p1 = transform.structured.match ops{["linalg.pack"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %p2 = transform.structured.match ops{["linalg.pack"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %k = transform.tune.knob<"max_registers"> = 8 from options = [0, 8, 16] -> !transform.param<i64>
    %l1 = transform.regtile.pack_unpack_to_tile_copies %p1 max_registers = %k {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    %z = transform.param.constant 0 : i64 -> !transform.param<i64>
    %l2 = transform.regtile.pack_unpack_to_tile_copies %p2 max_registers = %z {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}
