"""Her ears never invent speech in a language the streamer did not set: push-to-talk through the Ears with the
model the app picks (the packaged multilingual whisper base, for English too), on real speech: the JFK clip
(English) and the espeak-ng clips in speech/ (Italian, German, French, Spanish; made with Debian's espeak-ng,
see speech/README.md). The Telegram voice note's path is tests/skills/telegram/test_voice_note_language.py."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from app.core import transcript_guard as tg
from app.senses.voice import models
from app.senses.voice.ears import Ears, Mode
from app.senses.voice.stt import Transcriber
from tests.senses.voice.conftest import JFK, missing
from tests.senses.voice.test_languages import SPEECH, clip
from tests.senses.voice.wer import word_error_rate

MULTI_MISSING = missing("faster_whisper", *models.MULTILINGUAL_PACKAGES)
pytestmark = pytest.mark.skipif(MULTI_MISSING is not None, reason=MULTI_MISSING or "")
OTHERS = ["it_espeak.ogg", "de_espeak.ogg", "fr_espeak.ogg", "es_espeak.ogg"]


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    if MULTI_MISSING:
        pytest.skip(MULTI_MISSING)
    return models.packaged_multilingual_whisper(tmp_path_factory.mktemp("packaged"))


@pytest.fixture(scope="module")
def english(base, executor):
    t = Transcriber(base, "en", executor=executor)
    t.load_sync()
    yield t
    t.close()


def push_to_talk(transcriber: Transcriber, audio: np.ndarray) -> list[str]:
    """Hold the talk key over the whole clip: one utterance, as the streamer gives it."""
    heard: list[str] = []
    clock = [0.0]

    async def run() -> None:
        ears = Ears(transcriber, vad=lambda w: 0.9, mode=Mode.PUSH_TO_TALK, clock=lambda: clock[0],
                    on_heard=lambda h: heard.append(h.text))
        ears.press()
        for i in range(0, audio.size, 512):
            clock[0] += 512 / 16000
            ears.feed(audio[i:i + 512], clock[0])
        ears.release()
        await ears.drain()

    asyncio.run(run())
    return heard


@pytest.mark.parametrize("name", OTHERS)
def test_other_languages_never_reach_her_with_english_set(english, name: str) -> None:
    assert push_to_talk(english, clip(name)) == []
    refused = english.transcribe_sync(clip(name))
    assert refused.dropped == (tg.OTHER_LANGUAGE,) and refused.language == "en" and refused.language_p < 0.1


def test_a_long_utterance_in_german_is_one_refusal_not_invented_english(english) -> None:
    """Four clips held as one (about 26 s) and the same past 28 s (whisper's long path)."""
    gap = np.zeros(4800, np.float32)
    held = np.concatenate([part for name in OTHERS for part in (clip(name), gap)])
    assert push_to_talk(english, held) == []
    longer = np.concatenate([held, clip("de_espeak.ogg")])
    assert longer.size / 16000 > 28 and push_to_talk(english, longer) == []


def test_english_set_still_hears_english(english, jfk) -> None:
    heard = push_to_talk(english, jfk)
    assert len(heard) == 1 and word_error_rate(JFK, heard[0]) <= 0.05


def test_italian_set_does_not_turn_english_into_italian(base, executor, jfk) -> None:
    italian = Transcriber(base, "it", executor=executor)
    try:
        assert push_to_talk(italian, jfk) == []
        heard = push_to_talk(italian, clip("it_espeak.ogg"))
    finally:
        italian.close()
    assert len(heard) == 1 and "castello" in heard[0]


def test_detecting_hears_each_language_as_itself(base, executor, jfk) -> None:
    auto = Transcriber(base, "auto", executor=executor)
    try:
        found = {name: auto.transcribe_sync(clip(name)) for name in OTHERS}
        english = auto.transcribe_sync(jfk)
    finally:
        auto.close()
    assert {name: t.language for name, t in found.items()} == {
        "it_espeak.ogg": "it", "de_espeak.ogg": "de", "fr_espeak.ogg": "fr", "es_espeak.ogg": "es"}
    assert all(t.text and t.language_p >= tg.MIN_DETECTED for t in found.values())
    assert english.language == "en" and word_error_rate(JFK, english.text) <= 0.05


def test_the_clips_are_there() -> None:
    assert all((SPEECH / name).is_file() for name in OTHERS)
