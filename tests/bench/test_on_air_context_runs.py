"""The on-air context bench runs and meets the issue's targets on both splits: at most 1% of ordinary lines full
of names changed, at least 95% of slurs and their disguises caught. No speed is asserted."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULT = re.compile(r"RESULT ordinary_changed_dev=(\d\.\d{4}) ordinary_changed_heldout=(\d\.\d{4}) "
                    r"slurs_caught_dev=(\d\.\d{4}) slurs_caught_heldout=(\d\.\d{4}) us_per_line=(\d+\.\d) "
                    r"slurs_dropped_dev=(\d\.\d{4}) slurs_dropped_heldout=(\d\.\d{4})")


def test_the_on_air_context_bench_meets_its_targets_on_both_splits() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "on_air_context.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    match = RESULT.fullmatch(done.stdout.strip().splitlines()[-1])
    assert match, f"unexpected output:\n{done.stdout}"
    changed_dev, changed_held, caught_dev, caught_held, _us, dropped_dev, dropped_held = map(float, match.groups())
    assert changed_dev <= 0.01 and changed_held <= 0.01, done.stdout
    assert caught_dev >= 0.95 and caught_held >= 0.95, done.stdout
    assert dropped_dev >= 0.95 and dropped_held >= 0.95, done.stdout
