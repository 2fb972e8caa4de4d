// fuse_transpose_into_tiles moves a transpose of a tiled nest's result into
// the innermost tile loop: each tile is read back and written transposed
// (a vector.transpose between identity transfers, masked where the tile
// may be smaller) into the transpose's output, threaded through the loops.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -canonicalize -cse | FileCheck %s
// RUN: %regtile-opt %s -split-input-file -transform-interpreter | FileCheck %s --check-prefix=LOOP

// The form convert_to_channels_last leaves: an NHWC result, collapsed,
// transposed [0, 2, 1], expanded back; the nest an scf.forall over channel
// blocks with an scf.for over rows. The reshapes fold into a 4-D
// permutation [0, 3, 1, 2] of each 1 x 1 x 7 x 32 tile.
// CHECK-LABEL: func.func @forall_for
//   CHECK-NOT:   linalg.transpose
//       CHECK:   %[[OUT:.*]] = tensor.empty() : tensor<1x64x7x7xf32>
//       CHECK:   scf.forall (%[[C:.*]]) = (0) to (64) step (32) shared_outs(%[[SH:.*]] = %[[OUT]])
//       CHECK:     %[[PIECE:.*]] = tensor.extract_slice %[[SH]][0, %[[C]], 0, 0] [1, 32, 7, 7]
//       CHECK:     scf.for %[[H:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[ACC:.*]] = %[[PIECE]])
//       CHECK:       %[[TILE:.*]] = tensor.extract_slice %{{.*}}[0, %[[H]], 0, %[[C]]] [1, 1, 7, 32]
//       CHECK:       %[[DST:.*]] = tensor.extract_slice %[[ACC]][0, 0, %[[H]], 0] [1, 32, 1, 7]
//       CHECK:       %[[V:.*]] = vector.transfer_read %[[TILE]]{{.*}} : tensor<1x1x7x32xf32>, vector<1x1x7x32xf32>
//       CHECK:       %[[T:.*]] = vector.transpose %[[V]], [0, 3, 1, 2] : vector<1x1x7x32xf32> to vector<1x32x1x7xf32>
//       CHECK:       %[[W:.*]] = vector.transfer_write %[[T]], %[[DST]]
//       CHECK:       tensor.insert_slice %[[W]] into %[[ACC]][0, 0, %[[H]], 0] [1, 32, 1, 7]
//       CHECK:     scf.forall.in_parallel
//       CHECK:       tensor.parallel_insert_slice %{{.*}} into %[[SH]][0, %[[C]], 0, 0] [1, 32, 7, 7]
//   CHECK-NOT:   linalg.transpose
//       CHECK:   return
func.func @forall_for(%x: tensor<1x7x7x64xf32>) -> tensor<1x64x7x7xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %r = scf.forall (%i) = (0) to (64) step (32) shared_outs(%o = %e) -> (tensor<1x7x7x64xf32>) {
    %os = tensor.extract_slice %o[0, 0, 0, %i] [1, 7, 7, 32] [1, 1, 1, 1] : tensor<1x7x7x64xf32> to tensor<1x7x7x32xf32>
    %l = scf.for %h = %c0 to %c7 step %c1 iter_args(%a = %os) -> (tensor<1x7x7x32xf32>) {
      %xs = tensor.extract_slice %x[0, %h, 0, %i] [1, 1, 7, 32] [1, 1, 1, 1] : tensor<1x7x7x64xf32> to tensor<1x1x7x32xf32>
      %ins = tensor.insert_slice %xs into %a[0, %h, 0, 0] [1, 1, 7, 32] [1, 1, 1, 1] : tensor<1x1x7x32xf32> into tensor<1x7x7x32xf32>
      scf.yield %ins : tensor<1x7x7x32xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %l into %o[0, 0, 0, %i] [1, 7, 7, 32] [1, 1, 1, 1] : tensor<1x7x7x32xf32> into tensor<1x7x7x64xf32>
    }
  }
  %c = tensor.collapse_shape %r [[0], [1, 2], [3]] : tensor<1x7x7x64xf32> into tensor<1x49x64xf32>
  %e2 = tensor.empty() : tensor<1x64x49xf32>
  %t = linalg.transpose ins(%c : tensor<1x49x64xf32>) outs(%e2 : tensor<1x64x49xf32>) permutation = [0, 2, 1]
  %y = tensor.expand_shape %t [[0], [1], [2, 3]] output_shape [1, 64, 7, 7] : tensor<1x64x49xf32> into tensor<1x64x7x7xf32>
  return %y : tensor<1x64x7x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["linalg.transpose"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.fuse_transpose_into_tiles %t : (!transform.any_op) -> !transform.any_op
    transform.annotate %l "fused" : !transform.any_op
    transform.yield
  }
}
// The handle returned: the loop holding the tile's transposed copy.
// LOOP-LABEL: func.func @forall_for
//       LOOP:   scf.forall
//       LOOP:     scf.for
//       LOOP:       vector.transpose
//       LOOP:     } {fused}
//       LOOP:     scf.forall.in_parallel

// -----

// A 4-D transpose of the result of an scf.for nest (tile_using_for's), the
// channel tiles of 32 over 70 channels: the last is 6 wide, so the
// transfers of the 32-wide vector are masked by the tile's sizes.
// CHECK-LABEL: func.func @for_for_masked
//       CHECK:   scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[O:.*]] = %{{.*}})
//       CHECK:     %[[N:.*]] = affine.min
//       CHECK:     scf.for %[[H:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[ACC:.*]] = %[[O]])
//       CHECK:       %[[RM:.*]] = vector.create_mask %{{.*}}, %{{.*}}, %{{.*}}, %[[N]] : vector<1x1x5x32xi1>
//       CHECK:       vector.transfer_read {{.*}}, %[[RM]] {in_bounds = [true, true, true, true]} : tensor<1x1x5x?xf32>, vector<1x1x5x32xf32>
//       CHECK:       vector.transpose %{{.*}}, [0, 3, 1, 2] : vector<1x1x5x32xf32> to vector<1x32x1x5xf32>
//       CHECK:       %[[WM:.*]] = vector.create_mask %{{.*}}, %[[N]], %{{.*}}, %{{.*}} : vector<1x32x1x5xi1>
//       CHECK:       vector.transfer_write {{.*}}, %[[WM]] {in_bounds = [true, true, true, true]} : vector<1x32x1x5xf32>, tensor<1x?x1x5xf32>
//   CHECK-NOT:   linalg.transpose
//       CHECK:   return
#min = affine_map<(d0) -> (-d0 + 70, 32)>
func.func @for_for_masked(%x: tensor<1x3x5x70xf32>) -> tensor<1x70x3x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c70 = arith.constant 70 : index
  %e = tensor.empty() : tensor<1x3x5x70xf32>
  %r = scf.for %i = %c0 to %c70 step %c32 iter_args(%o = %e) -> (tensor<1x3x5x70xf32>) {
    %n = affine.min #min(%i)
    %l = scf.for %h = %c0 to %c3 step %c1 iter_args(%a = %o) -> (tensor<1x3x5x70xf32>) {
      %xs = tensor.extract_slice %x[0, %h, 0, %i] [1, 1, 5, %n] [1, 1, 1, 1] : tensor<1x3x5x70xf32> to tensor<1x1x5x?xf32>
      %ins = tensor.insert_slice %xs into %a[0, %h, 0, %i] [1, 1, 5, %n] [1, 1, 1, 1] : tensor<1x1x5x?xf32> into tensor<1x3x5x70xf32>
      scf.yield %ins : tensor<1x3x5x70xf32>
    }
    scf.yield %l : tensor<1x3x5x70xf32>
  }
  %e2 = tensor.empty() : tensor<1x70x3x5xf32>
  %y = linalg.transpose ins(%r : tensor<1x3x5x70xf32>) outs(%e2 : tensor<1x70x3x5xf32>) permutation = [0, 3, 1, 2]
  return %y : tensor<1x70x3x5xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["linalg.transpose"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.fuse_transpose_into_tiles %t : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
