"""regtile's examples, described once in examples/examples.json.

bench/CMakeLists.txt compiles the benchmark kernels the manifest lists;
scripts/run-examples.sh and test/examples/ check, tune and select through
this module:
  python3 -m regtile.examples validate
  python3 -m regtile.examples list        # NAME BENCHMARK per line
  python3 -m regtile.examples check [NAME ...] -- DIFFTEST-ARGS
  python3 -m regtile.examples tune OUT-DIR [NAME ...] [--build-dir DIR] [--reps N]
  python3 -m regtile.examples select RECORDED-FILE OUT-DIR
(run with python/ on PYTHONPATH).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from regtile.tune import TuneError
from regtile.tune.knobs import find_knobs, parse_selection, select

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


class ExampleError(Exception):
    """A manifest that does not match the examples, or a failed step."""


def load(root=ROOT):
    """The manifest's examples, with absolute paths."""
    with open(os.path.join(root, "examples", "examples.json")) as f:
        examples = json.load(f)["examples"]
    for ex in examples:
        for key in ("payload", "schedule"):
            ex[key] = os.path.join(root, "examples", ex[key])
    return examples


def library(ex, schedule=None, root=ROOT):
    """The transform library paths of an example's schedule (the strategy
    library first where it uses it)."""
    paths = [os.path.join(root, "strategies")] if ex["strategies"] else []
    return paths + [schedule or ex["schedule"]]


def tuned_schedules(ex):
    """(name, func, shape name, params) of each schedule tuned for `ex`
    (none without a `tuned` entry)."""
    if "tuned" not in ex:
        return []
    t = ex["tuned"]
    return [(t["name"].format(func=func, shape=shape), func, shape, params)
            for func in t["funcs"] for shape, params in ex["shapes"].items()]


def kernels(ex):
    """(func, variant, shape name, params, kernel) of each benchmark kernel:
    each of a kernel's funcs for each of the example's shapes, or of the
    kernel's own `shapes` (names of the example's) if it lists them."""
    return [(func, k["variant"], shape, params, k)
            for k in ex["kernels"] for func in k["funcs"]
            for shape, params in ex["shapes"].items()
            if shape in k.get("shapes", ex["shapes"])]


def _symbols(path, pattern):
    with open(path) as f:
        return set(re.findall(pattern, f.read()))


def validate(root=ROOT):
    """Checks that the manifest matches the examples: files, functions,
    entry points and knobs exist; returns a one-line summary."""
    examples = load(root)
    names = [ex["name"] for ex in examples]
    if len(set(names)) != len(names):
        raise ExampleError(f"duplicate example names in {names}")
    count = tuned = 0
    for ex in examples:
        where = f"example {ex['name']}"
        for key in ("payload", "schedule"):
            if not os.path.isfile(ex[key]):
                raise ExampleError(f"{where}: no {key} {ex[key]}")
        funcs = _symbols(ex["payload"], r"func\.func\s+(?:\w+\s+)?@(\w+)")
        entries = set()
        for path in library(ex, root=root):
            files = ([os.path.join(path, f) for f in sorted(os.listdir(path))
                      if f.endswith(".mlir")] if os.path.isdir(path)
                     else [path])
            for f in files:
                entries |= _symbols(f, r"transform\.named_sequence\s+@(\w+)")
        used = [(k["entry"], k["funcs"]) for k in ex["kernels"]]
        if "tuned" in ex:
            used.append((ex["tuned"]["entry"], ex["tuned"]["funcs"]))
        used += [(e, []) for run in ex["check"] for e in run.get("entries", [])]
        for run in ex["check"]:
            if "generator" in run and not os.path.isfile(
                    os.path.join(root, run["generator"][0])):
                raise ExampleError(f"{where}: no generator "
                                   f"{run['generator'][0]}")
        for entry, fs in used:
            if entry not in entries:
                raise ExampleError(f"{where}: no named sequence @{entry} in "
                                   f"{', '.join(library(ex, root=root))}")
            for func in fs:
                if func not in funcs:
                    raise ExampleError(f"{where}: no function @{func} in "
                                       f"{ex['payload']}")
        with open(ex["schedule"]) as f:
            knobs = find_knobs(f.read())
        for _, func, _, _ in tuned_schedules(ex):
            for step in ex["tuned"]["steps"]:
                for knob in step:
                    if knob.format(func=func) not in knobs:
                        raise ExampleError(
                            f"{where}: no knob {knob.format(func=func)} in "
                            f"{ex['schedule']} (it has: {', '.join(knobs)})")
        for k in ex["kernels"]:
            unknown = set(k.get("shapes", [])) - set(ex["shapes"])
            if unknown:
                raise ExampleError(f"{where}: kernel {k['variant']} names "
                                   f"shapes it does not have: "
                                   f"{', '.join(sorted(unknown))}")
        seen = set()
        for func, variant, shape, _, _ in kernels(ex):
            if (func, variant, shape) in seen:
                raise ExampleError(f"{where}: kernel {func} {variant} "
                                   f"{shape} listed twice")
            seen.add((func, variant, shape))
        count += len(seen)
        tuned += len(tuned_schedules(ex))
    return (f"examples/examples.json: {len(examples)} examples, {count} "
            f"benchmark kernels, {tuned} tuned schedules")


def select_recorded(recorded, out_dir, root=ROOT):
    """Writes the schedules recorded in `recorded` (lines `NAME
    SELECTIONS`, # comments) into `out_dir`; returns their names."""
    by_name = {name: ex for ex in load(root)
               for name, _, _, _ in tuned_schedules(ex)}
    os.makedirs(out_dir, exist_ok=True)
    written = []
    with open(recorded) as f:
        lines = [line.split(None, 1) for line in f
                 if line.strip() and not line.startswith("#")]
    for name, selection in lines:
        if name not in by_name:
            raise ExampleError(f"{recorded}: unknown tuned schedule {name} "
                               f"(the manifest's: {', '.join(by_name)})")
        schedule = by_name[name]["schedule"]
        with open(schedule) as f:
            text = f.read()
        config = parse_selection(find_knobs(text), selection, schedule)
        with open(os.path.join(out_dir, name + ".mlir"), "w") as f:
            f.write(select(text, config))
        written.append((name, selection.strip()))
    return written


def _tune_step(log, args):
    """One regtile-tune run, its table in `log`; prints the verdict."""
    cmd = [sys.executable, os.path.join(ROOT, "scripts", "regtile-tune")]
    with open(log, "w") as f:
        ok = subprocess.run(cmd + args, stdout=f, stderr=subprocess.STDOUT,
                            cwd=ROOT).returncode == 0
    if not ok:
        print(f"regtile-tune failed (see {log}): no tuned row")
        return
    with open(log) as f:
        for line in f:
            if re.match(r"(regtile-tune:|confirmation|not confirmed|best:)",
                        line):
                print(line, end="")


def tune(out_dir, common, names=(), root=ROOT):
    """Tunes the tuned schedules of each named example (all if none), step
    by step (each step on the schedule the previous one picked); the result
    of a schedule goes to OUT_DIR/NAME.mlir when a step gained over the
    schedule as given."""
    os.makedirs(out_dir, exist_ok=True)
    for ex in load(root):
        if names and ex["name"] not in names or "tuned" not in ex:
            continue
        t = ex["tuned"]
        libs = ["--library", os.path.join(root, "strategies")] \
            if ex["strategies"] else []
        for name, func, shape, params in tuned_schedules(ex):
            out = os.path.join(out_dir, name + ".mlir")
            schedule = ex["schedule"]
            for i, step in enumerate(t["steps"]):
                knobs = [k.format(func=func) for k in step]
                print(f"== tuning {name}: {' '.join(knobs) or 'every knob'}",
                      flush=True)
                args = common + ["--payload", ex["payload"], "--params",
                                 params, "--schedule", schedule, *libs,
                                 "--entry", t["entry"], "--func", func,
                                 *t["args"], "--output", out]
                for k in knobs:
                    args += ["--knob", k]
                _tune_step(os.path.join(out_dir, f"{name}.step{i + 1}.log"),
                           args)
                if os.path.exists(out):
                    # The next step starts from this step's pick.
                    if schedule != ex["schedule"]:
                        os.remove(schedule)
                    schedule = os.path.join(out_dir, f"{name}.step{i + 1}.mlir")
                    os.replace(out, schedule)
            if schedule != ex["schedule"]:
                os.replace(schedule, out)


def check(names, difftest_args, root=ROOT):
    """Checks each named example (all if none) as the manifest says;
    returns the number of failures. `--case` in `difftest_args` replaces
    the manifest's cases (e.g. a few shapes under another thread count)."""
    difftest = [sys.executable, os.path.join(root, "test", "lib",
                                             "difftest.py"), *difftest_args]
    failures = 0
    examples = load(root)
    unknown = set(names) - {ex["name"] for ex in examples}
    if unknown:
        raise ExampleError(f"no example named {', '.join(sorted(unknown))}")
    for ex in examples:
        if names and ex["name"] not in names:
            continue
        runs = []
        for c in ex["check"]:
            if "generator" in c:
                cases = tempfile.NamedTemporaryFile("w", suffix=".mlir",
                                                    delete=False)
                with cases:
                    subprocess.run([sys.executable,
                                    os.path.join(root, c["generator"][0]),
                                    *c["generator"][1:]], stdout=cases,
                                   check=True)
                runs.append(("generated cases",
                             [cases.name, "--reference-schedule",
                              c["reference_schedule"]]))
                continue
            for entry in c["entries"]:
                schedule = ("transform-preload-library{"
                            "transform-library-paths=" +
                            ",".join(library(ex, root=root)) +
                            "},transform-interpreter{entry-point=" + entry +
                            "}")
                args = [ex["payload"], "--schedule", schedule,
                        *c.get("args", [])]
                if "--case" not in difftest_args:
                    for case in c["cases"]:
                        args += ["--case", case]
                runs.append((entry, args))
        for what, args in runs:
            print(f"== {ex['name']} ({ex['title']}): {what}", flush=True)
            failures += subprocess.run(difftest + args).returncode != 0
            if what == "generated cases":
                os.unlink(args[0])
    return failures


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("validate")
    sub.add_parser("list")
    c = sub.add_parser("check")
    c.add_argument("names", nargs="*")
    t = sub.add_parser("tune")
    t.add_argument("out_dir")
    t.add_argument("names", nargs="*")
    t.add_argument("--build-dir", default="build")
    t.add_argument("--reps", default="5")
    s = sub.add_parser("select")
    s.add_argument("recorded")
    s.add_argument("out_dir")
    argv = sys.argv[1:] if argv is None else argv
    # check: the difftest arguments follow `--`.
    rest = []
    if "--" in argv:
        rest = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    args = p.parse_args(argv)
    try:
        if args.command == "validate":
            print(validate())
        elif args.command == "list":
            for ex in load():
                print(ex["name"], ex["benchmark"])
        elif args.command == "check":
            return 1 if check(args.names, rest) else 0
        elif args.command == "tune":
            tune(os.path.abspath(args.out_dir),
                 ["--build-dir", os.path.abspath(args.build_dir),
                  "--reps", args.reps], args.names)
        else:
            for name, selection in select_recorded(args.recorded,
                                                   args.out_dir):
                print(f"{name}: {selection}")
    except (ExampleError, TuneError) as e:
        print(f"regtile.examples: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
