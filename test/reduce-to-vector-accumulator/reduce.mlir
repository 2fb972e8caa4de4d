// FileCheck tests of transform.regtile.reduce_to_vector_accumulator.
// RUN: %regtile-opt %s --split-input-file --transform-interpreter | FileCheck %s

// The running example of seed 001 (i8 -> i32 row sums of 384x512) on an
// AVX-512 target without VNNI (with it, see vnni.mlir): the 4-way i8 dot
// form that the lowering maps to vpmaddubsw + vpmaddwd (AVX-512 BW), 4
// separate vector<16xi32> accumulators each fed 64 bytes per step, in
// ascending address order; no tail (512 = 2 x 256); the accumulators added
// up after the loop, then exactly one horizontal reduction per row, merged
// with the row's initial value.
// CHECK-LABEL: func.func @seed
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: tensor<384x512xi8>, %[[O:[a-zA-Z0-9_]+]]: tensor<384xi32>)
// CHECK-DAG: %[[C512:[a-zA-Z0-9_]+]] = arith.constant 512 : index
// CHECK-DAG: %[[C256:[a-zA-Z0-9_]+]] = arith.constant 256 : index
// CHECK-DAG: %[[ZERO:[a-zA-Z0-9_]+]] = arith.constant dense<0> : vector<16xi32>
// CHECK-NOT: vector.create_mask
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:[a-zA-Z0-9_]+]] = %[[O]]) -> (tensor<384xi32>)
// CHECK:   %[[ACC:[a-zA-Z0-9_]+]]:4 = scf.for %[[J:[a-zA-Z0-9_]+]] = %{{.*}} to %[[C512]] step %[[C256]] iter_args(%[[V0:[a-zA-Z0-9_]+]] = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]]) -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK:     %[[X:[a-zA-Z0-9_]+]] = vector.transfer_read %[[A]][%[[I]], %[[J]]], %{{.*}} {in_bounds = [true]} : tensor<384x512xi8>, vector<64xi8>
// CHECK:     %[[G:[a-zA-Z0-9_]+]] = vector.shape_cast %[[X]] : vector<64xi8> to vector<16x4xi8>
// CHECK:     %[[E:[a-zA-Z0-9_]+]] = arith.extsi %[[G]] : vector<16x4xi8> to vector<16x4xi32>
// CHECK:     vector.multi_reduction <add>, %[[E]], %[[V0]] [1] : vector<16x4xi32> to vector<16xi32>
// CHECK:     %[[J1:[a-zA-Z0-9_]+]] = arith.addi %[[J]], %c64
// CHECK:     vector.transfer_read %[[A]][%[[I]], %[[J1]]]
// CHECK-COUNT-3: vector.multi_reduction <add>
// CHECK:     scf.yield %{{.*}} : vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>
// CHECK-NOT: vector.transfer_read
// CHECK:   %[[S0:[a-zA-Z0-9_]+]] = arith.addi %[[ACC]]#0, %[[ACC]]#1 : vector<16xi32>
// CHECK:   %[[S1:[a-zA-Z0-9_]+]] = arith.addi %[[ACC]]#2, %[[ACC]]#3 : vector<16xi32>
// CHECK:   %[[S:[a-zA-Z0-9_]+]] = arith.addi %[[S0]], %[[S1]] : vector<16xi32>
// CHECK:   %[[INIT:[a-zA-Z0-9_]+]] = tensor.extract %[[OUT]][%[[I]]]
// CHECK:   %[[R:[a-zA-Z0-9_]+]] = vector.reduction <add>, %[[S]], %[[INIT]] : vector<16xi32> into i32
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1, arch = "znver4,-avx512vnni"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Sizes that do not divide the vector: 517 = 4 x 128 + 5, the tail is one
// masked step whose masked-off bytes are zero (the masks, one per
// accumulator, are computed once; the first holds the 5 bytes left, the
// others none). On an AVX2 target (here given on the function) the same
// form uses 8-lane accumulators fed 32 bytes each (4 x 32 = 128 bytes per
// step), which the lowering maps to the AVX2 vpmaddubsw + vpmaddwd.
// CHECK-LABEL: func.func @tail_avx2
// CHECK-DAG: %[[C512:[a-zA-Z0-9_]+]] = arith.constant 512 : index
// CHECK-DAG: %[[C128:[a-zA-Z0-9_]+]] = arith.constant 128 : index
// CHECK-DAG: %[[C5:[a-zA-Z0-9_]+]] = arith.constant 5 : index
// CHECK: %[[M:[a-zA-Z0-9_]+]] = vector.create_mask %[[C5]] : vector<32xi1>
// CHECK-COUNT-3: vector.create_mask %{{.*}} : vector<32xi1>
// CHECK: %[[ACC:[a-zA-Z0-9_]+]]:4 = scf.for %{{.*}} = %{{.*}} to %[[C512]] step %[[C128]] iter_args(%{{.*}}) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
// CHECK-COUNT-4: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<8x4xi32> to vector<8xi32>
// CHECK: %[[T:[a-zA-Z0-9_]+]] = vector.transfer_read %{{.*}}[%{{.*}}, %[[C512]]], %{{.*}}, %[[M]] {in_bounds = [true]} : tensor<383x517xi8>, vector<32xi8>
// CHECK: %[[ID:[a-zA-Z0-9_]+]] = arith.constant dense<0> : vector<32xi8>
// CHECK: %[[SEL:[a-zA-Z0-9_]+]] = arith.select %[[M]], %[[T]], %[[ID]]
// CHECK: %[[G:[a-zA-Z0-9_]+]] = vector.shape_cast %[[SEL]] : vector<32xi8> to vector<8x4xi8>
// CHECK: %[[E:[a-zA-Z0-9_]+]] = arith.extsi %[[G]]
// CHECK: vector.multi_reduction <add>, %[[E]], %[[ACC]]#0 [1] : vector<8x4xi32> to vector<8xi32>
// CHECK-COUNT-3: vector.multi_reduction <add>
// CHECK-COUNT-3: arith.addi %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} : vector<8xi32> into i32
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic sizes, an f32 sum allowed to reassociate by its fastmath flags:
// 8 accumulators (FP add latency) of 16 lanes, read in ascending order, one
// mask per accumulator for the tail (computed once), the flags carried to
// the vector ops, the tree of adds and the final reduction.
// CHECK-LABEL: func.func @dynamic_f32
// CHECK: %[[N:[a-zA-Z0-9_]+]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xf32>
// CHECK: %[[END:[a-zA-Z0-9_]+]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK: %[[REST:[a-zA-Z0-9_]+]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK: %[[M:[a-zA-Z0-9_]+]] = vector.create_mask %[[REST]] : vector<16xi1>
// CHECK-COUNT-7: vector.create_mask %{{.*}} : vector<16xi1>
// CHECK: %[[NEG0:[a-zA-Z0-9_]+]] = arith.constant dense<-0.000000e+00> : vector<16xf32>
// CHECK: %[[ACC:[a-zA-Z0-9_]+]]:8 = scf.for %{{.*}} = %{{.*}} to %[[END]] step %c128 iter_args(%{{.*}} = %[[NEG0]], {{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-8: vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<?x?xf32>, vector<16xf32>
// CHECK: vector.transfer_read {{.*}}, %[[M]] {in_bounds = [true]} : tensor<?x?xf32>, vector<16xf32>
// CHECK: arith.addf %{{.*}}, %[[ACC]]#0 fastmath<reassoc> : vector<16xf32>
// CHECK-COUNT-7: arith.addf %{{.*}}, %[[ACC]]#{{[1-7]}} fastmath<reassoc> : vector<16xf32>
// CHECK-COUNT-7: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16xf32>
// CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16xf32> into f32
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1, arch = "skylake-avx512"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A batch dim and two reduction dims (on buffers): the outer reduction dim
// is a loop that carries the vector accumulators around the vectorized
// innermost one; one reduction per batch element. max needs no fastmath.
// The accumulators attribute sets the count (2 x 16 lanes).
// CHECK-LABEL: func.func @batch_two_reduction_dims
// CHECK: %[[NINF:[a-zA-Z0-9_]+]] = arith.constant dense<0xFF800000> : vector<16xf32>
// CHECK: scf.for %[[B:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[OUTER:[a-zA-Z0-9_]+]]:2 = scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:[a-zA-Z0-9_]+]] = %[[NINF]], %[[A1:[a-zA-Z0-9_]+]] = %[[NINF]]) -> (vector<16xf32>, vector<16xf32>)
// CHECK:     scf.for %[[J:[a-zA-Z0-9_]+]] = {{.*}} iter_args(%{{.*}} = %[[A0]], %{{.*}} = %[[A1]]) -> (vector<16xf32>, vector<16xf32>)
// CHECK:       vector.transfer_read %{{.*}}[%[[B]], %[[I]], %[[J]]]
// CHECK:       arith.maximumf
// CHECK:     vector.transfer_read {{.*}}, %{{.*}}, %{{.*}} {in_bounds = [true]}
// CHECK:     scf.yield
// CHECK:   %[[BOTH:[a-zA-Z0-9_]+]] = arith.maximumf %[[OUTER]]#0, %[[OUTER]]#1 : vector<16xf32>
// CHECK:   %[[INIT:[a-zA-Z0-9_]+]] = memref.load %{{.*}}[%[[B]]]
// CHECK:   %[[R:[a-zA-Z0-9_]+]] = vector.reduction <maximumf>, %[[BOTH]], %[[INIT]] : vector<16xf32> into f32
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1, arch = "znver4", accumulators = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dot product with a broadcast input (a per-row scale that does not depend
// on the reduction dim): the prologue is vectorized, the scale read and
// broadcast once per step for all 4 accumulators; the returned handles are
// usable.
// CHECK-LABEL: func.func @dot_scaled
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] =
// CHECK:   scf.for
// CHECK:     %[[S:[a-zA-Z0-9_]+]] = tensor.extract %{{.*}}[%[[I]]] : tensor<8xi32>
// CHECK:     %[[SV:[a-zA-Z0-9_]+]] = vector.broadcast %[[S]] : i32 to vector<16xi32>
// CHECK-NOT: tensor.extract
// CHECK:     %[[P:[a-zA-Z0-9_]+]] = arith.muli {{.*}} : vector<16xi32>
// CHECK:     arith.muli %[[P]], %[[SV]] : vector<16xi32>
// CHECK:     arith.addi {{.*}} : vector<16xi32>
// CHECK-NOT: tensor.extract
// CHECK-COUNT-3: arith.muli %{{.*}}, %[[SV]] : vector<16xi32>
// CHECK:     scf.yield
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1, arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
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
// CHECK:   scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1, arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// `accumulators` from a parameter (a tuning knob): 5 x 16 lanes; 0 keeps the
// default (4 x 16 for an FP sum on znver4).
// CHECK-LABEL: func.func @accumulators_knob
// CHECK: %{{.*}}:5 = scf.for {{.*}} step %c80 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-LABEL: func.func @accumulators_knob_default
// CHECK: %{{.*}}:4 = scf.for {{.*}} step %c64 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g1 accumulators = %k {rows = 1, arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %d = transform.tune.knob<"accumulators2"> = 0 from options = [0, 1, 2, 3, 4, 8] -> !transform.param<i64>
    %l2, %c2 = transform.regtile.reduce_to_vector_accumulator %g2 accumulators = %d {rows = 1, arch = "znver4"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The default accumulator count of FP sums and products is latency x
// throughput of the vector instruction in LLVM's scheduling model of the
// target (at least 2), rounded up to a power of two (LLVM scalarizes loops
// carrying 3 or 6 native vectors per row when several rows are reduced
// together), at most a quarter of the registers:
//   znver5          vaddps zmm 2 cycles, 2 per cycle      -> 4 x 16 (LLVM 22 models
//                   Zen 5 as Zen 4, 3 cycles, 1 per cycle: corrected)
//   icelake-server  vaddps zmm 4 cycles, 1 per cycle      -> 4 x 16
//   sapphirerapids  vaddps zmm 3 cycles, 2 per cycle      -> 6 -> 8 x 16
//   skylake-avx512  vaddps zmm 4 cycles, 2 per cycle      -> 8 x 16
//   haswell         vaddps ymm 3 cycles, 1 per cycle      -> 3 -> 4 x 8
//   haswell         vmulps ymm 5 cycles, 2 per cycle      -> 4 (16 registers / 4) x 8
// Integer sums keep 4 (one-cycle adds; memory-bound).
// CHECK-LABEL: func.func @model_znver5
// CHECK: %{{.*}}:4 = scf.for {{.*}} step %c64 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-LABEL: func.func @model_icelake
// CHECK: %{{.*}}:4 = scf.for {{.*}} step %c64 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-LABEL: func.func @model_sapphirerapids
// CHECK: %{{.*}}:8 = scf.for {{.*}} step %c128 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-LABEL: func.func @model_skylake
// CHECK: %{{.*}}:8 = scf.for {{.*}} step %c128 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-LABEL: func.func @model_haswell
// CHECK: %{{.*}}:4 = scf.for {{.*}} step %c32 {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK-LABEL: func.func @model_haswell_mul
// CHECK: %{{.*}}:4 = scf.for {{.*}} step %c32 {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK-LABEL: func.func @model_int
// CHECK: %{{.*}}:4 = scf.for {{.*}} step %c64 {{.*}} -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
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
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// rows = 4: blocks of 4 rows share the main loop (4 streams read at once;
// the 3 chains znver4's vaddps wants are shared by the rows: one
// accumulator each); the 4 rows' partial results are reduced together through a transpose-and-add network (each
// pair of rows interleaved lane by lane as vunpcklps/vunpckhps do, the two
// pairs by lane pairs as vunpcklpd/vunpckhpd, added: row = lane mod 4;
// then upper halves added to lower halves: 4 results), merged with one vector read of the
// 4 initial values and written as one vector; no per-row reduction. The 2
// rows left over (10 = 2 x 4 + 2) are reduced one at a time.
// CHECK-LABEL: func.func @four_rows
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: memref<10x1000xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<10xf32>)
// CHECK: %[[C4:[a-zA-Z0-9_]+]] = arith.constant 4 : index
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %c0{{.*}} to %c8{{.*}} step %[[C4]]
// CHECK:   %[[I1:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c1
// CHECK:   %[[I2:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c2
// CHECK:   %[[I3:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c3
// CHECK:   %{{.*}}:4 = scf.for {{.*}} step %c16 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-DAG: vector.transfer_read %{{.*}}[%[[I]], %{{.*}}]
// CHECK-DAG: vector.transfer_read %{{.*}}[%[[I3]], %{{.*}}]
// CHECK:   scf.yield
// CHECK-NOT: vector.reduction
// CHECK:   %[[L01:[a-zA-Z0-9_]+]] = vector.shuffle %[[R0:[a-zA-Z0-9_]+]], %[[R1:[a-zA-Z0-9_]+]] [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29]
// CHECK:   %[[H01:[a-zA-Z0-9_]+]] = vector.shuffle %[[R0]], %[[R1]] [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31]
// CHECK:   %[[P01:[a-zA-Z0-9_]+]] = arith.addf %[[L01]], %[[H01]] fastmath<reassoc> : vector<16xf32>
// CHECK:   %[[L23:[a-zA-Z0-9_]+]] = vector.shuffle %[[R2:[a-zA-Z0-9_]+]], %[[R3:[a-zA-Z0-9_]+]] [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29]
// CHECK:   %[[H23:[a-zA-Z0-9_]+]] = vector.shuffle %[[R2]], %[[R3]] [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31]
// CHECK:   %[[P23:[a-zA-Z0-9_]+]] = arith.addf %[[L23]], %[[H23]] fastmath<reassoc> : vector<16xf32>
// CHECK:   %[[L:[a-zA-Z0-9_]+]] = vector.shuffle %[[P01]], %[[P23]] [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29]
// CHECK:   %[[H:[a-zA-Z0-9_]+]] = vector.shuffle %[[P01]], %[[P23]] [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31]
// CHECK:   %[[Q:[a-zA-Z0-9_]+]] = arith.addf %[[L]], %[[H]] fastmath<reassoc> : vector<16xf32>
// CHECK:   %[[Q8L:[a-zA-Z0-9_]+]] = vector.extract_strided_slice %[[Q]] {offsets = [0], sizes = [8], strides = [1]}
// CHECK:   %[[Q8H:[a-zA-Z0-9_]+]] = vector.extract_strided_slice %[[Q]] {offsets = [8], sizes = [8], strides = [1]}
// CHECK:   %[[Q8:[a-zA-Z0-9_]+]] = arith.addf %[[Q8L]], %[[Q8H]] fastmath<reassoc> : vector<8xf32>
// CHECK:   %[[Q4L:[a-zA-Z0-9_]+]] = vector.extract_strided_slice %[[Q8]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK:   %[[Q4H:[a-zA-Z0-9_]+]] = vector.extract_strided_slice %[[Q8]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK:   %[[SUMS:[a-zA-Z0-9_]+]] = arith.addf %[[Q4L]], %[[Q4H]] fastmath<reassoc> : vector<4xf32>
// CHECK:   %[[INIT:[a-zA-Z0-9_]+]] = vector.transfer_read %[[O]][%[[I]]], %{{.*}} {in_bounds = [true]} : memref<10xf32>, vector<4xf32>
// CHECK:   %[[NEW:[a-zA-Z0-9_]+]] = arith.addf %[[SUMS]], %[[INIT]] fastmath<reassoc> : vector<4xf32>
// CHECK:   vector.transfer_write %[[NEW]], %[[O]][%[[I]]] {in_bounds = [true]} : vector<4xf32>, memref<10xf32>
// CHECK-NOT: vector.reduction
// CHECK: scf.for %{{.*}} = %c8{{.*}} to %c10{{.*}} step %c1
// CHECK:   scf.for {{.*}} -> (vector<16xf32>) {
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
// registers): the 6 chains the target's FP add wants (latency x
// throughput) shared by the 4 rows, 2 per row (rounded up), within the 3
// that fit 4 times beside the 2 load registers: 2 accumulators
// (vector<16xf32>) per row (4 x 2 vector<8xf32>).
// CHECK-LABEL: func.func @four_rows_avx2
// CHECK: scf.for {{.*}} step %c4
// CHECK:   %{{.*}}:8 = scf.for {{.*}} step %c16 {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK-NOT: vector.reduction
// CHECK:   vector.shuffle {{.*}} : vector<8xf32>, vector<8xf32>
// CHECK:   vector.transfer_read {{.*}} : memref<10xf32>, vector<4xf32>
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

// -----

// rows = 3 with the output transposed (indexed (i, b), the rows are i): the
// network is padded to 4 rows with the combiner's identity and its first 3
// results taken; the initial values are read and the results stored element
// by element (the rows are not contiguous in the output). The `combine`
// handle names the op that merges results and initial values.
// CHECK-LABEL: func.func @three_rows_transposed
// CHECK-SAME: (%[[A:[a-zA-Z0-9_]+]]: memref<2x7x100xi32>, %[[O:[a-zA-Z0-9_]+]]: memref<7x2xi32>)
// CHECK: scf.for %[[B:[a-zA-Z0-9_]+]] =
// CHECK:   scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %c6{{.*}} step %c3
// CHECK:     %[[I1:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c1
// CHECK:     %[[I2:[a-zA-Z0-9_]+]] = arith.addi %[[I]], %c2
// CHECK:     scf.yield
// CHECK-NOT: vector.reduction
// CHECK:     vector.shuffle %{{[0-9]+}}, %{{[0-9]+}} [0, 16, 1, 17,
// CHECK:     vector.shuffle %{{[0-9]+}}, %cst{{[_0-9]*}} [0, 16, 1, 17,
// CHECK:     %[[SLICE:[a-zA-Z0-9_]+]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [3], strides = [1]} : vector<4xi32> to vector<3xi32>
// CHECK:     %[[X0:[a-zA-Z0-9_]+]] = memref.load %[[O]][%[[I]], %[[B]]]
// CHECK:     %[[X1:[a-zA-Z0-9_]+]] = memref.load %[[O]][%[[I1]], %[[B]]]
// CHECK:     %[[X2:[a-zA-Z0-9_]+]] = memref.load %[[O]][%[[I2]], %[[B]]]
// CHECK:     %[[INIT:[a-zA-Z0-9_]+]] = vector.from_elements %[[X0]], %[[X1]], %[[X2]] : vector<3xi32>
// CHECK:     %[[NEW:[a-zA-Z0-9_]+]] = arith.maxsi %[[SLICE]], %[[INIT]] {merge_op} : vector<3xi32>
// CHECK:     %[[E0:[a-zA-Z0-9_]+]] = vector.extract %[[NEW]][0]
// CHECK:     memref.store %[[E0]], %[[O]][%[[I]], %[[B]]]
// CHECK:     %[[E2:[a-zA-Z0-9_]+]] = vector.extract %[[NEW]][2]
// CHECK:     memref.store %[[E2]], %[[O]][%[[I2]], %[[B]]]
func.func @three_rows_transposed(%a: memref<2x7x100xi32>, %o: memref<7x2xi32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (i, b)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : memref<2x7x100xi32>) outs(%o : memref<7x2xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.maxsi %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4", rows = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.annotate %c "merge_op" : !transform.any_op
    transform.yield
  }
}

// -----

// The defaults: 4 rows reduced together (at most the static extent of the
// row dim, to a power of two) and the chains the target wants shared by
// them. znver4 f32 add (3 chains): 4 rows x 1 accumulator; 2 rows (a
// 2-row op) x 2; an i8 sum in the 4-way dot form (4 chains): 4 x 1; a
// reduction to a scalar (no parallel dim): 1 row x 4 (3 rounded up).
// CHECK-LABEL: func.func @default_rows
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c384{{.*}} step %c4
// CHECK:   scf.for {{.*}} step %c16 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:   vector.transfer_write {{.*}} : vector<4xf32>, memref<384xf32>
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c2{{.*}} step %c2
// CHECK:   scf.for {{.*}} step %c32 {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:   vector.transfer_write {{.*}} : vector<2xf32>, memref<2xf32>
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c384{{.*}} step %c4
// CHECK:   scf.for {{.*}} step %c64 {{.*}} -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK:   vector.transfer_write {{.*}} : vector<4xi32>, memref<384xi32>
// CHECK:   scf.for {{.*}} step %c64{{[_0-9]*}} {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:   vector.reduction <add>
func.func @default_rows(%a: memref<384x512xf32>, %o: memref<384xf32>, %b: memref<2x512xf32>, %p: memref<2xf32>,
                        %c: memref<384x512xi8>, %q: memref<384xi32>, %d: memref<512xf32>, %r: memref<f32>) {
  linalg.reduce ins(%a : memref<384x512xf32>) outs(%o : memref<384xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%b : memref<2x512xf32>) outs(%p : memref<2xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%c : memref<384x512xi8>) outs(%q : memref<384xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  }
  linalg.reduce ins(%d : memref<512xf32>) outs(%r : memref<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// rows = 4 with a strided output (a non-unit last stride): the block's
// results are merged with their initial values element by element (scalar
// loads and stores), no vector transfer on the strided view.
// CHECK-LABEL: func.func @four_rows_strided
// CHECK: scf.for %[[I:[a-zA-Z0-9_]+]] = %{{.*}} to %c8{{.*}} step %c4
// CHECK:   scf.yield
// CHECK-NOT: vector.transfer_write
// CHECK:   vector.from_elements {{.*}} : vector<4xi32>
// CHECK-COUNT-4: memref.store {{.*}} : memref<10xi32, strided<[2]>>
func.func @four_rows_strided(%a: memref<10x100xi32>, %o: memref<10xi32, strided<[2]>>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<10x100xi32>) outs(%o : memref<10xi32, strided<[2]>>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {arch = "znver4", rows = 4} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Integer division in the prologue: in the masked tail the divisor is 1 in
// the lanes past the end (their inputs are padding; a zero divisor traps),
// in the main loop it is the input as read.
// CHECK-LABEL: func.func @division
// CHECK: scf.for
// CHECK:   %[[MAIN:[a-zA-Z0-9_]+]] = scf.for
// CHECK:     %[[X:[a-zA-Z0-9_]+]] = vector.transfer_read %{{.*}} : tensor<4x100xi32>, vector<16xi32>
// CHECK:     %[[Y:[a-zA-Z0-9_]+]] = vector.transfer_read %{{.*}} : tensor<4x100xi32>, vector<16xi32>
// CHECK-NOT: arith.select
// CHECK:     arith.divsi %[[X]], %[[Y]] : vector<16xi32>
// CHECK:   scf.yield
// CHECK:   %[[TX:[a-zA-Z0-9_]+]] = vector.transfer_read %{{.*}}, %[[M:[a-zA-Z0-9_]+]] {in_bounds = [true]} : tensor<4x100xi32>, vector<16xi32>
// CHECK:   %[[TY:[a-zA-Z0-9_]+]] = vector.transfer_read %{{.*}}, %[[M]] {in_bounds = [true]} : tensor<4x100xi32>, vector<16xi32>
// CHECK:   %[[ONES:[a-zA-Z0-9_]+]] = arith.constant dense<1> : vector<16xi32>
// CHECK:   %[[SAFE:[a-zA-Z0-9_]+]] = arith.select %[[M]], %[[TY]], %[[ONES]] : vector<16xi1>, vector<16xi32>
// CHECK:   arith.divsi %[[TX]], %[[SAFE]] : vector<16xi32>
func.func @division(%a: tensor<4x100xi32>, %b: tensor<4x100xi32>, %o: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<4x100xi32>, tensor<4x100xi32>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %q = arith.divsi %x, %y : i32
    %s = arith.addi %q, %acc : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 1, accumulators = 1, arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// i1 elements are read one by one (a byte each in memory; a vector load of
// i1 would read bit-packed lanes) into 64-lane vectors on AVX-512 (a lane
// per byte), and several rows' results are written element by element.
// CHECK-LABEL: func.func @i1_and
// CHECK-NOT: vector.transfer_read
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     %[[V:[a-zA-Z0-9_]+]] = scf.for %[[L:[a-zA-Z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[a-zA-Z0-9_]+]] = %{{.*}}) -> (vector<64xi1>)
// CHECK:       %[[E:[a-zA-Z0-9_]+]] = tensor.extract %{{.*}} : tensor<8x300xi1>
// CHECK:       %[[INS:[a-zA-Z0-9_]+]] = vector.insert %[[E]], %[[ACC]] [%[[L]]] : i1 into vector<64xi1>
// CHECK:       scf.yield %[[INS]] : vector<64xi1>
// CHECK:     arith.andi %{{.*}}, %[[V]] : vector<64xi1>
// CHECK-NOT: vector.transfer_read
// CHECK-NOT: vector.transfer_write
// CHECK: tensor.insert %{{.*}} : tensor<8xi1>
func.func @i1_and(%a: tensor<8x300xi1>, %o: tensor<8xi1>) -> tensor<8xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x300xi1>) outs(%o : tensor<8xi1>) {
  ^bb0(%x: i1, %acc: i1):
    %s = arith.andi %acc, %x : i1
    linalg.yield %s : i1
  } -> tensor<8xi1>
  return %r : tensor<8xi1>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %l, %c = transform.regtile.reduce_to_vector_accumulator %g {rows = 4, accumulators = 2, arch = "znver4"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
