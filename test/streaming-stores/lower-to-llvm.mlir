// regtile-lower-to-llvm applies streaming stores to loops annotated
// regtile.streaming_stores once the stores are 1-D (here after a schedule
// that packs with tile copies and annotates the loop nest): the streaming
// copy's stores are aligned non-temporal LLVM stores followed by sfence,
// the fallback's are ordinary. The payload carries the target the schedule
// and the lowering use (regtile.target), not the host's.
// RUN: %regtile-opt %s -p 'builtin.module(transform-interpreter,regtile-lower-to-llvm{target=skylake-avx512})' | FileCheck %s

// CHECK-LABEL: llvm.func @pack
// CHECK: llvm.and
// CHECK: llvm.icmp "eq"
// CHECK: llvm.cond_br
// CHECK-COUNT-16: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// CHECK-NOT: nontemporal
// CHECK-NOT: sfence
// CHECK: llvm.store {{.*}} : vector<16xf32>, !llvm.ptr
// CHECK-NOT: nontemporal
// CHECK: llvm.return
module attributes {regtile.target = "skylake-avx512"} {
func.func @pack(%s: tensor<64x128xf32>, %d: tensor<4x8x16x16xf32>) -> tensor<4x8x16x16xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %d : tensor<64x128xf32> -> tensor<4x8x16x16xf32>
  return %p : tensor<4x8x16x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.regtile.pack_unpack_to_tile_copies %ops : (!transform.any_op) -> !transform.any_op
    transform.annotate %loops "regtile.streaming_stores" : !transform.any_op
    transform.yield
  }
}
}
