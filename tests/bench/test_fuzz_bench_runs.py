"""The long parser fuzz (tests/bench/fuzz.py) still runs end to end, on a few examples, and prints its RESULT."""

from __future__ import annotations

import re

from tests.bench.test_bench_runs import last_result

RESULT = re.compile(r"RESULT parsers=(\d+) examples=(\d+) failures=(\d+) seconds=(\d+\.\d)")


def test_fuzz_benchmark_prints_a_result_line() -> None:
    match = last_result("fuzz.py", RESULT, BEA_FUZZ_EXAMPLES="20")
    parsers, examples, failures = int(match[1]), int(match[2]), int(match[3])
    assert parsers >= 10 and examples >= 20 * parsers and failures == 0
