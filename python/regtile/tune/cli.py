"""The command line of bin/regtile-tune (see the package's docstring)."""

import argparse
import json
import os
import re
import shlex
import sys

from . import TuneError, __doc__ as DOC
from .knobs import find_knobs, parse_selection, select
from .search import confirm, report, search
from .tuner import Tuner


def write_selected(args):
    """--select: the schedule with the given selections, checked against
    the knobs' options, written to --output."""
    with open(args.schedule) as f:
        text = f.read()
    try:
        config = parse_selection(find_knobs(text), args.select,
                                 args.schedule)
        if not args.output:
            raise TuneError("--select needs --output")
    except TuneError as e:
        print(f"regtile-tune: error: {e}", file=sys.stderr)
        return 1
    with open(args.output, "w") as f:
        f.write(select(text, config))
    print(f"selected: {args.select}\nschedule: {args.output}")
    return 0


def parser(root):
    """The command line."""
    p = argparse.ArgumentParser(
        description=DOC.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=DOC.split("\n\n", 1)[1])
    p.add_argument("--payload", required=True)
    p.add_argument("--params", default="",
                   help='shape parameters of the payload, e.g. "M=384 N=512"')
    p.add_argument("--arg", action="append", default=[],
                   metavar="NAME=VALUE",
                   help="the kernel's arguments that its type does not fix "
                        "(repeatable): the shape of a memref with dynamic "
                        "sizes (A=2048x2048), the value of an index or "
                        "integer argument (M=2048)")
    p.add_argument("--schedule", required=True,
                   help="the transform library file with the knobs")
    p.add_argument("--library", action="append", default=[],
                   help="more transform library paths (files or "
                        "directories, e.g. strategies/), repeatable")
    p.add_argument("--entry", required=True,
                   help="named sequence to run (the schedule's entry point)")
    p.add_argument("--func", required=True, help="the kernel function")
    p.add_argument("--reference-entry",
                   help="compute the reference with this named sequence of "
                        "the schedule (default: the unscheduled payload; "
                        "for payloads that do not lower unscheduled, e.g. "
                        "linalg.pack on tensors)")
    p.add_argument("--output", help="write the tuned schedule here")
    p.add_argument("--select", metavar='"NAME=VALUE ..."',
                   help="no measurement: write the schedule (--output) with "
                        "these knobs selected (e.g. a tuning result "
                        "recorded for this CPU)")
    p.add_argument("--knob", action="append", default=[],
                   help="tune only this knob (repeatable; default: every "
                        "knob; the others keep their selection)")
    p.add_argument("--max-configs", type=int, default=32)
    p.add_argument("--seconds", type=float, default=600,
                   help="stop starting new batches after this long")
    p.add_argument("--search", choices=["auto", "grid"], default="auto")
    p.add_argument("--batch", type=int, default=8,
                   help="configurations timed together in one process")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-confirm", action="store_true",
                   help="keep the search's best without timing it again")
    p.add_argument("--confirm-reps", type=int,
                   help="rounds of the confirmation run (default: twice "
                        "--reps)")
    p.add_argument("--min-gain", type=float, default=0.01,
                   help="the best configuration is kept only if it is at "
                        "least this much faster than the schedule as given "
                        "in the confirmation run (default 0.01: 1%%)")
    p.add_argument("--rtol", type=float, default=1e-5)
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--min-time", type=float, default=0.02)
    p.add_argument("--cpu", type=int)
    p.add_argument("--threads", type=int,
                   help="time the kernels on this many threads, pinned to "
                        "as many cores (the harness's --threads; default 1)")
    p.add_argument("--cxx", default=os.environ.get("CXX", "c++"),
                   help="C++ compiler of the harness and driver")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=float, default=600)
    p.add_argument("--build-dir", default=os.path.join(root, "build"))
    p.add_argument("--plugin")
    p.add_argument("--llvm-bin")
    p.add_argument("--work", help="keep intermediate files here")
    return p


def resolve_tools(args, root):
    """Where the plugin, LLVM, the kernel compiler and the harness are: an
    installed prefix (share/regtile/tune, with config.json) or the source
    tree (a build directory, bench/)."""
    installed = os.path.join(root, "share", "regtile", "tune")
    config = None
    if os.path.isdir(os.path.join(root, "bench", "harness")):
        args.compile_kernel = os.path.join(root, "bench", "compile-kernel.sh")
        args.harness_dir = os.path.join(root, "bench", "harness")
    else:
        args.compile_kernel = os.path.join(installed, "compile-kernel.sh")
        args.harness_dir = os.path.join(installed, "harness")
        with open(os.path.join(installed, "config.json")) as f:
            config = json.load(f)
    if config and not args.plugin:
        args.plugin = os.path.join(root, config["plugin"])
    if config and not args.llvm_bin:
        args.llvm_bin = config["llvm_bin"]
    if not args.plugin:
        args.plugin = os.path.join(args.build_dir, "lib",
                                   "libRegtilePlugin.so")
    if not args.llvm_bin:
        dirs = os.path.join(args.build_dir, "llvm-dirs.sh")
        args.llvm_bin = "/usr/lib/llvm-22/bin"
        if os.path.exists(dirs):
            m = re.search(r"LLVM_BIN=(\S+)", open(dirs).read())
            if m:
                args.llvm_bin = shlex.split(m.group(1))[0]


def main(root, argv=None):
    """bin/regtile-tune: `root` is the source tree or the prefix."""
    args = parser(root).parse_args(argv)
    resolve_tools(args, root)
    if args.select is not None:
        return write_selected(args)
    args.library = [os.path.abspath(x) for x in args.library]
    args.schedule = os.path.abspath(args.schedule)
    args.payload = os.path.abspath(args.payload)
    try:
        tuner = Tuner(args)
        search(tuner)
        best = report(tuner)
        if not args.no_confirm:
            print(file=tuner.log)
            best = confirm(tuner, best)
    except TuneError as e:
        print(f"regtile-tune: error: {e}", file=sys.stderr)
        return 1
    note = ""
    if "rejected" in best:
        pick, speed = best["rejected"]
        note = (f"; {tuner.describe(pick['config'])}: {pick['speed']:.3f}x "
                f"in the search, {speed:.3f}x when confirmed")
    elif "confirmed" in best:
        note = f"; {best['confirmed']:.3f}x when confirmed"
    print(f"\nbest: {tuner.describe(best['config'])} "
          f"({best['speed']:.3f}x the schedule as given{note})")
    if args.output:
        with open(args.output, "w") as f:
            f.write(select(tuner.schedule_text, best["config"]))
        print(f"tuned schedule: {args.output}")
    return 0

