"""The speaker benchmark runs end to end on a few voices and prints its RESULT line (no accuracy asserted)."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.bench.test_bench_runs import last_result
from tests.speaker_model_source import resemblyzer_source

RESULT = re.compile(r"RESULT split=(\w+) speakers=(\d+) genuine=(\d+) impostor=(\d+) eer=(\d\.\d{3}) "
                    r"false_accept=(\d\.\d{3}) false_reject=(\d\.\d{3}) threshold=(\d\.\d\d) "
                    r"her_voice_accept=(\d\.\d{3}|nan) odd_take_caught=(\d+)/(\d+) enrol_refused=(\d+) "
                    r"embed_ms=(\d+)")
SOURCE, WHY = resemblyzer_source()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.skipif(SOURCE is None, reason=WHY or "")
def test_speaker_benchmark_prints_a_result_line() -> None:
    match = last_result("speaker.py", RESULT, timeout=600, BEA_BENCH_SPEAKER_QUICK="1")
    assert match[1] == "held_out" and int(match[2]) >= 4
    assert int(match[3]) > 0 and int(match[4]) > int(match[3])
    assert 0 <= int(match[10]) <= int(match[11]) and int(match[13]) > 0
