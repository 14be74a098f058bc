"""The dreamer: overnight, at the end of a stream, at quit or after a long pause, the lines not consolidated yet
become memories and self-lore, written by the background pool (or kept verbatim when that model is the tiny
demo); her own words are stored with source=bea, so they never come back as facts."""

from __future__ import annotations

import asyncio
import functools
import logging
import sys
from collections.abc import Callable
from datetime import datetime
from typing import Any

from app.core.chat import Message
from app.core.dreaming import Dreamt, read_dream, statement, told_facts
from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.perception import OWNER_IDENTITY
from app.core.words import QT_TRANSLATE_NOOP, said
from app.memory import meta
from app.memory.database import Connection, Database
from app.memory.memories import NewMemory
from app.memory.prompt_store import shipped_prompt
from app.memory.stream import STREAM_LIMIT, Stream
from app.process.tasks import spawn
from app.senses.llm.base import CallOptions

log = logging.getLogger(__name__)

DREAM_PROMPT = shipped_prompt("dream")   # in English; the mind hands the one in the streamer's language


class Dreamer:
    def __init__(self, db: Database, stream: Stream, memories: Callable[[], Any], pool: Callable[[], Any],
                 events: EventBus, clock: Callable[[], float],
                 prompt: Callable[[], str] = lambda: DREAM_PROMPT,
                 verbatim: Callable[[], bool] = lambda: False) -> None:
        self._prompt = prompt
        self._db = db
        self._stream = stream
        self._memories = memories
        self._pool = pool
        self._events = events
        self._clock = clock
        # whether the background model is too small to write a dream (the built-in demo): then what people said
        # is kept verbatim (app.core.dreaming rule 6)
        self._verbatim = verbatim
        self._since = clock()   # no dream yet: the first is the first dream hour after this start
        self._one_at_a_time = asyncio.Lock()   # End stream, quit, a pause and the night take turns, never overlap
        # cards: a PERSON line about someone with a card becomes a fact on it (the People skill's hook)
        self.person_fact: Callable[[str], object] | None = None
        # the streamer's own statements go on their person model (the You skill's hook; app.core.dreaming rule 7)
        self.owner_told: Callable[[list[str]], object] | None = None

    @property
    def running(self) -> bool:
        return self._one_at_a_time.locked()

    def overflows(self) -> int:
        return int(self._db.read(lambda c: meta.get(c, "stream_overflow", "0")))

    def last_dream(self) -> float | None:
        value = self._db.read(lambda c: meta.get(c, "last_dream"))
        return float(value) if value else None

    def consolidated_upto(self, sid: int) -> int:
        """The id of the last line of the session already consolidated (0: none). A session an older build
        dreamt as a whole counts as done."""
        def run(c: Connection) -> int:
            upto = meta.get(c, f"dreamt_upto:{sid}")
            if upto:
                return int(upto)
            return sys.maxsize if meta.get(c, f"dreamt:{sid}") else 0
        return self._db.read(run)

    def remembered(self, sid: int) -> int:
        """How many memories the session's lines have become so far (every consolidation of it added up)."""
        return int(self._db.read(lambda c: meta.get(c, f"remembered:{sid}", "0")))

    def waiting(self) -> dict[int, int]:
        """The sessions with lines not consolidated yet (the open one included), oldest first, among the last
        20, with how many lines wait in each."""
        waiting = {}
        for sid, *_rest in self._stream.sessions(limit=20):
            if count := self._stream.count(sid, after=self.consolidated_upto(sid)):
                waiting[sid] = count
        return dict(reversed(waiting.items()))

    def undreamt_sessions(self) -> list[int]:
        """The sessions with lines not dreamt yet (the open one included), oldest first, among the last 20."""
        return list(self.waiting())

    def undreamt_session(self) -> int | None:
        """The newest session with lines that has not been dreamt yet (the open one included)."""
        waiting = self.undreamt_sessions()
        return waiting[-1] if waiting else None

    async def dream(self, session_id: int | None = None, deadline: float | None = None, night: bool = True) -> int:
        """Consolidate the lines not consolidated yet of one session, or by default of every session, oldest
        first (a stream that ended must not wait another night because something opened a newer session
        since). Returns how many memories it kept. With a deadline (seconds), what the model has not written
        by then is left for the next chance, untouched; `night` says this is the night's dream (it moves the
        dream schedule on), not the end of a stream or a pause."""
        store = self._memories()
        if store is None:
            return 0
        loop = asyncio.get_running_loop()
        end = None if deadline is None else loop.time() + deadline
        try:
            await asyncio.wait_for(self._one_at_a_time.acquire(), None if end is None else max(0.0, end - loop.time()))
        except TimeoutError:
            return 0
        try:
            sids = [session_id] if session_id is not None else await loop.run_in_executor(None, self.undreamt_sessions)
            kept = 0
            for sid in sids:
                left = None if end is None else end - loop.time()
                if left is not None and left <= 0:
                    break
                try:
                    kept += await self._dream(sid, store, left, night)
                except TimeoutError:
                    log.warning("the consolidation of session %d ran out of time; its lines wait for the next", sid)
                    break
            return kept
        finally:
            self._one_at_a_time.release()

    async def _dream(self, sid: int, store: Any, budget: float | None = None, night: bool = True) -> int:
        loop = asyncio.get_running_loop()
        upto = await loop.run_in_executor(None, self.consolidated_upto, sid)
        total = await loop.run_in_executor(None, functools.partial(self._stream.count, sid, after=upto))
        if not total:
            return 0
        read = await loop.run_in_executor(None, self._stream.session_lines, sid, STREAM_LIMIT)
        lines = [ln for ln in read if ln.id > upto]
        if total > len(lines):
            log.warning("session %d has %d lines to consolidate; the newest %d are read", sid, total, len(lines))
            await self._db.awrite(lambda c: meta.put(c, "stream_overflow",
                                                     str(int(meta.get(c, "stream_overflow", "0")) + 1)))
        unflagged = [ln for ln in lines if not ln.flagged]
        if not unflagged:
            items: list[Dreamt] = []
        elif self._verbatim():
            items = told_facts([(ln.text, ln.author) for ln in unflagged if ln.kind == "heard"], sid)
        else:
            transcript = "\n".join(("Bea: " if ln.kind != "heard" else "") + ln.text for ln in unflagged)
            call = self._pool().complete([Message.system(self._prompt()), Message.user(transcript)],
                                         options=CallOptions(max_tokens=800, temperature=0.3))
            answer = await (call if budget is None else asyncio.wait_for(call, budget))
            items = read_dream(answer.text, sid)
        told = [found[1] for ln in unflagged if ln.kind == "heard" and ln.author == OWNER_IDENTITY
                and (found := statement(ln.text)) is not None]
        # what the model wrote is kept whole, with the watermark after it, even if a quit cancels the wait; the
        # turn is held until it is, so the next consolidation never reads those lines again
        keep = spawn(self._keep(sid, store, items, told, lines[-1].id, len(lines), night), awaited=True)
        try:
            return await asyncio.shield(keep)
        except asyncio.CancelledError:
            await keep
            raise

    async def _keep(self, sid: int, store: Any, items: list[Dreamt], told: list[str], last: int, lines: int,
                    night: bool) -> int:
        loop = asyncio.get_running_loop()
        kept = 0
        if told and self.owner_told is not None:
            try:
                await loop.run_in_executor(None, self.owner_told, told)
            except Exception as exc:   # the memories still count; the person model is the You skill's
                log.error("what the streamer told could not reach their person model: %s", summary(exc))
        if items:
            ids = await loop.run_in_executor(None, lambda: store.remember_all(
                [NewMemory(i.text, i.source, i.scope, i.author, sid) for i in items]))
            kept = sum(new is not None for new in ids)
        for item in items:
            if item.source == "person" and self.person_fact is not None:
                await loop.run_in_executor(None, self.person_fact, item.text)
        stamp = str(self._clock())

        def mark(c: Connection) -> None:
            meta.put(c, f"dreamt_upto:{sid}", str(last))
            meta.put(c, f"remembered:{sid}", str(int(meta.get(c, f"remembered:{sid}", "0")) + kept))
            if night:
                meta.put(c, "last_dream", stamp)
        await self._db.awrite(mark)
        if night:
            text, data = said(QT_TRANSLATE_NOOP("activity", "she dreamt session {session}: {kept} new memories from "
                                                            "{lines} lines"), session=sid, kept=kept, lines=lines)
        else:
            text, data = said(QT_TRANSLATE_NOOP("activity", "she remembered session {session}: {kept} new memories "
                                                            "from {lines} lines"), session=sid, kept=kept, lines=lines)
        self._events.publish(EventKind.SYSTEM, "memory", text, session=sid, kept=kept, consolidated=True, **data)
        return kept

    def mark_dreamt_now(self) -> None:
        """A night with nothing to dream still counts as dreamt, so the schedule moves on."""
        stamp = str(self._clock())
        self._db.write(lambda c: meta.put(c, "last_dream", stamp))

    def next_due(self, hour: int) -> datetime:
        from app.core.dreaming import next_dream
        last = self.last_dream() or self._since  # never from "now": a wake-up just past the hour would skip it
        now = datetime.fromtimestamp(self._clock()).astimezone()
        return next_dream(now, hour, datetime.fromtimestamp(last).astimezone())
