#!/usr/bin/env python3
"""Load balance of regtile's thread partition, on paper: for the benchmark
shapes and 1 to 128 threads, which loop transform.regtile.distribute_over_threads
splits (max_loops = 1: the loop with the most grains), how many pieces the
run-time grid search makes, the register tiles of the busiest thread and
its share of the work against a perfect split (balance = ideal / busiest).
The same arithmetic as DistributeOverThreads.cpp (grains: the register
tile, default AVX-512 f32: GEMM 6 x 64, convolution 5 pixels x 64
channels; fork threshold: TargetInfo::forkJoinCycles at 32 points per
cycle, four fork/joins per thread).

Usage: scripts/parallel-balance.py [--threads 1,2,4,...] [--mr 6 --nr 64]
"""
import argparse
import math

MIN_POINTS = 4 * 4000 * 32  # minPointsPerThread on an AVX-512 core


def grid(counts, threads):
    """distribute_over_threads' search: t_1 x ... x t_k <= threads minimizing
    prod ceil(c / t), the first minimum in ascending t_1.. order."""
    best = (math.inf, None)

    def level(d, left, chosen):
        nonlocal best
        if d == len(counts) - 1:
            t = chosen + [min(left, counts[d])]
            cost = math.prod(math.ceil(c / x) for c, x in zip(counts, t))
            if cost < best[0]:
                best = (cost, t)
            return
        for t in range(1, min(left, counts[d]) + 1):
            level(d + 1, left // t, chosen + [t])

    level(0, threads, [])
    return best


def partition(loops, points, threads):
    """loops: [(name, extent, grain)]; returns the split loop, its pieces and
    the balance (ideal share / busiest thread's share)."""
    named = [(math.ceil(e / g), i) for i, (_, e, g) in enumerate(loops) if g]
    grains, idx = max(named)  # max_loops = 1 (ties: the later loop)
    for g, i in named:
        if g == grains:
            idx = i
    name, extent, grain = loops[idx]
    t = max(1, min(threads, points // MIN_POINTS))
    _, (tx,) = grid([grains], t)
    per = math.ceil(grains / tx)
    pieces = math.ceil(grains / per)
    busiest = min(per * grain, extent) / extent
    return name, pieces, t, (1 / threads) / busiest


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", default="1,2,3,4,7,8,16,32,64,128")
    p.add_argument("--mr", type=int, default=6)
    p.add_argument("--nr", type=int, default=64)
    p.add_argument("--rows", type=int, default=5)
    p.add_argument("--channels", type=int, default=64)
    a = p.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    work = []
    for m, n, k in [(512, 512, 512), (1024, 1024, 1024), (2048, 2048, 2048),
                    (1000, 1100, 900)]:
        work.append((f"sgemm {m}x{n}x{k}",
                     [("M", m, a.mr), ("N", n, a.nr), ("K", k, 0)], m * n * k))
    for nb, h, w, ci, co in [(5, 80, 100, 128, 128), (1, 56, 56, 64, 64)]:
        work.append((f"conv {nb}x{h}x{w} CI={ci} CO={co}",
                     [("n", nb, 1), ("oh", h, 1), ("ow", w, a.rows),
                      ("oc", co, a.channels)], nb * h * w * co * 9 * ci))
    print("| workload | split | " + " | ".join(f"{t} thr" for t in threads)
          + " |")
    print("|---|---|" + "---:|" * len(threads))
    for name, loops, points in work:
        cells, split = [], None
        for t in threads:
            split, pieces, used, balance = partition(loops, points, t)
            cells.append(f"{pieces}p {balance:.2f}")
        print(f"| {name} | {split} | " + " | ".join(cells) + " |")
    print("\nEach cell: pieces (threads that get work), and the balance: the "
          "ideal share 1/threads over the busiest thread's share.")


if __name__ == "__main__":
    main()
