// skip_padded_taps: execution against the unscheduled payload (exact:
// inputs are multiples of 1/8) on shapes that divide nothing: 3x3 pad 1 on
// a 7 x 7 image; 5x5 pad 2 on two 9 x 11 images; dilation 2 pad 2 with odd
// sizes; stride 2 over an odd input; uneven pads (3 rows above, none
// below: the first output row's filter rows are all padding, its loop runs
// no iteration).
// DEFINE: %{cases} = --case "N=1 HU=7 WU=7 PT=1 PB=1 PL=1 PR=1 HI=9 WI=9 H=7 W=7 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 CI=21 CO=37" \
// DEFINE:   --case "N=2 HU=9 WU=11 PT=2 PB=2 PL=2 PR=2 HI=13 WI=15 H=9 W=11 KH=5 KW=5 SH=1 SW=1 DH=1 DW=1 CI=5 CO=20" \
// DEFINE:   --case "N=1 HU=10 WU=9 PT=2 PB=2 PL=2 PR=2 HI=14 WI=13 H=10 W=9 KH=3 KW=3 SH=1 SW=1 DH=2 DW=2 CI=8 CO=33" \
// DEFINE:   --case "N=1 HU=13 WU=11 PT=1 PB=1 PL=1 PR=1 HI=15 WI=13 H=7 W=6 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 CI=17 CO=40" \
// DEFINE:   --case "N=1 HU=4 WU=6 PT=3 PB=0 PL=0 PR=2 HI=7 WI=8 H=5 W=6 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 CI=3 CO=16"
//
// The op alone (rows of pixels, a guarded pad per row, the loops left as
// loops):
// RUN: %difftest %S/Inputs/conv2d_padded.mlir --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/skip_schedule.mlir},transform-interpreter{entry-point=schedule}' %{cases} | FileCheck %s
// CHECK: PASS 5 cases
//
// In @regtile_conv2d (register tiles, the filter packed by the first row
// tile, which runs every filter row) on 1, 2, 3 and 7 threads:
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/conv2d_padded.mlir --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%regtile-src/test/strategies/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule}' %{cases} | FileCheck %s --check-prefix=STRATEGY
// STRATEGY: PASS 5 cases
