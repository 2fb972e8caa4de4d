// RUN: %regtile-opt %s -transform-interpreter | FileCheck %s

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
