// convert_pointwise_to_matmul and @regtile_conv2d's use of it: NCHW 1x1
// stride-1 layers of one image (Inputs/pointwise.mlir: a named convolution
// with its bias, residual add and ReLU; a generic one from a bias
// broadcast, then ReLU6; u8 x s8 -> i32 over the whole i8 range), 17 / 3 /
// 64 / 5 input and 19 / 1 / 40 / 33 output channels over pixel counts that
// divide no vector (99, 320, 75, 62). Execution against the unscheduled
// payload, exact: the op alone (the GEMM left as it is), then the strategy
// (the GEMM blocked, its epilogue on the register tiles) on 1, 2, 3 and 7
// threads.
// RUN: %difftest %S/Inputs/pointwise.mlir --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/schedule.mlir},transform-interpreter{entry-point=op_alone}' | FileCheck %s
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/pointwise.mlir --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/schedule.mlir},transform-interpreter{entry-point=strategy}' | FileCheck %s
// CHECK: PASS 7 cases
