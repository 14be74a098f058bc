"""The end-of-turn benchmark runs end to end on a few utterances and prints its RESULT line (no speed asserted)."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.bench.test_bench_runs import last_result
from tests.turn_model_source import smart_turn_source

RESULT = re.compile(r"RESULT split=(\w+) utterances=(\d+) cut_timer=(\d+) cut_model=(\d+) latency_ms_timer=(\d+) "
                    r"latency_ms_model=(\d+) p90_ms_timer=(\d+) p90_ms_model=(\d+) whole_ms_timer=(\d+) "
                    r"whole_ms_model=(\d+) score_ms=(\d+)")
SOURCE, WHY = smart_turn_source()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.skipif(SOURCE is None, reason=WHY or "")
def test_end_of_turn_benchmark_prints_a_result_line() -> None:
    match = last_result("end_of_turn.py", RESULT, timeout=600, BEA_BENCH_EOT_QUICK="1")
    utterances, cut_timer, cut_model = int(match[2]), int(match[3]), int(match[4])
    assert match[1] == "held_out" and utterances >= 8
    assert 0 <= cut_timer <= utterances and 0 <= cut_model <= utterances
    assert int(match[5]) > 0 and int(match[6]) > 0
