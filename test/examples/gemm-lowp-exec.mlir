// Execution: examples/gemm_lowp scheduled only by @regtile_matmul
// (strategies/) computes what the unscheduled payload computes: the bf16
// GEMM (vdpbf16ps on AVX-512 BF16 hosts) and the u8 x s8 GEMM (vpdpbusd on
// AVX-512 VNNI hosts) through the dot-product micro-kernel (B packed with K
// interleaved in groups of 2 or 4, zero-padded), the s8 x s8 GEMM too
// (packed B flipped to u8, 128 x A's row sums subtracted) and the u8 x u8
// GEMM (B flipped to s8, the sums added). Integers compare exactly, on the whole
// i8 range (-128, 127; 0 and 255 where read unsigned); bf16 inputs are
// multiples of 1/8 in
// [-4, 4], whose products and sums f32 holds exactly, so the pair sums of
// vdpbf16ps give the same bits. Shapes: smaller than a tile, M = 1, N = 1,
// K not a multiple of 4 or 2 (29, 7, 131: a partial last group, read
// masked), primes, one K block of 1100.
// The cases are the check examples/examples.json lists for it:
// RUN: %examples check gemm_lowp -- %difftest-args | FileCheck %s
// CHECK: == gemm_lowp {{.*}}: gemm_lowp_regtile{{$}}
// CHECK: PASS 7 cases
// On 1, 2, 3 and 7 threads (more than the cores), shapes large enough to split:
// RUN: %examples check gemm_lowp -- %difftest-args --threads 1,2,3,7 --case "M=300 N=257 K=130" | FileCheck %s --check-prefix=THREADS
// THREADS: PASS 1 cases
