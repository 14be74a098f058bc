"""The sliding window on disk: a header row and one row per entry, written as what changed, in one transaction.

1. A flush writes SingleContext.changes(): the entries written or revised since the last flush (INSERT OR
   REPLACE by seq), the seqs gone deleted, and the header (version, next_seq, evicted_tokens). A turn thus
   costs its own few rows, whatever the size of the window.
2. The whole window is rewritten (compaction) only when the window says so (a slide, a clear), on the first
   flush after start, and after a write that failed or was refused: the rows then match the window exactly.
3. Every write carries a write sequence taken with its changes, on the caller's thread, and goes to the one
   serialised writer at once, so writes land in the order they were taken. A write whose sequence is not newer
   than the one the header holds is refused whole (and the next flush compacts). The sequence is read back at
   start and keeps rising across restarts.
4. load() gives the window back as SingleContext.restore reads it: the recap first, then the rest by seq.
   Migration 11 (window_tables.split_snapshot) turned the old one-row snapshot into rows, so an old window loads the
   same.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.core.context_window import ROW, Changes, SingleContext
from app.memory.window_tables import PUT

if TYPE_CHECKING:
    from app.memory.database import Connection, Database

_HEADER = ("INSERT INTO context_window (id, write_seq, body, updated_at) VALUES (1, ?, ?, ?) "
           "ON CONFLICT(id) DO UPDATE SET write_seq = excluded.write_seq, body = excluded.body, "
           "updated_at = excluded.updated_at")
_ALL = f"SELECT {', '.join(ROW)} FROM window_entries ORDER BY kind != 'recap', seq"


class WindowStore:
    def __init__(self, db: Database, *, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock   # wall time: the header's updated_at

        def read(c: Connection) -> tuple[int, dict[str, Any] | None]:
            head = c.execute("SELECT write_seq, body FROM context_window WHERE id = 1").fetchone()
            if head is None:
                return 0, None
            return head[0], {**json.loads(head[1]), "fields": list(ROW),
                             "entries": [tuple(r) for r in c.execute(_ALL)]}

        self._stored = db.read(read)
        self._seq = itertools.count(self._stored[0] + 1)
        self._lock = threading.Lock()
        self._compact = True   # the first flush after start rewrites the window (rule 2)

    def load(self) -> dict[str, Any] | None:
        return self._stored[1]

    def take_seq(self) -> int:
        with self._lock:
            return next(self._seq)

    def _take(self, context: SingleContext) -> tuple[int, Changes]:
        """Rule 3: the sequence and the changes together, on the caller's thread."""
        with self._lock:
            seq = next(self._seq)
            changes = context.changes(full=self._compact)
            self._compact = False
            return seq, changes

    def _write(self, seq: int, changes: Changes):
        def run(c: Connection) -> bool:
            held = c.execute("SELECT write_seq FROM context_window WHERE id = 1").fetchone()
            if held is not None and held[0] >= seq:
                return False
            c.execute(_HEADER, (seq, json.dumps(changes.header), self._clock()))
            if changes.full:
                c.execute("DELETE FROM window_entries")
            elif changes.gone:
                c.executemany("DELETE FROM window_entries WHERE seq = ?", [(s,) for s in changes.gone])
            c.executemany(PUT, changes.rows)
            return True
        return run

    def _landed(self, kept: bool) -> bool:
        if not kept:
            self._compact = True
        return kept

    async def flush(self, context: SingleContext) -> bool:
        """True when the write was kept (rule 3); a write that fails makes the next one a compaction."""
        seq, changes = self._take(context)
        try:
            kept = await self._db.awrite(self._write(seq, changes))
        except BaseException:
            self._compact = True
            raise
        return self._landed(kept)

    def flush_sync(self, context: SingleContext) -> bool:
        seq, changes = self._take(context)
        try:
            kept = self._db.write(self._write(seq, changes))
        except BaseException:
            self._compact = True
            raise
        return self._landed(kept)
