"""The examples' manifest: expansion into kernels and tuned schedules, and
validation against a small example tree (each mismatch caught)."""

import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from regtile import examples  # noqa: E402

PAYLOAD = """
func.func @f(%a: memref<4xf32>) { return }
func.func @g(%a: memref<4xf32>) { return }
"""
SCHEDULE = """
transform.named_sequence @run(%r: !transform.any_op) { transform.yield }
transform.named_sequence @tunable(%r: !transform.any_op) {
  %k = transform.tune.knob<"f.acc"> options = [1, 2] -> !transform.param<i64>
  %j = transform.tune.knob<"g.acc"> options = [1, 2] -> !transform.param<i64>
  transform.yield
}
"""


def example(**changes):
    ex = {"name": "ex", "title": "an example", "payload": "ex/p.mlir",
          "schedule": "ex/s.mlir", "strategies": False, "benchmark": "b",
          "shapes": {"small": "N=4", "large": "N=8"},
          "kernels": [{"variant": "v", "entry": "run", "funcs": ["f", "g"],
                       "label": "regtile"}],
          "tuned": {"name": "ex_{func}_{shape}", "variant": "t",
                    "entry": "tunable", "funcs": ["f"],
                    "steps": [["{func}.acc"]], "args": []},
          "check": [{"entries": ["run"], "cases": ["N=3"]}]}
    ex.update(changes)
    return ex


class Manifest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.root, "examples", "ex"))
        os.makedirs(os.path.join(self.root, "strategies"))
        for name, text in (("p.mlir", PAYLOAD), ("s.mlir", SCHEDULE)):
            with open(os.path.join(self.root, "examples", "ex", name),
                      "w") as f:
                f.write(text)

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, *exs):
        with open(os.path.join(self.root, "examples", "examples.json"),
                  "w") as f:
            json.dump({"examples": list(exs)}, f)

    def test_expansion(self):
        self.write(example())
        ex = examples.load(self.root)[0]
        self.assertEqual([(f, v, s) for f, v, s, _, _ in examples.kernels(ex)],
                         [("f", "v", "small"), ("f", "v", "large"),
                          ("g", "v", "small"), ("g", "v", "large")])
        self.assertEqual(examples.tuned_schedules(ex),
                         [("ex_f_small", "f", "small", "N=4"),
                          ("ex_f_large", "f", "large", "N=8")])
        self.assertIn("1 examples, 4 benchmark kernels, 2 tuned",
                      examples.validate(self.root))

    def test_kernel_shapes(self):
        # A kernel listing its own shapes is built for those only.
        k = [{"variant": "v", "entry": "run", "funcs": ["f"],
              "shapes": ["large"], "label": "x"},
             {"variant": "v", "entry": "run", "funcs": ["g"], "label": "x"}]
        self.write(example(kernels=k))
        ex = examples.load(self.root)[0]
        self.assertEqual([(f, v, s) for f, v, s, _, _ in examples.kernels(ex)],
                         [("f", "v", "large"), ("g", "v", "small"),
                          ("g", "v", "large")])
        k[0]["shapes"] = ["large", "huge"]
        self.expect("kernel v names shapes it does not have: huge",
                    example(kernels=k))

    def expect(self, message, *exs):
        self.write(*exs)
        with self.assertRaisesRegex(examples.ExampleError, message):
            examples.validate(self.root)

    def test_missing_entry(self):
        k = [{"variant": "v", "entry": "nope", "funcs": ["f"], "label": "x"}]
        self.expect("no named sequence @nope", example(kernels=k))

    def test_missing_function(self):
        k = [{"variant": "v", "entry": "run", "funcs": ["h"], "label": "x"}]
        self.expect("no function @h", example(kernels=k))

    def test_missing_knob(self):
        t = dict(example()["tuned"], steps=[["{func}.rows"]])
        self.expect(r"no knob f.rows in .* \(it has: f.acc, g.acc\)",
                    example(tuned=t))

    def test_missing_file(self):
        self.expect("no payload", example(payload="ex/q.mlir"))

    def test_missing_generator(self):
        self.expect("no generator gen.py", example(
            check=[{"generator": ["gen.py"], "reference_schedule": "x"}]))

    def test_duplicates(self):
        k = example()["kernels"] * 2
        self.expect("kernel f v small listed twice", example(kernels=k))
        self.expect("duplicate example names", example(), example())

    def test_strategies_are_searched(self):
        with open(os.path.join(self.root, "strategies", "lib.mlir"),
                  "w") as f:
            f.write("transform.named_sequence @strategy(%r: !transform.any_op)")
        k = [{"variant": "v", "entry": "strategy", "funcs": ["f"],
              "label": "x"}]
        self.expect("no named sequence @strategy", example(kernels=k))
        self.write(example(kernels=k, strategies=True))
        examples.validate(self.root)


if __name__ == "__main__":
    unittest.main()
