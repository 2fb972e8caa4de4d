"""Compiling and timing configurations: the tuner's records of what each
configuration of the knobs did (compile failure, same code as another,
wrong result, crash, or its speed relative to the schedule as given)."""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from . import TuneError
from .kernel import driver_source, kernel_args
from .knobs import find_knobs, select
from ..substitute import parse, substitute


class Tuner:
    def __init__(self, args):
        self.args = args
        self.work = args.work or tempfile.mkdtemp(prefix="regtile-tune.")
        os.makedirs(self.work, exist_ok=True)
        self.payload_path = args.payload
        with open(args.schedule) as f:
            self.schedule_text = f.read()
        self.knobs = find_knobs(self.schedule_text)
        if not self.knobs:
            raise TuneError(f"{args.schedule}: no transform.tune.knob or "
                            "transform.tune.alternatives to tune")
        if args.knob:
            unknown = [n for n in args.knob if n not in self.knobs]
            if unknown:
                raise TuneError(f"no knob named {', '.join(unknown)} in "
                                f"{args.schedule} (it has: "
                                f"{', '.join(self.knobs)})")
            self.knobs = {n: k for n, k in self.knobs.items()
                          if n in args.knob}
        with open(args.payload) as f:
            payload = substitute(f.read(), parse(args.params))
        self.kernel = kernel_args(payload, args.func, parse(" ".join(args.arg)))
        self.compile_kernel = args.compile_kernel
        self.harness_dir = args.harness_dir
        self.harness_obj = None
        self.results = {}     # config key -> dict
        self.by_hash = {}     # code hash -> config key timed for it
        self.start = time.time()
        self.log = sys.stdout

    def key(self, config):
        return tuple(config[n] for n in self.knobs)

    def describe(self, config):
        return " ".join(f"{n}={config[n]}" for n in self.knobs)

    def compile(self, variant, schedule_path, entry):
        obj = os.path.join(self.work, f"{variant}.o")
        ll = os.path.join(self.work, f"{variant}.ll")
        env = dict(os.environ, REGTILE_PLUGIN=self.args.plugin,
                   LLVM_BIN=self.args.llvm_bin, REGTILE_KERNEL_LL=ll)
        schedule = ",".join(self.args.library + [schedule_path]) \
            if schedule_path != "none" else "none"
        cmd = [self.compile_kernel, obj, self.payload_path, schedule, entry,
               self.args.func, variant, self.args.params]
        try:
            proc = subprocess.run(cmd, env=env, capture_output=True,
                                  text=True, timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            return None, f"compile timed out after {self.args.timeout} s"
        if proc.returncode != 0:
            lines = proc.stderr.strip().splitlines()
            errors = [l for l in lines if "error:" in l]
            return None, (errors[0][errors[0].index("error:"):] if errors
                          else lines[-1] if lines else "failed")
        with open(ll, "rb") as f:
            digest = hashlib.sha1(f.read()).hexdigest()
        return (obj, digest), None

    def compile_config(self, index, config):
        path = os.path.join(self.work, f"schedule_c{index}.mlir")
        with open(path, "w") as f:
            f.write(select(self.schedule_text, config))
        return self.compile(f"c{index}", path, self.args.entry)

    def harness(self):
        if self.harness_obj is None:
            self.harness_obj = os.path.join(self.work, "Harness.o")
            proc = subprocess.run([self.args.cxx, "-O3", "-march=native",
                                   "-std=c++17", "-c",
                                   os.path.join(self.harness_dir,
                                                "Harness.cpp"),
                                   "-o", self.harness_obj],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise TuneError("cannot compile the benchmark harness:\n" +
                                proc.stderr[-2000:])
        return self.harness_obj

    def measure(self, batch, reps=None):
        """Times the baseline and `batch` ([(key, variant, obj)]) in one
        process (`reps` rounds, default --reps); returns {variant: harness
        record}."""
        variants = ["base"] + [v for _, v, _ in batch]
        workload = f"{self.args.func} ({self.args.params})"
        src = os.path.join(self.work, "driver.cpp")
        with open(src, "w") as f:
            f.write(driver_source(self.args.func, self.kernel, variants,
                                  workload, self.args.rtol))
        exe = os.path.join(self.work, "driver")
        objs = [self.base_obj, self.ref_obj] + [o for _, _, o in batch]
        # MLIR's C runner utilities: memrefCopy, which kernels whose
        # bufferization copies call (e.g. upstream's lower_pack reference);
        # LLVM's OpenMP runtime, which kernels with threads call.
        mlir_lib = os.path.join(os.path.dirname(self.args.llvm_bin), "lib")
        link = subprocess.run([self.args.cxx, "-O2", "-std=c++17", "-I",
                               self.harness_dir, src, self.harness(), *objs,
                               "-o", exe, "-lm", f"-L{mlir_lib}",
                               f"-Wl,-rpath,{mlir_lib}",
                               "-lmlir_c_runner_utils", "-lomp"],
                              capture_output=True, text=True)
        if link.returncode != 0:
            raise TuneError(
                "cannot build the timing driver (does @"
                f"{self.args.func} have llvm.emit_c_interface?):\n" +
                link.stderr[-2000:])
        out = os.path.join(self.work, "driver.json")
        cmd = [exe, f"--json={out}", f"--reps={reps or self.args.reps}",
               f"--min-time={self.args.min_time}"]
        if self.args.cpu is not None:
            cmd.append(f"--cpu={self.args.cpu}")
        if self.args.threads is not None:
            cmd.append(f"--threads={self.args.threads}")
        if os.path.exists(out):
            os.remove(out)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            raise TuneError(f"the timing run exceeded {self.args.timeout} s")
        if not os.path.exists(out):
            raise TuneError(f"the timing run crashed (exit "
                            f"{proc.returncode}):\n{proc.stderr[-2000:]}")
        with open(out) as f:
            data = json.load(f)
        return {k["variant"]: k for k in data["kernels"]}

    def over_budget(self, extra=0):
        return (len(self.results) + extra >= self.args.max_configs or
                time.time() - self.start > self.args.seconds)

    def run_batch(self, configs):
        """Compile (in parallel), then time the new code in one process;
        records each configuration's result (self.results)."""
        configs = [c for c in configs if self.key(c) not in self.results]
        room = self.args.max_configs - len(self.results)
        configs = configs[:max(0, room)]
        if not configs:
            return
        batch = self._compile_batch(configs)
        if batch:
            self._time_batch(batch)
        # Copies share the speed of the code they duplicate.
        for r in self.results.values():
            if r["status"] == "same code" and r["as"] != "baseline":
                src = self.results[r["as"]]
                if src["status"] == "ok":
                    r["speed"] = src["speed"]

    def _compile_batch(self, configs):
        """Compiles `configs`; records those that fail or duplicate code
        already timed; returns the rest as [(key, variant, obj)]."""
        base = len(self.results)
        with ThreadPoolExecutor(max_workers=self.args.jobs) as pool:
            compiled = list(pool.map(
                lambda ic: self.compile_config(base + ic[0], ic[1]),
                enumerate(configs)))
        batch = []
        for i, (config, (made, error)) in enumerate(zip(configs, compiled)):
            k = self.key(config)
            if made is None:
                self.results[k] = {"config": config, "status": "compile failed",
                                   "why": error}
                self.progress(k)
                continue
            obj, digest = made
            if digest == self.base_hash:
                self.results[k] = {"config": config, "status": "same code",
                                   "as": "baseline", "speed": 1.0}
                self.progress(k)
                continue
            if digest in self.by_hash:
                self.results[k] = {"config": config, "status": "same code",
                                   "as": self.by_hash[digest]}
                self.progress(k)
                continue
            self.by_hash[digest] = k
            variant = f"c{base + i}"
            self.results[k] = {"config": config, "status": "pending",
                               "variant": variant}
            batch.append((k, variant, obj))
        return batch

    def _time_batch(self, batch):
        """Times `batch` in one process and records each result."""
        try:
            records = self.measure(batch)
        except TuneError:
            # A configuration crashed the timing run: time them one by
            # one, so that only the culprits are lost.
            records = {}
            for item in batch:
                try:
                    records.update(self.measure([item]))
                except TuneError as single:
                    records[item[1]] = {"check": "crashed: " +
                                        str(single).splitlines()[0]}
        for k, variant, obj in batch:
            rec = records.get(variant)
            r = self.results[k]
            if rec is not None and rec["check"].startswith("crashed"):
                r["status"] = "crashed"
                r["why"] = rec["check"][len("crashed: "):]
            elif rec is None or rec["check"] != "ok":
                r["status"] = "wrong result"
                r["why"] = rec["check"] if rec else "not run"
            elif rec.get("speed_vs_first") is None:
                r["status"] = "not timed"
                r["why"] = "the baseline could not be timed"
            else:
                r["status"] = "ok"
                r["speed"] = rec["speed_vs_first"]
                r["seconds"] = rec["seconds"]
                r["obj"] = obj
            self.progress(k)

    def progress(self, k):
        r = self.results[k]
        n = list(self.results).index(k) + 1
        what = r["status"]
        if r["status"] == "ok":
            what = f"{r['speed']:.3f}x the baseline"
        elif r["status"] == "same code":
            what = ("same code as the baseline" if r["as"] == "baseline"
                    else "same code as " + self.describe(
                        self.results[r["as"]]["config"]))
        elif "why" in r:
            what += f": {r['why']}"
        print(f"[{n}/{self.budget}] {self.describe(r['config'])}: "
              f"{what}", file=self.log, flush=True)

    def speed(self, k):
        r = self.results.get(k)
        return r.get("speed") if r else None
