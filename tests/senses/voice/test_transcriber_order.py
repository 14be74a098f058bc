"""The transcriber's order: one transcription at a time, in the order asked; a cancelled one that has not begun
never runs, and one cancelled while it runs keeps the model until it is done (a wasted early transcription must
neither hold up the next nor run beside it)."""

from __future__ import annotations

import asyncio
import threading

import numpy as np

from app.process.executors import BoundedExecutor
from app.senses.voice import Transcriber, Transcript, default_whisper_model
from tests.senses.voice.conftest import needs_stt


class Recording(Transcriber):
    """The real transcriber's queueing, with the model's work replaced by a wait the test lets go of."""

    def __init__(self, executor: BoundedExecutor) -> None:
        super().__init__(default_whisper_model(), "en", executor=executor)
        self.ran: list[int] = []
        self.at_once = self.most_at_once = 0
        self.go = threading.Event()
        self._count = threading.Lock()

    def transcribe_sync(self, audio: np.ndarray) -> Transcript:
        with self._count:
            self.ran.append(int(audio[0]))
            self.at_once += 1
            self.most_at_once = max(self.most_at_once, self.at_once)
        self.go.wait(5)
        with self._count:
            self.at_once -= 1
        return Transcript(str(int(audio[0])), "en", 1.0, 0.0)


@needs_stt
def test_a_cancelled_transcription_that_has_not_begun_never_runs_and_a_running_one_keeps_the_model():
    pool = BoundedExecutor("order-test", 2, queue_size=8)

    async def go():
        t = Recording(pool)
        clip = [np.full(160, n, np.float32) for n in range(4)]
        first = asyncio.ensure_future(t.transcribe(clip[0]))
        second = asyncio.ensure_future(t.transcribe(clip[1]))
        third = asyncio.ensure_future(t.transcribe(clip[2]))
        await asyncio.sleep(0.05)
        second.cancel()                 # still waiting its turn
        first.cancel()                  # running: the model finishes it before the next
        await asyncio.sleep(0.05)
        assert t.ran == [0]
        t.go.set()
        heard = await third
        fourth = await t.transcribe(clip[3])
        assert first.cancelled() and second.cancelled()
        return t, heard.text, fourth.text

    try:
        t, third, fourth = asyncio.run(go())
    finally:
        pool.shutdown(wait=True)
    assert (third, fourth) == ("2", "3")
    assert t.ran == [0, 2, 3] and t.most_at_once == 1
