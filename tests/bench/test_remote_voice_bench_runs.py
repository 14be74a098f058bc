"""The remote voice benchmark runs end to end on two utterances and two lines, and prints its RESULT line with
every figure it promises (no speed asserted): every request answered by the path it was sent down."""

from __future__ import annotations

import re

import pytest

from tests import speech_engines as engines
from tests.bench.test_bench_runs import last_result

MISSING = [why for why in (engines.missing(name) for name in engines.SPECS) if why is not None]
MISSING += [] if engines.SPEECH_CLIP.is_file() else [f"the shared speech clip at {engines.SPEECH_CLIP}"]

PATHS = ("local", "wyoming", "openai")
KEYS = ([f"eos_to_text_{p}_ms" for p in PATHS] + [f"ttfa_{p}_ms" for p in PATHS]
        + [f"eos_to_text_{p}_p90_ms" for p in PATHS] + [f"ttfa_{p}_p90_ms" for p in PATHS]
        + ["eos_extra_wyoming_ms", "eos_extra_openai_ms", "ttfa_extra_wyoming_ms", "ttfa_extra_openai_ms"]
        + [f"eos_engine_{p}_ms" for p in PATHS]
        + ["eos_path_wyoming_ms", "eos_path_openai_ms", "eos_server_wyoming_ms", "eos_beyond_server_wyoming_ms",
           "ttfa_engine_remote_ms", "ttfa_path_wyoming_ms", "ttfa_path_openai_ms", "ttfa_server_openai_ms",
           "ttfa_beyond_server_openai_ms"])
NUMBER = r"-?\d+\.\d"
RESULT = re.compile("RESULT " + " ".join(f"{k}=({NUMBER})" for k in KEYS)
                    + "".join(rf" wer_{p}=(\d+\.\d{{3}})" for p in PATHS) + r" fallbacks=(\d+)")
DIFFERENCES = ("_extra_", "_path_", "_beyond_")


@pytest.mark.skipif(bool(MISSING), reason="; ".join(MISSING))
def test_remote_voice_benchmark_prints_a_result_line() -> None:
    match = last_result("remote_voice.py", RESULT, timeout=180, BEA_BENCH_REMOTE_QUICK="1")
    values = [float(g) for g in match.groups()]
    figures = dict(zip(KEYS, values[:len(KEYS)], strict=True))
    wer = dict(zip(PATHS, values[len(KEYS):len(KEYS) + 3], strict=True))
    assert values[-1] == 0, "a remote request was answered by this computer instead"
    # times are positive, and seconds rather than minutes; a difference of them is within their range either way
    for key, value in figures.items():
        difference = any(d in key for d in DIFFERENCES)
        assert (difference or value > 0) and abs(value) < 10_000, (key, value)
    for p in PATHS:
        assert figures[f"eos_to_text_{p}_ms"] <= figures[f"eos_to_text_{p}_p90_ms"]
        assert figures[f"ttfa_{p}_ms"] <= figures[f"ttfa_{p}_p90_ms"]
    # every path heard the speech it was given (one JFK piece and one of her own sentences)
    assert all(rate <= 0.25 for rate in wer.values()), wer
