// Execution: examples/conv_lowp scheduled only by @regtile_conv2d
// (strategies/) computes what the unscheduled payload computes: the bf16
// conv + bias + ReLU (vdpbf16ps on AVX-512 BF16 hosts) and the u8 x s8
// conv (vpdpbusd on AVX-512 VNNI hosts) through the dot-product
// micro-kernel (the filter packed with the input channels interleaved in
// groups of 2 or 4, zero-padded; the accumulators kept across the kh,
// channel-group and kw loops), and the s8 x s8 conv (the packed filter
// flipped to u8 once, the accumulators started 128 x the rows' window sums
// lower). Integers compare exactly, on the whole i8 range (-128,
// 127; 0 and 255 where read unsigned); bf16 inputs and the bias are
// multiples of 1/8 in [-4, 4], whose products and sums f32 holds exactly,
// so the pair sums of vdpbf16ps give the same bits. Shapes: channels not a
// multiple of the group (17, 3, 1: a partial last group, read masked) or
// of the vector (40, 130, 1), a 1x1 output, odd widths.
// The cases are the check examples/examples.json lists for it:
// RUN: %examples check conv_lowp -- %difftest-args | FileCheck %s
// CHECK: == conv_lowp {{.*}}: conv_lowp_regtile{{$}}
// CHECK: PASS 5 cases
// On 1, 2, 3 and 7 threads (more than the cores), a shape large enough to
// split:
// RUN: %examples check conv_lowp -- %difftest-args --threads 1,2,3,7 --case "N=2 H=9 W=21 HI=11 WI=23 CI=18 CO=48" | FileCheck %s --check-prefix=THREADS
// THREADS: PASS 1 cases
// These filters are small: the output channel blocks are the innermost
// tile loop, the whole filter packed (interleaved) before the row tiles.
// With them outermost (channels_innermost = 2, a filter of more than a
// third of L2), the filter packed per block, on 1, 2, 3 and 7 threads:
// RUN: sed 's/"conv.channels_innermost"> = 0/"conv.channels_innermost"> = 2/' \
// RUN:   %regtile-src/examples/conv_lowp/schedule.mlir > %t.outer.mlir
// RUN: %difftest --threads 1,2,3,7 --no-warnings %regtile-src/examples/conv_lowp/conv_lowp.mlir \
// RUN:   --schedule 'transform-preload-library{transform-library-paths=%regtile-src/strategies,%t.outer.mlir},transform-interpreter{entry-point=conv_lowp_regtile}' \
// RUN:   --case "N=2 H=5 W=7 HI=7 WI=9 CI=17 CO=40" \
// RUN:   --case "N=1 H=7 W=29 HI=9 WI=31 CI=66 CO=130" | FileCheck %s --check-prefix=OUTER
// OUTER: PASS 2 cases
