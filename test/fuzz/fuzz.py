#!/usr/bin/env python3
"""Robustness corpus: random payloads through every regtile op, pattern set
and pass.

Generates random payloads (linalg named ops and generics with random maps,
iterators, bodies and element types; packs and unpacks with random
attributes; tensor.pad; vector ops of random shapes; affine loop nests;
static, dynamic, zero-size and unit dims) and applies to each every regtile
action that can take it, with stock `mlir-opt` and the plugin loaded: one
run per pass pipeline over all the (payload, action) modules it applies to
(`--split-input-file`), then one run per module that did not succeed there,
to tell a refusal from a crash. Each (payload, action) must end in one of
two ways:
  * success: the output verifies and re-parses with stock mlir-opt;
  * a refusal: exit status 1 with an `error:` diagnostic.
A crash (signal, abort, "PLEASE submit a bug report", sanitizer report) or a
hang (timeout) is a failure; the failing input is written next to --out so
it can be replayed.

The suite runs a fixed seed (test/fuzz/fuzz.test); a longer sweep:
  for s in $(seq 1 100); do
    python3 test/fuzz/fuzz.py --opt /usr/lib/llvm-22/bin/mlir-opt \\
        --plugin build/lib/libRegtilePlugin.so --seed $s --count 40 || break
  done
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import difftest  # noqa: E402

TIMEOUT = 60
ELEMENT_TYPES = ["f32", "f32", "f16", "bf16", "i32", "i8", "f64"]
TARGETS = ["znver4", "haswell", "x86-64"]
# regtile's strategy library (strategies/ of the source tree).
STRATEGIES = os.path.normpath(os.path.join(os.path.dirname(
    os.path.abspath(__file__)), "..", "..", "strategies"))


def dim(rng, allow_dynamic=True):
    return rng.choice([0, 1, 1, 2, 3, 5, 16, 17, 33, 64] +
                      (["?"] if allow_dynamic else []))


def tensor(shape, t):
    return "tensor<" + "".join(f"{d}x" for d in shape) + t + ">"


def fzero(t):
    return "0.0" if t[0] in "fb" else "0"


def is_float(t):
    return t[0] in "fb"


class Payload:
    """A function `@f` and what it holds (for choosing actions)."""

    def __init__(self, text, kinds, loops=0, reduction_loop=None,
                 operands=0):
        self.text = text
        self.kinds = kinds                # op names present
        self.loops = loops                # rank of the main linalg op
        self.reduction_loop = reduction_loop
        self.operands = operands


def gen_contraction(rng):
    kind = rng.choice(["matmul", "batch_matmul", "matmul_transpose_b"])
    t = rng.choice(["f32", "f32", "i32", "f16", "bf16"])
    m, n, k = dim(rng), dim(rng), dim(rng)
    acc = "f32" if t in ("f16", "bf16") else t
    if kind == "batch_matmul":
        b = dim(rng)
        a_s, b_s, c_s = [b, m, k], [b, k, n], [b, m, n]
        op = "linalg.batch_matmul"
        maps = ""
        loops, red = 4, 3
    else:
        a_s, c_s = [m, k], [m, n]
        b_s = [n, k] if kind == "matmul_transpose_b" else [k, n]
        op = "linalg.matmul"
        maps = ("indexing_maps = [affine_map<(i, j, k) -> (i, k)>, "
                "affine_map<(i, j, k) -> (j, k)>, "
                "affine_map<(i, j, k) -> (i, j)>] "
                if kind == "matmul_transpose_b" else "")
        loops, red = 3, 2
    A, B, C = tensor(a_s, t), tensor(b_s, t), tensor(c_s, acc)
    fill = rng.random() < 0.5
    body = f"  %r = {op} {maps}ins(%a, %b : {A}, {B}) outs(%c : {C}) -> {C}\n"
    if fill:
        body = (f"  %z = arith.constant {fzero(acc)} : {acc}\n"
                f"  %c = linalg.fill ins(%z : {acc}) outs(%c0 : {C}) -> {C}\n"
                + body)
    cname = "%c0" if fill else "%c"
    text = (f"func.func @f(%a: {A}, %b: {B}, {cname}: {C}) -> {C} {{\n"
            f"{body}  return %r : {C}\n}}")
    return Payload(text, [op, "linalg.fill"] if fill else [op], loops, red,
                   2)


def gen_conv(rng):
    n, h, w = rng.choice([1, 2]), rng.choice([1, 3, 6]), rng.choice([1, 4, 9])
    kh, kw = rng.choice([1, 3]), rng.choice([1, 3])
    ci, co = rng.choice([1, 3, 16]), rng.choice([1, 8, 17])
    I = tensor([n, h + kh - 1, w + kw - 1, ci], "f32")
    K = tensor([kh, kw, ci, co], "f32")
    O = tensor([n, h, w, co], "f32")
    text = (f"func.func @f(%i: {I}, %k: {K}, %o: {O}) -> {O} {{\n"
            f"  %r = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : "
            f"tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} "
            f"ins(%i, %k : {I}, {K}) outs(%o : {O}) -> {O}\n"
            f"  return %r : {O}\n}}")
    return Payload(text, ["linalg.conv_2d_nhwc_hwcf"], 7, 6, 2)


def gen_generic(rng):
    rank = rng.randint(1, 3)
    shape = [dim(rng) for _ in range(rank)]
    iters = [rng.choice(["parallel", "parallel", "reduction"])
             for _ in range(rank)]
    t = rng.choice(ELEMENT_TYPES)
    widen = t == "i8" and rng.random() < 0.5
    acc_t = "i32" if widen else t
    dims = [f"d{i}" for i in range(rank)]
    out_dims = [d for d, it in zip(dims, iters) if it == "parallel"]
    ninputs = rng.randint(1, 2)
    in_maps, in_types = [], []
    for j in range(ninputs):
        # The first input reads every loop dim (the maps must be invertible).
        sub = [d for d in dims if j == 0 or rng.random() < 0.85] or dims[:1]
        if rng.random() < 0.3:
            rng.shuffle(sub)
        in_maps.append(f"affine_map<({', '.join(dims)}) -> ({', '.join(sub)})>")
        in_types.append(tensor([shape[dims.index(d)] for d in sub], t))
    out_map = f"affine_map<({', '.join(dims)}) -> ({', '.join(out_dims)})>"
    out_type = tensor([shape[dims.index(d)] for d in out_dims], acc_t)
    args = ", ".join(f"%x{i}: {ty}" for i, ty in enumerate(in_types))
    ins = ", ".join(f"%x{i}" for i in range(ninputs))
    bargs = ", ".join(f"%v{i}: {t}" for i in range(ninputs))
    lines = []
    v = "%v0"
    if widen:
        lines.append(f"    %w = arith.extsi %v0 : i8 to i32")
        v = "%w"
    fm = " fastmath<reassoc>" if is_float(acc_t) and rng.random() < 0.5 else ""
    if ninputs == 2 and not widen:
        op = "arith.mulf" if is_float(t) else "arith.muli"
        lines.append(f"    %p = {op} %v0, %v1{fm} : {t}")
        v = "%p"
    comb = rng.choice(["add", "max", "mul"]) if "reduction" in iters else "add"
    if is_float(acc_t):
        name = {"add": "arith.addf", "max": "arith.maximumf",
                "mul": "arith.mulf"}[comb]
        lines.append(f"    %s = {name} {v}, %acc{fm} : {acc_t}")
    else:
        name = {"add": "arith.addi", "max": "arith.maxsi",
                "mul": "arith.muli"}[comb]
        lines.append(f"    %s = {name} {v}, %acc : {acc_t}")
    lines.append(f"    linalg.yield %s : {acc_t}")
    text = (f"func.func @f({args}, %o: {out_type}) -> {out_type} {{\n"
            f"  %r = linalg.generic {{indexing_maps = [{', '.join(in_maps)}, "
            f"{out_map}], iterator_types = [{', '.join(repr(i).replace(chr(39), chr(34)) for i in iters)}]}}\n"
            f"      ins({ins} : {', '.join(in_types)}) outs(%o : {out_type}) {{\n"
            f"  ^bb0({bargs}, %acc: {acc_t}):\n" + "\n".join(lines) + "\n"
            f"  }} -> {out_type}\n  return %r : {out_type}\n}}")
    red = max((i for i, it in enumerate(iters) if it == "reduction"),
              default=None)
    return Payload(text, ["linalg.generic"], rank, red, ninputs)


def gen_relayout(rng):
    rank = rng.randint(1, 3)
    t = rng.choice(ELEMENT_TYPES)
    src = [rng.choice([1, 2, 3, 7, 16, 17, 32, 40]) for _ in range(rank)]
    k = rng.randint(0 if rng.random() < 0.1 else 1, rank)
    inner = rng.sample(range(rank), k)
    tiles = [rng.choice([1, 2, 4, 8, 16, 33, 64]) for _ in range(k)]
    perm = list(range(rank))
    if rng.random() < 0.5:
        rng.shuffle(perm)
    outer = list(src)
    for d, tl in zip(inner, tiles):
        outer[d] = -(-src[d] // tl)
    packed = [outer[p] for p in perm] + tiles
    if rng.random() < 0.3:
        src = ["?" if rng.random() < 0.5 else s for s in src]
        packed = ["?" if i < rank and rng.random() < 0.5 else s
                  for i, s in enumerate(packed)]
    S, P = tensor(src, t), tensor(packed, t)
    pos = ", ".join(map(str, inner))
    tl = ", ".join(map(str, tiles))
    pa = f"outer_dims_perm = [{', '.join(map(str, perm))}] "
    divides = all(isinstance(src[d], int) and src[d] % tl == 0
                  for d, tl in zip(inner, tiles))
    pad = (f"padding_value(%z : {t}) "
           if not divides or rng.random() < 0.7 else "")
    if rng.random() < 0.5:
        text = (f"func.func @f(%s: {S}, %d: {P}) -> {P} {{\n"
                f"  %z = arith.constant {fzero(t)} : {t}\n"
                f"  %r = linalg.pack %s {pad}{pa}inner_dims_pos = [{pos}] "
                f"inner_tiles = [{tl}] into %d : {S} -> {P}\n"
                f"  return %r : {P}\n}}")
        return Payload(text, ["linalg.pack"])
    text = (f"func.func @f(%s: {P}, %d: {S}) -> {S} {{\n"
            f"  %r = linalg.unpack %s {pa}inner_dims_pos = [{pos}] "
            f"inner_tiles = [{tl}] into %d : {P} -> {S}\n"
            f"  return %r : {S}\n}}")
    return Payload(text, ["linalg.unpack"])


def gen_pad(rng):
    rank = rng.randint(1, 3)
    shape = [rng.choice([1, 1, 3, "?"]) for _ in range(rank)]
    lows = [rng.choice(["0", "1", "%c2", "%l"]) for _ in range(rank)]
    highs = [rng.choice(["0", "2", "%c2", "%l"]) for _ in range(rank)]
    res = []
    for s, lo, hi in zip(shape, lows, highs):
        if s == "?" or lo == "%l" or hi == "%l" or lo == "%c2" or hi == "%c2":
            res.append("?")
        else:
            res.append(s + int(lo) + int(hi))
    S, R = tensor(shape, "f32"), tensor(res, "f32")
    ivs = ", ".join(f"%i{i}: index" for i in range(rank))
    text = (f"func.func @f(%t: {S}, %l: index) -> {R} {{\n"
            f"  %c2 = arith.constant 2 : index\n"
            f"  %z = arith.constant 0.5 : f32\n"
            f"  %r = tensor.pad %t low[{', '.join(lows)}] "
            f"high[{', '.join(highs)}] {{\n  ^bb0({ivs}):\n"
            f"    tensor.yield %z : f32\n  }} : {S} to {R}\n"
            f"  return %r : {R}\n}}")
    return Payload(text, ["tensor.pad"])


def gen_vector(rng):
    t = rng.choice(["f32", "f32", "i32", "f16", "i8"])
    r = rng.randint(1, 3)
    shape = [rng.choice([1, 2, 4, 8, 16, 17, 32]) for _ in range(r)]
    V = "vector<" + "x".join(map(str, shape)) + f"x{t}>"
    kind = rng.choice(["reduce", "transpose", "read", "contract"])
    if kind == "reduce" and r >= 2:
        red = sorted(rng.sample(range(r), rng.randint(1, r - 1)))
        rest = [s for i, s in enumerate(shape) if i not in red]
        RV = "vector<" + "x".join(map(str, rest)) + f"x{t}>"
        body = (f"  %r = vector.multi_reduction <add>, %v, %acc "
                f"[{', '.join(map(str, red))}] : {V} to {RV}\n")
        sig, ret = f"%v: {V}, %acc: {RV}", RV
    elif kind == "transpose" and r >= 2:
        perm = list(range(r))
        rng.shuffle(perm)
        TV = ("vector<" + "x".join(str(shape[p]) for p in perm) + f"x{t}>")
        body = (f"  %r = vector.transpose %v, [{', '.join(map(str, perm))}] "
                f": {V} to {TV}\n")
        sig, ret = f"%v: {V}", TV
    elif kind == "contract" and is_float(t):
        m, n, k = (rng.choice([1, 2, 4, 16, 17]) for _ in range(3))
        A, B, C = (f"vector<{m}x{k}x{t}>", f"vector<{k}x{n}x{t}>",
                   f"vector<{m}x{n}x{t}>")
        body = ("  %r = vector.contract {indexing_maps = ["
                "affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> "
                "(k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = "
                "[\"parallel\", \"parallel\", \"reduction\"], kind = "
                f"#vector.kind<add>}} %a, %b, %c : {A}, {B} into {C}\n")
        sig, ret = f"%a: {A}, %b: {B}, %c: {C}", C
    else:
        mshape = [rng.choice([1, s, "?"]) for s in shape]
        M = "memref<" + "".join(f"{d}x" for d in mshape) + f"{t}>"
        inb = ", ".join(rng.choice(["true", "false"]) for _ in shape)
        idx = ", ".join(["%i"] * r)
        body = (f"  %p = arith.constant {fzero(t)} : {t}\n"
                f"  %r = vector.transfer_read %m[{idx}], %p {{in_bounds = "
                f"[{inb}]}} : {M}, {V}\n"
                f"  vector.transfer_write %r, %m[{idx}] {{in_bounds = "
                f"[{inb}]}} : {V}, {M}\n")
        sig, ret = f"%m: {M}, %i: index", V
    text = f"func.func @f({sig}) -> {ret} {{\n{body}  return %r : {ret}\n}}"
    return Payload(text, ["vector"])


def gen_affine(rng):
    """A random affine loop nest on memrefs (for super_vectorize): depth 1-3,
    static, dynamic or min bounds, accesses that are contiguous, transposed,
    strided, shifted (dependences) or invariant, elementwise bodies, and
    sometimes an iter_args reduction in the innermost loop."""
    t = rng.choice(["f32", "f32", "i32", "f16", "i8"])
    depth = rng.randint(1, 3)
    ext = [rng.choice([1, 3, 16, 17, 64, 100, "?"]) for _ in range(depth)]
    M = "memref<" + "".join(f"{d}x" for d in ext) + f"{t}>"
    ivs = [f"%i{k}" for k in range(depth)]
    lines, indent = [], "  "
    for k in range(depth):
        if ext[k] == "?":
            ub = f"%n{k}"
        elif rng.random() < 0.2 and k > 0:  # a bound using an outer iv
            ub = (f"min affine_map<(d0) -> (d0 + 4, {ext[k]})>"
                  f"({ivs[k - 1]})")
        else:
            ub = str(ext[k])
        lines.append(f"{indent}affine.for {ivs[k]} = 0 to {ub} {{")
        indent += "  "

    def index(kind):
        idx = list(ivs)
        if kind == "transposed" and depth >= 2:
            idx[-1], idx[-2] = idx[-2], idx[-1]
        elif kind == "strided":
            idx[-1] = f"{ivs[-1]} * 2"
        elif kind == "shifted":
            idx[-1] = f"{ivs[-1]} - 1"
        elif kind == "invariant":
            idx[-1] = "0"
        return ", ".join(idx)

    kinds = ["contiguous", "contiguous", "transposed", "strided", "shifted",
             "invariant"]
    a_idx, c_idx = index(rng.choice(kinds)), index(rng.choice(kinds[:3]))
    lines.append(f"{indent}%a = affine.load %A[{a_idx}] : {M}")
    lines.append(f"{indent}%b = affine.load %B[{index('contiguous')}] : {M}")
    if is_float(t):
        op = rng.choice(["arith.addf", "arith.mulf", "arith.maximumf"])
        fm = rng.choice(["", " fastmath<reassoc>"])
    else:
        op = rng.choice(["arith.addi", "arith.muli", "arith.divsi"])
        fm = ""
    lines.append(f"{indent}%s = {op} %a, %b{fm} : {t}")
    reduce = rng.random() < 0.3 and op != "arith.divsi"
    if reduce:  # wrap the innermost loop into an iter_args reduction
        head = lines[depth - 1]
        lines[depth - 1] = (head.replace(f"affine.for {ivs[-1]}",
                            f"%red = affine.for {ivs[-1]}")[:-1] +
                            f"iter_args(%acc = %z) -> ({t}) {{")
        lines.append(f"{indent}%r = {op} %acc, %s{fm} : {t}")
        lines.append(f"{indent}affine.yield %r : {t}")
        indent = indent[:-2]
        lines.append(f"{indent}}}")
        outer_idx = ", ".join(ivs[:-1] + ["0"])
        lines.append(f"{indent}affine.store %red, %C[{outer_idx}] : {M}")
        for k in range(depth - 1):
            indent = indent[:-2]
            lines.append(f"{indent}}}")
    else:
        lines.append(f"{indent}affine.store %s, %C[{c_idx}] : {M}")
        for k in range(depth):
            indent = indent[:-2]
            lines.append(f"{indent}}}")
    args = ", ".join([f"%A: {M}", f"%B: {M}", f"%C: {M}"] +
                     [f"%n{k}: index" for k in range(depth)])
    text = (f"func.func @f({args}) {{\n  %z = arith.constant {fzero(t)} : "
            f"{t}\n" + "\n".join(lines) + "\n  return\n}")
    return Payload(text, ["affine"], loops=depth)


GENERATORS = [gen_contraction, gen_contraction, gen_conv, gen_generic,
              gen_generic, gen_generic, gen_relayout, gen_relayout, gen_pad,
              gen_vector, gen_vector, gen_affine, gen_affine]

MATCH_ANY = ('%ops = transform.structured.match interface{LinalgOp} in %root '
             ': (!transform.any_op) -> !transform.any_op')


def actions(rng, p):
    """(name, schedule body or None, pass pipeline, setup) for payload `p`;
    `setup` is the upstream part of the schedule alone (tiling), run first:
    if upstream fails or crashes on it, the action is skipped."""
    target = rng.choice(TARGETS)
    out = []
    func = ('%f = transform.structured.match ops{["func.func"]} in %root : '
            '(!transform.any_op) -> !transform.any_op')
    for pat in ["regtile.fold_unit_dims",
                "regtile.pack_unpack_to_tile_copies",
                "regtile.unroll_to_native_vectors"]:
        out.append((pat, f"{func}\n    transform.apply_patterns to %f "
                         f"{{ transform.apply_patterns.{pat} }} : "
                         "!transform.any_op", None, None))
    relayouts = ('%ops = transform.structured.match ops{["linalg.pack", '
                 '"linalg.unpack", "linalg.matmul"]} in %root : '
                 '(!transform.any_op) -> !transform.any_op')
    out.append(("pack_unpack_to_tile_copies", f"{relayouts}\n    %l = "
                "transform.regtile.pack_unpack_to_tile_copies %ops {arch = "
                f'"{target}"}} : (!transform.any_op) -> !transform.any_op',
                None, None))
    out.append(("reduce_to_vector_accumulator", f"{MATCH_ANY}\n    %l, %r = "
                "transform.regtile.reduce_to_vector_accumulator %ops {arch = "
                f'"{target}"}} : (!transform.any_op) -> (!transform.any_op, '
                "!transform.any_op)", None, None))
    out.append(("contraction_blocking", f"{MATCH_ANY}\n    %a, %b, %c, %d = "
                "transform.regtile.contraction_blocking %ops : "
                "(!transform.any_op) -> (!transform.param<i64>, "
                "!transform.param<i64>, !transform.param<i64>, "
                "!transform.param<i64>)", None, None))
    # The tuning knobs as parameters, random values (valid or not).
    rows, accs = rng.randint(0, 5), rng.randint(0, 9)
    out.append(("reduce_to_vector_accumulator knobs", f"{MATCH_ANY}\n"
                f"    %k = transform.param.constant {accs} : i64 -> "
                "!transform.param<i64>\n"
                f"    %r = transform.param.constant {rows} : i64 -> "
                "!transform.param<i64>\n    %l, %c = "
                "transform.regtile.reduce_to_vector_accumulator %ops "
                f'accumulators = %k rows = %r {{arch = "{target}"}} : '
                "(!transform.any_op, !transform.param<i64>, "
                "!transform.param<i64>) -> (!transform.any_op, "
                "!transform.any_op)", None, None))
    regs = rng.choice([0, 1, 2, 4, 8, 31, 64])
    group = rng.choice([-1, 0, 1, 2, 3, 1024])
    out.append(("pack_unpack_to_tile_copies knobs", f"{relayouts}\n"
                f"    %k = transform.param.constant {regs} : i64 -> "
                "!transform.param<i64>\n"
                f"    %g = transform.param.constant {group} : i64 -> "
                "!transform.param<i64>\n    %l = "
                "transform.regtile.pack_unpack_to_tile_copies %ops "
                f'max_registers = %k tiles_per_group = %g {{arch = "{target}"}} : '
                "(!transform.any_op, !transform.param<i64>, "
                "!transform.param<i64>) -> !transform.any_op", None, None))
    fixed = [rng.choice([0, 1, 3, 8, 16, 24, 48, 100]) for _ in range(4)]
    params = "\n".join(f"    %p{i} = transform.param.constant {v} : i64 -> "
                       "!transform.param<i64>" for i, v in enumerate(fixed))
    out.append(("contraction_blocking knobs", f"{MATCH_ANY}\n{params}\n"
                "    %a, %b, %c, %d = transform.regtile.contraction_blocking "
                f'%ops mr = %p0 nr = %p1 kc = %p2 nc = %p3 {{arch = "{target}"}}'
                " : (!transform.any_op, !transform.param<i64>, "
                "!transform.param<i64>, !transform.param<i64>, "
                "!transform.param<i64>) -> (!transform.param<i64>, "
                "!transform.param<i64>, !transform.param<i64>, "
                "!transform.param<i64>)", None, None))
    rows, chans = rng.choice([0, 1, 3, 5, 9]), rng.choice([0, 8, 16, 24, 64])
    out.append(("convolution_blocking knobs", f"{MATCH_ANY}\n"
                f"    %p0 = transform.param.constant {rows} : i64 -> "
                "!transform.param<i64>\n"
                f"    %p1 = transform.param.constant {chans} : i64 -> "
                "!transform.param<i64>\n"
                "    %a, %b, %c, %d = transform.regtile.convolution_blocking "
                f'%ops rows = %p0 channels = %p1 {{arch = "{target}"}} : '
                "(!transform.any_op, !transform.param<i64>, "
                "!transform.param<i64>) -> (!transform.any_op, "
                "!transform.param<i64>, !transform.param<i64>, "
                "!transform.param<i64>)", None, None))
    # The strategy library's sequences on whatever the payload holds.
    for strategy in ["regtile_conv2d", "regtile_matmul"]:
        out.append((strategy, (
            f"{func}\n    transform.include @{strategy} failures(propagate) "
            "(%f) : (!transform.any_op) -> ()",
            f"  transform.named_sequence @{strategy}(%f: !transform.any_op "
            "{transform.readonly})\n"),
            "builtin.module(transform-preload-library{transform-library-"
            f"paths={STRATEGIES}}},transform-interpreter)", None))
    if "affine" in p.kinds:
        loops = ('%loops = transform.structured.match ops{["affine.for"]} in '
                 '%root : (!transform.any_op) -> !transform.any_op\n    ')
        dims = rng.randint(1, 2)
        sizes = [rng.choice([1, 4, 16, 32, 256]) for _ in range(dims)]
        attrs = [f"vector_sizes = array<i64: {', '.join(map(str, sizes))}>"]
        if rng.random() < 0.5:
            pattern = [rng.randint(0, 2) for _ in range(dims)]
            attrs.append("fastest_varying_pattern = array<i64: "
                         f"{', '.join(map(str, pattern))}>")
        for flag in ["vectorize_reductions", "mask_partial_vectors",
                     "allow_reassociation"]:
            if rng.random() < 0.4:
                attrs.append(flag)
        results = ", ".join(f"%v{k}" for k in range(dims))
        types = ", ".join(["!transform.any_op"] * dims)
        # Every loop of the nest in turn (a refusal stops the schedule).
        root = rng.randrange(p.loops)
        pick = (f"%all = transform.split_handle %loops : (!transform.any_op) "
                f"-> ({', '.join(['!transform.any_op'] * p.loops)})\n    ")
        names = ", ".join(f"%x{k}" for k in range(p.loops))
        pick = pick.replace("%all =", f"{names} =")
        unroll = ""
        if rng.random() < 0.5:
            unroll = ('\n    %fs = transform.structured.match ops{["func.func"]}'
                      ' in %root : (!transform.any_op) -> !transform.any_op\n'
                      '    transform.apply_patterns to %fs { transform.'
                      'apply_patterns.regtile.unroll_to_native_vectors } : '
                      '!transform.any_op')
        # split_handle lists the loops innermost first.
        out.append(("super_vectorize", f"{loops}{pick}{results} = "
                    f"transform.regtile.super_vectorize %x{root} "
                    f"{{{', '.join(attrs)}, arch = \"{target}\"}} : "
                    f"(!transform.any_op) -> ({types}){unroll}", None, None))
    if p.loops and "affine" not in p.kinds:
        sizes = [rng.choice([0, 1, 2, 4, 16]) for _ in range(p.loops)]
        tiled = [s for s in sizes if s]
        if tiled:
            loops = ", ".join(f"%l{i}" for i in range(len(tiled)))
            types = ", ".join(["!transform.any_op"] * (len(tiled) + 1))
            red_pos = None
            if p.reduction_loop is not None and sizes[p.reduction_loop]:
                red_pos = sum(1 for s in sizes[:p.reduction_loop] if s)
            loop = f"%l{red_pos if red_pos is not None else len(tiled) - 1}"
            tile = (f"{MATCH_ANY}\n    %t, {loops} = "
                    f"transform.structured.tile_using_for %ops tile_sizes "
                    f"{sizes} : (!transform.any_op) -> ({types})")
            out.append(("cache_reduce", f"{tile}\n    %x = "
                        f"transform.regtile.cache_reduce %t, {loop} {{arch = "
                        f'"{target}"}} : (!transform.any_op, '
                        "!transform.any_op) -> !transform.any_op", None,
                        tile))
            out.append(("cache_read", f"{tile}\n    %c, %d = "
                        f"transform.regtile.cache_read %t, %l0 {{operand = "
                        f"{rng.randint(0, max(p.operands, 1))}, arch = "
                        f'"{target}"}} : (!transform.any_op, '
                        "!transform.any_op) -> (!transform.any_op, "
                        "!transform.any_op)", None, tile))
    out.append(("regtile-lower-vectors", None,
                f"builtin.module(func.func(regtile-lower-vectors"
                f"{{target={target}}}))", None))
    out.append(("regtile-lower-to-llvm", None,
                f"builtin.module(regtile-lower-to-llvm{{target={target}}})",
                None))
    return out


def module_text(p, schedule):
    """`schedule`: the body of @__transform_main, or (body, declarations of
    named sequences it includes from a preloaded library)."""
    if schedule is None:
        return p.text + "\n"
    decls = ""
    if isinstance(schedule, tuple):
        schedule, decls = schedule
    return (p.text + "\nmodule attributes {transform.with_named_sequence} {\n"
            + decls +
            "  transform.named_sequence @__transform_main(%root: "
            "!transform.any_op {transform.readonly}) {\n    " + schedule +
            "\n    transform.yield\n  }\n}\n")


CRASH_MARKS = ["PLEASE submit a bug report", "Stack dump", "Sanitizer",
               "runtime error:", "Assertion", "LLVM ERROR"]


def run_one(opt, plugin, text, pipeline):
    base = [opt, f"--load-dialect-plugin={plugin}",
            f"--load-pass-plugin={plugin}"]
    cmd = base + (["-p", pipeline] if pipeline else ["--transform-interpreter"])
    try:
        proc = subprocess.run(cmd, input=text, capture_output=True, text=True,
                              timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "hang", ""
    if proc.returncode < 0 or proc.returncode > 1 or \
            any(m in proc.stderr for m in CRASH_MARKS):
        return "crash", proc.stderr
    if proc.returncode == 1:
        return ("refused" if "error:" in proc.stderr else "silent-failure",
                proc.stderr)
    # The result must verify and re-parse with stock mlir-opt (+ plugin for
    # the transform ops still in the module).
    again = subprocess.run(base + ["--verify-each"], input=proc.stdout,
                           capture_output=True, text=True, timeout=TIMEOUT)
    if again.returncode != 0:
        return "invalid-output", again.stderr
    return "ok", ""


def run_split(cmd, texts):
    """Outputs of one `--split-input-file` run of `cmd` over `texts` (None
    for a text that failed), or None if the run as a whole did not end
    cleanly (crash, hang, sanitizer report, lost texts)."""
    split = difftest.run_split(cmd, texts, TIMEOUT + 3 * len(texts))
    if split is None or split[0].returncode not in (0, 1) or \
            any(m in split[0].stderr for m in CRASH_MARKS):
        return None
    return [o or None for o in split[1]]


def run_many(opt, plugin, texts, pipeline):
    """run_one over each text, with far fewer processes: one mlir-opt run
    over all texts (split input), one re-parse of the outputs; only the
    texts that fail there (refusals, and all of them if the run crashed or
    hung) are run again one by one, for their outcome and diagnostics."""
    base = [opt, f"--load-dialect-plugin={plugin}",
            f"--load-pass-plugin={plugin}"]
    cmd = base + (["-p", pipeline] if pipeline else ["--transform-interpreter"])
    outputs = run_split(cmd, texts) if texts else []
    if outputs is None:
        outputs = [None] * len(texts)
    done = [i for i, o in enumerate(outputs) if o is not None]
    verified = run_split(base + ["--verify-each"], [outputs[i] for i in done]) \
        if done else []
    ok = {i for i, v in zip(done, verified or []) if v is not None}
    return [("ok", "") if i in ok else run_one(opt, plugin, t, pipeline)
            for i, t in enumerate(texts)]


def run_grouped(opt, plugin, jobs):
    """run_many over `jobs` [(text, pipeline)], grouped by pipeline; the
    outcomes in the order of `jobs`."""
    results = [None] * len(jobs)
    by_pipeline = {}
    for j, (_, pipeline) in enumerate(jobs):
        by_pipeline.setdefault(pipeline, []).append(j)
    for pipeline, idx in by_pipeline.items():
        for j, r in zip(idx, run_many(opt, plugin, [jobs[j][0] for j in idx],
                                      pipeline)):
            results[j] = r
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--show-refusals", action="store_true",
                    help="print the first error of each refusal")
    ap.add_argument("--out", default=tempfile.gettempdir(),
                    help="directory for failing inputs")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    counts, failures = {}, []
    payloads, payload_actions = [], []
    for _ in range(args.count):
        payloads.append(rng.choice(GENERATORS)(rng))
        payload_actions.append(actions(rng, payloads[-1]))
    # The payloads themselves must be valid (else the generator is wrong).
    checked = run_split([args.opt, "--verify-each"], [p.text for p in payloads])
    runs = []  # (payload index, action name, schedule, pipeline, setup)
    for i, p in enumerate(payloads):
        valid = checked is not None and checked[i] is not None
        if not valid:
            check = subprocess.run([args.opt, "--verify-each"], input=p.text,
                                   capture_output=True, text=True,
                                   timeout=TIMEOUT)
            valid = check.returncode == 0
        if not valid:
            counts["invalid-payload"] = counts.get("invalid-payload", 0) + 1
            path = os.path.join(args.out, f"fuzz-{args.seed}-{i}-payload.mlir")
            with open(path, "w") as f:
                f.write(p.text)
            failures.append(("invalid-payload", "generator", path,
                             check.stderr.strip()[-2000:]))
            continue
        runs += [(i, *a) for a in payload_actions[i]]
    # The upstream steps an action starts from must work alone first.
    with_setup = [j for j, r in enumerate(runs) if r[4] is not None]
    setups = run_grouped(args.opt, args.plugin,
                         [(module_text(payloads[runs[j][0]], runs[j][4]), None)
                          for j in with_setup])
    skipped = {j: outcome for j, (outcome, _) in zip(with_setup, setups)
               if outcome != "ok"}
    todo = []
    for j, r in enumerate(runs):
        if j in skipped:
            key = f"skipped (upstream setup {skipped[j]})"
            counts[key] = counts.get(key, 0) + 1
        else:
            todo.append(r)
    texts = [module_text(payloads[i], schedule)
             for i, _, schedule, _, _ in todo]
    outcomes = run_grouped(args.opt, args.plugin,
                           [(t, r[3]) for t, r in zip(texts, todo)])
    for (i, name, _, pipeline, _), text, (outcome, err) in zip(todo, texts,
                                                              outcomes):
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome == "refused" and args.show_refusals:
            first = next(l for l in err.splitlines() if "error:" in l)
            print(f"fuzz: refused {name}: {first.split('error:', 1)[1]}")
        if outcome in ("ok", "refused"):
            continue
        path = os.path.join(args.out, f"fuzz-{args.seed}-{i}-{name}.mlir")
        with open(path, "w") as f:
            f.write(f"// {outcome}: {pipeline or 'transform-interpreter'}"
                    f"\n{text}")
        failures.append((outcome, name, path, err.strip()[-2000:]))
    for outcome, name, path, err in failures:
        print(f"fuzz: {outcome.upper()} {name}: {path}\n{err}\n")
    total = sum(counts.values())
    print(f"fuzz: seed {args.seed}: {total} runs: " +
          ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print("fuzz: PASS" if not failures else f"fuzz: FAIL {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
