"""The raid benchmark runs end to end on a small raid and prints its RESULT line: she answers the raid, and every
line that named her (the built-in model at its real speed; the full size's figures are in the commit, not here)."""

from __future__ import annotations

import re

from tests.bench.test_bench_runs import last_result

RESULT = re.compile(r"RESULT raid_lines=(\d+) first_answer_s=(\d+\.\d\d|nan) named_unanswered=(\d+)")


def test_raid_benchmark_prints_a_result_line() -> None:
    match = last_result("raid.py", RESULT, timeout=300, BEA_BENCH_RAID_LINES="30", BEA_BENCH_RAID_NAMED="1",
                        BEA_BENCH_RAID_SECONDS="0.3", BEA_BENCH_TIMEOUT="60")
    assert match[1] == "30" and match[2] != "nan" and match[3] == "0"
