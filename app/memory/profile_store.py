"""What the profiler reads and keeps: the lines a person said to her (from the stream's messages, flagged ones
left out) and how many lines each person had when last profiled (profiled)."""

from __future__ import annotations

from app.memory.database import Database


class ProfileStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    def profiled(self) -> dict[str, int]:
        """Per person, how many lines they had when last profiled (read once at start)."""
        return dict(self._db.read(lambda c: c.execute("SELECT identity, lines FROM profiled").fetchall()))

    async def heard_count(self, identity: str) -> int:
        return await self._db.aread(lambda c: c.execute(
            "SELECT count(*) FROM messages WHERE author = ? AND kind = 'heard'", (identity,)).fetchone()[0])

    async def heard_lines(self, identity: str, limit: int) -> list[str]:
        """Their last `limit` lines not flagged by a moderator, oldest first."""
        lines = await self._db.aread(lambda c: [r[0] for r in c.execute(
            "SELECT text FROM messages WHERE author = ? AND kind = 'heard' AND flagged = 0 "
            "ORDER BY id DESC LIMIT ?", (identity, limit))])
        return list(reversed(lines))

    async def mark(self, identity: str, lines: int, ts: float) -> None:
        await self._db.awrite(lambda c: c.execute(
            "INSERT INTO profiled (identity, lines, ts) VALUES (?, ?, ?) ON CONFLICT (identity) DO UPDATE "
            "SET lines = excluded.lines, ts = excluded.ts", (identity, lines, ts)))
