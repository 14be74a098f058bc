"""Spanish, end to end in the app `python -m app` composes, with nothing but the catalogs, the prompt files and the
model catalog saying Spanish: with the window language set to Spanish she is briefed with the Spanish soul and her
words' Spanish catalog; a line typed in the Chat dock and a line heard (Spanish speech through her multilingual
ears, the packaged whisper base) are each answered in Spanish by the built-in demo model."""

import asyncio
import time
from pathlib import Path

from app import compose
from app.core.line_language import language_of
from app.process.executors import BoundedExecutor
from app.senses.voice import models
from app.senses.voice.ears import Heard
from app.senses.voice.stt import Transcriber
from tests.her_words import DEMO

SPEECH = Path(__file__).parents[1] / "senses" / "voice" / "speech"
TYPED = "hola Bea, ¿qué tal estás hoy?"


def spanish_speech(tmp: Path) -> str:
    """The Spanish clip as her ears hear it, set to Spanish."""
    from faster_whisper import decode_audio

    pool = BoundedExecutor("ears-test", 1, queue_size=4)
    ears = Transcriber(models.packaged_multilingual_whisper(tmp), "es", executor=pool)
    try:
        ears.load_sync()
        return ears.transcribe_sync(decode_audio(str(SPEECH / "es_espeak.ogg"), sampling_rate=16000)).text.strip()
    finally:
        ears.close()
        pool.shutdown(wait=False)


async def answer(bea, before: int, timeout: float = 240.0) -> str:
    """Her next line in the Chat dock after the first `before` lines."""
    chat = bea.skills["chat"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        said = [text for who, text in chat.lines[before:] if who.startswith("Bea")]
        if said:
            return said[0]
        await asyncio.sleep(0.2)
    raise AssertionError(f"no answer within {timeout:.0f} s: {chat.lines[before:]}")


def test_a_spanish_stream_is_briefed_in_spanish_and_answered_in_spanish(data_dir, env, tmp_path):
    heard_text = spanish_speech(tmp_path)

    async def stream():
        bea = compose.build(data_dir, env=env, log_to_stderr=False)   # her model: the built-in demo
        try:
            bea.settings.update({"ui.language": "es"})
            sections = bea.mind.static_prompt()
            frame_words = bea.mind.words()
            await compose.start(bea)
            chat, voice = bea.skills["chat"], bea.skills["voice"]
            before = len(chat.lines)
            chat.send(TYPED)
            typed_answer = await answer(bea, before + 1)
            before = len(chat.lines)
            voice._heard(Heard(text=heard_text, transcript=None, audio_s=5.0, ended_at=0.0, heard_at=0.0))
            heard_answer = await answer(bea, before)
            await compose.stop(bea)
            return sections, frame_words, typed_answer, heard_answer
        except BaseException:
            compose.close(bea)
            raise

    sections, her, typed_answer, heard_answer = asyncio.run(stream())
    assert sections["soul"].startswith("Eres Bea")
    assert her.language == "es" and her.text("frame.where") == "[DÓNDE ESTÁS]"
    assert language_of(heard_text, DEMO.common) == "es" and "castillo" in heard_text.lower()
    assert language_of(typed_answer, DEMO.common) == "es", typed_answer
    assert language_of(heard_answer, DEMO.common) == "es", heard_answer
