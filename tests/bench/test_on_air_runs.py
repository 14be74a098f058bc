"""The on-air bench runs end to end on its corpus and the shared chat logs and prints its RESULT line; its
targets that do not depend on the machine hold: at least 95% of injection attempts caught, at most 1% of plain
chat flagged, every profanity and never-say line of the corpus masked or dropped. No speed is asserted."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULT = re.compile(r"RESULT injection_caught=(\d+) injection_total=(\d+) false_positive_rate=(\d\.\d{4}) "
                    r"filter_caught=(\d+) filter_total=(\d+) us_per_line=(\d+\.\d)")


def test_the_on_air_bench_prints_a_result_line_and_meets_its_targets() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "on_air.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout.strip().splitlines()
    match = RESULT.fullmatch(out[-1])
    assert match, f"unexpected output:\n{done.stdout}"
    caught, total, false_rate, filtered, filter_total, _us = match.groups()
    assert int(total) >= 100 and int(caught) >= 0.95 * int(total), done.stdout
    assert float(false_rate) <= 0.01, done.stdout
    assert int(filter_total) >= 30 and filtered == filter_total, done.stdout
