"""When a stream's lines become memories besides the night's dream: when the stream ends (File → End stream), when
the app quits (bounded: what is not done by the deadline waits for the next chance) and after a long pause with no
chat and no speech (Settings → Memory). The dreamer does the work, line by line from its watermark, so a line is
consolidated exactly once whichever of these comes first.

The entry points: `end_stream()` ends the open session and remembers it (what File → End stream does, awaited);
`remember()` consolidates whatever waits without ending anything; `at_quit()` is remember() within QUIT_DEADLINE.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.words import QT_TRANSLATE_NOOP, said
from app.memory.stream import Stream
from app.mind.dreamer import Dreamer

log = logging.getLogger(__name__)

QUIT_DEADLINE = 20.0   # seconds a quit waits for her to remember; a slow model's share waits for the next start
PAUSE_CHECK = 30.0     # seconds between two looks for a long pause (the pause itself is minutes long)


@dataclass(frozen=True)
class MemoryNews:
    """What the Memory dock says about the stream's lines: how many wait to be remembered, and how many memories
    the newest stream's lines have become so far."""
    waiting: int
    remembered: int
    session: int | None     # the newest session with lines (open or ended)
    pause_minutes: int      # 0: no pause triggers it


class Consolidation:
    def __init__(self, dreamer: Dreamer, stream: Stream, events: EventBus, pause_minutes: Callable[[], int],
                 clock: Callable[[], float]) -> None:
        self._dreamer = dreamer
        self._stream = stream
        self._events = events
        self._pause_minutes = pause_minutes
        self._clock = clock
        self._tried_at: int | None = None   # the newest line when a pause's consolidation last failed
        self._failed = False                 # the last remember() met a failing model

    def end(self) -> int | None:
        """End the open session (its lines stay to be remembered); the ended session's id, or None."""
        sid = self._stream.end()
        if sid is not None:
            text, data = said(QT_TRANSLATE_NOOP("activity", "session {session} ended"), session=sid)
            self._events.publish(EventKind.SYSTEM, "stream", text, session=sid, **data)
        return sid

    async def remember(self, deadline: float | None = None) -> int:
        """Consolidate every line not consolidated yet, oldest session first; how many memories it kept. A
        failing model is said once as an ERROR and leaves the lines for the next chance."""
        self._failed = False
        try:
            return await self._dreamer.dream(deadline=deadline, night=False)
        except Exception as exc:
            self._failed = True
            # a model's error may quote the prompt, which holds chat: the log gets its kind and length only
            log.warning("the stream could not be remembered (%s, message of %d characters)", type(exc).__name__,
                        len(str(exc)))
            _text, data = said(QT_TRANSLATE_NOOP("problems", "She could not turn the stream into memories yet; "
                                                             "she tries again later (detail: {detail})."), detail=exc)
            self._events.publish(EventKind.ERROR, "memory", f"the stream could not be remembered: {exc}", **data)
            return 0

    async def end_stream(self) -> int:
        """File → End stream, awaited: end the open session and remember what waits; how many memories."""
        self.end()
        return await self.remember()

    async def at_quit(self) -> int:
        """Remember what waits before the app closes, within QUIT_DEADLINE."""
        if not await asyncio.get_running_loop().run_in_executor(None, self._dreamer.waiting):
            return 0
        text, data = said(QT_TRANSLATE_NOOP("activity", "she is turning the stream into memories before closing"))
        self._events.publish(EventKind.SYSTEM, "memory", text, remembering=True, **data)
        return await self.remember(QUIT_DEADLINE)

    def quiet_for(self) -> tuple[float, int] | None:
        """How long the open session has had no line, and its newest line's id; None with no open session."""
        sid = self._stream.session_id
        lines = self._stream.session_lines(sid, 1) if sid is not None else []
        return (self._clock() - lines[-1].ts, lines[-1].id) if lines else None

    async def after_pause(self) -> int:
        """Remember the open session's lines once nobody has said anything for the pause set in Settings →
        Memory; a failed try waits for a new line before the next."""
        minutes = self._pause_minutes()
        if minutes <= 0:
            return 0
        quiet = await asyncio.get_running_loop().run_in_executor(None, self.quiet_for)
        if quiet is None or quiet[0] < minutes * 60 or quiet[1] == self._tried_at:
            return 0
        waiting = await asyncio.get_running_loop().run_in_executor(None, self._dreamer.waiting)
        if self._stream.session_id not in waiting:
            return 0
        kept = await self.remember()
        self._tried_at = quiet[1] if self._failed else None
        return kept

    async def watch_pauses(self) -> None:
        while True:
            await asyncio.sleep(PAUSE_CHECK)
            try:
                await self.after_pause()
            except Exception as exc:   # the store closing under it at quit, or a read that failed: look again later
                log.warning("looking for a pause failed: %s", summary(exc))

    def news(self) -> MemoryNews:
        """Blocking (it reads the store): what the Memory dock says about the stream's lines."""
        waiting = self._dreamer.waiting()
        newest = self._stream.exportable()
        return MemoryNews(sum(waiting.values()), self._dreamer.remembered(newest) if newest is not None else 0,
                          newest, self._pause_minutes())
