#!/usr/bin/env python3
"""Random linalg.pack / linalg.unpack cases for differential testing.

Writes an MLIR file of `// -----`-separated cases. Each case packs a random
tensor (random rank 1-3, shapes including primes, random tiled dims and
their order (`inner_dims_pos`), random tile sizes that are and are not
multiples of the vector length, random `outer_dims_perm`, padding when
tiles do not divide, element type f32/f16/bf16/i8/i32), then unpacks the
packed tensor into a fresh destination, and prints both. Two schedules
come with each case: `@__transform_main` (regtile's tile copies) and
`@reference` (upstream lower_pack / lower_unpack); test/lib/difftest.py
compares them bit for bit:

  random_pack_unpack.py --seed 1 --count 10 > cases.mlir
  difftest.py cases.mlir --reference-schedule \\
      'transform-interpreter{entry-point=reference}' ...

The lit suite runs a fixed-seed subset (pack-unpack-to-tile-copies/random.test); for a
larger sweep, e.g. 500 cases:
  for s in $(seq 1 50); do
    python3 test/pack-unpack-to-tile-copies/random_pack_unpack.py --seed $s --count 10 > /tmp/c.mlir
    python3 test/lib/difftest.py /tmp/c.mlir --reference-schedule \\
        'transform-interpreter{entry-point=reference}' --opt ... || break
  done
"""

import argparse
import random

TYPES = {  # name: (runtime suffix, padding literal)
    "f32": ("F32", "0.5"),
    "f16": ("F16", "-1.5"),
    "bf16": ("BF16", "2.0"),
    "i8": ("I8", "-7"),
    "i32": ("I32", "1234"),
}
PRIMES = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 61, 67]


def ceil_div(a, b):
    return (a + b - 1) // b


def shape_str(shape, t):
    return "x".join(str(s) for s in shape) + "x" + t


OP_FORM = """    %p = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.regtile.pack_unpack_to_tile_copies %p : (!transform.any_op) -> !transform.any_op"""
# With streaming stores: the loops are annotated for regtile-lower-to-llvm,
# and the buffers are 64-byte aligned so that the streaming version runs.
STREAMING_FORM = OP_FORM + """
    transform.annotate %l "regtile.streaming_stores" : !transform.any_op"""
PATTERN_FORM = """    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.regtile.pack_unpack_to_tile_copies
    } : !transform.any_op"""


def threads_form(rank, inner, tiles, max_loops):
    """Each pack and unpack split over threads (distribute_over_threads:
    pieces of whole tiles, work threshold 1 point so that every case
    splits), then tile copies on each piece."""
    unpack_grains = [1] * rank
    for d, tile in zip(inner, tiles):
        unpack_grains[d] = tile
    opts = f"{{max_loops = {max_loops}, min_points_per_thread = 1}}"

    def split(kind, grains):
        g = ", ".join(map(str, grains))
        return f"""    %{kind} = transform.structured.match ops{{["linalg.{kind}"]}} in %root : (!transform.any_op) -> !transform.any_op
    %{kind}_piece, %{kind}_forall = transform.regtile.distribute_over_threads %{kind} grains [{g}] {opts} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %{kind}_loops = transform.regtile.pack_unpack_to_tile_copies %{kind}_piece : (!transform.any_op) -> !transform.any_op"""
    return split("pack", [1] * rank) + "\n" + split("unpack", unpack_grains)


def one_case(rng, idx, schedule, alloc_attrs, large_tiles=False):
    t = rng.choice(list(TYPES))
    suffix, pad_lit = TYPES[t]
    if large_tiles:
        # Tiles larger than any register file (loops over register blocks
        # inside a tile), at least two tiled dims.
        rank = rng.choice([2, 2, 3])
        src = [rng.randint(40, 150) if rank == 2 else
               rng.choice([rng.choice(PRIMES), rng.randint(5, 40)])
               for _ in range(rank)]
        k = rng.randint(2, rank)
        inner = rng.sample(range(rank), k)
        tiles = [rng.choice([3, 17, 24, 40, 64]) for _ in range(k)]
        while tiles[-1] * tiles[-2] <= 2048:
            tiles[-2] += 29
    else:
        rank = rng.choice([1, 2, 2, 2, 3])
        src = [rng.choice([rng.choice(PRIMES), rng.randint(1, 70),
                           rng.choice([16, 32, 48, 64])]) for _ in range(rank)]
        k = rng.randint(1, rank)
        inner = rng.sample(range(rank), k)       # any order: transposes
        tiles = [rng.choice([1, 2, 4, 7, 8, 13, 16, 24, 32])
                 for _ in range(k)]
    perm = list(range(rank))
    if rng.random() < 0.5:
        rng.shuffle(perm)
    outer = [src[d] for d in range(rank)]
    for d, tile in zip(inner, tiles):
        outer[d] = ceil_div(src[d], tile)
    packed = [outer[p] for p in perm] + tiles
    divides = all(src[d] % tile == 0 for d, tile in zip(inner, tiles))
    use_pad = not divides or rng.random() < 0.3
    pos = ", ".join(map(str, inner))
    tl = ", ".join(map(str, tiles))
    perm_attr = f"outer_dims_perm = [{', '.join(map(str, perm))}] " \
        if perm != list(range(rank)) else ""
    if schedule is None:
        schedule = threads_form(rank, inner, tiles, rng.choice([0, 1]))
    st, pt = shape_str(src, t), shape_str(packed, t)
    pad_def = f"  %pad = arith.constant {pad_lit} : {t}\n" if use_pad else ""
    pad_use = f"padding_value(%pad : {t}) " if use_pad else ""
    return f"""// case {idx}: {t} {src} inner_dims_pos={inner} tiles={tiles} outer_dims_perm={perm} padding={use_pad}
func.func @pack(%s: tensor<{st}>, %d: tensor<{pt}>) -> tensor<{pt}> {{
{pad_def}  %p = linalg.pack %s {pad_use}{perm_attr}inner_dims_pos = [{pos}] inner_tiles = [{tl}] into %d : tensor<{st}> -> tensor<{pt}>
  return %p : tensor<{pt}>
}}
func.func @unpack(%s: tensor<{pt}>, %d: tensor<{st}>) -> tensor<{st}> {{
  %u = linalg.unpack %s {perm_attr}inner_dims_pos = [{pos}] inner_tiles = [{tl}] into %d : tensor<{pt}> -> tensor<{st}>
  return %u : tensor<{st}>
}}
func.func private @regtileFill{suffix}(memref<*x{t}>, i64) attributes {{llvm.emit_c_interface}}
func.func private @regtilePrint{suffix}(memref<*x{t}>) attributes {{llvm.emit_c_interface}}
func.func @main() {{
  %s1 = arith.constant 1 : i64
  %s2 = arith.constant 2 : i64
  %s3 = arith.constant 3 : i64
  %a = memref.alloc(){alloc_attrs} : memref<{st}>
  %ua = memref.cast %a : memref<{st}> to memref<*x{t}>
  call @regtileFill{suffix}(%ua, %s1) : (memref<*x{t}>, i64) -> ()
  %ta = bufferization.to_tensor %a restrict : memref<{st}> to tensor<{st}>
  %k = memref.alloc(){alloc_attrs} : memref<{pt}>
  %uk = memref.cast %k : memref<{pt}> to memref<*x{t}>
  call @regtileFill{suffix}(%uk, %s2) : (memref<*x{t}>, i64) -> ()
  %tk = bufferization.to_tensor %k restrict writable : memref<{pt}> to tensor<{pt}>
  %p = call @pack(%ta, %tk) : (tensor<{st}>, tensor<{pt}>) -> tensor<{pt}>
  %pm = bufferization.to_buffer %p : tensor<{pt}> to memref<{pt}>
  %up = memref.cast %pm : memref<{pt}> to memref<*x{t}>
  call @regtilePrint{suffix}(%up) : (memref<*x{t}>) -> ()
  %b = memref.alloc(){alloc_attrs} : memref<{st}>
  %ub = memref.cast %b : memref<{st}> to memref<*x{t}>
  call @regtileFill{suffix}(%ub, %s3) : (memref<*x{t}>, i64) -> ()
  %tb = bufferization.to_tensor %b restrict writable : memref<{st}> to tensor<{st}>
  %u = call @unpack(%p, %tb) : (tensor<{pt}>, tensor<{st}>) -> tensor<{st}>
  %um = bufferization.to_buffer %u : tensor<{st}> to memref<{st}>
  %uu = memref.cast %um : memref<{st}> to memref<*x{t}>
  call @regtilePrint{suffix}(%uu) : (memref<*x{t}>) -> ()
  return
}}
module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{
{schedule}
    transform.yield
  }}
  transform.named_sequence @reference(%root: !transform.any_op {{transform.readonly}}) {{
    %p = transform.structured.match ops{{["linalg.pack"]}} in %root : (!transform.any_op) -> !transform.op<"linalg.pack">
    %a, %b, %c = transform.structured.lower_pack %p : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %u = transform.structured.match ops{{["linalg.unpack"]}} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    %e, %f, %g, %h = transform.structured.lower_unpack %u : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }}
}}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=10)
    form = ap.add_mutually_exclusive_group()
    form.add_argument("--pattern-form", action="store_true",
                      help="schedule with transform.apply_patterns.regtile."
                           "pack_unpack_to_tile_copies instead of the op")
    form.add_argument("--streaming-stores", action="store_true",
                      help="annotate the loops regtile.streaming_stores "
                           "(buffers 64-byte aligned)")
    form.add_argument("--threads", action="store_true",
                      help="split each pack and unpack over threads first "
                           "(distribute_over_threads, whole tiles per piece)")
    ap.add_argument("--max-registers", type=int,
                    help="the op's max_registers (register budget per block)")
    ap.add_argument("--tiles-per-group", type=int,
                    help="the op's tiles_per_group (tiles a group of source "
                         "rows covers)")
    ap.add_argument("--large-tiles", action="store_true",
                    help="tiles larger than the register file (copied by "
                         "loops over register blocks)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    schedule = (None if args.threads else
                PATTERN_FORM if args.pattern_form else
                STREAMING_FORM if args.streaming_stores else OP_FORM)
    attrs = []
    if args.max_registers:
        attrs.append(f"max_registers = {args.max_registers}")
    if args.tiles_per_group:
        attrs.append(f"tiles_per_group = {args.tiles_per_group}")
    if attrs and schedule:
        schedule = schedule.replace(
            "pack_unpack_to_tile_copies %p :",
            f"pack_unpack_to_tile_copies %p {{{', '.join(attrs)}}} :")
    alloc_attrs = " {alignment = 64}" if args.streaming_stores else ""
    print("\n// -----\n\n".join(
        one_case(rng, i, schedule, alloc_attrs, args.large_tiles)
        for i in range(args.count)))


if __name__ == "__main__":
    main()
