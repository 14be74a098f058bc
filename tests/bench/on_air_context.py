"""Benchmark: the on-air filter on ordinary sentences full of names that hold a listed string, and on slurs.

Sets (tests/bench/data/on_air_context/, its README says how each was made): names and families (ordinary lines:
any change is a fault) and slurs (lines that must not be said as they are: caught when masked or dropped), each
in a development file and a held-out one. What a development line got wrong is printed above RESULT; a held-out
file is only counted.
Speed: every line of every file through a fresh filter, PASSES times; the mean per line.
Last line: RESULT ordinary_changed_dev=... ordinary_changed_heldout=... slurs_caught_dev=...
slurs_caught_heldout=... us_per_line=...  (fractions of the lines; slurs_dropped_* say how many of the lines meant
to be dropped were dropped, not only masked).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.core.on_air import Decision, OnAir  # noqa: E402

DATA = ROOT / "tests" / "bench" / "data" / "on_air_context"
PASSES = 5


def _lines(name: str) -> list[str]:
    return [line for line in (DATA / name).read_text("utf-8").splitlines() if line.strip()]


def ordinary(half: str) -> list[str]:
    return _lines(f"names_{half}.txt") + _lines(f"families_{half}.txt")


def slurs(half: str) -> list[tuple[str, str]]:
    return [tuple(line.split("\t", 1)) for line in _lines(f"slurs_{half}.txt")]


def main() -> None:
    on_air = OnAir()
    figures = {}
    for half in ("dev", "heldout"):
        lines = ordinary(half)
        changed = [t for t in lines if on_air.screen(t).decision is not Decision.SAY]
        marked = slurs(half)
        decided = [(tier, t, on_air.screen(t).decision) for tier, t in marked]
        missed = [t for _tier, t, d in decided if d is Decision.SAY]
        meant = [d for tier, _t, d in decided if tier == "drop"]
        if half == "dev":
            for text in changed:
                print(f"CHANGED dev: {text!r} -> {on_air.screen(text).words}")
            for text in missed:
                print(f"MISSED dev: {text!r}")
            for tier, text, d in decided:
                if tier == "drop" and d is Decision.MASK:
                    print(f"MASKED, NOT DROPPED dev: {text!r}")
        print(f"{half}: ordinary {len(changed)} of {len(lines)} changed; slurs {len(marked) - len(missed)} of "
              f"{len(marked)} caught, {meant.count(Decision.DROP)} of {len(meant)} meant to be dropped were")
        figures[f"ordinary_changed_{half}"] = len(changed) / len(lines)
        figures[f"slurs_caught_{half}"] = (len(marked) - len(missed)) / len(marked)
        figures[f"slurs_dropped_{half}"] = meant.count(Decision.DROP) / len(meant)
    every = [t for half in ("dev", "heldout") for t in ordinary(half) + [t for _tier, t in slurs(half)]]
    start = time.perf_counter()
    for _ in range(PASSES):
        fresh = OnAir()
        for text in every:
            fresh.screen(text)
    us = (time.perf_counter() - start) / (PASSES * len(every)) * 1e6
    keys = [f"{what}_{half}" for what in ("ordinary_changed", "slurs_caught") for half in ("dev", "heldout")]
    keys += ["slurs_dropped_dev", "slurs_dropped_heldout"]
    print("RESULT " + " ".join(f"{k}={figures[k]:.4f}" for k in keys[:4]) + f" us_per_line={us:.1f} "
          + " ".join(f"{k}={figures[k]:.4f}" for k in keys[4:]))


if __name__ == "__main__":
    main()
