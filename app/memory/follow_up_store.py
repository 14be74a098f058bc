"""The attention gate's exchanges kept across a restart (follow_ups): per conversation, when she last spoke there
and with whom. app.mind.follow_ups decides what to keep."""

from __future__ import annotations

import json
from collections.abc import Iterable

from app.memory.database import Connection, Database

Exchange = tuple[str, float, list[str]]   # conversation, when she spoke, the identities she answered


class FollowUpStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    def load(self) -> list[Exchange]:
        rows = self._db.read(lambda c: c.execute("SELECT conversation, spoke_at, exchange FROM follow_ups")
                             .fetchall())
        return [(key, spoke_at, json.loads(who)) for key, spoke_at, who in rows]

    async def save(self, changed: Iterable[tuple[str, float, Iterable[str]]], older_than: float) -> None:
        """The exchanges given, and the rows past `older_than` dropped, in one transaction."""
        rows = [(key, at, json.dumps(sorted(who))) for key, at, who in changed]

        def run(c: Connection) -> None:
            c.executemany("INSERT INTO follow_ups (conversation, spoke_at, exchange) VALUES (?, ?, ?) "
                          "ON CONFLICT (conversation) DO UPDATE SET spoke_at = excluded.spoke_at, "
                          "exchange = excluded.exchange", rows)
            c.execute("DELETE FROM follow_ups WHERE spoke_at < ?", (older_than,))
        await self._db.awrite(run)
