#!/usr/bin/env python3
"""Benchmark report from the drivers' JSON (build/<name>.json, and
build/<name>-2threads.json from a run with --threads=2).

Writes, into --out (default build/benchmarks/):
  <name>.png   one bar chart per benchmark: the ratio that bounds it (x peak
               for GEMM and conv, x read loop for reductions, x memcpy for
               pack/unpack) of every variant, per workload, regtile's
               variants highlighted;
  summary.md   a compact table: per workload, regtile's best variant and
               the best other variant (references excluded), and their
               speed ratio;
  tables.md    the full tables.
With --publish, also copies the charts to docs/benchmarks/, the full tables
into docs/benchmarks.md and the summary into README.md (between the
`<!-- benchmark-summary -->` markers). scripts/run-examples.sh runs it
without --publish. Needs matplotlib (Debian python3-matplotlib).
"""

import argparse
import json
import os
import re
import shutil
import sys
import time

BENCHMARKS = [  # json name, title, ratio key, ratio label
    ("gemm", "f32 GEMM (seed 002)", "peak_ratio", "x peak"),
    # x peak: to the peak loop of the unit the type runs on (bf16:
    # vdpbf16ps; u8s8, s8s8: vpdpbusd).
    ("gemm_lowp", "int8 / bf16 GEMM (dot-product units)", "peak_ratio",
     "x unit peak"),
    ("conv_relu", "conv + bias + ReLU (seed 000)", "peak_ratio", "x peak"),
    ("conv_lowp", "int8 / bf16 conv layer (dot-product units)", "peak_ratio",
     "x unit peak"),
    ("reductions", "innermost reductions (seed 001)", "read_ratio",
     "x read loop"),
    ("pack", "pack / unpack (seed 004)", "memcpy_ratio", "x memcpy"),
    ("supervector", "super-vectorization (seed 003)", "bound_ratio",
     "x bound: memcpy (vector_add_2d), read loop (vecred)"),
]

# "bound_ratio": the ratio to each workload's own bound, by workload prefix.
BOUND_KEYS = {"vector_add_2d": "memcpy_ratio", "vecred": "read_ratio"}
BOUND_LABELS = {"memcpy_ratio": "x memcpy", "read_ratio": "x read loop"}


def row_label(key, label, workload):
    """The ratio's label in a summary row (a bound_ratio names its bound)."""
    if key != "bound_ratio":
        return label
    for prefix, bound in BOUND_KEYS.items():
        if workload.startswith(prefix):
            return BOUND_LABELS[bound]
    return label


def is_regtile(variant):
    return variant.startswith("regtile")


def is_reference(variant):
    return variant.startswith("reference")


def load(build):
    """Each benchmark's run on one thread (<name>.json) and, where there is
    one, on two (<name>-2threads.json: scripts/run-examples.sh)."""
    out = []
    for name, title, key, label in BENCHMARKS:
        for suffix, threads in (("", ""), ("-2threads", ", 2 threads")):
            path = os.path.join(build, f"{name}{suffix}.json")
            if not os.path.exists(path):
                continue
            with open(path) as f:
                data = json.load(f)
            for k in data["kernels"]:
                for prefix, bound in BOUND_KEYS.items():
                    if k["workload"].startswith(prefix):
                        k["bound_ratio"] = k.get(bound)
            data["machine"]["date"] = time.strftime(
                "%Y-%m-%d", time.gmtime(os.path.getmtime(path)))
            out.append((name + suffix, title + threads, key, label, data))
    return out


def workloads(data):
    order = []
    for k in data["kernels"]:
        if k["workload"] not in order:
            order.append(k["workload"])
    return order


def machine_line(data):
    m = data["machine"]
    threads = m.get("threads", 1)
    where = (f"core {m['cpu']}" if threads == 1 else
             f"{threads} threads on cores {m['cpu']}-{m['cpu'] + threads - 1}")
    units = "".join(
        f", {name} peak {m[key]:.0f} GOP/s" for key, name in
        (("peak_vpdpbusd_gops", "vpdpbusd"),
         ("peak_vdpbf16ps_gflops", "vdpbf16ps"),
         ("peak_amx_int8_gops", "AMX tdpbusd"),
         ("peak_amx_bf16_gflops", "AMX tdpbf16ps")) if m.get(key))
    return (f"{m.get('date', '')}, "
            f"{m.get('cpu_model', 'CPU not recorded')}, {where}, "
            f"peak {m['peak_gflops']:.1f} GFLOP/s{units}, memcpy "
            f"{m['memcpy_gbs']:.1f} GB/s, medians of {m['rounds']} "
            f"interleaved rounds")


def plot(name, title, key, label, data, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    wls = workloads(data)
    variants = []
    for k in data["kernels"]:
        if k["variant"] not in variants:
            variants.append(k["variant"])
    height = 0.8 / max(len(variants), 1)
    fig, ax = plt.subplots(figsize=(11, 1.2 + 0.42 * len(wls) *
                                    len(variants) ** 0.8))
    reds = ["#d62728", "#8c1515", "#f4a3a3", "#e8590c"]
    others = ["#9ecae1", "#3182bd", "#fdae6b", "#31a354", "#a1d99b",
              "#756bb1", "#bcbddc", "#636363", "#bdbdbd", "#e6ab02"]
    mine = [v for v in variants if is_regtile(v)]
    rest = [v for v in variants if not is_regtile(v)]
    for vi, v in enumerate(variants):
        ys, xs = [], []
        for wi, w in enumerate(wls):
            for k in data["kernels"]:
                if k["workload"] == w and k["variant"] == v and \
                        k[key] is not None:
                    ys.append(wi + vi * height)
                    xs.append(k[key])
        color = (reds[mine.index(v) % len(reds)] if is_regtile(v) else
                 others[rest.index(v) % len(others)])
        ax.barh(ys, xs, height=height, label=v, color=color,
                edgecolor="black" if is_regtile(v) else None, linewidth=0.6)
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(wls))])
    ax.set_yticklabels(wls, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(label)
    ax.axvline(1.0, color="gray", linewidth=0.8, linestyle="--")
    ax.set_title(f"{title}\n{machine_line(data)}", fontsize=9)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    fig.savefig(os.path.join(out, f"{name}.png"), dpi=110)
    plt.close(fig)


def summary(benchmarks):
    lines = ["| benchmark | workload | regtile (best) | best other variant | "
             "regtile vs it |", "|---|---|---:|---|---:|"]
    machines = []
    for name, title, key, label, data in benchmarks:
        machines.append(f"- {title}: {machine_line(data)}")
        for w in workloads(data):
            ks = [k for k in data["kernels"] if k["workload"] == w]
            ks = [k for k in ks if k[key] is not None]
            mine = [k for k in ks if is_regtile(k["variant"])]
            other = [k for k in ks if not is_regtile(k["variant"])
                     and not is_reference(k["variant"])]
            if not mine or not other:
                continue
            a = max(mine, key=lambda k: k[key])
            b = max(other, key=lambda k: k[key])
            lines.append(f"| {title} | {w} | {a[key]:.2f} "
                         f"{row_label(key, label, w)} | "
                         f"{b['variant']}: {b[key]:.2f} | "
                         f"{a[key] / b[key]:.2f}x |")
    return ("\n".join(lines) + speedups(benchmarks) + "\n\nMeasured on:\n" +
            "\n".join(machines) + "\n")


def speedups(benchmarks):
    """Per workload: regtile's best variant on two threads, its time on one
    thread over its time on two (the same variant, each run's median)."""
    one = {b[0]: b[4] for b in benchmarks}
    lines = []
    for name, title, key, label, data in benchmarks:
        if not name.endswith("-2threads") or name[:-9] not in one:
            continue
        serial = one[name[:-9]]["kernels"]
        for w in workloads(data):
            mine = [k for k in data["kernels"] if k["workload"] == w
                    and is_regtile(k["variant"]) and k[key] is not None]
            if not mine:
                continue
            a = max(mine, key=lambda k: k[key])
            s = [k for k in serial if k["workload"] == w
                 and k["variant"] == a["variant"] and k["seconds"]]
            if s and a["seconds"]:
                lines.append(f"| {title} | {w} | {a['variant']} | "
                             f"{s[0]['seconds'] / a['seconds']:.2f}x |")
    if not lines:
        return ""
    return ("\n\nTwo threads against one (regtile's best variant on two "
            "threads, the same variant's time on one thread over its time "
            "on two):\n\n| benchmark | workload | variant | speed-up |\n"
            "|---|---|---|---:|\n" + "\n".join(lines))


def fmt(v, spec=".2f"):
    return "-" if v is None else format(v, spec)


def tables(benchmarks):
    out = []
    for name, title, key, label, data in benchmarks:
        out.append(f"### {title}\n\n{machine_line(data)}.\n")
        out.append("| workload | variant | time (ms) | x peak | x memcpy | "
                   "x read loop | speed vs first variant |")
        out.append("|---|---|---:|---:|---:|---:|---:|")
        for k in data["kernels"]:
            out.append(f"| {k['workload']} | {k['variant']} | "
                       f"{fmt(k['seconds'] * 1e3, '.4g')} | "
                       f"{fmt(k['peak_ratio'])} | {fmt(k['memcpy_ratio'])} | "
                       f"{fmt(k['read_ratio'])} | {fmt(k['speed_vs_first'])} |")
        out.append("")
    return "\n".join(out)


def replace_region(path, marker, text):
    with open(path) as f:
        s = f.read()
    begin, end = f"<!-- {marker} -->", f"<!-- /{marker} -->"
    pattern = re.escape(begin) + r".*?" + re.escape(end)
    if not re.search(pattern, s, re.S):
        sys.exit(f"bench-report: no {begin} ... {end} region in {path}")
    s = re.sub(pattern, lambda _: f"{begin}\n{text}{end}", s, flags=re.S)
    with open(path, "w") as f:
        f.write(s)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--out", default=None)
    ap.add_argument("--publish", action="store_true")
    args = ap.parse_args()
    out = args.out or os.path.join(args.build, "benchmarks")
    os.makedirs(out, exist_ok=True)
    benchmarks = load(args.build)
    if not benchmarks:
        sys.exit(f"bench-report: no benchmark JSON in {args.build}")
    for b in benchmarks:
        plot(*b[:4], b[4], out)
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write(summary(benchmarks))
    with open(os.path.join(out, "tables.md"), "w") as f:
        f.write(tables(benchmarks))
    print(f"bench-report: charts and tables in {out}")
    if args.publish:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        docs = os.path.join(root, "docs", "benchmarks")
        os.makedirs(docs, exist_ok=True)
        for b in benchmarks:
            shutil.copy(os.path.join(out, f"{b[0]}.png"), docs)
        replace_region(os.path.join(root, "README.md"), "benchmark-summary",
                       summary(benchmarks))
        replace_region(os.path.join(root, "docs", "benchmarks.md"),
                       "benchmark-tables", tables(benchmarks))
        print("bench-report: published to docs/benchmarks/, "
              "docs/benchmarks.md and README.md")


if __name__ == "__main__":
    main()
