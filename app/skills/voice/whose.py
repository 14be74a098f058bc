"""Whose voice: the streamer's voice print taught in the Voice dock, and the verdict on each turn her ears hear.

Theory of operation:
1. The speaker model (app.senses.voice.speaker_model) is found once, when her ears open: in the model
   manager's folder or an installed package. Without it there is no enrolment and no verdict: every voice is
   the streamer's, as before, and the dock says why it cannot learn her voice.
2. Teaching: the streamer reads sentences aloud; each take is the microphone's audio between "Start reading"
   and "Done" (her ears hear none of it, so a reading is never a line to answer). Each take is embedded as it
   ends; a take with too little speech is refused at once. Saving makes the print from the takes with
   app.core.voice_print's rules (enough takes; a take unlike the others is dropped and named, to read again),
   keeps it in the person store (which switches the voice sense on) and starts the verdicts. Forgetting
   switches the voice sense off, which deletes the print.
3. A verdict (identify, the ears' port): a turn with less than JUDGED_S seconds of audio is the streamer's (a
   short turn's print is too unsure to take a line away from her); otherwise app.core.voice_print.verdict
   decides between the streamer, someone else, and Bea herself (her own voice come back through the room: it
   must not become "someone in the room" whom she answers). Her own voice's embedding is made once, on the
   first turn judged, from a sentence her voice says (`her_voice`: a Synthesis, int16 at its own rate). A turn
   the model cannot embed (too little speech in it) is the streamer's.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import numpy as np

from app.core.failures import summary
from app.core.voice_print import (
    HERS,
    MIN_TAKES,
    SOMEONE,
    STREAMER,
    TAKE_FLOOR,
    VoicePrint,
    enrol,
    from_bytes,
    take_agreement,
    to_bytes,
    verdict,
)
from app.process.tasks import spawn
from app.senses.voice.pcm import resample, to_float32
from app.senses.voice.speaker_model import MODEL_ID, SAMPLE_RATE, SpeakerModel

log = logging.getLogger(__name__)

JUDGED_S = 2.0


class Whose:
    """Rules 1-3 for one opening of her ears."""

    def __init__(self, model_path: Path | None, store: Any, executor: Any = None,
                 her_voice: Callable[[], Awaitable[Any]] | None = None) -> None:
        self.model = SpeakerModel(model_path, executor=executor) if model_path is not None else None
        self.store = store                       # the person store: where the print is kept (None: nowhere)
        self.print: VoicePrint | None = None
        self.takes: list[np.ndarray] = []        # the embeddings of this teaching's good takes
        self.recording: list[np.ndarray] | None = None
        self.judged = self.others = self.hers = 0   # turns given a verdict; how many were someone else, and her
        self._her_voice = her_voice
        self._her: np.ndarray | None = None
        self._her_job: asyncio.Future[np.ndarray | None] | None = None
        if self.model is not None and store is not None:
            blob = store.voice_print()
            if blob is not None:
                try:
                    self.print = from_bytes(blob)
                except ValueError as exc:
                    log.warning("the stored voice print cannot be read and is not used: %s", type(exc).__name__)
                if self.print is not None and self.print.model != MODEL_ID:
                    self.print = None

    def cannot_teach(self) -> str:
        """Rule 1: "" when a print can be taught, else why not (in the window's words, by key)."""
        if self.model is None:
            return "no model"
        if self.store is None:
            return "no store"
        return ""

    # ---- teaching (rule 2) -----------------------------------------------------------------------------
    def start_take(self) -> None:
        self.recording = []

    def hear(self, samples: np.ndarray) -> bool:
        """A microphone block while a take is being read: kept, and True (her ears do not get it)."""
        if self.recording is None:
            return False
        self.recording.append(to_float32(samples).reshape(-1))
        return True

    async def end_take(self) -> str:
        """The take ends: "" when it is kept, "short" when it held too little speech to use."""
        audio, self.recording = self.recording, None
        if not audio or self.model is None:
            return "short"
        try:
            self.takes.append(await self.model.embed(np.concatenate(audio)))
        except ValueError:
            return "short"
        return ""

    def save(self) -> tuple[str, int]:
        """The print from the takes, kept: ("", 0); ("more", n) takes still to read; ("odd", n): take n (from
        1) is unlike the others and was dropped, to be read again."""
        if len(self.takes) < MIN_TAKES:
            return "more", MIN_TAKES - len(self.takes)
        agreement = take_agreement(self.takes)
        worst = int(np.argmin(agreement))
        if agreement[worst] < TAKE_FLOOR:
            del self.takes[worst]
            return "odd", worst + 1
        made = enrol(self.takes, MODEL_ID)
        self.store.keep_voice_print(to_bytes(made))
        self.print, self.takes = made, []
        return "", 0

    def forget(self) -> None:
        if self.store is not None:
            self.store.set_sense("voice", False)
        self.print, self.takes = None, []

    # ---- the verdict (rule 3) --------------------------------------------------------------------------
    async def identify(self, audio: np.ndarray) -> str:
        if self.print is None or self.model is None or audio.size < JUDGED_S * SAMPLE_RATE:
            return STREAMER
        try:
            embedding = await self.model.embed(audio)
        except ValueError:
            return STREAMER
        found = verdict(self.print, embedding, await self._hers())
        self.judged += 1
        self.others += found == SOMEONE
        self.hers += found == HERS
        return found

    async def _hers(self) -> np.ndarray | None:
        """Her own voice's embedding, made once: turns judged while it is being made wait for the same one."""
        if self._her_job is None and self._her_voice is not None and self.model is not None:
            self._her_job = spawn(self._learn_her(self._her_voice), awaited=True)
        if self._her_job is not None:
            self._her = await asyncio.shield(self._her_job)
        return self._her

    async def _learn_her(self, voice: Callable[[], Awaitable[Any]]) -> np.ndarray | None:
        try:
            said = await voice()
            pcm = to_float32(np.frombuffer(said.pcm, dtype="<i2"))
            return await self.model.embed(resample(pcm, said.sample_rate, SAMPLE_RATE))
        except Exception as exc:   # tried once: only the streamer's print decides
            log.warning("her own voice could not be learned; only the streamer's print decides: %s", summary(exc))
            return None
