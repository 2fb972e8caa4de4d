// RUN: %regtile-opt %s -transform-interpreter -split-input-file | FileCheck %s

// Reads of a padded 1-D image of 8 pixels x 16 channels (padding 1 on each
// side of the pixel dim) at a constant pixel in the padding, at pixels the
// loop's bounds keep inside, and at pixels that may be either: the first
// is the padding value, the second a read of the source, the third a
// clamped read and a select; the pad is gone.
// CHECK-LABEL: func.func @reads(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<8x16xf32>
//   CHECK-NOT:   tensor.pad
//       CHECK:   %[[PADDING:.*]] = vector.broadcast
//       CHECK:   scf.for %[[I:.*]] = %c1 to %c9
//       CHECK:     %[[IN:.*]] = affine.apply #{{.*}}()[%[[I]]]
//   CHECK-NOT:     arith.select
//       CHECK:     vector.transfer_read %[[X]][%[[IN]], %{{.*}}]
//       CHECK:   scf.for %[[J:.*]] = %c0 to %c10
//   CHECK-DAG:     arith.cmpi slt
//   CHECK-DAG:     arith.cmpi sge
//       CHECK:     arith.minsi
//       CHECK:     %[[CLAMPED:.*]] = arith.maxsi
//       CHECK:     %[[R:.*]] = vector.transfer_read %[[X]][%[[CLAMPED]], %{{.*}}]
//       CHECK:     arith.select %{{.*}}, %[[R]], %{{.*}} : vector<16xf32>
//   CHECK-NOT:   tensor.pad
//       CHECK:   return %[[PADDING]]
func.func @reads(%x: tensor<8x16xf32>, %acc: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<8x16xf32> to tensor<10x16xf32>
  %edge = vector.transfer_read %p[%c0, %c0], %zero {in_bounds = [true]} : tensor<10x16xf32>, vector<16xf32>
  %in = scf.for %i = %c1 to %c9 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %s = tensor.extract_slice %p[%i, 0] [1, 16] [1, 1] : tensor<10x16xf32> to tensor<1x16xf32>
    %v = vector.transfer_read %s[%c0, %c0], %zero {in_bounds = [true]} : tensor<1x16xf32>, vector<16xf32>
    %n = arith.addf %a, %v : vector<16xf32>
    scf.yield %n : vector<16xf32>
  }
  %any = scf.for %j = %c0 to %c10 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %v = vector.transfer_read %p[%j, %c0], %zero {in_bounds = [true]} : tensor<10x16xf32>, vector<16xf32>
    %n = arith.addf %a, %v : vector<16xf32>
    scf.yield %n : vector<16xf32>
  }
  return %edge, %in, %any : vector<16xf32>, vector<16xf32>, vector<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.regtile.fold_padding_into_reads %pad : !transform.any_op
    transform.yield
  }
}

// -----

// Reads past the channels of a block (a slice of 12 of 20 channels, read
// by 16 lanes; a read of the padded tensor itself, masked, past its 20
// channels): the new reads of the source, which holds more channels, mask
// the lanes past the block or the tensor (in bounds, then), with the
// read's own mask. A read in the padding is the pad value on the lanes the
// read keeps and its own padding (0.25) on the others.
// CHECK-LABEL: func.func @out_of_bounds(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<8x20xf32>, %[[C:[^:]*]]: index, %[[M:[^:]*]]: vector<16xi1>
//   CHECK-NOT:   tensor.pad
//       CHECK:   %[[Q:.*]] = arith.constant 2.500000e-01 : f32
//       CHECK:   %[[N:.*]] = affine.min
//       CHECK:   %[[H:.*]] = arith.constant 5.000000e-01 : f32
//       CHECK:   %[[BLOCK:.*]] = vector.create_mask %[[N]] : vector<16xi1>
//       CHECK:   %[[PADV:.*]] = vector.broadcast %[[H]]
//       CHECK:   %[[QV:.*]] = vector.broadcast %[[Q]]
//       CHECK:   %[[EDGE:.*]] = arith.select %[[BLOCK]], %[[PADV]], %[[QV]] : vector<16xi1>, vector<16xf32>
//       CHECK:   scf.for %[[I:.*]] = %c1 to %c9
//       CHECK:     %[[BLOCK2:.*]] = vector.create_mask %[[N]] : vector<16xi1>
//       CHECK:     %[[IN:.*]] = affine.apply #{{.*}}()[%[[I]]]
//       CHECK:     vector.transfer_read %[[X]][%[[IN]], %[[C]]], %[[Q]], %[[BLOCK2]] {in_bounds = [true]}
//       CHECK:     %[[LEFT:.*]] = affine.apply #{{.*}}()[%[[C]]]
//       CHECK:     %[[TAIL:.*]] = vector.create_mask %[[LEFT]] : vector<16xi1>
//       CHECK:     %[[BOTH:.*]] = arith.andi %[[TAIL]], %[[M]] : vector<16xi1>
//       CHECK:     vector.transfer_read %[[X]][%{{.*}}, %[[C]]], %[[Q]], %[[BOTH]] {in_bounds = [true]}
//   CHECK-NOT:   tensor.pad
//       CHECK:   return %[[EDGE]]
func.func @out_of_bounds(%x: tensor<8x20xf32>, %c: index, %m: vector<16xi1>, %acc: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %half : f32
  } : tensor<8x20xf32> to tensor<10x20xf32>
  %n = affine.min affine_map<(d0) -> (20 - d0, 12)>(%c)
  %first = tensor.extract_slice %p[0, %c] [1, %n] [1, 1] : tensor<10x20xf32> to tensor<1x?xf32>
  %edge = vector.transfer_read %first[%c0, %c0], %quarter : tensor<1x?xf32>, vector<16xf32>
  %in = scf.for %i = %c1 to %c9 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %s = tensor.extract_slice %p[%i, %c] [1, %n] [1, 1] : tensor<10x20xf32> to tensor<1x?xf32>
    %v = vector.transfer_read %s[%c0, %c0], %quarter : tensor<1x?xf32>, vector<16xf32>
    %w = vector.transfer_read %p[%i, %c], %quarter, %m : tensor<10x20xf32>, vector<16xf32>
    %a1 = arith.addf %a, %v : vector<16xf32>
    %a2 = arith.addf %a1, %w : vector<16xf32>
    scf.yield %a2 : vector<16xf32>
  }
  return %edge, %in : vector<16xf32>, vector<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.regtile.fold_padding_into_reads %pad : !transform.any_op
    transform.yield
  }
}
