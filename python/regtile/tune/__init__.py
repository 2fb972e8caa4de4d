"""regtile-tune: pick a schedule's tuning knobs by measurement on this host.

A schedule exposes its machine-dependent choices as upstream Transform ops
  %k = transform.tune.knob<"name"> = 0 from options = [0, 2, 4, 8] -> !transform.param<i64>
  transform.tune.alternatives<"name"> selected_region = 0 { ... }, { ... }
(integer-array options; alternatives with an attribute selection). Knobs
are identified by name: every knob (or alternatives op) of one name takes
the same value. For each configuration (one option per knob) the tool
  1. writes the schedule with every knob `selected`,
  2. applies it to the payload's kernel with stock mlir-opt + the plugin,
     lowers it with regtile-lower-to-llvm and compiles it ahead of time
     (bench/compile-kernel.sh, as the benchmarks do),
  3. links the configurations of a batch, the schedule as given (the
     baseline) and the unscheduled payload (the reference) into one binary
     with the shared benchmark harness, which checks every configuration
     against the reference and times them in interleaved rounds pinned to
     one core (medians);
and ranks configurations by their speed relative to the baseline measured
in the same process. A configuration that fails to compile or miscomputes
is reported and skipped, never chosen. Configurations whose lowered code is
identical are timed once.

Search: every configuration if the space fits the budget; otherwise a
random sample (the baseline included), then rounds of local search around
the best ones (each knob moved to a neighbouring option) until the budget
(--max-configs, --seconds) is spent.

Confirmation: the best of many noisy measurements is biased upwards (the
winner's curse), so the search's best is timed once more against the
schedule as given, in a process of its own with --confirm-reps rounds, and
kept only if it is at least --min-gain (1%) faster there; otherwise the
schedule as given is the result (--no-confirm skips this).

Output: a progress line per configuration, a ranked table, and with
--output the schedule written back with every knob selected to the best
configuration, which stock mlir-opt then applies without the tuner.

Reference: the unscheduled payload, or with --reference-entry another
named sequence of the schedule (for payloads that do not lower
unscheduled).

Kernel: `--func` names a function of the payload (after `${K}`
substitution with --params) whose arguments are ranked memrefs of
f32/f64/i8/i16/i32/i64 or index/i64/i32 scalars, with
`llvm.emit_c_interface`; --arg gives what the types leave open (the shape
of a memref with dynamic sizes, A=2048x2048; a scalar's value, M=2048).
All memrefs are filled deterministically before the checked call and
compared afterwards.

Example:
  scripts/regtile-tune --payload examples/reductions/reductions.mlir \\
      --params "M=384 N=512" --schedule examples/reductions/schedule.mlir \\
      --entry reductions_regtile --func sum_f32 --output tuned.mlir
"""


class TuneError(Exception):
    """A reason the tuner stops, for the user."""
