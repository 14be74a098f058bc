"""A Telegram voice note goes through her ears (the Ears port) with the same guard as the microphone: in the real
app against a fake Bot API, with the ears the app picks for English (the packaged multilingual whisper base), a
German voice note never reaches her as invented English, and an English one is heard. The German speech is the
espeak-ng clip of tests/senses/voice/speech (Debian's espeak-ng; see its README)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from app.core.perception import Meta
from app.senses.voice import models
from tests.senses.voice.conftest import missing
from tests.skills.telegram.fake_bot_api import FakeBotApi, private
from tests.skills.telegram.test_skill import ANNA, reading
from tests.skills.telegram.voice_note import speech_ogg, voice_note_of
from tests.waiting import until

GERMAN = Path(__file__).resolve().parents[2] / "senses" / "voice" / "speech" / "de_espeak.ogg"
MULTI_MISSING = missing("faster_whisper", *models.MULTILINGUAL_PACKAGES)


@pytest.mark.skipif(MULTI_MISSING is not None, reason=MULTI_MISSING or "")
def test_a_voice_note_in_another_language_is_not_heard_as_words(bea, tmp_path):
    from app.process.executors import BoundedExecutor
    from app.senses.voice.speech_pool import Here, TranscriberPool
    from app.senses.voice.stt import Transcriber

    german, german_s = voice_note_of(GERMAN)
    english, english_s = speech_ogg()
    pool = BoundedExecutor("telegram-test-ears", 1, queue_size=8)
    ears = Transcriber(models.packaged_multilingual_whisper(tmp_path), "en", executor=pool)
    bea.skills["voice"].hear_pool = TranscriberPool([Here(ears)], clock=time.monotonic)   # where she hears

    async def go():
        async with FakeBotApi() as api:
            await reading(bea, api)
            api.voice(private(ANNA), ANNA, german, german_s)
            await until(lambda: len(bea.mind.bus.pending()) == 1, timeout=120, what="the German voice note")
            api.voice(private(ANNA), ANNA, english, english_s)
            await until(lambda: len(bea.mind.bus.pending()) == 2, timeout=120, what="the English voice note")
            await bea.skills["telegram"].stop()
            return bea.mind.bus.pending()

    try:
        german_note, english_note = asyncio.run(go())
    finally:
        ears.close()
        pool.shutdown(wait=False)
    assert german_note.meta[Meta.TEXT] == "(a voice note with no words she could make out)"
    assert "fellow americans" in english_note.meta[Meta.TEXT].lower()
