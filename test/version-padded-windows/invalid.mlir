// transform.regtile.version_padded_windows refuses what it cannot version,
// with a silenceable error naming why, and leaves the payload as it was.
// RUN: %regtile-opt %s --split-input-file -transform-interpreter -verify-diagnostics | FileCheck %s

// Not a loop.
func.func @not_a_loop() {
  // expected-note @below {{payload op}}
  %c = arith.constant 0 : index
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["arith.constant"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an scf.for, got 'arith.constant'}}
    transform.regtile.version_padded_windows %c : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// A strided window: the failure suppressed, the loop as it was; the
// schedule goes on.
// CHECK-LABEL: func.func @strided(
//   CHECK-NOT:   scf.if
//       CHECK:   tensor.extract_slice %{{.*}}[%{{.*}}] [2] [2]
// expected-remark @below {{schedule went on}}
func.func @strided(%x: tensor<12xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %p = tensor.pad %x low[2] high[2] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<12xf32> to tensor<16xf32>
  %r = scf.for %i = %c0 to %c12 step %c4 iter_args(%acc = %y) -> (tensor<2xf32>) {
    %w = tensor.extract_slice %p[%i] [2] [2] : tensor<16xf32> to tensor<2xf32>
    %s = linalg.add ins(%w, %acc : tensor<2xf32>, tensor<2xf32>) outs(%acc : tensor<2xf32>) -> tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      transform.regtile.version_padded_windows %l : (!transform.any_op) -> ()
    }
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %func, "schedule went on" : !transform.any_op
    transform.yield
  }
}

// -----

func.func @strided_error(%x: tensor<12xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %p = tensor.pad %x low[2] high[2] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<12xf32> to tensor<16xf32>
  // expected-note @below {{payload op}}
  %r = scf.for %i = %c0 to %c12 step %c4 iter_args(%acc = %y) -> (tensor<2xf32>) {
    %w = tensor.extract_slice %p[%i] [2] [2] : tensor<16xf32> to tensor<2xf32>
    %s = linalg.add ins(%w, %acc : tensor<2xf32>, tensor<2xf32>) outs(%acc : tensor<2xf32>) -> tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot version the loop's padded windows: a window of the padded tensor is rank-reducing or strided}}
    transform.regtile.version_padded_windows %l : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// A window that moves in a loop of the body: one version per iteration of
// the outer loop cannot say where it is.
func.func @moves_inside(%x: tensor<12xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %p = tensor.pad %x low[2] high[2] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<12xf32> to tensor<16xf32>
  // expected-note @below {{payload op}}
  %r = scf.for %i = %c0 to %c8 step %c2 iter_args(%acc = %y) -> (tensor<4xf32>) {
    %in = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (tensor<4xf32>) {
      %o = arith.addi %i, %j : index
      %w = tensor.extract_slice %p[%o] [4] [1] : tensor<16xf32> to tensor<4xf32>
      %s = linalg.add ins(%w, %acc2 : tensor<4xf32>, tensor<4xf32>) outs(%acc2 : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    scf.yield %in : tensor<4xf32>
  } {outer}
  return %r : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %outer = transform.structured.match ops{["scf.for"]} attributes{outer} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot version the loop's padded windows: a window's position along a padded dim moves inside the loop's body (it depends on a nested loop)}}
    transform.regtile.version_padded_windows %outer : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// A tiled pad's guard whose source slice starts at a position computed in
// the guard: not known before the loop.
func.func @late_source(%x: tensor<12xf32>, %y: tensor<2xf32>, %a: index,
                       %c: i1) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %g = scf.if %c -> (tensor<6xf32>) {
    %gen = tensor.generate {
    ^bb0(%i: index):
      tensor.yield %zero : f32
    } : tensor<6xf32>
    scf.yield %gen : tensor<6xf32>
  } else {
    %o = arith.addi %a, %c2 : index
    %s = tensor.extract_slice %x[%o] [4] [1] : tensor<12xf32> to tensor<4xf32>
    %pd = tensor.pad %s low[1] high[1] {
    ^bb0(%i: index):
      tensor.yield %zero : f32
    } : tensor<4xf32> to tensor<6xf32>
    scf.yield %pd : tensor<6xf32>
  }
  // expected-note @below {{payload op}}
  %r = scf.for %i = %c0 to %c6 step %c2 iter_args(%acc = %y) -> (tensor<2xf32>) {
    %w = tensor.extract_slice %g[%i] [2] [1] : tensor<6xf32> to tensor<2xf32>
    %s = linalg.add ins(%w, %acc : tensor<2xf32>, tensor<2xf32>) outs(%acc : tensor<2xf32>) -> tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot version the loop's padded windows: the padded tensor's source, position, padding or padding value is not known before the loop}}
    transform.regtile.version_padded_windows %l : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{expected one result per handle in `clones`, got 2 for 1}}
    %a, %b = transform.regtile.version_padded_windows %root clones(%root)
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
