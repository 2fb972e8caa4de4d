#!/usr/bin/env python3
"""Random affine loop nests for differential testing of super_vectorize.

Writes an MLIR file of `// -----`-separated cases. Each case is a function
@f with a nest of depth 1-3 over memrefs of random sizes (primes included),
loop bounds that are static or dynamic, start at 0 or not, and stop at or
before the buffer's end (the rest of C must keep its values), a body of
elementwise ops on loads (one operand sometimes invariant along the
innermost loop, i.e. broadcast), f32 or i32; or an innermost reduction
into C. The schedule super-vectorizes the innermost loop (1-D) or the two
innermost (2-D) with random sizes, sometimes with mask_partial_vectors,
sometimes followed by unroll_to_native_vectors. test/lib/difftest.py runs
it against the unscheduled payload, bit for bit (inputs are multiples of
1/8 and f32 bodies only add, subtract and take maxima: exact).

The lit suite runs fixed seeds (random.test); a longer sweep:
  for s in $(seq 1 50); do
    python3 test/super-vectorize/random_affine.py --seed $s --count 10 > /tmp/c.mlir
    python3 test/lib/difftest.py /tmp/c.mlir --opt ... || break
  done
"""

import argparse
import random

SIZES = [1, 2, 3, 5, 8, 13, 16, 17, 31, 32, 47, 64, 70]
VECTOR_SIZES = [1, 2, 3, 4, 8, 16, 32, 64, 128, 256]


def case(rng):
    t = rng.choice(["f32", "i32"])
    T = "F32" if t == "f32" else "I32"
    depth = rng.randint(1, 3)
    shape = [rng.choice(SIZES) for _ in range(depth)]
    M = "memref<" + "".join(f"{s}x" for s in shape) + f"{t}>"
    ivs = [f"%i{k}" for k in range(depth)]
    lbs = [rng.choice([0, 0, 0, 1, 2]) if s > 2 else 0 for s in shape]
    ubs = [rng.randint(lb + 1, s) if rng.random() < 0.5 else s
           for lb, s in zip(lbs, shape)]
    dynamic = [rng.random() < 0.5 for _ in range(depth)]
    reduce = rng.random() < 0.3
    comb = "arith.addf" if t == "f32" else rng.choice(
        ["arith.addi", "arith.maxsi", "arith.xori"])
    two_d = depth >= 2 and not reduce and rng.random() < 0.5

    lines, indent = [], "  "
    for k in range(depth):
        ub = f"%n{k}" if dynamic[k] else str(ubs[k])
        head = f"affine.for {ivs[k]} = {lbs[k]} to {ub}"
        if reduce and k == depth - 1:
            head = f"%red = {head} iter_args(%acc = %init) -> ({t})"
        lines.append(f"{indent}{head} {{")
        indent += "  "
    idx = ", ".join(ivs)
    b_idx = idx
    if rng.random() < 0.3:  # invariant along the innermost loop: broadcast
        b_idx = ", ".join(ivs[:-1] + ["0"])
    if t == "f32":
        ops = ["arith.addf", "arith.subf", "arith.maximumf"]
        cst = rng.choice(["0.5", "-2.0", "0.125"])
    else:
        ops = ["arith.addi", "arith.muli", "arith.xori", "arith.maxsi"]
        cst = str(rng.choice([3, -7, 1]))
    lines.append(f"{indent}%a = affine.load %A[{idx}] : {M}")
    lines.append(f"{indent}%b = affine.load %B[{b_idx}] : {M}")
    lines.append(f"{indent}%s = {rng.choice(ops)} %a, %b : {t}")
    lines.append(f"{indent}%u = {rng.choice(ops)} %s, %c : {t}")
    if reduce:
        fm = " fastmath<reassoc>" if t == "f32" else ""
        lines.append(f"{indent}%r = {comb} %acc, %u{fm} : {t}")
        lines.append(f"{indent}affine.yield %r : {t}")
        indent = indent[:-2]
        lines.append(f"{indent}}}")
        lines.append(f"{indent}affine.store %red, %C[{', '.join(ivs[:-1] + ['0'])}] : {M}")
        for _ in range(depth - 1):
            indent = indent[:-2]
            lines.append(f"{indent}}}")
    else:
        lines.append(f"{indent}affine.store %u, %C[{idx}] : {M}")
        for _ in range(depth):
            indent = indent[:-2]
            lines.append(f"{indent}}}")
    init = "0.0" if t == "f32" else ("-1000" if comb == "arith.maxsi" else "0")
    args = ", ".join([f"%A: {M}", f"%B: {M}", f"%C: {M}"] +
                     [f"%n{k}: index" for k in range(depth)])
    func = (f"func.func @f({args}) {{\n  %c = arith.constant {cst} : {t}\n"
            f"  %init = arith.constant {init} : {t}\n" + "\n".join(lines) +
            "\n  return\n}\n")

    calls = ", ".join(f"%n{k}" for k in range(depth))
    ctypes = ", ".join([M] * 3 + ["index"] * depth)
    consts = "".join(f"  %n{k} = arith.constant {ubs[k]} : index\n"
                     for k in range(depth))
    main = (f"func.func private @regtileFill{T}(memref<*x{t}>, i64) "
            "attributes {llvm.emit_c_interface}\n"
            f"func.func private @regtilePrint{T}(memref<*x{t}>) "
            "attributes {llvm.emit_c_interface}\n"
            "func.func @main() {\n" + consts +
            "".join(f"  %s{k} = arith.constant {k + 1} : i64\n"
                    f"  %m{k} = memref.alloc() : {M}\n"
                    f"  %u{k} = memref.cast %m{k} : {M} to memref<*x{t}>\n"
                    f"  call @regtileFill{T}(%u{k}, %s{k}) : "
                    f"(memref<*x{t}>, i64) -> ()\n" for k in range(3)) +
            f"  call @f(%m0, %m1, %m2{', ' if depth else ''}{calls}) : "
            f"({ctypes}) -> ()\n"
            f"  call @regtilePrint{T}(%u2) : (memref<*x{t}>) -> ()\n"
            "  return\n}\n")

    if two_d:
        sizes = [rng.choice(VECTOR_SIZES[:6]), rng.choice(VECTOR_SIZES)]
        root = depth - 2
    else:
        sizes = [rng.choice(VECTOR_SIZES)]
        root = depth - 1
    attrs = [f"vector_sizes = array<i64: {', '.join(map(str, sizes))}>"]
    if reduce:
        attrs.append("vectorize_reductions")
    if rng.random() < 0.4:
        attrs.append("mask_partial_vectors")
    handles = ", ".join(["!transform.any_op"] * len(sizes))
    results = ", ".join(f"%v{k}" for k in range(len(sizes)))
    split = ", ".join(f"%l{k}" for k in reversed(range(depth)))
    split_types = ", ".join(["!transform.any_op"] * depth)
    unroll = ""
    if rng.random() < 0.6:
        unroll = ("    transform.apply_patterns to %f {\n"
                  "      transform.apply_patterns.regtile.unroll_to_native_vectors\n"
                  "    } : !transform.any_op\n")
    schedule = (
        "module attributes {transform.with_named_sequence} {\n"
        "  transform.named_sequence @__transform_main(%root: !transform.any_op "
        "{transform.readonly}) {\n"
        '    %f = transform.structured.match ops{["func.func"]} attributes'
        '{sym_name = "f"} in %root : (!transform.any_op) -> !transform.any_op\n'
        '    %loops = transform.structured.match ops{["affine.for"]} in %f : '
        "(!transform.any_op) -> !transform.any_op\n"
        + (f"    {split} = transform.split_handle %loops : (!transform.any_op)"
           f" -> ({split_types})\n" if depth > 1 else
           "    %l0 = transform.merge_handles %loops : !transform.any_op\n")
        + f"    {results} = transform.regtile.super_vectorize %l{root} "
        f"{{{', '.join(attrs)}}} : (!transform.any_op) -> ({handles})\n"
        + unroll + "    transform.yield\n  }\n}\n")
    return func + main + schedule


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=10)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("\n// -----\n\n".join(case(rng) for _ in range(args.count)))


if __name__ == "__main__":
    main()
