// RUN: %regtile-opt %s -transform-interpreter -split-input-file -verify-diagnostics

func.func @not_a_pad(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @below {{payload op}}
  %e = tensor.empty() : tensor<8x16xf32>
  return %e : tensor<8x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %e = transform.structured.match ops{["tensor.empty"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a tensor.pad, got 'tensor.empty'}}
    transform.regtile.fold_padding_into_reads %e : !transform.any_op
    transform.yield
  }
}

// -----

// A padded tensor a linalg op reads whole: nothing to fold into.
func.func @used_by_linalg(%x: tensor<8x16xf32>) -> tensor<10x16xf32> {
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<8x16xf32> to tensor<10x16xf32>
  %e = tensor.empty() : tensor<10x16xf32>
  %c = linalg.copy ins(%p : tensor<10x16xf32>) outs(%e : tensor<10x16xf32>) -> tensor<10x16xf32>
  return %c : tensor<10x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fold the padding into the reads: the padded tensor is used by 'linalg.copy', not a slice, a vector.transfer_read or a tensor.extract}}
    transform.regtile.fold_padding_into_reads %pad : !transform.any_op
    transform.yield
  }
}

// -----

// A vector along the padded dim: its lanes would need one test each.
func.func @vector_along_padded_dim(%x: tensor<8x16xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<8x16xf32> to tensor<10x16xf32>
  %v = vector.transfer_read %p[%c0, %c0], %zero
      {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>}
      : tensor<10x16xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fold the padding into the reads: a read's vector spans a padded dim}}
    transform.regtile.fold_padding_into_reads %pad : !transform.any_op
    transform.yield
  }
}

// -----

// A read inside a vector.mask region: the region holds the one read, not
// the ops that replace it.
func.func @in_mask_region(%x: tensor<8x5xf32>, %m: vector<16xi1>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<8x5xf32> to tensor<10x5xf32>
  %v = vector.mask %m {
    vector.transfer_read %p[%c0, %c0], %zero : tensor<10x5xf32>, vector<16xf32>
  } : vector<16xi1> -> vector<16xf32>
  return %v : vector<16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fold the padding into the reads: a read of the padded tensor is inside a vector.mask region}}
    transform.regtile.fold_padding_into_reads %pad : !transform.any_op
    transform.yield
  }
}

// -----

// An out-of-bounds read along unpadded dims, transposed: its lanes past the
// source would need a transposed mask.
func.func @transposed_out_of_bounds(%x: tensor<8x5x3xf32>) -> vector<4x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{payload op}}
  %p = tensor.pad %x low[1, 0, 0] high[1, 0, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<8x5x3xf32> to tensor<10x5x3xf32>
  %v = vector.transfer_read %p[%c0, %c0, %c0], %zero
      {permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>}
      : tensor<10x5x3xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fold the padding into the reads: a masked or out-of-bounds read of the padded tensor is transposed or broadcast}}
    transform.regtile.fold_padding_into_reads %pad : !transform.any_op
    transform.yield
  }
}

// -----

// With skip_with_warning, a pad it cannot fold is left as it is, with a
// warning saying why.
func.func @skipped(%x: tensor<8x16xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-warning @below {{cannot fold the padding into the reads: a read's vector spans a padded dim}}
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<8x16xf32> to tensor<10x16xf32>
  %v = vector.transfer_read %p[%c0, %c0], %zero
      {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>}
      : tensor<10x16xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-note @below {{skipped by this transform op}}
    transform.regtile.fold_padding_into_reads %pad {skip_with_warning} : !transform.any_op
    transform.yield
  }
}
