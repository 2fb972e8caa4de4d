// version_padded_windows: execution against the unscheduled payload
// (exact: inputs are multiples of 1/8) on shapes that divide nothing: 3x3
// pad 1 on a 7 x 7 image; 5x5 pad 2 on two 9 x 11 images; dilation 2 pad
// 2 with odd sizes; stride 2 over an odd input; uneven pads (3 rows above,
// none below; none left, 2 right); a 3-wide tile over a 3-wide image (every
// tile at the border: left as it was).
// DEFINE: %{cases} = --case "N=1 HU=7 WU=7 PT=1 PB=1 PL=1 PR=1 HI=9 WI=9 H=7 W=7 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 CI=21 CO=37" \
// DEFINE:   --case "N=2 HU=9 WU=11 PT=2 PB=2 PL=2 PR=2 HI=13 WI=15 H=9 W=11 KH=5 KW=5 SH=1 SW=1 DH=1 DW=1 CI=5 CO=20" \
// DEFINE:   --case "N=1 HU=10 WU=9 PT=2 PB=2 PL=2 PR=2 HI=14 WI=13 H=10 W=9 KH=3 KW=3 SH=1 SW=1 DH=2 DW=2 CI=8 CO=33" \
// DEFINE:   --case "N=1 HU=13 WU=11 PT=1 PB=1 PL=1 PR=1 HI=15 WI=13 H=7 W=6 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 CI=17 CO=40" \
// DEFINE:   --case "N=1 HU=4 WU=6 PT=3 PB=0 PL=0 PR=2 HI=7 WI=8 H=5 W=6 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 CI=3 CO=16" \
// DEFINE:   --case "N=1 HU=5 WU=3 PT=1 PB=1 PL=1 PR=1 HI=7 WI=5 H=5 W=3 KH=3 KW=3 SH=1 SW=1 DH=1 DW=1 CI=4 CO=5"
//
// The input padded per row (a guarded pad), and padded whole:
// RUN: %difftest %regtile-src/test/skip-padded-taps/Inputs/conv2d_padded.mlir --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/version_schedule.mlir},transform-interpreter{entry-point=rows}' %{cases} | FileCheck %s
// RUN: %difftest %regtile-src/test/skip-padded-taps/Inputs/conv2d_padded.mlir --schedule 'transform-preload-library{transform-library-paths=%S/Inputs/version_schedule.mlir},transform-interpreter{entry-point=whole}' %{cases} | FileCheck %s
// CHECK: PASS 6 cases
