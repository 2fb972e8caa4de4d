// regtile-lower-to-llvm inserts the store prefetches of loops annotated
// regtile.prefetch_stores once the stores are 1-D: here an unpack through
// tile copies, whose row stores (128 bytes) each get two prefetches for
// write, 4096 bytes ahead.
// RUN: %regtile-opt %s -p 'builtin.module(transform-interpreter,regtile-lower-to-llvm{target=skylake-avx512})' | FileCheck %s

// CHECK-LABEL: llvm.func @unpack
// CHECK: %[[P0:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK: "llvm.intr.prefetch"(%[[P0]]) <{cache = 1 : i32, hint = 3 : i32, rw = 1 : i32}>
// CHECK: %[[P1:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK: "llvm.intr.prefetch"(%[[P1]]) <{cache = 1 : i32, hint = 3 : i32, rw = 1 : i32}>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<32xf32>, !llvm.ptr
func.func @unpack(%s: tensor<8x8x32x32xf32>, %d: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %u = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [32, 32] into %d : tensor<8x8x32x32xf32> -> tensor<256x256xf32>
  return %u : tensor<256x256xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops : (!transform.any_op) -> !transform.any_op
    %ahead = transform.param.constant 4096 : i64 -> !transform.param<i64>
    transform.annotate %loops "regtile.prefetch_stores" = %ahead : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}
