"""Her ears in other languages: the packaged multilingual whisper hears real Italian, German and Spanish speech
(espeak-ng clips in speech/), the English-only model turns them into nothing rather than into invented English, and the
packaged model is joined once and checked."""

from __future__ import annotations

import asyncio
from pathlib import Path

import numpy as np
import pytest

from app.senses.voice import models
from app.senses.voice.ears import Ears
from app.senses.voice.stt import Transcriber
from tests.senses.voice.conftest import missing
from tests.senses.voice.wer import word_error_rate

SPEECH = Path(__file__).with_name("speech")
ITALIAN = "Ciao a tutti, benvenuti nella diretta di stasera. Oggi finiamo il castello insieme."
GERMAN = "Hallo zusammen, willkommen zurück im Stream. Heute bauen wir die Burg fertig, und du redest mit mir."
SPANISH = "Hola a todos, bienvenidos al directo de esta noche. Hoy terminamos el castillo juntos."
MULTI_MISSING = missing("faster_whisper", *models.MULTILINGUAL_PACKAGES)
needs_multilingual = pytest.mark.skipif(MULTI_MISSING is not None, reason=MULTI_MISSING or "")


def clip(name: str) -> np.ndarray:
    from faster_whisper import decode_audio

    return decode_audio(str(SPEECH / name), sampling_rate=16000)


@pytest.fixture(scope="module")
def multilingual(tmp_path_factory, executor):
    if MULTI_MISSING:
        pytest.skip(MULTI_MISSING)
    folder = models.packaged_multilingual_whisper(tmp_path_factory.mktemp("packaged"))
    t = Transcriber(folder, "auto", executor=executor)
    t.load_sync()
    yield t
    t.close()


@needs_multilingual
def test_italian_speech_is_heard_as_italian(multilingual) -> None:
    heard = multilingual.transcribe_sync(clip("it_espeak.ogg"))
    assert heard.language == "it" and heard.dropped == ()
    assert word_error_rate(ITALIAN, heard.text) <= 0.25, heard.text
    assert "castello" in heard.text and "benvenuti" in heard.text


@needs_multilingual
def test_german_speech_is_heard_as_german(multilingual) -> None:
    heard = multilingual.transcribe_sync(clip("de_espeak.ogg"))
    assert heard.language == "de" and heard.dropped == ()
    assert word_error_rate(GERMAN, heard.text) <= 0.3, heard.text


@needs_multilingual
def test_spanish_speech_is_heard_as_spanish(multilingual) -> None:
    heard = multilingual.transcribe_sync(clip("es_espeak.ogg"))
    assert heard.language == "es" and heard.dropped == ()
    assert word_error_rate(SPANISH, heard.text) <= 0.25, heard.text
    assert "castillo" in heard.text and "bienvenidos" in heard.text


@needs_multilingual
def test_a_spanish_setting_is_kept(multilingual, executor) -> None:
    spanish = Transcriber(multilingual.model_path, "es", executor=executor)
    try:
        heard = spanish.transcribe_sync(clip("es_espeak.ogg"))
    finally:
        spanish.close()
    assert heard.language == "es" and word_error_rate(SPANISH, heard.text) <= 0.25


@needs_multilingual
def test_a_language_set_is_kept(multilingual, executor) -> None:
    italian = Transcriber(multilingual.model_path, "it", executor=executor)
    try:
        heard = italian.transcribe_sync(clip("it_espeak.ogg"))
    finally:
        italian.close()
    assert heard.language == "it" and word_error_rate(ITALIAN, heard.text) <= 0.25


@needs_multilingual
def test_the_multilingual_model_still_hears_english(multilingual, jfk) -> None:
    from tests.senses.voice.conftest import JFK

    heard = multilingual.transcribe_sync(jfk)
    assert heard.language == "en" and word_error_rate(JFK, heard.text) <= 0.05


@pytest.mark.parametrize("name", ["it_espeak.ogg", "de_espeak.ogg", "es_espeak.ogg"])
def test_english_only_ears_hear_nothing_in_another_language(transcriber, name: str) -> None:
    """tiny.en on Italian wrote "Thank you very much for watching!": the guard keeps such guesses out."""
    if not (SPEECH / name).is_file():
        pytest.skip(f"missing clip {name}")
    heard = transcriber.transcribe_sync(clip(name))
    assert heard.text == "" and heard.dropped


def test_no_invented_english_reaches_her_through_the_ears(transcriber) -> None:
    """The whole path: German speech fed as a microphone would, through the VAD and the turn detector."""
    audio = np.concatenate([np.zeros(16000, np.float32), clip("de_espeak.ogg"), np.zeros(24000, np.float32)])
    heard: list[str] = []
    ends: list[bool] = []
    clock = [0.0]

    async def run() -> Ears:
        ears = Ears(transcriber, clock=lambda: clock[0], on_heard=lambda h: heard.append(h.text),
                    on_owner_voice=lambda v: v.speaking or ends.append(True))
        for i in range(0, audio.size, 320):
            clock[0] += 320 / 16000
            ears.feed(audio[i:i + 320], clock[0])
            await asyncio.sleep(0)
        await ears.drain()
        return ears

    asyncio.run(run())
    assert ends and heard == []          # she heard a turn end, and it was transcribed to nothing


@needs_multilingual
def test_the_packaged_model_is_joined_once_and_checked(tmp_path: Path, monkeypatch) -> None:
    folder = models.packaged_multilingual_whisper(tmp_path)
    assert folder is not None and models.whisper_model_dir(folder) == folder
    stamp = (folder / "model.bin").stat().st_mtime_ns
    assert models.packaged_multilingual_whisper(tmp_path) == folder
    assert (folder / "model.bin").stat().st_mtime_ns == stamp                  # found by its mark, not joined again

    monkeypatch.setattr(models, "MULTILINGUAL_SHA256", "0" * 64)              # the parts no longer match
    with pytest.raises(models.ModelMissing, match="checksum"):
        models.packaged_multilingual_whisper(tmp_path / "other")
    assert not any((tmp_path / "other").iterdir())
