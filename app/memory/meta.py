"""The meta table: small facts the app keeps by key (where the dreamer got to, when the self-test last wrote),
read and written inside a caller's transaction."""

from __future__ import annotations

from app.memory.database import Connection

_PUT = "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"


def get(c: Connection, key: str, default: str = "") -> str:
    row = c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else default


def put(c: Connection, key: str, value: str) -> None:
    c.execute(_PUT, (key, value))
