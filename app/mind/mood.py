"""Her mood as the app keeps it: the affect in the store (aged on read), its history, and who moved her.

Decisions are app.core.affect's; this module reads and writes them. The affect is stored as it was when it
last changed and decays on every read, so a restart comes back correctly aged. In a busy room the change is
the room's; one clear author who moved her far enough is recorded (moved_by) and returned by feel(), and the
mind hands them to the People skill, which marks them and so mints their card (seed 004, Mood).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from app.core import affect as aff
from app.core.events import EventBus, EventKind
from app.core.her_words import HerWords
from app.core.mind_words import moved_words
from app.core.words import said
from app.memory.database import Database
from app.memory.mood_store import MoodStore, Sample
from app.process.tasks import spawn

HISTORY_HOURS = 6.0


class MoodKeeper:
    def __init__(self, db: Database, events: EventBus, half_life_s: Callable[[], float],
                 clock: Callable[[], float]) -> None:
        self._events = events
        self._half_life = half_life_s
        self._clock = clock
        self._store = MoodStore(db)
        last = self._store.last()
        self.stored = aff.Affect(last[1], last[2], last[0]) if last else aff.Affect(*aff.REST, clock())
        self._history = self._store.since(clock() - HISTORY_HOURS * 3600)
        self._pending: set[asyncio.Task] = set()

    def current(self) -> aff.Affect:
        return aff.decay(self.stored, self._clock(), self._half_life())

    def history(self) -> list[tuple[float, float, float]]:
        return list(self._history)

    def describe(self, her: HerWords) -> str:
        return aff.describe(self.stored, her, self._clock(), self._half_life())

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
        self._write(Sample(now, after.valence, after.arousal, word, who or "the room", mover, moved_far))
        if mover is not None:
            words, args = moved_words(word)
            _text, data = said(words, **args)
            self._events.publish(EventKind.SYSTEM, "mood", f"someone really moved her: she feels {word}",
                                 identity=mover, mood=word, **data)
        return mover

    def _write(self, sample: Sample) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no running loop (a synchronous caller): write in place
            self._store.record(sample)
            return
        spawn(self._store.arecord(sample), held=self._pending)

    async def settle(self) -> None:
        """Wait for samples still being written (at stop)."""
        if self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)

    def moved_by(self, identity: str) -> int:
        return self._store.moved_by(identity)
