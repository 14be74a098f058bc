"""The chat soak runs end to end on a few hundred lines and prints its RESULT line; its own checks must pass
(nothing lost over the RECONNECT, one model call per batch, every line tallied once). No speed is asserted."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULT = re.compile(r"RESULT lines_per_s=(\d+) calls_per_1000_lines=(\d+\.\d) rss_growth_mb=(-?\d+\.\d) "
                    r"lost=(\d+)")


def test_the_chat_soak_prints_a_result_line_and_its_checks_pass() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "chat_soak.py")], cwd=ROOT,
                          env=dict(os.environ, BEA_SOAK_LINES="400", BEA_SOAK_RATE="400"),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout.strip().splitlines()
    match = RESULT.fullmatch(out[-1])
    assert match, f"unexpected output:\n{done.stdout}"
    assert int(match[1]) > 0 and 0 < float(match[2]) < 1000 and match[4] == "0"
    assert not [line for line in out if line.startswith("FAIL")]
