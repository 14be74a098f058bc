"""The sliding window on disk: one row, written whole in one transaction, newest write sequence wins.

Every write carries a write sequence taken when its snapshot was built, not when it lands; the row keeps
only a strictly newer one, so a background flush, a post-handoff flush and the synchronous flush at shutdown
can land in any order. The sequence is read back at start and keeps rising across restarts.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from typing import Any

from app.memory.database import Connection, Database

_UPSERT = ("INSERT INTO context_window (id, write_seq, body, updated_at) VALUES (1, ?, ?, ?) "
           "ON CONFLICT(id) DO UPDATE SET write_seq = excluded.write_seq, body = excluded.body, "
           "updated_at = excluded.updated_at WHERE excluded.write_seq > context_window.write_seq")


class WindowStore:
    def __init__(self, db: Database) -> None:
        self._db = db
        row = db.read(lambda c: c.execute("SELECT write_seq, body FROM context_window WHERE id = 1").fetchone())
        self._stored = (row[0], json.loads(row[1])) if row else (0, None)
        self._seq = itertools.count(self._stored[0] + 1)
        self._lock = threading.Lock()

    def load(self) -> dict[str, Any] | None:
        return self._stored[1]

    @property
    def last_loaded_seq(self) -> int:
        return self._stored[0]

    def take_seq(self) -> int:
        with self._lock:
            return next(self._seq)

    @staticmethod
    def _write(seq: int, snapshot: dict[str, Any]):
        def run(c: Connection) -> bool:
            body = json.dumps(snapshot, ensure_ascii=False)  # encoded on the writer thread, not the loop
            return c.execute(_UPSERT, (seq, body, time.time())).rowcount > 0
        return run

    async def flush(self, seq: int, snapshot: dict[str, Any]) -> bool:
        """True when this write was newer than what the store holds, and so was kept."""
        return await self._db.awrite(self._write(seq, snapshot))

    def flush_sync(self, seq: int, snapshot: dict[str, Any]) -> bool:
        return self._db.write(self._write(seq, snapshot))
