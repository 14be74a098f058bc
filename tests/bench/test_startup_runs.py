"""The start-up benchmark runs end to end with a short wait and prints its RESULT line (no speed or size is
asserted): the real window app on an X server of its own, her answer to one typed line."""

from __future__ import annotations

import re

from tests.bench.test_bench_runs import last_result
from tests.xserver import needs_x

RESULT = re.compile(r"RESULT window_s=(\d+\.\d\d) idle_pss_mb=(\d+) answered_pss_mb=(\d+)")


@needs_x
def test_startup_benchmark_prints_a_result_line() -> None:
    match = last_result("startup.py", RESULT, timeout=400, BEA_STARTUP_WAIT="5")
    window_s, idle, answered = float(match[1]), int(match[2]), int(match[3])
    assert window_s > 0 and 0 < idle <= answered   # she answered, and what answering loaded was counted
