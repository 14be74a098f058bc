"""The first-answer benchmark runs end to end on two lines and prints its RESULT line (no speed is asserted)."""

from __future__ import annotations

import re

from tests.bench.test_bench_runs import last_result

RESULT = re.compile(r"RESULT answered=(\d+) of=(\d+) p50_s=(\d+\.\d\d|nan) p95_s=(\d+\.\d\d|nan) "
                    r"said_p50_s=(\d+\.\d\d|nan)")


def test_first_answer_benchmark_prints_a_result_line() -> None:
    match = last_result("first_answer.py", RESULT, timeout=300, BEA_BENCH_LINES="2")
    assert int(match[2]) == 2 and int(match[1]) >= 1   # the built-in model answers a line typed to her
