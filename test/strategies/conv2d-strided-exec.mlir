// @regtile_conv2d on strided and dilated convolutions (ResNet's stride-2
// 3x3 layers, its 7x7 stride-2 stem, the 1x1 stride-2 shortcuts, dilated
// layers): the register tile is output pixels as for unit steps, and the
// micro-kernel broadcasts each row's input at the stride (no gather, no
// scalar loop). Execution against the unscheduled payload, exact (inputs
// are multiples of 1/8), on shapes that divide nothing: stride 2 over odd
// inputs (the last row and column unread), dilations 2 and 3 with
// remainders, 3 input channels; 1, 2, 3 and 7 threads (the first case in
// up to 7 pieces, the next two in up to 2, the last stays serial).
// DEFINE: %{schedule} = --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule}'
// DEFINE: %{cases} = --case "N=1 H=14 W=14 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=29 WI=29 CI=16 CO=64" \
// DEFINE:   --case "N=2 H=7 W=13 KH=3 KW=3 SH=1 SW=1 DH=2 DW=3 HI=11 WI=19 CI=9 CO=40" \
// DEFINE:   --case "N=1 H=9 W=9 KH=7 KW=7 SH=2 SW=2 DH=1 DW=1 HI=24 WI=23 CI=3 CO=64" \
// DEFINE:   --case "N=1 H=5 W=6 KH=1 KW=1 SH=2 SW=2 DH=1 DW=1 HI=10 WI=11 CI=33 CO=20"
// RUN: %difftest --threads 1,2,3,7 %S/Inputs/conv2d_strided.mlir %{schedule} %{cases} | FileCheck %s
// CHECK: PASS 4 cases
//
// The scheduled IR (stride 2, 3x3, a 12-pixel row): each tile of output
// pixels reads its input columns at twice its offset, 2 x rows - 1 + 2
// columns wide, and the micro-kernel broadcasts the input at kw + 2 r for
// row r: FMAs on vectors, no scalar loop.
// RUN: %substitute "N=1 H=4 W=12 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=9 WI=25 CI=8 CO=64" %S/Inputs/conv2d_strided.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-strip-schedule)' \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-DAG: #[[TWICE:.*]] = affine_map<(d0) -> (d0 * 2)>
// IR-DAG: #[[R1:.*]] = affine_map<(d0) -> (d0 + 2)>
// IR-LABEL: func.func @conv
// IR: scf.for %[[OH:.*]] = %c0 to %c4 step %c1
// IR: scf.for %[[OW:.*]] = %c0 to %c12 step %c6
// IR: %[[IH:.*]] = affine.apply #[[TWICE]](%[[OH]])
// IR: %[[IW:.*]] = affine.apply #[[TWICE]](%[[OW]])
// IR: tensor.extract_slice %{{.*}}[0, %[[IH]], %[[IW]], 0] [1, 3, 13, 8] [1, 1, 1, 1]
// IR: scf.for %[[KH:.*]] = %c0 to %c3 step %c1
// IR: scf.for %[[KW:.*]] = %c0 to %c3 step %c1
// IR: scf.for %[[CI:.*]] = %c0 to %c8 step %c1
// IR: tensor.extract %[[ROWS:.*]][%c0, %c0, %[[KW]], %[[CI]]]
// IR: vector.broadcast
// IR-COUNT-4: vector.fma
// IR: %[[C1:.*]] = affine.apply #[[R1]](%[[KW]])
// IR: tensor.extract %[[ROWS]][%c0, %c0, %[[C1]], %[[CI]]]
// IR: vector.broadcast
// IR-COUNT-4: vector.fma
//
// x86 assembly for an AVX-512 CPU (znver4; the payload carries its
// target): the stride-2 micro-kernel, 14 pixels x 2 vectors (14-pixel
// rows): 28 FMAs per step, no stack access, no mask, no call; twice, as a
// tile spans the row: the first row tile's copy also packs the filter
// (fill_on_first_use_if_able), the others read the panel.
// RUN: %substitute --target znver4 "N=1 H=14 W=14 KH=3 KW=3 SH=2 SW=2 DH=1 DW=1 HI=29 WI=29 CI=16 CO=64" %S/Inputs/conv2d_strided.mlir \
// RUN:   | %regtile-opt -p 'builtin.module(transform-preload-library{transform-library-paths=%regtile-src/strategies,%S/Inputs/conv2d_schedule.mlir},transform-interpreter{entry-point=schedule},regtile-lower-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-pc-linux-gnu -mcpu=znver4 \
// RUN:   | %python %regtile-src/test/lib/asm_loops.py | FileCheck %s --check-prefix=ASM
// ASM: loop {{.*}}: fma=28 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0
// ASM-NEXT: loop {{.*}}: fma=28 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0
// ASM-NOT: loop
