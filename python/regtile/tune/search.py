"""The search over configurations, the confirmation of its best, and the
ranked report; functions of a Tuner (`tuner`), which compiles and times."""

import itertools
import random

from . import TuneError


def compile_baseline_and_reference(tuner):
    """The schedule as given (the baseline every speed is relative to) and
    the reference every result is checked against."""
    made, error = tuner.compile("base", tuner.args.schedule, tuner.args.entry)
    if made is None:
        raise TuneError(f"the schedule as given does not compile: {error}")
    tuner.base_obj, tuner.base_hash = made
    if tuner.args.reference_entry:
        made, error = tuner.compile("ref", tuner.args.schedule,
                                    tuner.args.reference_entry)
        what = f"the reference (@{tuner.args.reference_entry})"
    else:
        made, error = tuner.compile("ref", "none", tuner.args.entry)
        what = "the unscheduled payload"
    if made is None:
        raise TuneError(f"{what} does not compile (--reference-entry "
                        f"names a schedule that makes it compile): "
                        f"{error}")
    tuner.ref_obj = made[0]


def neighbours(tuner, configs):
    """Untimed configurations one knob away (a neighbouring option) from
    `configs`, in order."""
    frontier = []
    for config in configs:
        for n in tuner.knobs:
            opts = tuner.knobs[n]["options"]
            i = opts.index(config[n])
            for j in (i - 1, i + 1):
                if 0 <= j < len(opts):
                    c = dict(config, **{n: opts[j]})
                    if tuner.key(c) not in tuner.results and \
                            c not in frontier:
                        frontier.append(c)
    return frontier


def search(tuner):
    """Times the configurations: all of them if the space fits the budget
    (or --search grid), else a random sample (half the budget, the default
    included) and rounds of local search around the three best, until the
    budget is spent."""
    names = list(tuner.knobs)
    default = {n: tuner.knobs[n]["default"] for n in names}
    space = [dict(zip(names, vals)) for vals in itertools.product(
        *[tuner.knobs[n]["options"] for n in names])]
    tuner.budget = min(len(space), tuner.args.max_configs)
    print(f"regtile-tune: {len(names)} knob(s), {len(space)} "
          f"configuration(s); budget {tuner.args.max_configs} "
          f"configurations, {tuner.args.seconds:g} s", file=tuner.log)
    compile_baseline_and_reference(tuner)
    rng = random.Random(tuner.args.seed)
    batch = tuner.args.batch
    if len(space) <= tuner.args.max_configs or tuner.args.search == "grid":
        order = [default] + [c for c in space if c != default]
    else:
        order = [default] + rng.sample(
            [c for c in space if c != default],
            min(len(space) - 1, max(1, tuner.args.max_configs // 2 - 1)))
    for i in range(0, len(order), batch):
        if tuner.over_budget():
            return
        tuner.run_batch(order[i:i + batch])
    if len(order) == len(space):
        return
    while not tuner.over_budget():
        ranked = sorted((k for k in tuner.results
                         if tuner.speed(k) is not None),
                        key=lambda k: -tuner.speed(k))
        frontier = neighbours(tuner,
                              [tuner.results[k]["config"] for k in ranked[:3]])
        if not frontier:
            # Local optimum: spend the rest on unseen random points.
            frontier = [c for c in rng.sample(space, min(len(space),
                                                         batch * 4))
                        if tuner.key(c) not in tuner.results][:batch]
            if not frontier:
                return
        tuner.run_batch(frontier[:batch])


def confirm(tuner, best):
    """The search's best is the maximum of many noisy measurements,
    so its speed is biased upwards (the winner's curse): time it once
    more against the baseline, in a process of its own with
    --confirm-reps rounds, and keep it only if it is at least
    --min-gain faster there. Returns the configuration to write."""
    src = best
    if best["status"] == "same code":
        if best["as"] == "baseline":
            return best
        src = tuner.results[best["as"]]
    reps = tuner.args.confirm_reps or 2 * tuner.args.reps
    records = tuner.measure([("confirm", src["variant"], src["obj"])],
                           reps)
    rec = records.get(src["variant"])
    if rec is None or rec.get("check") != "ok" or \
            rec.get("speed_vs_first") is None:
        raise TuneError("the confirmation run of the best configuration "
                        "failed: " + (rec or {}).get("check", "not run"))
    speed = rec["speed_vs_first"]
    print(f"confirmation of {tuner.describe(best['config'])} ({reps} "
          f"rounds, a process of its own): {speed:.3f}x the schedule "
          "as given", file=tuner.log)
    if speed >= 1.0 + tuner.args.min_gain:
        return dict(best, confirmed=speed)
    default = {n: tuner.knobs[n]["default"] for n in tuner.knobs}
    print(f"not confirmed (under {1.0 + tuner.args.min_gain:.3f}x): "
          "keeping the schedule as given", file=tuner.log)
    return {"config": default, "speed": 1.0,
            "rejected": (best, speed)}

def report(tuner):
    """Prints the ranked table; returns the best record."""
    ok = [r for r in tuner.results.values() if r.get("speed") is not None]
    ok.sort(key=lambda r: -r["speed"])
    print("\n| rank | " + " | ".join(tuner.knobs) +
          " | speed vs baseline | status |", file=tuner.log)
    print("|---:|" + "---:|" * len(tuner.knobs) + "---:|---|",
          file=tuner.log)
    ranked = ok + [r for r in tuner.results.values()
                   if r.get("speed") is None]
    for i, r in enumerate(ranked):
        rank = str(i + 1) if r.get("speed") is not None else "-"
        speed = f"{r['speed']:.3f}" if r.get("speed") is not None else "-"
        status = r["status"]
        if status == "same code":
            status = "same code as " + (
                "the baseline" if r["as"] == "baseline" else
                tuner.describe(tuner.results[r["as"]]["config"]))
        elif "why" in r:
            status += ": " + r["why"]
        print(f"| {rank} | " + " | ".join(str(r["config"][n])
                                          for n in tuner.knobs) +
              f" | {speed} | {status} |", file=tuner.log)
    if not ok:
        raise TuneError("no configuration compiled and checked")
    return ok[0]
