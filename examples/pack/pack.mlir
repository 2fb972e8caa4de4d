// Pack / unpack workloads of seed 004 (tpp-mlir's "Tensor Pack and
// Unpack"), f32, 32x32 tiles, as kernels on memrefs (the C interface the
// benchmark calls); schedules are in schedule.mlir.
//   @pack_a       A operand:   512x1024  -> 16x32x32x32
//   @unpack_c     C result:    16x16x32x32 -> 512x512
//   @pack_b       B operand, transposing: 1024x512, inner_dims_pos = [1, 0],
//                 outer_dims_perm = [1, 0] -> 16x32x32x32
//   @pack_padded  500x1000 -> 16x32x32x32, padded with 0
//   @pack_large   4096x4096 -> 128x128x32x32 (beyond the caches)

func.func @pack_a(%ms: memref<512x1024xf32>, %md: memref<16x32x32x32xf32>) attributes {llvm.emit_c_interface} {
  %s = bufferization.to_tensor %ms restrict : memref<512x1024xf32> to tensor<512x1024xf32>
  %d = bufferization.to_tensor %md restrict writable : memref<16x32x32x32xf32> to tensor<16x32x32x32xf32>
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [32, 32] into %d : tensor<512x1024xf32> -> tensor<16x32x32x32xf32>
  bufferization.materialize_in_destination %p in restrict writable %md : (tensor<16x32x32x32xf32>, memref<16x32x32x32xf32>) -> ()
  return
}

func.func @unpack_c(%ms: memref<16x16x32x32xf32>, %md: memref<512x512xf32>) attributes {llvm.emit_c_interface} {
  %s = bufferization.to_tensor %ms restrict : memref<16x16x32x32xf32> to tensor<16x16x32x32xf32>
  %d = bufferization.to_tensor %md restrict writable : memref<512x512xf32> to tensor<512x512xf32>
  %u = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [32, 32] into %d : tensor<16x16x32x32xf32> -> tensor<512x512xf32>
  bufferization.materialize_in_destination %u in restrict writable %md : (tensor<512x512xf32>, memref<512x512xf32>) -> ()
  return
}

func.func @pack_b(%ms: memref<1024x512xf32>, %md: memref<16x32x32x32xf32>) attributes {llvm.emit_c_interface} {
  %s = bufferization.to_tensor %ms restrict : memref<1024x512xf32> to tensor<1024x512xf32>
  %d = bufferization.to_tensor %md restrict writable : memref<16x32x32x32xf32> to tensor<16x32x32x32xf32>
  %p = linalg.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 32] into %d : tensor<1024x512xf32> -> tensor<16x32x32x32xf32>
  bufferization.materialize_in_destination %p in restrict writable %md : (tensor<16x32x32x32xf32>, memref<16x32x32x32xf32>) -> ()
  return
}

func.func @pack_padded(%ms: memref<500x1000xf32>, %md: memref<16x32x32x32xf32>) attributes {llvm.emit_c_interface} {
  %s = bufferization.to_tensor %ms restrict : memref<500x1000xf32> to tensor<500x1000xf32>
  %d = bufferization.to_tensor %md restrict writable : memref<16x32x32x32xf32> to tensor<16x32x32x32xf32>
  %zero = arith.constant 0.0 : f32
  %p = linalg.pack %s padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [32, 32] into %d : tensor<500x1000xf32> -> tensor<16x32x32x32xf32>
  bufferization.materialize_in_destination %p in restrict writable %md : (tensor<16x32x32x32xf32>, memref<16x32x32x32xf32>) -> ()
  return
}

func.func @pack_large(%ms: memref<4096x4096xf32>, %md: memref<128x128x32x32xf32>) attributes {llvm.emit_c_interface} {
  %s = bufferization.to_tensor %ms restrict : memref<4096x4096xf32> to tensor<4096x4096xf32>
  %d = bufferization.to_tensor %md restrict writable : memref<128x128x32x32xf32> to tensor<128x128x32x32xf32>
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [32, 32] into %d : tensor<4096x4096xf32> -> tensor<128x128x32x32xf32>
  bufferization.materialize_in_destination %p in restrict writable %md : (tensor<128x128x32x32xf32>, memref<128x128x32x32xf32>) -> ()
  return
}
