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
   short turn's print is too unsure to take a line away from her); otherwise the print decides. A turn the
   model cannot embed (too little speech in it) is hers too.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np

from app.core.voice_print import (
    MIN_TAKES,
    TAKE_FLOOR,
    VoicePrint,
    enrol,
    from_bytes,
    is_streamer,
    take_agreement,
    to_bytes,
)
from app.senses.voice.pcm import to_float32
from app.senses.voice.speaker_model import MODEL_ID, SAMPLE_RATE, SpeakerModel

log = logging.getLogger(__name__)

JUDGED_S = 2.0


class Whose:
    """Rules 1-3 for one opening of her ears."""

    def __init__(self, model_path: Path | None, store: Any, executor: Any = None) -> None:
        self.model = SpeakerModel(model_path, executor=executor) if model_path is not None else None
        self.store = store                       # the person store: where the print is kept (None: nowhere)
        self.print: VoicePrint | None = None
        self.takes: list[np.ndarray] = []        # the embeddings of this teaching's good takes
        self.recording: list[np.ndarray] | None = None
        self.judged = self.others = 0            # turns given a verdict, and how many were not hers
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
    async def identify(self, audio: np.ndarray) -> bool:
        if self.print is None or self.model is None or audio.size < JUDGED_S * SAMPLE_RATE:
            return True
        try:
            embedding = await self.model.embed(audio)
        except ValueError:
            return True
        mine = is_streamer(self.print, embedding)
        self.judged += 1
        self.others += not mine
        return mine
