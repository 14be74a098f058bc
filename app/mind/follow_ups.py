"""Follow-ups across a restart: the attention gate's exchanges (whom she answered where, and when), kept in the
store's follow_ups table and given back to the gate on start. Only what is young enough to matter is kept: each
save drops rows past the follow-up window (or the cooldown, if longer), so a forgotten person leaves no trace
here for more than that."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from app.core.attention import FOLLOW_UP_SECONDS
from app.memory.database import Connection, Database
from app.mind.attention_gate import AttentionGate


class FollowUps:
    def __init__(self, db: Database, gate: AttentionGate, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._gate = gate
        self._clock = clock

    def restore(self) -> int:
        """Hand the stored exchanges back to the gate (blocks; at start). Returns how many still matter."""
        rows = self._db.read(lambda c: c.execute("SELECT conversation, spoke_at, exchange FROM follow_ups")
                             .fetchall())
        return self._gate.restore((key, spoke_at, json.loads(who)) for key, spoke_at, who in rows)

    async def save(self) -> None:
        """The exchanges noted since the last save, in one transaction."""
        changed = self._gate.exchanges()
        if not changed:
            return
        oldest = self._clock() - max(FOLLOW_UP_SECONDS, self._gate.cooldown_seconds)

        def run(c: Connection) -> None:
            c.executemany("INSERT INTO follow_ups (conversation, spoke_at, exchange) VALUES (?, ?, ?) "
                          "ON CONFLICT (conversation) DO UPDATE SET spoke_at = excluded.spoke_at, "
                          "exchange = excluded.exchange",
                          [(key, at, json.dumps(sorted(who))) for key, at, who in changed])
            c.execute("DELETE FROM follow_ups WHERE spoke_at < ?", (oldest,))
        await self._db.awrite(run)
