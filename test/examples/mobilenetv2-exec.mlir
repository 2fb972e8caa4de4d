// Execution: examples/mobilenetv2 scheduled only by @regtile_schedule
// (strategies/), each depthwise layer's bias and ReLU6 computed on its
// register tiles, computes what the unscheduled payload computes (exact:
// inputs are multiples of 1/8): one channel, channels that divide no
// vector, stride 2 over an odd input, the network's 14 x 14 x 96 layer;
// each with its input padded ahead of the call and with the padding a
// producer tensor.pad (@depthwise_pad_bias_relu6), the latter read in
// place by the inner tiles of rows 40 and 20 pixels wide. The cases are
// the check examples/examples.json lists for it:
// RUN: %examples check mobilenetv2 -- %difftest-args | FileCheck %s
// CHECK: == mobilenetv2 {{.*}}: mobilenetv2_regtile{{$}}
// CHECK: PASS 6 cases
// On 1, 3 and 7 threads (more than the cores), a layer large enough to
// split:
// RUN: %examples check mobilenetv2 -- %difftest-args --threads 1,3,7 --case "H=28 W=28 C=48 S=1 HI=30 WI=30 HU=28 WU=28" | FileCheck %s --check-prefix=THREADS
// THREADS: PASS 1 cases
//
// examples/mobilenetv2_pointwise: the 1x1 expansions (bias + ReLU6) and
// projections (bias; bias + residual) scheduled by the same
// @regtile_schedule (the filter read in place) and with the filter staged
// (mobilenetv2_packed_filter), on channel counts that divide no vector and
// the network's 14 x 14 x 24 -> 144:
// RUN: %examples check mobilenetv2_pointwise -- %difftest-args | FileCheck %s --check-prefix=PW
// PW: == mobilenetv2_pointwise {{.*}}: mobilenetv2_regtile{{$}}
// PW: PASS 3 cases
// PW: == mobilenetv2_pointwise {{.*}}: mobilenetv2_packed_filter{{$}}
// PW: PASS 3 cases
// RUN: %examples check mobilenetv2_pointwise -- %difftest-args --threads 1,3,7 --case "H=28 W=28 CI=32 CO=40" | FileCheck %s --check-prefix=THREADS
