"""Knobs in a schedule's text: transform.tune.knob and
transform.tune.alternatives, found and selected with regular expressions
over the text (the schedule is written back as the user wrote it, with
only the selections changed)."""

import re

from . import TuneError

KNOB_RE = re.compile(
    r'transform\.tune\.knob\s*<\s*"(?P<name>[^"]+)"\s*>'
    r'(?P<sel>\s*=\s*(?P<selected>[^\s]+(?:\s*:\s*[a-z0-9]+)?)\s+from)?'
    r'(?P<opts>\s*options\s*=\s*\[(?P<options>[^\]]*)\])')
# An alternatives op whose region a param selects (selected_region = %p,
# e.g. a blocking op's choice) is not a knob: the schedule decides.
ALT_RE = re.compile(
    r'transform\.tune\.alternatives\s*<\s*"(?P<name>[^"]+)"\s*>'
    r'(?!\s*selected_region\s*=\s*%)'
    r'(?P<sel>\s*selected_region\s*=\s*(?P<selected>\d+))?')


def _int(text):
    text = text.strip()
    text = re.sub(r"\s*:\s*[a-z0-9]+$", "", text)
    return int(text)


def count_regions(text, start):
    """Number of regions of the alternatives op whose header ends at
    `start`: the comma-separated `{...}` groups that follow (after an
    optional `attributes {...}` and types)."""
    i = start
    m = re.compile(r"\s*attributes\s*").match(text, i)
    if m:  # skip the attribute dictionary
        i = skip_group(text, text.index("{", m.end()))
    i = text.index("{", i)
    regions = 0
    while True:
        i = skip_group(text, i)
        regions += 1
        m = re.compile(r"\s*,\s*\{").match(text, i)
        if not m:
            return regions
        i = m.end() - 1


def skip_group(text, i):
    """Index after the `{...}` group opening at `i` (strings and line
    comments skipped)."""
    depth = 0
    while i < len(text):
        if text.startswith("//", i):
            i = text.index("\n", i)
            continue
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1) + 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise TuneError("unterminated region of transform.tune.alternatives")


def find_knobs(text):
    """{name: {'options': [...], 'default': value}} in order of appearance.
    The default is the `selected` value, or the first option."""
    knobs = {}
    for m in KNOB_RE.finditer(text):
        name = m.group("name")
        try:
            options = [_int(o) for o in m.group("options").split(",")
                       if o.strip()]
        except ValueError:
            raise TuneError(f'knob "{name}": only integer options are '
                            f"supported, got [{m.group('options')}]")
        if not options:
            raise TuneError(f'knob "{name}" has no options')
        default = _int(m.group("selected")) if m.group("selected") else \
            options[0]
        knob = {"options": options, "default": default, "kind": "knob"}
        if name in knobs and knobs[name]["options"] != options:
            raise TuneError(f'knob "{name}" appears with different options')
        knobs.setdefault(name, knob)
    for m in ALT_RE.finditer(text):
        name = m.group("name")
        n = count_regions(text, m.end())
        default = int(m.group("selected")) if m.group("selected") else 0
        knobs.setdefault(name, {"options": list(range(n)), "default": default,
                                "kind": "alternatives"})
    return knobs


def select(text, config):
    """`text` with every knob selected as in `config` ({name: value})."""
    def knob(m):
        name = m.group("name")
        if name not in config:
            return m.group(0)
        head = m.group(0)[:m.start("sel") - m.start(0)] if m.group("sel") \
            else m.group(0)[:m.start("opts") - m.start(0)]
        return f"{head} = {config[name]} from{m.group('opts')}"

    def alt(m):
        name = m.group("name")
        if name not in config:
            return m.group(0)
        head = m.group(0)[:m.start("sel") - m.start(0)] if m.group("sel") \
            else m.group(0)
        return f"{head} selected_region = {config[name]}"
    return ALT_RE.sub(alt, KNOB_RE.sub(knob, text))


# ---------------------------------------------------------------------------
# The kernel's signature and the timing driver
# ---------------------------------------------------------------------------


def parse_selection(knobs, spec, where):
    """`spec` ("NAME=VALUE ...") as {name: value}, each value one of its
    knob's options (`knobs` found in the schedule `where`)."""
    config = {}
    for item in spec.split():
        name, _, value = item.partition("=")
        if name not in knobs:
            raise TuneError(f"no knob named {name} in {where} (it has: "
                            f"{', '.join(knobs)})")
        if not value.lstrip("-").isdigit() or \
                int(value) not in knobs[name]["options"]:
            raise TuneError(f"{name}={value} is not one of its options "
                            f"{knobs[name]['options']}")
        config[name] = int(value)
    return config
