"""The on-air bench runs end to end on the public injection corpus, its own lines and the shared chat logs and
prints its RESULT line; its targets that do not depend on the machine are checked: at most 1% of plain chat
flagged, every profanity and never-say line of the corpus masked or dropped, and the public corpus's attempts
caught at least as well as measured when its held-out part was last scored (a floor against regressions, below
the issue's 95% target, which the held-out part does not reach yet). No speed is asserted."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULT = re.compile(r"RESULT injection_caught=(\d+) injection_total=(\d+) false_positive_rate=(\d\.\d{4}) "
                    r"filter_caught=(\d+) filter_total=(\d+) us_per_line=(\d+\.\d) "
                    r"injection_heldout_caught=(\d+) injection_heldout_total=(\d+)")
HELDOUT_FLOOR = 0.80   # measured 120 of 143 (0.839) with the rules alone


def test_the_on_air_bench_prints_a_result_line_and_meets_its_targets() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "on_air.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout.strip().splitlines()
    match = RESULT.fullmatch(out[-1])
    assert match, f"unexpected output:\n{done.stdout}"
    caught, total, false_rate, filtered, filter_total, _us, held, held_total = match.groups()
    assert int(total) >= 250 and int(held_total) >= 100, done.stdout
    assert int(held) >= HELDOUT_FLOOR * int(held_total), done.stdout
    assert int(caught) >= int(held), done.stdout
    assert float(false_rate) <= 0.01, done.stdout
    assert int(filter_total) >= 30 and filtered == filter_total, done.stdout
    assert "house attempts" in done.stdout and "caught 122 of 122" in done.stdout, done.stdout
