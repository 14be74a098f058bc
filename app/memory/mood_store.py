"""Her mood in the store: every affect sample (when, where on the map, the mood word, who caused it) and every
person who moved her far enough (moved_by). The decisions are app.core.affect's; app.mind.mood keeps them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.memory.database import Connection, Database


@dataclass(frozen=True)
class Sample:
    ts: float
    valence: float
    arousal: float
    mood: str
    cause: str            # who moved her, or "the room"
    mover: str | None     # one clear author who moved her far: recorded in moved_by too
    distance: float       # how far she moved on the map


class MoodStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    def since(self, ts: float) -> list[tuple[float, float, float]]:
        """(ts, valence, arousal) of the samples from ts on, oldest first."""
        return [tuple(r) for r in self._db.read(lambda c: c.execute(
            "SELECT ts, valence, arousal FROM affect_samples WHERE ts >= ? ORDER BY ts", (ts,)).fetchall())]

    def last(self) -> tuple[float, float, float] | None:
        """(ts, valence, arousal) of the newest sample, if any."""
        row = self._db.read(lambda c: c.execute(
            "SELECT ts, valence, arousal FROM affect_samples ORDER BY ts DESC LIMIT 1").fetchone())
        return tuple(row) if row else None

    @staticmethod
    def _insert(sample: Sample) -> Callable[[Connection], None]:
        def run(c: Connection) -> None:
            c.execute("INSERT INTO affect_samples (ts, valence, arousal, mood, cause) VALUES (?, ?, ?, ?, ?)",
                      (sample.ts, sample.valence, sample.arousal, sample.mood, sample.cause))
            if sample.mover is not None:
                c.execute("INSERT INTO moved_by (identity, ts, distance) VALUES (?, ?, ?)",
                          (sample.mover, sample.ts, sample.distance))
        return run

    def record(self, sample: Sample) -> None:
        """One sample, written now (off the loop: a synchronous caller)."""
        self._db.write(self._insert(sample))

    async def arecord(self, sample: Sample) -> None:
        """One sample, written from the loop."""
        await self._db.awrite(self._insert(sample))

    def moved_by(self, identity: str) -> int:
        """How many times this person moved her far enough."""
        return self._db.read(lambda c: c.execute(
            "SELECT count(*) FROM moved_by WHERE identity = ?", (identity,)).fetchone()[0])
