// FileCheck tests of transform.regtile.reduce_to_vector_accumulator.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter | FileCheck %s

// The running example of seed 001 (i8 -> i32 row sums of 384x512) on an
// AVX-512 target without VNNI (with it, see vnni.mlir): 4 accumulators x
// 16 lanes carried as one vector<64xi32> through the loop and computed in
// native vector<16xi32> pieces (in ascending address order), no tail
// (512 = 8 x 64), exactly one horizontal
// reduction per row after the loop, merged with the row's initial value.
// CHECK-LABEL: func.func @seed
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<384x512xi8>, %[[O:[a-zA-Z0-9_]+]]: tensor<384xi32>)
// CHECK-DAG: %[[C512:[a-zA-Z0-9_]+]] = arith.constant 512 : index
// CHECK-DAG: %[[C64:[a-zA-Z0-9_]+]] = arith.constant 64 : index
// CHECK-DAG: %[[ZERO:[a-zA-Z0-9_]+]] = arith.constant dense<0> : vector<64xi32>
// CHECK-NOT: vector.create_mask
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:[a-zA-Z0-9_]+]] = %[[O]]) -> (tensor<384xi32>)
// CHECK:   %[[ACC:[a-zA-Z0-9_]+]] = scf.for %[[J:[a-zA-Z0-9_]+]] = %{{.*}} to %[[C512]] step %[[C64]] iter_args(%[[V:[a-zA-Z0-9_]+]] = %[[ZERO]]) -> (vector<64xi32>)
// CHECK:     %[[X:[a-zA-Z0-9_]+]] = vector.transfer_read %[[A]][%[[I]], %[[J]]], %{{.*}} {in_bounds = [true]} : tensor<384x512xi8>, vector<64xi8>
// CHECK-COUNT-4: arith.extsi %{{.*}} : vector<16xi8> to vector<16xi32>
// CHECK-COUNT-4: arith.addi %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK:     scf.yield %{{.*}} : vector<64xi32>
// CHECK-NOT: vector.transfer_read
// CHECK:   %[[INIT:[a-zA-Z0-9_]+]] = tensor.extract %[[OUT]][%[[I]]]
// CHECK:   %[[R:[a-zA-Z0-9_]+]] = vector.reduction <add>, %[[ACC]], %[[INIT]] : vector<64xi32> into i32
// CHECK-NOT: vector.reduction
// CHECK:   tensor.insert %[[R]] into %[[OUT]][%[[I]]]
func.func @seed(%a: tensor<384x512xi8>, %o: tensor<384xi32>) -> tensor<384xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<384x512xi8>) outs(%o : tensor<384xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<384xi32>
  return %r : tensor<384xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4,-avx512vnni"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Sizes that do not divide the vector: 517 = 8 x 64 + 5, the tail is one
// masked step whose masked-off lanes contribute the identity (its mask is
// computed once). On an AVX2 target (here given on the function) the same
// op uses 8-lane vectors: 4 x 8 = 32 lanes.
// CHECK-LABEL: func.func @tail_avx2
// CHECK-DAG: %[[C512:[a-zA-Z0-9_]+]] = arith.constant 512 : index
// CHECK-DAG: %[[C32:[a-zA-Z0-9_]+]] = arith.constant 32 : index
// CHECK-DAG: %[[C5:[a-zA-Z0-9_]+]] = arith.constant 5 : index
// CHECK: %[[M:[a-zA-Z0-9_]+]] = vector.create_mask %[[C5]] : vector<32xi1>
// CHECK: %[[ACC:[a-zA-Z0-9_]+]] = scf.for %{{.*}} = %{{.*}} to %[[C512]] step %[[C32]] iter_args(%{{.*}}) -> (vector<32xi32>)
// CHECK: %[[T:[a-zA-Z0-9_]+]] = vector.transfer_read %{{.*}}[%{{.*}}, %[[C512]]], %{{.*}}, %[[M]] {in_bounds = [true]} : tensor<383x517xi8>, vector<32xi8>
// CHECK: %[[TE:[a-zA-Z0-9_]+]] = arith.extsi %[[T]]
// CHECK: %[[ID:[a-zA-Z0-9_]+]] = arith.constant dense<0> : vector<32xi32>
// CHECK: %[[SEL:[a-zA-Z0-9_]+]] = arith.select %[[M]], %[[TE]], %[[ID]]
// CHECK: %[[ALL:[a-zA-Z0-9_]+]] = arith.addi %[[SEL]], %[[ACC]]
// CHECK: vector.reduction <add>, %[[ALL]], %{{.*}} : vector<32xi32> into i32
func.func @tail_avx2(%a: tensor<383x517xi8>, %o: tensor<383xi32>) -> tensor<383xi32>
    attributes {regtile.target = "haswell"} {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<383x517xi8>) outs(%o : tensor<383xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<383xi32>
  return %r : tensor<383xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic sizes, an f32 sum allowed to reassociate by its fastmath flags:
// 8 accumulators (FP add latency) x 16 lanes, read in 8 native pieces in
// ascending order (the masked tail step stays whole), the flags carried to
// the vector ops and to the final reduction.
// CHECK-LABEL: func.func @dynamic_f32
// CHECK: %[[N:[a-zA-Z0-9_]+]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xf32>
// CHECK: %[[END:[a-zA-Z0-9_]+]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK: %[[REST:[a-zA-Z0-9_]+]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK: %[[M:[a-zA-Z0-9_]+]] = vector.create_mask %[[REST]] : vector<128xi1>
// CHECK: %[[NEG0:[a-zA-Z0-9_]+]] = arith.constant dense<-0.000000e+00> : vector<128xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[END]] step %{{.*}} iter_args(%{{.*}} = %[[NEG0]]) -> (vector<128xf32>)
// CHECK-COUNT-8: vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<?x?xf32>, vector<16xf32>
// CHECK-COUNT-8: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16xf32>
// CHECK: vector.transfer_read {{.*}}, %[[M]] {in_bounds = [true]} : tensor<?x?xf32>, vector<128xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : vector<128xf32>
// CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} fastmath<reassoc> : vector<128xf32> into f32
func.func @dynamic_f32(%a: tensor<?x?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.reduce ins(%a : tensor<?x?xf32>) outs(%o : tensor<?xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "skylake-avx512"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A batch dim and two reduction dims (on buffers): the outer reduction dim
// is a loop that carries the vector accumulator around the vectorized
// innermost one; one reduction per batch element. max needs no fastmath.
// The accumulators attribute sets the width (2 x 16).
// CHECK-LABEL: func.func @batch_two_reduction_dims
// CHECK: %[[NINF:[a-zA-Z0-9_]+]] = arith.constant dense<0xFF800000> : vector<32xf32>
// CHECK: scf.for %[[B:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[OUTER:[a-zA-Z0-9_]+]] = scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:[a-zA-Z0-9_]+]] = %[[NINF]]) -> (vector<32xf32>)
// CHECK:     scf.for %[[J:[a-zA-Z0-9_]+]] = {{.*}} iter_args(%{{.*}} = %[[A0]]) -> (vector<32xf32>)
// CHECK:       vector.transfer_read %{{.*}}[%[[B]], %[[I]], %[[J]]]
// CHECK:       arith.maximumf
// CHECK:     vector.transfer_read {{.*}}, %{{.*}}, %{{.*}} {in_bounds = [true]}
// CHECK:     scf.yield
// CHECK:   %[[INIT:[a-zA-Z0-9_]+]] = memref.load %{{.*}}[%[[B]]]
// CHECK:   %[[R:[a-zA-Z0-9_]+]] = vector.reduction <maximumf>, %[[OUTER]], %[[INIT]] : vector<32xf32> into f32
// CHECK:   memref.store %[[R]], %{{.*}}[%[[B]]]
func.func @batch_two_reduction_dims(%a: memref<4x6x100xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%a : memref<4x6x100xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4", accumulators = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dot product with a broadcast input (a per-row scale that does not depend
// on the reduction dim): the prologue is vectorized, the scale read once
// per row and broadcast; the returned handles are usable.
// CHECK-LABEL: func.func @dot_scaled
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] =
// CHECK:   scf.for
// CHECK:     %[[S:[a-zA-Z0-9_]+]] = tensor.extract %{{.*}}[%[[I]]] : tensor<8xi32>
// CHECK-COUNT-4: arith.muli {{.*}} : vector<16xi32>
// CHECK:     vector.broadcast %[[S]] : i32 to vector<16xi32>
// CHECK:     arith.muli {{.*}} : vector<16xi32>
// CHECK:     arith.addi {{.*}} : vector<16xi32>
func.func @dot_scaled(%a: tensor<8x100xi8>, %b: tensor<100xi8>, %s: tensor<8xi32>, %o: tensor<8xi32>) -> tensor<8xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b, %s : tensor<8x100xi8>, tensor<100xi8>, tensor<8xi32>) outs(%o : tensor<8xi32>) {
  ^bb0(%x: i8, %y: i8, %sc: i32, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %q = arith.muli %p, %sc : i32
    %t = arith.addi %acc, %q : i32
    linalg.yield %t : i32
  } -> tensor<8xi32>
  return %r : tensor<8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %c, "final reduction" : !transform.any_op
    transform.yield
  }
}

// -----

// Constants defined in the body become splats: `select(x * 0.5 > 0,
// x * 0.5, 0)` summed, each piece on native vectors (znver4: 4 x 16 lanes,
// LLVM's scheduling model: vaddps zmm latency 3, one per cycle: 3 chains,
// rounded up to a power of two).
// CHECK-LABEL: func.func @body_constants
// CHECK: scf.for
// CHECK:   scf.for {{.*}} -> (vector<64xf32>)
// CHECK:     %[[H:[a-zA-Z0-9_]+]] = arith.constant dense<5.000000e-01> : vector<16xf32>
// CHECK:     %[[M:[a-zA-Z0-9_]+]] = arith.mulf %{{.*}}, %[[H]] : vector<16xf32>
// CHECK:     %[[P:[a-zA-Z0-9_]+]] = arith.cmpf ogt, %[[M]], %{{.*}} : vector<16xf32>
// CHECK:     arith.select %[[P]], %[[M]], %{{.*}} : vector<16xi1>, vector<16xf32>
func.func @body_constants(%a: tensor<8x256xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x256xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %h = arith.constant 0.5 : f32
    %z = arith.constant 0.0 : f32
    %m = arith.mulf %x, %h : f32
    %p = arith.cmpf ogt, %m, %z : f32
    %s = arith.select %p, %m, %z : f32
    %t = arith.addf %s, %acc fastmath<reassoc> : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// `accumulators` from a parameter (a tuning knob): 5 x 16 lanes; 0 keeps the
// default (4 x 16 for an FP sum on znver4).
// CHECK-LABEL: func.func @accumulators_knob
// CHECK: scf.for {{.*}} -> (vector<80xf32>)
// CHECK-LABEL: func.func @accumulators_knob_default
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
func.func @accumulators_knob(%a: memref<4x1000xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
func.func @accumulators_knob_default(%a: memref<4x1000xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f1 = transform.structured.match ops{["func.func"]} attributes{sym_name = "accumulators_knob"} in %root : (!transform.any_op) -> !transform.any_op
    %f2 = transform.structured.match ops{["func.func"]} attributes{sym_name = "accumulators_knob_default"} in %root : (!transform.any_op) -> !transform.any_op
    %g1 = transform.structured.match ops{["linalg.generic"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %g2 = transform.structured.match ops{["linalg.generic"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %k = transform.tune.knob<"accumulators"> = 5 from options = [0, 1, 2, 3, 5, 8] -> !transform.param<i64>
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g1 accumulators = %k {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %d = transform.tune.knob<"accumulators2"> = 0 from options = [0, 1, 2, 3, 4, 8] -> !transform.param<i64>
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g2 accumulators = %d {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The default accumulator count of FP sums and products is latency x
// throughput of the vector instruction in LLVM's scheduling model of the
// target (at least 2), rounded up to a power of two (LLVM scalarizes loops
// carrying 3 or 6 native vectors per row when several rows are reduced
// together), at most a quarter of the registers:
//   znver5          vaddps zmm 3 cycles, 1 per cycle      -> 3 -> 4 x 16
//   icelake-server  vaddps zmm 4 cycles, 1 per cycle      -> 4 x 16
//   sapphirerapids  vaddps zmm 3 cycles, 2 per cycle      -> 6 -> 8 x 16
//   skylake-avx512  vaddps zmm 4 cycles, 2 per cycle      -> 8 x 16
//   haswell         vaddps ymm 3 cycles, 1 per cycle      -> 3 -> 4 x 8
//   haswell         vmulps ymm 5 cycles, 2 per cycle      -> 4 (16 registers / 4) x 8
// Integer sums keep 4 (one-cycle adds; memory-bound).
// CHECK-LABEL: func.func @model_znver5
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
// CHECK-LABEL: func.func @model_icelake
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
// CHECK-LABEL: func.func @model_sapphirerapids
// CHECK: scf.for {{.*}} -> (vector<128xf32>)
// CHECK-LABEL: func.func @model_skylake
// CHECK: scf.for {{.*}} -> (vector<128xf32>)
// CHECK-LABEL: func.func @model_haswell
// CHECK: scf.for {{.*}} -> (vector<32xf32>)
// CHECK-LABEL: func.func @model_haswell_mul
// CHECK: scf.for {{.*}} -> (vector<32xf32>)
// CHECK-LABEL: func.func @model_int
// CHECK: scf.for {{.*}} -> (vector<64xi32>)
func.func @model_znver5(%a: memref<4x1000xf32>, %o: memref<4xf32>) attributes {regtile.target = "znver5"} {
  linalg.reduce ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
func.func @model_icelake(%a: memref<4x1000xf32>, %o: memref<4xf32>) attributes {regtile.target = "icelake-server"} {
  linalg.reduce ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
func.func @model_sapphirerapids(%a: memref<4x1000xf32>, %o: memref<4xf32>) attributes {regtile.target = "sapphirerapids"} {
  linalg.reduce ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
func.func @model_skylake(%a: memref<4x1000xf32>, %o: memref<4xf32>) attributes {regtile.target = "skylake-avx512"} {
  linalg.reduce ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
func.func @model_haswell(%a: memref<4x1000xf32>, %o: memref<4xf32>) attributes {regtile.target = "haswell"} {
  linalg.reduce ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
func.func @model_haswell_mul(%a: memref<4x1000xf32>, %o: memref<4xf32>) attributes {regtile.target = "haswell"} {
  linalg.reduce ins(%a : memref<4x1000xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.mulf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
func.func @model_int(%a: memref<4x1000xi32>, %o: memref<4xi32>) attributes {regtile.target = "znver4"} {
  linalg.reduce ins(%a : memref<4x1000xi32>) outs(%o : memref<4xi32>) dimensions = [1]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// rows = 4: blocks of 4 rows share the main loop (4 x 4 accumulators on
// znver4, 4 streams read at once), each row gets its horizontal reduction;
// the 2 rows left over (10 = 2 x 4 + 2) are reduced one at a time.
// CHECK-LABEL: func.func @four_rows
// CHECK: %[[C4:[a-zA-Z0-9_]+]] = arith.constant 4 : index
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %c0{{.*}} to %c8{{.*}} step %[[C4]]
// CHECK:   %[[I1:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c1
// CHECK:   %[[I2:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c2
// CHECK:   %[[I3:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c3
// CHECK:   scf.for {{.*}} -> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>)
// CHECK-DAG: vector.transfer_read %{{.*}}[%[[I]], %{{.*}}]
// CHECK-DAG: vector.transfer_read %{{.*}}[%[[I3]], %{{.*}}]
// CHECK:   scf.yield
// CHECK-COUNT-4: vector.reduction <add>
// CHECK: scf.for %{{.*}} = %c8{{.*}} to %c10{{.*}} step %c1
// CHECK:   scf.for {{.*}} -> (vector<64xf32>) {
// CHECK:   vector.reduction <add>
func.func @four_rows(%a: memref<10x1000xf32>, %o: memref<10xf32>) {
  linalg.reduce ins(%a : memref<10x1000xf32>) outs(%o : memref<10xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.param.constant 4 : i64 -> !transform.param<i64>
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g rows = %r {arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}


// -----

// rows = 4 with the accumulator count derived, on AVX2 (znver3, 16 ymm
// registers): the 4 accumulators the target's FP add wants (latency x
// throughput 6, at most a quarter of the registers) shrink so that 4 rows
// fit beside the 2 load registers, to a power of two (3 ran at a third of
// the speed with several rows there): 2 accumulators (vector<16xf32>) per
// row, instead of refusing the fixed rows.
// CHECK-LABEL: func.func @four_rows_avx2
// CHECK: scf.for {{.*}} step %c4
// CHECK:   scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-4: vector.reduction <add>
func.func @four_rows_avx2(%a: memref<10x1000xf32>, %o: memref<10xf32>) {
  linalg.reduce ins(%a : memref<10x1000xf32>) outs(%o : memref<10xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.param.constant 4 : i64 -> !transform.param<i64>
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g rows = %r {arch = "znver3"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
