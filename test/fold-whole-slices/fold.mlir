// fold_whole_slices: an extract_slice of its whole source and an
// insert_slice over its whole destination fold to the source, with dynamic
// sizes that are the same values or provably equal; partial ones stay.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @whole(
// CHECK-SAME: %[[T:[^:]*]]: tensor<?x200xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[R:.*]] = linalg.fill ins(%{{.*}}) outs(%[[T]] : tensor<?x200xf32>)
// CHECK: return %[[R]]
func.func @whole(%t: tensor<?x200xf32>) -> tensor<?x200xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?x200xf32>
  %e = tensor.extract_slice %t[0, 0] [%n, 200] [1, 1] : tensor<?x200xf32> to tensor<?x200xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x200xf32>) -> tensor<?x200xf32>
  %i = tensor.insert_slice %f into %t[0, 0] [%n, 200] [1, 1] : tensor<?x200xf32> into tensor<?x200xf32>
  return %i : tensor<?x200xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_whole_slices
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A slice of another size, or at an offset, is not the whole tensor.
// CHECK-LABEL: func.func @partial(
// CHECK: tensor.extract_slice
// CHECK: tensor.insert_slice
func.func @partial(%t: tensor<?x200xf32>, %m: index, %o: index) -> tensor<?x200xf32> {
  %e = tensor.extract_slice %t[0, 0] [%m, 200] [1, 1] : tensor<?x200xf32> to tensor<?x200xf32>
  %i = tensor.insert_slice %e into %t[%o, 0] [%m, 200] [1, 1] : tensor<?x200xf32> into tensor<?x200xf32>
  return %i : tensor<?x200xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.fold_whole_slices
    } : !transform.any_op
    transform.yield
  }
}
