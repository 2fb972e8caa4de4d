"""The kernel's signature and the timing driver's source."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from regtile.tune import TuneError  # noqa: E402
from regtile.tune.kernel import driver_source, kernel_args  # noqa: E402

PAYLOAD = '''
!A = memref<?x8xf32>
func.func @k(%a: !A, %b: memref<4x8xi8>, %n: index) attributes {llvm.emit_c_interface} {
  return
}
func.func private @u(%a: memref<*xf32>)
'''


class KernelArgs(unittest.TestCase):
    def test_aliases_dynamic_sizes_and_scalars(self):
        args = kernel_args(PAYLOAD, "k", {"a": "3x8", "n": "7"})
        self.assertEqual(args, [("memref", [3, 8], "f32"),
                                ("memref", [4, 8], "i8"),
                                ("scalar", "int64_t", 7)])

    def test_missing_or_inconsistent_shape(self):
        with self.assertRaisesRegex(TuneError, r"--arg a=Nx8"):
            kernel_args(PAYLOAD, "k", {"n": "7"})
        with self.assertRaisesRegex(TuneError, r"--arg a=Nx8"):
            kernel_args(PAYLOAD, "k", {"a": "3x9", "n": "7"})

    def test_missing_scalar(self):
        with self.assertRaisesRegex(TuneError, r"--arg n=N"):
            kernel_args(PAYLOAD, "k", {"a": "3x8"})

    def test_unranked_and_missing(self):
        with self.assertRaisesRegex(TuneError, "not a ranked memref"):
            kernel_args(PAYLOAD, "u")
        with self.assertRaisesRegex(TuneError, "no function @v"):
            kernel_args(PAYLOAD, "v")


class Driver(unittest.TestCase):
    def test_declares_and_checks_every_variant(self):
        args = [("memref", [3, 8], "f32"), ("scalar", "int64_t", 7)]
        src = driver_source("k", args, ["base", "c0"], "k (M=3)", 1e-5)
        for v in ("ref", "base", "c0"):
            self.assertIn(f"_mlir_ciface_k__{v}(Desc<2> *, int64_t);", src)
        self.assertIn("static constexpr size_t n0 = 24;", src)
        self.assertIn("f(&d0, (int64_t)7);", src)
        self.assertEqual(src.count("kernels.push_back(k);"), 2)
        self.assertIn("1e-05 * std::fmax(1.0, std::fabs(y))", src)


if __name__ == "__main__":
    unittest.main()
