// fuse_transpose_into_tiles refuses, with the reason and a note at the
// payload op, what it cannot fuse, and leaves it unchanged: a handle to an
// op that is no transpose, a transpose of a value no loop makes, of a
// nest whose tiles are written under an scf.if (the versions of a tile
// loop), and of a collapse_shape not expanded back.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// expected-note @below {{payload op}}
func.func @not_transpose() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg.transpose, got 'func.func'}}
    %l = transform.regtile.fuse_transpose_into_tiles %f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @no_loop(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  // expected-note @below {{payload op}}
  %t = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  return %t : tensor<8x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["linalg.transpose"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fuse the transpose: the transposed value is not the result of an scf.for or scf.forall}}
    %l = transform.regtile.fuse_transpose_into_tiles %t : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @versioned_tiles(%x: tensor<4x8xf32>, %p: i1) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4x8xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %e) -> (tensor<4x8xf32>) {
    %row = tensor.extract_slice %x[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    %v = scf.if %p -> (tensor<4x8xf32>) {
      %ins = tensor.insert_slice %row into %a[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
      scf.yield %ins : tensor<4x8xf32>
    } else {
      scf.yield %a : tensor<4x8xf32>
    }
    scf.yield %v : tensor<4x8xf32>
  }
  %e2 = tensor.empty() : tensor<8x4xf32>
  // expected-note @below {{payload op}}
  %t = linalg.transpose ins(%r : tensor<4x8xf32>) outs(%e2 : tensor<8x4xf32>) permutation = [1, 0]
  return %t : tensor<8x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["linalg.transpose"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fuse the transpose: the loops do not write the transposed value by tiles of an innermost scf.for (tensor.insert_slice into its iter_arg)}}
    %l = transform.regtile.fuse_transpose_into_tiles %t : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_expanded(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.empty() : tensor<4x6xf32>
  // expected-note @below {{payload op}}
  %t = linalg.transpose ins(%c : tensor<6x4xf32>) outs(%e : tensor<4x6xf32>) permutation = [1, 0]
  return %t : tensor<4x6xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["linalg.transpose"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fuse the transpose: the transpose of a collapse_shape is not expanded back}}
    %l = transform.regtile.fuse_transpose_into_tiles %t : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
