"""Her ears and voice on a speech server, proven against the real engines (started here on loopback with the
models the app ships): Wyoming's wyoming-faster-whisper and wyoming-piper, and the OpenAI-compatible
faster-whisper-server and local-tts-studio. A server killed in the middle of a line leaves her to this computer
within the deadline, and no line is lost."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import numpy as np
import pytest

from app.core.speech_servers import LOCAL, deadline_s, parse
from app.senses.netgate import NetworkGate, PrivacyRefused
from app.senses.voice.remote_speech import RemoteTranscriber, RemoteVoice, SpeechServerFailure
from app.senses.voice.speech_pool import Here, TranscriberPool, VoicePool
from tests import speech_engines as engines
from tests.speech_engines import words

JFK_WORDS = engines.SPEECH_CLIP_WORDS
LINE = "Good morning chat, the coffee is ready and so am I."


def engine(name: str):
    why = engines.missing(name)
    if why is not None:
        pytest.skip(why)
    with engines.running(name) as running:
        yield running


@pytest.fixture(scope="module")
def wyoming_ears():
    yield from engine("wyoming-faster-whisper")


@pytest.fixture(scope="module")
def wyoming_voice():
    yield from engine("wyoming-piper")


@pytest.fixture(scope="module")
def openai_ears():
    yield from engine("faster-whisper-server")


@pytest.fixture(scope="module")
def openai_voice():
    yield from engine("local-tts-studio")


def gate(privacy: bool = True) -> NetworkGate:
    """The app's own network gate, privacy mode on: loopback is what it lets through."""
    return NetworkGate(lambda: privacy)


def place(running) -> str:
    if running.spec.protocol == "wyoming":
        return f"wyoming://127.0.0.1:{running.port}" + (f" {running.voice}" if running.voice else "")
    return f"{running.uri} {'tiny.en' if running.spec.needs == 'ears' else 'tts-1'}" + (
        f" {running.voice}" if running.voice else "")


def ask(client, call):
    """One request, the client's connections closed after it, as the pool closes them when the skill stops."""
    async def go():
        try:
            return await call
        finally:
            await client.aclose()
    return asyncio.run(go())


def heard_by(transcriber, pcm16: bytes, rate: int) -> str:
    audio = np.frombuffer(engines.resample_pcm(pcm16, rate, 16000), dtype="<i2").astype(np.float32) / 32768.0
    return words(transcriber.transcribe_sync(audio).text)


@pytest.mark.parametrize("which", ["wyoming_ears", "openai_ears"])
def test_she_hears_through_a_server_what_was_said(which, request, jfk):
    running = request.getfixturevalue(which)
    ears = RemoteTranscriber(parse(place(running)), gate(), "en")
    heard = ask(ears, ears.transcribe(jfk))
    assert JFK_WORDS in words(heard.text) and heard.language == "en" and heard.dropped == ()


@pytest.mark.parametrize("which", ["wyoming_voice", "openai_voice"])
def test_she_speaks_through_a_server_at_her_speakers_rate_and_is_understood(which, request, transcriber):
    running = request.getfixturevalue(which)
    voice = RemoteVoice(parse(place(running)), gate(), 24000)
    said = ask(voice, voice.synthesize(LINE))
    assert said.sample_rate == 24000 and 2.0 < said.duration_s < 8.0
    assert "coffee is ready" in heard_by(transcriber, said.pcm, said.sample_rate)


@pytest.mark.parametrize("which, offers", [("wyoming_ears", "faster-whisper"), ("wyoming_voice", "en_US-joe-medium"),
                                           ("openai_ears", ""), ("openai_voice", "")])
def test_test_connection_says_what_each_server_offers(which, offers, request):
    running = request.getfixturevalue(which)
    client = RemoteVoice(parse(place(running)), gate(), 22050)
    offer = ask(client, client.describe())
    assert offer and offers in offer and "no models listed" not in offer


def test_a_server_outside_this_machine_is_refused_before_anything_is_sent():
    ears = RemoteTranscriber(parse("wyoming://203.0.113.7:10300"), gate(privacy=True), "en")
    with pytest.raises(SpeechServerFailure) as caught:
        asyncio.run(ears.transcribe(np.zeros(16000, dtype=np.float32)))
    assert isinstance(caught.value.__cause__, PrivacyRefused)


def test_a_box_that_is_off_is_a_failure_in_words():
    ears = RemoteTranscriber(parse(f"wyoming://127.0.0.1:{engines.free_port()}"), gate(), "en")
    with pytest.raises(SpeechServerFailure, match="nothing answers there"):
        asyncio.run(ears.transcribe(np.zeros(16000, dtype=np.float32)))


def _kill(running) -> None:
    os.killpg(running.process.pid, signal.SIGKILL)
    running.process.wait()


def test_ears_on_a_server_killed_mid_utterance_fall_back_to_this_computer_within_the_deadline(transcriber, jfk):
    why = engines.missing("wyoming-faster-whisper")
    if why is not None:
        pytest.skip(why)
    told = []
    with engines.running("wyoming-faster-whisper") as running:
        pool = TranscriberPool([RemoteTranscriber(parse(place(running)), gate(), "en"), Here(transcriber)],
                               clock=time.monotonic, on_state=lambda name, why: told.append((name, why)))

        async def go():
            first = await pool.transcribe(jfk)
            job = asyncio.ensure_future(pool.transcribe(jfk))
            await asyncio.sleep(0.05)        # the utterance is on its way to the server
            _kill(running)
            started = time.monotonic()
            second = await job
            return first, second, time.monotonic() - started, pool.last

        first, second, took, last = asyncio.run(go())
    assert JFK_WORDS in words(first.text) and JFK_WORDS in words(second.text)
    assert last == LOCAL.name and took < deadline_s("hearing", len(jfk) / 16000) + 10
    assert told and told[0][0].startswith("wyoming://127.0.0.1:") and told[0][1]


def test_her_voice_on_a_server_killed_mid_line_finishes_the_line_from_this_computer(voice, transcriber):
    why = engines.missing("wyoming-piper")
    if why is not None:
        pytest.skip(why)
    chunks = ["Hey chat, welcome back.", "The coffee is ready.", "Let us play."]
    with engines.running("wyoming-piper") as running:
        pool = VoicePool([RemoteVoice(parse(place(running)), gate(), voice.sample_rate), Here(voice)],
                         voice.sample_rate, clock=time.monotonic)

        async def go():
            said, by = [], []
            for i, chunk in enumerate(chunks):
                if i == 1:
                    _kill(running)
                said.append(await pool.synthesize(chunk))
                by.append(pool.last)
            return said, by

        said, by = asyncio.run(go())
    assert by[0].startswith("wyoming://") and by[1:] == [LOCAL.name, LOCAL.name]
    assert all(s.sample_rate == voice.sample_rate and s.duration_s > 0.5 for s in said)
    assert "coffee is ready" in heard_by(transcriber, said[1].pcm, said[1].sample_rate)
