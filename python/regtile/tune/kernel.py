"""The kernel's signature (from the payload's text) and the C++ timing
driver that calls every compiled variant through the shared benchmark
harness, checking each against the reference."""

import re

from . import TuneError

ELEMENT_TYPES = {"f32": "float", "f64": "double", "i8": "int8_t",
                 "i16": "int16_t", "i32": "int32_t", "i64": "int64_t"}
SCALAR_TYPES = {"index": "int64_t", "i64": "int64_t", "i32": "int32_t"}


def kernel_args(payload_text, func, values=None):
    """The arguments of @func: ("memref", dims, element type) or
    ("scalar", C type, value). Dynamic memref dims and scalar arguments
    take their values from `values` (--arg NAME=...: a shape such as
    2048x2048, or an integer)."""
    values = values or {}
    m = re.search(r"func\.func\s+(?:\w+\s+)?@" + re.escape(func) +
                  r"\s*\(([^)]*)\)", payload_text)
    if not m:
        raise TuneError(f"no function @{func} in the payload")
    pieces, depth, current = [], 0, ""
    for c in m.group(1):  # split at commas outside <...>
        depth += (c == "<") - (c == ">")
        if c == "," and depth == 0:
            pieces.append(current)
            current = ""
        else:
            current += c
    pieces.append(current)
    aliases = dict(re.findall(r"^\s*!([\w.$-]+)\s*=\s*(\S.*?)\s*$",
                              payload_text, re.M))
    args = []
    for arg in [a for a in pieces if a.strip()]:
        arg = re.sub(r"!([\w.$-]+)",
                     lambda t: aliases.get(t.group(1), t.group(0)), arg)
        name = re.match(r"\s*%([\w$.-]+)", arg)
        name = name.group(1) if name else None
        t = re.search(r"memref<([0-9?x]*)(f32|f64|i8|i16|i32|i64)>", arg)
        sc = re.search(r":\s*(index|i64|i32)\s*$", arg)
        if t:
            dims = [d for d in t.group(1).split("x") if d]
            if "?" in dims:
                shape = values.get(name)
                given = shape.split("x") if shape else []
                if (len(given) != len(dims) or
                        not all(g.isdigit() for g in given) or
                        any(d not in ("?", g) for d, g in zip(dims, given))):
                    raise TuneError(
                        f"@{func}: argument '{arg.strip()}' has dynamic "
                        f"sizes: give its shape with --arg {name}=" +
                        "x".join("N" if d == "?" else d for d in dims))
                dims = given
            args.append(("memref", [int(d) for d in dims], t.group(2)))
        elif sc:
            value = values.get(name)
            if value is None or not re.fullmatch(r"-?[0-9]+", value):
                raise TuneError(f"@{func}: scalar argument '{arg.strip()}': "
                                f"give its value with --arg {name}=N")
            args.append(("scalar", SCALAR_TYPES[sc.group(1)], int(value)))
        else:
            raise TuneError(f"@{func}: argument '{arg.strip()}' is not a "
                            "ranked memref of f32/f64/i8/i16/i32/i64 or an "
                            "index/i64/i32 scalar (what the tuner can call)")
    return args


def driver_source(func, args, variants, workload, rtol):
    """C++ driver: the shared harness timing `variants` (baseline first)
    and checking each against the unscheduled reference."""
    memrefs = [(i, a[1], a[2]) for i, a in enumerate(args) if a[0] == "memref"]
    decl_params = ", ".join(f"Desc<{len(a[1])}> *" if a[0] == "memref"
                            else a[1] for a in args)
    lines = [
        "#include \"Harness.h\"",
        "#include <cmath>", "#include <cstdint>", "#include <cstring>",
        "#include <string>", "#include <vector>",
        "using namespace regtile::bench;",
        "template <int R> struct Desc { void *alloc; void *aligned; "
        "int64_t offset; int64_t sizes[R > 0 ? R : 1]; "
        "int64_t strides[R > 0 ? R : 1]; };",
    ]
    for v in ["ref"] + variants:
        lines.append(f'extern "C" void _mlir_ciface_{func}__{v}'
                     f"({decl_params});")
    lines.append("struct Args {")
    for i, dims, et in memrefs:
        count = 1
        for d in dims:
            count *= d
        ct = ELEMENT_TYPES[et]
        lines.append(f"  {ct} *p{i}; Desc<{len(dims)}> d{i};"
                     f" static constexpr size_t n{i} = {count};")
    lines.append("  Args() {")
    for i, dims, et in memrefs:
        ct = ELEMENT_TYPES[et]
        lines.append(f"    p{i} = ({ct} *)aligned_alloc(64, "
                     f"((n{i} * sizeof({ct}) + 63) / 64) * 64);")
        lines.append(f"    d{i}.alloc = d{i}.aligned = p{i}; d{i}.offset = 0;")
        stride = 1
        for j in reversed(range(len(dims))):
            lines.append(f"    d{i}.sizes[{j}] = {dims[j]}; "
                         f"d{i}.strides[{j}] = {stride};")
            stride *= dims[j]
        if et.startswith("f"):
            lines.append(f"    for (size_t k = 0; k < n{i}; ++k) p{i}[k] = "
                         f"({ct})((int64_t)((k * 2654435761u + {i * 97 + 13})"
                         " % 65) - 32) / 8;")
        else:
            lines.append(f"    for (size_t k = 0; k < n{i}; ++k) p{i}[k] = "
                         f"({ct})((int64_t)((k * 2654435761u + {i * 97 + 13})"
                         " % 17) - 8);")
    lines.append("  }")
    call_args = ", ".join(f"&d{i}" if a[0] == "memref" else f"({a[1]}){a[2]}"
                          for i, a in enumerate(args))
    lines.append("  template <typename F> void call(F f) { f(" + call_args +
                 "); }")
    lines.append("};")
    lines.append("static std::string compare(const Args &a, const Args &r) {")
    for i, dims, et in memrefs:
        lines.append(f"  for (size_t k = 0; k < Args::n{i}; ++k) {{")
        lines.append(f"    double x = a.p{i}[k], y = r.p{i}[k];")
        lines.append(f"    if (std::fabs(x - y) > {rtol!r} * std::fmax(1.0, "
                     "std::fabs(y)) || std::isnan(x) != std::isnan(y))")
        lines.append(f'      return "argument {i} element " + '
                     "std::to_string(k) + \": \" + std::to_string(x) + "
                     "\" instead of \" + std::to_string(y);")
        lines.append("  }")
    lines.append('  return "";')
    lines.append("}")
    lines.append("int main(int argc, char **argv) {")
    lines.append("  static Args ref;")
    lines.append(f"  ref.call(_mlir_ciface_{func}__ref);")
    lines.append("  std::vector<Kernel> kernels;")
    for v in variants:
        lines.append("  {")
        lines.append("    auto *a = new Args;")
        lines.append("    Kernel k;")
        lines.append(f'    k.workload = "{workload}";')
        lines.append(f'    k.variant = "{v}";')
        lines.append(f"    k.run = [a] {{ a->call(_mlir_ciface_{func}__{v}); }};")
        lines.append("    k.check = [a] { return compare(*a, ref); };")
        lines.append("    kernels.push_back(k);")
        lines.append("  }")
    lines.append("  return regtile::bench::main(argc, argv, kernels);")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Compiling and measuring
