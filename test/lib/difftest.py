#!/usr/bin/env python3
"""Differential execution test: scheduled vs unscheduled payload.

For each case of FILE (a payload module with a `main` function and a
transform schedule `@__transform_main`):
  1. scheduled:   mlir-opt + plugin -p 'transform-interpreter, regtile-lower-to-llvm'
  2. reference:   mlir-opt + plugin -p 'regtile-lower-to-llvm'  (schedule dropped;
                  or `--reference-schedule` first, e.g. an upstream lowering)
  3. both are JIT-run with mlir-runner and their printed buffers compared:
     exactly by default, or within --rtol/--atol for floats when the schedule
     may reassociate (zeros' signs and NaN-ness must match in any case).
It fails if the schedule does not change the lowered IR (a schedule that
matched nothing proves nothing) unless --allow-unchanged is given.
`--threads 1,2,3,7` runs the scheduled module once per thread count
(OMP_NUM_THREADS), each compared with the one reference: the thread count
changes only the run, so each case is lowered once.

Cases:
  * `// -----` splits FILE into independent modules (like -split-input-file);
  * `// DIFFTEST-CASE: N=383 M=517` lines inside a split instantiate it once
    per line, replacing `${N}`, `${M}`, ... in the text; `--case "N=3 M=5"`
    (repeatable) replaces those lines; `--define NR=16` (repeatable) gives a
    value to every case of every split (e.g. a register tile that fits the
    host, chosen by the lit RUN line).
The schedule is applied by `--schedule` (default `transform-interpreter`),
e.g. `transform-preload-library{transform-library-paths=s.mlir},
transform-interpreter{entry-point=my_schedule}` for a schedule kept in its
own file.
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "python"))
from regtile.substitute import parse, substitute, with_target  # noqa: E402


TIMEOUT = 300  # seconds per command; a hang is a failure, not a stall
SPLIT = "\n// -----\n"  # between the modules of a --split-input-file run


def run(cmd, stdin_text, what, stderr=None, env=None):
    """stdout of `cmd` (exits on failure); its stderr is appended to the
    list `stderr` if given."""
    try:
        proc = subprocess.run(cmd, input=stdin_text, capture_output=True,
                              text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        sys.stderr.write(f"difftest: {what} timed out after {TIMEOUT} s:\n"
                         f"  {' '.join(cmd)}\n")
        sys.exit(1)
    if proc.returncode != 0:
        sys.stderr.write(f"difftest: {what} failed (exit {proc.returncode}):\n"
                         f"  {' '.join(cmd)}\n{proc.stderr}\n")
        sys.exit(1)
    if stderr is not None:
        stderr.append(proc.stderr)
    return proc.stdout


def run_split(cmd, texts, timeout):
    """One `--split-input-file` run of `cmd` over `texts`: (the finished
    process, the output of each text, "" for one that failed), or None if
    it timed out or its outputs do not match the texts."""
    try:
        proc = subprocess.run(cmd + ["--split-input-file"],
                              input=SPLIT.join(texts), capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    outputs = proc.stdout.split(SPLIT.lstrip("\n"))
    if len(outputs) != len(texts):
        return None
    return proc, [o if o.strip() else "" for o in outputs]


def run_jit(runner, module_text, what, threads=(None,)):
    """mlir-runner on a module, once per thread count (None: the inherited
    OMP_NUM_THREADS); a list of outputs. The module goes through a file:
    given a large module (~0.5 MB) on stdin, mlir-runner 22 hangs."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(module_text)
        f.flush()
        outputs = []
        for t in threads:
            env = None
            if t is not None:
                env = {**os.environ, "OMP_NUM_THREADS": str(t)}
            outputs.append(run(runner + [f.name], None,
                               what + (f" ({t} threads)" if t else ""),
                               env=env))
        return outputs


def parse_output(text, what):
    """Returns a list of (header, [values as strings])."""
    buffers = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("buffer "):
            buffers.append((line, []))
        elif buffers:
            buffers[-1][1].append(line)
        else:
            sys.stderr.write(f"difftest: {what}: output before first buffer: "
                             f"{line!r}\n")
            sys.exit(1)
    return buffers


def values_differ(r, g, is_float, rtol, atol, zero_sign):
    """None if printed values r and g agree, else the error (inf if not
    comparable). Floats: NaNs agree whatever their sign; zeros of different
    signs differ unless `zero_sign` is False; others within atol + rtol*|r|."""
    if r == g:
        return None
    if not is_float:
        return math.inf
    fr, fg = float(r), float(g)
    if math.isnan(fr) or math.isnan(fg):
        return None if math.isnan(fr) and math.isnan(fg) else math.inf
    err = abs(fr - fg)
    if err == 0.0:
        # -0 and +0: a different value for minimumf/maximumf and copysign.
        return math.inf if zero_sign else None
    if math.isinf(err) or err > atol + rtol * abs(fr):
        return math.inf
    return err


def compare(ref, got, rtol, atol, label, zero_sign=True):
    """Compares the printed buffers; (error message or None, values
    compared, largest accepted float error). `rtol`, `atol`, `zero_sign`
    are one value for every buffer or a list with one per buffer."""
    if len(ref) != len(got):
        return f"{label}: {len(ref)} buffers printed by the reference, " \
               f"{len(got)} by the scheduled version", 0, 0.0
    per = lambda x, b: x[b] if isinstance(x, list) else x
    count, max_err, errors = 0, 0.0, []
    for b, ((rh, rv), (gh, gv)) in enumerate(zip(ref, got)):
        if rh != gh or len(rv) != len(gv):
            return f"{label}: buffer {b}: '{rh}' ({len(rv)} values) vs " \
                   f"'{gh}' ({len(gv)} values)", count, max_err
        is_float = not re.search(r"buffer i\d+", rh)
        for i, (r, g) in enumerate(zip(rv, gv)):
            count += 1
            err = values_differ(r, g, is_float, per(rtol, b), per(atol, b),
                                per(zero_sign, b))
            if err is None:
                continue
            if math.isinf(err):
                errors.append((b, i, r, g))
            else:
                max_err = max(max_err, err)
            if len(errors) >= 10:
                break
        if errors:
            msg = "\n".join(f"  buffer {b} element {i}: reference {r}, "
                            f"scheduled {g}" for b, i, r, g in errors)
            return f"{label}: values differ:\n{msg}", count, max_err
    return None, count, max_err


class Runner:
    """Lowers a payload with and without its schedule and runs both."""

    def __init__(self, opt, plugin, runner, shared_libs, lower_options="",
                 schedule="transform-interpreter", reference_schedule=""):
        self.opt = [opt, f"--load-dialect-plugin={plugin}",
                    f"--load-pass-plugin={plugin}"]
        self.lower = "regtile-lower-to-llvm" + \
            (f"{{{lower_options}}}" if lower_options else "")
        self.runner = [runner, "-e", "main", "--entry-point-result=void",
                       "-O3", f"--shared-libs={shared_libs}"]
        self.schedule = schedule
        self.reference_schedule = reference_schedule

    def lower_all(self, srcs, labels, no_warnings=False):
        """[(scheduled IR, reference IR)] of each source; exits on a failure.
        Each lowering is one mlir-opt run over all sources
        (--split-input-file: the tool's start-up dominates a small case);
        if that run fails or warns, the sources are lowered one by one, for
        the diagnostics of the case at fault."""
        ref = self.reference_schedule + "," if self.reference_schedule else ""
        pipelines = [(f"builtin.module({self.schedule},{self.lower})",
                      "scheduled lowering", no_warnings),
                     (f"builtin.module({ref}{self.lower})",
                      "reference lowering", False)]
        lowered = []
        for pipeline, what, strict in pipelines:
            cmd = self.opt + ["-p", pipeline]
            split = run_split(cmd, srcs, TIMEOUT * len(srcs)) \
                if len(srcs) > 1 else None
            outputs = None
            if split and split[0].returncode == 0 and \
                    not (strict and "warning:" in split[0].stderr):
                outputs = split[1]
            if outputs is None:
                outputs = []
                for src, label in zip(srcs, labels):
                    diagnostics = []
                    outputs.append(run(cmd, src, f"{label}: {what}",
                                       diagnostics))
                    if strict and "warning:" in diagnostics[0]:
                        sys.stderr.write(f"difftest: {label}: the {what} "
                                         f"warned:\n{diagnostics[0]}\n")
                        sys.exit(1)
            lowered.append(outputs)
        return list(zip(*lowered))

    def run_lowered(self, sched_ir, ref_ir, label, allow_unchanged=False,
                    threads=(None,)):
        """(reference buffers, [scheduled buffers per thread count]) of a
        lowered case; exits on a failure."""
        if sched_ir == ref_ir and not allow_unchanged:
            sys.stderr.write(f"difftest: {label}: the schedule did not change "
                             "the lowered IR\n")
            sys.exit(1)
        got = [parse_output(out, "scheduled")
               for out in run_jit(self.runner, sched_ir,
                                  f"{label}: scheduled run", threads)]
        ref = parse_output(run_jit(self.runner, ref_ir,
                                   f"{label}: reference run")[0], "reference")
        if not ref:
            sys.stderr.write(f"difftest: {label}: the reference printed no "
                             "buffer\n")
            sys.exit(1)
        return ref, got

    def run(self, src, label, allow_unchanged=False, no_warnings=False,
            threads=(None,)):
        """run_lowered of one source."""
        (sched_ir, ref_ir), = self.lower_all([src], [label], no_warnings)
        return self.run_lowered(sched_ir, ref_ir, label, allow_unchanged,
                                threads)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--opt", required=True, help="mlir-opt")
    ap.add_argument("--plugin", required=True, help="libRegtilePlugin.so")
    ap.add_argument("--runner", required=True, help="mlir-runner")
    ap.add_argument("--shared-libs", required=True,
                    help="comma-separated libraries for mlir-runner")
    ap.add_argument("--lower-options", default="",
                    help="options of regtile-lower-to-llvm, e.g. target=haswell")
    ap.add_argument("--rtol", type=float, default=0.0)
    ap.add_argument("--atol", type=float, default=0.0)
    ap.add_argument("--any-zero-sign", action="store_true",
                    help="accept -0 for +0 (the payload leaves the sign of a "
                         "zero unspecified, e.g. minnumf)")
    ap.add_argument("--schedule", default="transform-interpreter",
                    help="passes that apply the schedule (textual pipeline "
                         "elements, without builtin.module(...))")
    ap.add_argument("--reference-schedule", default="",
                    help="passes that build the reference (default: none, "
                         "the payload as written), e.g. "
                         "'transform-interpreter{entry-point=reference}'")
    ap.add_argument("--case", action="append", default=[],
                    help="shape parameters, e.g. 'N=3 M=5'; replaces the "
                         "DIFFTEST-CASE lines")
    ap.add_argument("--allow-unchanged", action="store_true")
    ap.add_argument("--no-warnings", action="store_true",
                    help="fail if the scheduled lowering warns (a mark a "
                         "pass could not honor, a skipped step)")
    ap.add_argument("--threads", default="",
                    help="comma-separated thread counts (OMP_NUM_THREADS) "
                         "to run the scheduled module with, e.g. 1,2,3,7")
    ap.add_argument("--target", default="",
                    help="pin each case's regtile.target, e.g. "
                         "'host,fork-join-cycles=0' (split any work over "
                         "the threads)")
    ap.add_argument("--define", action="append", default=[],
                    help="K=V: replaces ${K} in every case (repeatable)")
    args = ap.parse_args()

    text = open(args.file).read()
    splits = re.split(r"^// -----\s*$", text, flags=re.M)
    runner = Runner(args.opt, args.plugin, args.runner, args.shared_libs,
                    args.lower_options, args.schedule, args.reference_schedule)
    defines = parse(" ".join(args.define))
    threads = [int(t) for t in args.threads.split(",") if t] or [None]
    srcs, labels = [], []
    for s, chunk in enumerate(splits):
        lines = args.case or re.findall(r"^// DIFFTEST-CASE:(.*)$", chunk,
                                        re.M)
        cases = [{**defines, **parse(m)} for m in lines]
        for params in cases or [dict(defines)]:
            labels.append(f"split {s}" + (f" {params}" if params else ""))
            try:
                src = substitute(chunk, params)
                if args.target and re.search(r"^\s*module\b", src, re.M):
                    sys.stderr.write(f"difftest: {labels[-1]}: --target "
                                     "needs a payload without a module op "
                                     "(it wraps the payload in one)\n")
                    return 1
                srcs.append(with_target(src, args.target) if args.target
                            else src)
            except KeyError as e:
                sys.stderr.write(f"difftest: {labels[-1]}: {e.args[0]}\n")
                return 1
    total_cases = total_values = 0
    lowered = runner.lower_all(srcs, labels, args.no_warnings)
    for label, (sched_ir, ref_ir) in zip(labels, lowered):
        ref, gots = runner.run_lowered(sched_ir, ref_ir, label,
                                       args.allow_unchanged, threads)
        for t, got in zip(threads, gots):
            run_label = label + (f" {t} threads" if t else "")
            err, count, max_err = compare(ref, got, args.rtol, args.atol,
                                          run_label, not args.any_zero_sign)
            if err:
                sys.stderr.write(f"difftest: FAIL {err}\n")
                return 1
            print(f"difftest: {run_label}: OK {len(ref)} buffers, "
                  f"{count} values, max_abs_err={max_err:g}", flush=True)
        total_cases += 1
        total_values += count
    print(f"difftest: PASS {total_cases} cases, {total_values} values" +
          (f", threads {args.threads}" if args.threads else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
