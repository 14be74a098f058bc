"""Follow-ups across a restart: the attention gate's exchanges (whom she answered where, and when), kept in the
store's follow_ups table and given back to the gate on start. Only what is young enough to matter is kept: each
save drops rows past the follow-up window (or the cooldown, if longer), so a forgotten person leaves no trace
here for more than that."""

from __future__ import annotations

from collections.abc import Callable

from app.core.attention import FOLLOW_UP_SECONDS
from app.memory.database import Database
from app.memory.follow_up_store import FollowUpStore
from app.mind.attention_gate import AttentionGate


class FollowUps:
    def __init__(self, db: Database, gate: AttentionGate, clock: Callable[[], float]) -> None:
        self._store = FollowUpStore(db)
        self._gate = gate
        self._clock = clock

    def restore(self) -> int:
        """Hand the stored exchanges back to the gate (blocks; at start). Returns how many still matter."""
        return self._gate.restore(self._store.load())

    async def save(self) -> None:
        """The exchanges noted since the last save, in one transaction."""
        changed = self._gate.exchanges()
        if not changed:
            return
        oldest = self._clock() - max(FOLLOW_UP_SECONDS, self._gate.cooldown_seconds)
        await self._store.save(changed, older_than=oldest)
