"""Her mood as the app keeps it: the affect in the store (aged on read), its history, and who moved her.

Decisions are app.core.affect's; this module reads and writes them. The affect is stored as it was when it
last changed and decays on every read, so a restart comes back correctly aged. In a busy room the change is
the room's; one clear author who moved her far enough is recorded (moved_by) and returned by feel(), and the
mind hands them to the People skill, which marks them and so mints their card (seed 004, Mood).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence

from app.core import affect as aff
from app.core.events import EventBus, EventKind
from app.core.mind_words import moved_words
from app.core.words import said
from app.memory.database import Connection, Database

HISTORY_HOURS = 6.0


class MoodKeeper:
    def __init__(self, db: Database, events: EventBus, half_life_s: Callable[[], float],
                 clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._events = events
        self._half_life = half_life_s
        self._clock = clock
        since = clock() - HISTORY_HOURS * 3600
        rows = db.read(lambda c: c.execute(
            "SELECT ts, valence, arousal FROM affect_samples WHERE ts >= ? ORDER BY ts", (since,)).fetchall())
        last = db.read(lambda c: c.execute(
            "SELECT ts, valence, arousal FROM affect_samples ORDER BY ts DESC LIMIT 1").fetchone())
        self.stored = aff.Affect(last[1], last[2], last[0]) if last else aff.Affect(*aff.REST, clock())
        self._history = [tuple(r) for r in rows]
        self._pending: set[asyncio.Task] = set()

    def current(self) -> aff.Affect:
        return aff.decay(self.stored, self._clock(), self._half_life())

    def history(self) -> list[tuple[float, float, float]]:
        return list(self._history)

    def describe(self) -> str:
        return aff.describe(self.stored, self._clock(), self._half_life())

    def feel(self, mood: str, authors: Sequence[str | None]) -> str | None:
        """She said something in `mood`. Returns who moved her, when one clear person did."""
        now = self._clock()
        before = aff.decay(self.stored, now, self._half_life())
        after = aff.feel(self.stored, mood, now, half_life_s=self._half_life())
        if after == aff.Affect(before.valence, before.arousal, now):
            return None  # a word with no place on the map changes nothing
        self.stored = after
        self._history.append((now, after.valence, after.arousal))
        who = aff.attribute(authors)
        mover = who if who is not None and aff.moved(before, after, half_life_s=self._half_life()) else None
        word = aff.mood_word(after)
        moved_far = aff.distance(before.point, after.point)
        self._write(lambda c: self._insert(c, now, after, word, who, mover, moved_far))
        if mover is not None:
            words, args = moved_words(word)
            _text, data = said(words, **args)
            self._events.publish(EventKind.SYSTEM, "mood", f"someone really moved her: she feels {word}",
                                 identity=mover, mood=word, **data)
        return mover

    @staticmethod
    def _insert(c: Connection, now: float, after: aff.Affect, word: str, who: str | None,
                mover: str | None, moved_far: float) -> None:
        c.execute("INSERT INTO affect_samples (ts, valence, arousal, mood, cause) VALUES (?, ?, ?, ?, ?)",
                  (now, after.valence, after.arousal, word, who or "the room"))
        if mover is not None:
            c.execute("INSERT INTO moved_by (identity, ts, distance) VALUES (?, ?, ?)", (mover, now, moved_far))

    def _write(self, fn: Callable[[Connection], None]) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no running loop (a synchronous caller): write in place
            self._db.write(fn)
            return
        task = asyncio.ensure_future(self._db.awrite(fn))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def settle(self) -> None:
        """Wait for samples still being written (at stop)."""
        if self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)

    def moved_by(self, identity: str) -> int:
        return self._db.read(lambda c: c.execute(
            "SELECT count(*) FROM moved_by WHERE identity = ?", (identity,)).fetchone()[0])
