// Execution: examples/resnet50 scheduled only by @regtile_schedule
// (strategies/), each layer's bias, residual add and ReLU computed on its
// register tiles, computes what the unscheduled payload computes (exact:
// inputs are multiples of 1/8), for each of the three layer forms (@main
// calls them all): a padded 3x3 stride 2 over odd sizes with channels that
// divide no vector, a padded 3x3 with 5 input channels, 1x1 stride 1 and
// stride 2 (odd outputs, 70 channels), the 7x7 stride-2 stem form with 3
// input channels. The same with each filter packed ahead of the call
// (@resnet50_regtile_prepacked: @main calls each layer's @<f>__prepack,
// then the layer on the packed filter, which each tile reads in place;
// 40, 19, 33, 70 and 20 output channels leave partial blocks). The cases
// are the check examples/examples.json lists:
// RUN: %examples check resnet50 -- %difftest-args | FileCheck %s
// CHECK: == resnet50 {{.*}}: resnet50_regtile{{$}}
// CHECK: PASS 5 cases
// CHECK: == resnet50 {{.*}}: resnet50_regtile_prepacked{{$}}
// CHECK: PASS 5 cases
// On 1, 2, 3 and 7 threads (more than the cores), a 3x3 layer large enough
// to split, a strided 1x1 one and a 7 x 7 one (last stage: the filter
// packed by the first row tile, channels that divide no vector):
// RUN: %examples check resnet50 -- %difftest-args --threads 1,2,3,7 \
// RUN:   --case "HU=28 WU=28 HI=30 WI=30 H=28 W=28 CI=32 CO=48 KH=3 KW=3 S=1 P=1" \
// RUN:   --case "HU=29 WU=27 HI=29 WI=27 H=15 W=14 CI=40 CO=36 KH=1 KW=1 S=2 P=0" \
// RUN:   --case "HU=7 WU=7 HI=9 WI=9 H=7 W=7 CI=21 CO=37 KH=3 KW=3 S=1 P=1" \
// RUN:   | FileCheck %s --check-prefix=THREADS
// THREADS: resnet50_regtile{{$}}
// THREADS: PASS 3 cases
// THREADS: resnet50_regtile_prepacked{{$}}
// THREADS: PASS 3 cases
