"""The handoff: when the window reaches its trigger, the cold past becomes a short recap, off the loop.

The cut is taken when the worker starts (it does not start while everything is the hot present); the recap
is written by the background pool while turns go on; the slide at the end is synchronous and keeps every
line after the cut as the window is at that moment. A failed
recap leaves the window as it was and tries again after RETRY_AFTER; a recap for a window that was cleared
meanwhile is dropped by SingleContext.slide.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from app.core.chat import Message
from app.core.context_window import Cut, EntryKind, SingleContext, transcript
from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.her_words import HerWords
from app.core.words import QT_TRANSLATE_NOOP, said
from app.memory.prompt_store import shipped_prompt
from app.process.tasks import spawn
from app.senses.llm.base import CallOptions

log = logging.getLogger(__name__)

RETRY_AFTER = 300.0
RECAP_PROMPT = shipped_prompt("recap")   # in English; the mind hands the one in the streamer's language


@dataclass
class HandoffStatus:
    running: bool = False
    last_at: float | None = None
    last_recap: str = ""
    failures: int = 0
    retry_at: float = 0.0
    dropped: int = 0


class HandoffWorker:
    def __init__(self, context: SingleContext, pool: Callable[[], object], events: EventBus,
                 on_slid: Callable[[], Awaitable[None]], clock: Callable[[], float],
                 wall: Callable[[], float], prompt: Callable[[], str] = lambda: RECAP_PROMPT,
                 *, words: Callable[[], HerWords]) -> None:
        self._prompt = prompt
        self._words = words     # her words: the transcript's marks follow their language
        self.context = context
        self._pool = pool
        self._events = events
        self._on_slid = on_slid
        self._clock = clock
        self._wall = wall
        self.status = HandoffStatus()
        self._task: asyncio.Task[None] | None = None

    def maybe_start(self) -> asyncio.Task[None] | None:
        if self.status.running or not self.context.due() or self._clock() < self.status.retry_at:
            return None
        cut = self.context.cut()
        if not any(e.kind is not EntryKind.RECAP for e in cut.cold):
            return None  # everything is the hot present: nothing to recap yet (only the ceiling evicts)
        self.status.running = True
        self._task = spawn(self._run(cut))
        return self._task

    async def _run(self, cut: Cut) -> None:
        try:
            answer = await self._pool().complete(
                [Message.system(self._prompt()), Message.user(transcript(cut.cold, self._words()))],
                options=CallOptions(max_tokens=400, temperature=0.3))
            recap = answer.text.strip()
            if not recap:
                raise ValueError("the recap came back empty")
        except asyncio.CancelledError:
            self.status.running = False
            raise
        except Exception as exc:
            self.status.failures += 1
            self.status.retry_at = self._clock() + RETRY_AFTER
            self.status.running = False
            log.warning("the handoff failed (%s); the window stays as it is and it retries in 5 minutes", summary(exc))
            text, data = said(QT_TRANSLATE_NOOP("problems", "The recap could not be written; the window stays whole "
                                                            "and it retries in 5 minutes (detail: {detail})."),
                              detail=exc)
            self._events.publish(EventKind.ERROR, "context", f"the recap could not be written ({exc}); "
                                 "the window stays whole and it retries in 5 minutes", **data)
            return
        slid = self.context.slide(recap, cut)
        self.status.running = False
        if not slid:
            self.status.dropped += 1
            text, data = said(QT_TRANSLATE_NOOP("activity", "a recap arrived for a window that was cleared "
                                                            "meanwhile; it was dropped"))
            self._events.publish(EventKind.SYSTEM, "context", text, **data)
            return
        self.status.last_at = self._wall()
        self.status.last_recap = recap
        text, data = said(QT_TRANSLATE_NOOP("activity", "handoff: {lines} older lines became a recap; the window is "
                                                        "now {tokens} tokens"), lines=len(cut.cold),
                          tokens=f"{self.context.used():,}")
        self._events.publish(EventKind.SYSTEM, "context", text, recap=recap, **data)
        await self._on_slid()

    async def stop(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
