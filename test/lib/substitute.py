#!/usr/bin/env python3
"""Shape parameters of payloads: `${N}`-style placeholders.

The one implementation, used by difftest.py (execution tests) and
bench/compile-kernel.sh (benchmark kernels):
  substitute.py "N=5 H=80" payload.mlir > out.mlir
Fails, naming them, if placeholders are left without a value.
"""

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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        sys.stdout.write(substitute(open(sys.argv[2]).read(),
                                    parse(sys.argv[1])))
    except KeyError as e:
        sys.exit(f"substitute: {sys.argv[2]}: {e.args[0]}")


if __name__ == "__main__":
    main()
