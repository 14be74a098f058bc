"""What the chat triage held against each person, kept so a repeat offender is still marked on their
tally card after a restart: per account and kind, how many times and when first and last. Never the words of a
line. Clearing the mark deletes their rows; forgetting the account deletes them too (a trigger, migration 15)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from app.core.failures import summary
from app.memory.database import Connection, Database

log = logging.getLogger(__name__)

_NOTE = ("INSERT INTO offences (identity, kind, count, first_at, last_at) VALUES (?, ?, 1, ?, ?) "
         "ON CONFLICT (identity, kind) DO UPDATE SET count = count + 1, last_at = excluded.last_at")


class OffenceStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    def load(self) -> dict[str, dict[str, int]]:
        """Every account's counts, kind by kind (read once at start)."""
        counts: dict[str, dict[str, int]] = {}
        for identity, kind, count in self._db.read(lambda c: c.execute(
                "SELECT identity, kind, count FROM offences").fetchall()):
            counts.setdefault(identity, {})[kind] = count
        return counts

    @staticmethod
    def _note(identity: str, kind: str, ts: float) -> Callable[[Connection], object]:
        return lambda c: c.execute(_NOTE, (identity, kind, ts, ts))

    def record(self, identity: str, kind: str, ts: float) -> None:
        """One more offence of this kind (off the loop: a CLI, a test)."""
        self._db.write(self._note(identity, kind, ts))

    async def arecord(self, identity: str, kind: str, ts: float) -> None:
        """One more offence of this kind, from the loop; a store that fails only loses this count."""
        try:
            await self._db.awrite(self._note(identity, kind, ts))
        except Exception as exc:
            log.warning("an offence could not be kept: %s", summary(exc))

    def clear(self, identity: str) -> None:
        self._db.write(lambda c: c.execute("DELETE FROM offences WHERE identity = ?", (identity,)))
