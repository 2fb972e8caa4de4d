// distribute_over_threads: the thread count read from the OpenMP runtime,
// capped by the work, the grid of pieces searched at run time, the op tiled
// by an scf.forall whose steps are whole grains.
// RUN: %regtile-opt %s -split-input-file -transform-interpreter -canonicalize -cse | FileCheck %s

// A GEMM's rows and columns in register tiles (6 x 16), K not split: the
// runtime's count, at most one thread per 256 points here, a loop over the
// threads of the first dim (the second takes the rest), pieces of
// ceil(tiles / threads) tiles.
// CHECK-DAG: func.func private @omp_in_parallel() -> i32
// CHECK-DAG: func.func private @omp_get_max_threads() -> i32
// CHECK-LABEL: func.func @matmul(
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[RAW:.*]] = call @omp_get_max_threads() : () -> i32
// One thread in a piece of an enclosing thread loop (a nested region would
// run on one thread):
// CHECK: %[[IN:.*]] = call @omp_in_parallel() : () -> i32
// CHECK: %[[NESTED:.*]] = arith.cmpi ne, %[[IN]], %{{.*}} : i32
// CHECK: %[[SEL:.*]] = arith.select %[[NESTED]], %{{.*}}, %[[RAW]] : i32
// CHECK: %[[T:.*]] = arith.index_cast %[[SEL]] : i32 to index
// 37 * 53 * 29 points / 256 = 222 threads at most:
// CHECK: %[[CAP:.*]] = arith.minui %[[T]], %{{.*}} : index
// CHECK: %[[TEFF:.*]] = arith.maxui %[[CAP]], %{{.*}} : index
// CHECK: %[[BEST:.*]]:3 = scf.for %[[TM:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK:   %[[LEFT:.*]] = arith.divui %[[TEFF]], %[[TM]] : index
// CHECK:   %[[TN:.*]] = arith.minui %[[LEFT]], %[[C4]] : index
// CHECK:   arith.ceildivui %[[C7]], %[[TM]]
// CHECK:   arith.ceildivui %[[C4]], %[[TN]]
// CHECK:   arith.cmpi ult
// CHECK: %[[PM:.*]] = arith.ceildivui %[[C7]], %[[BEST]]#1 : index
// CHECK: %[[SM:.*]] = arith.muli %[[PM]], %[[C6]] : index
// CHECK: %[[PN:.*]] = arith.ceildivui %[[C4]], %[[BEST]]#2 : index
// CHECK: %[[SN:.*]] = arith.muli %[[PN]], %[[C16]] : index
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (37, 53) step (%[[SM]], %[[SN]]) shared_outs(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x29xf32>, tensor<29x?xf32>) outs(%{{.*}} : tensor<?x?xf32>)
// CHECK: tensor.parallel_insert_slice
func.func @matmul(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>, %c: tensor<37x53xf32>) -> tensor<37x53xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<37x29xf32>, tensor<29x53xf32>) outs(%c : tensor<37x53xf32>) -> tensor<37x53xf32>
  return %r : tensor<37x53xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %mr = transform.param.constant 6 : i64 -> !transform.param<i64>
    %piece, %forall = transform.regtile.distribute_over_threads %mm grains [%mr, 16, 0] {min_points_per_thread = 256}
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A fixed thread count and one distributed loop: everything folds to
// constants (3 threads, 100 rows in grains of 8: 13 grains, 5 per thread,
// pieces of 40 rows: 3 iterations). No call to the runtime.
// CHECK-LABEL: func.func @fixed(
// CHECK-NOT: call
// CHECK: scf.forall (%{{.*}}) = (0) to (100) step (40) shared_outs(
// CHECK: linalg.generic
// CHECK-SAME: tensor<?x7xf32>
func.func @fixed(%x: tensor<100x7xf32>) -> tensor<100x7xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%x : tensor<100x7xf32>) {
  ^bb0(%o: f32):
    %y = arith.mulf %o, %o : f32
    linalg.yield %y : f32
  } -> tensor<100x7xf32>
  return %r : tensor<100x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %piece, %forall = transform.regtile.distribute_over_threads %g grains [8, 0] {threads = 3, min_points_per_thread = 1}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Too little work for a second thread (700 points, at least 1000 per
// thread): one piece, the whole op (the forall of one iteration folds
// away).
// CHECK-LABEL: func.func @small(
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<100x7xf32>)
func.func @small(%x: tensor<100x7xf32>) -> tensor<100x7xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%x : tensor<100x7xf32>) {
  ^bb0(%o: f32):
    %y = arith.mulf %o, %o : f32
    linalg.yield %y : f32
  } -> tensor<100x7xf32>
  return %r : tensor<100x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %piece, %forall = transform.regtile.distribute_over_threads %g grains [8, 0] {threads = 4, min_points_per_thread = 1000}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// max_loops = 1: of rows (37 / 6: 7 grains) and columns (530 / 16: 34),
// only the columns are split; a dynamic extent counts as the most grains.
// CHECK-LABEL: func.func @widest(
// CHECK: scf.forall (%{{.*}}) = (0) to (530) step (%{{.*}}) shared_outs(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<37x29xf32>, tensor<29x?xf32>)
// CHECK-LABEL: func.func @dynamic(
// CHECK: %[[M:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: scf.forall (%{{.*}}) = (0) to (%[[M]]) step (%{{.*}}) shared_outs(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x29xf32>, tensor<29x530xf32>)
func.func @widest(%a: tensor<37x29xf32>, %b: tensor<29x530xf32>, %c: tensor<37x530xf32>) -> tensor<37x530xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<37x29xf32>, tensor<29x530xf32>) outs(%c : tensor<37x530xf32>) -> tensor<37x530xf32>
  return %r : tensor<37x530xf32>
}
func.func @dynamic(%a: tensor<?x29xf32>, %b: tensor<29x530xf32>, %c: tensor<?x530xf32>) -> tensor<?x530xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x29xf32>, tensor<29x530xf32>) outs(%c : tensor<?x530xf32>) -> tensor<?x530xf32>
  return %r : tensor<?x530xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mms = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %piece, %forall = transform.regtile.distribute_over_threads %mms grains [6, 16, 0] {max_loops = 1, min_points_per_thread = 1}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
