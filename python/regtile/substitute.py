#!/usr/bin/env python3
"""Shape parameters of payloads: `${N}`-style placeholders.

The one implementation, used by difftest.py (execution tests) and
bench/compile-kernel.sh (benchmark kernels):
  substitute.py "N=5 H=80" payload.mlir > out.mlir
Fails, naming them, if placeholders are left without a value.
`--target CPU` also pins the target: the payload goes into a
`module attributes {regtile.target = "CPU"}` (after its type and attribute
aliases), so FileCheck tests of host-derived choices do not depend on the
host.
"""

import argparse
import re
import sys


def parse(params):
    """'N=5 H=80' -> {'N': '5', 'H': '80'}"""
    return dict(kv.split("=", 1) for kv in params.split())


def substitute(text, values):
    """`text` with every ${K} replaced by values[K]; raises KeyError naming
    the placeholders that have no value."""
    for k, v in values.items():
        text = text.replace("${" + k + "}", v)
    left = sorted(set(re.findall(r"\$\{(\w+)\}", text)))
    if left:
        raise KeyError(f"no value for {left}")
    return text


def with_target(text, cpu):
    """`text` inside a module carrying `regtile.target = cpu`; leading
    comments, blank lines and alias definitions stay in front of it."""
    lines = text.splitlines(keepends=True)
    head = 0
    while head < len(lines) and re.match(r"\s*(//.*|[!#][\w.$-]+\s*=.*)?$",
                                         lines[head].rstrip("\n")):
        head += 1
    return ("".join(lines[:head]) +
            f'module attributes {{regtile.target = "{cpu}"}} {{\n' +
            "".join(lines[head:]) + "}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("params", help="e.g. 'N=5 H=80'")
    ap.add_argument("file")
    ap.add_argument("--target", help="pin regtile.target to this CPU")
    args = ap.parse_args()
    try:
        text = substitute(open(args.file).read(), parse(args.params))
    except KeyError as e:
        sys.exit(f"substitute: {args.file}: {e.args[0]}")
    sys.stdout.write(with_target(text, args.target) if args.target else text)


if __name__ == "__main__":
    main()
