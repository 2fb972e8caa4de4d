// Execution: examples/resnet50's NCHW payload (resnet50_nchw.mlir, as
// torch-mlir emits the layers) scheduled only by @regtile_schedule: each
// convolution converted to the NHWC micro-kernel between transposes, its
// padding, bias, residual add and ReLU moved with it, computes what the
// unscheduled payload computes (exact: inputs are multiples of 1/8), for
// the three layer forms on the manifest's check cases (padded 3x3 stride 2
// over odd sizes, 5 input channels, 1x1 stride 1 and 2 with 70 output
// channels, the 7x7 stride-2 stem form with 3 input channels):
// The same with each filter packed ahead of the call
// (@resnet50_regtile_prepacked: the FCHW filter's transpose and the pack in
// @<f>__prepack, which @main calls before each layer):
// RUN: %examples check resnet50_nchw -- %difftest-args | FileCheck %s
// CHECK: == resnet50_nchw {{.*}}: resnet50_regtile{{$}}
// CHECK: PASS 5 cases
// CHECK: == resnet50_nchw {{.*}}: resnet50_regtile_prepacked{{$}}
// CHECK: PASS 5 cases
// On 1, 2, 3 and 7 threads (more than the cores; a 7 x 7 layer with
// channels that leave partial blocks):
// RUN: %examples check resnet50_nchw -- %difftest-args --threads 1,2,3,7 \
// RUN:   --case "HU=28 WU=28 HI=30 WI=30 H=28 W=28 CI=32 CO=48 KH=3 KW=3 S=1 P=1" \
// RUN:   --case "HU=29 WU=27 HI=29 WI=27 H=15 W=14 CI=40 CO=36 KH=1 KW=1 S=2 P=0" \
// RUN:   --case "HU=7 WU=7 HI=9 WI=9 H=7 W=7 CI=21 CO=37 KH=3 KW=3 S=1 P=1" \
// RUN:   | FileCheck %s --check-prefix=THREADS
// THREADS: resnet50_regtile{{$}}
// THREADS: PASS 3 cases
// THREADS: resnet50_regtile_prepacked{{$}}
// THREADS: PASS 3 cases
