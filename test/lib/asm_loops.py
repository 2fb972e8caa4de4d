#!/usr/bin/env python3
"""Summarizes the innermost loops of x86 assembly (AT&T syntax, as llc
prints it) for FileCheck: one line per loop,

  loop .LBB0_7: fma=48 masked=0 maskops=0 stack=0 vstack=0 fmastack=0 calls=0 dot=0 pairs=0 vxor=0

counting over the loop's blocks (llc marks its header "This Inner Loop
Header" and every other block of it "in Loop: Header=BB..."): FMA
instructions, dot-product instructions (dot: vpdpbusd, vdpbf16ps,
vpdpwssd; pairs: vpmaddwd, the i16 pair products of the i8 dot form
without VNNI; fmastack counts the stack accesses of their blocks too), instructions with an AVX-512 writemask ({%kN}), instructions
that compute mask registers (vpcmp*, vcmp*, k-register moves and logic),
rsp-relative accesses (all of them; those that move a vector register:
vector spills and reloads; those in the blocks that hold FMAs), calls and
vector xors other than the zeroing idiom (vxor: e.g. the sign flip of an
s8 x s8 dot form's shifted input).
Reads stdin, writes stdout."""
import re
import sys

BLOCK_RE = re.compile(r"^(\.LBB[0-9_]+|# %bb\.[0-9]+):")
IN_LOOP_RE = re.compile(r"in Loop: Header=BB([0-9_]+) ")


def blocks(lines):
    """Yields (label, comment, instructions) per basic block."""
    label, comment, body = None, "", []
    i = 0
    while i < len(lines):
        m = BLOCK_RE.match(lines[i].strip())
        if m:
            if label:
                yield label, comment, body
            label, comment, body = m.group(1), lines[i], []
            i += 1
            while i < len(lines) and lines[i].strip().startswith("#"):
                comment += " " + lines[i]
                i += 1
            continue
        text = lines[i].split("#")[0].strip()
        if label and text and not text.startswith(".") and \
                not text.endswith(":"):
            body.append(text)
        i += 1
    if label:
        yield label, comment, body


DOT_RE = r"^(vpdpbusd|vpdpwssd|vdpbf16ps)"


def mnemonic(text):
    """The instruction's name, past an encoding prefix ({vex}: AVX-VNNI's
    vpdpbusd on ymm)."""
    words = text.split()
    return words[1] if words[0].startswith("{") and len(words) > 1 else words[0]


def count(instructions, counts):
    has_fma = any(re.match(r"^vf(n?)m(add|sub)", mnemonic(t)) or
                  re.match(DOT_RE, mnemonic(t)) for t in instructions)
    for text in instructions:
        op = mnemonic(text)
        if re.match(r"^vf(n?)m(add|sub)", op):
            counts["fma"] += 1
        if re.match(DOT_RE, op):
            counts["dot"] += 1
        if op == "vpmaddwd":
            counts["pairs"] += 1
        if re.search(r"\{%k[1-7]\}", text):
            counts["masked"] += 1
        if re.match(r"^(vpcmp|vcmp|k(mov|and|or|xor|not|shift))", op):
            counts["maskops"] += 1
        if "%rsp" in text:
            counts["stack"] += 1
            if re.search(r"%[xyz]mm[0-9]+", text):
                counts["vstack"] += 1
            if has_fma:
                counts["fmastack"] += 1
        if op.startswith("call"):
            counts["calls"] += 1
        if re.match(r"^vpxor[dq]?$", op):
            operands = [o.strip() for o in text[len(op):].split(",")]
            if len(set(operands)) > 1:
                counts["vxor"] += 1


def main():
    all_blocks = list(blocks(sys.stdin.read().splitlines()))
    for label, comment, body in all_blocks:
        if "This Inner Loop Header" not in comment:
            continue
        name = label[len(".LBB"):]
        counts = dict(fma=0, masked=0, maskops=0, stack=0, vstack=0,
                      fmastack=0, calls=0, dot=0, pairs=0, vxor=0)
        count(body, counts)
        for _, other_comment, other_body in all_blocks:
            m = IN_LOOP_RE.search(other_comment + " ")
            if m and m.group(1) == name:
                count(other_body, counts)
        print("loop %s: %s" % (label, " ".join(
            "%s=%d" % (k, v) for k, v in counts.items())))


if __name__ == "__main__":
    main()
