"""The sliding window's tables (app.memory.window_store), for migration 11, and that migration's step."""

from __future__ import annotations

import json
from typing import Any

from app.core.context_window import ROW

WINDOW_TABLES = (
    "CREATE TABLE window_entries (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, text TEXT NOT NULL, "
    "conversation TEXT NOT NULL, mood TEXT NOT NULL, platform TEXT NOT NULL, channel TEXT NOT NULL, "
    "ts REAL NOT NULL, author TEXT NOT NULL)",
)
PUT = f"INSERT OR REPLACE INTO window_entries ({', '.join(ROW)}) VALUES ({', '.join('?' * len(ROW))})"


def split_snapshot(conn: Any) -> None:
    """Migration 11: the one-row snapshot becomes a header and a row per entry (rule 4)."""
    found = conn.execute("SELECT body FROM context_window WHERE id = 1").fetchone()
    if found is None:
        return
    data = json.loads(found[0])
    fields = data.get("fields", ROW)
    rows = [dict(zip(fields, r, strict=True)) for r in data.get("entries", [])]
    conn.executemany(PUT, [tuple(r.get(name, "") for name in ROW) for r in rows])
    header = {k: data[k] for k in ("version", "next_seq", "evicted_tokens") if k in data}
    conn.execute("UPDATE context_window SET body = ? WHERE id = 1", (json.dumps(header),))
