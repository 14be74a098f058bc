"""The dreamer: overnight (or on demand) a session's lines become memories and self-lore, written by the
background pool; her own words are stored with source=bea, so they never come back as facts."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from app.core.chat import Message
from app.core.dreaming import read_dream
from app.core.events import EventBus, EventKind
from app.core.words import QT_TRANSLATE_NOOP, said
from app.memory.database import Connection, Database
from app.memory.prompt_store import shipped_prompt
from app.memory.stream import STREAM_LIMIT, Stream
from app.senses.llm.base import CallOptions

log = logging.getLogger(__name__)

DREAM_PROMPT = shipped_prompt("dream")   # in English; the mind hands the one in the streamer's language


def _meta_get(c: Connection, key: str, default: str = "") -> str:
    row = c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else default


def _meta_set(c: Connection, key: str, value: str) -> None:
    c.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
              (key, value))


class Dreamer:
    def __init__(self, db: Database, stream: Stream, memories: Callable[[], Any], pool: Callable[[], Any],
                 events: EventBus, clock: Callable[[], float] = time.time,
                 prompt: Callable[[], str] = lambda: DREAM_PROMPT) -> None:
        self._prompt = prompt
        self._db = db
        self._stream = stream
        self._memories = memories
        self._pool = pool
        self._events = events
        self._clock = clock
        self._since = clock()   # no dream yet: the first is the first dream hour after this start
        self.running = False
        # cards: a PERSON line about someone with a card becomes a fact on it (the People skill's hook)
        self.person_fact: Callable[[str], object] | None = None

    def overflows(self) -> int:
        return int(self._db.read(lambda c: _meta_get(c, "stream_overflow", "0")))

    def last_dream(self) -> float | None:
        value = self._db.read(lambda c: _meta_get(c, "last_dream"))
        return float(value) if value else None

    def undreamt_sessions(self) -> list[int]:
        """The sessions with lines not dreamt yet (the open one included), oldest first, among the last 20."""
        waiting = []
        for sid, *_rest in self._stream.sessions(limit=20):
            done = self._db.read(lambda c, sid=sid: _meta_get(c, f"dreamt:{sid}"))
            if not done and self._stream.count(sid):
                waiting.append(sid)
        return waiting[::-1]

    def undreamt_session(self) -> int | None:
        """The newest session with lines that has not been dreamt yet (the open one included)."""
        waiting = self.undreamt_sessions()
        return waiting[-1] if waiting else None

    async def dream(self, session_id: int | None = None) -> int:
        """Consolidate one session, or by default every undreamt one, oldest first (a stream that ended must
        not wait another night because something opened a newer session since). Returns how many memories
        it kept."""
        sids = [session_id] if session_id is not None else self.undreamt_sessions()
        store = self._memories()
        if not sids or store is None or self.running:
            return 0
        self.running = True
        try:
            kept = 0
            for sid in sids:
                kept += await self._dream(sid, store)
            return kept
        finally:
            self.running = False

    async def _dream(self, sid: int, store: Any) -> int:
        loop = asyncio.get_running_loop()
        total = await loop.run_in_executor(None, self._stream.count, sid)
        lines = await loop.run_in_executor(None, self._stream.session_lines, sid, STREAM_LIMIT)
        if total > STREAM_LIMIT:
            log.warning("session %d has %d lines; the dream reads the newest %d", sid, total, STREAM_LIMIT)
            await self._db.awrite(lambda c: _meta_set(c, "stream_overflow",
                                                      str(int(_meta_get(c, "stream_overflow", "0")) + 1)))
        transcript = "\n".join(("Bea: " if ln.kind != "heard" else "") + ln.text for ln in lines if not ln.flagged)
        answer = await self._pool().complete([Message.system(self._prompt()), Message.user(transcript)],
                                             options=CallOptions(max_tokens=800, temperature=0.3))
        items = read_dream(answer.text, sid)
        kept = 0
        for item in items:
            new = await loop.run_in_executor(None, lambda i=item: store.remember(i.text, i.source, i.scope,
                                                                               session_id=sid))
            kept += new is not None
            if item.source == "person" and self.person_fact is not None:
                await loop.run_in_executor(None, self.person_fact, item.text)
        stamp = str(self._clock())
        await self._db.awrite(lambda c: (_meta_set(c, f"dreamt:{sid}", stamp), _meta_set(c, "last_dream", stamp)))
        text, data = said(QT_TRANSLATE_NOOP("activity", "she dreamt session {session}: {kept} new memories from "
                                                        "{lines} lines"), session=sid, kept=kept, lines=len(lines))
        self._events.publish(EventKind.SYSTEM, "memory", text, session=sid, kept=kept, **data)
        return kept

    def mark_dreamt_now(self) -> None:
        """A night with nothing to dream still counts as dreamt, so the schedule moves on."""
        stamp = str(self._clock())
        self._db.write(lambda c: _meta_set(c, "last_dream", stamp))

    def next_due(self, hour: int) -> datetime:
        from app.core.dreaming import next_dream
        last = self.last_dream() or self._since  # never from "now": a wake-up just past the hour would skip it
        now = datetime.fromtimestamp(self._clock()).astimezone()
        return next_dream(now, hour, datetime.fromtimestamp(last).astimezone())
