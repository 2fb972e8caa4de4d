"""The search, its records and the confirmation, on a fake tuner whose
compile and measure steps are functions of the configuration (no compiler,
no timing)."""

import argparse
import io
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from regtile.tune import TuneError  # noqa: E402
from regtile.tune.search import confirm, neighbours, report, search  # noqa: E402
from regtile.tune.tuner import Tuner  # noqa: E402


class FakeTuner(Tuner):
    """A Tuner over `knobs` where configuration c compiles to code
    `code(c)` (None: a compile error), computes right unless `wrong(c)`,
    crashes the timing run if `crash(c)`, and runs at `speed(c)` times the
    baseline (`confirmed` in a confirmation run, if given)."""

    def __init__(self, knobs, speed, code=None, wrong=None, crash=None,
                 confirmed=None, **options):
        defaults = dict(max_configs=32, seconds=600, search="auto",
                        batch=4, seed=1, jobs=1, reps=3, confirm_reps=None,
                        min_gain=0.01, reference_entry=None,
                        schedule="s.mlir", entry="e")
        defaults.update(options)
        self.args = argparse.Namespace(**defaults)
        self.knobs = {n: {"options": o, "default": o[0]}
                      for n, o in knobs.items()}
        self.results, self.by_hash = {}, {}
        self.start = 0
        self.log = io.StringIO()
        self.speed_of = speed
        self.code = code or (lambda c: "h" + str(sorted(c.items())))
        self.wrong = wrong or (lambda c: False)
        self.crash = crash or (lambda c: False)
        self.confirmed = confirmed
        self.measured = []  # batches as measured, by config
        self.timing_runs = 0

    def over_budget(self, extra=0):
        return len(self.results) + extra >= self.args.max_configs

    def compile(self, variant, schedule_path, entry):
        return ((variant + ".o", "base-hash"), None)

    def compile_config(self, index, config):
        digest = self.code(config)
        if digest is None:
            return None, "error: no"
        return (f"c{index}.o", digest), None

    def config_of(self, variant):
        return next(r["config"] for r in self.results.values()
                    if r.get("variant") == variant)

    def measure(self, batch, reps=None):
        self.timing_runs += 1
        configs = [self.config_of(v) for _, v, _ in batch]
        if any(self.crash(c) for c in configs):
            raise TuneError("the timing run crashed (exit -11)")
        self.measured.append(configs)
        records = {}
        for (_, v, _), c in zip(batch, configs):
            if self.wrong(c):
                records[v] = {"check": "argument 0 element 3: 1 instead of 2"}
                continue
            speed = self.speed_of(c)
            if reps is not None and self.confirmed is not None:
                speed = self.confirmed(c)
            records[v] = {"check": "ok", "speed_vs_first": speed,
                          "seconds": 1.0 / speed}
        return records


def peak_at(x0, y0):
    return lambda c: 2.0 - 0.1 * (abs(c["x"] - x0) + abs(c.get("y", 0) - y0))


class Search(unittest.TestCase):
    def test_grid_times_every_configuration_default_first(self):
        t = FakeTuner({"x": [0, 1, 2], "y": [3, 4, 5]}, peak_at(1, 4))
        search(t)
        self.assertEqual(len(t.results), 9)
        self.assertEqual(t.measured[0][0], {"x": 0, "y": 3})
        self.assertEqual(report(t)["config"], {"x": 1, "y": 4})

    def test_sample_then_local_search_within_budget(self):
        opts = list(range(8))
        t = FakeTuner({"x": opts, "y": opts}, peak_at(6, 6), max_configs=20)
        search(t)
        self.assertEqual(len(t.results), 20)
        # The default is in the first batch.
        self.assertIn({"x": 0, "y": 0}, t.measured[0])
        # After the sample (half the budget), every batch is made of
        # neighbours of the best found so far, or random points at a local
        # optimum: the best after the search is no worse than the sample's.
        sample = [c for batch in t.measured[:3] for c in batch][:10]
        best_sample = max(peak_at(6, 6)(c) for c in sample)
        self.assertGreaterEqual(report(t)["speed"], best_sample)
        self.assertGreater(report(t)["speed"], best_sample)

    def test_neighbours(self):
        t = FakeTuner({"x": [0, 1, 2], "y": [3, 4]}, peak_at(0, 3))
        self.assertEqual(neighbours(t, [{"x": 1, "y": 3}]),
                         [{"x": 0, "y": 3}, {"x": 2, "y": 3},
                          {"x": 1, "y": 4}])

    def test_seconds_budget(self):
        t = FakeTuner({"x": [0, 1, 2, 3]}, peak_at(0, 0), batch=1)
        t.over_budget = lambda extra=0: len(t.results) >= 2
        search(t)
        self.assertEqual(len(t.results), 2)


class Records(unittest.TestCase):
    def test_same_code_is_timed_once(self):
        # x = 0 and x = 1 compile to the same code, x = 2 to the baseline's.
        code = {0: "a", 1: "a", 2: "base-hash", 3: "b"}
        t = FakeTuner({"x": [0, 1, 2, 3]}, lambda c: 1.5 + c["x"],
                      code=lambda c: code[c["x"]])
        search(t)
        timed = [c["x"] for batch in t.measured for c in batch]
        self.assertEqual(sorted(timed), [0, 3])
        r = t.results
        self.assertEqual(r[(1,)]["status"], "same code")
        self.assertEqual(r[(1,)]["speed"], r[(0,)]["speed"])
        self.assertEqual(r[(2,)]["as"], "baseline")
        self.assertEqual(r[(2,)]["speed"], 1.0)

    def test_failures_are_recorded_never_chosen(self):
        t = FakeTuner({"x": [0, 1, 2, 3]}, lambda c: 1.0 + c["x"],
                      code=lambda c: None if c["x"] == 3 else str(c),
                      wrong=lambda c: c["x"] == 2,
                      crash=lambda c: c["x"] == 1)
        search(t)
        status = {k[0]: r["status"] for k, r in t.results.items()}
        self.assertEqual(status, {0: "ok", 1: "crashed", 2: "wrong result",
                                  3: "compile failed"})
        # The crash cost one batch run, then one run per configuration.
        self.assertEqual(t.timing_runs, 1 + 3)
        self.assertEqual(report(t)["config"], {"x": 0})
        self.assertIn("| - | 1 | - | crashed: the timing run crashed",
                      t.log.getvalue())

    def test_nothing_to_choose(self):
        t = FakeTuner({"x": [0, 1]}, lambda c: 1.0, code=lambda c: None)
        search(t)
        with self.assertRaisesRegex(TuneError, "no configuration compiled"):
            report(t)


class Confirm(unittest.TestCase):
    def run_confirm(self, confirmed):
        t = FakeTuner({"x": [0, 1, 2]}, lambda c: 1.0 + 0.1 * c["x"],
                      confirmed=lambda c: confirmed)
        search(t)
        return t, confirm(t, report(t))

    def test_kept_when_faster_in_its_own_run(self):
        t, best = self.run_confirm(1.05)
        self.assertEqual(best["config"], {"x": 2})
        self.assertEqual(best["confirmed"], 1.05)
        # Its own process, with twice the rounds.
        self.assertEqual(t.measured[-1], [{"x": 2}])

    def test_rejected_below_the_minimum_gain(self):
        _, best = self.run_confirm(1.005)
        self.assertEqual(best["config"], {"x": 0})
        self.assertEqual(best["rejected"][0]["config"], {"x": 2})
        self.assertEqual(best["rejected"][1], 1.005)


if __name__ == "__main__":
    unittest.main()
