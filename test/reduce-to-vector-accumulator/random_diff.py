#!/usr/bin/env python3
"""Numeric random differential test of reduce_to_vector_accumulator.

Random reductions (linalg.generic: element types i1 to i64, f16, bf16, f32,
f64, widened or not; every combiner; prologues: widening, products with
full or broadcast inputs, selects, constants, integer division and
remainder; 1 to 3 loops with transposed maps, outer reduction dims, no
parallel dim; static and dynamic shapes, tensors and strided memrefs;
random `accumulators`, `rows` and `arch`; inputs with -0, NaN and +-inf)
are each scheduled with the op alone, lowered with regtile-lower-to-llvm,
run, and compared with the unscheduled payload: bit for bit (zeros' signs
included) except for reassociated floating-point add/mul (a tolerance from
the type and the reduction length) and minnumf/maxnumf (either zero).
Several payloads share one module (one JIT run for the batch). A failing
batch is written to --out for replay with difftest.py.

The suite runs fixed seeds (random.test); a longer sweep:
  for s in $(seq 1 50); do
    python3 test/reduce-to-vector-accumulator/random_diff.py --seed $s \\
        --count 40 --opt /usr/lib/llvm-22/bin/mlir-opt \\
        --plugin build/lib/libRegtilePlugin.so \\
        --runner /usr/lib/llvm-22/bin/mlir-runner \\
        --shared-libs /usr/lib/llvm-22/lib/libmlir_runner_utils.so,\\
/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,\\
build/lib/libregtile_test_runtime.so || break
  done
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from difftest import Runner, compare  # noqa: E402

INTS = ["i1", "i8", "i16", "i32", "i64"]
FLOATS = ["f16", "bf16", "f32", "f64"]
INT_COMBINERS = ["addi", "muli", "minsi", "minui", "maxsi", "maxui", "andi",
                 "ori", "xori"]
FLOAT_COMBINERS = ["addf", "mulf", "minimumf", "maximumf", "minnumf",
                   "maxnumf"]
DIVISIONS = ["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui",
             "floordivsi"]
SIZES = [1, 2, 3, 5, 7, 13, 16, 17, 31, 33, 64, 129, 257]
ARCHS = [None, None, "haswell", "skylake-avx512", "znver4", "x86-64"]
EPS = {"f16": 2.0 ** -10, "bf16": 2.0 ** -7, "f32": 2.0 ** -23,
       "f64": 2.0 ** -52}
# The element types the runtime fills and prints (RegtileTestRuntime.cpp).
RUNTIME = {t: t.upper() for t in INTS + FLOATS}
RUNTIME["bf16"] = "BF16"


def width(t):
    return 16 if t == "bf16" else int(t[1:])


def wider(rng, t):
    """t or a wider type of the same kind."""
    kinds = INTS if t[0] == "i" else ["f32", "f64"]
    if t == "bf16":
        return rng.choice(["bf16", "f32", "f64"])
    return rng.choice([t] + [u for u in kinds if width(u) > width(t)])


class Case:
    """One payload function @f<k> and what main does with it."""

    def __init__(self, rng, k):
        self.k = k
        self.rng = rng
        self.float = rng.random() < 0.5
        self.elem = rng.choice(FLOATS if self.float else INTS)
        self.acc = wider(rng, self.elem)
        kinds = FLOAT_COMBINERS if self.float else INT_COMBINERS
        self.combiner = rng.choice(kinds)
        self.shape()
        self.inputs = []  # (name, map dims, type, fill)
        self.body = []
        self.prologue()
        self.knobs()
        self.dynamic = rng.random() < 0.3
        self.memref = rng.random() < 0.3

    # -- iteration space and maps --------------------------------------
    def shape(self):
        rng = self.rng
        n = rng.choice([1, 2, 2, 3, 3])
        self.iters = ["parallel"] * (n - 1) + ["reduction"]
        if n == 3 and rng.random() < 0.3:
            self.iters[rng.randrange(2)] = "reduction"
        self.sizes = [rng.choice(SIZES) for _ in range(n)]
        while self.volume() > 20000:
            self.sizes[rng.randrange(n)] = rng.choice(SIZES[:6])
        par = [d for d in range(n) if self.iters[d] == "parallel"]
        rng.shuffle(par)
        self.out_dims = par  # the output may be transposed

    def volume(self):
        v = 1
        for s in self.sizes:
            v *= s
        return v

    def full_dims(self):
        """Every dim, the innermost (reduction) last, the others shuffled."""
        others = list(range(len(self.sizes) - 1))
        self.rng.shuffle(others)
        return others + [len(self.sizes) - 1]

    def broadcast_dims(self):
        """A proper subset of the dims (the inner one, if kept, last)."""
        n = len(self.sizes)
        keep = [d for d in range(n - 1) if self.rng.random() < 0.5]
        if self.rng.random() < 0.5:
            keep.append(n - 1)
        if len(keep) == n:
            keep.pop(0)
        return keep

    def add_input(self, dims, t, fill=None):
        name = f"%x{len(self.inputs)}"
        self.inputs.append((name, dims, t, fill))
        return name

    # -- body ----------------------------------------------------------
    def val(self):
        return f"%v{len(self.body)}"

    def emit(self, text):
        v = self.val()
        self.body.append(f"{v} = {text}")
        return v

    def widen(self, x, frm, to):
        if frm == to:
            return x
        if frm[0] == "i":
            ext = self.rng.choice(["extsi", "extui"])
            return self.emit(f"arith.{ext} {x} : {frm} to {to}")
        return self.emit(f"arith.extf {x} : {frm} to {to}")

    def constant(self, t, value):
        return self.emit(f"arith.constant {value} : {t}")

    def prologue(self):
        rng = self.rng
        e, a = self.elem, self.acc
        forms = ["plain", "product", "select", "constant"]
        if not self.float and e != "i1":
            forms += ["divide", "divide"]
        self.form = rng.choice(forms)
        x = self.add_input(self.full_dims(), e)
        if self.form == "product":
            dims = self.full_dims() if rng.random() < 0.5 else \
                self.broadcast_dims()
            y = self.add_input(dims, e)
            op = "mulf" if self.float else "muli"
            c = self.emit(f"arith.{op} {self.widen(x, e, a)}, "
                          f"{self.widen(y, e, a)} : {a}")
        elif self.form == "select":
            y = self.add_input(self.broadcast_dims(), e)
            pred = rng.choice(["olt", "ugt", "oeq"] if self.float else
                              ["slt", "ugt", "eq"])
            cmp = "cmpf" if self.float else "cmpi"
            m = self.emit(f"arith.{cmp} {pred}, {x}, {y} : {e}")
            c = self.widen(self.emit(f"arith.select {m}, {x}, {y} : {e}"),
                           e, a)
        elif self.form == "constant":
            w = self.widen(x, e, a)
            if self.float:
                op, v = rng.choice([("mulf", "0.5"), ("addf", "-1.25"),
                                    ("subf", "0.375")])
            else:
                op, v = rng.choice([("ori", "1"), ("addi", "3"),
                                    ("xori", "-1"), ("muli", "-3")])
                v = "1" if a == "i1" else v
            c = self.emit(f"arith.{op} {w}, {self.constant(a, v)} : {a}")
        elif self.form == "divide":
            op = rng.choice(DIVISIONS)
            lo, hi = self.int_range(e)
            signed = op.endswith("si")
            # Divisors without 0 (and no MIN / -1 overflow): the reference
            # must not trap.
            if signed and rng.random() < 0.5:
                dfill = (lo + 1, -1)
            else:
                dfill = (1, hi)
            y = self.add_input(self.full_dims() if rng.random() < 0.7 else
                               self.broadcast_dims(), e, dfill)
            self.inputs[0] = (x, self.inputs[0][1], e,
                              (lo + 1, hi) if signed else None)
            c = self.widen(self.emit(f"arith.{op} {x}, {y} : {e}"), e, a)
        else:
            c = self.widen(x, e, a)
        if self.combiner == "mulf":
            # Factors in [1 - 1/64, 1 + 1/64]: no overflow or underflow in
            # any order.
            s = self.emit(f"arith.mulf {c}, {self.constant(a, '0.0009765625')} : "
                          f"{a}")
            c = self.emit(f"arith.addf {s}, {self.constant(a, '1.0')} : {a}")
        fm = " fastmath<reassoc>" if self.combiner in ("addf", "mulf") else ""
        order = rng.random() < 0.5
        lhs, rhs = ("%acc", c) if order else (c, "%acc")
        self.body.append(f"%r = arith.{self.combiner} {lhs}, {rhs}{fm} : {a}")

    @staticmethod
    def int_range(t):
        return {"i1": (0, 1), "i8": (-128, 127), "i16": (-32767, 32767),
                "i32": (-1000, 1000), "i64": (-1000, 1000)}[t]

    def knobs(self):
        rng = self.rng
        attrs = []
        acc = rng.choice([1, 2, 3, 4, 8]) if rng.random() < 0.5 else None
        rows = rng.choice([1, 2, 4]) if rng.random() < 0.4 and \
            "parallel" in self.iters else None
        if acc and rows and rows > 1:
            # Within the 16 registers of every target (the op refuses more).
            acc = min(acc, (16 - 2) // rows)
        if acc:
            attrs.append(f"accumulators = {acc}")
        if rows:
            attrs.append(f"rows = {rows}")
        arch = rng.choice(ARCHS)
        if arch:
            attrs.append(f'arch = "{arch}"')
        self.attrs = "{" + ", ".join(attrs) + "}" if attrs else ""

    # -- text ------------------------------------------------------------
    def dims_of(self, dims):
        return [self.sizes[d] for d in dims]

    def shaped(self, dims, t, kind=None):
        """The type of an operand indexed by `dims` as @f takes it."""
        return self.shaped_dims(self.dims_of(dims), t, kind or
                                ("memref" if self.memref else "tensor"))

    def affine(self, dims):
        n = len(self.sizes)
        ds = ", ".join(f"d{i}" for i in range(n))
        return f"affine_map<({ds}) -> (" + \
            ", ".join(f"d{d}" for d in dims) + ")>"

    def func(self):
        ins = [(n.replace("%x", "%in"), self.shaped(d, t))
               for n, d, t, _ in self.inputs]
        out = self.shaped(self.out_dims, self.acc)
        maps = [self.affine(d) for _, d, _, _ in self.inputs] + \
            [self.affine(self.out_dims)]
        iters = ", ".join(f'"{i}"' for i in self.iters)
        args = ", ".join(f"{n}: {t}" for n, t in ins) + f", %o: {out}"
        bbargs = ", ".join(f"{n}: {t}" for n, _, t, _ in self.inputs) + \
            f", %acc: {self.acc}"
        body = "\n".join(f"    {line}" for line in self.body)
        result = "" if self.memref else f" -> {out}"
        lines = [
            f"func.func @f{self.k}({args}){result} {{",
            f"  {'' if self.memref else '%r = '}linalg.generic "
            f"{{indexing_maps = [{', '.join(maps)}], iterator_types = "
            f"[{iters}], difftest_case = {self.k} : i64}}",
            f"      ins({', '.join(n for n, _ in ins)} : "
            f"{', '.join(t for _, t in ins)}) outs(%o : {out}) {{",
            f"  ^bb0({bbargs}):", body, "    linalg.yield %r : " + self.acc,
            f"  }}{result}",
            "  return" + ("" if self.memref else f" %r : {out}"), "}"]
        return "\n".join(lines)

    def main_part(self, seed):
        """main's statements for this case: allocate, fill, call, print."""
        k = self.k
        lines, args = [], []
        operands = [(n, d, t, f) for n, d, t, f in self.inputs] + \
            [("%o", self.out_dims, self.acc, None)]
        for i, (_, dims, t, fill) in enumerate(operands):
            shape = self.dims_of(dims)
            # Memrefs: a view of a buffer with 3 more elements per row.
            padded = shape[:-1] + [shape[-1] + 3] if self.memref and shape \
                else shape
            st = "".join(f"{s}x" for s in padded)
            buf = f"%b{k}_{i}"
            lines.append(f"{buf} = memref.alloc() : memref<{st}{t}>")
            lines.append(f"%u{k}_{i} = memref.cast {buf} : memref<{st}{t}> "
                         f"to memref<*x{t}>")
            s = seed * 100 + k * 10 + i
            rt = RUNTIME[t]
            if fill:
                lines.append(f"call @regtileFillRange{rt}(%u{k}_{i}, "
                             f"%c{s}, %c{fill[0]}, %c{fill[1]}) : "
                             f"(memref<*x{t}>, i64, i64, i64) -> ()")
                self.consts |= {s, fill[0], fill[1]}
            elif t in FLOATS:
                lines.append(f"call @regtileFillSpecial{rt}(%u{k}_{i}, "
                             f"%c{s}, %c20) : (memref<*x{t}>, i64, i64) -> ()")
                self.consts |= {s, 20}
            else:
                lines.append(f"call @regtileFill{rt}(%u{k}_{i}, %c{s}) : "
                             f"(memref<*x{t}>, i64) -> ()")
                self.consts.add(s)
            args.append(self.operand(lines, buf, shape, padded, t, i))
        call_types = ", ".join(self.shaped(d, t) for _, d, t, _ in operands)
        out_t = self.shaped(self.out_dims, self.acc)
        t = self.acc
        if self.memref:  # @f updates the output view in place
            lines.append(f"call @f{k}({', '.join(args)}) : ({call_types}) "
                         "-> ()")
            printed, printed_t = args[-1], out_t
        else:
            lines.append(f"%r{k} = call @f{k}({', '.join(args)}) : "
                         f"({call_types}) -> {out_t}")
            printed = f"%rm{k}"
            printed_t = self.shaped(self.out_dims, t, "memref")
            lines.append(f"{printed} = bufferization.to_buffer %r{k} : "
                         f"{out_t} to {printed_t}")
        lines.append(f"%pu{k} = memref.cast {printed} : {printed_t} to "
                     f"memref<*x{t}>")
        lines.append(f"call @regtilePrint{RUNTIME[t]}(%pu{k}) : "
                     f"(memref<*x{t}>) -> ()")
        return lines

    def operand(self, lines, buf, shape, padded, t, i):
        """The value passed to @f for a filled buffer."""
        k = self.k
        st = "".join(f"{s}x" for s in padded)
        if self.memref:
            if not shape:
                return buf
            zeros = ", ".join("0" for _ in shape)
            sizes = ", ".join(str(s) for s in shape)
            ones = ", ".join("1" for _ in shape)
            v = f"%sv{k}_{i}"
            lines.append(f"{v} = memref.subview {buf}[{zeros}] [{sizes}] "
                         f"[{ones}] : memref<{st}{t}> to "
                         f"{self.shaped_static_view(shape, padded, t)}")
            c = f"%sc{k}_{i}"
            lines.append(f"{c} = memref.cast {v} : "
                         f"{self.shaped_static_view(shape, padded, t)} to "
                         f"{self.shaped_dims(shape, t, 'memref')}")
            return c
        ten = f"%t{k}_{i}"
        static = "tensor<" + st + t + ">"
        writable = " writable" if i == len(self.inputs) else ""
        lines.append(f"{ten} = bufferization.to_tensor {buf} restrict"
                     f"{writable} : memref<{st}{t}> to {static}")
        if not self.dynamic:
            return ten
        c = f"%tc{k}_{i}"
        lines.append(f"{c} = tensor.cast {ten} : {static} to "
                     f"{self.shaped_dims(shape, t, 'tensor')}")
        return c

    def shaped_static_view(self, shape, padded, t):
        strides, acc = [], 1
        for s in reversed(padded):
            strides.insert(0, acc)
            acc *= s
        st = "".join(f"{s}x" for s in shape)
        return f"memref<{st}{t}, strided<[{', '.join(map(str, strides))}]>>"

    def shaped_dims(self, shape, t, kind):
        """`kind`<shape x t> (dims dynamic if the case is; memrefs with a
        strided layout)."""
        text = "".join(("?" if self.dynamic else str(s)) + "x" for s in shape)
        layout = ""
        if kind == "memref" and shape:
            layout = ", strided<[" + ", ".join(
                ["?"] * (len(shape) - 1) + ["1"]) + "], offset: ?>"
        return f"{kind}<{text}{t}{layout}>"

    def schedule(self):
        return (f"    %m{self.k} = transform.structured.match "
                f"ops{{[\"linalg.generic\"]}} attributes{{difftest_case = "
                f"{self.k} : i64}} in %root : (!transform.any_op) -> "
                "!transform.any_op\n"
                f"    %l{self.k}, %c{self.k} = transform.regtile."
                f"reduce_to_vector_accumulator %m{self.k} {self.attrs} : "
                "(!transform.any_op) -> (!transform.any_op, "
                "!transform.any_op)")

    def tolerance(self):
        """(rtol, atol, zero sign must match)."""
        if self.combiner in ("minnumf", "maxnumf"):
            return 0.0, 0.0, False
        if self.combiner not in ("addf", "mulf"):
            return 0.0, 0.0, True
        n = 1
        for d, it in enumerate(self.iters):
            if it == "reduction":
                n *= self.sizes[d]
        eps = EPS[self.acc]
        if self.combiner == "mulf":
            return 4 * n * eps, 0.0, True
        # Sums of at most n + 1 terms of magnitude <= 16 (products of two
        # values in [-4, 4]), rounded in any order.
        return 0.0, 16.0 * (n + 1) * (n + 1) * eps, True

    def describe(self):
        return (f"@f{self.k}: {self.elem}->{self.acc} {self.combiner} "
                f"{self.form} {self.iters} {self.sizes} "
                f"{'dynamic' if self.dynamic else 'static'} "
                f"{'memref' if self.memref else 'tensor'} {self.attrs}")


def module(cases, seed):
    decls = set()
    for c in cases:
        for _, _, t, fill in c.inputs + [(None, None, c.acc, None)]:
            rt = RUNTIME[t]
            if fill:
                decls.add(f"func.func private @regtileFillRange{rt}"
                          f"(memref<*x{t}>, i64, i64, i64)")
            elif t in FLOATS:
                decls.add(f"func.func private @regtileFillSpecial{rt}"
                          f"(memref<*x{t}>, i64, i64)")
            else:
                decls.add(f"func.func private @regtileFill{rt}"
                          f"(memref<*x{t}>, i64)")
        decls.add(f"func.func private @regtilePrint{RUNTIME[c.acc]}"
                  f"(memref<*x{c.acc}>)")
    body = []
    for c in cases:
        c.consts = set()
        body += c.main_part(seed)
    consts = set().union(*(c.consts for c in cases))
    text = "\n\n".join(c.func() for c in cases) + "\n\n"
    text += "\n".join(d + " attributes {llvm.emit_c_interface}"
                      for d in sorted(decls)) + "\n"
    text += "func.func @main() {\n"
    text += "".join(f"  %c{v} = arith.constant {v} : i64\n"
                    for v in sorted(consts))
    text += "".join(f"  {line}\n" for line in body)
    text += "  return\n}\n"
    text += ("module attributes {transform.with_named_sequence} {\n"
             "  transform.named_sequence @__transform_main(%root: "
             "!transform.any_op {transform.readonly}) {\n")
    text += "\n".join(c.schedule() for c in cases) + "\n"
    text += "    transform.yield\n  }\n}\n"
    return text.replace("%c-", "%cm")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--shared-libs", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--batch", type=int, default=8,
                    help="payloads per module (one JIT run)")
    ap.add_argument("--out", default=".",
                    help="where a failing module is written")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    runner = Runner(args.opt, args.plugin, args.runner, args.shared_libs)
    done = 0
    for b in range(0, args.count, args.batch):
        cases = [Case(rng, k) for k in range(min(args.batch,
                                                 args.count - b))]
        text = module(cases, args.seed)
        label = f"seed {args.seed} batch {b // args.batch}"
        path = os.path.join(args.out, f"random-{args.seed}-{b // args.batch}"
                            ".mlir")
        with open(path, "w") as f:
            f.write(text)
        try:
            ref, (got,) = runner.run(text, f"{label} ({path})")
            tol = [c.tolerance() for c in cases]
            err, _, _ = compare(ref, got, [t[0] for t in tol],
                                [t[1] for t in tol], label,
                                [t[2] for t in tol])
        except SystemExit:  # the runner reported a failed lowering or run
            err = "see above"
        if err:
            sys.stderr.write(f"random_diff: FAIL {err}\n  module: {path}\n")
            for c in cases:
                sys.stderr.write(f"  {c.describe()}\n")
            return 1
        os.remove(path)
        done += len(cases)
    print(f"random_diff: seed {args.seed}: {done} payloads: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
