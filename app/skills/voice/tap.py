"""The VoiceTap port of the Voice skill: a copy of her voice, part by part, for a place she speaks besides the room.

Theory of operation:
1. Tap keeps the sinks attached (app.skills.ports.VoiceSink: a Discord call). It belongs to the skill, not to
   one run of it, so a sink stays attached while the skill restarts.
2. TappedOutput stands between her Mouth and her speakers: every part of a line the Mouth queues on the
   speakers is also handed to each sink at once (mono int16 at the voice's rate), as it is made; a stop
   (barge-in, the stop button) clears the sinks too. The speakers play as before: the streamer hears her.
3. A sink that fails is logged and left attached: the room never loses her voice for it.
4. The other way: people in that place talking over her (a Discord call's speakers) reach talked_over(), the
   Voice skill's two-stage barge-in, exactly as the streamer's voice through her microphone does.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import numpy as np

from app.senses.voice.bargein import OwnerVoice
from app.senses.voice.output import AudioOutput
from app.skills.ports import VoiceSink

log = logging.getLogger(__name__)


class Tap:
    """Rules 1, 3 and 4."""

    def __init__(self, talked_over: Callable[[OwnerVoice], None] = lambda _v: None) -> None:
        self._sinks: list[VoiceSink] = []
        self.talked_over = talked_over

    def attach(self, sink: VoiceSink) -> Callable[[], None]:
        self._sinks.append(sink)
        return lambda: self._sinks.remove(sink) if sink in self._sinks else None

    def write(self, pcm: np.ndarray, sample_rate: int) -> None:
        for sink in list(self._sinks):
            try:
                sink.write(pcm, sample_rate)
            except Exception:
                log.exception("a copy of her voice could not be handed on")

    def clear(self) -> None:
        for sink in list(self._sinks):
            try:
                sink.clear()
            except Exception:
                log.exception("a copy of her voice could not be cleared")


class TappedOutput:
    """An AudioOutput that plays on `output` and hands a copy of each write to the tap (rule 2)."""

    def __init__(self, output: AudioOutput, tap: Tap) -> None:
        self._output, self._tap = output, tap

    def write(self, pcm: np.ndarray) -> int:
        start = self._output.write(pcm)
        self._tap.write(pcm, self._output.sample_rate)
        return start

    def clear(self) -> int:
        position = self._output.clear()
        self._tap.clear()
        return position

    def __getattr__(self, name: str) -> Any:
        return getattr(self._output, name)
